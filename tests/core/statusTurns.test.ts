/**
 * A status's turns in a reading's words: the fewest to the most where they are dice (1d4+1: 2–5),
 * the number where they are fixed; never a mean ("3.5 turns") nor a fixed number as a decimal.
 */
import { describe, expect, it } from 'vitest';
import { chance, constant, roll } from '../../src/core/prob.ts';
import { statusChances, statusesText } from '../../src/core/stepOdds.ts';

describe('statusesText', () => {
  it('says dice turns as their range and fixed turns as the number, with the chance', () => {
    // Held 1d4+1 turns every time: 2 to 5.
    const dice = roll(1, 4).map((n) => ({ held: n + 1 }) as Readonly<Record<string, number>>);
    expect(statusesText(statusChances(dice))).toMatch(/^held fast 2–5 turns 100%/);
    // Asleep 5 turns half the time, else nothing.
    const fixed = chance(1, 2).map((hit) => (hit ? { asleep: 5 } : {}) as Readonly<Record<string, number>>);
    expect(statusesText(statusChances(fixed))).toMatch(/^asleep 5 turns 50%/);
    expect(statusesText(statusChances(constant({ held: 3 } as Readonly<Record<string, number>>)))).toMatch(/^held fast 3 turns /);
  });
});
