import { describe, expect, it } from 'vitest';
import { fractionToString } from '../../../src/core/fraction.ts';
import { exact, mean, type Prob, probabilityOf } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';

const d20 = getRuleset('d20');
const settings = resolveSettings(d20);

function odds(check: string, inputs: Record<string, number | string | boolean>) {
  return exact(d20.checks[check]!.program(inputs, settings));
}

/** Successes out of the 20 faces, counted face by face under the RULES.md naturals. */
function bruteForce(bonus: number, dc: number, kind: 'skill' | 'save' | 'attack'): number {
  let wins = 0;
  for (let face = 1; face <= 20; face++) {
    let ok = face + bonus >= dc;
    if (kind !== 'skill' && face === 20) ok = true;
    if (kind !== 'skill' && face === 1) ok = false;
    if (ok) wins++;
  }
  return wins;
}

describe('odds check "check" (trapsmith odds d20 check --bonus B --dc N --kind K)', () => {
  it('declares the flags and outcomes the issue names', () => {
    const c = d20.checks.check!;
    expect(c.params.map((p) => p.name)).toEqual(['bonus', 'dc', 'kind']);
    expect(c.params.find((p) => p.name === 'kind')!.values).toEqual(['skill', 'save', 'attack']);
    expect(c.outcomes).toEqual(['success', 'failure']);
  });

  it('matches a face-by-face count for every bonus -10..25 and DC 1..35', () => {
    for (const kind of ['skill', 'save', 'attack'] as const)
      for (let bonus = -10; bonus <= 25; bonus++)
        for (let dc = 1; dc <= 35; dc++) {
          const p = probabilityOf(d20.checks.check!.program({ bonus, dc, kind }, settings), 'success');
          const wins = bruteForce(bonus, dc, kind);
          expect(p.exact!.num * 20n, `${kind} +${bonus} vs ${dc}`).toBe(BigInt(wins) * p.exact!.den);
        }
  });

  it('skill checks have no automatic results; saves and attacks do', () => {
    const success = (kind: string, bonus: number, dc: number) => probabilityOf(d20.checks.check!.program({ bonus, dc, kind }, settings), 'success').p;
    // Out of reach: a skill check never succeeds, a save or attack succeeds on a natural 20.
    expect(success('skill', 0, 25)).toBe(0);
    expect(success('save', 0, 25)).toBe(1 / 20);
    expect(success('attack', 0, 25)).toBe(1 / 20);
    // Sure thing: a skill check always succeeds, a save or attack fails on a natural 1.
    expect(success('skill', 30, 20)).toBe(1);
    expect(success('save', 30, 20)).toBe(19 / 20);
    expect(success('attack', 30, 20)).toBe(19 / 20);
  });

  it('prints exact fractions: +8 against DC 20 is 9/20', () => {
    const [s] = odds('check', { bonus: 8, dc: 20, kind: 'skill' }).filter((o) => o.value === 'success');
    expect(fractionToString(s!.exact!)).toBe('9/20');
  });
});

describe('odds check "disarm"', () => {
  it('fails by 5 or more to spring the trap, counted face by face', () => {
    for (let bonus = -5; bonus <= 20; bonus++)
      for (let dc = 10; dc <= 35; dc++) {
        const counts = { disarmed: 0, failed: 0, sprung: 0 };
        for (let face = 1; face <= 20; face++) {
          const total = face + bonus;
          if (total >= dc) counts.disarmed++;
          else if (dc - total <= 4) counts.failed++;
          else counts.sprung++;
        }
        const p = d20.checks.disarm!.program({ bonus, dc }, settings);
        for (const [outcome, n] of Object.entries(counts)) expect(probabilityOf(p, outcome).p, `${outcome} +${bonus} vs ${dc}`).toBeCloseTo(n / 20, 12);
      }
  });
});

describe('odds check "damage"', () => {
  it('1d8 darts of 1d4 with strength rating +1 average 4.5 x 3.5 = 15.75', () => {
    const m = mean(d20.checks.damage!.program({ dice: '1d8*1d4', str: 1 }, settings) as Prob<number>);
    expect(fractionToString(m.exact!)).toBe('63/4');
  });

  it('4d6 counted over all 1,296 rolls', () => {
    const counts = new Map<number, number>();
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) counts.set(a + b + c + d, (counts.get(a + b + c + d) ?? 0) + 1);
    const dist = odds('damage', { dice: '4d6', str: 0 });
    expect(dist.length).toBe(counts.size);
    for (const o of dist) expect(o.p).toBeCloseTo(counts.get(o.value as number)! / 1296, 12);
  });

  it('a hit that penalties bring below 1 deals 1, as in play: each of 2 missiles of 1d4-2 deals max(1, roll)', () => {
    // Each missile: 1d4-2 is -1, 0, 1, 2, so at least 1: 1 with 3/4, 2 with 1/4; two of them sum.
    const dist = odds('damage', { dice: '2*1d4-2', str: 0 });
    const want = new Map([[2, 9 / 16], [3, 6 / 16], [4, 1 / 16]]);
    expect(dist.map((o) => o.value)).toEqual([...want.keys()]);
    for (const o of dist) expect(o.p).toBeCloseTo(want.get(o.value as number)!, 12);
    expect(odds('damage', { dice: '1d4', str: -9 }).map((o) => [o.value, o.p])).toEqual([[1, 1]]);
  });

  it('refuses dice it cannot read', () => {
    expect(d20.checks.damage!.validate!({ dice: 'many', str: 0 })).toMatch(/--dice/);
  });
});
