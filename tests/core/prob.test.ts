import { describe, expect, it } from 'vitest';
import { fraction, fractionToString } from '../../src/core/fraction.ts';
import { normalAbove, normalCdf } from '../../src/core/normal.ts';
import { InputError } from '../../src/core/errors.ts';
import { add, chance, choice, compare, constant, EXACT_STEP_LIMIT, ExactLimitError, exact, iterate, lift2, mean, type Prob, probabilityOf, roll, roundedNormal, sample, sumOf, uniform } from '../../src/core/prob.ts';
import { Stream } from '../../src/core/rng.ts';

/** Independent count of outcomes of n dice by brute force over every face combination. */
function bruteForceSums(n: number, sides: number): Map<number, number> {
  const counts = new Map<number, number>();
  const rec = (k: number, total: number) => {
    if (k === n) {
      counts.set(total, (counts.get(total) ?? 0) + 1);
      return;
    }
    for (let f = 1; f <= sides; f++) rec(k + 1, total + f);
  };
  rec(0, 0);
  return counts;
}

const asText = (v: { exact: { num: bigint; den: bigint } | null }) => (v.exact ? fractionToString(v.exact) : null);

describe('exact interpreter', () => {
  it('2d12 matches brute-force counting over 144 outcomes', () => {
    const brute = bruteForceSums(2, 12);
    const outcomes = exact(roll(2, 12));
    expect(outcomes.map((o) => o.value)).toEqual([...brute.keys()].sort((a, b) => a - b));
    for (const o of outcomes) expect(asText(o)).toBe(fractionToString(fraction(brute.get(o.value)!, 144)));
  });

  it('3d6 against 3d6: ties are 361/3888, each side wins 3527/7776 (brute force over 6^6)', () => {
    const a = bruteForceSums(3, 6);
    let less = 0;
    let equal = 0;
    for (const [x, cx] of a) for (const [y, cy] of a) (x < y ? (less += cx * cy) : x === y ? (equal += cx * cy) : 0);
    const result = exact(compare(roll(3, 6), roll(3, 6)));
    const byValue = new Map(result.map((o) => [o.value, asText(o)]));
    expect(byValue.get(0)).toBe(fractionToString(fraction(equal, 6 ** 6)));
    expect(byValue.get(-1)).toBe(fractionToString(fraction(less, 6 ** 6)));
    expect(byValue.get(0)).toBe('361/3888');
    expect(byValue.get(1)).toBe('3527/7776');
  });

  it('a normal threshold: P(round(N(6,3)) > 10) = 1 - Phi(1.5) = 0.0668072', () => {
    const p = probabilityOf(roundedNormal(6, 3).map((r) => r > 10), true);
    expect(p.exact).toBeNull();
    expect(p.p).toBeCloseTo(0.0668072012688581, 12);
  });

  it('the normal CDF agrees with tabulated values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1)).toBeCloseTo(0.841344746068543, 14);
    expect(normalCdf(-2.5)).toBeCloseTo(0.00620966532577613, 15);
    expect(1 - normalCdf(4 / 3)).toBeCloseTo(0.0912112197258679, 13);
    expect(normalAbove(10.5, 8, 3)).toBeCloseTo(0.202328380963643, 13);
    expect(normalCdf(-7)).toBeCloseTo(1.27981254388584e-12, 22);
  });

  it('outcomes of every program sum to exactly 1', () => {
    const programs = [
      roll(6, 99),
      uniform(-3, 4),
      choice([
        [1, 'a'],
        [2, 'b'],
        [3, 'a'],
      ]),
      chance(2, 7).bind((b) => (b ? roll(1, 4) : constant(0))),
      lift2(roll(2, 6), uniform(1, 3), (x, y) => x * y),
      sumOf(4, uniform(0, 1)),
    ];
    for (const p of programs) {
      let num = 0n;
      let den = 1n;
      for (const o of exact(p as ReturnType<typeof roll>)) {
        num = num * o.exact!.den + o.exact!.num * den;
        den *= o.exact!.den;
      }
      expect(num).toBe(den);
    }
  });

  it('sumOf convolves: 4 draws of U{0,1} are Binomial(4, 1/2)', () => {
    const out = exact(sumOf(4, uniform(0, 1)));
    expect(out.map(asText)).toEqual(['1/16', '1/4', '3/8', '1/4', '1/16']);
  });

  it('a loop is read as a Markov chain: +1 with chance 1/2 until 3 or a stop', () => {
    // From 0: each round, with 1/2 go up by one, else stop (negated). Ends at 3 with (1/2)^3.
    const p = iterate<number>(0, (s) => (s < 0 || s >= 3 ? null : chance(1, 2).map((up) => (up ? s + 1 : -s - 100))));
    const byValue = new Map(exact(p).map((o) => [o.value, asText(o)]));
    expect(byValue.get(3)).toBe('1/8');
    expect(byValue.get(-100)).toBe('1/2');
    expect(byValue.get(-101)).toBe('1/4');
    expect(byValue.get(-102)).toBe('1/8');
  });

  it('means are exact: 2d6 has mean 7, 1d4 mean 5/2', () => {
    expect(asText(mean(roll(2, 6)))).toBe('7/1');
    expect(asText(mean(roll(1, 4)))).toBe('5/2');
  });
});

