import { describe, expect, it } from 'vitest';
import { Histogram } from '../../src/sim/stats/histogram.ts';
import { meanInterval, newcombeDiff, newcombePairedDiff, wilson, Z95, Z999, zForFamily } from '../../src/sim/stats/wilson.ts';

/** The Wilson limits by their definition: the p where |k/n - p| = z sqrt(p(1-p)/n), found by bisection. */
function wilsonByBisection(k: number, n: number, z: number): [number, number] {
  const phat = k / n;
  const f = (p: number) => Math.abs(phat - p) - z * Math.sqrt((p * (1 - p)) / n);
  const root = (a: number, b: number) => {
    // f(a) and f(b) have opposite signs (or one is 0).
    for (let i = 0; i < 200; i++) {
      const m = (a + b) / 2;
      if (Math.sign(f(m)) === Math.sign(f(a))) a = m;
      else b = m;
    }
    return (a + b) / 2;
  };
  // f < 0 just inside the data's side of each root (f(phat) < 0; at phat = 0 or 1 step off it).
  const inner = phat === 0 ? 1e-12 : phat === 1 ? 1 - 1e-12 : phat;
  const lo = k === 0 ? 0 : root(0, inner);
  const hi = k === n ? 1 : root(inner, 1);
  return [lo, hi];
}

/** A small deterministic generator for test data (not the game's). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe('Wilson score interval', () => {
  it('matches the published values (Newcombe 1998, single proportion)', () => {
    // Newcombe, Statistics in Medicine 17:857-872, Table I, method 3 (score, no continuity correction).
    const cases: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [k, n, lo, hi] of cases) {
      const w = wilson(k, n, Z95);
      expect(w.lo).toBeCloseTo(lo, 4);
      expect(w.hi).toBeCloseTo(hi, 4);
    }
  });

  it('equals the limits found from the definition by bisection', () => {
    for (const [k, n] of [
      [0, 1],
      [1, 1],
      [3, 10],
      [50, 100],
      [999, 1000],
      [7, 100000],
    ] as const) {
      for (const z of [Z95, Z999]) {
        const [lo, hi] = wilsonByBisection(k, n, z);
        const w = wilson(k, n, z);
        expect(w.lo).toBeCloseTo(lo, 10);
        expect(w.hi).toBeCloseTo(hi, 10);
        expect(w.p).toBe(k / n);
      }
    }
  });

  it('is [0, 1] with no data and refuses impossible counts', () => {
    expect(wilson(0, 0)).toMatchObject({ lo: 0, hi: 1 });
    expect(() => wilson(5, 4)).toThrow(RangeError);
  });

  it('covers the true rate about 95% of the time', () => {
    const rand = lcg(7);
    const p = 0.1;
    const n = 60;
    let covered = 0;
    const trials = 4000;
    for (let t = 0; t < trials; t++) {
      let k = 0;
      for (let i = 0; i < n; i++) if (rand() < p) k++;
      const w = wilson(k, n);
      if (w.lo <= p && p <= w.hi) covered++;
    }
    // Wilson's coverage at n = 60, p = 0.1 is close to nominal (within a couple of points).
    expect(covered / trials).toBeGreaterThan(0.92);
    expect(covered / trials).toBeLessThan(0.98);
  });
});

describe('Newcombe intervals for differences', () => {
  it('independent: Wilson limits combined in quadrature (checked against the bisection limits)', () => {
    for (const [k1, n1, k2, n2] of [
      [56, 70, 48, 80],
      [9, 10, 3, 10],
      [5, 56, 0, 29],
      [0, 10, 0, 20],
    ] as const) {
      const [l1, u1] = wilsonByBisection(k1, n1, Z95);
      const [l2, u2] = wilsonByBisection(k2, n2, Z95);
      const p1 = k1 / n1;
      const p2 = k2 / n2;
      const d = newcombeDiff(k1, n1, k2, n2);
      expect(d.p).toBeCloseTo(p1 - p2, 12);
      expect(d.lo).toBeCloseTo(p1 - p2 - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), 9);
      expect(d.hi).toBeCloseTo(p1 - p2 + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2), 9);
    }
  });

  it('independent: matches Newcombe 1998 (Table II, method 10)', () => {
    const a = newcombeDiff(56, 70, 48, 80);
    expect(a.lo).toBeCloseTo(0.0524, 4);
    expect(a.hi).toBeCloseTo(0.3339, 4);
    const b = newcombeDiff(5, 56, 0, 29);
    expect(b.lo).toBeCloseTo(-0.0381, 4);
    expect(b.hi).toBeCloseTo(0.1926, 4);
  });

  it('paired: with uncorrelated pairs it is the independent interval on the margins', () => {
    // both=25, onlyFirst=25, onlySecond=25, neither=25: phi = 0, margins 50/100 each.
    const t = { both: 25, onlyFirst: 25, onlySecond: 25, neither: 25 };
    const paired = newcombePairedDiff(t);
    const indep = newcombeDiff(50, 100, 50, 100);
    expect(paired.p).toBe(0);
    expect(paired.lo).toBeCloseTo(indep.lo, 12);
    expect(paired.hi).toBeCloseTo(indep.hi, 12);
  });

  it('paired: positive correlation narrows the interval, as common random numbers should', () => {
    // Same margins (60% vs 50%), but runs agree far more often than chance.
    const correlated = newcombePairedDiff({ both: 50, onlyFirst: 10, onlySecond: 0, neither: 40 });
    const independent = newcombeDiff(60, 100, 50, 100);
    expect(correlated.p).toBeCloseTo(0.1, 12);
    expect(correlated.hi - correlated.lo).toBeLessThan(independent.hi - independent.lo);
    expect(correlated.lo).toBeGreaterThan(0);
  });

  it('paired: identical columns give a zero difference and a far narrower interval than unpaired', () => {
    // phi = 1: the interval keeps only the asymmetry of the Wilson limits.
    const d = newcombePairedDiff({ both: 30, onlyFirst: 0, onlySecond: 0, neither: 70 });
    const w = wilson(30, 100);
    expect(d.p).toBe(0);
    expect(d.lo).toBeCloseTo(-Math.abs(w.p - w.lo - (w.hi - w.p)), 12);
    expect(d.hi).toBeCloseTo(Math.abs(w.hi - w.p - (w.p - w.lo)), 12);
    const unpaired = newcombeDiff(30, 100, 30, 100);
    expect(d.hi - d.lo).toBeLessThan((unpaired.hi - unpaired.lo) / 5);
  });

  it('mean interval: the normal interval from count, sum and sum of squares', () => {
    const xs = [3, -1, 4, 1, -5, 9, 2, 6];
    const n = xs.length;
    const m = xs.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (n - 1));
    const i = meanInterval(
      n,
      xs.reduce((a, b) => a + b, 0),
      xs.reduce((a, x) => a + x * x, 0),
    );
    expect(i.p).toBeCloseTo(m, 12);
    expect(i.hi - i.p).toBeCloseTo((Z95 * sd) / Math.sqrt(n), 10);
  });
});

/** The empirical quantile the histogram promises: the smallest value with at least q of the data at or below it. */
function sortedQuantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (q === 0) return s[0]!;
  return s[Math.ceil(q * s.length) - 1]!;
}

