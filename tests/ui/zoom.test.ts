import { describe, expect, it } from 'vitest';
import { translateKey } from '../../src/ui/keys.ts';
import { CELL_SIZES, DEFAULT_ZOOM, keepZoom, keptZoom, stepZoom, ZOOM_KEY } from '../../src/ui/zoom.ts';

class Store {
  readonly items = new Map<string, string>();
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, v);
  }
}

describe('the zoom', () => {
  it('+ (or =) and - step it, within the sizes; every size keeps the 2:3 cell', () => {
    expect(translateKey({ key: '+' }, 'play')).toEqual({ type: 'zoom', by: 1 });
    expect(translateKey({ key: '=' }, 'play')).toEqual({ type: 'zoom', by: 1 });
    expect(translateKey({ key: '-' }, 'play')).toEqual({ type: 'zoom', by: -1 });
    expect(CELL_SIZES[DEFAULT_ZOOM]).toEqual({ w: 12, h: 18 });
    for (const c of CELL_SIZES) expect(c.h * 2).toBe(c.w * 3);
    expect(stepZoom(DEFAULT_ZOOM, 1)).toBe(DEFAULT_ZOOM + 1);
    expect(stepZoom(0, -1)).toBe(0);
    expect(stepZoom(CELL_SIZES.length - 1, 1)).toBe(CELL_SIZES.length - 1);
  });

  it('is kept across reloads, and a stored value that is no size (or no storage) gives the default', () => {
    const s = new Store();
    expect(keptZoom(s)).toBe(DEFAULT_ZOOM);
    keepZoom(s, 4);
    expect(s.items.get(ZOOM_KEY)).toBe('20x30');
    expect(keptZoom(s)).toBe(4);
    s.setItem(ZOOM_KEY, '999x1');
    expect(keptZoom(s)).toBe(DEFAULT_ZOOM);
    expect(keptZoom(null)).toBe(DEFAULT_ZOOM);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(keptZoom(broken)).toBe(DEFAULT_ZOOM);
    expect(() => keepZoom(broken, 1)).not.toThrow();
  });
});
