/**
 * A sweep's result (sim/sweep.ts) as the lab shows it: curves over the first input and a table.
 * A 1-D sweep draws one curve per outcome (a numeric check: its mean); a 2-D sweep shows one
 * measure (an outcome's probability, or a numeric check's mean) as a grid — rows the first input,
 * columns the second — and as curves over the first input, one per value of the second.
 */
import { csv } from '../../sim/format.ts';
import type { SweepResult } from '../../sim/sweep.ts';

export interface SweepCurves {
  xName: string;
  xs: number[];
  series: Array<{ label: string; y: number[] }>;
  /** Probabilities (0..1) rather than a mean. */
  percent: boolean;
  /** Set when the second input has more values than curves are drawn. */
  note: string | null;
}

export interface SweepTable {
  header: string[];
  rows: string[][];
}

/** Most curves a 2-D sweep draws (evenly spread over the second input; the table has them all). */
export const MAX_CURVES = 16;

/** What a 2-D sweep can show: each outcome's probability, and the mean of a numeric check first. */
export function sweepMeasures(r: SweepResult): string[] {
  return r.numeric ? ['mean', ...r.outcomes] : [...r.outcomes];
}

function measureOf(r: SweepResult, cell: SweepResult['cells'][number], measure: string): number {
  if (measure === 'mean') {
    if (!cell.mean) throw new Error(`${r.check} has no mean (it is not a numeric check)`);
    return cell.mean.p;
  }
  const o = cell.outcomes[measure];
  if (!o) throw new Error(`${r.check} has no outcome "${measure}"`);
  return o.p;
}

export function formatMeasure(v: number, percent: boolean): string {
  return percent ? `${(100 * v).toFixed(2)}%` : v.toFixed(3);
}

/** The cell at (i, j) of a 2-D sweep: cells are row-major, the second input varying fastest. */
function cellAt(r: SweepResult, i: number, j: number): SweepResult['cells'][number] {
  const [ax, ay] = r.axes as [SweepResult['axes'][0], SweepResult['axes'][0]];
  const cell = r.cells[i * ay.values.length + j];
  if (!cell || cell.at[ax.name] !== ax.values[i] || cell.at[ay.name] !== ay.values[j]) throw new Error('sweep cells out of order');
  return cell;
}

/** Evenly spread indices 0..n-1, at most `max` of them, first and last included. */
export function spread(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < max; k++) out.add(Math.round((k * (n - 1)) / (max - 1)));
  return [...out];
}

export function sweepCurves(r: SweepResult, measure?: string): SweepCurves {
  const ax = r.axes[0]!;
  if (r.axes.length === 1) {
    const series = r.numeric
      ? [{ label: 'mean', y: r.cells.map((c) => measureOf(r, c, 'mean')) }]
      : r.outcomes.map((o) => ({ label: o, y: r.cells.map((c) => measureOf(r, c, o)) }));
    return { xName: ax.name, xs: [...ax.values], series, percent: !r.numeric, note: null };
  }
  const ay = r.axes[1]!;
  const m = measure ?? sweepMeasures(r)[0]!;
  const shown = spread(ay.values.length, MAX_CURVES);
  const series = shown.map((j) => ({ label: `${ay.name} = ${ay.values[j]}`, y: ax.values.map((_, i) => measureOf(r, cellAt(r, i, j), m)) }));
  const note = shown.length < ay.values.length ? `${shown.length} of the ${ay.values.length} values of ${ay.name} drawn as curves; the table has them all.` : null;
  return { xName: ax.name, xs: [...ax.values], series, percent: m !== 'mean', note };
}

export function sweepTable(r: SweepResult, measure?: string): SweepTable {
  const ax = r.axes[0]!;
  if (r.axes.length === 1) {
    const cols = r.numeric ? ['mean'] : r.outcomes;
    return {
      header: [ax.name, ...cols.map((c) => (c === 'mean' ? 'mean' : `P(${c})`))],
      rows: r.cells.map((c) => [String(c.at[ax.name]), ...cols.map((o) => formatMeasure(measureOf(r, c, o), o !== 'mean'))]),
    };
  }
  const ay = r.axes[1]!;
  const m = measure ?? sweepMeasures(r)[0]!;
  return {
    header: [`${ax.name} \\ ${ay.name}`, ...ay.values.map(String)],
    rows: ax.values.map((x, i) => [String(x), ...ay.values.map((_, j) => formatMeasure(measureOf(r, cellAt(r, i, j), m), m !== 'mean'))]),
  };
}

/** Every cell and outcome as CSV, the form `trapsmith sweep --format csv` writes. */
export function sweepCsv(r: SweepResult): string {
  const names = r.axes.map((a) => a.name);
  const rows: Array<Array<string | number | null>> = [];
  for (const c of r.cells) {
    for (const o of r.outcomes) rows.push([...names.map((n) => c.at[n]!), o, c.outcomes[o]!.p, c.outcomes[o]!.exact]);
    if (c.mean) rows.push([...names.map((n) => c.at[n]!), 'mean', c.mean.p, c.mean.exact]);
  }
  return csv([...names, 'outcome', 'p', 'exact'], rows);
}
