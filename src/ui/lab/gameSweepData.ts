/**
 * The Lab's whole-game sweep (sim/gameSweep.ts, what `trapsmith sim --vary` plays) apart from the
 * DOM, so Node tests read it: the "Vary" field's text as the grid's points and the compare batch's
 * columns (one per point, all on the same seeds), the batch's merged results as the CLI's report,
 * its table as the CLI prints it, and one response curve per metric with its 95% band.
 */
import { SimStats } from '../../sim/accumulator.ts';
import { gameSweepCells } from '../../sim/format.ts';
import { GameSweepError, type GameSweepReport, type GameVary, gameSweepReport, parseGameVary, type SweepPoint, sweepPoints } from '../../sim/gameSweep.ts';
import { PairedStats } from '../../sim/paired.ts';
import { type ColumnReport, type CompareReport, compareReport, type Difference, type Rate } from '../../sim/report.ts';
import type { SimSpec } from '../../sim/runner.ts';
import type { SimPartial } from './protocol.ts';
import { MAX_CURVES, spread } from './sweepData.ts';

export interface GameSweepPlan {
  varies: GameVary[];
  points: SweepPoint[];
  /** The batch's columns, one per point in the grid's order (the first `--vary` slowest). */
  columns: SimSpec[];
}

/**
 * The field's expressions: split on white space, commas between expressions or semicolons, and
 * any `--vary` word dropped, so a line pasted from the command line reads as typed. A comma
 * inside an expression (none of the ranges has one) would be taken apart too.
 */
export function varyTexts(text: string): string[] {
  return text
    .split(/[\s;]+|,(?=\s*(?:traps|set)\.)/)
    .map((t) => t.replace(/^--vary=?/, ''))
    .filter((t) => t !== '');
}

/**
 * The sweep the field asks for, each point `base` with the point's values (as the CLI's `--vary`
 * makes them from its run flags). Throws GameSweepError in the parser's own words.
 */
export function planGameSweep(text: string, base: SimSpec): GameSweepPlan {
  const texts = varyTexts(text);
  if (texts.length === 0) throw new GameSweepError('--vary: give one or two ranges, e.g. traps.fireball.difficulty=10..24:2 or set.playerHp=4..16:4');
  const varies = texts.map((t) => {
    try {
      return parseGameVary(t);
    } catch (e) {
      // A range's own refusal names only its last part ("difficulty: the step must not be 0"):
      // the page names the whole expression, as typed, in front of it.
      const path = t.split('=')[0]!;
      if (e instanceof GameSweepError && !e.message.includes(path)) throw new GameSweepError(`${t}: ${e.message.replace(/^--vary\s+/, '')}`);
      throw e;
    }
  });
  const points = sweepPoints(base.ruleset, varies, base.variant ?? null, base.traps ?? null);
  return { varies, points, columns: points.map((p) => ({ ...base, variant: p.variant })) };
}

/** The batch's merged results (a worker's `partial` or `simDone`) as `sim --vary --format json` reports them. */
export function labSweepReport(plan: GameSweepPlan, result: SimPartial, seedStart: number): GameSweepReport {
  const stats = result.columns.map((d) => SimStats.fromData(d));
  const paired = result.paired.map((d) => PairedStats.fromData(d));
  const compared: CompareReport = compareReport(plan.columns, stats, paired, result.runsDone, seedStart, result.fingerprintMismatches);
  return gameSweepReport(plan.varies, plan.points, compared);
}

export interface TextTable {
  /** The sentence above the table. */
  caption: string;
  header: string[];
  rows: string[][];
}

/** The cells of `gameSweepTable` (what `sim --vary` prints): the page shows the CLI's own table. */
export function sweepTableCells(r: GameSweepReport): TextTable {
  return gameSweepCells(r);
}

// ------------------------------------------------------------------ the curves

export type SweepMetric = 'survival' | 'trapDeath' | 'trapHurt' | 'trapDamage' | 'turns' | 'playerTriggers';

interface MetricDef {
  label: string;
  /** A rate (0..1): its own Wilson interval; else a mean per run. */
  rate: ((c: ColumnReport) => Rate) | null;
  mean: (c: ColumnReport) => number | null;
  diff: (d: CompareReport['differences'][number]) => Difference;
}

export const SWEEP_METRICS: Record<SweepMetric, MetricDef> = {
  survival: { label: 'survived', rate: (c) => c.run.survival, mean: (c) => c.run.survival.p, diff: (d) => d.run.survivalRate },
  trapDeath: { label: 'killed by a trap', rate: (c) => c.run.trapDeath, mean: (c) => c.run.trapDeath.p, diff: (d) => d.run.trapDeathRate },
  trapHurt: { label: 'hurt by a trap', rate: (c) => c.run.trapHurt, mean: (c) => c.run.trapHurt.p, diff: (d) => d.run.trapHurtRate },
  trapDamage: { label: 'trap damage per run', rate: null, mean: (c) => c.run.trapDamagePerRun.mean, diff: (d) => d.run.trapDamage },
  turns: { label: 'turns per run', rate: null, mean: (c) => c.run.turns.mean, diff: (d) => d.run.turns },
  playerTriggers: { label: 'traps set off per run', rate: null, mean: (c) => c.run.playerTriggersPerRun.mean, diff: (d) => d.run.playerTriggers },
};

