/**
 * Always-valid statistics for a paired difference that is looked at again and again (a run that
 * plays on until its answer is settled): Robbins' normal-mixture confidence sequence, and Holm's
 * step-down across the differences of one run. Any command that stops when a difference shows
 * (`compare --precision`, `sim --vary --precision`, later `tune`) asks this module and no other.
 *
 * Why this rule. A 95% interval read every 100 games and stopped on as soon as it excludes 0 claims
 * a difference that is not there in 19-39% of runs (#39), because each look is another chance.
 * Alpha spending (Lan-DeMets) needs the looks planned: here the cap (--max-runs, 100,000 by
 * default: 1,000 looks) is rarely reached, and O'Brien-Fleming spending over it would make an
 * early look almost blind. A confidence sequence needs no plan: it holds at every game at once,
 * so at whatever game the run stops (Ville's inequality).
 *
 * The sequence. Per seed, d = other − baseline in {−1, 0, 1} for a yes/no outcome (survived, died to
 * a trap). With S = Σd and Q = Σd² after t seeds, and M(λ) = exp(λ·(S − tδ) − λ²·V/2) with
 * V = Σ(d − δ)², Robbins' mixture over λ ~ N(0, 1/ρ) is
 *     M = sqrt(ρ / (V + ρ)) · exp((S − tδ)² / (2(V + ρ))).
 * At δ = 0 (no difference) each d is symmetric given the past (P(d = 1) = P(d = −1)), and then
 * E exp(λd − λ²d²/2) = P(d = 0) + P(d ≠ 0)·cosh(λ)·e^(−λ²/2) ≤ 1: M is a nonnegative
 * supermartingale, P(M ever ≥ 1/α) ≤ α exactly, at any number of games (a sequential McNemar test:
 * only the discordant seeds move it). So p = min(1, 1/M) is a p-value valid at any stopping time:
 * claiming "differs" when p ≤ α is wrong at most α of the time, however often it is looked at.
 * The interval {δ : M(δ) < 1/α} is the same test inverted: 0 lies outside it exactly when p ≤ α.
 * Away from 0 its ends lean on the symmetry (d − δ is not symmetric), so they are a close but not
 * exact always-valid interval (de la Peña's self-normalised bound); the claims use only δ = 0.
 *
 * ρ sets where the boundary is tightest: at V* = RHO_DISCORDANT discordant seeds (a hundred: a trap
 * death rate of a few percent over a few thousand games), where it asks about 1.5 times the
 * fixed-n 95% interval's half-width. It is fixed before any game (a ρ chosen from the data would
 * break the guarantee).
 *
 * Holm. A run watches m differences (metrics × columns). Sorted by p, the i-th smallest is tested
 * at α/(m − i + 1) while every smaller one was claimed; the first that fails stops the claims. The
 * chance of any false claim among the m stays at most α (Holm 1979), and each p is valid at the
 * stopping time, so the pair holds at any look.
 */

/** The rule's name as reports and --help say it. */
export const SEQUENTIAL_RULE_NAME = 'Robbins normal-mixture confidence sequence, Holm across the differences';

/** Discordant seeds at which the boundary is tightest (see the module comment). */
export const RHO_DISCORDANT = 100;

/** The family level the boundary's ρ is tuned at. */
const RHO_LEVEL = 0.05;

/**
 * The mixture's ρ: for V* and L = 2·ln(1/α), the boundary sqrt((V + ρ)(ln(1 + V/ρ) + L)) is least
 * at V* when x = V* / ρ solves x = L + ln(1 + x) (its derivative in ρ is zero there).
 */
function tunedRho(vStar: number, level: number): number {
  const L = 2 * Math.log(1 / level);
  let x = L;
  for (let i = 0; i < 100; i++) x = L + Math.log1p(x);
  return vStar / x;
}

/** The mixture's ρ, fixed before any game. */
export const MIXTURE_RHO = tunedRho(RHO_DISCORDANT, RHO_LEVEL);

/** A paired difference's sums after `count` seeds: Σd and Σd², each d in [−1, 1]. */
export interface PairedSums {
  count: number;
  sum: number;
  sumSq: number;
}

/** ln M at δ (see the module comment). */
export function logMixture(s: PairedSums, delta: number, rho = MIXTURE_RHO): number {
  const centred = s.sum - s.count * delta;
  // Σ(d − δ)² from the sums; never below 0 by roundoff.
  const v = Math.max(0, s.sumSq - 2 * delta * s.sum + s.count * delta * delta);
  return 0.5 * Math.log(rho / (v + rho)) + (centred * centred) / (2 * (v + rho));
}

