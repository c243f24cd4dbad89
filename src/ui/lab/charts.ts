/**
 * The lab's charts, drawn as plain SVG (and a canvas for the heat map): rates with error bars,
 * histograms, and curves. Small and dependency-free; every label is set as text, never as HTML.
 */
const NS = 'http://www.w3.org/2000/svg';

export const PALETTE = ['#4e9af1', '#f19a4e', '#5fbf6f', '#d0605e', '#a77fd6', '#c9b44a', '#4ec1c1', '#d67fb0'];

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

interface Frame {
  root: SVGElement;
  x0: number;
  y0: number;
  w: number;
  h: number;
}

function frame(width: number, height: number, title: string): Frame {
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'lab-chart', role: 'img', 'aria-label': title });
  root.appendChild(svg('text', { x: 8, y: 16, class: 'lab-chart-title' }, title));
  return { root, x0: 48, y0: 28, w: width - 60, h: height - 80 };
}

function yAxis(f: Frame, max: number, percent: boolean): (v: number) => number {
  const y = (v: number) => f.y0 + f.h - (v / max) * f.h;
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4;
    f.root.appendChild(svg('line', { x1: f.x0, x2: f.x0 + f.w, y1: y(v), y2: y(v), class: 'lab-grid' }));
    f.root.appendChild(svg('text', { x: f.x0 - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'lab-tick' }, percent ? `${Math.round(v * 100)}%` : formatTick(v)));
  }
  return y;
}

function formatTick(v: number): string {
  return Math.abs(v) >= 100 || Number.isInteger(v) ? String(Math.round(v)) : v.toFixed(1);
}

export interface RateSeries {
  label: string;
  values: Array<{ p: number | null; lo: number | null; hi: number | null; n: number } | null>;
}

/** Grouped bars (one group per trap kind, one bar per column) with 95% error bars. */
export function rateChart(title: string, groups: string[], series: RateSeries[], width = 720, height = 300): SVGElement {
  const f = frame(width, height, title);
  const y = yAxis(f, 1, true);
  const gw = f.w / Math.max(1, groups.length);
  const bw = Math.max(3, (gw * 0.8) / Math.max(1, series.length));
  groups.forEach((g, gi) => {
    const gx = f.x0 + gi * gw + gw * 0.1;
    series.forEach((s, si) => {
      const v = s.values[gi];
      const x = gx + si * bw;
      if (!v || v.p === null) return;
      const bar = svg('rect', { x, y: y(v.p), width: bw - 1, height: Math.max(0, y(0) - y(v.p)), fill: PALETTE[si % PALETTE.length]!, class: 'lab-bar' });
      bar.appendChild(svg('title', {}, `${s.label} — ${g}: ${(100 * v.p).toFixed(1)}% [${(100 * (v.lo ?? 0)).toFixed(1)}–${(100 * (v.hi ?? 1)).toFixed(1)}%], n = ${v.n}`));
      f.root.appendChild(bar);
      if (v.lo !== null && v.hi !== null) {
        const cx = x + (bw - 1) / 2;
        f.root.appendChild(svg('line', { x1: cx, x2: cx, y1: y(v.lo), y2: y(v.hi), class: 'lab-err' }));
        f.root.appendChild(svg('line', { x1: cx - 3, x2: cx + 3, y1: y(v.lo), y2: y(v.lo), class: 'lab-err' }));
        f.root.appendChild(svg('line', { x1: cx - 3, x2: cx + 3, y1: y(v.hi), y2: y(v.hi), class: 'lab-err' }));
      }
    });
    f.root.appendChild(svg('text', { x: gx + (gw * 0.8) / 2, y: f.y0 + f.h + 14, 'text-anchor': 'middle', class: 'lab-tick' }, g));
  });
  legend(f, series.map((s) => s.label));
  return f.root;
}

function legend(f: Frame, labels: string[]): void {
  let x = f.x0;
  labels.forEach((label, i) => {
    f.root.appendChild(svg('rect', { x, y: f.y0 + f.h + 26, width: 10, height: 10, fill: PALETTE[i % PALETTE.length]! }));
    const t = svg('text', { x: x + 14, y: f.y0 + f.h + 35, class: 'lab-tick' }, label);
    f.root.appendChild(t);
    x += 24 + label.length * 7;
  });
}

