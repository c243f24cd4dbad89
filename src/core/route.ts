/**
 * Route finding over cell costs, shared by the bots (sim/bots/nav.ts) and the player's travel and
 * explore (core/travel.ts): one Dijkstra flood from the goals gives every cell's cost to go, and
 * each step goes to the neighbour with the least cost of entering it plus its cost to go.
 */
import { DIRECTIONS, idx, Terrain, type World } from './world.ts';

export const BLOCKED = Number.POSITIVE_INFINITY;

/** Cost of entering a cell; BLOCKED where the walker will not go. */
export type CellCost = (world: World, x: number, y: number) => number;

/**
 * Steps to enter a cell of terrain `t` as the player sees it: floor-like cells 1, water 2 (wading),
 * a closed door 2 (opening it first). A locked door costs `lockedDoor` (a bot kicks it open; travel
 * leaves that to the player, so BLOCKED); walls, soft walls and secret doors (a wall to the eye) are
 * BLOCKED. The bots' routes (sim/bots/nav.ts) and the player's travel (core/travel.ts) both read it.
 */
export function terrainSteps(t: number, lockedDoor = BLOCKED): number {
  switch (t) {
    case Terrain.Floor:
    case Terrain.DoorOpen:
    case Terrain.DoorBroken:
    case Terrain.StairsUp:
    case Terrain.StairsDown:
    case Terrain.Ice:
      return 1;
    case Terrain.Water:
    case Terrain.DoorClosed:
      return 2;
    case Terrain.DoorLocked:
      return lockedDoor;
    default:
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
 * Cost-to-go to the nearest of `goals`: dist[goal] = 0 and dist[u] = min over neighbours v of
 * cost(v) + dist[v]; a cell that cannot reach a goal has BLOCKED. A Dijkstra flood from the goals,
 * settled only as far as it is asked (`at`): a cell's cost is final once the flood has settled it,
 * so asking for the cells beside a walker near the goal floods no further than they lie. Each
 * cell's cost is read as the flood reaches it: keep a field only while the costs stand (the bots'
 * Router starts a new one when the terrain or what the player knows changes).
 */
export class CostToGo {
  private readonly dist: Float64Array;
  private readonly settled: Uint8Array;
  private readonly heap = new Heap();
  private readonly width: number;

  constructor(
    private readonly world: World,
    goals: ReadonlyArray<readonly [number, number]>,
    private readonly cost: CellCost,
  ) {
    const { width, height } = world;
    this.width = width;
    this.dist = new Float64Array(width * height).fill(BLOCKED);
    this.settled = new Uint8Array(width * height);
    for (const [gx, gy] of goals) {
      const start = idx(world, gx, gy);
      if (this.dist[start] === 0) continue;
      this.dist[start] = 0;
      this.heap.push(start, 0);
    }
  }

  /** The cost to go from cell `i` (an index), flooding on until it is settled. */
  at(i: number): number {
    while (this.settled[i] === 0 && this.heap.size > 0) this.settleNext();
    return this.dist[i]!;
  }

  /** Every cell's cost to go, the flood run to its end. */
  all(): Float64Array {
    while (this.heap.size > 0) this.settleNext();
    return this.dist;
  }

  private settleNext(): void {
    const { dist, heap, width } = this;
    const v = heap.pop();
    const d = heap.poppedKey;
    if (d > dist[v]! || this.settled[v] === 1) return;
    this.settled[v] = 1;
    const enter = this.cost(this.world, v % width, (v - (v % width)) / width);
    if (!Number.isFinite(enter)) return;
    const height = dist.length / width;
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
}

/** Cost-to-go to the nearest of `goals` from every cell (see CostToGo). */
export function costToGoals(world: World, goals: ReadonlyArray<readonly [number, number]>, cost: CellCost): Float64Array {
  return new CostToGo(world, goals, cost).all();
}

/** Cost-to-go to `goal` from every cell (see costToGoals). */
export function costToGo(world: World, goal: readonly [number, number], cost: CellCost): Float64Array {
  return costToGoals(world, [goal], cost);
}

/** The neighbour of (x, y) to step to down `dist`, or null when none leads on (no way, or already there). */
export function downhill(world: World, x: number, y: number, dist: Float64Array, cost: CellCost): [number, number] | null {
  let best: [number, number] | null = null;
  let bestScore = dist[idx(world, x, y)]!;
  if (bestScore === 0) return null;
  bestScore = BLOCKED;
  for (const [dx, dy] of DIRECTIONS) {
    const nx = x + dx;
    const ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= world.width || ny >= world.height) continue;
    const score = cost(world, nx, ny) + dist[idx(world, nx, ny)]!;
    if (score < bestScore) {
      bestScore = score;
      best = [nx, ny];
    }
  }
  return best;
}
