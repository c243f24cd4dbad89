/**
 * What the lab's charts show, worked out apart from uPlot and the DOM so Node tests can read it:
 * the rate series of a report (a rate and its 95% Wilson interval per trap kind and column), the
 * bars and error bars of the rate chart in data units and how the draw hook paints them, and a
 * histogram's bins made contiguous for uPlot's bar paths.
 */
import type { ColumnReport, KindRateName } from '../../sim/report.ts';

export const PALETTE = ['#4e9af1', '#f19a4e', '#5fbf6f', '#d0605e', '#a77fd6', '#c9b44a', '#4ec1c1', '#d67fb0'];
/** The error bars' colour (light, over the dark chart). */
export const WHISKER = '#eeeeee';

export interface RatePoint {
  p: number | null;
  lo: number | null;
  hi: number | null;
  n: number;
}

export interface RateSeries {
  label: string;
  /** One per group (trap kind); null where the column never met that kind. */
  values: Array<RatePoint | null>;
}

/** One rate per trap kind and column, with its interval (the report's Wilson interval). */
export function rateSeriesOf(cols: readonly ColumnReport[], kinds: readonly string[], metric: KindRateName): RateSeries[] {
  return cols.map((c) => ({
    label: c.id,
    values: kinds.map((k) => {
      const r = c.kinds.find((x) => x.kind === k)?.rates[metric];
      return r ? { p: r.p, lo: r.lo, hi: r.hi, n: r.n } : null;
    }),
  }));
}

/** "12.5% [8.1–18.3%], n = 40", or "no data". */
export function rateText(v: RatePoint | null | undefined): string {
  if (!v || v.p === null) return v ? `no data (n = ${v.n})` : '—';
  const pct = (x: number | null) => (x === null ? '?' : (100 * x).toFixed(1));
  return `${pct(v.p)}% [${pct(v.lo)}–${pct(v.hi)}%], n = ${v.n}`;
}

/** Share of a group's slot the bars of all columns take (the rest is the gap between groups). */
export const GROUP_WIDTH = 0.8;

/** One bar in data units: x from x0 to x1 (group g sits at x = g), height p, error bar lo..hi. */
export interface BarBox {
  series: number;
  group: number;
  x0: number;
  x1: number;
  p: number;
  lo: number | null;
  hi: number | null;
}

/** The grouped bars: in each group, one bar per column, side by side, centred on the group. */
export function rateBars(groupCount: number, series: readonly RateSeries[]): BarBox[] {
  const out: BarBox[] = [];
  const w = GROUP_WIDTH / Math.max(1, series.length);
  for (let g = 0; g < groupCount; g++)
    series.forEach((s, si) => {
      const v = s.values[g];
      if (!v || v.p === null) return;
      const x0 = g - GROUP_WIDTH / 2 + si * w;
      out.push({ series: si, group: g, x0, x1: x0 + w, p: v.p, lo: v.lo, hi: v.hi });
    });
  return out;
}

/** The part of CanvasRenderingContext2D the draw hook uses (a recording fake in tests). */
export interface Canvas2D {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  save(): void;
  restore(): void;
}

/**
 * Paints the bars and their 95% error bars (a vertical line from lo to hi with a cap at each end)
 * on uPlot's canvas; `toX`/`toY` map data values to canvas pixels, `px` is the device pixel ratio.
 */
