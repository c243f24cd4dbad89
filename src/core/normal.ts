/**
 * The standard normal CDF to near double precision, for checks that roll a normal distribution
 * (CDDA's trap detection). Written out because Math has no erf.
 */

const SQRT_PI = Math.sqrt(Math.PI);

/** Complementary error function, relative error about 1e-14 across the real line. */
export function erfc(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  if (z < 0) return 2 - erfc(-z);
  if (z < 2.5) {
    // erf(z) = 2/sqrt(pi) * exp(-z^2) * sum 2^n z^(2n+1) / (1*3*...*(2n+1)); all terms positive.
    let term = z;
    let sum = z;
    for (let n = 1; n < 200; n++) {
      term *= (2 * z * z) / (2 * n + 1);
      sum += term;
      if (term < sum * 1e-17) break;
    }
    return 1 - ((2 / SQRT_PI) * Math.exp(-z * z) * sum);
  }
  // Continued fraction, evaluated backwards: erfc(z) = exp(-z^2) / sqrt(pi) / (z + (1/2)/(z + 1/(z + (3/2)/(z + ...)))).
  let k = z;
  for (let n = 120; n >= 1; n--) k = z + n / 2 / k;
  return Math.exp(-z * z) / (SQRT_PI * k);
}

/** P(X <= x) for a standard normal X. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** P(X > x) for X ~ N(mean, sd). */
export function normalAbove(x: number, mean: number, sd: number): number {
  return 0.5 * erfc((x - mean) / (sd * Math.SQRT2));
}
