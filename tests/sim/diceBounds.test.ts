/**
 * Dice without bound (issue 19, item 3): every reader of dice text refuses more than the limits
 * of diceLimits.ts, naming the limit; a sum of dice past PER_DIE_MAX is drawn with one uniform
 * draw from its distribution (so the largest sum input allows costs one draw), and every count
 * the rulesets use still rolls die by die, as before.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { main } from '../../src/cli/main.ts';
import type { Command } from '../../src/cli/io.ts';
import { MAX_DICE, MAX_DICE_BONUS, MAX_ROLL_DICE, MAX_SIDES, PER_DIE_MAX } from '../../src/core/diceLimits.ts';
import { MONSTER_KINDS } from '../../src/core/monsters.ts';
import { exact, roll, sample, sumOf } from '../../src/core/prob.ts';
import { type Random, Stream } from '../../src/core/rng.ts';
import { CEAPTUN_TRAPS } from '../../src/rulesets/ceaptun/traps.ts';
import { damageProgram, parseDamage } from '../../src/rulesets/d20/dice.ts';
import { POISONS } from '../../src/rulesets/d20/poisons.ts';
import { TRAP_KINDS } from '../../src/rulesets/d20/traps.ts';
import { parseVariant, VariantError } from '../../src/sim/variants.ts';
import { run, tempFile } from './cliHarness.ts';

/** The whole command line, as `trapsmith <argv>` runs it (usage errors exit 2). */
const trapsmith: Command = (argv, io) => main(argv, io);

/** A stream that counts every draw taken from it. */
function counting(seed: number): Random & { draws: number } {
  const s = Stream.fromSeed(seed);
  const c = {
    draws: 0,
    uniform: () => {
      c.draws++;
      return s.uniform();
    },
    int: (lo: number, hi: number) => {
      c.draws++;
      return s.int(lo, hi);
    },
    normal: (m: number, sd: number) => {
      c.draws++;
      return s.normal(m, sd);
    },
  };
  return c;
}

/** The upper `1 - alpha` quantile of chi-square with k degrees of freedom (Wilson–Hilferty). */
function chiSquareQuantile(k: number, z: number): number {
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}

/**
 * Pearson's chi-square of `draws` samples of roll(n, sides) against the exact reader's
 * distribution, bins merged from the tails until each expects at least 5.
 */
function chiSquare(n: number, sides: number, draws: number, seed: number): { stat: number; df: number } {
  const dist = exact(roll(n, sides));
  const observed = new Map<number, number>();
  const rng = Stream.fromSeed(seed);
  for (let i = 0; i < draws; i++) {
    const v = sample(roll(n, sides), rng);
    observed.set(v, (observed.get(v) ?? 0) + 1);
  }
  const bins: Array<{ e: number; o: number }> = [];
  let cur = { e: 0, o: 0 };
  for (const { value, p } of dist) {
    cur.e += p * draws;
    cur.o += observed.get(value) ?? 0;
    if (cur.e >= 5) {
      bins.push(cur);
      cur = { e: 0, o: 0 };
    }
  }
  // The right tail's remainder joins the last bin.
  bins[bins.length - 1]!.e += cur.e;
  bins[bins.length - 1]!.o += cur.o;
  const total = [...observed.values()].reduce((a, b) => a + b, 0);
  expect(total).toBe(draws);
  let stat = 0;
  for (const b of bins) stat += (b.o - b.e) ** 2 / b.e;
  return { stat, df: bins.length - 1 };
}

/** Dice counts of a written expression: each group's, and the missiles' most. */
function countsIn(text: string): number[] {
  const e = parseDamage(text);
  if (typeof e === 'string') throw new Error(e);
  const counts = e.each.dice.map(([n]) => n);
  if (e.count) counts.push(e.count.dice.reduce((a, [n, s]) => a + n * s, e.count.flat));
  return counts;
}

