/**
 * The four odds checks against numbers computed here, independently of the code under test:
 * detection by integrating the normal density (Simpson), avoidance by convolving dice faces with
 * plain loops, disarming by the Markov chain of the Per/Dex loop written out as exact rationals.
 */
import { describe, expect, it } from 'vitest';
import { runOdds } from '../../../src/sim/odds.ts';
import { exact, type Outcome, probabilityOf, type Prob, sample } from '../../../src/core/prob.ts';
import { Stream } from '../../../src/core/rng.ts';
import { avoidCheck, classifyDisarm, detectCheck, detectionMean, disarmCheck, disarmPractice, monsterAvoidCheck } from '../../../src/rulesets/cdda/checks.ts';
import { CHECKS } from '../../../src/rulesets/cdda/odds.ts';
import { combine, diceCounts, pAtLeast, reduced, upperTail } from './helpers.ts';

function fractionOf<T extends Outcome>(p: Prob<T>, value: T): string {
  const o = probabilityOf(p, value);
  if (!o.exact) throw new Error('not exact');
  return `${o.exact.num}/${o.exact.den}`;
}

const BASE = { per: 8, int: 8, skill: 0, proficiencies: -2, focus: 50, fatigue: 0, eyeEncumbrance: 0, distance: 1 };

describe('detect', () => {
  it('the seed example: Per = Int = 8, no skill or proficiencies, next to a buried land mine (V10): 6.68 %', () => {
    expect(detectionMean(BASE)).toBe(6);
    const p = probabilityOf(detectCheck({ ...BASE, visibility: 10 }), 'seen').p;
    // RULES.md: with the rounding, P = 1 - Phi(1.5) = 0.0668072 (not the comment's "10%").
    expect(p).toBeCloseTo(0.0668072, 6);
    expect(p).toBeCloseTo(upperTail((10.5 - 6) / 3), 9);
  });

  it('every term of the mean: stats, skill/3, proficiencies, focus, fatigue over 200, eye encumbrance, distance - 1', () => {
    const cases: Array<[Partial<typeof BASE>, number]> = [
      [{ per: 10, int: 5 }, (4 * 10 + 5) / 5 - 2],
      [{ skill: 4 }, 6 + 4 / 3],
      [{ proficiencies: 5 }, 6 + 7],
      [{ focus: 100 }, 8],
      [{ focus: 0 }, 4],
      [{ fatigue: 150 }, 6],
      [{ fatigue: 350 }, 6 - 1.5],
      [{ eyeEncumbrance: 25 }, 6 - 2.5],
      [{ distance: 4 }, 3],
      [{ distance: 0 }, 7],
    ];
    for (const [change, mean] of cases) expect(detectionMean({ ...BASE, ...change })).toBeCloseTo(mean, 12);
  });

  it('P(seen) = P(N(mean, 3) >= V + 0.5) for several inputs (ties, a rounded V, do not detect)', () => {
    const cases: Array<[Partial<typeof BASE>, number]> = [
      [{}, 0],
      [{}, 2],
      [{ per: 12, int: 10, skill: 3, proficiencies: 5 }, 9],
      [{ focus: 100 }, 10],
      [{ fatigue: 500, eyeEncumbrance: 30, distance: 6 }, 1],
      [{ per: 3, int: 3 }, 4],
    ];
    for (const [change, v] of cases) {
      const inputs = { ...BASE, ...change };
      const m = (4 * inputs.per + inputs.int) / 5 + inputs.skill / 3 + inputs.proficiencies + (inputs.focus / 25 - 2) - (inputs.distance - 1) - Math.max(0, inputs.fatigue - 200) / 100 - inputs.eyeEncumbrance / 10;
      expect(probabilityOf(detectCheck({ ...inputs, visibility: v }), 'seen').p).toBeCloseTo(upperTail((v + 0.5 - m) / 3), 9);
    }
  });

  it('focus 100 raises the seed example to 20.2 %; visibility 99 is never seen', () => {
    expect(probabilityOf(detectCheck({ ...BASE, focus: 100, visibility: 10 }), 'seen').p).toBeCloseTo(0.2023284, 6);
    expect(probabilityOf(detectCheck({ ...BASE, per: 30, int: 30, skill: 10, proficiencies: 5, focus: 200, visibility: 99 }), 'seen').p).toBe(0);
  });

  it('sampling agrees with the exact reading', () => {
    const p = detectCheck({ ...BASE, visibility: 6 });
    const rng = Stream.fromSeed(7);
    let seen = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) if (sample(p, rng) === 'seen') seen++;
    const expected = upperTail(0.5 / 3);
    expect(Math.abs(seen / n - expected)).toBeLessThan(4 * Math.sqrt((expected * (1 - expected)) / n));
  });
});

