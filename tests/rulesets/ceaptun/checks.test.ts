/**
 * The odds checks against the seed's own tables (disarming, stepping past, damage by danger) and
 * against brute-force enumerations of the dice written here with plain loops.
 */
import { describe, expect, it } from 'vitest';
import { exact, mean } from '../../../src/core/prob.ts';
import { resolveSettings } from '../../../src/core/registry.ts';
import type { CheckInputs } from '../../../src/core/ruleset.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { dodgeOf } from '../../../src/rulesets/ceaptun/stats.ts';
import { bruteDisarm } from '../../support/ceaptunBrute.ts';

const settings = resolveSettings(ruleset, {});

function odds(check: string, inputs: CheckInputs): Record<string, number> {
  const c = ruleset.checks[check]!;
  expect(c.validate?.(inputs) ?? null).toBeNull();
  const out: Record<string, number> = {};
  for (const o of c.outcomes ?? []) out[String(o)] = 0;
  for (const o of exact(c.program(inputs, settings))) {
    expect(o.exact).not.toBeNull();
    out[String(o.value)] = o.p;
  }
  return out;
}

/**
 * "61.8%" holds when the exact value is within half a unit of the last printed digit (the seed
 * rounds halves to even: 45/144 = 31.25% is printed "31.2").
 */
