/**
 * Free cells a trap's effect may set someone down on (a teleport): plain floor, no living actor,
 * no chest, no trap, not the cell the one teleported stands on; by rows, then columns.
 */
import { type Actor, Terrain, type World } from '../world.ts';

export function freeFloorCells(world: World, except: Actor): Array<[number, number]> {
  const blocked = new Set<number>();
  for (const a of world.actors) if (a.alive) blocked.add(a.y * world.width + a.x);
  for (const c of world.chests) blocked.add(c.y * world.width + c.x);
  for (const tr of world.traps) blocked.add(tr.y * world.width + tr.x);
  const out: Array<[number, number]> = [];
  for (let y = 0; y < world.height; y++)
    for (let x = 0; x < world.width; x++) {
      const i = y * world.width + x;
      if (world.terrain[i] !== Terrain.Floor || blocked.has(i) || (x === except.x && y === except.y)) continue;
      out.push([x, y]);
    }
  return out;
}
