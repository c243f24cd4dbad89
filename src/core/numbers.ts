/**
 * The one reader of numbers written as text: CLI flags, check inputs, `--set name=value`,
 * the link's `s.<name>=`, strings in variant and assertion files, the Lab's fields. One rule
 * everywhere, so a value one place takes is never refused by another:
 *
 *   - a whole number is decimal digits with an optional leading minus: `12`, `-5`, `007`;
 *   - a real number may add a dot and more digits: `12.5`, `-0.25`, `12.0`;
 *   - nothing else: no sign `+`, no blanks around it, no hex (`0x10`), exponent (`1e3`),
 *     digit separators (`1_000`), `Infinity` or `NaN`, no empty text, no `.5` or `5.`.
 *
 * `-0` reads as 0 (a minus zero would print as "0" yet differ under Object.is). A whole number
 * must also be exact in a double (at most 2^53 − 1 either way). JSON numbers in files are JSON's
 * business: `numberValue` takes them as they are (a finite number; whole where whole is asked).
 */

export type NumberKind = 'int' | 'number';

/** The rule as pattern text, for a reader that finds numbers inside a larger form (`from..to:step`). */
export const WHOLE_TEXT = '-?\\d+';
export const DECIMAL_TEXT = '-?\\d+(?:\\.\\d+)?';
const WHOLE = new RegExp(`^${WHOLE_TEXT}$`);
const DECIMAL = new RegExp(`^${DECIMAL_TEXT}$`);

/** The number `text` spells under the rule, or null (see the module comment). */
export function readNumber(text: string, kind: NumberKind): number | null {
  if (!(kind === 'int' ? WHOLE : DECIMAL).test(text)) return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  if (kind === 'int' && !Number.isSafeInteger(n)) return null;
  return n === 0 ? 0 : n;
}

/** A whole number written as text, or null. */
export function readWhole(text: string): number | null {
  return readNumber(text, 'int');
}

/**
 * A number given as a JSON number or as text (a file's string, a flag, a link): text follows
 * `readNumber`'s rule; a number must be finite, and whole where `kind` is 'int'. Null otherwise.
 */
export function numberValue(raw: unknown, kind: NumberKind): number | null {
  if (typeof raw === 'string') return readNumber(raw, kind);
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return null;
  if (kind === 'int' && !Number.isSafeInteger(raw)) return null;
  return raw === 0 ? 0 : raw;
}

/** What a number of this kind looks like, for messages: "a whole number like 12". */
export function numberShape(kind: NumberKind): string {
  return kind === 'int' ? 'a whole number like 12 or -3' : 'a number like 12, -3 or 0.5';
}
