/**
 * The world: one plain, serialisable object. The grid lives in typed arrays; traps, actors and
 * items are plain records keyed by id. Nothing here draws randomness or reads a clock.
 *
 * Every change to a world during play goes through an event (`events.ts`), applied by the world's
 * live level (`level.ts`), which also keeps every index over it (actors by id, traps by cell, who
 * stands where): look things up there.
 */
import type { RngState, StreamName } from './rng.ts';

export const Terrain = {
  Wall: 0,
  Floor: 1,
  DoorClosed: 2,
  DoorOpen: 3,
  DoorLocked: 4,
  DoorSecret: 5,
  StairsUp: 6,
  StairsDown: 7,
  Water: 8,
  Ice: 9,
  /** A wall soft enough for a blast to blow apart (rubble floor afterwards). */
  SoftWall: 10,
  /** A doorway whose door was kicked in. */
  DoorBroken: 11,
} as const;
export type Terrain = (typeof Terrain)[keyof typeof Terrain];

export const TERRAIN_NAMES: Record<Terrain, string> = {
  0: 'stone wall',
  1: 'stone floor',
  2: 'closed door',
  3: 'open door',
  4: 'locked door',
  5: 'stone wall',
  6: 'staircase up',
  7: 'staircase down',
  8: 'water',
  9: 'ice',
  10: 'soft earth wall',
  11: 'broken door',
};

// Indexed by terrain: asked for every cell a monster or the player considers stepping onto.
const WALKABLE = new Uint8Array(256);
for (const t of [Terrain.Floor, Terrain.DoorOpen, Terrain.StairsUp, Terrain.StairsDown, Terrain.Ice, Terrain.DoorBroken, Terrain.Water]) WALKABLE[t] = 1;

export function isWalkable(t: number): boolean {
  return WALKABLE[t] === 1;
}

export function isDoor(t: number): boolean {
  return t === Terrain.DoorClosed || t === Terrain.DoorOpen || t === Terrain.DoorLocked || t === Terrain.DoorBroken;
}

/** Does light (and sight) pass through this cell? */
export function isTransparent(t: number): boolean {
  return !(t === Terrain.Wall || t === Terrain.DoorClosed || t === Terrain.DoorLocked || t === Terrain.DoorSecret || t === Terrain.SoftWall);
}

/** Plain data the rulesets attach to actors, traps and items. */
export type Traits = Record<string, number | string | boolean>;

export type Faction = 'player' | 'hostile' | 'neutral';

export interface BodyPart {
  hp: number;
  max: number;
}

export interface Item {
  id: number;
  /** Item kind id: a ruleset's or the core's ("arrow", "bear_trap", "detector", "gold", ...). */
  kind: string;
  name: string;
  count: number;
  /** Where it lies: on the floor at (x, y), or held (x = y = -1) by an actor or in a chest. */
  x: number;
  y: number;
  data?: Traits;
}

export interface Actor {
  id: number;
  /** Monster kind id or "player". */
  kind: string;
  name: string;
  glyph: string;
  colour: string;
  faction: Faction;
  x: number;
  y: number;
  hp: number;
  maxHp: number;
  /** Body parts with their own HP, for rulesets that have them (cdda). */
  parts?: Record<string, BodyPart>;
  /** 100 = an unmodified human; time per action scales by 100 / speed. */
  speed: number;
  /** Scheduler time at which this actor acts next (ticks; 100 ticks = one turn at speed 100). */
  nextAct: number;
  flying: boolean;
  /** The ruleset's traits (Dex, skills, level, ...). */
  traits: Traits;
  /** Timed states: name -> turns (or charges) left: "trapped", "stuck", "asleep", "poisoned", ... */
  status: Record<string, number>;
  inventory: Item[];
  /** Brain state for monsters. */
  ai: MonsterMind;
  alive: boolean;
  /** Melee damage as dice: count, sides, bonus. */
  melee: { n: number; sides: number; bonus: number };
  /** Opens doors when walking into them. */
  opensDoors: boolean;
  /** Experience for killing it (monsters) or earned (player). */
  xp: number;
  /**
   * For rulesets that count actions per round (`Ruleset.countsActions`; undefined otherwise): the
   * round (scheduler time / TICKS_PER_TURN, floored) in which the actor last finished an action,
   * and how many actions it finished in that round. The engine keeps them through `acted` events.
   */
  actRound?: number;
  roundActs?: number;
}

