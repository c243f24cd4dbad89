/**
 * A live level: one plain, serialisable `World` and every index derived from it — actors by id,
 * traps by id and by cell, who stands where, the turn order, the floods monsters path by, and
 * counters of terrain and trap changes for views kept elsewhere.
 *
 * `Level.apply(event)` is the only code that changes a world in play, and it changes the data and
 * the indexes in the same place (as hauberk's `Stage` moves an actor and its grid cell together).
 * Code that builds or rearranges a world outside play — a test's fixture, the odds probe's copies,
 * the simulator's re-seeding — goes through the one door `edit(world, fn)`, which rebuilds every
 * index after `fn`. Map generation builds its world before any level exists.
 *
 * Invariant: between any two calls of `apply` or `edit`, every index agrees with the world. A
 * world's level is made at its first lookup; from then on nothing else may write the world. In
 * tests the write guard (`writeGuard.ts`) makes that a thrown error where the write happens, and
 * each step first checks the indexes against the world (`verify`).
 */
import type { ActorChanges, GameEvent } from './events.ts';
import { Floods, pathable } from './flood.ts';
import { computeView } from './fov.ts';
import { TurnOrder } from './scheduler.ts';
import { GUARD, plainCopy, unviewed, viewOf } from './writeGuard.ts';
import { type Actor, actorOf, deserializeWorld, mindOf, NO_STATUS, statusOf, type Trap, type World } from './world.ts';

export class Level {
  /** Who acts next. */
  readonly order: TurnOrder;
  /** Distances monsters path by. */
  readonly floods: Floods;
  private terrainCount = 0;
  private trapCount = 0;
  /** Index in `world.actors` of the first actor with each id. */
  private readonly actorIndex = new Map<number, number>();
  private readonly trapsById = new Map<number, Trap>();
  /** Per cell: 1 + index in `world.traps` of the first trap there, 0 where there is none. */
  private trapCells = new Int32Array(0);
  /** Per cell: 1 + index in `world.actors` of the first living actor there (list order), 0 where none. */
  private occupants = new Int32Array(0);
  /** Per cell: how many living actors stand there (two share a cell for a moment in a swap). */
  private crowds = new Uint16Array(0);
  /** Views a ruleset derives from the level's traps, each kept until the next trap change. */
  private readonly trapViews = new Map<object, { at: number; value: unknown }>();

  constructor(readonly world: World) {
    this.order = new TurnOrder(world);
    this.floods = new Floods(world);
    this.rebuild();
  }

  /** Changes of terrain so far: a view of the terrain made at one count holds while it stays. */
  get terrainChanges(): number {
    return this.terrainCount;
  }

  /** Changes of traps so far (placed, changed, revealed, removed; a new level or an edit). */
  get trapChanges(): number {
    return this.trapCount;
  }

  // ------------------------------------------------------------------ lookups

  actor(id: number): Actor | undefined {
    const i = this.actorIndex.get(id);
    return i === undefined ? undefined : this.world.actors[i];
  }

  trap(id: number): Trap | undefined {
    return this.trapsById.get(id);
  }

  /** The first trap (in list order) on a cell inside the map. */
  trapOn(x: number, y: number): Trap | undefined {
    const k = this.trapCells[y * this.world.width + x]!;
    return k === 0 ? undefined : this.world.traps[k - 1];
  }

  /** The first living actor (in list order) on a cell inside the map. */
  occupant(x: number, y: number): Actor | undefined {
    const k = this.occupants[y * this.world.width + x]!;
    return k === 0 ? undefined : this.world.actors[k - 1];
  }

  /** The next actor to act (guarded in tests, as every lookup). */
  nextToAct(): Actor | undefined {
    const a = this.order.next();
    return GUARD.on ? viewOf(a) : a;
  }

  /**
   * A view a ruleset derives from the level's traps (d20's once-a-round index), made by `make`
   * and kept, under `key`, until the traps next change.
   */
  trapView<T>(key: object, make: () => T): T {
    const kept = this.trapViews.get(key);
    if (kept && kept.at === this.trapCount) return kept.value as T;
    const value = make();
    this.trapViews.set(key, { at: this.trapCount, value });
    return value;
  }

  // ------------------------------------------------------------------ the one writer