describe('sampling a sum of dice', () => {
  it('rolls every count the rulesets use die by die, as before: one draw a die, the same sum', () => {
    // Every count the shipped rulesets roll at once, from their own data.
    const counts: number[] = [6, 3]; // CDDA: 3d[A] aware, 6d[A] unaware (RULES.md 1)
    for (const t of Object.values(CEAPTUN_TRAPS)) for (const d of t.damage ?? []) counts.push(2 * d.n); // a hard hit rolls twice
    for (const k of TRAP_KINDS) {
      for (const text of [k.play.damage, k.play.missiles, k.design.damage, k.play.summon?.count]) if (typeof text === 'string') counts.push(...countsIn(text));
      if (k.play.depthFt) counts.push(k.play.depthFt / 10);
    }
    for (const p of POISONS) for (const d of [...p.initial, ...p.secondary]) counts.push(...countsIn(d.amount));
    for (const m of MONSTER_KINDS) counts.push(m.melee.n);
    const most = Math.max(...counts);
    expect(most).toBeGreaterThanOrEqual(18);
    expect(most).toBeLessThanOrEqual(PER_DIE_MAX);

    for (const n of [1, 2, 6, 18, 20, most, PER_DIE_MAX]) {
      const rng = counting(7);
      const got = sample(roll(n, 6), rng);
      expect(rng.draws, `${n}d6`).toBe(n);
      const by = Stream.fromSeed(7);
      let sum = 0;
      for (let i = 0; i < n; i++) sum += by.int(1, 6);
      expect(got, `${n}d6`).toBe(sum);
    }
  });

  it('draws a sum past PER_DIE_MAX dice with one uniform draw, up to the largest input allows', () => {
    for (const [n, sides] of [
      [PER_DIE_MAX + 1, 6],
      [MAX_DICE, MAX_SIDES],
      [2 * MAX_DICE, MAX_SIDES], // a hard hit of the largest Cēaptūn dice a variant may write
      [MAX_ROLL_DICE, 6],
    ] as const) {
      const rng = counting(3);
      for (let i = 0; i < 50; i++) {
        const v = sample(roll(n, sides), rng);
        expect(v).toBeGreaterThanOrEqual(n);
        expect(v).toBeLessThanOrEqual(n * sides);
      }
      expect(rng.draws, `${n}d${sides}`).toBe(50);
    }
  });

  it('the one-draw sums follow the exact reader (Pearson chi-square, fixed seeds, 99.9% bound)', () => {
    for (const [n, sides, seed] of [
      [MAX_DICE, 6, 11],
      [2 * MAX_DICE, 6, 12],
      [PER_DIE_MAX + 1, 20, 13],
    ] as const) {
      const { stat, df } = chiSquare(n, sides, 20_000, seed);
      expect(df, `${n}d${sides}`).toBeGreaterThan(10);
      expect(stat, `${n}d${sides}: chi-square ${stat.toFixed(1)} on ${df} df`).toBeLessThan(chiSquareQuantile(df, 3.09));
    }
  });

  it('a chi-square this strict tells a wrong distribution apart (the test can fail)', () => {
    // 100d6 two points too high (an eighth of its spread) is told apart from 100d6.
    const dist = exact(roll(MAX_DICE, 6));
    const rng = Stream.fromSeed(11);
    const draws = 20_000;
    const observed = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const v = sample(roll(MAX_DICE, 6), rng) + 2;
      observed.set(v, (observed.get(v) ?? 0) + 1);
    }
    let stat = 0;
    let df = -1;
    for (const { value, p } of dist)
      if (p * draws >= 5) {
        stat += ((observed.get(value) ?? 0) - p * draws) ** 2 / (p * draws);
        df++;
      }
    expect(stat).toBeGreaterThan(chiSquareQuantile(df, 3.09));
  });

  it('a program may not roll more than MAX_ROLL_DICE dice or sum more copies', () => {
    expect(() => roll(MAX_ROLL_DICE + 1, 6)).toThrow(`at most ${MAX_ROLL_DICE} dice at once (limit)`);
    expect(() => roll(1e9, 6)).toThrow(/limit/);
    expect(() => sumOf(1e9, roll(1, 6))).toThrow(`at most ${MAX_ROLL_DICE} copies at once (limit)`);
  });
});

