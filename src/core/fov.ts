/**
 * Field of view and the player's memory: rot.js recursive shadowcasting with a light radius.
 * The visible set is derived from the world, so recomputing it never changes a replay.
 */
import { FOV } from 'rot-js';
import { type World, idx, inBounds, isTransparent } from './world.ts';

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

/** Calls `cb` for every cell seen from (x, y) within `radius` (a cell may be reported more than once). */
export function fieldOfView(world: World, x: number, y: number, radius: number, cb: (x: number, y: number) => void): void {
  const outer = current;
  // A callback that looks again (a view within a view) gets its own FOV object.
  const fov =
    outer === null
      ? shared
      : new FOV.RecursiveShadowcasting((cx, cy) => inBounds(world, cx, cy) && ((cx === x && cy === y) || isTransparent(world.terrain[idx(world, cx, cy)]!)));
  current = { world, x, y };
  try {
    fov.compute(x, y, radius, (cx, cy) => {
      if (cx >= 0 && cy >= 0 && cx < world.width && cy < world.height) cb(cx, cy);
    });
  } finally {
    current = outer;
  }
}

/** Recomputes what the player sees now and adds it to the memory. */
export function computeView(world: World): void {
  world.visible.fill(0);
  const p = world.actors.find((a) => a.id === world.playerId);
  if (!p?.alive) return;
  fieldOfView(world, p.x, p.y, lightRadius(world), (x, y) => {
    const i = idx(world, x, y);
    world.visible[i] = 1;
    world.memory[i] = world.terrain[i]! + 1;
  });
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
