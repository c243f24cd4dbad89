/**
 * Smoke: 300 random steps of a generated cdda level never throw, and the same seed and actions
 * give the same world.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../src/core/actions.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import { Stream } from '../../../src/core/rng.ts';
import { DIRECTIONS, serializeWorld, type World } from '../../../src/core/world.ts';
import { ruleset } from '../../../src/rulesets/cdda/index.ts';
import { player } from '../../../src/core/level.ts';

function randomAction(w: World, r: Stream): Action {
  const [dx, dy] = DIRECTIONS[r.int(0, 7)]!;
  const roll = r.int(0, 19);
  if (roll === 0) return { type: 'search' };
  if (roll === 1) return { type: 'disarm', dx, dy };
  if (roll === 2) {
    const options = ruleset.rigOptions(w, player(w)).filter((o) => o.available);
    if (options.length > 0) return { type: 'rig', what: options[r.int(0, options.length - 1)]!.id, dx, dy };
  }
  if (roll === 3) return { type: 'wait' };
  if (roll === 4) return { type: 'pickup' };
  return { type: 'move', dx, dy, confirm: true };
}

function play(seed: string): { text: string; steps: number } {
  const w = newGame({ seed, ruleset: 'cdda' });
  const r = Stream.fromSeed(12345);
  let steps = 0;
  for (; steps < 300 && !w.over; steps++) step(w, randomAction(w, r));
  return { text: serializeWorld(w), steps };
}

describe('cdda smoke', () => {
  it('plays 300 random steps without throwing and replays identically', () => {
    const a = play('cdda-smoke');
    const b = play('cdda-smoke');
    expect(a.steps).toBeGreaterThan(0);
    expect(a.text).toBe(b.text);
  });

  it('a generated level carries a sensible number of cdda traps', () => {
    const w = newGame({ seed: 'cdda-traps', ruleset: 'cdda' });
    const kinds = new Set(ruleset.traps.map((t) => t.id));
    expect(w.traps.length).toBeGreaterThan(3);
    for (const t of w.traps) expect(kinds.has(t.kind)).toBe(true);
  });
});
