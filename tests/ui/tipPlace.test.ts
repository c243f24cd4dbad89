import { describe, expect, it } from 'vitest';
import { tipPosition } from '../../src/ui/tipPlace.ts';
import { scrollTarget } from '../../src/ui/help.ts';

// A map 1000 x 600 at (0, 60); a tooltip 300 x 90; 14 px from the pointer.
const MAP = { left: 0, top: 60, right: 1000, bottom: 660 };
const TIP = { width: 300, height: 90 };

describe('the odds tooltip beside the pointer, inside the map', () => {
  it('below and right of the pointer where there is room', () => {
    expect(tipPosition({ x: 100, y: 100 }, TIP, MAP)).toEqual({ left: 114, top: 114 });
  });

  it('near the right edge it goes to the left of the pointer, near the bottom above it', () => {
    // 900 + 14 + 300 > 1000: left of the pointer, 900 - 14 - 300.
    expect(tipPosition({ x: 900, y: 100 }, TIP, MAP)).toEqual({ left: 586, top: 114 });
    // 620 + 14 + 90 > 660: above, 620 - 14 - 90.
    expect(tipPosition({ x: 100, y: 620 }, TIP, MAP)).toEqual({ left: 114, top: 516 });
    expect(tipPosition({ x: 990, y: 650 }, TIP, MAP)).toEqual({ left: 676, top: 546 });
  });

  it('fitting on neither side (a phone), it is pushed inside; larger than the map, it starts at its edge', () => {
    const narrow = { left: 0, top: 60, right: 390, bottom: 500 };
    // 200 + 14 + 300 > 390 and 200 - 14 - 300 < 0: as far right as fits, 390 - 300.
    expect(tipPosition({ x: 200, y: 100 }, TIP, narrow).left).toBe(90);
    expect(tipPosition({ x: 200, y: 100 }, { width: 500, height: 90 }, narrow).left).toBe(0);
  });

  it('always inside the box when it fits in it, wherever the pointer is', () => {
    for (let x = MAP.left; x <= MAP.right; x += 37)
      for (let y = MAP.top; y <= MAP.bottom; y += 29) {
        const at = tipPosition({ x, y }, TIP, MAP);
        expect(at.left).toBeGreaterThanOrEqual(MAP.left);
        expect(at.top).toBeGreaterThanOrEqual(MAP.top);
        expect(at.left + TIP.width).toBeLessThanOrEqual(MAP.right);
        expect(at.top + TIP.height).toBeLessThanOrEqual(MAP.bottom);
      }
  });
});

describe('the help scroll keys', () => {
  const box = { scrollTop: 200, clientHeight: 500, scrollHeight: 1400 };
  it('a line, a page less one line, the start, the end', () => {
    expect(scrollTarget('lineDown', box, 20)).toBe(220);
    expect(scrollTarget('lineUp', box, 20)).toBe(180);
    expect(scrollTarget('pageDown', box, 20)).toBe(680);
    expect(scrollTarget('pageUp', box, 20)).toBe(-280);
    expect(scrollTarget('start', box, 20)).toBe(0);
    expect(scrollTarget('end', box, 20)).toBe(1400);
  });
});
