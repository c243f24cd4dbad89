/**
 * The lab's charts, drawn by uPlot on canvas: rates per trap kind and column as bars with their
 * 95% error bars (painted in a draw hook, chartData.ts), damage histograms (uPlot's bar paths) and
 * sweep curves (one line per series). Titles, legends and axis values are set as text by uPlot
 * (textContent and canvas text), never as HTML. uPlot's stylesheet comes in through Vite: the
 * built site loads it as a file with the lab's code (no <style> element; see index.html's CSP).
 *
 * Also the lab's own small canvas heat map of a level.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { drawBands, drawBarLabels, drawRateBars, filledBins, groupLabelLayout, PALETTE, type RateSeries, rateBars, rateText } from './chartData.ts';

export { PALETTE, type RateSeries } from './chartData.ts';

/** The uPlot behind each chart element and what stops it following its box, so replacing a chart can free both (uPlot listens on window). */
const plots = new WeakMap<Element, { plot: uPlot; unfollow(): void }>();

/** Frees the uPlot instances of every chart inside `root` (call before dropping or replacing it). */
export function disposeCharts(root: Element): void {
  const els = root.matches('.lab-chart') ? [root] : [];
  for (const el of [...els, ...root.querySelectorAll('.lab-chart')]) {
    const mounted = plots.get(el);
    mounted?.unfollow();
    mounted?.plot.destroy();
    plots.delete(el);
  }
}

/** `box.replaceChildren(...)` that frees the charts it removes. */
export function replaceCharts(box: Element, ...nodes: Array<Node | string>): void {
  disposeCharts(box);
  box.replaceChildren(...nodes);
}

const FONT = '11px system-ui, sans-serif';
const axis = (extra: uPlot.Axis): uPlot.Axis => ({
  stroke: '#aaaaaa',
  font: FONT,
  labelFont: FONT,
  grid: { stroke: '#2a2a2a', width: 1 },
  ticks: { stroke: '#444444', width: 1, size: 4 },
  ...extra,
});

/**
 * The width the lab has for a chart: its content box (the lab's padding off), less the chart's
 * own padding and that of a section it may sit in. A phone gets a narrower chart, not a clipped one.
 */
function labRoom(): number {
  if (typeof document === 'undefined') return Number.POSITIVE_INFINITY;
  const lab = document.querySelector<HTMLElement>('.lab');
  const outer = lab ? lab.clientWidth : window.innerWidth;
  // 24: the lab's padding; 12: the chart's; 18: a section's (padding and border).
  return outer - 24 - 12 - 18;
}

/** A chart's first width, before it is on the page: as asked, but no wider than the room the lab has. */
export function fitWidth(wanted: number, available = labRoom()): number {
  return Math.max(200, Math.min(wanted, available));
}

/** The chart box's padding left and right (style.ts: `.lab-chart`), in CSS px. */
const CHART_PADDING_X = 12;

/**
 * Keeps the plot as wide as its box's content (at most `wanted`): the box is as wide as the room
 * it is given, so a narrower window (a phone turned, a pane resized) narrows the plot and its
 * legend instead of leaving them sticking out. uPlot only draws at a width it is told. The new
 * size waits for the next frame: resizing inside the observer's callback would change the box's
 * height there and then, which the browser reports as a ResizeObserver loop error.
 */
function followWidth(el: HTMLElement, plot: uPlot, wanted: number): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  let frame = 0;
  let room = 0;
  const fit = () => {
    const width = Math.min(wanted, room);
    // 0: the box is not shown (a closed panel), and keeps the size it had.
    if (width > 0 && width !== plot.width) plot.setSize({ width, height: plot.height });
  };
  const observer = new ResizeObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (!entry) return;
    room = Math.floor(entry.contentRect.width);
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(fit);
  });
  observer.observe(el);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
  };
}

