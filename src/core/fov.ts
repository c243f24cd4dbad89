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

/** Calls `cb` for every cell seen from (x, y) within `radius` (a cell may be reported more than once). */
export function fieldOfView(world: World, x: number, y: number, radius: number, cb: (x: number, y: number) => void): void {
  const fov = new FOV.RecursiveShadowcasting((cx, cy) => {
    if (!inBounds(world, cx, cy)) return false;
    if (cx === x && cy === y) return true;
    return isTransparent(world.terrain[idx(world, cx, cy)]!);
  });
  fov.compute(x, y, radius, (cx, cy) => {
    if (inBounds(world, cx, cy)) cb(cx, cy);
  });
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
