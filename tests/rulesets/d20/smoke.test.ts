import { describe, expect, it } from 'vitest';
import type { Action } from '../../../src/core/actions.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import { cloneWorld, serializeWorld, type World } from '../../../src/core/world.ts';
import { applyEvents } from '../../../src/core/level.ts';

/** A tiny seeded generator for the test's own random actions (mulberry32). */
function actionsFor(seed: number, count: number): Action[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const dir = () => Math.floor(next() * 3) - 1;
  const out: Action[] = [];
  for (let i = 0; i < count; i++) {
    const r = next();
    if (r < 0.6) out.push({ type: 'move', dx: dir() || 1, dy: dir(), confirm: next() < 0.5 });
    else if (r < 0.7) out.push({ type: 'search' });
    else if (r < 0.76) out.push({ type: 'disarm', dx: dir(), dy: dir() });
    else if (r < 0.8) out.push({ type: 'rig', what: next() < 0.5 ? 'spear' : 'reset', dx: dir(), dy: dir() });
    else if (r < 0.86) out.push({ type: 'open', dx: dir(), dy: dir() });
    else if (r < 0.9) out.push({ type: 'kick', dx: dir(), dy: dir() });
    else if (r < 0.93) out.push({ type: 'pickup' });
    else if (r < 0.95) out.push({ type: 'trigger' });
    else if (r < 0.97) out.push({ type: 'descend' });
    else out.push({ type: 'wait' });
  }
  return out;
}

function play(seed: string, actions: Action[], checkEvents: boolean): World {
  const w = newGame({ seed, ruleset: 'd20' });
  for (const a of actions) {
    if (w.over) break;
    const before = checkEvents ? cloneWorld(w) : null;
    const r = step(w, a);
    if (before) {
      // Every change went through an event: replaying them onto the old world gives the new one.
      applyEvents(before, r.events);
      expect(serializeWorld(before)).toBe(serializeWorld(w));
    }
  }
  return w;
}

describe('d20 smoke', () => {
  it('plays 300 random steps of a generated level without throwing, only through events', () => {
    const w = play('smoke-1', actionsFor(1, 300), true);
    expect(w.ruleset).toBe('d20');
    expect(w.turn).toBeGreaterThan(0);
  });

  it('two runs with the same seed and actions give the same world', () => {
    const actions = actionsFor(7, 300);
    const a = play('smoke-7', actions, false);
    const b = play('smoke-7', actions, false);
    expect(serializeWorld(a)).toBe(serializeWorld(b));
  });

  it('places traps of the level CR on generated levels, on floor, doors and chests', () => {
    const hosts = new Set<string>();
    for (const seed of ['p1', 'p2', 'p3', 'p4', 'p5']) {
      const w = newGame({ seed, ruleset: 'd20' });
      expect(w.level.cr).toBe(1);
      expect(w.traps.length).toBeGreaterThanOrEqual(4);
      for (const t of w.traps) hosts.add(t.host.kind);
    }
    expect(hosts.has('floor')).toBe(true);
    expect(hosts.has('chest')).toBe(true);
  });
});
