/** The level as text: what `trapsmith map` prints, and a readable form for tests and bug reports. */
import { Terrain, type World } from './world.ts';

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

/** Every cell as the designer's map shows it: terrain, chests (&), traps (^), actors on top. */
export function worldToAscii(world: World): string[] {
  const rows: string[][] = [];
  for (let y = 0; y < world.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < world.width; x++) row.push(TERRAIN_CHARS[world.terrain[y * world.width + x]!] ?? '?');
    rows.push(row);
  }
  for (const c of world.chests) rows[c.y]![c.x] = '&';
  for (const t of world.traps) rows[t.y]![t.x] = '^';
  for (const a of world.actors) if (a.alive) rows[a.y]![a.x] = a.glyph;
  return rows.map((r) => r.join(''));
}
