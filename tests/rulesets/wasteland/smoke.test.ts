/**
 * A generated wasteland level: traps laid out by the ruleset's placement, 300 random steps without
 * a throw, the same seed and actions giving the same world, and every step's events replaying onto
 * the world before it to give the world after it.
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../src/core/actions.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import { chebyshev, deserializeWorld, serializeWorld, Terrain, type World } from '../../../src/core/world.ts';
import { applyEvents } from '../../../src/core/level.ts';

/** A small deterministic generator for the test's random actions (not the game's RNG). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function randomActions(n: number, seed: number): Action[] {
  const rnd = lcg(seed);
  const dir = () => Math.floor(rnd() * 3) - 1;
  const kinds = ['caltrops', 'bear_trap', 'mine'];
  const out: Action[] = [];
  for (let i = 0; i < n; i++) {
    const k = rnd();
    if (k < 0.6) out.push({ type: 'move', dx: dir(), dy: dir(), confirm: rnd() < 0.7 });
    else if (k < 0.7) out.push({ type: 'wait' });
    else if (k < 0.76) out.push({ type: 'search' });
    else if (k < 0.84) out.push({ type: 'disarm', dx: 0, dy: 0 });
    else if (k < 0.92) out.push({ type: 'rig', what: kinds[Math.floor(rnd() * 3)]!, dx: dir(), dy: dir() });
    else if (k < 0.96) out.push({ type: 'open', dx: dir(), dy: dir() });
    else out.push({ type: 'pickup' });
  }
  return out;
}

function play(seed: string, actions: Action[], settings = {}): { world: World; replayOk: boolean; seen: Record<string, number> } {
  const world = newGame({ seed, ruleset: 'wasteland', settings });
  let replayOk = true;
  const seen: Record<string, number> = {};
  // Every action is stepped, also after the end of the game (then refused), so all 300 calls happen.
  for (const action of actions) {
    const before = serializeWorld(world);
    const { events } = step(world, action);
    for (const e of events) seen[e.type] = (seen[e.type] ?? 0) + 1;
    const replayed = deserializeWorld(before);
    applyEvents(replayed, events);
    if (serializeWorld(replayed) !== serializeWorld(world)) replayOk = false;
  }
  return { world, replayOk, seen };
}

describe('wasteland: a generated level', () => {
  it('lays out a sensible number of traps, spread out, on plain floor away from the stairs', () => {
    const w = newGame({ seed: 'wl-place', ruleset: 'wasteland' });
    let floor = 0;
    for (const t of w.terrain) if (t === Terrain.Floor) floor++;
    expect(w.traps.length).toBeGreaterThanOrEqual(3);
    expect(w.traps.length).toBeLessThanOrEqual(Math.max(3, Math.round(floor / 100)));
    for (const t of w.traps) {
      expect(['caltrops', 'bear_trap', 'mine']).toContain(t.kind);
      expect(w.terrain[t.y * w.width + t.x]).toBe(Terrain.Floor);
      expect(chebyshev(t.x, t.y, w.stairsUp[0], w.stairsUp[1])).toBeGreaterThan(2);
      for (const u of w.traps) if (u !== t) expect(chebyshev(t.x, t.y, u.x, u.y)).toBeGreaterThan(1);
    }
    const set = newGame({ seed: 'wl-place', ruleset: 'wasteland', settings: { trapsPerLevel: 7 } });
    expect(set.traps).toHaveLength(7);
  });

  it('plays 300 random steps without throwing; the same seed and actions give the same world', () => {
    const actions = randomActions(300, 8);
    const a = play('wl-smoke', actions);
    const b = play('wl-smoke', actions);
    expect(serializeWorld(a.world)).toBe(serializeWorld(b.world));
    expect(a.replayOk).toBe(true);
    expect(a.world.turn).toBeGreaterThan(0);
  });

  it('with a tougher hero and every optional rule on, traps are placed, entered and sprung, and all stays replayable', () => {
    const settings = { heroHp: 999, rollOnLeave: true, rollBeforeFight: true, monsterDetectors: 'clever', heroActions: 3 };
    const actions = randomActions(300, 99);
    const a = play('wl-smoke-2', actions, settings);
    const b = play('wl-smoke-2', actions, settings);
    expect(serializeWorld(a.world)).toBe(serializeWorld(b.world));
    expect(a.replayOk).toBe(true);
    expect(a.world.over).toBeNull();
    expect(a.seen.rigAttempted ?? 0).toBeGreaterThan(0);
    expect((a.seen.trapTriggered ?? 0) + (a.seen.trapAvoided ?? 0)).toBeGreaterThan(0);
  });
});
