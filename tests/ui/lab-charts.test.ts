/**
 * What the lab's uPlot charts draw (src/ui/lab/chartData.ts): a rate and its 95% Wilson interval
 * per trap kind and column, the grouped bars and error bars the draw hook paints on uPlot's
 * canvas (read back through a recording canvas), and damage histograms made contiguous.
 */
import { describe, expect, it } from 'vitest';
import { SimStats } from '../../src/sim/accumulator.ts';
import { columnReport } from '../../src/sim/report.ts';
import { BAR_LABEL_PX, type Canvas2D, drawBarLabels, drawRateBars, filledBins, GROUP_WIDTH, type LabelCanvas, PALETTE, rateBars, rateSeriesOf, rateText, WHISKER } from '../../src/ui/lab/chartData.ts';
import { isNumberText } from '../../src/ui/lab/dom.ts';

/** A canvas that writes down what is painted. */
class RecordingCanvas implements Canvas2D {
  fillStyle: Canvas2D['fillStyle'] = '#000';
  strokeStyle: Canvas2D['strokeStyle'] = '#000';
  lineWidth = 1;
  rects: Array<{ x: number; y: number; w: number; h: number; fill: string }> = [];
  lines: Array<{ from: [number, number]; to: [number, number]; stroke: string }> = [];
  private at: [number, number] = [0, 0];
  private depth = 0;
  fillRect(x: number, y: number, w: number, h: number) {
    this.rects.push({ x, y, w, h, fill: String(this.fillStyle) });
  }
  beginPath() {}
  moveTo(x: number, y: number) {
    this.at = [x, y];
  }
  lineTo(x: number, y: number) {
    this.lines.push({ from: this.at, to: [x, y], stroke: String(this.strokeStyle) });
    this.at = [x, y];
  }
  stroke() {}
  save() {
    this.depth++;
  }
  restore() {
    this.depth--;
  }
  get balanced() {
    return this.depth === 0;
  }
}

/** Two columns' statistics with known counts: arrow trap stepped on 10 times, set off 3; pit 20 times, never. */
function reports() {
  const a = new SimStats();
  const arrow = a.kind('arrow').counts;
  arrow.playerStepTriggers = 3;
  arrow.avoidedByPlayer = 7;
  const pit = a.kind('pit').counts;
  pit.playerStepTriggers = 0;
  pit.avoidedByPlayer = 20;
  const b = new SimStats();
  const arrowB = b.kind('arrow').counts;
  arrowB.playerStepTriggers = 10;
  arrowB.avoidedByPlayer = 0;
  return [columnReport({ ruleset: 'ceaptun', bot: 'careful' }, a), columnReport({ ruleset: 'omega', bot: 'careful' }, b)];
}

