/**
 * Damage expressions as the SRD writes them: `2d6`, `1d4+1`, `2d4+8`, a flat `1`, and the
 * "several missiles per target" form `1d8*1d4+1` (1d8 darts, each dealing 1d4+1). One parser
 * feeds both the designer (average damage) and play (a dice program), so they cannot disagree.
 */
import { bonusProblem, diceProblem, MAX_DICE } from '../../core/diceLimits.ts';
import { constant, lift2, type Prob, roll, sumOf } from '../../core/prob.ts';

/** A sum of dice groups and a flat modifier: `2d4+8` is { dice: [[2, 4]], flat: 8 }. */
export interface DiceSum {
  dice: Array<[number, number]>;
  flat: number;
}

/** A damage expression: `count` missiles (1 when absent) each dealing `each`. */
export interface DamageExpr {
  count: DiceSum | null;
  each: DiceSum;
}

const TERM = /^(\d+)d(\d+)$|^(\d+)$/;

function parseSum(text: string): DiceSum | string {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return 'empty dice expression';
  const out: DiceSum = { dice: [], flat: 0 };
  // Split on + and - while keeping the sign with the term that follows it.
  const parts = compact.match(/[+-]?[^+-]+/g);
  if (!parts || parts.join('') !== compact) return `cannot read "${text}"`;
  for (const part of parts) {
    const sign = part.startsWith('-') ? -1 : 1;
    const body = part.replace(/^[+-]/, '');
    const m = TERM.exec(body);
    if (!m) return `cannot read "${part}" in "${text}" (expected NdS or a number)`;
    if (m[3] !== undefined) {
      out.flat += sign * Number(m[3]);
      continue;
    }
    const n = Number(m[1]);
    const s = Number(m[2]);
    if (sign < 0) return `dice cannot be subtracted in "${text}"`;
    if (n < 1 || s < 1) return `dice out of range in "${part}" (at least one die of at least one side)`;
    out.dice.push([n, s]);
  }
  // The limits hold for the expression as a whole: "60d6+60d6" is 120 dice.
  const count = out.dice.reduce((acc, [n]) => acc + n, 0);
  const sides = Math.max(0, ...out.dice.map(([, s]) => s));
  return diceProblem(text.trim(), count, sides) ?? bonusProblem(text.trim(), out.flat) ?? out;
}

/** The most a sum can come to (its dice all at their highest). */
function sumMax(s: DiceSum): number {
  return s.dice.reduce((acc, [n, sides]) => acc + n * sides, 0) + s.flat;
}

/** Parses a damage expression; returns a message naming what is wrong when it cannot. */
export function parseDamage(text: string): DamageExpr | string {
  const pieces = text.split(/[*×x]/);
  if (pieces.length > 2) return `cannot read "${text}": at most one "*" (missiles * damage each)`;
  if (pieces.length === 2) {
    const count = parseSum(pieces[0]!);
    if (typeof count === 'string') return count;
    // Each missile rolls its own dice: the missiles at their most count as that many dice.
    if (sumMax(count) > MAX_DICE) return `${pieces[0]!.trim()} missiles: at most ${MAX_DICE} (limit)`;
    const each = parseSum(pieces[1]!);
    if (typeof each === 'string') return each;
    return { count, each };
  }
  const each = parseSum(text);
  if (typeof each === 'string') return each;
  return { count: null, each };
}

export function sumAverage(s: DiceSum): number {
  return s.dice.reduce((acc, [n, sides]) => acc + (n * (sides + 1)) / 2, 0) + s.flat;
}

/**
 * Average damage of one successful trap hit, strength bonus included per missile: the SRD counts
 * "damage from a high strength rating and extra damage from multiple attacks" (2.5 darts × 2.5).
 */
export function averageDamage(expr: DamageExpr, strBonus = 0): number {
  const each = sumAverage(expr.each) + strBonus;
  return expr.count ? sumAverage(expr.count) * each : each;
}

/** The dice program of a sum (its flat part added). */
export function sumProgram(s: DiceSum): Prob<number> {
  let p: Prob<number> = constant(s.flat);
  for (const [n, sides] of s.dice) p = lift2(p, roll(n, sides), (a, b) => a + b);
  return p;
}

/** One missile's damage (a single blow is one missile), strength bonus included. */
function missileProgram(expr: DamageExpr, strBonus: number): Prob<number> {
  return sumProgram({ dice: expr.each.dice, flat: expr.each.flat + strBonus });
}

/** Every missile's damage summed: `count` draws of `each`, or `each` alone for a single blow. */
function allMissiles(expr: DamageExpr, each: Prob<number>): Prob<number> {
  if (!expr.count) return each;
  return sumProgram(expr.count).bind((k) => sumOf(Math.max(0, k), each));
}

/** The program of the whole damage of one hit: every missile's damage (plus strength) summed. */
export function damageProgram(expr: DamageExpr, strBonus = 0): Prob<number> {
  return allMissiles(expr, missileProgram(expr, strBonus));
}

/** The SRD's minimum damage: a hit that penalties bring below 1 still deals 1. */
export function atLeastOne(damage: number): number {
  return Math.max(1, damage);
}

/** The damage one successful hit deals in play: as damageProgram, each missile dealing at least 1. */
export function hitDamageProgram(expr: DamageExpr, strBonus = 0): Prob<number> {
  return allMissiles(expr, missileProgram(expr, strBonus).map(atLeastOne));
}

/** Canonical text of a sum: `2d4+8`, `1d6`, `3`. */
export function sumText(s: DiceSum): string {
  const dice = s.dice.map(([n, sides]) => `${n}d${sides}`).join('+');
  if (!dice) return String(s.flat);
  return s.flat > 0 ? `${dice}+${s.flat}` : s.flat < 0 ? `${dice}${s.flat}` : dice;
}

export function damageText(expr: DamageExpr): string {
  return expr.count ? `${sumText(expr.count)}*${sumText(expr.each)}` : sumText(expr.each);
}
