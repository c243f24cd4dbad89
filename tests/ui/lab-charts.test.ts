/**
 * What the lab's uPlot charts draw (src/ui/lab/chartData.ts): a rate and its 95% Wilson interval
 * per trap kind and column, the grouped bars and error bars the draw hook paints on uPlot's
 * canvas (read back through a recording canvas), and damage histograms made contiguous.
 */
import { describe, expect, it } from 'vitest';
import { SimStats } from '../../src/sim/accumulator.ts';
import { columnReport } from '../../src/sim/report.ts';
import { type Canvas2D, drawRateBars, filledBins, GROUP_WIDTH, PALETTE, rateBars, rateSeriesOf, rateText, WHISKER } from '../../src/ui/lab/chartData.ts';

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
