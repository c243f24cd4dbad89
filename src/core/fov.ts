/**
 * Field of view and the player's memory: rot.js recursive shadowcasting with a light radius.
 * The visible set is derived from the world, so recomputing it never changes a replay.
 */
import { FOV } from 'rot-js';
import { type World, actorById, idx, inBounds, isTransparent } from './world.ts';

export const DEFAULT_LIGHT_RADIUS = 9;

export function lightRadius(world: World): number {
  const r = world.settings.lightRadius;
  return typeof r === 'number' && r > 0 ? r : DEFAULT_LIGHT_RADIUS;
}

// One rot.js FOV object for every call (it keeps no state between computes), reading the world
// and origin of the call in progress: building a new one per call cost as much as a small view.
let current: { world: World; x: number; y: number } | null = null;
const shared = new FOV.RecursiveShadowcasting((cx, cy) => {
  const c = current!;
  if (cx < 0 || cy < 0 || cx >= c.world.width || cy >= c.world.height) return false;
  if (cx === c.x && cy === c.y) return true;
  return isTransparent(c.world.terrain[cy * c.world.width + cx]!);
});

/**
 * rot.js FOV from (x, y), handing `raw` every cell it reports, off the map included (rot.js asks
 * past the edge). A callback that looks again (a view within a view) gets its own FOV object.
 */
function computeFov(world: World, x: number, y: number, radius: number, raw: (x: number, y: number) => void): void {
  const outer = current;
  const fov =
    outer === null
      ? shared
      : new FOV.RecursiveShadowcasting((cx, cy) => inBounds(world, cx, cy) && ((cx === x && cy === y) || isTransparent(world.terrain[idx(world, cx, cy)]!)));
  current = { world, x, y };
  try {
    fov.compute(x, y, radius, raw);
  } finally {
    current = outer;
  }
}

/** Calls `cb` for every cell seen from (x, y) within `radius` (a cell may be reported more than once). */
export function fieldOfView(world: World, x: number, y: number, radius: number, cb: (x: number, y: number) => void): void {
  computeFov(world, x, y, radius, (cx, cy) => {
    if (cx >= 0 && cy >= 0 && cx < world.width && cy < world.height) cb(cx, cy);
  });
}

// The world whose view is being computed: the player's view is one FOV call every turn, so its
// callback is one function made once rather than two closures made per call.
let viewing: World | null = null;
function markSeen(x: number, y: number): void {
  const w = viewing!;
  if (x < 0 || y < 0 || x >= w.width || y >= w.height) return;
  const i = y * w.width + x;
  w.visible[i] = 1;
  w.memory[i] = w.terrain[i]! + 1;
}

/** Recomputes what the player sees now and adds it to the memory. */
export function computeView(world: World): void {
  world.visible.fill(0);
  const p = actorById(world, world.playerId);
  if (!p?.alive) return;
  const outer = viewing;
  viewing = world;
  try {
    computeFov(world, p.x, p.y, lightRadius(world), markSeen);
  } finally {
    viewing = outer;
  }
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
