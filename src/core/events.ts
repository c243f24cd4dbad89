/**
 * Events: typed facts about what happened. The core applies them to the world (and nothing else
 * changes a world during play); the renderer animates them, the UI logs them, the simulator counts
 * them. `applyEvent` is the only writer.
 */
import { computeView } from './fov.ts';
import { occupancyChanged, occupancyDied, occupancyMoved } from './occupancy.ts';
import type { RngState, StreamName } from './rng.ts';
import {
  type Actor,
  actorById,
  actorOf,
  type BodyPart,
  type Chest,
  deserializeWorld,
  idx,
  isWalkable,
  type Item,
  Terrain,
  type MonsterMind,
  mindOf,
  NO_STATUS,
  statusOf,
  type Trap,
  type Traits,
  trapById,
  type World,
} from './world.ts';

export type Tone = 'info' | 'good' | 'bad' | 'danger' | 'trap' | 'system';

export type MoveHow = 'walk' | 'push' | 'teleport' | 'fall' | 'swap';

export type TriggerHow = 'step' | 'door' | 'chest' | 'disarm' | 'rig' | 'manual' | 'timed' | 'proximity' | 'leave' | 'fight';

export interface ActorChanges {
  hp?: number;
  maxHp?: number;
  parts?: Record<string, BodyPart>;
  /** Merged into the actor's traits. */
  traits?: Traits;
  /** Merged into the actor's status; a value of 0 removes the entry. */
  status?: Record<string, number>;
  ai?: MonsterMind;
  speed?: number;
  flying?: boolean;
  xp?: number;
  alive?: boolean;
  inventory?: Item[];
  faction?: Actor['faction'];
  kind?: string;
  name?: string;
  glyph?: string;
  colour?: string;
  nextAct?: number;
}

export type GameEvent =
  /** From (fromX, fromY) to (x, y). Plain numbers, not pairs: most of a turn's events are moves and acts. */
  | { type: 'moved'; actor: number; fromX: number; fromY: number; x: number; y: number; how: MoveHow }
  | { type: 'attacked'; source: string; attacker: number | null; target: number; result: 'miss' | 'hit' | 'hard' }
  | {
      type: 'damaged';
      actor: number;
      amount: number;
      part?: string;
      damageType?: string;
      cause: string;
      trap?: number;
      trapKind?: string;
    }
  | { type: 'died'; actor: number; cause: string; trap?: number; trapKind?: string; killer?: number | null }
  | { type: 'actorUpdated'; actor: number; changes: ActorChanges }
  | { type: 'actorAdded'; actor: Actor }
  | { type: 'trapPlaced'; trap: Trap }
  | { type: 'trapTriggered'; trap: number; kind: string; actor: number | null; x: number; y: number; how: TriggerHow }
  | { type: 'trapAvoided'; trap: number; kind: string; actor: number; x: number; y: number }
  | { type: 'trapRevealed'; trap: number; kind: string; to: number; how: 'search' | 'passing' | 'triggered' | 'seen' | 'heard' | 'own' | 'told' }
  | { type: 'trapChanged'; trap: number; changes: Partial<Omit<Trap, 'id'>> }
  | { type: 'trapRemoved'; trap: number; kind: string; why: 'disarmed' | 'spent' | 'sprung' | 'destroyed' | 'dispelled' }
  | { type: 'disarmAttempted'; trap: number; kind: string; actor: number; result: string }
  | { type: 'rigAttempted'; what: string; actor: number; x: number; y: number; result: string }
  | { type: 'noise'; x: number; y: number; volume: number; source: string }
  | { type: 'message'; text: string; tone: Tone }
  | { type: 'terrainChanged'; x: number; y: number; terrain: number }
  | { type: 'itemPlaced'; item: Item }
  | { type: 'itemRemoved'; item: number }
  | { type: 'chestChanged'; chest: number; changes: Partial<Omit<Chest, 'id'>> }
  | { type: 'chestRemoved'; chest: number }
  | {
      type: 'effect';
      effect: 'flash' | 'blast' | 'line' | 'projectile' | 'teleport';
      cells: Array<[number, number]>;
      colour: string;
      source: string;
    }
  | { type: 'refused'; reason: string }
  /**
   * The actor's next action is due at `nextAct`. `round`: the event ends an action the actor
   * performed, begun in that round; rulesets that count actions per round count it.
   */
  | { type: 'acted'; actor: number; nextAct: number; round?: number }
  | { type: 'clock'; time: number; turn: number }
  | { type: 'rng'; states: Record<StreamName, RngState> }
  | { type: 'nextId'; nextId: number }
  | { type: 'viewUpdated' }
  | { type: 'levelEntered'; depth: number; world: string }
  | { type: 'gameOver'; won: boolean; cause: string; turn: number };

