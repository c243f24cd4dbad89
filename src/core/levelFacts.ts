/**
 * A level as plain facts (`trapsmith map --format json`): its size, style, depth and the
 * ruleset's view of it, its rooms (rot.js's room list), doors, stairs, chests, traps (kind, place,
 * host, hidden or known, the room or corridor it lies in), monsters and the player. What a
 * designer greps a level for, and what a seed search reads; derived from the world alone, so the
 * same world gives the same facts on any machine.
 */
import { type Room, roomsOf } from './mapgen.ts';
import { findTrapDef, getRuleset } from './registry.ts';
import { type LevelInfo, type MapStyle, Terrain, type World } from './world.ts';

export const LEVEL_FACTS_FORMAT = 'trapsmith-level';
export const LEVEL_FACTS_VERSION = 1;

export type DoorState = 'closed' | 'open' | 'locked' | 'secret' | 'broken';

export interface RoomFacts {
  /** Its index in `rooms`, as traps and chests name it. */
  id: number;
  /** The floor inside its walls, corners included. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface TrapFacts {
  id: number;
  kind: string;
  name: string;
  x: number;
  y: number;
  host: 'floor' | 'door' | 'chest';
  /** Known to the player at the start (shown as ^), else hidden. */
  known: boolean;
  /** The room it lies in (null: a corridor, a doorway or a cave). */
  room: number | null;
  /** On a corridor's floor: rooms style, outside every room, not a doorway (never on a hand-made level). */
  corridor: boolean;
}

export interface LevelFacts {
  format: typeof LEVEL_FACTS_FORMAT;
  version: typeof LEVEL_FACTS_VERSION;
  ruleset: string;
  seed: string;
  depth: number;
  width: number;
  height: number;
  style: MapStyle;
  /** The ruleset's view of the level (danger, environment and D, CR budget …). */
  level: LevelInfo;
  rooms: RoomFacts[];
  doors: Array<{ x: number; y: number; state: DoorState; trapped: boolean }>;
  stairs: { up: [number, number]; down: [number, number] };
  chests: Array<{ x: number; y: number; locked: boolean; trapped: boolean; room: number | null }>;
  traps: TrapFacts[];
  monsters: Array<{ id: number; kind: string; name: string; x: number; y: number; room: number | null }>;
  player: { x: number; y: number; hp: number };
}

const DOOR_STATES: Partial<Record<number, DoorState>> = {
  [Terrain.DoorClosed]: 'closed',
  [Terrain.DoorOpen]: 'open',
  [Terrain.DoorLocked]: 'locked',
  [Terrain.DoorSecret]: 'secret',
  [Terrain.DoorBroken]: 'broken',
};

/** The index of the room whose floor holds (x, y), or null. */
function roomAt(rooms: readonly Room[], x: number, y: number): number | null {
  const i = rooms.findIndex((r) => x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2);
  return i < 0 ? null : i;
}

/**
 * The facts of a level; `layout` the rooms its generation carved (mapgen.ts `generateLayout`),
 * else carved again from its seed (`roomsOf`); 'hand-made' for a scenario's level, which has no
 * rooms the generator knows of (so no trap is in a room or on a corridor).
 */
export function levelFacts(world: World, layout: readonly Room[] | 'hand-made' = world.style === 'rooms' ? roomsOf(world) : []): LevelFacts {
  const ruleset = getRuleset(world.ruleset);
  const rooms = layout === 'hand-made' ? [] : layout;
  const corridors = layout !== 'hand-made' && world.style === 'rooms';
  const hero = world.actors.find((a) => a.id === world.playerId)!;
  const doors: LevelFacts['doors'] = [];
  for (let i = 0; i < world.terrain.length; i++) {
    const state = DOOR_STATES[world.terrain[i]!];
    if (!state) continue;
    const x = i % world.width;
    const y = Math.floor(i / world.width);
    doors.push({ x, y, state, trapped: world.traps.some((t) => t.host.kind === 'door' && t.x === x && t.y === y) });
  }
  const traps = [...world.traps]
    .sort((a, b) => a.y - b.y || a.x - b.x || a.id - b.id)
    .map((t): TrapFacts => {
      const room = roomAt(rooms, t.x, t.y);
      const onFloor = world.terrain[t.y * world.width + t.x] === Terrain.Floor;
      return {
        id: t.id,
        kind: t.kind,
        name: findTrapDef(ruleset, t.kind)?.name ?? t.kind,
        x: t.x,
        y: t.y,
        host: t.host.kind,
        known: t.knownBy.includes(world.playerId),
        room,
        corridor: corridors && t.host.kind === 'floor' && room === null && onFloor,
      };
    });
  return {
    format: LEVEL_FACTS_FORMAT,
    version: LEVEL_FACTS_VERSION,
    ruleset: world.ruleset,
    seed: world.seed,
    depth: world.depth,
    width: world.width,
    height: world.height,
    style: world.style,
    level: world.level,
    rooms: rooms.map((r, id) => ({ id, x1: r.x1, y1: r.y1, x2: r.x2, y2: r.y2 })),
    doors,
    stairs: { up: [...world.stairsUp], down: [...world.stairsDown] },
    chests: world.chests.map((c) => ({ x: c.x, y: c.y, locked: c.locked, trapped: world.traps.some((t) => t.host.kind === 'chest' && t.x === c.x && t.y === c.y), room: roomAt(rooms, c.x, c.y) })),
    traps,
    monsters: world.actors.filter((a) => a.alive && a.id !== world.playerId).map((a) => ({ id: a.id, kind: a.kind, name: a.name, x: a.x, y: a.y, room: roomAt(rooms, a.x, a.y) })),
    player: { x: hero.x, y: hero.y, hp: hero.hp },
  };
}
