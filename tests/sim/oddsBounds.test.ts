/**
 * Bounds of the odds checks' number inputs: declared once on each parameter (min, max), enforced
 * wherever inputs are read (runOdds: the CLI, `odds --batch`, verify, assertions; runSweep: the
 * CLI and the lab), so no reading is asked for a million-sided die.
 */
import { describe, expect, it } from 'vitest';
import { roll } from '../../src/core/prob.ts';
import { listRulesets, registerRuleset } from '../../src/core/registry.ts';
import type { CheckInputs, OddsCheck, Ruleset } from '../../src/core/ruleset.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { runSweep } from '../../src/sim/sweep.ts';
import { readTypical } from '../../src/sim/verify.ts';
import { testRuleset } from '../support/testRuleset.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

/** Programs built by the bounded ruleset's check: a refused input must build none. */
let built = 0;

const bounded: Ruleset = {
  ...testRuleset,
  id: 'bounded',
  name: 'Bounded inputs',
  checks: {
    die: {
      name: 'die',
      description: 'one die of --sides faces, plus --bonus',
      params: [
        { name: 'sides', type: 'int', required: true, min: 1, max: 6, description: 'faces' },
        { name: 'bonus', type: 'int', default: 0, min: -3, description: 'added' },
        { name: 'weight', type: 'number', default: 0.5, min: 0, max: 1, description: 'unused' },
      ],
      numeric: true,
      program: (i) => {
        built++;
        return roll(1, i.sides as number).map((v) => v + (i.bonus as number));
      },
    },
  },
};
registerRuleset(bounded);

describe('declared bounds of a check input', () => {
  it('are inclusive: the ends read, one past either end is refused naming the input, its range and the value', () => {
    // A d1 is always 1; a d6 has mean 7/2.
    expect(runOdds('bounded', 'die', { sides: '1' }).mean).toEqual({ p: 1, exact: '1/1' });
    expect(runOdds('bounded', 'die', { sides: 6 }).mean).toEqual({ p: 3.5, exact: '7/2' });
    built = 0;
    expect(() => runOdds('bounded', 'die', { sides: '0' })).toThrow(/^--sides must be from 1 to 6, got 0$/);
    expect(() => runOdds('bounded', 'die', { sides: 7 })).toThrow(/^--sides must be from 1 to 6, got 7$/);
    expect(() => runOdds('bounded', 'die', { sides: '2', bonus: '-4' })).toThrow(/^--bonus must be -3 or more, got -4$/);
    expect(() => runOdds('bounded', 'die', { sides: '2', weight: '1.5' })).toThrow(/^--weight must be from 0 to 1, got 1.5$/);
    expect(built).toBe(0);
    // A bound only on one side leaves the other open: a d2 + 1000 has mean 1001.5.
    expect(runOdds('bounded', 'die', { sides: '2', bonus: '1000' }).mean!.p).toBe(1001.5);
  });

  it('whole numbers are plain decimal digits; other numbers are decimals', () => {
    // One rule for every number read from text (core/numbers.ts): no blanks, exponents or hex.
    for (const raw of ['0x3', '3e0', '3.0', ' ', '', '+', 'three', ' 3 '])
      expect(() => runOdds('bounded', 'die', { sides: raw }), JSON.stringify(raw)).toThrow(/^--sides: expected a whole number, got /);
    expect(runOdds('bounded', 'die', { sides: '3' }).inputs.sides).toBe(3);
    expect(runOdds('bounded', 'die', { sides: '3', weight: '0.25' }).inputs.weight).toBe(0.25);
    expect(() => runOdds('bounded', 'die', { sides: '3', weight: '1e-1' })).toThrow(/^--weight: expected a number, got "1e-1"$/);
    expect(() => runOdds('bounded', 'die', { sides: '3', weight: '0x1' })).toThrow(/^--weight: expected a number, got "0x1"$/);
  });

  it('a sweep whose range leaves the bounds is refused before any cell is read', () => {
    built = 0;
    expect(() => runSweep('bounded', 'die', {}, [{ name: 'sides', from: 4, to: 9, step: 1 }])).toThrow(/^--vary sides: --sides must be from 1 to 6, got 9$/);
    expect(() => runSweep('bounded', 'die', {}, [{ name: 'sides', from: 6, to: 0, step: -2 }])).toThrow(/^--vary sides: --sides must be from 1 to 6, got 0$/);
    expect(built).toBe(0);
    // The range's last value, not its `to`, is its end: 1, 3, 5 stay inside.
    expect(runSweep('bounded', 'die', {}, [{ name: 'sides', from: 1, to: 6, step: 2 }]).cells.map((c) => c.mean!.exact)).toEqual(['1/1', '2/1', '3/1']);
  });
});