function expectPrinted(p: number, printed: string): void {
  const decimals = printed.includes('.') ? printed.split('.')[1]!.length : 0;
  expect(Math.abs(p * 100 - Number(printed)), `${(p * 100).toFixed(4)}% printed as ${printed}%`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

// The seed's disarm table, as printed: difficulty, then "disarmed, set off" for Dex 10, Dex 14, Dex 14 + Disable device 100.
const DISARM_TABLE: Array<[string, number, Array<[string, string]>]> = [
  ['alarm', 12, [['61.8', '14.6'], ['75', '6.9'], ['99.3', '0']]],
  ['arrow', 14, [['45.8', '25'], ['61.8', '14.6'], ['97.9', '0']]],
  ['fireball', 17, [['25', '45.8'], ['38.2', '31.2'], ['89.6', '0.69']]],
  ['frost', 17, [['25', '45.8'], ['38.2', '31.2'], ['89.6', '0.69']]],
  ['lightning', 17, [['25', '45.8'], ['38.2', '31.2'], ['89.6', '0.69']]],
  ['pit', 13, [['54.2', '19.4'], ['68.8', '10.4'], ['99.3', '0']]],
  ['pitfall', 15, [['38.2', '31.2'], ['54.2', '19.4'], ['95.8', '0']]],
  ['spear', 15, [['38.2', '31.2'], ['54.2', '19.4'], ['95.8', '0']]],
  ['stake', 15, [['38.2', '31.2'], ['54.2', '19.4'], ['95.8', '0']]],
  ['teleport', 18, [['19.4', '54.2'], ['31.2', '38.2'], ['85.4', '2.1']]],
  ['tripwire', 15, [['38.2', '31.2'], ['54.2', '19.4'], ['95.8', '0']]],
];
const COLUMNS: CheckInputs[] = [{ dex: 10 }, { dex: 14 }, { dex: 14, 'disable-device': 100 }];


describe('disarm check', () => {
  it('has the seed\'s difficulty for all 11 traps', () => {
    for (const [id, difficulty] of DISARM_TABLE) expect(ruleset.traps.find((t) => t.id === id)!.columns.difficulty).toBe(difficulty);
    expect(ruleset.traps.map((t) => t.id).sort()).toEqual(DISARM_TABLE.map((r) => r[0]).sort());
  });

  it('reproduces every cell of the seed\'s disarm table to its printed precision', () => {
    for (const [, difficulty, cells] of DISARM_TABLE)
      cells.forEach(([disarmed, setOff], col) => {
        const r = odds('disarm', { difficulty, ...COLUMNS[col]! });
        expectPrinted(r.disarmed!, disarmed);
        expectPrinted(r.set_off!, setOff);
        expect(r.disarmed! + r.failed! + r.set_off!).toBeCloseTo(1, 12);
      });
  });

  it('--modifier gives the same odds as --dex/--disable-device (Dex 14 = +2, Disable device 100 = +8)', () => {
    expect(odds('disarm', { difficulty: 17, modifier: 10 })).toEqual(odds('disarm', { difficulty: 17, dex: 14, 'disable-device': 100 }));
    expect(odds('disarm', { difficulty: 17, modifier: 2 })).toEqual(odds('disarm', { difficulty: 17, dex: 14 }));
    // +12 at skill 200 (the seed): Dex 10 + 200 is modifier 12.
    expect(odds('disarm', { difficulty: 20, modifier: 12 })).toEqual(odds('disarm', { difficulty: 20, dex: 10, 'disable-device': 200 }));
  });

  it('matches a brute-force enumeration for a range of difficulties and modifiers', () => {
    for (let difficulty = 2; difficulty <= 40; difficulty += 3)
      for (let modifier = -6; modifier <= 16; modifier += 2) {
        const got = odds('disarm', { difficulty, modifier });
        const want = bruteDisarm(difficulty, modifier);
        for (const k of ['disarmed', 'failed', 'set_off'] as const) expect(got[k]).toBeCloseTo(want[k]!, 14);
      }
  });

  it('a natural 2 always fails and a natural 24 always succeeds', () => {
    expect(odds('disarm', { difficulty: 2, modifier: 30 }).disarmed).toBeCloseTo(143 / 144, 14);
    expect(odds('disarm', { difficulty: 60, modifier: 0 }).disarmed).toBeCloseTo(1 / 144, 14);
  });

  it('refuses --modifier together with --dex, and neither', () => {
    expect(ruleset.checks.disarm!.validate!({ difficulty: 12, modifier: 1, dex: 10 })).toMatch(/either/);
    expect(ruleset.checks.disarm!.validate!({ difficulty: 12 })).toMatch(/--modifier/);
    expect(ruleset.checks.disarm!.outcomes).toEqual(['disarmed', 'failed', 'set_off']);
    expect(ruleset.checks.disarm!.params.map((p) => p.name)).toEqual(['difficulty', 'modifier', 'dex', 'disable-device']);
  });
});

describe('step-past check', () => {
  // The seed's table: dodge -> chance to avoid.
  const TABLE: Array<[number, number]> = [
    [-6, 15], [-5, 15], [-4, 15], [-3, 25], [-2, 35], [-1, 45], [0, 55], [1, 65], [2, 75], [3, 85], [4, 90], [5, 90], [8, 90],
  ];

  it('reproduces every row of the seed\'s table', () => {
    for (const [dodge, pct] of TABLE) {
      const r = odds('step-past', { dodge });
      expect(r.avoided).toBeCloseTo(pct / 100, 14);
      expect(r.triggered).toBeCloseTo(1 - pct / 100, 14);
    }
    expect(ruleset.checks['step-past']!.outcomes).toEqual(['avoided', 'triggered']);
  });

  it('the table\'s examples give the dodge of their row', () => {
    const examples: Array<[Record<string, number>, number]> = [
      [{ dex: 3 }, -4], [{ dex: 1 }, -5], [{ dex: 4 }, -3], [{ dex: 5 }, -3], [{ dex: 6 }, -2], [{ dex: 7 }, -2],
      [{ dex: 8 }, -1], [{ dex: 9 }, -1], [{ dex: 10 }, 0], [{ dex: 11 }, 0], [{ dex: 12 }, 1], [{ dex: 13 }, 1],
      [{ dex: 10, tumble: 20 }, 1], [{ dex: 14 }, 2], [{ dex: 15 }, 2], [{ dex: 10, tumble: 40 }, 2],
      [{ dex: 16 }, 3], [{ dex: 17 }, 3], [{ dex: 10, tumble: 60 }, 3], [{ dex: 18 }, 4], [{ dex: 10, tumble: 80 }, 4],
    ];
    for (const [traits, dodge] of examples) expect(dodgeOf(traits, settings), JSON.stringify(traits)).toBe(dodge);
  });

  it('heavy armour and load cap the Dexterity part of dodge', () => {
    expect(dodgeOf({ dex: 18, maxDexBonus: 1 }, settings)).toBe(1);
    expect(dodgeOf({ dex: 18, maxDexBonus: 1, tumble: 40 }, settings)).toBe(3);
  });

  it('Light step comes on top of a failed step past', () => {
    const r = odds('step-past', { dodge: 0, 'light-step': true });
    expect(r.avoided).toBeCloseTo(0.55 + 0.45 * 0.25, 14);
  });
});

describe('rig check', () => {
  function bruteRig(modifier: number, target: number): Record<string, number> {
    const count = { rigged: 0, failed: 0, sprung: 0 };
    for (let a = 1; a <= 12; a++)
      for (let b = 1; b <= 12; b++) {
        const s = a + b;
        if (s === 2) count.sprung++;
        else if (s === 24 || s + modifier >= target) count.rigged++;
        else count.failed++;
      }
    return { rigged: count.rigged / 144, failed: count.failed / 144, sprung: count.sprung / 144 };
  }

  it('is 2d12 + modifier against 10, natural 2 springing, natural 24 succeeding', () => {
    for (let modifier = -12; modifier <= 12; modifier++) {
      const got = odds('rig', { modifier });
      const want = bruteRig(modifier, 10);
      for (const k of ['rigged', 'failed', 'sprung']) expect(got[k]).toBeCloseTo(want[k]!, 14);
    }
    const hard = odds('rig', { modifier: 0, target: 30 });
    expect(hard.rigged).toBeCloseTo(1 / 144, 14);
    expect(hard.sprung).toBeCloseTo(1 / 144, 14);
    expect(ruleset.checks.rig!.outcomes).toEqual(['rigged', 'failed', 'sprung']);
  });
});

// The seed's "Damage by danger" table, copied as text.
const DANGER_TABLE: Record<string, string[]> = {
  arrow: ['1d2', '1d4', '1d6', '2d4', '2d6', '3d6', '4d6'],
  fireball: ['1d4', '2d4', '2d6', '3d6', '4d6', '6d6', '8d6'],
  frost: ['1d3', '1d6', '2d4', '2d6', '3d6', '4d6', '6d6'],
  lightning: ['1d4', '2d4', '3d6', '4d6', '5d6', '7d6', '9d6'],
  pit: ['1d2', '1d4', '1d6', '2d4', '2d6', '3d6', '4d6'],
  pitfall: ['1d6', '1d6', '1d6', '1d6', '1d6', '1d6', '1d6'],
  spear: ['1d2', '1d5', '1d8', '2d6', '2d8', '3d8', '4d8'],
  stake: ['1d6', '1d6', '1d6', '1d6', '1d6', '1d6', '1d6'],
  tripwire: ['1d6', '1d6', '1d6', '1d6', '1d6', '1d6', '1d6'],
};
// Each column's danger range: "0–2", "3–5", "6–9", "10–14", "15–21", "22–29", "30+".
const DANGERS: Array<[number, number]> = [[0, 2], [3, 5], [6, 9], [10, 14], [15, 21], [22, 29], [30, 200]];

describe('damage check', () => {
  it('every cell of the danger table: the distribution runs from n to n x sides, at both ends of the column', () => {
    for (const [trap, row] of Object.entries(DANGER_TABLE))
      row.forEach((text, tier) => {
        const [n, sides] = text.split('d').map(Number) as [number, number];
        for (const danger of DANGERS[tier]!) {
          const dist = exact(ruleset.checks.damage!.program({ trap, danger }, settings) as never) as Array<{ value: number; p: number }>;
          expect(dist[0]!.value, `${trap} at danger ${danger}`).toBe(n);
          expect(dist[dist.length - 1]!.value, `${trap} at danger ${danger}`).toBe(n * sides);
          expect(dist.length).toBe(n * sides - n + 1);
          expect(mean(ruleset.checks.damage!.program({ trap, danger }, settings) as never).p).toBeCloseTo((n * (sides + 1)) / 2, 12);
        }
      });
  });

  it('the table columns printed by `traps` are the seed\'s', () => {
    for (const [trap, row] of Object.entries(DANGER_TABLE)) {
      const def = ruleset.traps.find((t) => t.id === trap)!;
      expect(ruleset.trapColumns.slice(-7).map((c) => def.columns[c])).toEqual(row);
    }
  });

  it('alarm and teleport traps do no damage', () => {
    expect(ruleset.checks.damage!.validate!({ trap: 'alarm', danger: 0 })).toMatch(/no damage/);
    expect(ruleset.checks.damage!.validate!({ trap: 'teleport', danger: 3 })).toMatch(/no damage/);
  });

  /** Enumerates n dice, applying RULES's reduction: max(1, floor(raw x (1 - min(0.75, 0.5 sense + ward)))). */
  function bruteDamage(n: number, sides: number, sense: boolean, ward: number): Map<number, number> {
    const out = new Map<number, number>();
    const reduction = Math.min(75, (sense ? 50 : 0) + ward);
    const faces = new Array<number>(n).fill(1);
    for (;;) {
      const raw = faces.reduce((a, b) => a + b, 0);
      const dmg = Math.max(1, Math.floor((raw * (100 - reduction)) / 100));
      out.set(dmg, (out.get(dmg) ?? 0) + 1 / sides ** n);
      let i = 0;
      while (i < n && faces[i] === sides) faces[i++] = 1;
      if (i === n) break;
      faces[i]!++;
    }
    return out;
  }

  it('Trap sense halves (rounded down, at least 1), ward takes its percent, together at most 75%', () => {
    const cases: Array<[string, number, boolean, number, number, number]> = [
      ['fireball', 0, true, 0, 1, 4],
      ['fireball', 12, true, 0, 3, 6],
      ['lightning', 30, false, 30, 9, 6],
      ['spear', 16, true, 40, 2, 8],
      ['frost', 40, false, 100, 6, 6],
    ];
    for (const [trap, danger, sense, ward, n, sides] of cases) {
      const dist = exact(ruleset.checks.damage!.program({ trap, danger, 'trap-sense': sense, ward }, settings) as never) as Array<{ value: number; p: number }>;
      const want = bruteDamage(n, sides, sense, ward);
      expect(dist.map((d) => d.value)).toEqual([...want.keys()].sort((a, b) => a - b));
      for (const d of dist) expect(d.p).toBeCloseTo(want.get(d.value)!, 10);
    }
    // A trap always hurts: even 100% ward leaves at least 1 and at most a quarter.
    const warded = exact(ruleset.checks.damage!.program({ trap: 'fireball', danger: 0, ward: 100 }, settings) as never) as Array<{ value: number }>;
    expect(warded.map((d) => d.value)).toEqual([1]);
  });

  it('at danger 0 to 2 no trap kills a new character at full hit points in one go, even hitting hard', () => {
    const hp = settings.playerHp as number;
    for (const trap of Object.keys(DANGER_TABLE)) {
      const dist = exact(ruleset.checks.damage!.program({ trap, danger: 2, hard: true }, settings) as never) as Array<{ value: number }>;
      expect(dist[dist.length - 1]!.value, trap).toBeLessThan(hp);
    }
  });

  it('a hard hit rolls the damage twice; a blast\'s edge halves it (rounded down, at least 1)', () => {
    const hard = exact(ruleset.checks.damage!.program({ trap: 'arrow', danger: 10, hard: true }, settings) as never) as Array<{ value: number }>;
    expect([hard[0]!.value, hard[hard.length - 1]!.value]).toEqual([4, 16]);
    const edge = exact(ruleset.checks.damage!.program({ trap: 'fireball', danger: 0, edge: true }, settings) as never) as Array<{ value: number; p: number }>;
    expect(edge.map((d) => [d.value, d.p])).toEqual([[1, 0.75], [2, 0.25]]);
  });
});

describe('attack check', () => {
  it('refuses a negative danger level as the damage check does, and takes 0', () => {
    for (const name of ['attack', 'damage'] as const) expect(ruleset.checks[name]!.validate!({ trap: 'fireball', defence: 12, danger: -3 })).toMatch(/--danger cannot be negative/);
    expect(ruleset.checks.attack!.validate!({ defence: 12, danger: 0 })).toBeNull();
  });

  it('2d12 + tier vs Defence: natural 24 hits hard, natural 2 misses, misses below 10 + dodge are dodged', () => {
    for (const [danger, tier] of [[0, 0], [12, 3], [40, 6]] as const)
      for (const defence of [5, 12, 20, 30])
        for (const dodge of [-2, 0, 3]) {
          const count = { dodged: 0, glanced: 0, hit: 0, hit_hard: 0 };
          for (let a = 1; a <= 12; a++)
            for (let b = 1; b <= 12; b++) {
              const s = a + b;
              if (s === 24) count.hit_hard++;
              else if (s === 2) count.dodged++;
              else if (s + tier >= defence) count.hit++;
              else if (s + tier < 10 + dodge) count.dodged++;
              else count.glanced++;
            }
          const got = odds('attack', { danger, defence, dodge });
          for (const k of Object.keys(count) as Array<keyof typeof count>) expect(got[k]).toBeCloseTo(count[k] / 144, 14);
        }
  });
});
