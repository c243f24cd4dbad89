/**
 * A balance-lab variant of wasteland places traps by its own weights (placeTraps is handed no
 * RuleContext: the variant's copy reads the table it was made with); the base ruleset, on the same
 * seeds, places by the seed's. Cells play does not read are refused, naming the setting to use.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/core/engine.ts';
import { applyVariant, parseVariant } from '../../../src/sim/variants.ts';
import { ruleset } from '../../../src/rulesets/wasteland/index.ts';

function variant(name: string, traps: Record<string, Record<string, string | number | boolean | null>>): string {
  return applyVariant(parseVariant({ name, ruleset: 'wasteland', traps })).rulesetId;
}

const SEEDS = ['a', 'b', 'c', 'd', 'e', 'f'];

function kindsPlaced(rulesetId: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const seed of SEEDS) for (const t of newGame({ seed, ruleset: rulesetId }).traps) counts.set(t.kind, (counts.get(t.kind) ?? 0) + 1);
  return counts;
}

describe('wasteland variants', () => {
  it('the dungeon places traps by the variant\'s weights', () => {
    const mines = variant('mines only', { caltrops: { weight: 0 }, bear_trap: { weight: 0 } });
    const base = kindsPlaced('wasteland');
    expect(base.get('caltrops')).toBeGreaterThan(0);
    expect(base.get('bear_trap')).toBeGreaterThan(0);
    const placed = kindsPlaced(mines);
    expect([...placed.keys()]).toEqual(['mine']);
    // As many traps as the base ruleset places on those levels: only the kinds differ.
    expect(placed.get('mine')).toBe([...base.values()].reduce((a, b) => a + b, 0));
  });

  it('refuses cells play does not read, and weights that leave nothing to place', () => {
    expect(() => ruleset.applyVariant!({ mine: { damage: 5 } })).toThrow("traps.mine.damage: a trap's damage is the setting mineDamage (change it in the variant's settings)");
    expect(() => ruleset.applyVariant!({ caltrops: { area: 'everyone within 2' } })).toThrow('traps.caltrops.area: play does not read this column (a variant changes weight)');
    expect(() => ruleset.applyVariant!({ caltrops: { weight: 0 }, bear_trap: { weight: 0 }, mine: { weight: 0 } })).toThrow(/the weights cannot all be 0/);
    expect(() => ruleset.applyVariant!({ mine: { weight: -1 } })).toThrow('traps.mine.weight: expected a weight of 0 or more, got -1');
  });
});
