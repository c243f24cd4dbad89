/**
 * Where traps are likely, learnt from the ruleset itself: a dozen sample levels (fixed seeds, so
 * the answer is the same in every process) are generated with the game's settings, and each kind
 * of cell — doors, cells beside doors, corridors, rooms — gets its share of traps per cell. Kinds
 * at or above the level's average are "likely": the careful bot searches before stepping there.
 */
import { generateLevel, MIN_SIZE } from '../../core/mapgen.ts';
import { DIRECTIONS, idx, inBounds, isDoor, isWalkable, type World } from '../../core/world.ts';

export type CellClass = 'door' | 'nearDoor' | 'corridor' | 'room';
export const CELL_CLASSES: readonly CellClass[] = ['door', 'nearDoor', 'corridor', 'room'];

const CALIBRATION_LEVELS = 12;

function open(world: World, x: number, y: number): boolean {
  if (!inBounds(world, x, y)) return false;
  const t = world.terrain[idx(world, x, y)]!;
  return isWalkable(t) || isDoor(t);
}

/** The kind of a cell: a door, beside a door, a corridor (in no open 2×2 block), or a room. */
export function cellClass(world: World, x: number, y: number): CellClass {
  const t = world.terrain[idx(world, x, y)]!;
  if (isDoor(t)) return 'door';
  for (const [dx, dy] of DIRECTIONS) {
    if (inBounds(world, x + dx, y + dy) && isDoor(world.terrain[idx(world, x + dx, y + dy)]!)) return 'nearDoor';
  }
  for (const [ox, oy] of [
    [0, 0],
    [-1, 0],
    [0, -1],
    [-1, -1],
  ] as const) {
    if (open(world, x + ox, y + oy) && open(world, x + ox + 1, y + oy) && open(world, x + ox, y + oy + 1) && open(world, x + ox + 1, y + oy + 1)) return 'room';
  }
  return 'corridor';
}

export interface Likelihood {
  /** Traps per cell of each kind over the sample levels. */
  density: Record<CellClass, number>;
  /** Traps per cell over all cells. */
  overall: number;
  likely: Set<CellClass>;
}

const cache = new Map<string, Likelihood>();

/** The likely kinds of cell for levels like `world` (same ruleset, settings, size, style, depth). */
export function likelyCells(world: World): Likelihood {
  const key = JSON.stringify([world.ruleset, world.depth, world.width, world.height, world.style, world.settings]);
  const hit = cache.get(key);
  if (hit) return hit;
  const traps: Record<CellClass, number> = { door: 0, nearDoor: 0, corridor: 0, room: 0 };
  const cells: Record<CellClass, number> = { door: 0, nearDoor: 0, corridor: 0, room: 0 };
  for (let i = 0; i < CALIBRATION_LEVELS; i++) {
    const level = generateLevel({
      seed: `careful-calibration-${i}`,
      ruleset: world.ruleset,
      settings: world.settings,
      // Tiny hand-drawn worlds calibrate on the smallest real level.
      width: Math.max(MIN_SIZE.width, world.width),
      height: Math.max(MIN_SIZE.height, world.height),
      style: world.style,
      depth: world.depth,
    });
    for (let y = 0; y < level.height; y++)
      for (let x = 0; x < level.width; x++) {
        const t = level.terrain[idx(level, x, y)]!;
        if (isWalkable(t) || isDoor(t)) cells[cellClass(level, x, y)]++;
      }
    for (const trap of level.traps) if (trap.host.kind !== 'chest') traps[cellClass(level, trap.x, trap.y)]++;
  }
  let totalTraps = 0;
  let totalCells = 0;
  const density = { door: 0, nearDoor: 0, corridor: 0, room: 0 } as Record<CellClass, number>;
  for (const c of CELL_CLASSES) {
    density[c] = cells[c] > 0 ? traps[c] / cells[c] : 0;
    totalTraps += traps[c];
    totalCells += cells[c];
  }
  const overall = totalCells > 0 ? totalTraps / totalCells : 0;
  const likely = new Set(CELL_CLASSES.filter((c) => density[c] > 0 && density[c] >= overall));
  const out = { density, overall, likely };
  cache.set(key, out);
  return out;
}
