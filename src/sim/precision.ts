/**
 * Precision stops (`sim --precision P`): a batch plays on, a step of games at a time, until the
 * 95% Wilson interval of each chosen per-run rate is at most ±P around its estimate, or a cap.
 * The rule reads only what the merged games say, judged at whole steps in seed order, so the
 * games played and the answer are the same for any number of workers.
 */
import type { SimStats } from './accumulator.ts';
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