/** P(avoided) by convolving faces: 3 dice of Dex + Dodge x 1.5 (truncated; a die below 1 side rolls 1 down to its sides... as rng swaps) against 3 or 6 dice of A. */
function avoidIndependent(a: { avoidance: number; dex: number; dodge: number; aware: boolean; lightStep: boolean; clumsy: boolean }): string {
  const sides = Math.trunc(a.dex + a.dodge * 1.5);
  let mine = diceCounts(3, Math.min(1, sides), Math.max(1, sides));
  if (a.lightStep) mine = combine(mine, diceCounts(2, 1, 6), 1);
  if (a.clumsy) mine = combine(mine, diceCounts(2, 1, 6), -1);
  const trap = diceCounts(a.aware ? 3 : 6, Math.min(1, a.avoidance), Math.max(1, a.avoidance));
  return reduced(pAtLeast(mine, trap));
}

describe('avoid', () => {
  const cases = [
    { avoidance: 7, dex: 8, dodge: 0, aware: true, lightStep: false, clumsy: false },
    { avoidance: 7, dex: 8, dodge: 0, aware: false, lightStep: false, clumsy: false },
    { avoidance: 14, dex: 8, dodge: 1, aware: false, lightStep: false, clumsy: false },
    { avoidance: 4, dex: 10, dodge: 3, aware: true, lightStep: true, clumsy: false },
    { avoidance: 10, dex: 6, dodge: 2, aware: false, lightStep: false, clumsy: true },
    { avoidance: 8, dex: 9, dodge: 1, aware: true, lightStep: true, clumsy: true },
    // A die of 0 sides rolls 0 or 1 (rng swaps the bounds): the engine's avoidance 0, a survivor with Dex 0.
    { avoidance: 0, dex: 0, dodge: 0, aware: true, lightStep: false, clumsy: false },
    { avoidance: 3, dex: 0, dodge: 0, aware: true, lightStep: false, clumsy: false },
  ];
  for (const c of cases) {
    it(`A ${c.avoidance}, Dex ${c.dex}, Dodge ${c.dodge}${c.aware ? ', aware' : ''}${c.lightStep ? ', Light Step' : ''}${c.clumsy ? ', Clumsy' : ''}`, () => {
      expect(fractionOf(avoidCheck(c), 'avoided')).toBe(avoidIndependent(c));
    });
  }

  it('ties go to the victim: 3d1 against 3d1 is always avoided', () => {
    expect(fractionOf(avoidCheck({ avoidance: 1, dex: 1, dodge: 0, aware: true, lightStep: false, clumsy: false }), 'avoided')).toBe('1/1');
  });

  it('Dex + Dodge x 1.5 is truncated: Dex 8, Dodge 1 rolls 3d9, not 3d9.5', () => {
    const c = { avoidance: 6, dex: 8, dodge: 1, aware: true, lightStep: false, clumsy: false };
    const as9 = reduced(pAtLeast(diceCounts(3, 1, 9), diceCounts(3, 1, 6)));
    expect(fractionOf(avoidCheck(c), 'avoided')).toBe(as9);
  });
});