/** A histogram of [from, to, count] bins. */
export function histogramChart(title: string, bins: Array<[number, number, number]>, xLabel: string, width = 720, height = 260): SVGElement {
  const f = frame(width, height, title);
  const max = Math.max(1, ...bins.map((b) => b[2]));
  const y = yAxis(f, max, false);
  if (bins.length === 0) return f.root;
  const lo = bins[0]![0];
  const hi = bins[bins.length - 1]![1] + 1;
  const x = (v: number) => f.x0 + ((v - lo) / Math.max(1, hi - lo)) * f.w;
  for (const [from, to, count] of bins) {
    const r = svg('rect', { x: x(from), y: y(count), width: Math.max(1, x(to + 1) - x(from) - 1), height: y(0) - y(count), fill: PALETTE[0]!, class: 'lab-bar' });
    r.appendChild(svg('title', {}, `${from === to ? from : `${from}–${to}`}: ${count}`));
    f.root.appendChild(r);
  }
  const step = Math.max(1, Math.ceil((hi - lo) / 12));
  for (let v = lo; v < hi; v += step) f.root.appendChild(svg('text', { x: x(v + 0.5), y: f.y0 + f.h + 14, 'text-anchor': 'middle', class: 'lab-tick' }, String(v)));
  f.root.appendChild(svg('text', { x: f.x0 + f.w / 2, y: f.y0 + f.h + 32, 'text-anchor': 'middle', class: 'lab-tick' }, xLabel));
  return f.root;
}

export interface LineSeries {
  label: string;
  y: number[];
}

/** Curves over a shared x axis (a sweep). */
export function lineChart(title: string, xs: number[], series: LineSeries[], xLabel: string, percent: boolean, width = 720, height = 280): SVGElement {
  const f = frame(width, height, title);
  const max = percent ? 1 : Math.max(1e-9, ...series.flatMap((s) => s.y));
  const y = yAxis(f, max, percent);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const x = (v: number) => f.x0 + (hi === lo ? f.w / 2 : ((v - lo) / (hi - lo)) * f.w);
  series.forEach((s, i) => {
    const d = s.y.map((v, j) => `${j === 0 ? 'M' : 'L'}${x(xs[j]!).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    f.root.appendChild(svg('path', { d, fill: 'none', stroke: PALETTE[i % PALETTE.length]!, 'stroke-width': 2, class: 'lab-line' }));
    s.y.forEach((v, j) => {
      const dot = svg('circle', { cx: x(xs[j]!), cy: y(v), r: 2.5, fill: PALETTE[i % PALETTE.length]! });
      dot.appendChild(svg('title', {}, `${s.label} at ${xs[j]}: ${percent ? `${(100 * v).toFixed(2)}%` : v.toFixed(3)}`));
      f.root.appendChild(dot);
    });
  });
  const step = Math.max(1, Math.ceil(xs.length / 12));
  xs.forEach((v, j) => {
    if (j % step === 0) f.root.appendChild(svg('text', { x: x(v), y: f.y0 + f.h + 14, 'text-anchor': 'middle', class: 'lab-tick' }, String(v)));
  });
  f.root.appendChild(svg('text', { x: f.x0 + f.w / 2, y: f.y0 + f.h + 26, 'text-anchor': 'middle', class: 'lab-tick' }, xLabel));
  legend({ ...f, y0: f.y0 + 8 }, series.map((s) => s.label));
  return f.root;
}

/**
 * A heat map over a level: terrain in greys, each cell's count as red of rising strength.
 * `terrainShade` gives a cell's background (null for rock).
 */
export function drawHeatMap(canvas: HTMLCanvasElement, width: number, height: number, terrainShade: (i: number) => string | null, counts: readonly number[], cell = 8): void {
  canvas.width = width * cell;
  canvas.height = height * cell;
  const g = canvas.getContext('2d');
  if (!g) return;
  g.fillStyle = '#000';
  g.fillRect(0, 0, canvas.width, canvas.height);
  const max = Math.max(1, ...counts);
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