  /** Applies one event to the world and to every index. */
  apply(given: GameEvent): void {
    // Under the guard an event's payload may hold views (a mind spread from a viewed one): the
    // world must hold plain objects only.
    const ev = GUARD.on ? plainCopy(given) : given;
    const world = this.world;
    switch (ev.type) {
      case 'moved': {
        const i = this.requireActor(ev.actor);
        const a = world.actors[i]!;
        if (a.alive) this.leave(a, i);
        a.x = ev.x;
        a.y = ev.y;
        if (a.alive) this.arrive(a, i);
        return;
      }
      case 'damaged': {
        const a = world.actors[this.requireActor(ev.actor)]!;
        a.hp -= ev.amount;
        if (ev.part && a.parts?.[ev.part]) a.parts[ev.part]!.hp -= ev.amount;
        return;
      }
      case 'died': {
        const i = this.requireActor(ev.actor);
        const a = world.actors[i]!;
        if (!a.alive) return;
        this.leave(a, i);
        a.alive = false;
        return;
      }
      case 'actorUpdated': {
        const i = this.requireActor(ev.actor);
        const a = world.actors[i]!;
        const c = ev.changes;
        if ((c.nextAct !== undefined && c.nextAct < a.nextAct) || (c.alive === true && !a.alive)) this.order.invalidate();
        const wasAlive = a.alive;
        if (c.alive === false && wasAlive) this.leave(a, i);
        writeActorChanges(a, c);
        if (c.alive === true && !wasAlive) this.arrive(a, i);
        return;
      }
      case 'actorAdded': {
        const a = actorOf(structuredClone(ev.actor));
        const i = world.actors.length;
        world.actors.push(a);
        if (!this.actorIndex.has(a.id)) this.actorIndex.set(a.id, i);
        if (a.alive) this.arrive(a, i);
        this.order.invalidate();
        return;
      }
      case 'acted': {
        const a = world.actors[this.requireActor(ev.actor)]!;
        if (ev.nextAct < a.nextAct) this.order.invalidate();
        a.nextAct = ev.nextAct;
        if (ev.round !== undefined) {
          a.roundActs = a.actRound === ev.round ? (a.roundActs ?? 0) + 1 : 1;
          a.actRound = ev.round;
        }
        return;
      }
      case 'trapPlaced': {
        const t = structuredClone(ev.trap);
        const i = world.traps.length;
        world.traps.push(t);
        if (!this.trapsById.has(t.id)) this.trapsById.set(t.id, t);
        if (this.inside(t.x, t.y) && this.trapCells[t.y * world.width + t.x] === 0) this.trapCells[t.y * world.width + t.x] = i + 1;
        this.trapCount++;
        return;
      }
      case 'trapRevealed': {
        const t = this.requireTrap(ev.trap);
        if (!t.knownBy.includes(ev.to)) t.knownBy.push(ev.to);
        this.trapCount++;
        return;
      }
      case 'trapChanged': {
        const t = this.requireTrap(ev.trap);
        writeTrapChanges(t, ev.changes);
        if ('x' in ev.changes || 'y' in ev.changes) this.indexTraps();
        this.trapCount++;
        return;
      }
      case 'trapRemoved':
        world.traps = world.traps.filter((t) => t.id !== ev.trap);
        this.indexTraps();
        this.trapCount++;
        return;
      case 'terrainChanged': {
        const cell = ev.y * world.width + ev.x;
        if (pathable(world.terrain[cell]!) !== pathable(ev.terrain)) this.floods.clear();
        world.terrain[cell] = ev.terrain;
        this.terrainCount++;
        return;
      }
      case 'itemPlaced':
        world.items.push(structuredClone(ev.item));
        return;
      case 'itemRemoved':
        world.items = world.items.filter((i) => i.id !== ev.item);
        return;
      case 'chestChanged': {
        const c = world.chests.find((ch) => ch.id === ev.chest);
        if (!c) throw new Error(`event names unknown chest ${ev.chest}`);
        Object.assign(c, structuredClone(ev.changes));
        return;
      }
      case 'chestRemoved':
        world.chests = world.chests.filter((c) => c.id !== ev.chest);
        return;
      case 'clock':
        world.time = ev.time;
        world.turn = ev.turn;
        return;
      case 'rng':
        // Stream states are replaced, never changed in place, so sharing the arrays is safe; the
        // object is copied so that the world's and the event's are never one.
        world.rng = { ...ev.states };
        return;
      case 'nextId':
        world.nextId = ev.nextId;
        return;
      case 'viewUpdated':
        computeView(world);
        return;
      case 'levelEntered':
        Object.assign(world, deserializeWorld(ev.world));
        this.rebuild();
        return;
      case 'gameOver':
        world.over = { won: ev.won, cause: ev.cause, turn: ev.turn };
        return;
      case 'attacked':
      case 'trapTriggered':
      case 'trapAvoided':
      case 'disarmAttempted':
      case 'rigAttempted':
      case 'noise':
      case 'message':
      case 'effect':
      case 'refused':
        // Facts for the log, the renderer and the statistics; they change nothing by themselves.
        return;
    }
  }

