/**
 * Confidence intervals for rates: the Wilson score interval for one proportion, and Newcombe's
 * hybrid score intervals (his "method 10") for a difference of two proportions, independent or
 * paired. They behave at 0 and 1, where the textbook normal interval breaks down, which matters
 * here: many trap rates are near 0 (set-offs of a trained character) or near 1.
 */
import { normalCdf } from '../../core/normal.ts';

/** Two-sided 95% normal quantile. */
export const Z95 = 1.959963984540054;
/** Two-sided 99.9% normal quantile. */
export const Z999 = 3.2905267314918945;

/**
 * The two-sided level each of `tests` tests is held at so that all of them hold together at
 * `level` (Bonferroni: 1 − level shared out evenly), so a run of many outcomes at 99.9% cries
 * drift by chance one time in a thousand, not once per thousand outcomes. `verify` and
 * `verify --in-play` both hold their outcomes together by it.
 */
export function alphaForFamily(level: number, tests: number): number {
  if (!(level > 0 && level < 1) || !(tests >= 1)) throw new RangeError(`alphaForFamily: level ${level}, ${tests} tests`);
  return (1 - level) / tests;
}

/**
 * The two-sided normal quantile of `alphaForFamily`: each interval at 1 − (1 − level) / tests.
 * One test: the plain quantile (Z999 at 0.999).
 */
export function zForFamily(level: number, tests: number): number {
  const tail = alphaForFamily(level, tests) / 2;
  // normalCdf is increasing: bisect for the z whose upper tail is `tail`.
  let lo = 0;
  let hi = 40;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (1 - normalCdf(mid) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface Interval {
  /** The point estimate (NaN when there is no data). */
  p: number;
  lo: number;
  hi: number;
}

/** The Wilson score interval for k successes in n trials at normal quantile z. */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (!(n > 0)) return { p: Number.NaN, lo: 0, hi: 1 };
  if (k < 0 || k > n) throw new RangeError(`wilson: ${k} successes in ${n} trials`);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At the edges the formula's roundoff can leave 1e-17 instead of 0: pin them.
  return { p, lo: k === 0 ? 0 : Math.max(0, centre - half), hi: k === n ? 1 : Math.min(1, centre + half) };
}

/**
 * Difference p1 − p2 of two independent proportions (Newcombe 1998, method 10): the Wilson
 * limits of each proportion combined in quadrature.
 */
export function newcombeDiff(k1: number, n1: number, k2: number, n2: number, z = Z95): Interval {
  if (!(n1 > 0) || !(n2 > 0)) return { p: Number.NaN, lo: -1, hi: 1 };
  const a = wilson(k1, n1, z);
  const b = wilson(k2, n2, z);
  const d = a.p - b.p;
  return {
    p: d,
    lo: d - Math.sqrt((a.p - a.lo) ** 2 + (b.hi - b.p) ** 2),
    hi: d + Math.sqrt((a.hi - a.p) ** 2 + (b.p - b.lo) ** 2),
  };
}

/**
 * The 2×2 table of a paired binary outcome (the same seed under two rulesets): `both` true under
 * both, `onlyFirst`, `onlySecond`, `neither`.
 */
export interface PairedTable {
  both: number;
  onlyFirst: number;
  onlySecond: number;
  neither: number;
}

/**
 * Difference p1 − p2 of two paired proportions (Newcombe 1998, paired data, method 10): the Wilson
 * limits of each margin combined with the correlation φ of the pairs, so common random numbers
 * (the same maps and monsters) narrow the interval as they should.
 */
export function newcombePairedDiff(t: PairedTable, z = Z95): Interval {
  const { both: a, onlyFirst: b, onlySecond: c, neither: d } = t;
  const n = a + b + c + d;
  if (n === 0) return { p: Number.NaN, lo: -1, hi: 1 };
  const first = wilson(a + b, n, z);
  const second = wilson(a + c, n, z);
  const diff = (b - c) / n;
  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  const phi = margins === 0 ? 0 : (a * d - b * c) / Math.sqrt(margins);
  const dl1 = first.p - first.lo;
  const du1 = first.hi - first.p;
  const dl2 = second.p - second.lo;
  const du2 = second.hi - second.p;
  const lower = Math.sqrt(Math.max(0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2));
  const upper = Math.sqrt(Math.max(0, du1 * du1 - 2 * phi * du1 * dl2 + dl2 * dl2));
  return { p: diff, lo: Math.max(-1, diff - lower), hi: Math.min(1, diff + upper) };
}

/** A normal-theory interval for a mean from its count, sum and sum of squares. */
export function meanInterval(count: number, sum: number, sumSq: number, z = Z95): Interval {
  if (count === 0) return { p: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  const m = sum / count;
  if (count === 1) return { p: m, lo: Number.NEGATIVE_INFINITY, hi: Number.POSITIVE_INFINITY };
  const variance = Math.max(0, (sumSq - count * m * m) / (count - 1));
  const half = z * Math.sqrt(variance / count);
  return { p: m, lo: m - half, hi: m + half };
}
