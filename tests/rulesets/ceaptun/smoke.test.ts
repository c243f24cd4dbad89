/** 300 random steps of a generated level: nothing throws, a seed replays exactly, events rebuild the world. */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../src/core/actions.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import { cloneWorld, DIRECTIONS, serializeWorld, type World } from '../../../src/core/world.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { applyEvents } from '../../../src/core/level.ts';

/** A small seeded generator for the test's own choices (not the game's streams). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomActions(n: number, seed: number): Action[] {
  const r = lcg(seed);
  const out: Action[] = [];
  for (let i = 0; i < n; i++) {
    const [dx, dy] = DIRECTIONS[Math.floor(r() * 8)]!;
    const k = r();
    if (k < 0.6) out.push({ type: 'move', dx, dy, confirm: r() < 0.5 });
    else if (k < 0.68) out.push({ type: 'search' });
    else if (k < 0.74) out.push({ type: 'disarm', dx, dy });
    else if (k < 0.8) out.push({ type: 'rig', what: ['tripwire', 'stakes', 'pitfall'][Math.floor(r() * 3)]!, dx, dy });
    else if (k < 0.85) out.push({ type: 'open', dx, dy });
    else if (k < 0.88) out.push({ type: 'close', dx, dy });
    else if (k < 0.92) out.push({ type: 'kick', dx, dy });
    else if (k < 0.95) out.push({ type: 'pickup' });
    else if (k < 0.97) out.push({ type: 'descend' });
    else out.push({ type: 'wait' });
  }
  return out;
}

/** A level with many more traps than usual, so random play meets them often. */
const CROWDED = { trapsPerLevel: 25, doorTrapChance: 0.5, chestTrapChance: 1 };

function play(seed: string, actions: Action[], checkReplay: boolean, settings?: Record<string, number>): { world: World; taken: number } {
  const w = settings ? newGame({ seed, ruleset: 'ceaptun', settings }) : newGame({ seed, ruleset: 'ceaptun' });
  let taken = 0;
  for (const a of actions) {
    if (w.over) break;
    const before = checkReplay ? cloneWorld(w) : null;
    const r = step(w, a);
    if (!r.refused) taken++;
    if (before) {
      applyEvents(before, r.events);
      expect(serializeWorld(before)).toBe(serializeWorld(w));
    }
    for (const line of ruleset.hud(w, w.actors.find((x) => x.id === w.playerId)!)) expect(typeof line.value).toBe('string');
  }
  return { world: w, taken };
}

describe('ceaptun smoke', () => {
  it('plays 300 random steps without throwing; the events rebuild each step\'s world', () => {
    for (const [seed, n, settings] of [['smoke-1', 1, undefined], ['smoke-2', 2, CROWDED]] as const) {
      const { taken } = play(seed, randomActions(300, n), true, settings);
      expect(taken).toBeGreaterThan(50);
    }
  });

  it('the same seed and actions give the same world', () => {
    const actions = randomActions(300, 3);
    const a = play('smoke-3', actions, false, CROWDED).world;
    const b = play('smoke-3', actions, false, CROWDED).world;
    expect(a.turn).toBeGreaterThan(0);
    expect(serializeWorld(a)).toBe(serializeWorld(b));
  });
});