  /** The door for changes outside play: `fn` may write the world as it likes; every index is rebuilt after. */
  edit(fn: (world: World) => void): void {
    try {
      fn(this.world);
    } finally {
      this.rebuild();
    }
  }

  /**
   * Throws when an index disagrees with the world: something wrote the world without `apply` or
   * `edit` since the last of them. The write guard's check at the start of every step.
   */
  verify(): void {
    const fresh = new Level(this.world);
    const same =
      sameEntries(fresh.actorIndex, this.actorIndex) &&
      sameEntries(fresh.trapsById, this.trapsById) &&
      sameArray(fresh.trapCells, this.trapCells) &&
      sameArray(fresh.occupants, this.occupants) &&
      sameArray(fresh.crowds, this.crowds);
    if (!same) throw new Error('the world was written outside Level.apply or Level.edit: its indexes no longer agree with it (use edit(world, fn) to build or change a world outside play)');
  }

  // ------------------------------------------------------------------ indexes

  private inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.world.width && y < this.world.height;
  }

  /** Every index from the world as it is; everything derived from the old world is dropped. */
  private rebuild(): void {
    const world = this.world;
    this.actorIndex.clear();
    world.actors.forEach((a, i) => {
      if (!this.actorIndex.has(a.id)) this.actorIndex.set(a.id, i);
    });
    const size = world.width * world.height;
    this.occupants = new Int32Array(size);
    this.crowds = new Uint16Array(size);
    world.actors.forEach((a, i) => {
      if (a.alive) this.arrive(a, i);
    });
    this.indexTraps();
    this.floods.clear();
    this.order.invalidate();
    this.terrainCount++;
    this.trapCount++;
  }

  private indexTraps(): void {
    const world = this.world;
    this.trapsById.clear();
    this.trapCells = new Int32Array(world.width * world.height);
    world.traps.forEach((t, i) => {
      if (!this.trapsById.has(t.id)) this.trapsById.set(t.id, t);
      if (!this.inside(t.x, t.y)) return;
      const cell = t.y * world.width + t.x;
      if (this.trapCells[cell] === 0) this.trapCells[cell] = i + 1;
    });
  }

  /** A living actor, index `i` in the list, now stands on its cell. */
  private arrive(a: Actor, i: number): void {
    if (!this.inside(a.x, a.y)) return;
    const cell = a.y * this.world.width + a.x;
    this.crowds[cell]!++;
    const k = this.occupants[cell]!;
    if (k === 0 || k > i + 1) this.occupants[cell] = i + 1;
  }

  /** A living actor, index `i` in the list, no longer stands on its cell (it moves or dies). */
  private leave(a: Actor, i: number): void {
    if (!this.inside(a.x, a.y)) return;
    const cell = a.y * this.world.width + a.x;
    const left = --this.crowds[cell]!;
    if (this.occupants[cell] !== i + 1) return;
    this.occupants[cell] = left === 0 ? 0 : this.firstOn(cell, i);
  }

  /** 1 + the list index of the first living actor on `cell` other than actor `except`; 0 if none. */
  private firstOn(cell: number, except: number): number {
    const { actors, width } = this.world;
    for (let j = 0; j < actors.length; j++) {
      const b = actors[j]!;
      if (j !== except && b.alive && this.inside(b.x, b.y) && b.y * width + b.x === cell) return j + 1;
    }
    return 0;
  }

  private requireActor(id: number): number {
    const i = this.actorIndex.get(id);
    if (i === undefined) throw new Error(`event names unknown actor ${id}`);
    return i;
  }

  private requireTrap(id: number): Trap {
    const t = this.trapsById.get(id);
    if (!t) throw new Error(`event names unknown trap ${id}`);
    return t;
  }
}

