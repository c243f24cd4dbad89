/**
 * Route finding for bots: one Dijkstra flood from the goal over cell costs, then each step goes
 * to the neighbour with the least cost-to-go. The bot knows the level's layout and its stairs (as
 * a player who has the map would) but only the traps the player knows of: hidden traps are floor.
 */
import { type Actor, chestAt, DIRECTIONS, idx, inBounds, Terrain, type World } from '../../core/world.ts';
import { levelOf } from '../../core/level.ts';

export const BLOCKED = Number.POSITIVE_INFINITY;

/** Cost of entering a cell; BLOCKED when the bot will not go there. */
export type CellCost = (world: World, x: number, y: number) => number;

/** Terrain cost as the player sees the map: doors cost the turn(s) to open or kick them. */
export function terrainCost(world: World, x: number, y: number): number {
  if (!inBounds(world, x, y)) return BLOCKED;
  const t = world.terrain[idx(world, x, y)]!;
  switch (t) {
    case Terrain.Floor:
    case Terrain.DoorOpen:
    case Terrain.DoorBroken:
    case Terrain.StairsUp:
    case Terrain.StairsDown:
      return 1;
    case Terrain.Ice:
      return 1;
    case Terrain.Water:
      return 2;
    case Terrain.DoorClosed:
      return 2;
    case Terrain.DoorLocked:
      return 6;
    default:
      // Walls, soft walls, and secret doors (which look like walls to the player).
      return BLOCKED;
  }
}

/**
 * A binary min-heap of cell indices keyed by distance. It allocates nothing per operation (a
 * flood pushes thousands of cells, many times a game): `pop` returns the cell and leaves its key
 * in `poppedKey`.
 */
class Heap {
  private readonly items: number[] = [];
  private readonly keys: number[] = [];
  /** The key of the cell `pop` returned last. */
  poppedKey = 0;
  get size(): number {
    return this.items.length;
  }
  push(item: number, key: number): void {
    this.items.push(item);
    this.keys.push(key);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= this.keys[i]!) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): number {
    const top = this.items[0]!;
    this.poppedKey = this.keys[0]!;
    const lastItem = this.items.pop()!;
    const lastKey = this.keys.pop()!;
    if (this.items.length > 0) {
      this.items[0] = lastItem;
      this.keys[0] = lastKey;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.items.length && this.keys[l]! < this.keys[m]!) m = l;
        if (r < this.items.length && this.keys[r]! < this.keys[m]!) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
  private swap(a: number, b: number): void {
    const item = this.items[a]!;
    this.items[a] = this.items[b]!;
    this.items[b] = item;
    const key = this.keys[a]!;
    this.keys[a] = this.keys[b]!;
    this.keys[b] = key;
  }
}

/**
 * Cost-to-go to `goal` from every cell: dist[goal] = 0 and dist[u] = min over neighbours v of
 * cost(v) + dist[v]. Cells that cannot reach the goal stay at Infinity.
 */
export function costToGo(world: World, goal: [number, number], cost: CellCost): Float64Array {
  const { width, height } = world;
  const dist = new Float64Array(width * height).fill(BLOCKED);
  const cellCost = new Float64Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) cellCost[y * width + x] = cost(world, x, y);
  const start = idx(world, goal[0], goal[1]);
  dist[start] = 0;
  const heap = new Heap();
  heap.push(start, 0);
  while (heap.size > 0) {
    const v = heap.pop();
    const d = heap.poppedKey;
    if (d > dist[v]!) continue;
    const enter = cellCost[v]!;
    if (!Number.isFinite(enter)) continue;
    const vx = v % width;
    const vy = (v - vx) / width;
    for (let k = 0; k < 8; k++) {
      const ux = vx + DIRECTIONS[k]![0];
      const uy = vy + DIRECTIONS[k]![1];
      if (ux < 0 || uy < 0 || ux >= width || uy >= height) continue;
      const u = uy * width + ux;
      const nd = d + enter;
      if (nd < dist[u]!) {
        dist[u] = nd;
        heap.push(u, nd);
      }
    }
  }
  return dist;
}

/** A cached cost-to-go field that refreshes when the level, its terrain or the bot's knowledge changes. */
export class Router {
  private key = '';
  private field: Float64Array | null = null;

  constructor(private readonly cost: CellCost) {}

  fieldFor(world: World, goal: [number, number], knowledge: string): Float64Array {
    const key = `${world.depth}|${levelOf(world).terrainChanges}|${goal[0]},${goal[1]}|${knowledge}`;
    if (!this.field || key !== this.key) {
      this.field = costToGo(world, goal, this.cost);
      this.key = key;
    }
    return this.field;
  }

  /** The neighbour of `actor` to step to next, or null when the goal cannot be reached. */
  next(world: World, actor: Actor, goal: [number, number], knowledge: string): [number, number] | null {
    const dist = this.fieldFor(world, goal, knowledge);
    let best: [number, number] | null = null;
    let bestScore = BLOCKED;
    for (const [dx, dy] of DIRECTIONS) {
      const x = actor.x + dx;
      const y = actor.y + dy;
      if (!inBounds(world, x, y)) continue;
      const c = this.cost(world, x, y);
      const d = dist[idx(world, x, y)]!;
      const score = c + d;
      if (score < bestScore) {
        bestScore = score;
        best = [x, y];
      }
    }
    return best;
  }
}

/** Cells a bot can never walk into on its own: chests (they are opened, not entered). */
export function blockedByChest(world: World, x: number, y: number): boolean {
  return chestAt(world, x, y) !== undefined;
}