/** `wanted`: the plot's width where there is room for it (opts.width is the first guess on a narrower page). */
function mount(cls: string, title: string, opts: uPlot.Options, data: uPlot.AlignedData, wanted: number): HTMLElement {
  const el = document.createElement('div');
  el.className = `lab-chart ${cls}`;
  // The box is as wide as its room, up to the plot's wanted width: the legend wraps inside it.
  el.style.maxWidth = `${wanted + CHART_PADDING_X}px`;
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', title);
  const plot = new uPlot(opts, data, el);
  plots.set(el, { plot, unfollow: followWidth(el, plot, wanted) });
  return el;
}

/** Text widths in the axes' font, for laying out the group names (an estimate where no canvas is). */
let measurer: CanvasRenderingContext2D | null | undefined;
function axisTextWidth(text: string): number {
  if (measurer === undefined) measurer = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 6.5;
  measurer.font = FONT;
  return measurer.measureText(text).width;
}

/** CSS px a group name under the bars takes at most: a longer one ends in "…" (the legend names it in full). */
const GROUP_NAME_PX = 120;

/** `text` cut to `maxPx` in the axes' font, ending in "…" when cut. */
function shortened(text: string, maxPx = GROUP_NAME_PX): string {
  if (axisTextWidth(text) <= maxPx) return text;
  let keep = text.length;
  while (keep > 1 && axisTextWidth(`${text.slice(0, keep).trimEnd()}…`) > maxPx) keep--;
  return `${text.slice(0, keep).trimEnd()}…`;
}

const pctAxis = (_u: uPlot, splits: number[]) => splits.map((v) => `${Math.round(v * 100)}%`);

/**
 * Grouped bars, one group per trap kind and one bar per column, each with its 95% Wilson
 * interval as an error bar. The legend reads a group's rates as the pointer moves over it.
 */
export function rateChart(title: string, groups: string[], series: RateSeries[], wanted = 720, height = 300): HTMLElement {
  const width = fitWidth(wanted);
  // Upright names on a narrow chart would otherwise take most of its height.
  const shownNames = groups.map((g) => shortened(g));
  const nameWidths = shownNames.map(axisTextWidth);
  // Read again at every layout: the plot's width follows its box (a phone, a resized window).
  const names = (u: uPlot) => groupLabelLayout(nameWidths, u.bbox.left / uPlot.pxRatio, u.bbox.width / uPlot.pxRatio / Math.max(1, groups.length));
  const bars = rateBars(groups.length, series);
  const colours = series.map((_, i) => PALETTE[i % PALETTE.length]!);
  const data: uPlot.AlignedData = [groups.map((_, i) => i), ...series.map((s) => s.values.map((v) => v?.p ?? null))];
  const opts: uPlot.Options = {
    title,
    width,
    height,
    scales: { x: { time: false, range: [-0.5, Math.max(0.5, groups.length - 0.5)] }, y: { range: [0, 1] } },
    axes: [
      axis({
        splits: () => groups.map((_, i) => i),
        values: (u, splits) => {
          const every = names(u).every;
          return splits.map((i) => (i % every === 0 ? (shownNames[i] ?? '') : ''));
        },
        grid: { show: false },
        rotate: (u) => names(u).rotate,
        size: (u) => names(u).size,
      }),
      axis({ values: pctAxis, size: 44 }),
    ],
    series: [
      { label: 'trap', value: (_u, v) => (v === null || v === undefined ? '—' : (groups[v] ?? '')) },
      ...series.map(
        (s, si): uPlot.Series => ({
          label: s.label,
          stroke: colours[si]!,
          fill: colours[si]!,
          width: 0,
          // The bars and error bars are painted by the draw hook below.
          paths: () => null,
          points: { show: false },
          value: (_u, _v, _s, i) => (i === null ? '—' : rateText(s.values[i])),
        }),
      ),
    ],
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    hooks: {
      draw: [
        (u) =>
          drawRateBars(
            u.ctx,
            bars,
            (v) => u.valToPos(v, 'x', true),
            (v) => u.valToPos(v, 'y', true),
            colours,
            uPlot.pxRatio,
          ),
        // Each bar says whose it is (two columns may share a trap kind's name).
        (u) =>
          drawBarLabels(
            u.ctx,
            bars,
            (v) => u.valToPos(v, 'x', true),
            (v) => u.valToPos(v, 'y', true),
            series.map((s) => s.label),
            uPlot.pxRatio,
          ),
      ],
    },
  };
  return mount('lab-rate-chart', title, opts, data, wanted);
}

