/**
 * The free-cell search every ruleset's teleports, summons and pushes share: the cells of a region
 * (the whole map, or the square around a centre) that pass a set of tests (terrain, nobody there,
 * no chest, no trap, not one cell), in one stated order, so that a draw among them picks the same
 * cell for everyone who asks the same question.
 *
 * Reads the world only; draws no randomness. A ruleset draws among the cells it gets back.
 */
import { actorAt, trapAt } from '../level.ts';
import { chestAt, inBounds, isWalkable, Terrain, type Trap, type World } from '../world.ts';

/** What makes a cell free. Each test left out (or false) is not asked. */
export interface FreeCellTests {
  /** Terrain a cell may have (default `isWalkable`: floor, open or broken doors, stairs, ice, water). */
  terrain?: (t: number) => boolean;
  /** No living actor stands there: the cell's occupant (the first living actor on it, `actorAt`) is none, or `mover`. */
  noActor?: boolean;
  /**
   * With `noActor`: the id of the actor who is moving, whose own cell does not count as taken (it
   * leaves it; the engine's `canEnter` reads a cell the same way).
   */
  mover?: number;
  /** No chest stands there. */
  noChest?: boolean;
  /**
   * True: no trap of any host (floor, door or chest) is on the cell. A function: the cell's trap
   * (the first on it in list order, `trapAt`), if any, is not one the function picks out.
   */
  noTrap?: boolean | ((trap: Trap) => boolean);
  /** Never this cell, whatever stands there (the teleported actor's own square, the summoner's). */
  except?: readonly [number, number];
}

/** A centre and how far around it (Chebyshev: diagonals count as one) to look; no radius: the whole map. */
export interface Near {
  x: number;
  y: number;
  radius?: number;
}

/**
 * Where to look and in which order the cells come back:
 * - `rows` (the default): by row, then column, over the whole map or the square `near` gives;
 * - `distance`: nearest `near`'s centre first (Chebyshev), cells at one distance by row then column;
 * - `spiral`: nearest first, cells at one distance clockwise from north (at distance 1 that is
 *   world.ts's DIRECTIONS; the centre itself, at distance 0, comes first).
 * Cells outside the map are never returned.
 */
export type FreeCellOptions = FreeCellTests & ({ near?: Near; order?: 'rows' } | { near: Near; order: 'distance' | 'spiral' });

/** The plain floor only (no doors, stairs, ice or water): Omega's findspace(), Cēaptūn's teleport. */
export function plainFloor(t: number): boolean {
  return t === Terrain.Floor;
}

type CellTest = (x: number, y: number) => boolean;

/** The tests as one function of an in-map cell, each asked only when given, cheapest first. */
function cellTest(world: World, tests: FreeCellTests): CellTest {
  const terrain = tests.terrain ?? isWalkable;
  const { noActor, mover, noChest, noTrap, except } = tests;
  const ex = except ? except[0] : -1;
  const ey = except ? except[1] : -1;
  return (x, y) => {
    if (!terrain(world.terrain[y * world.width + x]!)) return false;
    if (x === ex && y === ey) return false;
    if (noActor) {
      const a = actorAt(world, x, y);
      if (a && a.id !== mover) return false;
    }
    if (noChest && chestAt(world, x, y)) return false;
    if (noTrap) {
      const t = trapAt(world, x, y);
      if (t && (noTrap === true || noTrap(t))) return false;
    }
    return true;
  };
}

/** Is (x, y) inside the map and free by `tests`? The one-cell question of the search below. */
export function isFreeCell(world: World, x: number, y: number, tests: FreeCellTests): boolean {
  return inBounds(world, x, y) && cellTest(world, tests)(x, y);
}

/** The farthest any cell of the map lies from (cx, cy): no ring beyond it holds a cell. */
function farthest(world: World, cx: number, cy: number): number {
  return Math.max(cx, world.width - 1 - cx, cy, world.height - 1 - cy);
}

/**
 * Visits the in-map cells of the region in the order asked until `visit` returns true (stop).
 * Every cell of the region once.
 */
function walk(world: World, opts: FreeCellOptions, visit: CellTest): void {
  const w = world.width;
  const h = world.height;
  const near = opts.near;
  if (!near) {
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (visit(x, y)) return;
    return;
  }
  const { x: cx, y: cy } = near;
  const r = Math.min(near.radius ?? Number.POSITIVE_INFINITY, farthest(world, cx, cy));
  if (r < 0) return;
  const order = opts.order ?? 'rows';
  if (order === 'rows') {
    for (let y = Math.max(0, cy - r); y <= Math.min(h - 1, cy + r); y++)
      for (let x = Math.max(0, cx - r); x <= Math.min(w - 1, cx + r); x++) if (visit(x, y)) return;
    return;
  }
  const seen = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && visit(x, y);
  if (seen(cx, cy)) return;
  for (let d = 1; d <= r; d++) {
    if (order === 'distance') {
      // The ring at distance d by rows: its top row, the two sides row by row, its bottom row.
      for (let x = cx - d; x <= cx + d; x++) if (seen(x, cy - d)) return;
      for (let y = cy - d + 1; y <= cy + d - 1; y++) if (seen(cx - d, y) || seen(cx + d, y)) return;
      for (let x = cx - d; x <= cx + d; x++) if (seen(x, cy + d)) return;
    } else {
      // The ring at distance d clockwise from north: north to the north-east corner, down the
      // east side, west along the bottom, up the west side, east along the top back to north.
      for (let x = cx; x <= cx + d; x++) if (seen(x, cy - d)) return;
      for (let y = cy - d + 1; y <= cy + d; y++) if (seen(cx + d, y)) return;
      for (let x = cx + d - 1; x >= cx - d; x--) if (seen(x, cy + d)) return;
      for (let y = cy + d - 1; y >= cy - d; y--) if (seen(cx - d, y)) return;
      for (let x = cx - d + 1; x < cx; x++) if (seen(x, cy - d)) return;
    }
  }
}

/** Every free cell of the region, in the order asked (FreeCellOptions), each once. */
export function freeCells(world: World, opts: FreeCellOptions): Array<[number, number]> {
  const free = cellTest(world, opts);
  const out: Array<[number, number]> = [];
  walk(world, opts, (x, y) => {
    if (free(x, y)) out.push([x, y]);
    return false;
  });
  return out;
}

/**
 * The free cell nearest (x, y) (Chebyshev), the first by row then column among those at one
 * distance: `freeCells` in `distance` order, its first cell, without looking farther. Null when
 * none lies within `radius` (no radius: on the whole map).
 */
export function nearestFreeCell(world: World, x: number, y: number, tests: FreeCellTests & { radius?: number }): [number, number] | null {
  const free = cellTest(world, tests);
  let found: [number, number] | null = null;
  walk(world, { near: { x, y, radius: tests.radius }, order: 'distance' }, (cx, cy) => {
    if (!free(cx, cy)) return false;
    found = [cx, cy];
    return true;
  });
  return found;
}
