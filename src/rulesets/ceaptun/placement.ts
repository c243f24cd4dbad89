/**
 * Where the dungeon hides its traps ("Where traps are"): a few on every level, never on or next to
 * the stairs, never where a creature walks its rounds, never on water that can freeze; some rooms
 * hide their own near their middle; some doors and shut chests are trapped (never a pit, never a
 * secret door). Rigged kinds are never placed by the dungeon.
 */
import { choice, sample } from '../../core/prob.ts';
import type { PlacementContext, TrapSpec } from '../../core/ruleset.ts';
import { chebyshev, Terrain, type World } from '../../core/world.ts';
import { ceaptunSettings } from './settings.ts';
import type { TrapId, TrapTable } from './traps.ts';

/** A weighted pick among kinds (none when every weight is 0). */
function pick(table: TrapTable, kinds: readonly TrapId[], ctx: PlacementContext): TrapId | null {
  if (kinds.length === 0) return null;
  return sample(choice(kinds.map((id) => [table[id]!.weight, id] as const)), ctx.rng);
}

/** A kind placed only between two depths (both included) is not placed elsewhere. */
function placedAt(depths: readonly [number, number] | undefined, depth: number): boolean {
  return !depths || (depth >= depths[0] && depth <= depths[1]);
}

function nearStairs(world: World, x: number, y: number): boolean {
  return chebyshev(x, y, world.stairsUp[0], world.stairsUp[1]) <= 1 || chebyshev(x, y, world.stairsDown[0], world.stairsDown[1]) <= 1;
}

/** The traps of a fresh level, by the weights, charges and doors of `table`: the placing ruleset's own (a Lab variant's, while one plays). */
export function placeTraps(ctx: PlacementContext, table: TrapTable): TrapSpec[] {
  const world = ctx.world;
  const s = world.settings;
  // The table's own order: the seed's kinds first, a designer's after them.
  const placed = Object.keys(table).filter((id) => !table[id]!.rigged && table[id]!.weight > 0 && placedAt(table[id]!.kind.placement.depths, world.depth));
  const floorKinds = placed.filter((id) => table[id]!.kind.hosts.includes('floor'));
  const doorKinds = placed.filter((id) => table[id]!.onDoors);
  const chestKinds = placed.filter((id) => table[id]!.onChests);
  const out: TrapSpec[] = [];
  const taken = new Set<number>();
  const spec = (kind: TrapId, x: number, y: number, host?: TrapSpec['host']): TrapSpec => ({
    kind,
    x,
    y,
    charges: table[kind]!.charges,
    known,
    ...(host ? { host } : {}),
  });
  // "Some places show you their traps from the start."
  const known = ctx.rng.uniform() < ceaptunSettings(s).knownLevelChance;

  const free = ctx.floorCells.filter(([x, y]) => {
    const i = y * world.width + x;
    return world.terrain[i] === Terrain.Floor && !ctx.patrolCells.has(i) && !nearStairs(world, x, y);
  });
  const take = (x: number, y: number, kind: TrapId | null) => {
    if (!kind) return;
    taken.add(y * world.width + x);
    out.push(spec(kind, x, y));
  };

  // A few floor traps, on distinct free cells.
  const pool = [...free];
  const wanted = Math.min(ceaptunSettings(s).trapsPerLevel, pool.length);
  for (let n = 0; n < wanted; n++) {
    const j = ctx.rng.int(0, pool.length - 1);
    const [x, y] = pool[j]!;
    pool[j] = pool[pool.length - 1]!;
    pool.pop();
    take(x, y, pick(table, floorKinds, ctx));
  }

  // Some rooms hide their own, on the free cell nearest the room's middle.
  const freeSet = new Set(free.map(([x, y]) => y * world.width + x));
  for (const room of ctx.rooms) {
    if (ctx.rng.uniform() >= ceaptunSettings(s).roomTrapChance) continue;
    const cx = Math.floor((room.x1 + room.x2) / 2);
    const cy = Math.floor((room.y1 + room.y2) / 2);
    let best: [number, number] | null = null;
    for (let y = room.y1; y <= room.y2; y++)
      for (let x = room.x1; x <= room.x2; x++) {
        const i = y * world.width + x;
        if (!freeSet.has(i) || taken.has(i)) continue;
        if (!best || chebyshev(x, y, cx, cy) < chebyshev(best[0], best[1], cx, cy)) best = [x, y];
      }
    if (best) take(best[0], best[1], pick(table, floorKinds, ctx));
  }

  // Trapped doors: shut ones only (a secret door is never trapped); never a pit.
  for (const [x, y] of ctx.doorCells) {
    const t = world.terrain[y * world.width + x];
    if (t !== Terrain.DoorClosed && t !== Terrain.DoorLocked) continue;
    if (ctx.rng.uniform() >= ceaptunSettings(s).doorTrapChance) continue;
    const kind = pick(table, doorKinds, ctx);
    if (kind) out.push(spec(kind, x, y, { kind: 'door' }));
  }

  // Trapped chests: any trap a door may have.
  for (const chest of ctx.chests) {
    if (chest.open || ctx.rng.uniform() >= ceaptunSettings(s).chestTrapChance) continue;
    const kind = pick(table, chestKinds, ctx);
    if (kind) out.push(spec(kind, chest.x, chest.y, { kind: 'chest', chest: chest.id }));
  }
  return out;
}
