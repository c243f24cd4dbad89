/** The heat-map overlay's look (src/render/heat.ts): which cells are tinted, how strongly, and in what colour. */
import { describe, expect, it } from 'vitest';
import { COOL, HOT, heatAlpha, heatColour, heatPieces, hottest, MAX_ALPHA, MIN_ALPHA, withoutCells } from '../../src/render/heat.ts';

const rgb = (c: number) => [(c >> 16) & 0xff, (c >> 8) & 0xff, c & 0xff];

describe('heat overlay', () => {
  it('tints exactly the cells with a count, in cell order', () => {
    // 4 × 3 level; counts at (1,0) = 2, (3,1) = 8, (0,2) = 1.
    const counts = [0, 2, 0, 0, 0, 0, 0, 8, 1, 0, 0, 0];
    const pieces = heatPieces({ width: 4, height: 3, counts });
    expect(pieces.map((p) => p.i)).toEqual([1, 7, 8]);
  });

  it('the hottest cell gets the hot end of the ramp at full strength; the others lie between by sqrt(count / max)', () => {
    const counts = [0, 2, 0, 0, 0, 0, 0, 8, 1, 0, 0, 0];
    const [two, eight, one] = heatPieces({ width: 4, height: 3, counts });
    expect(eight!.colour).toBe(HOT);
    expect(eight!.alpha).toBeCloseTo(MAX_ALPHA, 12);
    // sqrt(2/8) = 1/2: halfway between the ends, channel by channel (rounded).
    const [cr, cg, cb] = rgb(COOL);
    const [hr, hg, hb] = rgb(HOT);
    expect(rgb(two!.colour)).toEqual([Math.round(cr! + (hr! - cr!) / 2), Math.round(cg! + (hg! - cg!) / 2), Math.round(cb! + (hb! - cb!) / 2)]);
    expect(two!.alpha).toBeCloseTo(MIN_ALPHA + (MAX_ALPHA - MIN_ALPHA) / 2, 12);
    // sqrt(1/8) ≈ 0.3536.
    expect(one!.alpha).toBeCloseTo(MIN_ALPHA + (MAX_ALPHA - MIN_ALPHA) * Math.sqrt(1 / 8), 12);
    expect(one!.alpha).toBeLessThan(two!.alpha);
  });

  it('the ramp runs from COOL to HOT and never past them', () => {
    expect(heatColour(0)).toBe(COOL);
    expect(heatColour(1)).toBe(HOT);
    expect(heatColour(7)).toBe(HOT);
    expect(heatAlpha(0)).toBe(MIN_ALPHA);
    expect(heatAlpha(2)).toBe(MAX_ALPHA);
    // Glyphs under the tint stay readable.
    expect(MAX_ALPHA).toBeLessThan(0.7);
  });

  it('an all-zero map tints nothing, and a map of the wrong size is refused', () => {
    expect(heatPieces({ width: 2, height: 2, counts: [0, 0, 0, 0] })).toEqual([]);
    expect(hottest({ width: 2, height: 2, counts: [0, 0, 0, 0] })).toBeNull();
    expect(() => heatPieces({ width: 3, height: 2, counts: [1, 2] })).toThrow(/2 counts for a 3×2 level/);
  });

  it('hottest names the first cell with the largest count as x, y', () => {
    expect(hottest({ width: 4, height: 3, counts: [0, 2, 0, 0, 0, 0, 0, 8, 1, 0, 0, 8] })).toEqual({ x: 3, y: 1, count: 8 });
  });

  it('withoutCells leaves out the hidden cells (an unfound trap’s) and counts what it left out', () => {
    const { layer, unshown } = withoutCells({ width: 3, height: 1, counts: [4, 9, 1] }, new Set([1]));
    expect(Array.from(layer.counts)).toEqual([4, 0, 1]);
    expect(unshown).toBe(9);
    expect(hottest(layer)).toEqual({ x: 0, y: 0, count: 4 });
  });
});
