/**
 * The camera: which part of the map the window shows. Pure arithmetic over cells, so the follow
 * rule and the pixel-to-cell mapping (clicks in look mode) are tested without a browser.
 */

export interface Camera {
  /** Map cell at the view's left/top edge; negative (and fractional) when a small map is centred. */
  x: number;
  y: number;
  /** How many cells fit in the view (fractional: a partly visible cell counts as a part). */
  cols: number;
  rows: number;
}

export interface CellSize {
  w: number;
  h: number;
}

/** How far from an edge the player may come before the view scrolls to centre on it again. */
export function followMargin(span: number): number {
  return Math.max(2, Math.floor(span / 4));
}

function axis(prev: number | null, pos: number, mapSpan: number, viewSpan: number): number {
  // A map smaller than the view sits in its middle and never scrolls.
  if (mapSpan <= viewSpan) return -(viewSpan - mapSpan) / 2;
  const visibleSpan = Math.floor(viewSpan);
  const margin = followMargin(visibleSpan);
  let start = prev;
  if (start === null || pos - start < margin || start + visibleSpan - 1 - pos < margin) start = pos - Math.floor(visibleSpan / 2);
  return Math.max(0, Math.min(mapSpan - viewSpan, start));
}

/**
 * Where the view goes after the player moved to (px, py). It stays put while the player is well
 * inside it and re-centres (clamped to the map) when the player nears an edge, so a walk does not
 * scroll the whole screen every step.
 */
export function follow(
  prev: Camera | null,
  px: number,
  py: number,
  map: { width: number; height: number },
  screen: { width: number; height: number },
  cell: CellSize,
): Camera {
  const cols = screen.width / cell.w;
  const rows = screen.height / cell.h;
  const sameSize = prev !== null && prev.cols === cols && prev.rows === rows;
  return {
    x: axis(sameSize ? prev.x : null, px, map.width, cols),
    y: axis(sameSize ? prev.y : null, py, map.height, rows),
    cols,
    rows,
  };
}

/** Screen pixel offset of the map's origin, rounded so glyphs land on whole pixels. */
export function originPx(cam: Camera, cell: CellSize): { x: number; y: number } {
  return { x: Math.round(-cam.x * cell.w), y: Math.round(-cam.y * cell.h) };
}

/** The map cell under a point of the view (CSS pixels from its top-left corner). */
export function cellAt(cam: Camera, cell: CellSize, px: number, py: number): { x: number; y: number } {
  const o = originPx(cam, cell);
  return { x: Math.floor((px - o.x) / cell.w), y: Math.floor((py - o.y) / cell.h) };
}

/** The rectangle of a cell in view pixels. */
export function cellRect(cam: Camera, cell: CellSize, x: number, y: number): { x: number; y: number; w: number; h: number } {
  const o = originPx(cam, cell);
  return { x: o.x + x * cell.w, y: o.y + y * cell.h, w: cell.w, h: cell.h };
}

/** The range of cells the view touches, clamped to the map (for culling chunks). */
export function visibleRange(cam: Camera, map: { width: number; height: number }): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.max(0, Math.floor(cam.x)),
    y0: Math.max(0, Math.floor(cam.y)),
    x1: Math.min(map.width - 1, Math.ceil(cam.x + cam.cols)),
    y1: Math.min(map.height - 1, Math.ceil(cam.y + cam.rows)),
  };
}