describe('rate series with 95% intervals', () => {
  it('gives each trap kind and column its rate and Wilson interval (checked against published values)', () => {
    const series = rateSeriesOf(reports(), ['arrow', 'pit'], 'stepTrigger');
    expect(series.map((s) => s.label)).toEqual(['ceaptun', 'omega']);
    const [arrowA, pitA] = series[0]!.values;
    // Wilson 95% for 3 of 10: 0.108 to 0.603; for 0 of 20: 0 to 0.161; for 10 of 10: 0.722 to 1
    // (e.g. Newcombe 1998, table I; Brown, Cai & DasGupta 2001).
    expect(arrowA!.p).toBeCloseTo(0.3, 12);
    expect(arrowA!.lo).toBeCloseTo(0.1078, 3);
    expect(arrowA!.hi).toBeCloseTo(0.6032, 3);
    expect(arrowA!.n).toBe(10);
    expect(pitA!.p).toBe(0);
    expect(pitA!.lo).toBe(0);
    expect(pitA!.hi).toBeCloseTo(0.1611, 3);
    const [arrowB, pitB] = series[1]!.values;
    expect(arrowB!.p).toBe(1);
    expect(arrowB!.lo).toBeCloseTo(0.7225, 3);
    expect(arrowB!.hi).toBe(1);
    // The omega column never met a pit: no bar there.
    expect(pitB).toBeNull();
    expect(rateText(arrowA)).toBe('30.0% [10.8–60.3%], n = 10');
    expect(rateText(pitB)).toBe('—');
  });

  it('lays the bars out side by side in each group, one per column, and leaves out what has no data', () => {
    const series = rateSeriesOf(reports(), ['arrow', 'pit'], 'stepTrigger');
    const bars = rateBars(2, series);
    expect(bars.map((b) => [b.group, b.series])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
    const w = GROUP_WIDTH / 2;
    expect(bars[0]!.x0).toBeCloseTo(-GROUP_WIDTH / 2, 12);
    expect(bars[0]!.x1).toBeCloseTo(-GROUP_WIDTH / 2 + w, 12);
    expect(bars[1]!.x0).toBeCloseTo(bars[0]!.x1, 12);
    expect(bars[1]!.x1).toBeCloseTo(GROUP_WIDTH / 2, 12);
    expect(bars[2]!.x0).toBeCloseTo(1 - GROUP_WIDTH / 2, 12);
  });

  it('the draw hook paints each bar from 0 to its rate and an error bar from lo to hi with caps, in data coordinates', () => {
    const series = rateSeriesOf(reports(), ['arrow', 'pit'], 'stepTrigger');
    const bars = rateBars(2, series);
    // A plot 400 px wide for x in [-0.5, 1.5] and 200 px tall for y in [0, 1], at pixel ratio 1.
    const toX = (v: number) => 50 + ((v + 0.5) / 2) * 400;
    const toY = (v: number) => 250 - v * 200;
    const ctx = new RecordingCanvas();
    drawRateBars(ctx, bars, toX, toY, PALETTE, 1);
    expect(ctx.balanced).toBe(true);
    expect(ctx.rects).toHaveLength(3);
    const [a, b, pit] = ctx.rects;
    // 200 px per x unit: ceaptun's arrow bar runs from toX(-0.4) = 70, 0.4 × 200 = 80 px wide less
    // a 1 px gap, from y = 250 up to 250 - 0.3 × 200 = 190; omega's from toX(0) = 150, up to 1.
    expect(a).toEqual({ x: 70, y: 190, w: 79, h: 60, fill: PALETTE[0] });
    expect(b).toEqual({ x: 150, y: 50, w: 79, h: 200, fill: PALETTE[1] });
    // A rate of 0 is a hairline on the axis, not nothing.
    expect(pit!.h).toBe(1);
    expect(pit!.y).toBe(249);
    expect(pit!.fill).toBe(PALETTE[0]);
    // Three error bars of three strokes each (the whisker and two caps), in the whisker colour.
    expect(ctx.lines).toHaveLength(9);
    expect(new Set(ctx.lines.map((l) => l.stroke))).toEqual(new Set([WHISKER]));
    const [whisker, capLo, capHi] = ctx.lines;
    // On the bar's centre (70 + 79 / 2 = 109.5), lo = 0.1078 at y ≈ 228.4 and hi = 0.6032 at
    // y ≈ 129.4, each put on the middle of its pixel (a 1 px line stays crisp there).
    expect(whisker!.from).toEqual([110.5, 228.5]);
    expect(whisker!.to).toEqual([110.5, 129.5]);
    expect(capLo!.from[1]).toBe(228.5);
    expect(capLo!.to[1]).toBe(228.5);
    expect(capLo!.to[0] - capLo!.from[0]).toBe(8);
    expect(capHi!.from[1]).toBe(129.5);
  });
});

describe('damage histograms', () => {
  it('fills the empty bins back in and centres each column on its bin', () => {
    // Width 1: damage 2 three times, 5 once.
    expect(
      filledBins([
        [2, 2, 3],
        [5, 5, 1],
      ]),
    ).toEqual({ xs: [2, 3, 4, 5], counts: [3, 0, 0, 1], width: 1, from: 2, to: 5 });
    // Width 4 (a histogram that coarsened): bins [0,3], [8,11].
    expect(
      filledBins([
        [0, 3, 2],
        [8, 11, 5],
      ]),
    ).toEqual({ xs: [1.5, 5.5, 9.5], counts: [2, 0, 5], width: 4, from: 0, to: 11 });
    expect(filledBins([]).xs).toEqual([]);
  });

  it('refuses bins of mixed widths (they would be drawn wrong)', () => {
    expect(() =>
      filledBins([
        [0, 1, 2],
        [2, 4, 1],
      ]),
    ).toThrow(/different widths/);
  });
});

/** A canvas that writes down the text it is given, where (after translate) and at what angle. */
class TextCanvas implements LabelCanvas {
  fillStyle: LabelCanvas['fillStyle'] = '#000';
  strokeStyle: LabelCanvas['strokeStyle'] = '#000';
  lineWidth = 1;
  font = '';
  textAlign: CanvasTextAlign = 'start';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  texts: Array<{ text: string; x: number; y: number; angle: number; kind: 'fill' | 'stroke' }> = [];
  private origin: [number, number] = [0, 0];
  private angle = 0;
  private stack: Array<[[number, number], number]> = [];
  save() {
    this.stack.push([this.origin, this.angle]);
  }
  restore() {
    [this.origin, this.angle] = this.stack.pop()!;
  }
  translate(x: number, y: number) {
    this.origin = [this.origin[0] + x, this.origin[1] + y];
  }
  rotate(a: number) {
    this.angle += a;
  }
  fillText(text: string, x: number, y: number) {
    this.texts.push({ text, x: this.origin[0] + x, y: this.origin[1] + y, angle: this.angle, kind: 'fill' });
  }
  strokeText(text: string, x: number, y: number) {
    this.texts.push({ text, x: this.origin[0] + x, y: this.origin[1] + y, angle: this.angle, kind: 'stroke' });
  }
}

describe('bar labels', () => {
  it('names each bar by its column, upright from its foot, so two bars of one trap kind are told apart', () => {
    // Two columns that both met a bear trap (one kind, one group): cdda and a cdda variant.
    const point = { p: 0.5, lo: 0.4, hi: 0.6, n: 10 };
    const bars = rateBars(1, [
      { label: 'cdda', values: [point] },
      { label: 'cdda~gentle', values: [point] },
    ]);
    // One group 400 px wide: data x from -0.5 to 0.5, y from 0 (at 300 px) to 1 (at 0 px).
    const toX = (v: number) => (v + 0.5) * 400;
    const toY = (v: number) => 300 * (1 - v);
    const ctx = new TextCanvas();
    const written = drawBarLabels(ctx, bars, toX, toY, ['cdda', 'cdda~gentle'], 1);
    expect(written.map((w) => w.text)).toEqual(['cdda', 'cdda~gentle']);
    bars.forEach((b, i) => {
      // Each label sits at its own bar's centre, just above the axis, turned to read upwards.
      expect(written[i]!.x).toBeCloseTo((toX(b.x0) + toX(b.x1)) / 2);
      expect(written[i]!.y).toBe(297);
      const drawn = ctx.texts.filter((t) => t.text === written[i]!.text);
      expect(drawn.map((t) => t.kind).sort()).toEqual(['fill', 'stroke']);
      for (const t of drawn) expect(t.angle).toBeCloseTo(-Math.PI / 2);
    });
    expect(written[0]!.x).not.toBe(written[1]!.x);
  });

  it('leaves a bar narrower than the label font without a label', () => {
    const bars = rateBars(1, [{ label: 'a', values: [{ p: 0.5, lo: null, hi: null, n: 1 }] }]);
    // The bar is GROUP_WIDTH of a 10-px group: 8 px, under the 10-px font.
    expect(drawBarLabels(new TextCanvas(), bars, (v) => v * 10, (v) => v, ['a'], 1)).toEqual([]);
    expect(BAR_LABEL_PX).toBeGreaterThan(GROUP_WIDTH * 10);
  });
});

describe('number cells', () => {
  it('tells numbers (right-aligned) from text (left-aligned) as the Lab\'s tables show them', () => {
    for (const t of ['7', '-0.25', '12.5%', '+3.1 pts [0.2, 6.0]', '12.5% [8.1–18.3%], n = 40', '4 / 0 of 20', '1.00 / 1 / 3 / 5', '−2', '.5']) expect(isNumberText(t), t).toBe(true);
    for (const t of ['survived', '✔ holds', 'Killed by a goblin 1', '—', 'no data (n = 0)', 'differs', 'arrow trap', '2 fails of 3 runs', 'P(set_off) at 20 holds']) expect(isNumberText(t), t).toBe(false);
  });
});
