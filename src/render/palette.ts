/**
 * What each thing on the map looks like: glyphs and colours for terrain, items and chests, and the
 * fog's dimming. Pure data and arithmetic (no PixiJS), so look mode, tests and the renderer agree.
 * Colours are 0xRRGGBB numbers, the form PixiJS tints take.
 */
import { Terrain } from '../core/world.ts';

export interface Glyph {
  /** One character, drawn from the glyph atlas. */
  ch: string;
  colour: number;
}

/**
 * Terrain glyphs. A secret door is drawn exactly like a wall (that is the secret), and a hidden trap
 * is never drawn at all: the terrain layer knows nothing of traps.
 */
export const TERRAIN_GLYPHS: Record<number, Glyph> = {
  [Terrain.Wall]: { ch: '#', colour: 0x8c7f6e },
  [Terrain.Floor]: { ch: '.', colour: 0x9a9a9a },
  [Terrain.DoorClosed]: { ch: '+', colour: 0xc08a3e },
  [Terrain.DoorOpen]: { ch: "'", colour: 0xc08a3e },
  [Terrain.DoorLocked]: { ch: '+', colour: 0xe0c060 },
  [Terrain.DoorSecret]: { ch: '#', colour: 0x8c7f6e },
  [Terrain.StairsUp]: { ch: '<', colour: 0xffffff },
  [Terrain.StairsDown]: { ch: '>', colour: 0xffffff },
  [Terrain.Water]: { ch: '~', colour: 0x3f7fff },
  [Terrain.Ice]: { ch: '=', colour: 0xaee8ff },
  [Terrain.SoftWall]: { ch: '%', colour: 0x9a6b45 },
  [Terrain.DoorBroken]: { ch: '/', colour: 0x8a6a3e },
};

const UNKNOWN_TERRAIN: Glyph = { ch: '?', colour: 0xff00ff };

export function terrainGlyph(t: number): Glyph {
  return TERRAIN_GLYPHS[t] ?? UNKNOWN_TERRAIN;
}

/** Items lying on the floor, by the kinds the core and rulesets use; anything else is a tool `(`. */
export function itemGlyph(kind: string): Glyph {
  if (kind === 'gold') return { ch: '$', colour: 0xffd700 };
  if (kind === 'arrow' || kind === 'bolt' || kind === 'dart') return { ch: ')', colour: 0xc8c8c8 };
  return { ch: '(', colour: 0x9fb8d0 };
}

export const CHEST_GLYPH: Glyph = { ch: '&', colour: 0xb5763a };

/** Where the reversed glyphs sit: a private-use code point per printable character. */
export const REVERSED_BASE = 0xe000;

/**
 * The character that draws `ch` reversed: black on a block of the tint's colour, where every other
 * glyph is the tint's colour on black. A known trap whose glyph the map also draws as terrain or
 * an item (CDDA's cot `#` beside a wall) is drawn so (view.ts trapMarks); the atlas (atlas.ts) draws each one, and stays a trap to the eye.
 */
export function reversed(ch: string): string {
  return String.fromCharCode(REVERSED_BASE + ch.charCodeAt(0));
}

/**
 * Every glyph the map draws for terrain, chests and items. A known trap drawn in one of them is
 * drawn reversed (view.ts trapMarks), else a CDDA cot (`#`) would look exactly like a wall.
 */
export function mapGlyphs(): ReadonlySet<string> {
  return new Set([...Object.values(TERRAIN_GLYPHS), CHEST_GLYPH, ...['gold', 'arrow', 'other'].map(itemGlyph)].map((g) => g.ch));
}
export const OPEN_CHEST_GLYPH: Glyph = { ch: '&', colour: 0x6a4a2a };

/** Black: never-seen cells and the canvas behind them. */
export const UNSEEN = 0x000000;

/**
 * Remembered (out of sight) cells keep their glyph but lose most of their light and colour: a
 * third of the brightness, pulled towards a cold blue-grey so that lit and remembered read apart
 * even for grey glyphs.
 */
export function dim(colour: number): number {
  const r = (colour >> 16) & 0xff;
  const g = (colour >> 8) & 0xff;
  const b = colour & 0xff;
  const grey = (r + g + b) / 3;
  const mix = (c: number, toward: number) => Math.round((c * 0.5 + grey * 0.5) * 0.38 + toward);
  return (clampByte(mix(r, 4)) << 16) | (clampByte(mix(g, 8)) << 8) | clampByte(mix(b, 22));
}

/**
 * Known traps and chests out of sight: darker but in their own hue, so a remembered fireball trap
 * is still told from a remembered frost trap (terrain goes grey-blue instead: `dim`).
 */
export function fade(colour: number, f = 0.55): number {
  const r = Math.round(((colour >> 16) & 0xff) * f);
  const g = Math.round(((colour >> 8) & 0xff) * f);
  const b = Math.round((colour & 0xff) * f);
  return (r << 16) | (g << 8) | b;
}

function clampByte(v: number): number {
  return Math.max(0, Math.min(255, v));
}

/** Brightness 0..1 of a colour (for tests and for checking that dimming darkens). */
export function luminance(colour: number): number {
  const r = (colour >> 16) & 0xff;
  const g = (colour >> 8) & 0xff;
  const b = colour & 0xff;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const NAMED: Record<string, number> = {
  black: 0x000000,
  white: 0xffffff,
  red: 0xff0000,
  green: 0x008000,
  lime: 0x00ff00,
  blue: 0x0000ff,
  yellow: 0xffff00,
  cyan: 0x00ffff,
  aqua: 0x00ffff,
  magenta: 0xff00ff,
  fuchsia: 0xff00ff,
  orange: 0xffa500,
  purple: 0x800080,
  brown: 0xa52a2a,
  grey: 0x808080,
  gray: 0x808080,
  silver: 0xc0c0c0,
  gold: 0xffd700,
  pink: 0xffc0cb,
  violet: 0xee82ee,
  teal: 0x008080,
  navy: 0x000080,
  maroon: 0x800000,
  olive: 0x808000,
};

/**
 * Parses the CSS colours rulesets give their traps (`#rgb`, `#rrggbb`, `rgb(r, g, b)`, common
 * names). An unknown colour becomes white rather than an invisible trap.
 */
export function parseColour(css: string): number {
  const s = css.trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(s);
  if (m) {
    const [r, g, b] = [...m[1]!].map((c) => Number.parseInt(c + c, 16)) as [number, number, number];
    return (r << 16) | (g << 8) | b;
  }
  m = /^#([0-9a-f]{6})$/.exec(s);
  if (m) return Number.parseInt(m[1]!, 16);
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(s);
  if (m) return (clampByte(Number(m[1])) << 16) | (clampByte(Number(m[2])) << 8) | clampByte(Number(m[3]));
  return NAMED[s] ?? 0xffffff;
}

export function toCss(colour: number): string {
  return `#${colour.toString(16).padStart(6, '0')}`;
}
