/**
 * A long game recorded in Node for a ruleset: the fuzz's player (moves, searches, disarms, rigs,
 * doors, pickups, stairs), seeds tried in order until one lasts `actions` accepted actions.
 * Deterministic: the same arguments give the same file.
 */
import type { ReplayFile } from '../../../src/share/format.ts';
import { record } from '../../../src/share/replay.ts';
import { validAction } from '../../fuzz/actions.ts';
import { prng } from '../../share/randomGame.ts';

export function longGame(ruleset: string, actions: number, tries = 40): ReplayFile {
  for (let k = 0; k < tries; k++) {
    const rec = record({ seed: `determinism-${ruleset}-${k}`, ruleset });
    const rand = prng(k + 1);
    for (let n = 0; n < actions * 4 && rec.actions.length < actions && !rec.world.over; n++) rec.step(validAction(rec.world, rand));
    if (rec.actions.length >= actions) return rec.file();
  }
  throw new Error(`no seed among determinism-${ruleset}-0..${tries - 1} gives a ${ruleset} game of ${actions} actions`);
}
