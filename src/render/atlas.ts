/**
 * The glyph atlas: every character the map uses, drawn once in white on black into one canvas at
 * start-up, one texture over it per glyph. Colour comes from tinting, so all layers share one
 * texture source and batch together. Glyph frames are opaque (black behind the white glyph): a
 * trap's `^` drawn over a floor `.` hides the dot instead of mixing with it. Each printable
 * character also has a reversed frame (black on white: `reversed`).
 */
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import type { CellSize } from './camera.ts';
import { REVERSED_BASE, reversed } from './palette.ts';

/** A solid white block (effects: flashes, blasts). */
export const SOLID = '\u2588';
/** A hollow frame (the look-mode cursor), transparent inside. */
export const CURSOR = '\u25a1';

const PRINTABLE = Array.from({ length: 126 - 32 + 1 }, (_, i) => String.fromCharCode(32 + i));

export const ATLAS_CHARS: readonly string[] = [...PRINTABLE, SOLID, CURSOR, ...PRINTABLE.map(reversed)];

/** Transparent gap around each glyph, so linear sampling at odd pixel ratios never bleeds. */
const PAD = 1;
const COLUMNS = 16;

export const DEFAULT_FONT = '"DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", monospace';

export class GlyphAtlas {
  constructor(
    readonly source: CanvasSource,
    readonly frames: ReadonlyMap<string, Texture>,
    readonly cell: CellSize,
  ) {}

  /** The texture of a character; characters outside the atlas show as `?`. */
  get(ch: string): Texture {
    return this.frames.get(ch) ?? this.frames.get('?')!;
  }

  destroy(): void {
    for (const t of this.frames.values()) t.destroy(false);
    this.source.destroy();
  }
}

export function buildAtlas(cell: CellSize, resolution: number, font = DEFAULT_FONT): GlyphAtlas {
  const slotW = cell.w + 2 * PAD;
  const slotH = cell.h + 2 * PAD;
  const rows = Math.ceil(ATLAS_CHARS.length / COLUMNS);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(COLUMNS * slotW * resolution);
  canvas.height = Math.ceil(rows * slotH * resolution);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas to draw the glyph atlas');
  ctx.scale(resolution, resolution);
  // Bold: thin glyphs (the trap's ^, the floor's .) stay readable at a 12 px cell.
  ctx.font = `bold ${Math.round(cell.h * 0.8)}px ${font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const places: Array<[string, number, number]> = [];
  ATLAS_CHARS.forEach((ch, k) => {
    const sx = (k % COLUMNS) * slotW;
    const sy = Math.floor(k / COLUMNS) * slotH;
    places.push([ch, sx + PAD, sy + PAD]);
    if (ch === SOLID) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(sx, sy, slotW, slotH);
    } else if (ch === CURSOR) {
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 1.5;
      ctx.strokeRect(sx + PAD + 0.75, sy + PAD + 0.75, cell.w - 1.5, cell.h - 1.5);
    } else if (ch.charCodeAt(0) >= REVERSED_BASE) {
      ctx.fillStyle = '#000000';
      ctx.fillRect(sx, sy, slotW, slotH);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(sx + PAD, sy + PAD, cell.w, cell.h);
      ctx.fillStyle = '#000000';
      ctx.fillText(String.fromCharCode(ch.charCodeAt(0) - REVERSED_BASE), sx + PAD + cell.w / 2, sy + PAD + cell.h / 2 + 1);
    } else {
      ctx.fillStyle = '#000000';
      ctx.fillRect(sx, sy, slotW, slotH);
      ctx.fillStyle = '#ffffff';
      if (ch === '^') {
        // The trap glyph is the one the game is about: larger than the font's small caret, and
        // centred on its cell (its ink sits at the top of the em box).
        ctx.save();
        ctx.font = `bold ${Math.round(cell.h * 1.15)}px ${font}`;
        const m = ctx.measureText(ch);
        ctx.fillText(ch, sx + PAD + cell.w / 2, sy + PAD + cell.h / 2 + (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2);
        ctx.restore();
      } else ctx.fillText(ch, sx + PAD + cell.w / 2, sy + PAD + cell.h / 2 + 1);
    }
  });
  const source = new CanvasSource({ resource: canvas, resolution, scaleMode: 'nearest' });
  const frames = new Map<string, Texture>();
  for (const [ch, x, y] of places) frames.set(ch, new Texture({ source, frame: new Rectangle(x, y, cell.w, cell.h) }));
  return new GlyphAtlas(source, frames, cell);
}
