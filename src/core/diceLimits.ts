/**
 * The bounds of dice anyone may write: one place, read by every reader of dice text (variants,
 * the d20 designer and its flags, trap tables, odds-check inputs) and by the dice programs
 * themselves, so a file, a flag or a link can never ask a game for a billion dice.
 *
 * The largest counts the shipped rulesets use are 20 (d20's 20d6) and 18 (Cēaptūn's 9d6 rolled
 * twice on a hard hit); the bounds leave room for designs well past any rule book.
 */

/** Dice in one written expression, all its groups together ("60d6+40d4" is 100). */
export const MAX_DICE = 100;
/** Faces of one die. */
export const MAX_SIDES = 1000;
/** A flat bonus or malus in a dice expression ("2d6+10000"). */
export const MAX_DICE_BONUS = 10_000;

/**
 * Dice one program may roll at once: a rule may roll a written expression twice (Cēaptūn's hard
 * hit), so twice MAX_DICE, with room. A program past it is a bug or unchecked input, refused.
 */
export const MAX_ROLL_DICE = 1000;

/**
 * Sums of at most this many dice are rolled die by die, as they always were: every count the
 * rulesets and their defaults use lies below it (so play is unchanged); larger sums are drawn
 * from their distribution with one uniform draw (see `prob.ts`).
 */
export const PER_DIE_MAX = 32;

/** Why `n` dice of `sides` faces may not be written, or null: "damage 100000d6: at most 100 dice (limit)". */
export function diceProblem(what: string, n: number, sides: number): string | null {
  if (n > MAX_DICE) return `${what}: at most ${MAX_DICE} dice (limit)`;
  if (sides > MAX_SIDES) return `${what}: dice of at most ${MAX_SIDES} sides (limit)`;
  return null;
}

/** Why a flat bonus may not be written, or null. */
export function bonusProblem(what: string, bonus: number): string | null {
  return Math.abs(bonus) > MAX_DICE_BONUS ? `${what}: a bonus of at most ${MAX_DICE_BONUS} either way (limit)` : null;
}