function sameEntries<K, V>(a: Map<K, V>, b: Map<K, V>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What an `actorUpdated` event's `status` does: merged in, a value of 0 removes the entry. The
 * actor gets a new status object when one is set on NO_STATUS or one is removed (rebuilt without
 * it rather than deleted, so that status objects never turn into dictionaries), and NO_STATUS
 * again when nothing is left.
 */
function writeStatus(a: Actor, status: Record<string, number>): void {
  for (const k in status) {
    const v = status[k]!;
    if (v !== 0) {
      if (a.status === NO_STATUS) a.status = {};
      a.status[k] = v;
    } else if (a.status[k] !== undefined) {
      const rest: Record<string, number> = {};
      for (const key in a.status) if (key !== k) rest[key] = a.status[key]!;
      a.status = statusOf(rest);
    }
  }
}

/** An actorUpdated event's changes written onto the actor; objects are copied so the world shares nothing with the event. */
function writeActorChanges(a: Actor, changes: ActorChanges): void {
  for (const key in changes) {
    switch (key) {
      case 'traits':
        if (changes.traits) Object.assign(a.traits, changes.traits);
        break;
      case 'status':
        if (changes.status) writeStatus(a, changes.status);
        break;
      case 'parts':
        if (changes.parts) a.parts = structuredClone(changes.parts);
        break;
      case 'ai':
        // Minds are replaced, never changed in place: the route array may be shared with the event.
        if (changes.ai) a.ai = mindOf(changes.ai);
        break;
      case 'inventory':
        if (changes.inventory) a.inventory = structuredClone(changes.inventory);
        break;
      default:
        // The remaining fields are plain values, copied as Object.assign would.
        (a as unknown as Record<string, unknown>)[key] = changes[key as keyof ActorChanges];
    }
  }
}

/**
 * A trap's changes written onto it: `data` merged key by key, objects (knowledge, host) copied so
 * the world shares nothing with the event.
 */
function writeTrapChanges(t: Trap, changes: Partial<Omit<Trap, 'id'>>): void {
  for (const key in changes) {
    const k = key as keyof typeof changes;
    if (k === 'data') Object.assign(t.data, changes.data);
    else {
      const v = changes[k];
      // Why the cast: a key and its value from one object, which TypeScript cannot pair up.
      (t as unknown as Record<string, unknown>)[k] = typeof v === 'object' && v !== null ? structuredClone(v) : v;
    }
  }
}

// ------------------------------------------------------------------ a world's level

const levels = new WeakMap<World, Level>();
// The world asked about last: play asks about one world thousands of times in a row.
let lastWorld: World | null = null;
let lastLevel: Level | null = null;

/** The live level of a world, made at the first ask. */
export function levelOf(world: World): Level {
  if (world === lastWorld) return lastLevel!;
  const plain = unviewed(world);
  let level = levels.get(plain);
  if (!level) {
    level = new Level(plain);
    levels.set(plain, level);
  }
  lastWorld = world;
  lastLevel = level;
  return level;
}

/**
 * The door for building or changing a world outside play (see `Level.edit`). A world no one has
 * looked anything up in yet has no level, so no index to rebuild: `fn` just runs.
 */
export function edit(world: World, fn: (world: World) => void): void {
  const plain = unviewed(world);
  const level = levels.get(plain);
  if (level) level.edit(fn);
  else fn(plain);
}

/** Applies one event to the world (through its level). */
export function applyEvent(world: World, ev: GameEvent): void {
  levelOf(world).apply(ev);
}

export function applyEvents(world: World, events: readonly GameEvent[]): void {
  const level = levelOf(world);
  for (const ev of events) level.apply(ev);
}

// ------------------------------------------------------------------ lookups by world

/** An actor by id. */
export function actorById(world: World, id: number): Actor | undefined {
  const a = levelOf(world).actor(id);
  return GUARD.on ? viewOf(a) : a;
}

export function player(world: World): Actor {
  const p = actorById(world, world.playerId);
  if (!p) throw new Error('world has no player');
  return p;
}

/** The living actor on (x, y), if any. */
export function actorAt(world: World, x: number, y: number): Actor | undefined {
  if (x < 0 || y < 0 || x >= world.width || y >= world.height) return undefined;
  const a = levelOf(world).occupant(x, y);
  return GUARD.on ? viewOf(a) : a;
}

/** The first trap (in list order) on a cell. */
export function trapAt(world: World, x: number, y: number): Trap | undefined {
  if (x < 0 || y < 0 || x >= world.width || y >= world.height) return undefined;
  const t = levelOf(world).trapOn(x, y);
  return GUARD.on ? viewOf(t) : t;
}

export function trapById(world: World, id: number): Trap | undefined {
  const t = levelOf(world).trap(id);
  return GUARD.on ? viewOf(t) : t;
}

/** The 8 neighbours, clockwise from north (the order of world.ts's DIRECTIONS). */
const AROUND_X = [0, 1, 1, 1, 0, -1, -1, -1];
const AROUND_Y = [-1, -1, 0, 1, 1, 1, 0, -1];

/**
 * Fills `out` with whether another living actor stands on each of the 8 neighbours of `actor`
 * (clockwise from north; off the map counts as free, the caller checks terrain).
 */
export function neighboursTaken(world: World, actor: Actor, out: boolean[]): void {
  const level = levelOf(world);
  const plain = unviewed(actor);
  for (let d = 0; d < 8; d++) {
    const x = actor.x + AROUND_X[d]!;
    const y = actor.y + AROUND_Y[d]!;
    if (x < 0 || y < 0 || x >= world.width || y >= world.height) {
      out[d] = false;
      continue;
    }
    const other = level.occupant(x, y);
    out[d] = other !== undefined && other !== plain;
  }
}