export const SWEEP_METRIC_NAMES = Object.keys(SWEEP_METRICS) as SweepMetric[];
/** The charts a sweep shows until the designer picks others. */
export const DEFAULT_METRICS: readonly SweepMetric[] = ['survival', 'trapDeath', 'trapHurt', 'trapDamage'];

/**
 * `value`: each point's rate or mean; `difference`: each point minus the first point, paired by
 * seed (0 at the first point).
 */
export type CurveMode = 'value' | 'difference';

export interface BandSeries {
  label: string;
  /** One per x; null where there is nothing to draw. */
  y: Array<number | null>;
  lo: Array<number | null>;
  hi: Array<number | null>;
}

export interface SweepChart {
  title: string;
  xName: string;
  xs: number[];
  series: BandSeries[];
  /** A rate, or a rate's difference (drawn as % or points). */
  percent: boolean;
  /** What the band is, said under the chart. */
  band: string;
  /** Set when the second `--vary` has more values than curves are drawn. */
  note: string | null;
}

/** A point's y and band under `mode` (index `i` in the report's columns). */
function pointOf(r: GameSweepReport, def: MetricDef, mode: CurveMode, i: number): { y: number | null; lo: number | null; hi: number | null } {
  const c = r.columns[i]!;
  if (mode === 'difference') {
    if (i === 0) return { y: 0, lo: 0, hi: 0 };
    const d = def.diff(r.differences[i - 1]!);
    return { y: d.diff, lo: d.lo, hi: d.hi };
  }
  if (def.rate) {
    const x = def.rate(c);
    return { y: x.p, lo: x.lo, hi: x.hi };
  }
  // A mean's only interval here is its paired difference from the first point: the band is that
  // interval placed on the first point's mean (where this point stands against the first).
  const y = def.mean(c);
  const base = def.mean(r.columns[0]!);
  if (i === 0 || base === null) return { y, lo: y, hi: y };
  const d = def.diff(r.differences[i - 1]!);
  return { y, lo: d.lo === null ? null : base + d.lo, hi: d.hi === null ? null : base + d.hi };
}

/**
 * One metric over the first `--vary` (x): one curve, or with a second `--vary` one curve per
 * value of it (at most MAX_CURVES, evenly spread; the table has every point).
 */
export function sweepChart(r: GameSweepReport, metric: SweepMetric, mode: CurveMode): SweepChart {
  const def = SWEEP_METRICS[metric];
  const [ax, ay] = r.vary;
  const xs = [...ax!.values];
  const inner = ay ? ay.values.length : 1;
  const curve = (label: string, j: number): BandSeries => {
    const out: BandSeries = { label, y: [], lo: [], hi: [] };
    xs.forEach((x, i) => {
      const at = i * inner + j;
      // The grid's order is the report's: a point out of place would draw a wrong curve silently.
      if (r.points[at]?.[ax!.path] !== x || (ay && r.points[at]?.[ay.path] !== ay.values[j])) throw new Error('sweep points out of order');
      const p = pointOf(r, def, mode, at);
      out.y.push(p.y);
      out.lo.push(p.lo);
      out.hi.push(p.hi);
    });
    return out;
  };
  const shown = ay ? spread(ay.values.length, MAX_CURVES) : [0];
  const series = ay ? shown.map((j) => curve(`${ay.path} = ${ay.values[j]}`, j)) : [curve(def.label, 0)];
  const percent = def.rate !== null;
  const what = mode === 'difference' ? `${def.label}: difference from the first point` : def.label;
  const band =
    mode === 'difference'
      ? 'Band: the 95% interval of the difference from the first point, paired by seed.'
      : percent
        ? 'Band: the 95% Wilson interval of the rate.'
        : 'Band: the first point’s mean plus the 95% interval of the difference from it, paired by seed.';
  return {
    title: `${what} by ${ax!.path} (${r.runs} runs a point)`,
    xName: ax!.path,
    xs,
    series,
    percent,
    band,
    note: ay && shown.length < ay.values.length ? `${shown.length} of the ${ay.values.length} values of ${ay.path} drawn as curves; the table has them all.` : null,
  };
}

/** A point's value as the chart's legend reads it: "53.3% [36.1–69.8%]", "+20.0 pts [5.5, 33.2]", "0.20". */
export function bandText(y: number | null | undefined, lo: number | null | undefined, hi: number | null | undefined, percent: boolean, mode: CurveMode): string {
  if (y === null || y === undefined) return '—';
  const f = (v: number) => (percent ? (100 * v).toFixed(1) : v.toFixed(2));
  const sign = mode === 'difference' && y > 0 ? '+' : '';
  const interval = lo === null || lo === undefined || hi === null || hi === undefined || (lo === y && hi === y) ? '' : mode === 'difference' ? ` [${f(lo)}, ${f(hi)}]` : percent ? ` [${f(lo)}–${f(hi)}%]` : ` [${f(lo)}, ${f(hi)}]`;
  return `${sign}${f(y)}${percent ? (mode === 'difference' ? ' pts' : '%') : ''}${interval}`;
}

/** The y range that holds every curve and band (rates' values on 0..1), a little headroom above. */
export function bandRange(series: readonly BandSeries[], percent: boolean, mode: CurveMode): [number, number] {
  if (percent && mode === 'value') return [0, 1];
  const all = series.flatMap((s) => [...s.y, ...s.lo, ...s.hi]).filter((v): v is number => v !== null && Number.isFinite(v));
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const pad = (hi - lo || 1) * 0.05;
  return [lo === 0 ? 0 : lo - pad, hi + pad];
}
