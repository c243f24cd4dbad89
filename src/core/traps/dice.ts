/**
 * Dice text as trap definitions and trap tables write it: "2d6", "1d4+1", "3d6-2", or a whole
 * number ("2": no dice, that many). Within the limits of diceLimits.ts.
 */
import { bonusProblem, diceProblem } from '../diceLimits.ts';
import { type Prob, roll } from '../prob.ts';

export interface Dice {
  readonly n: number;
  readonly sides: number;
  /** A flat bonus (or malus) added to the sum. */
  readonly bonus: number;
}

const DICE = /^(\d+)d(\d+)([+-]\d+)?$/;
const FLAT = /^\d+$/;

/** The dice of `text`, or null when it is not dice (or beyond the limits). */
export function parseDice(text: string): Dice | null {
  const t = text.trim();
  if (FLAT.test(t)) {
    const bonus = Number(t);
    return bonusProblem(t, bonus) ? null : { n: 0, sides: 1, bonus };
  }
  const m = DICE.exec(t);
  if (!m || Number(m[2]) < 1) return null;
  const d = { n: Number(m[1]), sides: Number(m[2]), bonus: m[3] ? Number(m[3]) : 0 };
  return diceProblem(t, d.n, d.sides) || bonusProblem(t, d.bonus) ? null : d;
}

/** Why `text` is not dice, or null when it is: the schema's message. */
export function diceTextProblem(text: string): string | null {
  const t = text.trim();
  if (FLAT.test(t)) return bonusProblem(`"${t}"`, Number(t));
  const m = DICE.exec(t);
  if (!m || Number(m[2]) < 1) return `expected dice like "2d6", got ${JSON.stringify(text)}`;
  return diceProblem(`"${t}"`, Number(m[1]), Number(m[2])) ?? bonusProblem(`"${t}"`, m[3] ? Number(m[3]) : 0);
}

export function diceText(d: Dice): string {
  if (d.n === 0) return String(d.bonus);
  return `${d.n}d${d.sides}${d.bonus > 0 ? `+${d.bonus}` : d.bonus < 0 ? String(d.bonus) : ''}`;
}

/** The sum the dice roll, bonus included, never below 0. */
export function diceProgram(d: Dice): Prob<number> {
  const rolled = roll(d.n, d.sides);
  return d.bonus === 0 ? rolled : rolled.map((v) => Math.max(0, v + d.bonus));
}
