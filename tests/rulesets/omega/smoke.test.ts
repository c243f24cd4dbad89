/**
 * Smoke: a generated omega level plays 300 random steps without throwing, and two runs with the
 * same seed and actions end in the same world.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../src/core/actions.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { DIRECTIONS, serializeWorld, type World } from '../../../src/core/world.ts';
import { player } from '../../../src/core/level.ts';

/** A small deterministic generator for the actions (independent of the game's streams). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function randomAction(w: World, r: () => number): Action {
  const [dx, dy] = DIRECTIONS[Math.floor(r() * 8)]!;
  const pick = r();
  if (pick < 0.6) return { type: 'move', dx, dy, confirm: true };
  if (pick < 0.7) return { type: 'search' };
  if (pick < 0.78) return { type: 'disarm', dx, dy };
  if (pick < 0.84) {
    const options = getRuleset('omega').rigOptions(w, player(w)).filter((o) => o.available);
    if (options.length > 0) return { type: 'rig', what: options[Math.floor(r() * options.length)]!.id, dx, dy };
    return { type: 'wait' };
  }
  if (pick < 0.88) return { type: 'trigger' };
  if (pick < 0.92) return { type: 'open', dx, dy };
  if (pick < 0.94) return { type: 'descend' };
  return { type: 'wait' };
}

function play(seed: string, settings: Record<string, string | number | boolean> = {}): { world: World; steps: number } {
  const w = newGame({ seed, ruleset: 'omega', settings });
  const r = lcg(12345);
  let steps = 0;
  for (let n = 0; n < 300 && !w.over; n++) {
    step(w, randomAction(w, r));
    steps++;
  }
  return { world: w, steps };
}

describe('omega smoke', () => {
  it('plays 300 random steps of a generated level without throwing', () => {
    const { world, steps } = play('omega-smoke');
    // Either all 300 steps were played or the game ended on the way.
    expect(steps === 300 || world.over !== null).toBe(true);
    expect(world.ruleset).toBe('omega');
    // A dense level exercises many traps on the way.
    const dense = play('omega-dense', { trapRate: 100, hp: 1000, environment: 'castle' });
    expect(dense.steps === 300 || dense.world.over !== null).toBe(true);
  });

  it('the same seed and actions give the same world', () => {
    const a = play('omega-same', { trapRate: 60 });
    const b = play('omega-same', { trapRate: 60 });
    expect(serializeWorld(a.world)).toBe(serializeWorld(b.world));
  });
});