/** The always-valid p-value of "no difference": min(1, 1/M at δ = 0). */
export function anytimePValue(s: PairedSums, rho = MIXTURE_RHO): number {
  return Math.min(1, Math.exp(-logMixture(s, 0, rho)));
}

export interface SequenceInterval {
  /** The estimate Σd / t (NaN with no seeds). */
  diff: number;
  lo: number;
  hi: number;
}

/**
 * The confidence sequence at level 1 − alpha: the δ in [−1, 1] that M(δ) does not reject.
 * With u = δ − estimate, W = Σ(d − estimate)² + ρ and y = W + t·u², ln M(δ) is
 *     f(y) = t/2 − t·W/(2y) − ln(y/ρ)/2,
 * increasing and concave in y for W ≤ y < t·W. On [−1, 1] (u² ≤ 4 < W/2 ≤ W·(1 − 1/t) from two
 * seeds on, as W ≥ ρ > 8) each end is the one crossing of ln(1/alpha) on its side: found by
 * Newton's steps from y = W, which for an increasing concave f climb to the crossing from below
 * (so the ends stay inside, never past it). 0 lies outside exactly when the p-value is at most
 * alpha (up to rounding at the crossing itself).
 */
export function confidenceSequence(s: PairedSums, alpha: number, rho = MIXTURE_RHO): SequenceInterval {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`confidenceSequence: alpha ${alpha}`);
  if (s.count === 0) return { diff: Number.NaN, lo: -1, hi: 1 };
  const t = s.count;
  const diff = s.sum / t;
  const bar = Math.log(1 / alpha);
  const w = Math.max(0, s.sumSq - (s.sum * s.sum) / t) + rho;
  let reach: number | null = null;
  const crossing = (): number => {
    if (reach !== null) return reach;
    let y = w;
    for (let i = 0; i < 100; i++) {
      const f = t / 2 - (t * w) / (2 * y) - 0.5 * Math.log(y / rho) - bar;
      if (f >= -1e-13) break;
      const slope = (t * w) / (2 * y * y) - 1 / (2 * y);
      y -= f / slope;
    }
    reach = Math.sqrt(Math.max(0, (y - w) / t));
    return reach;
  };
  // An end at ±1 when even ±1 is not rejected (few seeds): the interval is then the whole range there.
  const lo = logMixture(s, -1, rho) >= bar ? Math.max(-1, diff - crossing()) : -1;
  const hi = logMixture(s, 1, rho) >= bar ? Math.min(1, diff + crossing()) : 1;
  return { diff, lo, hi };
}

/**
 * Holm's step-down at family level `alpha`: for each p (in the order given), the level it was
 * tested at and whether it is claimed. The unclaimed share the level of the first unclaimed step.
 */
export function holm(pValues: readonly number[], alpha: number): Array<{ level: number; claimed: boolean }> {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const out = new Array<{ level: number; claimed: boolean }>(m);
  let stopped = false;
  let unclaimedLevel = alpha;
  for (const [step, { p, i }] of order.entries()) {
    const level = alpha / (m - step);
    if (!stopped && p <= level) {
      out[i] = { level, claimed: true };
      continue;
    }
    if (!stopped) unclaimedLevel = level;
    stopped = true;
    out[i] = { level: unclaimedLevel, claimed: false };
  }
  return out;
}

export interface SequentialDifference extends SequenceInterval {
  /** The always-valid p-value of "no difference". */
  p: number;
  /** The level Holm's step tested it at; the interval is drawn at 1 − level. */
  level: number;
  /** A difference is claimed: 0 lies outside the interval, Holm agreeing. */
  claimed: boolean;
  /** The interval's wider half. */
  halfWidth: number;
}

/**
 * The differences of one look, held together at family level `alpha`: each one's p-value, Holm's
 * claim, and its interval at the level Holm tested it at (so it excludes 0 exactly when claimed).
 */
export function sequentialDifferences(sums: readonly PairedSums[], alpha: number, rho = MIXTURE_RHO): SequentialDifference[] {
  const ps = sums.map((s) => anytimePValue(s, rho));
  return holm(ps, alpha).map(({ level, claimed }, i) => {
    const ci = confidenceSequence(sums[i]!, level, rho);
    const halfWidth = Number.isFinite(ci.diff) ? Math.max(ci.diff - ci.lo, ci.hi - ci.diff) : 1;
    return { ...ci, p: ps[i]!, level, claimed, halfWidth };
  });
}
