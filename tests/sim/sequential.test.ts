/**
 * The precision stop of `compare` and `sim --vary` (sim/precision.ts compareVerdict on
 * stats/sequential.ts), held by simulation under a known truth: paired yes/no outcomes of equal
 * columns, looked at every 100 seeds until settled, at several precisions, rates and pairings.
 * However often it looks, the runs that claim a difference that is not there stay at or under the
 * stated 5%: the count of such runs is held under the count Binomial(runs, 0.05) reaches with
 * chance at most 1 in 1000, so a fixed seed away the test still holds. The old rule (each 95%
 * interval on its own, every look) goes far past the same bound; a planted difference is found.
 */
import { describe, expect, it } from 'vitest';
import { PairedStats } from '../../src/sim/paired.ts';
import { COMPARE_PRECISION_LEVEL, compareVerdict, compareVerdictLines } from '../../src/sim/precision.ts';
import { binomialTails } from '../../src/sim/stats/binomial.ts';
import { anytimePValue, confidenceSequence, holm, sequentialDifferences } from '../../src/sim/stats/sequential.ts';
import { falseClaims, mulberry32, newRule, nullTruths, oldRule, simulateRun } from '../support/sequentialNull.ts';

/** The fewest wrong runs of `n` that a true rate of `level` reaches with chance at most 1/1000. */
function bound(n: number, level: number): number {
  let k = 0;
  while (binomialTails(k, n, level).above > 0.001) k++;
  return k;
}

const RUNS = 200;
const CAP = 3000;
// Precision, survival rate, trap death rate, how often a column does what the baseline did, columns beside it.
const NULLS: Array<[number, number, number, number, number]> = [
  [0.1, 0.5, 0.3, 0.6, 2],
  [0.05, 0.8, 0.05, 0.8, 2],
  [0.03, 0.7, 0.1, 0.9, 2],
  [0.05, 0.6, 0.2, 0.7, 1],
];

describe('the precision stop under no difference', () => {
  it('claims a difference in at most 5% of runs at every precision and rate; the old rule does far more', () => {
    expect(COMPARE_PRECISION_LEVEL).toBe(0.05);
    const limit = bound(RUNS, 0.05);
    let newWrong = 0;
    let oldWrong = 0;
    for (const [i, [precision, survival, trapDeath, same, columns]] of NULLS.entries()) {
      const truths = nullTruths(survival, trapDeath, same, columns);
      const now = falseClaims(truths, newRule, precision, CAP, RUNS, 100 + i);
      expect(now.wrong, `±${precision}, survival ${survival}, trap death ${trapDeath}`).toBeLessThan(limit);
      newWrong += now.wrong;
      oldWrong += falseClaims(truths, oldRule, precision, CAP, RUNS, 100 + i).wrong;
    }
    const pooled = bound(RUNS * NULLS.length, 0.05);
    expect(newWrong).toBeLessThan(pooled);
    // The same harness catches the rule #39 replaced (it claims in 12-20% of these runs).
    expect(oldWrong).toBeGreaterThanOrEqual(pooled);
  });
});

describe('the precision stop under a planted difference', () => {
  it('finds it, with its sign, and claims nothing where there is none', () => {
    const truths = nullTruths(0.6, 0.05, 0.8);
    truths[0]!.trapDeath = { base: 0.05, other: 0.1, same: 0.8 };
    truths[1]!.survival = { base: 0.6, other: 0.5, same: 0.8 };
    const rnd = mulberry32(7);
    let found = 0;
    let spurious = 0;
    const n = 60;
    for (let k = 0; k < n; k++) {
      const { claims } = simulateRun(truths, newRule, 0.03, 5000, rnd);
      if (claims[0]!.trapDeath === 1 && claims[1]!.survival === -1) found++;
      if (claims[0]!.survival !== 0 || claims[1]!.trapDeath !== 0) spurious++;
    }
    // With about 0.06 of the seeds discordant, a difference of 0.05 is about 6 standard errors at 1,000 seeds.
    expect(found).toBeGreaterThanOrEqual(n - 3);
    expect(spurious).toBeLessThan(bound(n, 0.05));
  });
});

describe('the always-valid rule', () => {
  it("Holm's step-down: the i-th smallest p at alpha / (m − i + 1), stopping at the first that fails", () => {
    // Sorted p 0.01, 0.02, 0.04 against 0.05/3, 0.05/2, 0.05: all claimed.
    expect(holm([0.04, 0.01, 0.02], 0.05).map((h) => h.claimed)).toEqual([true, true, true]);
    // 0.03 fails 0.05/2 = 0.025: it and every larger one unclaimed, both at that level.
    expect(holm([0.03, 0.01, 0.04], 0.05)).toEqual([
      { level: 0.025, claimed: false },
      { level: 0.05 / 3, claimed: true },
      { level: 0.025, claimed: false },
    ]);
  });

  it('excludes 0 exactly when it claims, and its interval holds the estimate', () => {
    const rnd = mulberry32(3);
    for (let k = 0; k < 500; k++) {
      const count = 100 * (1 + Math.floor(rnd() * 50));
      const sumSq = Math.floor(rnd() * count * 0.3);
      const sum = Math.round((2 * rnd() - 1) * sumSq);
      const s = { count, sum, sumSq };
      const [d] = sequentialDifferences([s], 0.05);
      expect(d!.lo <= d!.diff && d!.diff <= d!.hi).toBe(true);
      expect(d!.claimed).toBe(d!.lo > 0 || d!.hi < 0);
      expect(d!.claimed).toBe(anytimePValue(s) <= 0.05);
      // A smaller level draws a wider interval.
      const wide = confidenceSequence(s, 0.01);
      expect(wide.lo).toBeLessThanOrEqual(d!.lo + 1e-12);
      expect(wide.hi).toBeGreaterThanOrEqual(d!.hi - 1e-12);
    }
  });

  it('the verdict and the report say the rule, its level and its looks', () => {
    const p = new PairedStats();
    p.data.survived = { both: 500, onlyFirst: 10, onlySecond: 40, neither: 450 };
    p.data.diedToTrap = { both: 20, onlyFirst: 5, onlySecond: 6, neither: 969 };
    const v = compareVerdict([p], 1000, ['survival', 'trapDeath'], 0.02);
    expect(v.rule).toMatchObject({ level: 0.05, differences: 2, every: 100 });
    expect(v.rule.name).toMatch(/Robbins normal-mixture confidence sequence, Holm/);
    expect(v.columns[0]!.survival!.excludesZero).toBe(true);
    expect(v.columns[0]!.trapDeath!.excludesZero).toBe(false);
    const lines = compareVerdictLines(v, 100000);
    expect(lines).toMatch(/^Precision stop: settled after 1000 runs/);
    expect(lines).toMatch(/Rule: 95% for all the watched differences together, always valid however often looked at \(Robbins normal-mixture confidence sequence, Holm across the differences\), looked at every 100 games/);
    expect(lines).toMatch(/column 2 survival \+0\.0300 in \[\+0\.\d{4}, \+0\.\d{4}\] ±0\.\d{4} \(differs\); p 0\.\d{4}, tested at 0\.0250/);
  });
});
