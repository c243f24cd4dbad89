import { describe, expect, it } from 'vitest';
import {
  designFromInputs,
  designJson,
  elementsFromInputs,
  type MagicDesign,
  type MechanicalDesign,
  SRD_SAMPLES,
  type TrapDesign,
} from '../../../src/rulesets/d20/designer.ts';
import { averageDamage, parseDamage } from '../../../src/rulesets/d20/dice.ts';
import { attackCrModifier, damageSevens, dcCrModifier, onsetCrModifier, roundToSevens } from '../../../src/rulesets/d20/tables.ts';

function design(inputs: Record<string, string | number | boolean>): TrapDesign {
  const r = designFromInputs(inputs);
  if (!r.ok) throw new Error(r.error);
  return r.design;
}
function mech(inputs: Record<string, string | number | boolean>): MechanicalDesign {
  const d = design(inputs);
  if (d.type !== 'mechanical') throw new Error('expected a mechanical design');
  return d;
}
function magic(inputs: Record<string, string | number | boolean>): MagicDesign {
  const d = design(inputs);
  if (d.type !== 'magic') throw new Error('expected a magic design');
  return d;
}
function errorOf(inputs: Record<string, string | number | boolean>): string {
  const r = designFromInputs(inputs);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

/** The SRD's Craft (trapmaking) DC table, transcribed here: base by CR, +5 proximity, +5 automatic reset. */
function expectedCraftDc(cr: number, trigger: unknown, reset: unknown): number | null {
  const base = cr <= 3 ? 20 : cr <= 6 ? 25 : cr <= 10 ? 30 : null;
  if (base === null) return null;
  return base + (trigger === 'proximity' ? 5 : 0) + (reset === 'automatic' ? 5 : 0);
}

describe('the SRD samples RULES.md names (figures from the SRD text)', () => {
  // name -> [CR, market price (gp), Craft DC]: CR and price as the SRD lists them.
  const named: Record<string, [number, number, number]> = {
    'Basic Arrow Trap': [1, 2000, 25],
    'Pit Trap (40 ft. deep)': [2, 2000, 20],
    'Camouflaged Pit Trap (CR 2)': [2, 3400, 20],
    'Wall Scythe Trap': [4, 17200, 30],
    'Water-Filled Room Trap (CR 4)': [4, 11200, 30],
    'Ungol Dust Vapor Trap': [5, 9000, 25],
    'Poison Dart Trap': [1, 700, 20],
    'Swinging Block Trap': [1, 500, 20],
    'Javelin Trap': [2, 4800, 20],
    'Rolling Rock Trap': [1, 1400, 20],
  };
  for (const [name, [cr, price, craftDc]] of Object.entries(named)) {
    it(`${name}: CR ${cr}, ${price} gp, Craft DC ${craftDc}`, () => {
      const sample = SRD_SAMPLES.find((s) => s.name === name);
      expect(sample, name).toBeDefined();
      expect(sample!.checkedBy).toBe('RULES.md');
      const d = mech(sample!.inputs);
      expect(d.cr).toBe(cr);
      expect(d.price).toBe(price);
      expect(d.craftDc).toBe(craftDc);
    });
  }

  it('the Wall Scythe Trap adds up as the cost table says', () => {
    // 1,000 base + 500 automatic + 200 (Search 21) - 200 (Disable 18) + 2,000 (attack +20) + 800 (Str +8).
    expect(mech(SRD_SAMPLES.find((s) => s.name === 'Wall Scythe Trap')!.inputs).baseCost).toBe(4300);
  });
});

describe('every sample in the designer list agrees with its SRD figures', () => {
  for (const s of SRD_SAMPLES) {
    it(s.name, () => {
      const d = design(s.inputs);
      expect(d.cr).toBe(s.listed.cr);
      expect(d.price).toBe(s.listed.price);
      if (d.type === 'mechanical') {
        expect(d.craftDc).toBe(expectedCraftDc(d.cr, s.inputs.trigger, s.inputs.reset));
      } else {
        if (s.listed.xp !== undefined) expect(d.xp).toBe(s.listed.xp);
        if (s.listed.searchDc !== undefined) expect(d.searchDc).toBe(s.listed.searchDc);
        if (s.listed.disableDc !== undefined) expect(d.disableDc).toBe(s.listed.disableDc);
        if (s.listed.saveDc !== undefined) expect(d.saveDc).toBe(s.listed.saveDc);
      }
    });
  }

  it('leaves out the samples RULES.md calls inconsistent', () => {
    const names = SRD_SAMPLES.map((s) => s.name);
    for (const bad of ['Hail of Needles', 'Spear Trap', 'Portcullis Trap', 'Scything Blade Trap', 'Falling Block Trap', 'Fusillade of Darts'])
      expect(names).not.toContain(bad);
  });
});

describe('average damage rounds to the nearest multiple of 7, halves up', () => {
  it('agrees with a brute-force nearest multiple for every quarter point to 100', () => {
    for (let q = 0; q <= 400; q++) {
      const avg = q / 4;
      // The nearest multiple of 7 by trying them all; on a tie the larger one wins.
      let best = 0;
      for (let m = 0; m <= 105; m += 7) {
        const d = Math.abs(avg - m);
        const bestD = Math.abs(avg - best);
        if (d < bestD || (d === bestD && m > best)) best = m;
      }
      expect(roundToSevens(avg), `average ${avg}`).toBe(best);
      expect(damageSevens(avg)).toBe(best / 7);
    }
  });

  it('follows the source text\'s examples: 2d8 (9) -> 7, 3d6 (10.5) -> 14, 1d4 darts of 1d4 (6.25) -> 7', () => {
    const avg = (t: string) => {
      const e = parseDamage(t);
      if (typeof e === 'string') throw new Error(e);
      return averageDamage(e);
    };
    expect(avg('2d8')).toBe(9);
    expect(roundToSevens(avg('2d8'))).toBe(7);
    expect(avg('3d6')).toBe(10.5);
    expect(roundToSevens(avg('3d6'))).toBe(14);
    expect(avg('1d4*1d4')).toBe(6.25);
    expect(roundToSevens(avg('1d4*1d4'))).toBe(7);
    // Exact halves round up: 3.5 -> 7, 17.5 -> 21, 24.5 -> 28.
    expect(roundToSevens(3.5)).toBe(7);
    expect(roundToSevens(17.5)).toBe(21);
    expect(roundToSevens(24.5)).toBe(28);
    expect(roundToSevens(3.49)).toBe(0);
  });

  it('counts strength per missile and ignores pit spikes and poison', () => {
    // 1d8 darts of 1d4+1 (strength rating +1): 4.5 x 3.5 = 15.75 -> 14 -> +2.
    const d = mech({ trigger: 'location', reset: 'manual', attack: 10, damage: '1d8*1d4', 'ranged-str': 1 });
    expect(d.averageDamage).toBe(15.75);
    expect(d.crLines.find((l) => l.feature.startsWith('average damage'))!.value).toBe(2);
    const spiked = mech({ trigger: 'location', reset: 'manual', 'reflex-dc': 20, damage: '2d6', 'pit-spikes': true, poison: 'bloodroot' });
    expect(spiked.averageDamage).toBe(7);
    // 7 -> +1, spikes +1, bloodroot +1.
    expect(spiked.cr).toBe(3);
  });
});

describe('the CR and cost tables, row by row', () => {
  it('Search, Disable Device and Reflex DCs: <=15 -1, 16-24 0, 25-29 +1, 30+ +2', () => {
    const expected: Array<[number, number]> = [
      [10, -1], [15, -1], [16, 0], [20, 0], [24, 0], [25, 1], [29, 1], [30, 2], [40, 2],
    ];
    for (const [dc, mod] of expected) expect(dcCrModifier(dc), `DC ${dc}`).toBe(mod);
  });

  it('attack bonus: <=0 -2, 1-5 -1, 6-14 0, 15-19 +1, 20-24 +2, 25+ undefined', () => {
    const expected: Array<[number, number | null]> = [
      [-3, -2], [0, -2], [1, -1], [5, -1], [6, 0], [14, 0], [15, 1], [19, 1], [20, 2], [24, 2], [25, null],
    ];
    for (const [bonus, mod] of expected) expect(attackCrModifier(bonus), `+${bonus}`).toBe(mod);
    expect(errorOf({ trigger: 'location', reset: 'manual', attack: 25, damage: '10d6' })).toMatch(/\+25/);
  });

  it('onset delay: 1 +3, 2 +2, 3 +1, 4 or more -1', () => {
    expect([1, 2, 3, 4, 5, 10].map(onsetCrModifier)).toEqual([3, 2, 1, -1, -1, -1]);
  });

  it('multiple targets count +1, but 0 with never miss', () => {
    const base = { trigger: 'location', reset: 'manual', damage: '4d6' };
    expect(mech({ ...base, attack: 10, 'multiple-targets': true }).cr - mech({ ...base, attack: 10 }).cr).toBe(1);
    const neverMiss = { ...base, 'never-miss': true, onset: 1 };
    expect(mech({ ...neverMiss, 'multiple-targets': true }).cr).toBe(mech(neverMiss).cr);
  });

  it('liquid +5, touch attack +1, alchemical device + its spell level', () => {
    const base = { trigger: 'location', reset: 'manual', attack: 10, damage: '2d6' };
    const plain = mech(base).cr;
    expect(mech({ ...base, 'touch-attack': true }).cr).toBe(plain + 1);
    expect(mech({ ...base, 'alchemical-level': 2, 'alchemical-cost': 50 }).cr).toBe(plain + 2);
    expect(mech({ trigger: 'location', reset: 'manual', 'never-miss': true, onset: 5, liquid: true }).cr).toBe(5 - 1);
  });

  it('cost rows: triggers, resets, bypasses, DCs, attack, strength, never miss', () => {
    const base = { trigger: 'location', reset: 'manual', attack: 10, damage: '1d6' };
    const cost = (over: Record<string, string | number | boolean>) => mech({ ...base, ...over }).baseCost;
    expect(cost({})).toBe(1000);
    expect(cost({ trigger: 'proximity' })).toBe(2000);
    expect(cost({ trigger: 'touch' })).toBe(1000);
    expect(cost({ trigger: 'touch-attached' })).toBe(900);
    expect(cost({ trigger: 'timed' })).toBe(2000);
    expect(cost({ reset: 'none' })).toBe(500);
    expect(cost({ reset: 'repair' })).toBe(800);
    expect(cost({ reset: 'automatic' })).toBe(1500);
    // Automatic reset is free with a timed trigger.
    expect(cost({ trigger: 'timed', reset: 'automatic' })).toBe(2000);
    expect(cost({ bypass: 'lock' })).toBe(1100);
    expect(cost({ bypass: 'hidden-switch' })).toBe(1200);
    expect(cost({ bypass: 'hidden-lock' })).toBe(1300);
    expect(cost({ 'search-dc': 17 })).toBe(700);
    expect(cost({ 'search-dc': 23 })).toBe(1600);
    expect(cost({ 'disable-dc': 17 })).toBe(700);
    expect(cost({ 'disable-dc': 23 })).toBe(1600);
    expect(cost({ attack: 7 })).toBe(700);
    expect(cost({ attack: 13 })).toBe(1600);
    expect(cost({ 'ranged-str': 3 })).toBe(1300);
    expect(cost({ 'melee-str': 8 })).toBe(1800);
    const pit = { trigger: 'location', reset: 'manual', damage: '2d6' };
    expect(mech({ ...pit, 'reflex-dc': 17 }).baseCost).toBe(700);
    expect(mech({ ...pit, 'reflex-dc': 23 }).baseCost).toBe(1900);
    expect(mech({ trigger: 'location', reset: 'manual', 'never-miss': true, onset: 1, damage: '2d6' }).baseCost).toBe(2000);
  });

  it('the minimum price is CR x 100 gp, applied before poison is added', () => {
    // Base 1,000 - 500 (no reset) - 500 (Search 15) - 500 (Disable 15) - 1,000 (attack +0) = -1,500.
    const d = mech({ trigger: 'location', reset: 'none', attack: 0, damage: '8d6', 'search-dc': 15, 'disable-dc': 15, poison: 'bloodroot' });
    // CR: -1 (Search) -1 (Disable) -2 (attack) +4 (28 damage) +1 (bloodroot) = 1.
    expect(d.cr).toBe(1);
    expect(d.baseCost).toBe(-1500);
    // max(-1,500 x 1, 1 x 100) + 100 gp of bloodroot.
    expect(d.price).toBe(200);
  });

  it('poison and alchemical items cost 20 doses with an automatic reset', () => {
    const base = { trigger: 'location', attack: 10, damage: '1d4', poison: 'greenblood_oil' };
    expect(mech({ ...base, reset: 'manual' }).price).toBe(1000 * 1 + 100);
    expect(mech({ ...base, reset: 'automatic' }).price).toBe(1500 * 1 + 100 * 20);
  });

  it('gives no Craft DC above CR 10, with a note', () => {
    const d = mech({ trigger: 'location', reset: 'manual', attack: 24, damage: '40d6' });
    expect(d.cr).toBeGreaterThan(10);
    expect(d.craftDc).toBeNull();
    expect(d.warnings.join(' ')).toMatch(/CR 10/);
  });
});

describe('magic traps', () => {
  it('save DC of a magic device is 10 + 1.5 x spell level, rounded down', () => {
    const dcs = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((sl) => magic({ magic: 'device', 'spell-level': sl, 'caster-level': 2 * sl - 1 }).saveDc);
    expect(dcs).toEqual([11, 13, 14, 16, 17, 19, 20, 22, 23]);
  });

  it('CR is 1 + the spell level or the damage sevens, whichever is larger, never both', () => {
    expect(magic({ magic: 'device', 'spell-level': 3, 'caster-level': 5, damage: '5d6' }).cr).toBe(4);
    expect(magic({ magic: 'device', 'spell-level': 3, 'caster-level': 10, damage: '10d6' }).cr).toBe(6);
    expect(magic({ magic: 'device', 'spell-level': 1, 'caster-level': 1 }).cr).toBe(2);
  });

  it('one-shot costs 50 gp and 4 XP per caster level x spell level; automatic reset ten times that', () => {
    const one = magic({ magic: 'device', 'spell-level': 3, 'caster-level': 5 });
    expect([one.price, one.xp]).toEqual([750, 60]);
    const auto = magic({ magic: 'device', 'spell-level': 3, 'caster-level': 5, 'automatic-reset': true });
    expect([auto.price, auto.xp]).toEqual([7500, 600]);
    expect(magic({ magic: 'device', 'spell-level': 3, 'caster-level': 5, 'material-cost': 10 }).price).toBe(760);
    expect(magic({ magic: 'device', 'spell-level': 3, 'caster-level': 5, 'automatic-reset': true, 'material-cost': 10 }).price).toBe(8500);
  });

  it('Search and Disable Device DCs are 25 + the highest spell level', () => {
    const d = magic({ magic: 'device', 'spell-level': 4, 'caster-level': 7 });
    expect([d.searchDc, d.disableDc]).toEqual([29, 29]);
  });

  it('spell traps have no reset', () => {
    expect(errorOf({ magic: 'spell', 'spell-level': 2, 'caster-level': 3, 'automatic-reset': true })).toMatch(/no reset/);
  });
});

describe('inputs', () => {
  it('names what is wrong', () => {
    expect(errorOf({ trigger: 'location' })).toMatch(/--reset is required/);
    expect(errorOf({ reset: 'manual' })).toMatch(/--trigger is required/);
    expect(errorOf({ trigger: 'sound', reset: 'manual' })).toMatch(/magic/);
    expect(errorOf({ trigger: 'location', reset: 'manual', attack: 10, 'reflex-dc': 20, damage: '1d6' })).toMatch(/--attack and --reflex-dc/);
    expect(errorOf({ trigger: 'location', reset: 'manual', attack: 10, damage: '1d6', 'avg-damage': 3 })).toMatch(/--damage and --avg-damage/);
    expect(errorOf({ trigger: 'location', reset: 'manual', attack: 10, damage: '1d6', 'ranged-str': 5 })).toMatch(/--ranged-str/);
    expect(errorOf({ trigger: 'location', reset: 'manual', attack: 10, damage: 'lots' })).toMatch(/--damage/);
    expect(errorOf({ trigger: 'location', reset: 'manual', 'search-dc': 'hard' })).toMatch(/--search-dc/);
    expect(errorOf({ trigger: 'location', reset: 'manual', colour: 'red' })).toMatch(/unknown input "colour"/);
    expect(errorOf({ magic: 'device', 'spell-level': 1, 'caster-level': 1, attack: 5 })).toMatch(/--attack applies to mechanical traps only/);
    expect(errorOf({ trigger: 'location', reset: 'manual', 'spell-level': 1 })).toMatch(/--spell-level applies to magic traps only/);
    expect(errorOf({ trigger: 'location', reset: 'manual', 'never-miss': true, attack: 5, onset: 1 })).toMatch(/never-miss/);
    expect(errorOf({ trigger: 'location', reset: 'manual', 'poison-cr': 1 })).toMatch(/--poison-cr and --poison-cost/);
  });

  it('a mechanical trap must reach CR 1', () => {
    expect(errorOf({ trigger: 'location', reset: 'manual', 'search-dc': 15 })).toMatch(/CR comes to -1/);
  });

  it('true for bare flags; false leaves them off', () => {
    const e = elementsFromInputs({ trigger: 'location', reset: 'manual', 'reflex-dc': 20, damage: '2d6', 'pit-spikes': 'true', 'multiple-targets': false });
    expect(e).toMatchObject({ pitSpikes: true });
    expect(e).not.toHaveProperty('multipleTargets');
  });

  it('JSON shape as the issue gives it', () => {
    expect(Object.keys(designJson(design(SRD_SAMPLES[0]!.inputs)))).toEqual(['cr', 'baseCost', 'price', 'craftDc']);
    expect(Object.keys(designJson(design({ magic: 'device', 'spell-level': 1, 'caster-level': 1 })))).toEqual(['cr', 'price', 'xp', 'searchDc', 'disableDc', 'saveDc']);
  });
});
