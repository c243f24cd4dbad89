/**
 * rot.js's Digger, the same rooms and corridors from the same draws, without walking every wall
 * twice for every feature. rot.js (2.2.1) keeps the walls it may dig from in `_walls` (key "x,y"
 * → priority 1 or 2); at every pick `_findWall` gathers the keys of the highest priority present,
 * sorts them and takes `RNG.getItem` of that list, and after every feature `create` counts the
 * priority walls by walking them all: twice the walls, a sort, per feature.
 *
 * Here rot.js's own callbacks still write `_walls`; it is a proxy that keeps each priority's keys
 * sorted as they change, in the order `Array.prototype.sort` gives strings. So a pick is rot.js's
 * pick (the same list, the same single draw), and the count is the length of the priority list.
 * Invariant: a generated level is rot.js's, cell for cell; the seed catalogue
 * (tests/golden/catalogue) and tests/core/digger.test.ts hold it.
 */
import { Map as RotMap, RNG } from 'rot-js';

/** Keys in the order Array.prototype.sort puts strings (UTF-16 code units, as `<` compares them). */
class SortedKeys {
  readonly keys: string[] = [];

  private indexOf(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(key: string): void {
    const i = this.indexOf(key);
    if (this.keys[i] !== key) this.keys.splice(i, 0, key);
  }

  remove(key: string): void {
    const i = this.indexOf(key);
    if (this.keys[i] === key) this.keys.splice(i, 1);
  }
}

/** rot.js's walls: a priority by key, each priority's keys kept sorted (2: a corridor's end, dug from first). */
class Walls {
  readonly normal = new SortedKeys();
  readonly priority = new SortedKeys();
  /** What rot.js reads and writes as `_walls`. */
  readonly asObject: Record<string, number>;

  constructor() {
    const byKey: Record<string, number> = {};
    const list = (prio: number): SortedKeys => (prio === 2 ? this.priority : this.normal);
    this.asObject = new Proxy(byKey, {
      set: (target, key, value: number) => {
        if (typeof key !== 'string') return false;
        const before = Object.hasOwn(target, key) ? target[key] : undefined;
        if (before !== value) {
          if (before !== undefined) list(before).remove(key);
          list(value).add(key);
        }
        target[key] = value;
        return true;
      },
      deleteProperty: (target, key) => {
        if (typeof key === 'string' && Object.hasOwn(target, key)) {
          list(target[key]!).remove(key);
          delete target[key];
        }
        return true;
      },
    });
  }
}

export class SortedWallDigger extends RotMap.Digger {
  private walls = new Walls();

  /** rot.js's `create` (no time limit: a seed gives one map on every machine), counting the priority walls by their list. */
  override create(callback?: (x: number, y: number, value: number) => void): this {
    this._rooms = [];
    this._corridors = [];
    this._map = this._fillMap(1);
    this.walls = new Walls();
    this._walls = this.walls.asObject;
    this._dug = 0;
    const area = (this._width - 2) * (this._height - 2);
    this._firstRoom();
    let priorityWalls: number;
    do {
      priorityWalls = 0;
      const wall = this._findWall();
      if (!wall) break;
      const [x, y] = wall.split(',').map((v) => Number.parseInt(v, 10)) as [number, number];
      const dir = this._getDiggingDirection(x, y);
      // As rot.js: an unsuitable wall leaves the count at 0 for this round's test.
      if (!dir) continue;
      let featureAttempts = 0;
      do {
        featureAttempts++;
        if (this._tryFeature(x, y, dir[0]!, dir[1]!)) {
          this._removeSurroundingWalls(x, y);
          this._removeSurroundingWalls(x - dir[0]!, y - dir[1]!);
          break;
        }
      } while (featureAttempts < this._featureAttempts);
      priorityWalls = this.walls.priority.keys.length;
    } while (this._dug / area < this._options.dugPercentage || priorityWalls);
    this._addDoors();
    if (callback) {
      for (let i = 0; i < this._width; i++) for (let j = 0; j < this._height; j++) callback(i, j, this._map[i]![j]!);
    }
    this._walls = {};
    this._map = [];
    return this;
  }

  /** rot.js's pick: one draw among the sorted keys of the highest priority present, that wall then taken. */
  override _findWall(): string | null {
    const keys = this.walls.priority.keys.length > 0 ? this.walls.priority.keys : this.walls.normal.keys;
    if (keys.length === 0) return null;
    const id = RNG.getItem(keys)!;
    delete this._walls[id];
    return id;
  }
}