describe('sampler', () => {
  it('draws within range and agrees with the exact reading (chi-square-free check on 2d6)', () => {
    const rng = Stream.fromSeed(42);
    const n = 60_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const v = sample(roll(2, 6), rng);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    for (const o of exact(roll(2, 6))) {
      const observed = (counts.get(o.value) ?? 0) / n;
      const sd = Math.sqrt((o.p * (1 - o.p)) / n);
      expect(Math.abs(observed - o.p)).toBeLessThan(5 * sd);
    }
  });

  it('the same stream state gives the same draws', () => {
    const a = Stream.fromSeed(7);
    const b = Stream.fromSeed(7);
    const p = lift2(roll(3, 6), roundedNormal(0, 3), (x, y) => x + y);
    for (let i = 0; i < 100; i++) expect(sample(p, a)).toBe(sample(p, b));
  });
});

describe('the exact reading refuses programs too large to read', () => {
  /** The error `f` throws (failing the test when it throws none). */
  function thrown(f: () => unknown): Error {
    try {
      f();
    } catch (e) {
      return e as Error;
    }
    throw new Error('expected an error');
  }

  it('before allocating: a billion-sided die, a thousand dice, a normal with a huge spread', () => {
    for (const [name, p] of [
      ['uniform(0, 4e8)', uniform(0, 4e8)],
      ['roll(1, 1e9)', roll(1, 1e9)],
      // 1000d6 (the most dice a program may roll) takes about 2.5 million steps.
      ['roll(1000, 6)', roll(1000, 6)],
      ['roundedNormal(0, 1e8)', roundedNormal(0, 1e8)],
    ] as Array<[string, Prob<number>]>) {
      const e = thrown(() => exact(p));
      expect(e, name).toBeInstanceOf(ExactLimitError);
      // What the CLI shows as bad input (exit 2), the lab beside the form.
      expect(e, name).toBeInstanceOf(InputError);
      // Given up at the step limit, so after a bounded amount of work whatever the size.
      expect(e.message, name).toMatch(/^too large to read exactly \(more than 2,000,000 steps\)/);
    }
    expect(thrown(() => mean(roll(1, 1e9)))).toBeInstanceOf(ExactLimitError);
  });

  it('a program nested past the stack is refused the same way, not as a stack overflow', () => {
    let p: Prob<number> = constant(0);
    for (let i = 0; i < 200_000; i++) p = add(p, constant(1));
    const e = thrown(() => exact(p));
    expect(e).toBeInstanceOf(ExactLimitError);
    expect(e.message).toMatch(/nests too deeply/);
  });

  it('the limit is per reading, and large honest readings stay exact under it', () => {
    expect(EXACT_STEP_LIMIT).toBe(2_000_000);
    // 100d6 has 501 sums; its mean is 350 (3.5 a die) and P(all ones) = 6^-100.
    for (let i = 0; i < 3; i++) {
      const d = exact(roll(100, 6));
      expect(d).toHaveLength(501);
      expect(asText(d[0]!)).toBe(`1/${6n ** 100n}`);
    }
    expect(asText(mean(roll(100, 6)))).toBe('350/1');
  });
});

