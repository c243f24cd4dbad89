/**
 * Precision stops (`sim --precision P`): a batch plays on, a step of games at a time, until the
 * 95% Wilson interval of each chosen per-run rate is at most ±P around its estimate, or a cap.
 * `compare --precision P` stops when each paired difference against the first column is settled:
 * its 95% interval excludes 0, or is at most ±P.
 * The rule reads only what the merged games say, judged at whole steps in seed order, so the
 * games played and the answer are the same for any number of workers.
 */
import type { SimStats } from './accumulator.ts';
import type { PairedStats } from './paired.ts';
import { type Rate, rate } from './report.ts';

/** The per-run rates a precision stop can watch, and what each counts. */
export const PRECISION_METRICS = {
  survival: 'runs the player survived',
  win: 'runs that reached the last stairs',
  trapDeath: 'runs a trap killed the player',
} as const;

export type PrecisionMetric = keyof typeof PRECISION_METRICS;

/** Games per step: each step is judged once all of its games are merged. */
export const PRECISION_STEP = 100;

/** The rate of `metric` over the runs merged so far. */
export function metricRate(stats: SimStats, metric: PrecisionMetric): Rate {
  const rc = stats.runCounts;
  const k = metric === 'survival' ? rc.runs - rc.died : metric === 'win' ? rc.won : rc.diedToTrap;
  return rate(k, rc.runs);
}

/** How far the 95% interval reaches from the estimate, on its wider side (1 with no runs). */
export function halfWidth(r: Rate): number {
  if (r.p === null || r.lo === null || r.hi === null) return 1;
  return Math.max(r.p - r.lo, r.hi - r.p);
}

export interface PrecisionVerdict {
  target: number;
  metrics: PrecisionMetric[];
  /** Every watched rate within ±target. */
  reached: boolean;
  runs: number;
  halfWidths: Record<string, number>;
}

export function precisionVerdict(stats: SimStats, metrics: readonly PrecisionMetric[], target: number): PrecisionVerdict {
  const halfWidths: Record<string, number> = {};
  for (const m of metrics) halfWidths[m] = halfWidth(metricRate(stats, m));
  return { target, metrics: [...metrics], reached: metrics.every((m) => halfWidths[m]! <= target), runs: stats.runCounts.runs, halfWidths };
}

/** The verdict in words, for stderr: which rule ended the run. */
export function precisionSentence(v: PrecisionVerdict, cap: number): string {
  const widths = v.metrics.map((m) => `${m} ±${v.halfWidths[m]!.toFixed(4)}`).join(', ');
  return v.reached
    ? `precision reached after ${v.runs} runs: ${widths} (each at most ±${v.target})`
    : `stopped at the cap of ${cap} runs (--max-runs) before the precision: ${widths} (asked: ±${v.target})`;
}

/** The paired differences a compare's precision stop can watch (other column minus the first). */
export const COMPARE_PRECISION_METRICS = {
  survival: 'survivalRate',
  trapDeath: 'trapDeathRate',
} as const;

export type ComparePrecisionMetric = keyof typeof COMPARE_PRECISION_METRICS;

export interface CompareVerdict {
  target: number;
  metrics: ComparePrecisionMetric[];
  /** Every watched difference of every column settled. */
  reached: boolean;
  runs: number;
  /** Per other column, per metric: the interval's half-width and whether it excludes 0. */
  columns: Array<Record<string, { halfWidth: number; excludesZero: boolean }>>;
}

export function compareVerdict(paired: readonly PairedStats[], runs: number, metrics: readonly ComparePrecisionMetric[], target: number): CompareVerdict {
  const columns = paired.map((p) => {
    const d = p.differences();
    const out: Record<string, { halfWidth: number; excludesZero: boolean }> = {};
    for (const m of metrics) {
      const i = d[COMPARE_PRECISION_METRICS[m]];
      const known = Number.isFinite(i.p) && Number.isFinite(i.lo) && Number.isFinite(i.hi);
      out[m] = known ? { halfWidth: Math.max(i.p - i.lo, i.hi - i.p), excludesZero: i.lo > 0 || i.hi < 0 } : { halfWidth: 1, excludesZero: false };
    }
    return out;
  });
  const reached = runs > 0 && columns.every((c) => metrics.every((m) => c[m]!.excludesZero || c[m]!.halfWidth <= target));
  return { target, metrics: [...metrics], reached, runs, columns };
}

/** The verdict in words; `labels[j]` names the j-th column after the first (default "column j+2"). */
export function compareSentence(v: CompareVerdict, cap: number, labels?: readonly string[]): string {
  const parts = v.columns.flatMap((c, j) => v.metrics.map((m) => `${labels?.[j] ?? `column ${j + 2}`} ${m} ±${c[m]!.halfWidth.toFixed(4)}${c[m]!.excludesZero ? ' (excludes 0)' : ''}`)).join(', ');
  return v.reached
    ? `every difference settled after ${v.runs} runs: ${parts} (each excludes 0 or is at most ±${v.target})`
    : `stopped at the cap of ${cap} runs (--max-runs) before every difference settled: ${parts} (asked: ±${v.target})`;
}