export function drawRateBars(ctx: Canvas2D, bars: readonly BarBox[], toX: (v: number) => number, toY: (v: number) => number, colours: readonly string[], px: number): void {
  ctx.save();
  for (const b of bars) {
    const left = Math.min(toX(b.x0), toX(b.x1));
    const width = Math.max(1, Math.abs(toX(b.x1) - toX(b.x0)) - px);
    const top = toY(b.p);
    const base = toY(0);
    ctx.fillStyle = colours[b.series % colours.length]!;
    // A rate of 0 still shows a hairline, so "never" is told apart from "no data".
    ctx.fillRect(left, Math.min(top, base - px), width, Math.max(px, base - top));
  }
  const lineWidth = Math.max(1, Math.round(px));
  ctx.strokeStyle = WHISKER;
  ctx.lineWidth = lineWidth;
  // Lines on whole pixels (half pixels for odd widths) stay crisp instead of smearing into the bar.
  const snap = (v: number) => Math.round(v) + (lineWidth % 2 === 1 ? 0.5 : 0);
  for (const b of bars) {
    if (b.lo === null || b.hi === null) continue;
    const left = Math.min(toX(b.x0), toX(b.x1));
    const width = Math.max(1, Math.abs(toX(b.x1) - toX(b.x0)) - px);
    const cx = snap(left + width / 2);
    const cap = Math.round(Math.min(4 * px, width / 3));
    const yLo = snap(toY(b.lo));
    const yHi = snap(toY(b.hi));
    ctx.beginPath();
    ctx.moveTo(cx, yLo);
    ctx.lineTo(cx, yHi);
    ctx.moveTo(cx - cap, yLo);
    ctx.lineTo(cx + cap, yLo);
    ctx.moveTo(cx - cap, yHi);
    ctx.lineTo(cx + cap, yHi);
    ctx.stroke();
  }
  ctx.restore();
}

/** The part of CanvasRenderingContext2D the bar labels use (a recording fake in tests). */
export interface LabelCanvas {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  strokeText(text: string, x: number, y: number): void;
  fillText(text: string, x: number, y: number): void;
}

/** CSS pixels of the bar labels' font: a bar narrower than this gets no label. */
export const BAR_LABEL_PX = 10;

/**
 * Names each bar by its column (the ruleset, or the variant), written upwards from the bar's
 * foot, light with a dark outline so it reads on the bar and beside it: two bars of one trap kind
 * are told apart without the legend. Returns the labels written, each with where its foot is.
 */
export function drawBarLabels(ctx: LabelCanvas, bars: readonly BarBox[], toX: (v: number) => number, toY: (v: number) => number, labels: readonly string[], px: number): Array<{ text: string; x: number; y: number }> {
  const written: Array<{ text: string; x: number; y: number }> = [];
  const size = BAR_LABEL_PX * px;
  ctx.save();
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(2, 3 * px);
  ctx.strokeStyle = '#101010';
  ctx.fillStyle = '#f4f4f4';
  for (const b of bars) {
    const text = labels[b.series];
    const width = Math.abs(toX(b.x1) - toX(b.x0));
    if (!text || width < size) continue;
    const x = Math.min(toX(b.x0), toX(b.x1)) + width / 2;
    const y = toY(0) - 3 * px;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(-Math.PI / 2);
    ctx.strokeText(text, 0, 0);
    ctx.fillText(text, 0, 0);
    ctx.restore();
    written.push({ text, x, y });
  }
  ctx.restore();
  return written;
}

/**
 * A report's histogram bins ([from, to, count], `to` inclusive, all of one width, empty bins left
 * out) as contiguous columns: x = each bin's centre, the empty bins back in with a count of 0.
 */
export function filledBins(bins: ReadonlyArray<readonly [number, number, number]>): { xs: number[]; counts: number[]; width: number; from: number; to: number } {
  if (bins.length === 0) return { xs: [], counts: [], width: 1, from: 0, to: 0 };
  const width = bins[0]![1] - bins[0]![0] + 1;
  for (const [from, to] of bins) if (to - from + 1 !== width || (from - bins[0]![0]) % width !== 0) throw new Error(`histogram bins of different widths: [${from}, ${to}]`);
  const first = bins[0]![0];
  const last = bins[bins.length - 1]![0];
  const counts = new Map(bins.map(([from, , c]) => [from, c]));
  const xs: number[] = [];
  const out: number[] = [];
  for (let from = first; from <= last; from += width) {
    xs.push(from + (width - 1) / 2);
    out.push(counts.get(from) ?? 0);
  }
  return { xs, counts: out, width, from: first, to: last + width - 1 };
}

/** The part of CanvasRenderingContext2D the interval bands use (a recording fake in tests). */
export interface BandCanvas {
  fillStyle: string | CanvasGradient | CanvasPattern;
  globalAlpha: number;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  save(): void;
  restore(): void;
}