describe('streaming histogram', () => {
  it('gives exact quantiles, mean and max of integer data', () => {
    const rand = lcg(42);
    const xs = Array.from({ length: 5001 }, () => Math.floor(rand() * rand() * 120) - 5);
    const h = new Histogram();
    for (const x of xs) h.add(x);
    for (const q of [0, 0.01, 0.25, 0.5, 0.9, 0.95, 0.99, 1]) expect(h.quantile(q)).toBe(sortedQuantile(xs, q));
    expect(h.mean()).toBeCloseTo(xs.reduce((a, b) => a + b, 0) / xs.length, 12);
    expect(h.max).toBe(Math.max(...xs));
    expect(h.min).toBe(Math.min(...xs));
    expect(h.count).toBe(xs.length);
  });

  it('merging pieces gives the same histogram as adding everything, in any order', () => {
    const rand = lcg(3);
    const xs = Array.from({ length: 3000 }, () => Math.floor(rand() * 400));
    const whole = new Histogram();
    for (const x of xs) whole.add(x);
    const pieces = [0, 700, 1900, 3000];
    const parts = pieces.slice(1).map((end, i) => {
      const h = new Histogram();
      for (const x of xs.slice(pieces[i], end)) h.add(x);
      return h;
    });
    const forward = new Histogram();
    for (const p of parts) forward.merge(p);
    const backward = new Histogram();
    for (const p of [...parts].reverse()) backward.merge(p);
    expect(forward.toData()).toEqual(whole.toData());
    expect(backward.toData()).toEqual(whole.toData());
  });

  it('stays within its bin budget, coarsening the same way whether merged or not', () => {
    const rand = lcg(11);
    const xs = Array.from({ length: 20000 }, () => Math.floor(rand() * 100000));
    const whole = new Histogram(64);
    for (const x of xs) whole.add(x);
    expect(whole.binCount).toBeLessThanOrEqual(64);
    expect(whole.binWidth).toBeGreaterThan(1);
    const a = new Histogram(64);
    const b = new Histogram(64);
    xs.forEach((x, i) => {
      (i % 3 === 0 ? a : b).add(x);
    });
    a.merge(b);
    expect(a.toData()).toEqual(whole.toData());
    // A coarse quantile is the top of its bin: never below the exact one, less than a bin above.
    for (const q of [0.5, 0.95]) {
      const exact = sortedQuantile(xs, q);
      expect(whole.quantile(q)).toBeGreaterThanOrEqual(exact);
      expect(whole.quantile(q) - exact).toBeLessThan(whole.binWidth);
    }
  });

  it('round-trips through its data form (what workers send) and JSON', () => {
    const h = new Histogram();
    for (const x of [5, 5, 7, 0, 12]) h.add(x);
    const back = Histogram.fromData(JSON.parse(JSON.stringify(h.toData())));
    expect(back.toData()).toEqual(h.toData());
    const empty = Histogram.fromData(JSON.parse(JSON.stringify(new Histogram().toData())));
    empty.add(3);
    expect(empty.min).toBe(3);
    expect(empty.max).toBe(3);
  });
});

describe('intervals that hold together (Bonferroni)', () => {
  it('one test is the plain quantile; a hundred at 99.9% each take the quantile of 1e-5 two-sided (4.4172, from the normal tables)', () => {
    expect(zForFamily(0.999, 1)).toBeCloseTo(Z999, 6);
    expect(zForFamily(0.95, 1)).toBeCloseTo(Z95, 6);
    expect(zForFamily(0.999, 100)).toBeCloseTo(4.4172, 3);
    expect(zForFamily(0.999, 303)).toBeGreaterThan(zForFamily(0.999, 100));
    expect(() => zForFamily(1, 3)).toThrow(RangeError);
  });
});