describe('monster-avoid', () => {
  for (const [avoidance, dodge] of [
    [7, 0],
    [7, 3],
    [14, 2],
    [4, 6],
    [0, 0],
  ] as const) {
    it(`3d[${dodge} + 1] against 3d${avoidance}`, () => {
      const expected = reduced(pAtLeast(diceCounts(3, 1, dodge + 1), diceCounts(3, Math.min(1, avoidance), Math.max(1, avoidance))));
      expect(fractionOf(monsterAvoidCheck(avoidance, dodge), 'avoided')).toBe(expected);
    });
  }
});

// ---------------------------------------------------------------- disarm

interface Rat {
  n: bigint;
  d: bigint;
}
const rat = (n: bigint, d: bigint): Rat => ({ n, d });
const add = (a: Rat, b: Rat): Rat => rat(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Rat, b: Rat): Rat => rat(a.n * b.n, a.d * b.d);
const pow = (a: Rat, k: number): Rat => {
  let r = rat(1n, 1n);
  for (let i = 0; i < k; i++) r = mul(r, a);
  return r;
};

/** The outcome probabilities of a disarm, written out: uniform start, then a geometric climb capped at 50. */
function disarmIndependent(skill: number, per: number, dex: number, diff: number): Record<string, string> {
  let a = 0;
  for (let f = 5; f <= 20; f++) if (f < per) a++;
  let b = 0;
  for (let f = 1; f <= 20; f++) if (f < dex) b++;
  // p = P(Per passes) + P(Per fails) P(Dex passes)
  const p = rat(BigInt(20 * a + (16 - a) * b), 320n);
  const q = rat(p.d - p.n, p.d);
  const lo = Math.min(skill, 4 * skill);
  const hi = Math.max(skill, 4 * skill);
  const starts = BigInt(hi - lo + 1);
  const totals: Record<string, Rat> = { disarmed: rat(0n, 1n), failed: rat(0n, 1n), set_off: rat(0n, 1n) };
  const classify = (r: number) => (r >= diff ? 'disarmed' : r >= diff * 0.8 ? 'failed' : 'set_off');
  for (let s = lo; s <= hi; s++) {
    const finals: Array<[number, Rat]> = [];
    if (s >= 50) finals.push([s, rat(1n, 1n)]);
    else {
      for (let k = 0; k < 50 - s; k++) finals.push([s + k, mul(pow(p, k), q)]);
      finals.push([50, pow(p, 50 - s)]);
    }
    for (const [r, pr] of finals) {
      const key = classify(r);
      totals[key] = add(totals[key]!, mul(pr, rat(1n, starts)));
    }
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(totals)) out[k] = reduced([v.n, v.d]);
  return out;
}

function disarmExact(skill: number, per: number, dex: number, diff: number): Record<string, string> {
  const out: Record<string, string> = { disarmed: '0/1', failed: '0/1', set_off: '0/1' };
  for (const o of exact(disarmCheck(skill, per, dex, diff))) out[o.value] = `${o.exact!.num}/${o.exact!.den}`;
  return out;
}

