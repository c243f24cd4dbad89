/** Exact non-negative fractions over BigInt, for the exact interpreter's probabilities. */

export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

export function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

export function lcm(a: bigint, b: bigint): bigint {
  if (a === 0n || b === 0n) return 0n;
  return (a / gcd(a, b)) * b;
}

export function fraction(num: bigint | number, den: bigint | number = 1n): Fraction {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d === 0n) throw new RangeError('fraction with a zero denominator');
  const g = gcd(n, d) || 1n;
  const sign = d < 0n ? -1n : 1n;
  return { num: (sign * n) / g, den: (sign * d) / g };
}

/** Accurate conversion even when numerator and denominator exceed 2^53. */
export function fractionToNumber(f: Fraction): number {
  const { num, den } = f;
  if (num === 0n) return 0;
  const limit = 1n << 52n;
  if ((num < 0n ? -num : num) < limit && den < limit) return Number(num) / Number(den);
  // Scale to keep 64 significant bits in the quotient, then divide in floating point.
  const shift = BigInt(Math.max(0, den.toString(2).length - num.toString(2).length + 64));
  const q = (num << shift) / den;
  return Number(q) / 2 ** Number(shift);
}

export function fractionToString(f: Fraction): string {
  return `${f.num}/${f.den}`;
}

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function mulFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den);
}

const FRACTION_TEXT = /^(-?\d+)(?:\/(\d+))?$/;

/**
 * Parses "n/d" (d at least 1) or an integer, as numbers.ts reads text: no blanks, no "+", no
 * exponent. Null when it is neither, a zero denominator included ("1/0" is no number).
 */
export function parseFraction(text: string): Fraction | null {
  const m = FRACTION_TEXT.exec(text);
  if (!m || BigInt(m[2] ?? '1') === 0n) return null;
  return fraction(BigInt(m[1]!), BigInt(m[2] ?? '1'));
}

/** Why `text` is no fraction for a file's field, or null: "\"1/0\" has a zero denominator". */
export function fractionTextProblem(text: string): string | null {
  const m = FRACTION_TEXT.exec(text);
  if (!m) return `expected a fraction like "27/65", got ${JSON.stringify(text)}`;
  if (m[2] !== undefined && BigInt(m[2]) === 0n) return `${JSON.stringify(text)} has a zero denominator`;
  return null;
}
