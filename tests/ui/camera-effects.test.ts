import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { cellAt, cellRect, follow, followMargin, visibleRange } from '../../src/render/camera.ts';
import { BLAST_MS, FLASH_MS, flightGlyph, planEffect, planTurn, PROJECTILE_CELL_MS, TELEPORT_MS } from '../../src/render/effects.ts';

const cell = { w: 12, h: 18 };

describe('camera', () => {
  it('centres a map smaller than the view and never scrolls it', () => {
    const c = follow(null, 3, 3, { width: 40, height: 25 }, { width: 960, height: 900 }, cell);
    // 960 / 12 = 80 columns for 40 cells: 20 columns of margin each side.
    expect(c.x).toBe(-20);
    expect(c.y).toBe(-(50 - 25) / 2);
    expect(follow(c, 39, 24, { width: 40, height: 25 }, { width: 960, height: 900 }, cell)).toEqual(c);
  });

  it('follows the player on a big map: still while well inside, re-centred near an edge, clamped to the map', () => {
    const map = { width: 200, height: 200 };
    const screen = { width: 600, height: 360 }; // 50 x 20 cells
    const a = follow(null, 100, 100, map, screen, cell);
    expect(a).toMatchObject({ x: 75, y: 90, cols: 50, rows: 20 });
    // A few steps inside the view: nothing moves.
    expect(follow(a, 110, 100, map, screen, cell)).toEqual(a);
    // Near the right edge (within the margin): centred again.
    const margin = followMargin(50);
    const b = follow(a, 75 + 50 - margin, 100, map, screen, cell);
    expect(b.x).toBe(75 + 50 - margin - 25);
    // At the map's corner the view stops at the edge.
    const c = follow(b, 1, 1, map, screen, cell);
    expect(c).toMatchObject({ x: 0, y: 0 });
    const d = follow(c, 199, 199, map, screen, cell);
    expect(d).toMatchObject({ x: 150, y: 180 });
    // The player is always inside the view.
    for (const cam of [a, b, c, d]) expect(cam.x).toBeLessThanOrEqual(199);
  });

  it('maps pixels to cells and back', () => {
    const cam = follow(null, 100, 100, { width: 200, height: 200 }, { width: 600, height: 360 }, cell);
    for (const [x, y] of [
      [75, 90],
      [100, 100],
      [124, 109],
    ] as const) {
      const r = cellRect(cam, cell, x, y);
      expect(cellAt(cam, cell, r.x, r.y)).toEqual({ x, y });
      expect(cellAt(cam, cell, r.x + r.w - 1, r.y + r.h - 1)).toEqual({ x, y });
    }
    expect(visibleRange(cam, { width: 200, height: 200 })).toEqual({ x0: 75, y0: 90, x1: 125, y1: 110 });
  });
});

const effect = (effect: 'flash' | 'blast' | 'line' | 'projectile' | 'teleport', cells: Array<[number, number]>): Extract<GameEvent, { type: 'effect' }> => ({
  type: 'effect',
  effect,
  cells,
  colour: '#ff4000',
  source: 'test',
});

describe('effects', () => {
  it('a flash lights the trap tile in its colour and fades out', () => {
    const a = planEffect(effect('flash', [[4, 5]]));
    const start = a.frame(0);
    expect(start).toEqual([{ x: 4, y: 5, ch: null, colour: 0xff4000, alpha: 0.9 }]);
    expect(a.frame(FLASH_MS / 2)[0]!.alpha).toBeCloseTo(0.45);
    expect(a.frame(FLASH_MS)[0]!.alpha).toBe(0);
  });

  it('a blast shows its whole area at once', () => {
    const area: Array<[number, number]> = [];
    for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) area.push([x, y]);
    const a = planEffect(effect('blast', area));
    const f = a.frame(10);
    expect(f).toHaveLength(25);
    expect(new Set(f.map((p) => `${p.x},${p.y}`)).size).toBe(25);
    expect(a.duration).toBe(BLAST_MS);
  });

  it('lightning runs along its line, cell after cell', () => {
    const line: Array<[number, number]> = [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ];
    const a = planEffect(effect('line', line));
    expect(a.frame(0)).toHaveLength(1);
    const later = a.frame(a.duration - FLASH_MS);
    expect(later.map((p) => p.x)).toEqual([1, 2, 3, 4]);
  });

  it('an arrow flies from the first cell to the last, one glyph pointing its way', () => {
    const path: Array<[number, number]> = [
      [5, 5],
      [6, 5],
      [7, 5],
    ];
    const a = planEffect(effect('projectile', path));
    expect(a.frame(0)).toEqual([{ x: 5, y: 5, ch: '-', colour: 0xff4000, alpha: 1 }]);
    expect(a.frame(PROJECTILE_CELL_MS * 1.5)[0]).toMatchObject({ x: 6, y: 5 });
    expect(a.frame(PROJECTILE_CELL_MS * 2.5)[0]).toMatchObject({ x: 7, y: 5 });
    expect(a.frame(a.duration)).toEqual([]);
    expect(flightGlyph(0, 3)).toBe('|');
    expect(flightGlyph(2, 2)).toBe('\\');
    expect(flightGlyph(-2, 2)).toBe('/');
  });

  it('a teleport shows both ends', () => {
    const a = planEffect(effect('teleport', [
      [2, 2],
      [30, 12],
    ]));
    const f = a.frame(10);
    expect(f.map((p) => [p.x, p.y])).toEqual([
      [2, 2],
      [30, 12],
    ]);
    expect(a.duration).toBe(TELEPORT_MS);
  });

  it('a turn\'s effects play one after another, in event order', () => {
    const plan = planTurn([{ type: 'message', text: 'x', tone: 'info' }, effect('flash', [[1, 1]]), effect('blast', [[1, 1]])]);
    expect(plan.map((p) => p.anim.kind)).toEqual(['flash', 'blast']);
    expect(plan[0]!.start).toBe(0);
    expect(plan[1]!.start).toBeGreaterThan(0);
  });
});
