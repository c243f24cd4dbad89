/**
 * The map's zoom: the size of a cell, stepped by `+` and `-` through a few sizes of the renderer's
 * 2:3 cell, kept in this browser (localStorage) across reloads. A stored value that is not one of
 * the sizes (an old or edited one) is ignored.
 */
import type { CellSize } from '../render/camera.ts';

export const CELL_SIZES: readonly CellSize[] = [
  { w: 8, h: 12 },
  { w: 10, h: 15 },
  { w: 12, h: 18 },
  { w: 16, h: 24 },
  { w: 20, h: 30 },
  { w: 24, h: 36 },
];
/** The renderer's own size (12 x 18). */
export const DEFAULT_ZOOM = 2;
export const ZOOM_KEY = 'trapsmith.cellSize';

/** The kept zoom, or the default. */
export function keptZoom(storage: Pick<Storage, 'getItem'> | null): number {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(ZOOM_KEY) ?? null;
  } catch {
    return DEFAULT_ZOOM;
  }
  const i = CELL_SIZES.findIndex((c) => `${c.w}x${c.h}` === raw);
  return i >= 0 ? i : DEFAULT_ZOOM;
}

/** Keeps the zoom; a browser that keeps nothing (private mode, full storage) just forgets it. */
export function keepZoom(storage: Pick<Storage, 'setItem'> | null, index: number): void {
  const c = CELL_SIZES[index]!;
  try {
    storage?.setItem(ZOOM_KEY, `${c.w}x${c.h}`);
  } catch {
    // Nothing to do: the zoom lasts for this page only.
  }
}

/** The zoom one step in (`by` 1) or out (-1), within the sizes. */
export function stepZoom(index: number, by: 1 | -1): number {
  return Math.max(0, Math.min(CELL_SIZES.length - 1, index + by));
}