/** Tick steps for axes of whole numbers (counts, damage points). */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

/** A histogram of [from, to, count] bins (to inclusive), empty bins drawn as gaps of height 0. */
export function histogramChart(title: string, bins: Array<[number, number, number]>, xLabel: string, wanted = 720, height = 260): HTMLElement {
  const width = fitWidth(wanted);
  const f = filledBins(bins);
  const data: uPlot.AlignedData = [f.xs, f.counts];
  const opts: uPlot.Options = {
    title,
    width,
    height,
    scales: { x: { time: false, range: [f.from - 0.5, f.to + 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.05] } },
    // Damage is counted in whole points: ticks on whole numbers only (an all-zero run made -0.5, -0.4, ...).
    axes: [axis({ label: xLabel, grid: { show: false }, incrs: WHOLE_STEPS }), axis({ size: 44, incrs: WHOLE_STEPS })],
    series: [
      { label: f.width === 1 ? 'damage' : `damage (bins of ${f.width})`, value: (_u, v) => (v === null || v === undefined ? '—' : f.width === 1 ? String(v) : `${v - (f.width - 1) / 2}–${v + (f.width - 1) / 2}`) },
      {
        label: 'triggers',
        stroke: PALETTE[0]!,
        fill: PALETTE[0]!,
        width: 0,
        paths: uPlot.paths.bars!({ size: [1, Number.POSITIVE_INFINITY], gap: 1 }),
        points: { show: false },
      },
    ],
    cursor: { points: { show: false }, drag: { x: false, y: false } },
  };
  return mount('lab-histogram', title, opts, data, wanted);
}

export interface LineSeries {
  label: string;
  y: number[];
}

/** Curves over a shared x axis (a sweep): one line per series, points marked. */
export function lineChart(title: string, xs: number[], series: LineSeries[], xLabel: string, percent: boolean, wanted = 720, height = 300, colours?: string[]): HTMLElement {
  const width = fitWidth(wanted);
  const data: uPlot.AlignedData = [xs, ...series.map((s) => s.y)];
  const opts: uPlot.Options = {
    title,
    width,
    height,
    scales: { x: { time: false }, y: percent ? { range: [0, 1] } : { range: (_u, _min, max) => [0, Math.max(1e-9, max) * 1.05] } },
    axes: [axis({ label: xLabel }), axis({ size: 50, ...(percent ? { values: pctAxis } : {}) })],
    series: [
      { label: xLabel },
      ...series.map(
        (s, i): uPlot.Series => ({
          label: s.label,
          stroke: colours?.[i] ?? PALETTE[i % PALETTE.length]!,
          width: 2,
          points: { show: true, size: 5 },
          value: (_u, v) => (v === null || v === undefined ? '—' : percent ? `${(100 * v).toFixed(2)}%` : v.toFixed(3)),
        }),
      ),
    ],
    cursor: { drag: { x: false, y: false } },
  };
  return mount('lab-line-chart', title, opts, data, wanted);
}

export interface BandLineSeries {
  label: string;
  y: Array<number | null>;
  lo: Array<number | null>;
  hi: Array<number | null>;
}

export interface BandChartOptions {
  /** Rates (or a rate's difference) drawn as % (or points). */
  percent: boolean;
  /** The y range (it must hold the bands too, which uPlot does not range over). */
  range: [number, number];
  /** A point's legend text (value and interval). */
  text: (s: BandLineSeries, i: number) => string;
  /** The y axis's labels as points ("+5 pts") rather than percent. */
  points?: boolean;
  colours?: string[];
  width?: number;
  height?: number;
}

