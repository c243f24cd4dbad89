/**
 * The scene as data: what each map cell shows through the fog, which cells a turn may have changed,
 * and the sparse things drawn above the terrain (items, known traps, actors). Pure functions of the
 * world, so the same answers drive the PixiJS layers, look mode and the Node tests.
 */
import { lightRadius } from '../core/fov.ts';
import type { GameEvent } from '../core/events.ts';
import { findTrapDef } from '../core/registry.ts';
import type { Ruleset } from '../core/ruleset.ts';
import { type World, idx, inBounds, playerKnowsTrap } from '../core/world.ts';
import { CHEST_GLYPH, dim, fade, type Glyph, itemGlyph, mapGlyphs, OPEN_CHEST_GLYPH, parseColour, reversed, terrainGlyph, UNSEEN } from './palette.ts';
import { PLAIN_LOOK, type TrapLookOptions, trapLook } from './trapLook.ts';

export type Fog = 'visible' | 'remembered' | 'unseen';

export function fogAt(world: World, i: number): Fog {
  if (world.visible[i] === 1) return 'visible';
  return world.memory[i]! > 0 ? 'remembered' : 'unseen';
}

const BLANK: Glyph = { ch: ' ', colour: UNSEEN };

/**
 * The terrain glyph of cell i as the player knows it: never seen is blank (black), remembered is
 * the remembered terrain dimmed, visible is the real terrain lit. Traps are not terrain: a hidden
 * trap therefore looks exactly like the floor or door it is on.
 */
export function terrainLook(world: World, i: number): Glyph {
  if (world.visible[i] === 1) return terrainGlyph(world.terrain[i]!);
  const remembered = world.memory[i]!;
  if (remembered === 0) return BLANK;
  const g = terrainGlyph(remembered - 1);
  return { ch: g.ch, colour: dim(g.colour) };
}

/** A glyph at a cell on one of the sparse layers. */
export interface Mark {
  x: number;
  y: number;
  ch: string;
  colour: number;
}

/** Chests wherever the player has seen their cell (furniture is remembered); loose items only in sight. */
export function itemMarks(world: World): Mark[] {
  const out: Mark[] = [];
  for (const c of world.chests) {
    const i = idx(world, c.x, c.y);
    const fog = fogAt(world, i);
    if (fog === 'unseen') continue;
    const g = c.open ? OPEN_CHEST_GLYPH : CHEST_GLYPH;
    out.push({ x: c.x, y: c.y, ch: g.ch, colour: fog === 'visible' ? g.colour : fade(g.colour) });
  }
  for (const item of world.items) {
    if (item.x < 0 || !inBounds(world, item.x, item.y)) continue;
    if (world.visible[idx(world, item.x, item.y)] !== 1) continue;
    const g = itemGlyph(item.kind);
    out.push({ x: item.x, y: item.y, ch: g.ch, colour: g.colour });
  }
  return out;
}

const MAP_GLYPHS = mapGlyphs();

/**
 * Every trap the player knows of, as its table glyph in its table colour (or as the player's
 * trap-look options say: trapLook.ts); darker out of sight (in
 * its own hue) but never dropped: a known trap stays on the map. Unknown traps are not marked.
 * A glyph the map also draws as terrain or an item (`#`, `~`, `%` …) is drawn reversed (atlas.ts),
 * so a known trap never passes for a wall, water or a chest.
 */
export function trapMarks(world: World, ruleset: Ruleset, look: TrapLookOptions = PLAIN_LOOK): Mark[] {
  const out: Mark[] = [];
  for (const t of world.traps) {
    if (!playerKnowsTrap(world, t) || !inBounds(world, t.x, t.y)) continue;
    const def = findTrapDef(ruleset, t.kind);
    const looks = ruleset.trapAppearance?.(world, t) ?? null;
    const drawn = trapLook(ruleset, t.kind, { glyph: looks?.glyph[0] ?? def?.glyph?.[0] ?? '^', colour: looks?.colour ?? def?.colour ?? '#ffffff' }, look);
    const colour = parseColour(drawn.colour);
    const lit = world.visible[idx(world, t.x, t.y)] === 1;
    out.push({ x: t.x, y: t.y, ch: MAP_GLYPHS.has(drawn.glyph) ? reversed(drawn.glyph) : drawn.glyph, colour: lit ? colour : fade(colour) });
  }
  return out;
}

/** Living actors in sight; the player always. */
export function actorMarks(world: World): Mark[] {
  const out: Mark[] = [];
  for (const a of world.actors) {
    if (!a.alive && a.id !== world.playerId) continue;
    if (!inBounds(world, a.x, a.y)) continue;
    if (a.id !== world.playerId && world.visible[idx(world, a.x, a.y)] !== 1) continue;
    out.push({ x: a.x, y: a.y, ch: a.glyph[0] ?? '?', colour: parseColour(a.colour) });
  }
  // The player last, so it is drawn above anything sharing its cell.
  out.sort((a, b) => (a.ch === '@' ? 1 : 0) - (b.ch === '@' ? 1 : 0));
  return out;
}

/**
 * The indices of the cells the player sees now. Sight never reaches past the light radius, so only
 * the square around the player is scanned (not the whole map).
 */
export function visibleCells(world: World): number[] {
  const hero = world.actors.find((a) => a.id === world.playerId);
  if (!hero) return [];
  const r = lightRadius(world) + 1;
  const out: number[] = [];
  const x0 = Math.max(0, hero.x - r);
  const x1 = Math.min(world.width - 1, hero.x + r);
  const y0 = Math.max(0, hero.y - r);
  const y1 = Math.min(world.height - 1, hero.y + r);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (world.visible[y * world.width + x] === 1) out.push(y * world.width + x);
  return out;
}

/** Does this batch of events replace the level (a new map to draw from scratch)? */
export function replacesLevel(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.type === 'levelEntered');
}

/**
 * The terrain cells a turn may have changed: what was visible before (it may now be remembered),
 * what is visible now (it may be newly seen or lit), and cells whose terrain an event changed. Only
 * these are looked at again; everything else on the map is untouched.
 */
export function changedTerrainCells(world: World, previouslyVisible: readonly number[], events: readonly GameEvent[]): { cells: Set<number>; visible: number[] } {
  const visible = visibleCells(world);
  const cells = new Set<number>(previouslyVisible);
  for (const i of visible) cells.add(i);
  for (const e of events) if (e.type === 'terrainChanged' && inBounds(world, e.x, e.y)) cells.add(idx(world, e.x, e.y));
  return { cells, visible };
}
