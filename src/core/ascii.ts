/** The level as text: what `trapsmith map` prints, and a readable form for tests and bug reports. */
import { findTrapDef, getRuleset } from './registry.ts';
import { Terrain, type Trap, type World } from './world.ts';

export const TERRAIN_CHARS: Record<number, string> = {
  [Terrain.Wall]: '#',
  [Terrain.Floor]: '.',
  [Terrain.DoorClosed]: '+',
  [Terrain.DoorOpen]: "'",
  [Terrain.DoorLocked]: 'L',
  [Terrain.DoorSecret]: 'S',
  [Terrain.StairsUp]: '<',
  [Terrain.StairsDown]: '>',
  [Terrain.Water]: '~',
  [Terrain.Ice]: '=',
  [Terrain.SoftWall]: '%',
  [Terrain.DoorBroken]: '/',
};

/**
 * The glyph a trap is drawn in, as the game draws it once known: how the ruleset shows it there
 * (Omega's fire and abyss squares), else its table's glyph (CDDA's `_`, `0`, `\`, ...), else `^`.
 */
export function trapGlyph(world: World, trap: Trap): string {
  const ruleset = getRuleset(world.ruleset);
  return ruleset.trapAppearance?.(world, trap)?.glyph[0] ?? findTrapDef(ruleset, trap.kind)?.glyph?.[0] ?? '^';
}

/** Every cell as the designer's map shows it: terrain, chests (&), traps (each in its glyph, `trapGlyph`), actors on top. */
export function worldToAscii(world: World): string[] {
  const rows: string[][] = [];
  for (let y = 0; y < world.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < world.width; x++) row.push(TERRAIN_CHARS[world.terrain[y * world.width + x]!] ?? '?');
    rows.push(row);
  }
  for (const c of world.chests) rows[c.y]![c.x] = '&';
  for (const t of world.traps) rows[t.y]![t.x] = trapGlyph(world, t);
  for (const a of world.actors) if (a.alive) rows[a.y]![a.x] = a.glyph;
  return rows.map((r) => r.join(''));
}