describe('dice text past the limits is refused, naming the limit', () => {
  const ceaptun = (cells: Record<string, unknown>) => ({ name: 'big', ruleset: 'ceaptun', traps: { fireball: cells } });

  it('a variant: the schema names the cell and the limit', () => {
    for (const [cell, text, limit] of [
      ['30+', '100000d6', `at most ${MAX_DICE} dice (limit)`],
      ['30+', `${MAX_DICE + 1}d6`, `at most ${MAX_DICE} dice (limit)`],
      ['0–2', `1d${MAX_SIDES + 1}`, `dice of at most ${MAX_SIDES} sides (limit)`],
      ['0–2', `1d6+${MAX_DICE_BONUS + 1}`, `a bonus of at most ${MAX_DICE_BONUS} either way (limit)`],
    ] as const) {
      expect(() => parseVariant(ceaptun({ [cell]: text }))).toThrow(VariantError);
      expect(() => parseVariant(ceaptun({ [cell]: text }))).toThrow(`traps.fireball.${cell}: ${text}: ${limit}`);
    }
    expect(parseVariant(ceaptun({ '30+': `${MAX_DICE}d${MAX_SIDES}` })).traps?.fireball?.['30+']).toBe(`${MAX_DICE}d${MAX_SIDES}`);
  });

  it('a variant file given to sim exits 2 with the limit, before any game runs', async () => {
    const file = tempFile('big.json', ceaptun({ '30+': '100000d6' }));
    const r = await run(trapsmith, ['sim', '--ruleset', 'ceaptun', '--variant', file, '--runs', '1', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('traps.fireball.30+: 100000d6: at most 100 dice (limit)');
  });

  it('d20 dice: the whole expression counts, and the missiles count as dice', () => {
    expect(parseDamage('100000d6')).toBe(`100000d6: at most ${MAX_DICE} dice (limit)`);
    expect(parseDamage(`${MAX_DICE / 2 + 1}d6+${MAX_DICE / 2}d4`)).toMatch(/at most 100 dice \(limit\)$/);
    expect(parseDamage('1d1001')).toBe(`1d1001: dice of at most ${MAX_SIDES} sides (limit)`);
    expect(parseDamage(`${MAX_DICE + 1}*1d4`)).toBe(`${MAX_DICE + 1} missiles: at most ${MAX_DICE} (limit)`);
    expect(parseDamage('99999999999999*1d4')).toMatch(/^99999999999999: a bonus of at most 10000 either way \(limit\)$/);
    expect(parseDamage('1d4+1e400')).toMatch(/cannot read/);
    expect(parseDamage(`2d6+${'9'.repeat(400)}`)).toMatch(/at most 10000 either way \(limit\)$/);
    // The most the limits allow still reads, and samples.
    expect(parseDamage(`1d${MAX_DICE}*${MAX_DICE}d${MAX_SIDES}`)).toMatchObject({ count: { dice: [[1, MAX_DICE]] } });
    expect(parseDamage(`1d${MAX_DICE + 1}*1d4`)).toBe(`1d${MAX_DICE + 1} missiles: at most ${MAX_DICE} (limit)`);
    const top = parseDamage(`${MAX_DICE}*${MAX_DICE}d${MAX_SIDES}`);
    if (typeof top === 'string') throw new Error(top);
    const rng = counting(5);
    const v = sample(damageProgram(top), rng);
    expect(v).toBeGreaterThanOrEqual(MAX_DICE * MAX_DICE);
    expect(rng.draws).toBe(MAX_DICE); // one draw a missile
  });

  it('the designer (trapsmith design) and the odds check (trapsmith odds) exit 2 naming the limit', async () => {
    const design = await run(trapsmith, ['design', 'd20', '--trigger', 'location', '--reset', 'manual', '--attack', '5', '--damage', '100000d6']);
    expect(design.code).toBe(2);
    expect(design.err).toContain('--damage: 100000d6: at most 100 dice (limit)');
    const odds = await run(trapsmith, ['odds', 'd20', 'damage', '--dice', '100000d6']);
    expect(odds.code).toBe(2);
    expect(odds.err).toContain('--dice: 100000d6: at most 100 dice (limit)');
    const missiles = await run(trapsmith, ['odds', 'd20', 'damage', '--dice', '101*1d4']);
    expect(missiles.code).toBe(2);
    expect(missiles.err).toContain('--dice: 101 missiles: at most 100 (limit)');
  });
});
