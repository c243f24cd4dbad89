/**
 * Simulated precision stops under a known truth: paired yes/no outcomes of a baseline column and
 * other columns on the same seeds (synthetic, not whole games), looked at every PRECISION_STEP
 * seeds by a stop rule until it is settled or a cap. What a run claims at its stop is then held
 * against the truth. Used by tests/sim/sequential.test.ts and bench/sequentialStop.ts.
 */
import { PairedStats } from '../../src/sim/paired.ts';
import { type ComparePrecisionMetric, compareVerdict, PRECISION_STEP } from '../../src/sim/precision.ts';
import { newcombePairedDiff, type PairedTable } from '../../src/sim/stats/wilson.ts';

/** The simulation's own dice, independent of the game's: the tests' one mulberry32. */
import { prng } from '../share/randomGame.ts';

export const mulberry32 = prng;

/**
 * One outcome of a seed under the baseline (rate `base`) and under another column (rate `other`):
 * with chance `same` the other column does what the baseline did (common random numbers), else it
 * draws on its own at the rate that keeps its marginal at `other`.
 */
export interface PairedTruth {
  base: number;
  other: number;
  same: number;
}

function draw(t: PairedTruth, rnd: () => number): [boolean, boolean] {
  const a = rnd() < t.base;
  if (rnd() < t.same) return [a, a];
  const own = (t.other - t.same * t.base) / (1 - t.same);
  if (own < 0 || own > 1) throw new RangeError(`no pairing gives rate ${t.other} from ${t.base} with ${t.same} the same`);
  return [a, rnd() < own];
}

function add(t: PairedTable, [a, b]: [boolean, boolean]): void {
  if (a && b) t.both++;
  else if (a) t.onlyFirst++;
  else if (b) t.onlySecond++;
  else t.neither++;
}

/** The metrics the simulation plays, each column's truth for each. */
export type Truths = Array<Record<SimulatedMetric, PairedTruth>>;

/** The two differences the simulation plays (the rule's level holds for any family; two keep it fast). */
type SimulatedMetric = Extract<ComparePrecisionMetric, 'survival' | 'trapDeath'>;

/** A stop rule's reading of the columns so far: settled, and which differences it claims (per column, per metric). */
export type StopRule = (paired: PairedStats[], runs: number, target: number) => { reached: boolean; claims: Array<Record<string, number>> };

const METRICS: SimulatedMetric[] = ['survival', 'trapDeath'];

/** The rule the CLI uses (sim/precision.ts compareVerdict): claims as the sign of the difference. */
export const newRule: StopRule = (paired, runs, target) => {
  const v = compareVerdict(paired, runs, METRICS, target);
  return { reached: v.reached, claims: v.columns.map((c) => Object.fromEntries(METRICS.map((m) => [m, c[m]!.claimed ? Math.sign(c[m]!.diff) : 0]))) };
};

/** The rule before #39: each paired 95% interval on its own, settled when it excludes 0 or is at most ±target. */
export const oldRule: StopRule = (paired, runs, target) => {
  const claims = paired.map((p) =>
    Object.fromEntries(
      METRICS.map((m) => {
        const t = p.data[m === 'survival' ? 'survived' : 'diedToTrap'];
        // Newcombe's difference is first − second: other − baseline is its negative.
        const i = newcombePairedDiff(t);
        const settledWide = Math.max(i.p - i.lo, i.hi - i.p) <= target;
        return [m, i.lo > 0 ? -1 : i.hi < 0 ? 1 : settledWide ? 0 : Number.NaN];
      }),
    ),
  );
  const reached = runs > 0 && claims.every((c) => METRICS.every((m) => !Number.isNaN(c[m])));
  return { reached, claims: claims.map((c) => Object.fromEntries(METRICS.map((m) => [m, Number.isNaN(c[m]) ? 0 : c[m]!]))) };
};

/** One simulated run: plays until `rule` is settled at a look or `cap` seeds; what it claims at the stop. */
export function simulateRun(truths: Truths, rule: StopRule, target: number, cap: number, rnd: () => number): { runs: number; claims: Array<Record<string, number>> } {
  const paired = truths.map(() => new PairedStats());
  for (let runs = PRECISION_STEP; runs <= cap; runs += PRECISION_STEP) {
    for (let i = 0; i < PRECISION_STEP; i++)
      for (const [j, truth] of truths.entries()) {
        add(paired[j]!.data.survived, draw(truth.survival, rnd));
        add(paired[j]!.data.diedToTrap, draw(truth.trapDeath, rnd));
      }
    const r = rule(paired, runs, target);
    if (r.reached || runs + PRECISION_STEP > cap) return { runs, claims: r.claims };
  }
  throw new RangeError(`cap ${cap} is below one look of ${PRECISION_STEP}`);
}

/** Runs a false claim spoiled (any claimed difference whose truth is none, or of the wrong sign), of `n` simulated runs. */
export function falseClaims(truths: Truths, rule: StopRule, target: number, cap: number, n: number, seed: number): { wrong: number; meanRuns: number } {
  const rnd = mulberry32(seed);
  let wrong = 0;
  let total = 0;
  for (let k = 0; k < n; k++) {
    const { runs, claims } = simulateRun(truths, rule, target, cap, rnd);
    total += runs;
    const bad = claims.some((c, j) => METRICS.some((m) => c[m] !== 0 && c[m] !== Math.sign(truths[j]![m].other - truths[j]![m].base)));
    if (bad) wrong++;
  }
  return { wrong, meanRuns: total / n };
}

/** Two columns beside the baseline, every rate equal to the baseline's: no difference to find. */
export function nullTruths(survival: number, trapDeath: number, same: number, columns = 2): Truths {
  return Array.from({ length: columns }, () => ({ survival: { base: survival, other: survival, same }, trapDeath: { base: trapDeath, other: trapDeath, same } }));
}
