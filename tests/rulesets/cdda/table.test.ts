/**
 * The trap table against the seed's list, transcribed here row by row: glyph, P, V, A, D and the
 * returned items; the noises the seed names; the settings are documented and bounded.
 */
import { describe, expect, it } from 'vitest';
import { ruleset } from '../../../src/rulesets/cdda/index.ts';

// [id, glyph, P, V, A, D, returning items] as the seed lists them (P null where the seed has none or "?").
const SEED: ReadonlyArray<readonly [string, string, number | null, number, number, number, string]> = [
  ['bubblewrap', '_', 2, 0, 8, 0, 'bubblewrap'],
  ['beartrap', '^', 4, 2, 7, 3, 'bear trap'],
  ['beartrap_buried', '^', 7, 9, 8, 4, 'bear trap'],
  ['board', '_', 2, 1, 6, 0, 'nailboard trap'],
  ['tripwire', '^', 3, 6, 4, 3, 'string - 3 ft'],
  ['crossbow', '^', 4, 5, 4, 5, 'string - 3 ft, crossbow'],
  ['shotgun', '^', 5, 4, 5, 6, 'string - 3 ft, sawn-off shotgun'],
  ['engine', '_', 12, 0, 0, 2, 'electric motor, 2x machete'],
  ['blade', '\\', null, 0, 4, 99, ''],
  ['light_snare', '^', null, 5, 10, 2, 'string - 3 ft, snare trigger'],
  ['heavy_snare', '^', null, 3, 10, 4, 'rope - 6 ft, snare trigger'],
  ['landmine', '^', 7, 1, 14, 10, 'land mine'],
  ['landmine_buried', '_', 7, 10, 14, 10, 'land mine'],
  ['telepad', '_', null, 0, 15, 20, ''],
  ['goo', '_', null, 0, 15, 15, ''],
  ['dissector', '7', null, 2, 20, 99, ''],
  ['sinkhole', '_', null, 10, 14, 99, ''],
  ['pit', '0', null, 0, 8, 99, ''],
  ['spike_pit', '0', null, 0, 8, 99, ''],
  ['lava', '~', null, 0, 99, 99, ''],
  ['portal', '%', null, 0, 30, 99, ''],
  ['boobytrap', '^', 4, 5, 4, 7, ''],
  ['raised_tile', '^', null, 9, 20, 99, ''],
  ['glow', '^', null, 99, 99, 99, ''],
  ['hum', '^', null, 99, 99, 99, ''],
  ['shadow', '^', null, 99, 99, 99, ''],
  ['drain', '^', null, 99, 99, 99, ''],
  ['snake', '^', null, 99, 99, 99, ''],
  ['cot', '#', 0, 0, 0, 0, 'cot'],
  ['brazier', '#', 0, 0, 0, 0, 'brazier'],
  ['rollmat', '#', 0, 0, 0, 0, 'roll mat'],
];

describe('the cdda trap table', () => {
  it('has every trap of the seed with its glyph, P, V, A, D and returned items', () => {
    for (const [id, glyph, P, V, A, D, returns] of SEED) {
      const def = ruleset.traps.find((t) => t.id === id);
      expect(def, id).toBeDefined();
      expect(def!.glyph).toBe(glyph);
      expect({ id, P: def!.columns.P, V: def!.columns.V, A: def!.columns.A, D: def!.columns.D, returns: def!.columns.returns }).toEqual({ id, P, V, A, D, returns });
    }
    // And the ledge, whose glyph the seed leaves blank.
    expect(ruleset.traps.find((t) => t.id === 'ledge')!.columns).toMatchObject({ V: 0, A: 99, D: 99 });
    expect(ruleset.traps).toHaveLength(SEED.length + 1);
  });

  it('noises the seed names: bubble wrap 18, bear traps 8, teleport pad 8, dissector 10, snake 10', () => {
    const noise = (id: string) => ruleset.traps.find((t) => t.id === id)!.columns.noise;
    expect([noise('bubblewrap'), noise('beartrap'), noise('beartrap_buried'), noise('telepad'), noise('dissector'), noise('snake')]).toEqual([18, 8, 8, 8, 10, 10]);
  });

  it('the columns `trapsmith traps` prints exist on every row', () => {
    for (const t of ruleset.traps) for (const c of ruleset.trapColumns) expect(Object.hasOwn(t.columns, c)).toBe(true);
  });

  it('every setting is documented and bounded', () => {
    for (const s of ruleset.settings) {
      expect(s.description.length).toBeGreaterThan(10);
      if (s.type === 'int' || s.type === 'number') {
        expect(typeof s.min).toBe('number');
        expect(typeof s.max).toBe('number');
        expect(s.default as number).toBeGreaterThanOrEqual(s.min!);
        expect(s.default as number).toBeLessThanOrEqual(s.max!);
      }
    }
    expect(ruleset.settings.find((s) => s.name === 'focus')!.default).toBe(50);
  });
});
