/**
 * Distance floods over a level's grid: the breadth-first search itself (`floodGrid`, used by map
 * generation and by monsters) and a live level's cache of them (`Floods`, owned by its `Level`).
 */
import { isWalkable, Terrain, type Actor, type World } from './world.ts';

// The queue of every flood: scratch space (only `dist` is handed back), so it is allocated once.
let floodQueue = new Int32Array(0);

/**
 * Distances (8-way steps) from `start` over cells whose `passable` byte is 1; -1 where unreachable
 * or, given `maxDist`, farther than that (cells up to `maxDist` away get their exact distance).
 * The fast path for per-turn floods: no callbacks, one precomputed grid.
 */
export function floodGrid(width: number, height: number, start: number, passable: Uint8Array, maxDist = Number.POSITIVE_INFINITY): Int32Array {
  const size = width * height;
  const dist = new Int32Array(size).fill(-1);
  if (floodQueue.length < size) floodQueue = new Int32Array(size);
  const queue = floodQueue;
  let head = 0;
  let tail = 0;
  dist[start] = 0;
  queue[tail++] = start;
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    const next = dist[i]! + 1;
    // Breadth first: every cell left in the queue is at least this far, so the rest lies beyond.
    if (next > maxDist) break;
    const hasLeft = x > 0;
    const hasRight = x < width - 1;
    const hasUp = i >= width;
    const hasDown = i < size - width;
    // Unrolled neighbours: N, NE, E, SE, S, SW, W, NW.
    if (hasUp) {
      let j = i - width;
      if (dist[j] === -1 && passable[j] === 1) {
        dist[j] = next;
        queue[tail++] = j;
      }
      if (hasRight && dist[(j = i - width + 1)] === -1 && passable[j] === 1) {
        dist[j] = next;
        queue[tail++] = j;
      }
      if (hasLeft && dist[(j = i - width - 1)] === -1 && passable[j] === 1) {
        dist[j] = next;
        queue[tail++] = j;
      }
    }
    if (hasDown) {
      let j = i + width;
      if (dist[j] === -1 && passable[j] === 1) {
        dist[j] = next;
        queue[tail++] = j;
      }
      if (hasRight && dist[(j = i + width + 1)] === -1 && passable[j] === 1) {
        dist[j] = next;
        queue[tail++] = j;
      }
      if (hasLeft && dist[(j = i + width - 1)] === -1 && passable[j] === 1) {
        dist[j] = next;
        queue[tail++] = j;
      }
    }
    if (hasRight && dist[i + 1] === -1 && passable[i + 1] === 1) {
      dist[i + 1] = next;
      queue[tail++] = i + 1;
    }
    if (hasLeft && dist[i - 1] === -1 && passable[i - 1] === 1) {
      dist[i - 1] = next;
      queue[tail++] = i - 1;
    }
  }
  return dist;
}

/** Distances (in steps, 8-way) from `start` over cells where `pass` holds; -1 where unreachable. */
export function floodDistances(width: number, height: number, start: number, pass: (i: number) => boolean): Int32Array {
  const grid = new Uint8Array(width * height);
  for (let i = 0; i < grid.length; i++) grid[i] = pass(i) ? 1 : 0;
  return floodGrid(width, height, start, grid);
}

/** Can a monster path through this terrain (walkable, or a door it might open)? */
export function pathable(t: number): boolean {
  return isWalkable(t) || t === Terrain.DoorClosed || t === Terrain.DoorLocked;
}

interface Flood {
  dist: Int32Array;
  /** How far the flood reaches: exact up to here, -1 beyond (Infinity: the whole level). */
  radius: number;
}

/** Floods kept per level, the oldest dropped first; enough for every monster's route ends and a chase. */
const FLOODS_KEPT = 96;

/** Does the flood give exact distances all round cell `at` (-1: everywhere)? */
function covers(f: Flood, at: number): boolean {
  return f.radius === Number.POSITIVE_INFINITY || (at >= 0 && f.dist[at]! >= 0 && f.dist[at]! < f.radius);
}

/**
 * One level's floods towards the targets monsters head for, and the grid of cells they can path
 * through. Invariant: every flood kept and the grid were computed from the level's terrain as it
 * is now. The level calls `terrainChanged` for every change of terrain that changes pathability
 * (and `clear` for a new level or an edit), which drops them.
 */
export class Floods {
  private readonly kept = new Map<number, Flood>();
  private grid: Uint8Array | null = null;

  constructor(private readonly world: World) {}

  /** Forget everything: the terrain changed where monsters path. */
  clear(): void {
    this.kept.clear();
    this.grid = null;
  }

  /**
   * Distances to (x, y) over walkable cells and doors. Given the monster `from` that will step down
   * it, the flood only reaches a little past that monster (a chase is mostly short), and is redone
   * wider when another monster needs more. Exact wherever the monster may step: its own cell lies
   * strictly inside the radius.
   */
  distancesTo(x: number, y: number, from?: Actor): Int32Array {
    const world = this.world;
    const key = y * world.width + x;
    const at = from ? from.y * world.width + from.x : -1;
    const hit = this.kept.get(key);
    if (hit && covers(hit, at)) return hit.dist;
    const grid = this.passable();
    const radius = from ? 2 * Math.max(Math.abs(x - from.x), Math.abs(y - from.y)) + 8 : Number.POSITIVE_INFINITY;
    let flood: Flood = { radius, dist: floodGrid(world.width, world.height, key, grid, radius) };
    if (!covers(flood, at)) flood = { radius: Number.POSITIVE_INFINITY, dist: floodGrid(world.width, world.height, key, grid) };
    this.kept.delete(key);
    if (this.kept.size >= FLOODS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, flood);
    return flood.dist;
  }

  /** 1 where monsters can path (walkable cells and doors). */
  private passable(): Uint8Array {
    if (this.grid) return this.grid;
    const terrain = this.world.terrain;
    const grid = new Uint8Array(terrain.length);
    for (let i = 0; i < grid.length; i++) grid[i] = pathable(terrain[i]!) ? 1 : 0;
    this.grid = grid;
    return grid;
  }
}