/** The runs of indices where a band has both ends (a gap in the data splits it). */
export function bandRuns(lo: ReadonlyArray<number | null>, hi: ReadonlyArray<number | null>): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  lo.forEach((l, i) => {
    const h = hi[i];
    if (l === null || h === null || h === undefined || !Number.isFinite(l) || !Number.isFinite(h)) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push(i);
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Paints each curve's interval as a translucent band under its line: along the upper ends left to
 * right, back along the lower ends. A lone point of a run gets a thin bar, so it is not lost.
 */
export function drawBands(ctx: BandCanvas, xs: readonly number[], bands: ReadonlyArray<{ lo: ReadonlyArray<number | null>; hi: ReadonlyArray<number | null>; colour: string }>, toX: (v: number) => number, toY: (v: number) => number, px: number, alpha = 0.22): void {
  ctx.save();
  ctx.globalAlpha = alpha;
  for (const b of bands) {
    ctx.fillStyle = b.colour;
    for (const run of bandRuns(b.lo, b.hi)) {
      const at = (i: number, dx: number, end: ReadonlyArray<number | null>): [number, number] => [toX(xs[i]!) + dx, toY(end[i]!)];
      // A lone point: a bar 4 px wide; else the band's corners are the points' own.
      const edge = run.length === 1 ? [-2 * px, 2 * px] : null;
      const top = edge ? edge.map((dx) => at(run[0]!, dx, b.hi)) : run.map((i) => at(i, 0, b.hi));
      const bottom = edge ? edge.map((dx) => at(run[0]!, dx, b.lo)) : run.map((i) => at(i, 0, b.lo));
      ctx.beginPath();
      [...top, ...bottom.reverse()].forEach(([x, y], k) => {
        if (k === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.restore();
}

/** CSS pixels of one line of axis text (the charts' 11px font with its leading). */
export const AXIS_LINE_PX = 13;
/** CSS pixels under the plot before a label begins and after it ends: the ticks (4), uPlot's gap (5) and a margin. */
const AXIS_CLEARANCE = 13;

/** How the group names under grouped bars are set, so that none runs into the next or off the canvas. */
export interface GroupLabelLayout {
  /** uPlot's `rotate`, in degrees: 45 slants a name down to the left, ending at its tick; 90 stands it upright. */
  rotate: 0 | 45 | 90;
  /** The axis's height in CSS px: the ticks, the gap and the names' drop. */
  size: number;
  /** A name under every how many groups (1: all). More only when even upright names would touch. */
  every: number;
}

/**
 * The names' layout for names `widths` CSS px wide under groups `spacing` px apart, the first
 * group's middle `plotLeft + spacing / 2` px from the canvas's left edge: level when each fits its
 * group; slanted when a slanted name neither touches the next nor runs off the left edge; else
 * upright (a phone's narrow chart), thinned out only if even upright names would touch.
 */
export function groupLabelLayout(widths: readonly number[], plotLeft: number, spacing: number): GroupLabelLayout {
  const room = Number.isFinite(spacing) && spacing > 0 ? spacing : 0;
  const left = Number.isFinite(plotLeft) ? plotLeft : 0;
  const widest = Math.max(0, ...widths);
  if (widest + AXIS_LINE_PX / 2 <= room) return { rotate: 0, size: AXIS_CLEARANCE + AXIS_LINE_PX, every: 1 };
  const slant = Math.SQRT1_2;
  const slantFits = room * slant >= AXIS_LINE_PX && widths.every((w, i) => (w + AXIS_LINE_PX / 2) * slant <= left + room * (i + 0.5));
  if (slantFits) return { rotate: 45, size: AXIS_CLEARANCE + Math.ceil((widest + AXIS_LINE_PX / 2) * slant), every: 1 };
  return { rotate: 90, size: AXIS_CLEARANCE + Math.ceil(widest), every: Math.max(1, Math.ceil((AXIS_LINE_PX + 2) / Math.max(1, room))) };
}
