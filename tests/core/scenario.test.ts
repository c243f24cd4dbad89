import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import { scenario } from '../support/scenario.ts';
import { player } from '../../src/core/level.ts';

describe('scenario maps with the test ruleset', () => {
  it('a spike trap hurts whoever steps on it and becomes known when seen', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }] });
    const before = player(w).hp;
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(player(w).x).toBe(2);
    expect(player(w).hp).toBeLessThan(before);
    expect(w.traps[0]!.knownBy).toContain(1);
  });

  it('stepping onto a known trap asks for confirmation and changes nothing', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }] });
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(r.confirmTrap?.name).toBe('spike trap');
    expect(player(w).x).toBe(1);
    expect(w.turn).toBe(0);
  });

  it('"You know of no trap there." takes no time', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }] });
    const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
    expect(r.refused).toBe('You know of no trap there.');
    expect(w.turn).toBe(0);
    expect(w.time).toBe(0);
  });
});
