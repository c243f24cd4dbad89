/**
 * Exact binomial tails, for holding a count against a known probability when the trials are few
 * (a Wilson interval of one trial is no test: an outcome of 4% happening once in one trial is not
 * a 1-in-1000 event).
 */

/** ln(n!) for whole n ≥ 0, summed once up to the largest asked for. */
const LOG_FACTORIAL: number[] = [0];
function logFactorial(n: number): number {
  for (let i = LOG_FACTORIAL.length; i <= n; i++) LOG_FACTORIAL.push(LOG_FACTORIAL[i - 1]! + Math.log(i));
  return LOG_FACTORIAL[n]!;
}

function pmf(i: number, n: number, p: number): number {
  if (p === 0) return i === 0 ? 1 : 0;
  if (p === 1) return i === n ? 1 : 0;
  return Math.exp(logFactorial(n) - logFactorial(i) - logFactorial(n - i) + i * Math.log(p) + (n - i) * Math.log1p(-p));
}

/** P(X ≤ k) and P(X ≥ k) for X ~ Binomial(n, p). */
export function binomialTails(k: number, n: number, p: number): { below: number; above: number } {
  let below = 0;
  let above = 0;
  for (let i = 0; i <= n; i++) {
    const m = pmf(i, n, p);
    if (i <= k) below += m;
    if (i >= k) above += m;
  }
  return { below: Math.min(1, below), above: Math.min(1, above) };
}

/**
 * Is k of n consistent with probability p at two-sided level `alpha` (each tail alpha/2)? False
 * when k is so far out that a count at least as extreme has under alpha/2 on its side.
 */
export function binomialConsistent(k: number, n: number, p: number, alpha: number): boolean {
  const { below, above } = binomialTails(k, n, p);
  return Math.min(below, above) >= alpha / 2;
}