function requireActor(world: World, id: number): Actor {
  const a = actorById(world, id);
  if (!a) throw new Error(`event names unknown actor ${id}`);
  return a;
}

/**
 * A trap's changes written onto it: `data` merged key by key, objects (knowledge, host) copied so
 * the world shares nothing with the event. Most changes are one counter in `data` (d20 writes a
 * few every round): no copy is made for those.
 */
function applyTrapChanges(t: Trap, changes: Partial<Omit<Trap, 'id'>>): void {
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

function requireTrap(world: World, id: number): Trap {
  const t = trapById(world, id);
  if (!t) throw new Error(`event names unknown trap ${id}`);
  return t;
}

/** Change counters of a live world object (never saved: derived views start over on a new object). */
interface Epochs {
  terrain: number;
  passability: number;
  schedule: number;
  traps: number;
}
const epochsOf = new WeakMap<World, Epochs>();
// The world asked about last: play asks about one world thousands of times in a row.
let lastWorld: World | null = null;
let lastEpochs: Epochs = { terrain: 0, passability: 0, schedule: 0, traps: 0 };

function counters(world: World): Epochs {
  if (world === lastWorld) return lastEpochs;
  let e = epochsOf.get(world);
  if (!e) epochsOf.set(world, (e = { terrain: 0, passability: 0, schedule: 0, traps: 0 }));
  lastWorld = world;
  lastEpochs = e;
  return e;
}

/** Counts terrain changes of a live world object, so derived views know when to refresh. */
export function terrainEpoch(world: World): number {
  return counters(world).terrain;
}

/** Counts changes of where monsters can path (not doors opening or closing), for path caches. */
export function passabilityEpoch(world: World): number {
  return counters(world).passability;
}

/**
 * Counts changes that can make an actor due sooner than the scheduler last saw (an actor added,
 * revived or moved earlier in time, a new level), so it knows when to look at every actor again.
 * Actors only ever acting later need no count: the scheduler checks each one it hands out.
 */
export function scheduleEpoch(world: World): number {
  return counters(world).schedule;
}

/**
 * Counts changes to the level's traps (placed, changed, revealed, removed, a new level), so a
 * ruleset's view over its traps (what its once-a-round pass must look at) knows when to refresh.
 */
export function trapsEpoch(world: World): number {
  return counters(world).traps;
}

function bumpSchedule(world: World): void {
  counters(world).schedule++;
}

function pathable(t: number): boolean {
  return isWalkable(t) || t === Terrain.DoorClosed || t === Terrain.DoorLocked;
}

/** What a `moved` event does to its actor (the engine's fast path calls this directly). */
export function applyMoved(world: World, a: Actor, x: number, y: number): void {
  occupancyMoved(world, a, x, y);
  a.x = x;
  a.y = y;
}

/** What an `acted` event does to its actor (the engine's fast path calls this directly). */
export function applyActed(world: World, a: Actor, nextAct: number, round?: number): void {
  if (nextAct < a.nextAct) bumpSchedule(world);
  a.nextAct = nextAct;
  if (round !== undefined) {
    a.roundActs = a.actRound === round ? (a.roundActs ?? 0) + 1 : 1;
    a.actRound = round;
  }
}

/** What a `clock` event does (the engine's fast path calls this directly). */
export function applyClock(world: World, time: number, turn: number): void {
  world.time = time;
  world.turn = turn;
}

/**
 * What an `actorUpdated` event's `status` does: merged in, a value of 0 removes the entry (the
 * engine's fast path calls this directly). The actor gets a new status object when one is set on
 * NO_STATUS or one is removed (rebuilt without it rather than deleted, which would leave V8 a slow
 * dictionary), and NO_STATUS again when nothing is left.
 */
export function applyStatus(a: Actor, status: Record<string, number>): void {
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

/** Writes an actorUpdated event's changes onto the actor (one of the hottest paths of a turn). */
function applyActorChanges(a: Actor, changes: ActorChanges): void {
  for (const key in changes) {
    switch (key) {
      case 'traits':
        if (changes.traits) Object.assign(a.traits, changes.traits);
        break;
      case 'status':
        if (changes.status) applyStatus(a, changes.status);
        break;
      case 'parts':
        if (changes.parts) a.parts = structuredClone(changes.parts);
        break;
      case 'ai':
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

/** Applies one event to the world in place. */
export function applyEvent(world: World, ev: GameEvent): void {
  if (ev.type === 'terrainChanged' || ev.type === 'levelEntered') {
    counters(world).terrain++;
    if (ev.type === 'levelEntered' || pathable(world.terrain[idx(world, ev.x, ev.y)]!) !== pathable(ev.terrain))
      counters(world).passability++;
  }
  if (ev.type === 'trapPlaced' || ev.type === 'trapChanged' || ev.type === 'trapRevealed' || ev.type === 'trapRemoved' || ev.type === 'levelEntered')
    counters(world).traps++;
  switch (ev.type) {
    case 'moved':
      applyMoved(world, requireActor(world, ev.actor), ev.x, ev.y);
      return;
    case 'damaged': {
      const a = requireActor(world, ev.actor);
      a.hp -= ev.amount;
      if (ev.part && a.parts?.[ev.part]) a.parts[ev.part]!.hp -= ev.amount;
      return;
    }
    case 'died': {
      const a = requireActor(world, ev.actor);
      if (!a.alive) return;
      a.alive = false;
      occupancyDied(world, a);
      return;
    }
    case 'actorUpdated': {
      const a = requireActor(world, ev.actor);
      if ((ev.changes.nextAct !== undefined && ev.changes.nextAct < a.nextAct) || (ev.changes.alive === true && !a.alive)) bumpSchedule(world);
      applyActorChanges(a, ev.changes);
      if (ev.changes.alive !== undefined) occupancyChanged(world);
      return;
    }
    case 'actorAdded':
      bumpSchedule(world);
      world.actors.push(actorOf(structuredClone(ev.actor)));
      occupancyChanged(world);
      return;
    case 'trapPlaced':
      world.traps.push(structuredClone(ev.trap));
      return;
    case 'trapRevealed': {
      const t = requireTrap(world, ev.trap);
      if (!t.knownBy.includes(ev.to)) t.knownBy.push(ev.to);
      return;
    }
    case 'trapChanged': {
      const t = requireTrap(world, ev.trap);
      applyTrapChanges(t, ev.changes);
      // A trap that moved needs a fresh cell index (trapAt's index is kept per array).
      if ('x' in ev.changes || 'y' in ev.changes) world.traps = [...world.traps];
      return;
    }
    case 'trapRemoved':
      world.traps = world.traps.filter((t) => t.id !== ev.trap);
      return;
    case 'terrainChanged':
      world.terrain[idx(world, ev.x, ev.y)] = ev.terrain;
      return;
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
    case 'acted':
      applyActed(world, requireActor(world, ev.actor), ev.nextAct, ev.round);
      return;
    case 'clock':
      applyClock(world, ev.time, ev.turn);
      return;
    case 'rng':
      // Stream states are replaced, never mutated in place, so sharing the arrays is safe; the
      // object is copied so that the world's and the event's are never one.
      world.rng = { ...ev.states };
      return;
    case 'nextId':
      world.nextId = ev.nextId;
      return;
    case 'viewUpdated':
      computeView(world);
      return;
    case 'levelEntered': {
      bumpSchedule(world);
      const next = deserializeWorld(ev.world);
      Object.assign(world, next);
      occupancyChanged(world);
      return;
    }
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

export function applyEvents(world: World, events: readonly GameEvent[]): void {
  for (const ev of events) applyEvent(world, ev);
}