/**
 * Curves over a shared x axis, each with its 95% interval as a translucent band beneath it
 * (painted before the lines, so a line stays on top; a curve hidden from its legend hides its band).
 */
export function bandChart(title: string, xs: number[], series: BandLineSeries[], xLabel: string, o: BandChartOptions): HTMLElement {
  const wanted = o.width ?? 720;
  const width = fitWidth(wanted);
  const colours = series.map((_, i) => o.colours?.[i] ?? PALETTE[i % PALETTE.length]!);
  const yValues = o.points ? (_u: uPlot, splits: number[]) => splits.map((v) => `${v > 0 ? '+' : ''}${Number((100 * v).toFixed(1))} pts`) : o.percent ? pctAxis : undefined;
  const opts: uPlot.Options = {
    title,
    width,
    height: o.height ?? 280,
    scales: { x: { time: false }, y: { range: o.range } },
    axes: [axis({ label: xLabel }), axis({ size: 58, ...(yValues ? { values: yValues } : {}) })],
    series: [
      { label: xLabel },
      ...series.map(
        (s, i): uPlot.Series => ({
          label: s.label,
          stroke: colours[i]!,
          width: 2,
          points: { show: true, size: 5 },
          value: (_u, _v, _si, at) => (at === null ? '—' : o.text(s, at)),
        }),
      ),
    ],
    cursor: { drag: { x: false, y: false } },
    hooks: {
      drawAxes: [
        (u) => {
          const { left, top, width: w, height: hgt } = u.bbox;
          u.ctx.save();
          u.ctx.beginPath();
          u.ctx.rect(left, top, w, hgt);
          u.ctx.clip();
          drawBands(
            u.ctx,
            xs,
            series.flatMap((s, i) => (u.series[i + 1]?.show === false ? [] : [{ lo: s.lo, hi: s.hi, colour: colours[i]! }])),
            (v) => u.valToPos(v, 'x', true),
            (v) => u.valToPos(v, 'y', true),
            uPlot.pxRatio,
          );
          u.ctx.restore();
        },
      ],
    },
  };
  return mount('lab-band-chart', title, opts, [xs, ...series.map((s) => s.y)], wanted);
}

/** `n` colours along a blue-to-orange ramp, for curves that follow an ordered input (a 2-D sweep). */
export function rampColours(n: number): string[] {
  const from = [0x4e, 0x9a, 0xf1];
  const to = [0xf1, 0x7a, 0x3e];
  return Array.from({ length: n }, (_, i) => {
    const t = n === 1 ? 0 : i / (n - 1);
    const c = from.map((a, k) => Math.round(a + (to[k]! - a) * t));
    return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  });
}

/**
 * A heat map over a level on a plain canvas (the lab's own view): terrain in greys, each cell's
 * count as red of rising strength. `terrainShade` gives a cell's background (null for rock).
 */
export function drawHeatMap(canvas: HTMLCanvasElement, width: number, height: number, terrainShade: (i: number) => string | null, counts: readonly number[], cell = 8): void {
  canvas.width = width * cell;
  canvas.height = height * cell;
  const g = canvas.getContext('2d');
  if (!g) return;
  g.fillStyle = '#000';
  g.fillRect(0, 0, canvas.width, canvas.height);
  let max = 1;
  for (const c of counts) if (c > max) max = c;
  for (let i = 0; i < width * height; i++) {
    const x = (i % width) * cell;
    const y = Math.floor(i / width) * cell;
    const shade = terrainShade(i);
    if (shade) {
      g.fillStyle = shade;
      g.fillRect(x, y, cell, cell);
    }
    const c = counts[i] ?? 0;
    if (c > 0) {
      g.fillStyle = `rgba(255, ${Math.round(200 * (1 - c / max))}, 0, ${0.35 + 0.65 * (c / max)})`;
      g.fillRect(x, y, cell, cell);
    }
  }
}