export interface MonsterMind {
  mode: 'idle' | 'wander' | 'hunt' | 'flee' | 'investigate';
  /** Where it is heading (last seen player, a noise). */
  targetX: number;
  targetY: number;
  /** Turns it will still wait, unable to get closer, before it gives up a hunt or an investigation (brain.ts). */
  patience: number;
  /**
   * The rounds it walks (cell indices, from where it was placed to its goal), back and forth. Set
   * at generation; placement keeps some rulesets' traps off these cells.
   */
  route?: number[];
  /** Which way along `route` it is walking. */
  dir?: 1 | -1;
}

/**
 * A monster's state of mind with every field in one order, `route` and `dir` present even when
 * unset. Every mind an actor holds is made here (the level's apply, map generation, a loaded
 * world), so all minds share one object shape and the brain's many reads of a mind stay
 * monomorphic, wherever the mind came from (a spread, a literal, JSON). Serialises as before
 * (JSON leaves out the unset fields).
 */
export function mindOf(m: MonsterMind): MonsterMind {
  return { mode: m.mode, targetX: m.targetX, targetY: m.targetY, patience: m.patience, route: m.route, dir: m.dir };
}

/**
 * The status of every actor that has none: one shared, frozen object, so that "has it any status
 * at all?" is one comparison (`actor.status !== NO_STATUS`), and most actors, which have none,
 * are never read by name through objects of many shapes. Statuses change only through events
 * (the level's apply makes a new object the first time one is set); a status object is never
 * written in place outside that, and this one cannot be.
 */
export const NO_STATUS: Readonly<Record<string, number>> = Object.freeze({});

/** `status`, or NO_STATUS when it holds nothing. */
export function statusOf(status: Record<string, number>): Record<string, number> {
  for (const _ in status) return status;
  return NO_STATUS as Record<string, number>;
}

/**
 * An actor with every field in one order (`parts` present, if unset, on every actor), its mind
 * made by `mindOf`: the same reason as `mindOf`, for the actor fields every monster's turn reads
 * (actors came from literals, JSON and structured clones, each a shape of its own). The order is
 * the order actors always had, so a saved world reads the same.
 */
export function actorOf(a: Actor): Actor {
  return {
    id: a.id,
    kind: a.kind,
    name: a.name,
    glyph: a.glyph,
    colour: a.colour,
    faction: a.faction,
    x: a.x,
    y: a.y,
    hp: a.hp,
    maxHp: a.maxHp,
    parts: a.parts,
    speed: a.speed,
    nextAct: a.nextAct,
    flying: a.flying,
    traits: a.traits,
    status: statusOf(a.status),
    inventory: a.inventory,
    ai: mindOf(a.ai),
    alive: a.alive,
    melee: a.melee,
    opensDoors: a.opensDoors,
    xp: a.xp,
    actRound: a.actRound,
    roundActs: a.roundActs,
  };
}

/** `base` with some fields changed, in the one shape of `mindOf`. */
export function mindWith(base: MonsterMind, changes: Partial<MonsterMind>): MonsterMind {
  return {
    mode: changes.mode ?? base.mode,
    targetX: changes.targetX ?? base.targetX,
    targetY: changes.targetY ?? base.targetY,
    patience: changes.patience ?? base.patience,
    route: 'route' in changes ? changes.route : base.route,
    dir: 'dir' in changes ? changes.dir : base.dir,
  };
}

/** Where a trap sits: the floor of its cell, the door on its cell, or a chest (by chest id). */
export type TrapHost = { kind: 'floor' } | { kind: 'door' } | { kind: 'chest'; chest: number };

export interface Trap {
  id: number;
  /** The ruleset's trap id ("fireball", "bear_trap", ...). */
  kind: string;
  x: number;
  y: number;
  host: TrapHost;
  /** Charges left; Infinity is stored as -1 (fires every time). */
  charges: number;
  /** Actor id who rigged or set it, or null for the dungeon's own. */
  owner: number | null;
  /** Ids of actors who know of it. The player's knowledge drives the map's `^`. */
  knownBy: number[];
  /** Armed or not (a door trap re-arms when the door is shut). */
  armed: boolean;
  /** Ruleset data: depth level it was made for, CR, reset kind, radius, ... */
  data: Traits;
}

export interface Chest {
  id: number;
  x: number;
  y: number;
  open: boolean;
  locked: boolean;
  items: Item[];
}

/** The ruleset's view of the level: danger (ceaptun), environment and D (omega), CR budget (d20). */
export type LevelInfo = Record<string, number | string>;

