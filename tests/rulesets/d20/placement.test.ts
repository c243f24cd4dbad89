import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { newGame, step } from '../../../src/core/engine.ts';
import { designedTrapSpec } from '../../../src/rulesets/d20/designer.ts';
import { tableProfile } from '../../../src/rulesets/d20/traps.ts';
import { ruleset as d20 } from '../../../src/rulesets/d20/index.ts';
import { scenario } from '../../support/scenario.ts';
import { player } from '../../../src/core/level.ts';

describe('placement by CR for the depth', () => {
  it('a level\'s CR is its depth plus crOffset, and no trap is above it', () => {
    for (const [depth, crOffset, expected] of [
      [1, 0, 1],
      [3, 0, 3],
      [4, 1, 5],
      [1, -3, 1],
    ] as const) {
      const w = newGame({ seed: `cr-${depth}-${crOffset}`, ruleset: 'd20', depth, settings: { crOffset } });
      expect(w.level.cr).toBe(expected);
      expect(w.traps.length).toBeGreaterThan(0);
      for (const t of w.traps) expect(tableProfile(d20, t.kind).cr, t.kind).toBeLessThanOrEqual(expected);
    }
  });

  it('traps of the level\'s CR are the likeliest, over a few levels', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 6; i++) {
      const w = newGame({ seed: `mix-${i}`, ruleset: 'd20', depth: 3 });
      for (const t of w.traps) counts.set(tableProfile(d20, t.kind).cr, (counts.get(tableProfile(d20, t.kind).cr) ?? 0) + 1);
    }
    const at3 = counts.get(3) ?? 0;
    expect(at3).toBeGreaterThan(0);
    expect(at3).toBeGreaterThan(counts.get(1) ?? 0);
  });

  it('trapsPerLevel and the door and chest chances are obeyed', () => {
    const w = newGame({ seed: 'count', ruleset: 'd20', settings: { trapsPerLevel: 7, doorTrapChance: 0, chestTrapChance: 1 } });
    expect(w.traps.filter((t) => t.host.kind === 'floor')).toHaveLength(7);
    expect(w.traps.filter((t) => t.host.kind === 'door')).toHaveLength(0);
    expect(w.traps.filter((t) => t.host.kind === 'chest')).toHaveLength(w.chests.length);
  });
});

describe('a trap from the designer, placed in the level', () => {
  it('plays by its elements: a 40-ft. pit with spikes made in the designer', () => {
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@..#', '#####'], player: { hp: 1000, maxHp: 1000, traits: { ref: -100 } } });
    const spec = designedTrapSpec({ trigger: 'location', reset: 'manual', 'reflex-dc': 20, damage: '4d6', 'pit-spikes': true }, 2, 1, { known: false });
    if ('error' in spec) throw new Error(spec.error);
    new StepContext(w).placeTrap(spec, null);
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'trapTriggered', kind: 'designed' }));
    // A natural 20 would save (1 in 20 on this seed's dice); otherwise the fall is 4d6 and 3 rounds to climb.
    const fell = r.events.some((e) => e.type === 'damaged' && e.damageType === 'falling');
    if (fell) expect(player(w).status.held).toBe(3);
    else expect(r.events).toContainEqual(expect.objectContaining({ type: 'trapAvoided' }));
  });

  it('returns the designer\'s message for inputs that make no trap', () => {
    expect(designedTrapSpec({ trigger: 'location' }, 1, 1)).toEqual({ error: expect.stringMatching(/--reset/) });
  });
});
