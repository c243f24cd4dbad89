/**
 * Precision stops (`sim --precision P`): a batch plays on, a step of games at a time, until the
 * 95% Wilson interval of each chosen per-run rate is at most ±P around its estimate, or a cap.
 * `compare --precision P` stops when each paired difference against the first column is settled:
 * a difference is claimed, or its interval is at most ±P, by an always-valid rule that holds all
 * the differences together at 95% however often they are looked at (stats/sequential.ts).
 * The rule reads only what the merged games say, judged at whole steps in seed order, so the
 * games played and the answer are the same for any number of workers.
 */
import type { SimStats } from './accumulator.ts';
import type { PairedStats } from './paired.ts';
import { type Rate, runRate } from './report.ts';
import { type PairedSums, SEQUENTIAL_RULE_NAME, type SequentialDifference, sequentialDifferences } from './stats/sequential.ts';
import type { PairedTable } from './stats/wilson.ts';

/** The per-run rates a precision stop can watch, and what each counts. */
export const PRECISION_METRICS = {
  survival: 'runs the player survived',
  win: 'runs that reached the last stairs',
  trapDeath: 'runs a trap killed the player',
  trapHurt: 'runs a trap took hit points from the player',
} as const;

export type PrecisionMetric = keyof typeof PRECISION_METRICS;

/** Games per step: each step is judged once all of its games are merged. */
export const PRECISION_STEP = 100;

/** The rate of `metric` over the runs merged so far. */
export function metricRate(stats: SimStats, metric: PrecisionMetric): Rate {
  return runRate(stats.runCounts, metric);
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
  survival: 'survived',
  trapDeath: 'diedToTrap',
  trapHurt: 'hurtByTrap',
} as const;

export type ComparePrecisionMetric = keyof typeof COMPARE_PRECISION_METRICS;

/** The family level of a compare's precision stop: every claim of the run together. */
export const COMPARE_PRECISION_LEVEL = 0.05;

/** The rule of a compare's precision stop in words (--help, the report, stderr). */
export const COMPARE_PRECISION_RULE = `${Math.round(100 * (1 - COMPARE_PRECISION_LEVEL))}% for all the watched differences together, always valid however often looked at (${SEQUENTIAL_RULE_NAME}), looked at every ${PRECISION_STEP} games`;

/** One watched difference at a look: sequential.ts's reading, `excludesZero` when a difference is claimed. */
export type CompareDifference = SequentialDifference & { excludesZero: boolean };

export interface CompareVerdict {
  target: number;
  metrics: ComparePrecisionMetric[];
  /** The stopping rule: its name, family level, how many differences it holds together and how often it looks. */
  rule: { name: string; level: number; differences: number; every: number };
  /** Every watched difference of every column settled. */
  reached: boolean;
  runs: number;
  /** Per other column, per metric: the always-valid interval, its p-value, Holm's level and claim. */
  columns: Array<Record<string, CompareDifference>>;
}

/** The per-seed differences of a paired yes/no outcome (other − baseline) as sums. */
function tableSums(t: PairedTable): PairedSums {
  // The table is (baseline, other): "only first" is a seed where the other column lost it (d = −1).
  return { count: t.both + t.onlyFirst + t.onlySecond + t.neither, sum: t.onlySecond - t.onlyFirst, sumSq: t.onlySecond + t.onlyFirst };
}

/**
 * The precision stop's reading of the games so far: every watched difference of every column is
 * settled when a difference is claimed (Holm over all of them, each always-valid p-value) or its
 * always-valid interval is at most ±target. A pure function of the counts, so the stop and the
 * final verdict read the same, with any number of workers.
 */
export function compareVerdict(paired: readonly PairedStats[], runs: number, metrics: readonly ComparePrecisionMetric[], target: number): CompareVerdict {
  const keys = paired.flatMap((_, j) => metrics.map((m) => ({ j, m })));
  const read = sequentialDifferences(
    keys.map(({ j, m }) => tableSums(paired[j]!.data[COMPARE_PRECISION_METRICS[m]])),
    COMPARE_PRECISION_LEVEL,
  );
  const columns: Array<Record<string, CompareDifference>> = paired.map(() => ({}));
  for (const [i, { j, m }] of keys.entries()) columns[j]![m] = { ...read[i]!, excludesZero: read[i]!.claimed };
  const reached = runs > 0 && read.every((d) => d.claimed || d.halfWidth <= target);
  return {
    target,
    metrics: [...metrics],
    rule: { name: SEQUENTIAL_RULE_NAME, level: COMPARE_PRECISION_LEVEL, differences: keys.length, every: PRECISION_STEP },
    reached,
    runs,
    columns,
  };
}

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(4)}`;

/** One difference in words: "column 2 survival +0.0300 in [+0.0010, +0.0590] (differs)". */
function differenceWords(label: string, m: string, d: CompareDifference): string {
  return `${label} ${m} ${Number.isFinite(d.diff) ? signed(d.diff) : '?'} in [${signed(d.lo)}, ${signed(d.hi)}] ±${d.halfWidth.toFixed(4)}${d.excludesZero ? ' (differs)' : ''}`;
}

/** The verdict in words; `labels[j]` names the j-th column after the first (default "column j+2"). */
export function compareSentence(v: CompareVerdict, cap: number, labels?: readonly string[]): string {
  const parts = v.columns.flatMap((c, j) => v.metrics.map((m) => differenceWords(labels?.[j] ?? `column ${j + 2}`, m, c[m]!))).join(', ');
  return v.reached
    ? `every difference settled after ${v.runs} runs: ${parts} (each a difference claimed or at most ±${v.target}; ${COMPARE_PRECISION_RULE})`
    : `stopped at the cap of ${cap} runs (--max-runs) before every difference settled: ${parts} (asked: ±${v.target}; ${COMPARE_PRECISION_RULE})`;
}

/**
 * The lines a table report ends with under --precision: the rule, then each difference with its
 * always-valid interval, p-value and Holm level. The 95% intervals above assume a fixed number of
 * games; a run that stopped when it saw something is read here.
 */
export function compareVerdictLines(v: CompareVerdict, cap: number, labels?: readonly string[]): string {
  const rows = v.columns.flatMap((c, j) =>
    v.metrics.map((m) => {
      const d = c[m]!;
      return `  ${differenceWords(labels?.[j] ?? `column ${j + 2}`, m, d)}; p ${d.p < 1e-4 ? d.p.toExponential(1) : d.p.toFixed(4)}, tested at ${d.level.toPrecision(3)}`;
    }),
  );
  const how = v.reached ? `settled after ${v.runs} runs (each a difference claimed or at most ±${v.target})` : `not settled at the cap of ${cap} runs (asked: ±${v.target})`;
  return [
    `Precision stop: ${how}.`,
    `Rule: ${COMPARE_PRECISION_RULE}. Read the differences here, not the fixed-run 95% intervals above:`,
    ...rows,
  ].join('\n');
}
