/**
 * The heat-map overlay's look: per-cell counts (where traps fired, where actors died, over many
 * simulated runs of the level on screen) turned into tinted, half-transparent blocks that the
 * renderer blends over the tiles. Pure arithmetic (no PixiJS), so it is tested in Node.
 *
 * The ramp runs from a pale yellow (a cell hit once) to a strong red (the hottest cell). Both the
 * colour and the opacity follow the square root of count / max, so cells hit a few times stay
 * visible beside one hot spot; the opacity stays at most MAX_ALPHA so the glyph under a cell
 * (a trap's ^, the stairs) can still be read.
 */

export interface HeatLayer {
  width: number;
  height: number;
  /** One count per cell, row-major (width × height). */
  counts: ArrayLike<number>;
}

export interface HeatPiece {
  /** Cell index (y * width + x). */
  i: number;
  /** 0xRRGGBB. */
  colour: number;
  alpha: number;
}

export const MIN_ALPHA = 0.3;
export const MAX_ALPHA = 0.65;
/** The ramp's ends: a cell hit least, the hottest cell. */
export const COOL = 0xffe040;
export const HOT = 0xff1800;

/** The colour of a cell at `t` = count / max in (0, 1]. */
export function heatColour(t: number): number {
  const s = Math.sqrt(Math.max(0, Math.min(1, t)));
  const mix = (shift: number) => {
    const a = (COOL >> shift) & 0xff;
    const b = (HOT >> shift) & 0xff;
    return Math.round(a + (b - a) * s);
  };
  return (mix(16) << 16) | (mix(8) << 8) | mix(0);
}

export function heatAlpha(t: number): number {
  const s = Math.sqrt(Math.max(0, Math.min(1, t)));
  return MIN_ALPHA + (MAX_ALPHA - MIN_ALPHA) * s;
}

/** The overlay pieces of a layer: one per cell with a count above zero, in cell order. */
export function heatPieces(layer: HeatLayer): HeatPiece[] {
  const n = layer.width * layer.height;
  if (layer.counts.length !== n) throw new Error(`heat map: ${layer.counts.length} counts for a ${layer.width}×${layer.height} level`);
  let max = 0;
  for (let i = 0; i < n; i++) max = Math.max(max, layer.counts[i]!);
  const out: HeatPiece[] = [];
  if (max <= 0) return out;
  for (let i = 0; i < n; i++) {
    const c = layer.counts[i]!;
    if (c <= 0) continue;
    out.push({ i, colour: heatColour(c / max), alpha: heatAlpha(c / max) });
  }
  return out;
}

/** The hottest cell (the first in row order on a tie) and its count; null when every count is 0. */
export function hottest(layer: HeatLayer): { x: number; y: number; count: number } | null {
  let best = -1;
  let count = 0;
  for (let i = 0; i < layer.counts.length; i++)
    if (layer.counts[i]! > count) {
      count = layer.counts[i]!;
      best = i;
    }
  return best < 0 ? null : { x: best % layer.width, y: Math.floor(best / layer.width), count };
}

/**
 * The layer with the cells in `hidden` left out (counted 0), and how much was left out. The game's
 * own heat map leaves out the cells of the traps the player has not found: the runs know where
 * every trap is, and a tint there would show the player a trap the game has not (the Lab, a tool
 * of the designer's, shows all of it). What it leaves out is said as a number, never as a place.
 */
export function withoutCells(layer: HeatLayer, hidden: ReadonlySet<number>): { layer: HeatLayer; unshown: number } {
  let unshown = 0;
  const counts = Array.from(layer.counts, (c, i) => {
    if (!hidden.has(i)) return c;
    unshown += c;
    return 0;
  });
  return { layer: { width: layer.width, height: layer.height, counts }, unshown };
}