describe("the real rulesets' bounds", () => {
  it('refuse the inputs QA found filling the memory, overflowing the stack or running for minutes', () => {
    const refused: Array<[string, string, Record<string, unknown>, RegExp]> = [
      ['omega', 'sleep', { difficulty: '1000000000' }, /^--difficulty must be from 0 to 100, got 1000000000$/],
      ['omega', 'sleep', { difficulty: '10000000' }, /^--difficulty must be from 0 to 100, got 10000000$/],
      ['omega', 'disarm', { dex: 12, level: 1, difficulty: 1_000_000 }, /^--difficulty must be from 0 to 100/],
      ['wasteland', 'disarm', { dice: '5000' }, /^--dice must be from 1 to 20, got 5000$/],
      ['cdda', 'avoid', { avoidance: '1000000' }, /^--avoidance must be from 0 to 100, got 1000000$/],
      ['d20', 'damage', { dice: '20d6*20d6' }, /^--dice: 20d6 missiles: at most 100 \(limit\)$/],
      ['d20', 'damage', { dice: '10d6*10d6' }, /^damage --dice 10d6\*10d6 --str 0: too large to read exactly/],
    ];
    // Refused, not computed: each message is a bound's, met before the dice are read, or the exact
    // reading's step limit ("too large to read exactly"), which it meets after a bounded number of steps.
    for (const [ruleset, check, inputs, message] of refused) expect(() => runOdds(ruleset, check, inputs), `${ruleset} ${check} ${JSON.stringify(inputs)}`).toThrow(message);
    expect(() => runSweep('wasteland', 'disarm', {}, [{ name: 'dice', from: 5000, to: 5001, step: 1 }])).toThrow(/^--vary dice: --dice must be from 1 to 20, got 5000$/);
  });

  it('still cover the game: the deepest Omega level (caves at depth 100, D 34), every cdda trap number (up to 99), 20 wasteland dice', () => {
    // D = 100/3 + 1 = 34 (lev.c difficulty(), integer division).
    expect(runOdds('omega', 'difficulty', { environment: 'caves', depth: 100 }).mean!.exact).toBe('34/1');
    // Sleep counts 2 .. 2s+1 with s = 34/5 + 1 = 7: fourteen values, each 1/14.
    const sleep = runOdds('omega', 'sleep', { difficulty: 34 });
    expect(Object.keys(sleep.outcomes)).toEqual(Array.from({ length: 14 }, (_, i) => String(i + 2)));
    expect(Object.values(sleep.outcomes).every((o) => o.exact === '1/14')).toBe(true);
    // A lava tile (A 99) unseen: 6d99 against 3d8 for a Dex 8 survivor; sprung unless all six trap dice are tiny.
    expect(runOdds('cdda', 'avoid', { avoidance: 99 }).outcomes.sprung!.p).toBeGreaterThan(0.999);
    // 20 dice of the default die (2 shields in 6): sprung only without any shield, (4/6)^20.
    expect(runOdds('wasteland', 'disarm', { dice: 20 }).outcomes.sprung!.exact).toBe(`${2n ** 20n}/${3n ** 20n}`);
  });

  it("read Omega's disarm at the largest D with random_range taken literally (10,000 values a roll), counted here face by face", () => {
    // random_range(k) = floor(u * k / 10000), u in 0..9999 (util.c). Dex 12, level 1: skill 27.
    const below = (k: number, s: number) => Array.from({ length: 10_000 }, (_, u) => Math.floor((u * k) / 10_000)).filter((r) => r < s).length;
    const D = 100;
    const success = below(50 + 5 * D, 27);
    const component = below(100, 12);
    const calm = below(10 + 2 * D, 13); // random_range(10 + 2D) <= Dex: no accident
    const r = runOdds('omega', 'disarm', { dex: 12, level: 1, difficulty: D }, { emulateRandomRange: true });
    const p = (o: string) => r.outcomes[o]!.p;
    expect(p('component')).toBeCloseTo((success * component) / 1e8, 12);
    expect(p('disarmed')).toBeCloseTo((success * (10_000 - component)) / 1e8, 12);
    expect(p('failed')).toBeCloseTo(((10_000 - success) * calm) / 1e8, 12);
    expect(p('accident')).toBeCloseTo(((10_000 - success) * (10_000 - calm)) / 1e8, 12);
  });

  const real = listRulesets().filter((r) => RULESET_IDS.includes(r.id));

  it('declare both bounds on every number input of every check', () => {
    for (const r of real)
      for (const c of Object.values(r.checks))
        for (const p of c.params)
          if (p.type === 'int' || p.type === 'number') {
            expect(p.min, `${r.id} ${c.name} --${p.name}`).toBeTypeOf('number');
            expect(p.max, `${r.id} ${c.name} --${p.name}`).toBeTypeOf('number');
          }
  });

  /** Corners read in full up to this many; a check with more (a whole trap's step, a score of flags) is read at this many of them. */
  const MAX_CORNERS = 4096;

  /**
   * Every combination of each number input's two bounds, each enum value and both booleans; for a
   * check with more than MAX_CORNERS of them, MAX_CORNERS drawn evenly at random (a fixed seed),
   * every value of every input among them. The check's examples too.
   */
  function corners(c: OddsCheck): CheckInputs[] {
    const axes: Array<[string, Array<number | boolean | string>]> = [];
    for (const p of c.params) {
      const values: Array<number | boolean | string> =
        p.type === 'int' || p.type === 'number' ? [p.min!, p.max!] : p.type === 'boolean' ? [false, true] : p.type === 'enum' ? [...(p.values ?? [])] : [];
      if (values.length > 0) axes.push([p.name, values]);
    }
    const total = axes.reduce((n, [, v]) => n * v.length, 1);
    const out: CheckInputs[] = [];
    if (total <= MAX_CORNERS) {
      for (let k = 0; k < total; k++) {
        const inputs: CheckInputs = {};
        let rest = k;
        for (const [name, values] of axes) {
          inputs[name] = values[rest % values.length]!;
          rest = Math.floor(rest / values.length);
        }
        out.push(inputs);
      }
    } else {
      let state = 0x2545f491;
      const next = () => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return state >>> 8;
      };
      for (let k = 0; k < MAX_CORNERS; k++) {
        const inputs: CheckInputs = {};
        // The first rounds walk each input through all its values, the rest are drawn.
        for (const [name, values] of axes) inputs[name] = values[k < values.length ? k : next() % values.length]!;
        out.push(inputs);
      }
    }
    return [...out, ...(c.examples ?? [])];
  }

  it('read every check at every corner of its bounds well within the exact step limit; only the check itself refuses some', () => {
    for (const r of real)
      for (const c of Object.values(r.checks)) {
        let read = 0;
        for (const inputs of corners(c)) {
          const at = `${r.id} ${c.name} ${JSON.stringify(inputs)}`;
          try {
            runOdds(r.id, c.name, inputs);
            read++;
          } catch (e) {
            // Refused by the check's own rule (an undisarmable trap, a die without faces), never for size.
            expect((e as Error).message, at).not.toMatch(/too large|must be from/);
          }
        }
        expect(read, `${r.id} ${c.name}`).toBeGreaterThan(0);
      }
  });

  it('refuse one step past each bound of each input, naming it', () => {
    for (const r of real)
      for (const c of Object.values(r.checks)) {
        const base = readTypical(r.id, c, {})[0];
        expect(base, `${r.id} ${c.name}`).toBeDefined();
        for (const p of c.params) {
          if (p.type !== 'int' && p.type !== 'number') continue;
          for (const v of [p.min! - 1, p.max! + 1])
            expect(() => runOdds(r.id, c.name, { ...base!.inputs, [p.name]: v }), `${r.id} ${c.name} --${p.name} ${v}`).toThrow(`--${p.name} must be from ${p.min} to ${p.max}, got ${v}`);
        }
      }
  });
});