describe('disarm', () => {
  const cases: Array<[number, number, number, number, string]> = [
    [0, 8, 8, 3, 'no skill: the roll starts at 0'],
    [2, 8, 8, 5, 'a low skill'],
    [5, 12, 10, 20, 'a mid skill against a teleport pad'],
    [3, 4, 3, 10, 'low Per and Dex'],
    [13, 8, 8, 52, 'a starting roll above 50 is kept (skill 13 starts at 13..52)'],
    [13, 8, 8, 51, 'a starting roll of 51 disarms D 51'],
    [6, 21, 1, 40, 'Per 21 always passes: the roll climbs to 50'],
    [4, 5, 1, 12, 'Per 5 and Dex 1 never pass: the roll is the start'],
    [3, 8, 8, 0, 'difficulty 0 always disarms'],
  ];
  for (const [skill, per, dex, diff, what] of cases) {
    it(`skill ${skill}, Per ${per}, Dex ${dex}, D ${diff}: ${what}`, () => {
      expect(disarmExact(skill, per, dex, diff)).toEqual(disarmIndependent(skill, per, dex, diff));
    });
  }

  it('a starting roll of 52 is the only way to disarm D 52 (1 start in 40)', () => {
    expect(disarmExact(13, 8, 8, 52).disarmed).toBe('1/40');
  });

  it('0.8 x D is compared exactly as CDDA\u2019s double multiply does, for every D below 99', () => {
    for (let d = 0; d < 99; d++)
      for (let r = 0; r <= 60; r++) expect(classifyDisarm(r, d)).toBe(r >= d ? 'disarmed' : r >= d * 0.8 ? 'failed' : 'set_off');
  });

  it('practice: 1.5 (D - skill) truncated when D > 1.25 skill; 2 D on a set-off within 6', () => {
    expect(disarmPractice('disarmed', 6, 5, 2)).toBe(4);
    expect(disarmPractice('failed', 4, 5, 2)).toBe(4);
    expect(disarmPractice('disarmed', 5, 3, 3)).toBe(0);
    expect(disarmPractice('disarmed', 5, 4, 3)).toBe(1);
    expect(disarmPractice('set_off', 4, 10, 1)).toBe(20);
    expect(disarmPractice('set_off', 3, 10, 1)).toBe(0);
  });
});

describe('the checks as `trapsmith odds cdda` reads them', () => {
  it('names, flags and outcomes are the issue\u2019s', () => {
    expect(Object.keys(CHECKS).sort()).toEqual(['avoid', 'detect', 'disarm', 'monster-avoid']);
    expect(CHECKS.detect!.params.map((p) => p.name)).toEqual(['per', 'int', 'skill', 'proficiencies', 'focus', 'fatigue', 'eye-encumbrance', 'distance', 'visibility']);
    expect(CHECKS.avoid!.params.map((p) => p.name)).toEqual(['avoidance', 'dex', 'dodge', 'aware', 'light-step', 'clumsy']);
    expect(CHECKS['monster-avoid']!.params.map((p) => p.name)).toEqual(['avoidance', 'dodge']);
    expect(CHECKS.disarm!.params.map((p) => p.name)).toEqual(['skill', 'per', 'dex', 'difficulty']);
    expect(CHECKS.detect!.outcomes).toEqual(['seen', 'unseen']);
    expect(CHECKS.avoid!.outcomes).toEqual(['avoided', 'sprung']);
    expect(CHECKS['monster-avoid']!.outcomes).toEqual(['avoided', 'sprung']);
    expect(CHECKS.disarm!.outcomes).toEqual(['disarmed', 'failed', 'set_off']);
  });

  it('flags as strings from the command line give the same numbers', () => {
    const det = runOdds('cdda', 'detect', { per: '8', int: '8', visibility: '10', 'eye-encumbrance': '0' });
    expect(det.outcomes.seen!.p).toBeCloseTo(0.0668072, 6);
    const av = runOdds('cdda', 'avoid', { avoidance: '7', dex: '8', dodge: '0', aware: 'true', 'light-step': 'true' });
    expect(av.outcomes.avoided!.exact).toBe(avoidIndependent({ avoidance: 7, dex: 8, dodge: 0, aware: true, lightStep: true, clumsy: false }));
    const dis = runOdds('cdda', 'disarm', { skill: '2', per: '8', dex: '8', difficulty: '5' });
    expect(dis.outcomes.set_off!.exact).toBe(disarmIndependent(2, 8, 8, 5).set_off);
    const all = runOdds('cdda', 'detect', { visibility: '10', proficiencies: '5' });
    expect(all.outcomes.seen!.p).toBeCloseTo(upperTail((10.5 - 13) / 3), 9);
  });

  it('difficulty 99 is refused: it cannot be disarmed', () => {
    expect(() => runOdds('cdda', 'disarm', { difficulty: '99' })).toThrow(/cannot be disarmed/);
  });
});
