/**
 * Level generation: rot.js Digger (rooms and corridors) or Cellular (caves), then doors, stairs,
 * water and ice, chests, monsters, the player, and the ruleset's traps. Every floor cell is
 * reachable from the up stairs. rot.js's global RNG is seeded from the map stream right before
 * each `create()`, with `timeLimit: Infinity` so the map never depends on the machine's speed.
 */
import { Map as RotMap } from 'rot-js';
import { computeView } from './fov.ts';
import { floodGrid } from './flood.ts';
import { plainCopy } from './writeGuard.ts';
import { kindsForDepth } from './monsters.ts';
import { choice, sample } from './prob.ts';
import { getRuleset, resolveSettings } from './registry.ts';
import { SortedWallDigger } from './digger.ts';
import { initialStreams, levelSeed, type Random, Stream, type StreamName, withGlobalRngSeed } from './rng.ts';
import type { MonsterKind, PlacementContext, Ruleset } from './ruleset.ts';
import {
  type Actor,
  type Chest,
  type Item,
  type MapStyle,
  Terrain,
  type Traits,
  type Trap,
  emptyWorld,
  type World,
  DIRECTIONS,
  isWalkable,
  actorOf,
  mindOf,
} from './world.ts';

export interface LevelOptions {
  seed: string;
  ruleset: string;
  settings?: Traits;
  width?: number;
  height?: number;
  style?: MapStyle;
  depth?: number;
}

export const MIN_SIZE = { width: 40, height: 25 };
export const MAX_SIZE = { width: 200, height: 200 };
export const DEFAULT_SIZE = { width: 80, height: 40 };

export function checkSize(width: number, height: number): string | null {
  if (!Number.isInteger(width) || width < MIN_SIZE.width || width > MAX_SIZE.width)
    return `width must be a whole number from ${MIN_SIZE.width} to ${MAX_SIZE.width}, got ${width}`;
  if (!Number.isInteger(height) || height < MIN_SIZE.height || height > MAX_SIZE.height)
    return `height must be a whole number from ${MIN_SIZE.height} to ${MAX_SIZE.height}, got ${height}`;
  return null;
}