export interface World {
  /** Version of the world format and rules; a save or link from another version is refused. */
  version: number;
  /**
   * The rules' version the game was made under (core/rulesVersion.ts), when older than this one;
   * absent: this one. Not hashed: an old game's world hashes as its version made it.
   */
  rules?: number;
  /** Settings its rules did not have yet (core/rulesVersion.ts absentSettings): not hashed, nor written in its files. */
  absent?: string[];
  seed: string;
  ruleset: string;
  settings: Traits;
  depth: number;
  width: number;
  height: number;
  style: MapStyle;
  level: LevelInfo;
  /** Terrain per cell, row-major: terrain[y * width + x]. */
  terrain: Uint8Array;
  /** The player's memory: 0 never seen, else remembered terrain + 1. */
  memory: Uint8Array;
  /** Cells the player sees this turn (derived; recomputed after every step). */
  visible: Uint8Array;
  traps: Trap[];
  actors: Actor[];
  items: Item[];
  chests: Chest[];
  playerId: number;
  nextId: number;
  /** Scheduler clock in ticks. */
  time: number;
  /** Player turns taken. */
  turn: number;
  rng: Record<StreamName, RngState>;
  /** Set when the game has ended. */
  over: null | { won: boolean; cause: string; turn: number };
  /** Stairs positions, for bots and the HUD. */
  stairsUp: [number, number];
  stairsDown: [number, number];
}

export type MapStyle = 'rooms' | 'caves';

export const WORLD_VERSION = 1;

export function idx(world: { width: number }, x: number, y: number): number {
  return y * world.width + x;
}

export function inBounds(world: { width: number; height: number }, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < world.width && y < world.height;
}

export function terrainAt(world: World, x: number, y: number): number {
  return inBounds(world, x, y) ? world.terrain[idx(world, x, y)]! : Terrain.Wall;
}

export function chestAt(world: World, x: number, y: number): Chest | undefined {
  // A plain loop: asked for every cell a monster considers, and a level has only a few chests.
  const chests = world.chests;
  for (let i = 0; i < chests.length; i++) {
    const c = chests[i]!;
    if (c.x === x && c.y === y) return c;
  }
  return undefined;
}

export function knowsTrap(trap: Trap, actorId: number): boolean {
  return trap.knownBy.includes(actorId);
}

export function playerKnowsTrap(world: World, trap: Trap): boolean {
  return trap.knownBy.includes(world.playerId);
}

export function isVisible(world: World, x: number, y: number): boolean {
  return inBounds(world, x, y) && world.visible[idx(world, x, y)] === 1;
}

export function chebyshev(ax: number, ay: number, bx: number, by: number): number {
  return Math.max(Math.abs(ax - bx), Math.abs(ay - by));
}

/** The 8 directions, clockwise from north. */
export const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
];

/** A world with nothing in it yet: the fields every level starts from. */
export function emptyWorld(
  fields: Pick<World, 'seed' | 'ruleset' | 'settings' | 'depth' | 'width' | 'height' | 'style' | 'level' | 'rng'> & { terrain?: Uint8Array },
): World {
  const size = fields.width * fields.height;
  return {
    version: WORLD_VERSION,
    ...fields,
    terrain: fields.terrain ?? new Uint8Array(size),
    memory: new Uint8Array(size),
    visible: new Uint8Array(size),
    traps: [],
    actors: [],
    items: [],
    chests: [],
    playerId: 1,
    nextId: 2,
    time: 0,
    turn: 0,
    over: null,
    stairsUp: [0, 0],
    stairsDown: [0, 0],
  };
}

export function cloneWorld(world: World): World {
  return deserializeWorld(serializeWorld(world));
}

// ---------------------------------------------------------------- serialisation

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** JSON text of a world; typed arrays as base64. Infinity never appears (charges use -1). */
export function serializeWorld(world: World): string {
  return JSON.stringify({
    ...world,
    terrain: bytesToBase64(world.terrain),
    memory: bytesToBase64(world.memory),
    visible: bytesToBase64(world.visible),
  });
}

export function deserializeWorld(text: string): World {
  const raw = JSON.parse(text) as Omit<World, 'terrain' | 'memory' | 'visible'> & {
    terrain: string;
    memory: string;
    visible: string;
  };
  raw.actors = raw.actors.map(actorOf);
  return {
    ...raw,
    terrain: base64ToBytes(raw.terrain),
    memory: base64ToBytes(raw.memory),
    visible: base64ToBytes(raw.visible),
  };
}

/** A short, stable hash of a world's serialised form (FNV-1a 32, hex), for replays and tests. */
/** An older game's world as its version made it: without its version and the settings it did not have. */
function asMade(world: World): World {
  const { rules: _rules, absent, ...rest } = world;
  const settings = { ...world.settings };
  for (const name of absent ?? []) delete settings[name];
  return { ...rest, settings } as World;
}

export function worldHash(world: World): string {
  const text = serializeWorld(world.rules === undefined && world.absent === undefined ? world : asMade(world));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
