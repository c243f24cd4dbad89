/**
 * An `if`'s condition (definition.ts `Condition`) weighed once: `not`, `all` and `any` here, the
 * plain questions (who the victim is, its size and traits, a setting) by whoever asks — play of
 * the victim in the world (play.ts), the exact reading of the hero it reads for (read.ts).
 */
import type { Condition } from './definition.ts';

/** A condition that asks one thing (no `not`, `all` or `any`). */
export type PlainCondition = Exclude<Condition, { readonly not: Condition } | { readonly all: readonly Condition[] } | { readonly any: readonly Condition[] }>;

/** Whether `c` holds, each plain question answered by `plain`. */
export function conditionHolds(c: Condition, plain: (c: PlainCondition) => boolean): boolean {
  if (typeof c === 'object' && 'not' in c) return !conditionHolds(c.not, plain);
  if (typeof c === 'object' && 'all' in c) return c.all.every((x) => conditionHolds(x, plain));
  if (typeof c === 'object' && 'any' in c) return c.any.some((x) => conditionHolds(x, plain));
  return plain(c);
}

/** A trait's value as a condition asks of it: true, or one of `is` (`null` among them: no such trait). */
export function traitIs(value: unknown, is: readonly (string | number | boolean | null)[] | undefined): boolean {
  if (is === undefined) return value === true;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? is.includes(value) : is.includes(null);
}