export interface Room {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Carves the raw layout: 1 = floor, 0 = wall, plus the rooms and door cells Digger reports. */
export function carve(width: number, height: number, style: MapStyle, mapRng: Stream): { floor: Uint8Array; rooms: Room[]; doors: number[] } {
  const floor = new Uint8Array(width * height);
  const rooms: Room[] = [];
  const doors: number[] = [];
  if (style === 'rooms') {
    const digger = new SortedWallDigger(width, height, { dugPercentage: 0.3 });
    withGlobalRngSeed(mapRng.seed32(), () =>
      digger.create((x, y, v) => {
        floor[y * width + x] = v === 0 ? 1 : 0;
      }),
    );
    for (const room of digger.getRooms()) {
      rooms.push({ x1: room.getLeft(), y1: room.getTop(), x2: room.getRight(), y2: room.getBottom() });
      room.getDoors((x, y) => {
        doors.push(y * width + x);
      });
    }
  } else {
    const cellular = new RotMap.Cellular(width - 2, height - 2, { born: [5, 6, 7, 8], survive: [4, 5, 6, 7, 8] });
    withGlobalRngSeed(mapRng.seed32(), () => {
      cellular.randomize(0.5);
      for (let i = 0; i < 3; i++) cellular.create();
      cellular.connect((x, y, v) => {
        floor[(y + 1) * width + (x + 1)] = v === 1 ? 1 : 0;
      }, 1);
    });
  }
  return { floor, rooms, doors: [...new Set(doors)].sort((a, b) => a - b) };
}

export function makeMonster(kind: MonsterKind, id: number, x: number, y: number, r: Ruleset, settings: Traits): Actor {
  return actorOf({
    id,
    kind: kind.id,
    name: kind.name,
    glyph: kind.glyph,
    colour: kind.colour,
    faction: 'hostile',
    x,
    y,
    hp: kind.hp,
    maxHp: kind.hp,
    speed: kind.speed,
    nextAct: 0,
    flying: kind.flying,
    traits: { intelligence: kind.intelligence, size: kind.size, ...r.monsterTraits(kind, settings) },
    status: {},
    inventory: [],
    ai: { mode: 'wander', targetX: x, targetY: y, patience: 0 },
    alive: true,
    melee: { ...kind.melee },
    opensDoors: kind.intelligence >= 2,
    xp: kind.xp,
  });
}

export function makePlayer(r: Ruleset, settings: Traits, id: number): Actor {
  const spec = r.player(settings);
  return actorOf({
    id,
    kind: 'player',
    name: spec.name ?? 'you',
    glyph: '@',
    colour: '#ffffff',
    faction: 'player',
    x: 0,
    y: 0,
    hp: spec.hp,
    maxHp: spec.hp,
    ...(spec.parts ? { parts: structuredClone(spec.parts) } : {}),
    speed: spec.speed ?? 100,
    nextAct: 0,
    flying: false,
    traits: { ...spec.traits },
    status: {},
    inventory: (spec.inventory ?? []).map((it, i) => ({ ...it, id: 1000 + i, x: -1, y: -1 })),
    ai: { mode: 'idle', targetX: 0, targetY: 0, patience: 0 },
    alive: true,
    melee: { n: 1, sides: 6, bonus: 0 },
    opensDoors: true,
    xp: 0,
  });
}

/**
 * The rooms rot.js's Digger laid out for a generated level (none for caves), as `generateLevel`
 * carved them: the layout is the first draw of the level's map stream, so carving it again from
 * the world's seed, depth, size and style gives the same rooms. Only for a level the generator
 * made: a hand-made one has no such layout.
 */
export function roomsOf(world: Pick<World, 'seed' | 'depth' | 'width' | 'height' | 'style'>): Room[] {
  return carve(world.width, world.height, world.style, new Stream(initialStreams(levelSeed(world.seed, world.depth)).map)).rooms;
}

/** Builds a complete level. `carried` is the player arriving from the level above. */
export function generateLevel(opts: LevelOptions, carried?: Actor, nextIdStart?: number): World {
  return generateLayout(opts, carried, nextIdStart).world;
}

/**
 * `generateLevel`, with the rooms its layout carved (what a level's facts and a seed search
 * read: levelFacts.ts). The world is a payload being built: no level (level.ts) exists for it
 * until its first lookup, so it is written directly here, and nothing in here looks anything up in it.
 */
export function generateLayout(opts: LevelOptions, carried?: Actor, nextIdStart?: number): { world: World; rooms: Room[] } {
  const ruleset = getRuleset(opts.ruleset);
  const settings = resolveSettings(ruleset, opts.settings);
  const width = opts.width ?? DEFAULT_SIZE.width;
  const height = opts.height ?? DEFAULT_SIZE.height;
  const sizeError = checkSize(width, height);
  if (sizeError) throw new Error(sizeError);
  const style: MapStyle = opts.style ?? 'rooms';
  const depth = opts.depth ?? 1;
  const streams = initialStreams(levelSeed(opts.seed, depth));
  const live = new Map<StreamName, Stream>();
  const rng = (name: StreamName): Stream => {
    let s = live.get(name);
    if (!s) live.set(name, (s = new Stream(streams[name])));
    return s;
  };

  const { floor, rooms, doors } = carve(width, height, style, rng('map'));
  const terrain = new Uint8Array(width * height);
  for (let i = 0; i < floor.length; i++) terrain[i] = floor[i] ? Terrain.Floor : Terrain.Wall;

  // Stairs up: the first room's centre, or the first floor cell for caves.
  const firstFloor = terrain.indexOf(Terrain.Floor);
  if (firstFloor < 0) throw new Error('map generation produced no floor');
  const upIndex = rooms.length > 0 ? centreOf(rooms[0]!, width) : firstFloor;
  // Keep only what is reachable from the up stairs.
  const reach = floodGrid(width, height, upIndex, terrain.map((t) => (t === Terrain.Floor ? 1 : 0)));
  for (let i = 0; i < terrain.length; i++) if (terrain[i] === Terrain.Floor && reach[i]! < 0) terrain[i] = Terrain.Wall;
  let downIndex = upIndex;
  for (let i = 0; i < reach.length; i++) if (reach[i]! > reach[downIndex]!) downIndex = i;
  terrain[upIndex] = Terrain.StairsUp;
  terrain[downIndex] = Terrain.StairsDown;

  // Doors: mostly closed, some open, locked or secret; a secret door never cuts off the way down.
  const mapRng = rng('map');
  for (const d of doors) {
    if (terrain[d] !== Terrain.Floor) continue;
    const r = mapRng.uniform();
    terrain[d] = r < 0.55 ? Terrain.DoorClosed : r < 0.8 ? Terrain.DoorOpen : r < 0.9 ? Terrain.DoorLocked : Terrain.DoorSecret;
  }
  const passable = terrain.map((t) => (t !== Terrain.Wall && t !== Terrain.DoorSecret ? 1 : 0));
  if (floodGrid(width, height, upIndex, passable)[downIndex]! < 0) {
    for (let i = 0; i < terrain.length; i++) if (terrain[i] === Terrain.DoorSecret) terrain[i] = Terrain.DoorClosed;
  }

  // Water pools (some frozen) in a few rooms or open cave cells, away from the stairs.
  const nearStairs = (i: number) => chebyshevIdx(i, upIndex, width) <= 2 || chebyshevIdx(i, downIndex, width) <= 2;
  const pools = mapRng.int(1, 3);
  for (let p = 0; p < pools; p++) {
    const centre = randomFloor(terrain, mapRng);
    if (centre < 0 || nearStairs(centre)) continue;
    const frozen = mapRng.uniform() < 0.4;
    const r = mapRng.int(1, 2);
    const cx = centre % width;
    const cy = (centre - cx) / width;
    for (let y = cy - r; y <= cy + r; y++)
      for (let x = cx - r; x <= cx + r; x++) {
        if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
        const i = y * width + x;
        if (terrain[i] === Terrain.Floor && !nearStairs(i) && !touchesDoor(terrain, i, width)) terrain[i] = frozen ? Terrain.Ice : Terrain.Water;
      }
  }

  let nextId = nextIdStart ?? 2;
  const world = emptyWorld({
    seed: opts.seed,
    ruleset: ruleset.id,
    settings,
    depth,
    width,
    height,
    style,
    level: ruleset.levelInfo(depth, settings, style),
    rng: streams,
    terrain,
  });
  world.stairsUp = [upIndex % width, Math.floor(upIndex / width)];
  world.stairsDown = [downIndex % width, Math.floor(downIndex / width)];


  // The player on the up stairs.
  // A copy read through any view: the carried hero may come from a guarded world (writeGuard.ts).
  const hero = carried ? actorOf(plainCopy(carried)) : makePlayer(ruleset, settings, 1);
  hero.x = world.stairsUp[0];
  hero.y = world.stairsUp[1];
  hero.nextAct = 0;
  world.playerId = hero.id;
  world.actors.push(hero);

  // Chests: one or two per level, in rooms or caves, never on stairs or in doorways.
  const itemRng = rng('items');
  const chestCount = itemRng.int(1, 2);
  for (let c = 0; c < chestCount; c++) {
    const i = randomFloor(terrain, itemRng);
    if (i < 0 || nearStairs(i) || touchesDoor(terrain, i, width)) continue;
    const chest: Chest = { id: nextId++, x: i % width, y: Math.floor(i / width), open: false, locked: false, items: [] };
    const loot: Item[] = [
      { id: nextId++, kind: 'gold', name: 'gold coins', count: itemRng.int(5, 40), x: -1, y: -1 },
      { id: nextId++, kind: 'arrow', name: 'arrow', count: itemRng.int(1, 4), x: -1, y: -1 },
    ];
    // Some chests hold a key: it opens locked doors (and sets off a trapped door's trap).
    if (itemRng.uniform() < 0.3) loot.push({ id: nextId++, kind: 'key', name: 'iron key', count: 1, x: -1, y: -1 });
    chest.items = loot;
    world.chests.push(chest);
  }
  const blocked = new Set(world.chests.map((c) => c.y * width + c.x));

  // Monsters: by floor area unless the settings say how many; far from the player's arrival.
  const monsterRng = rng('monsters');
  const floorCells: number[] = [];
  for (let i = 0; i < terrain.length; i++) if (terrain[i] === Terrain.Floor && !blocked.has(i)) floorCells.push(i);
  const wanted = (settings.monsters as number) >= 0 ? (settings.monsters as number) : Math.max(3, Math.round(floorCells.length / 140));
  const occupied = new Set<number>([upIndex, downIndex]);
  const patrolCells = new Set<number>();
  const roomCentres = rooms.map((r) => centreOf(r, width));
  // Locked doors stop rounds too: no monster carries keys. Rounds of a creature that cannot open
  // doors stay on this side of the closed ones.
  const withDoors = terrain.map((t) => (isWalkable(t) || t === Terrain.DoorClosed ? 1 : 0));
  const openOnly = terrain.map((t) => (isWalkable(t) ? 1 : 0));
  for (let m = 0, tries = 0; m < wanted && tries < wanted * 20; tries++) {
    const i = floorCells[monsterRng.int(0, floorCells.length - 1)]!;
    if (occupied.has(i) || chebyshevIdx(i, upIndex, width) < 7) continue;
    const kind = pickKind(monsterRng, depth);
    const monster = makeMonster(kind, nextId++, i % width, Math.floor(i / width), ruleset, settings);
    // Its rounds: from where it stands to a room centre it can reach through the doors it can
    // open (else a floor cell 4 to 40 steps away), and back; with nowhere to go it stays put.
    const fromHere = floodGrid(width, height, i, monster.opensDoors ? withDoors : openOnly);
    let goals = roomCentres.filter((c) => fromHere[c]! >= 4);
    if (goals.length === 0) goals = floorCells.filter((c) => fromHere[c]! >= 4 && fromHere[c]! <= 40);
    const goal = goals.length > 0 ? goals[monsterRng.int(0, goals.length - 1)]! : i;
    const route = goal === i ? [] : routeAlong(fromHere, width, height, goal, i).reverse();
    monster.ai = mindOf(
      route.length > 1
        ? { mode: 'wander', targetX: goal % width, targetY: Math.floor(goal / width), patience: 0, route, dir: 1 }
        : { mode: 'wander', targetX: i % width, targetY: Math.floor(i / width), patience: 0 },
    );
    for (const cell of route) patrolCells.add(cell);
    if (monsterRng.uniform() < 0.25) monster.status = { ...monster.status, asleep: 1 };
    occupied.add(i);
    world.actors.push(monster);
    m++;
  }

  world.nextId = nextId;

  // Traps, by the ruleset's placement rules.
  const trapCandidates: Array<[number, number]> = [];
  for (const i of floorCells) if (!nearStairs(i) && !occupied.has(i)) trapCandidates.push([i % width, Math.floor(i / width)]);
  const doorCells: Array<[number, number]> = [];
  for (let i = 0; i < terrain.length; i++)
    if (terrain[i] === Terrain.DoorClosed || terrain[i] === Terrain.DoorLocked || terrain[i] === Terrain.DoorOpen)
      if (!nearStairs(i)) doorCells.push([i % width, Math.floor(i / width)]);
  const placement: PlacementContext = {
    world,
    rng: rng('placement'),
    floorCells: trapCandidates,
    doorCells,
    chests: world.chests,
    patrolCells,
    rooms,
  };
  for (const spec of ruleset.placeTraps(placement)) {
    const trap: Trap = {
      id: world.nextId++,
      kind: spec.kind,
      x: spec.x,
      y: spec.y,
      host: spec.host ?? { kind: 'floor' },
      charges: spec.charges ?? -1,
      owner: null,
      knownBy: spec.known ? [hero.id] : [],
      armed: true,
      data: { ...(spec.data ?? {}) },
    };
    if (world.traps.some((t) => t.x === trap.x && t.y === trap.y && t.host.kind === trap.host.kind)) continue;
    world.traps.push(trap);
  }

  for (const [name, s] of live) world.rng[name] = s.state();
  computeView(world);
  return { world, rooms };
}

function pickKind(rng: Random, depth: number): MonsterKind {
  const table = kindsForDepth(depth);
  const id = sample(choice(table.map(([w, k]) => [w, k.id] as const)), rng);
  return table.find(([, k]) => k.id === id)![1];
}

function centreOf(r: Room, width: number): number {
  return Math.floor((r.y1 + r.y2) / 2) * width + Math.floor((r.x1 + r.x2) / 2);
}

function chebyshevIdx(a: number, b: number, width: number): number {
  const ax = a % width;
  const bx = b % width;
  return Math.max(Math.abs(ax - bx), Math.abs((a - ax) / width - (b - bx) / width));
}

function randomFloor(terrain: Uint8Array, rng: Random): number {
  for (let tries = 0; tries < 200; tries++) {
    const i = rng.int(0, terrain.length - 1);
    if (terrain[i] === Terrain.Floor) return i;
  }
  return -1;
}

function touchesDoor(terrain: Uint8Array, i: number, width: number): boolean {
  for (const [dx, dy] of DIRECTIONS) {
    const t = terrain[i + dy * width + dx];
    if (t === Terrain.DoorClosed || t === Terrain.DoorOpen || t === Terrain.DoorLocked || t === Terrain.DoorSecret) return true;
  }
  return false;
}

/** The cells of the shortest route from a to b (for patrols), down b's distance flood. */
function routeAlong(dist: Int32Array, width: number, height: number, a: number, b: number): number[] {
  const route: number[] = [];
  let cur = a;
  if (dist[cur]! < 0) return route;
  while (cur !== b && route.length < width * height) {
    route.push(cur);
    const x = cur % width;
    const y = (cur - x) / width;
    let best = cur;
    for (const [dx, dy] of DIRECTIONS) {
      const j = (y + dy) * width + (x + dx);
      if (x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height) continue;
      if (dist[j]! >= 0 && dist[j]! < dist[best]!) best = j;
    }
    if (best === cur) break;
    cur = best;
  }
  route.push(b);
  return route;
}

