/**
 * Field of view and the player's memory: rot.js recursive shadowcasting with a light radius.
 * The visible set is derived from the world, so recomputing it never changes a replay.
 */
import { FOV } from 'rot-js';
import { type Actor, type World, idx, inBounds, isTransparent } from './world.ts';

export const DEFAULT_LIGHT_RADIUS = 9;

export function lightRadius(world: World): number {
  const r = world.settings.lightRadius;
  return typeof r === 'number' && r > 0 ? r : DEFAULT_LIGHT_RADIUS;
}

// Every FOV call of ours hands rot.js the same two functions, one FOV object made once, and the
// call in progress as plain variables, rather than new closures per call: rot.js calls them for
// every cell it looks at, and one pair of functions at its call sites stays inlinable.
// Invariant: `sharedBusy` is set exactly while the shared object computes; a view asked for
// inside another's callback makes an FOV object of its own (see computeFov).
let passTerrain: Uint8Array = new Uint8Array(0);
let passWidth = 0;
let passHeight = 0;
let passX = -1;
let passY = -1;
let sharedBusy = false;
/** Where a seen cell goes: null for the player's view (marked in `visible` and `memory`), else the caller's callback. */
let sink: ((x: number, y: number) => void) | null = null;
let seenVisible: Uint8Array = new Uint8Array(0);
let seenMemory: Uint8Array = new Uint8Array(0);

function lightPasses(cx: number, cy: number): boolean {
  if (cx < 0 || cy < 0 || cx >= passWidth || cy >= passHeight) return false;
  if (cx === passX && cy === passY) return true;
  return isTransparent(passTerrain[cy * passWidth + cx]!);
}

/** The player sees cell i now and remembers its terrain. */
function markSeen(visible: Uint8Array, memory: Uint8Array, terrain: Uint8Array, i: number): void {
  visible[i] = 1;
  memory[i] = terrain[i]! + 1;
}

/** rot.js reports cells past the edge of the map too: only those on it go on. */
function report(x: number, y: number): void {
  if (x < 0 || y < 0 || x >= passWidth || y >= passHeight) return;
  if (sink !== null) {
    sink(x, y);
    return;
  }
  markSeen(seenVisible, seenMemory, passTerrain, y * passWidth + x);
}

const shared = new FOV.RecursiveShadowcasting(lightPasses);

/**
 * rot.js FOV from (x, y) over the world's terrain: every cell on the map it reports goes to `to`,
 * or (null) into the player's view. A callback that looks again (a view within a view) gets an
 * FOV object of its own.
 */
function computeFov(world: World, x: number, y: number, radius: number, to: ((x: number, y: number) => void) | null): void {
  if (sharedBusy) {
    const own = new FOV.RecursiveShadowcasting((cx, cy) => inBounds(world, cx, cy) && ((cx === x && cy === y) || isTransparent(world.terrain[idx(world, cx, cy)]!)));
    const visible = seenVisible;
    const memory = seenMemory;
    own.compute(x, y, radius, (cx, cy) => {
      if (!inBounds(world, cx, cy)) return;
      if (to) to(cx, cy);
      else markSeen(visible, memory, world.terrain, idx(world, cx, cy));
    });
    return;
  }
  sharedBusy = true;
  passTerrain = world.terrain;
  passWidth = world.width;
  passHeight = world.height;
  passX = x;
  passY = y;
  sink = to;
  try {
    shared.compute(x, y, radius, report);
  } finally {
    sharedBusy = false;
    sink = null;
  }
}

/** Calls `cb` for every cell seen from (x, y) within `radius` (a cell may be reported more than once). */
export function fieldOfView(world: World, x: number, y: number, radius: number, cb: (x: number, y: number) => void): void {
  computeFov(world, x, y, radius, cb);
}

/**
 * Recomputes what the player sees now and adds it to the memory. Called by `Level.apply` for a
 * `viewUpdated` event, and otherwise only inside edit or on a payload being built (a new level,
 * the probe's copy).
 */
export function computeView(world: World): void {
  world.visible.fill(0);
  // A plain scan rather than the level's index: this runs on worlds that have no level yet.
  let p: Actor | undefined;
  for (const a of world.actors) {
    if (a.id === world.playerId) {
      p = a;
      break;
    }
  }
  if (!p?.alive) return;
  // The arrays `report` marks (or, for a view asked for inside another FOV's callback, the FOV
  // object of its own that computeFov makes).
  seenVisible = world.visible;
  seenMemory = world.memory;
  computeFov(world, p.x, p.y, lightRadius(world), null);
}

/** Is (tx, ty) in line of sight of (x, y) within radius? (Symmetric enough for blasts and monsters.) */
export function lineOfSight(world: World, x: number, y: number, tx: number, ty: number, radius: number): boolean {
  let seen = false;
  if (Math.max(Math.abs(tx - x), Math.abs(ty - y)) > radius) return false;
  fieldOfView(world, x, y, radius, (cx, cy) => {
    if (cx === tx && cy === ty) seen = true;
  });
  return seen;
}
