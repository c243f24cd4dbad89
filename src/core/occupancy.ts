/**
 * Who stands where, as a cell index, while a step runs. Monsters ask "is anyone there?" many times
 * a turn; scanning every actor each time was a good part of a turn's cost. The index belongs to
 * one world and is only trusted during a step, when every change goes through an event that keeps
 * it current (`applyEvent` calls the hooks below). Between steps anything may have touched the
 * world (a test, an editor), so each step checks the index against the actors first and rebuilds
 * it when they disagree. Any doubt (two actors on one cell for a moment, as in a swap) drops the
 * index for the rest of the step, and lookups go back to scanning.
 */
import type { Actor, World } from './world.ts';

interface Occupancy {
  /** Index into `actors` plus one for each cell, 0 where no living actor stands. */
  grid: Int32Array;
  actors: Actor[];
  width: number;
  /** Living actors in the grid. */
  count: number;
  active: boolean;
}

const occupancies = new WeakMap<World, Occupancy>();
let lastWorld: World | null = null;
let lastOccupancy: Occupancy | undefined;

function store(world: World, o: Occupancy | undefined): void {
  if (o) occupancies.set(world, o);
  else occupancies.delete(world);
  if (world === lastWorld) lastOccupancy = o;
}

function build(world: World): Occupancy {
  const grid = new Int32Array(world.width * world.height);
  let count = 0;
  world.actors.forEach((a, i) => {
    if (!a.alive) return;
    const cell = a.y * world.width + a.x;
    if (grid[cell] !== 0) return;
    grid[cell] = i + 1;
    count++;
  });
  return { grid, actors: world.actors, width: world.width, count, active: true };
}

function agrees(world: World, o: Occupancy): boolean {
  if (o.actors !== world.actors || o.width !== world.width || o.grid.length !== world.width * world.height) return false;
  let alive = 0;
  const list = world.actors;
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    if (!a.alive) continue;
    alive++;
    if (a.x < 0 || a.y < 0 || a.x >= world.width || o.grid[a.y * world.width + a.x] !== i + 1) return false;
  }
  return alive === o.count;
}

/** Starts trusting the index for a step, rebuilding it if the world changed outside events. */
export function beginOccupancy(world: World): void {
  const o = occupancies.get(world);
  if (o && agrees(world, o)) o.active = true;
  else store(world, build(world));
}

/** Stops trusting the index: the step is over. */
export function endOccupancy(world: World): void {
  const o = occupancies.get(world);
  if (o) o.active = false;
}

function live(world: World): Occupancy | undefined {
  const o = world === lastWorld ? lastOccupancy : occupancies.get(world);
  // The world asked about last: a step asks about one world hundreds of times in a row.
  lastWorld = world;
  lastOccupancy = o;
  return o?.active && o.actors === world.actors ? o : undefined;
}

/**
 * The living actor on (x, y): from the index during a step, else by scanning. Callers pass cells
 * inside the map.
 */
export function occupant(world: World, x: number, y: number): Actor | undefined {
  const o = live(world);
  if (o) {
    const k = o.grid[y * o.width + x]!;
    return k === 0 ? undefined : o.actors[k - 1];
  }
  for (const a of world.actors) if (a.alive && a.x === x && a.y === y) return a;
  return undefined;
}

/** Event hook: an actor moved (its coordinates not yet changed). */
export function occupancyMoved(world: World, actor: Actor, toX: number, toY: number): void {
  const o = live(world);
  if (!o) return;
  const from = actor.y * o.width + actor.x;
  const to = toY * o.width + toX;
  const index = o.grid[from]! - 1;
  if (!actor.alive || o.actors[index] !== actor || (o.grid[to] !== 0 && o.grid[to] !== index + 1)) {
    store(world, undefined);
    return;
  }
  o.grid[from] = 0;
  o.grid[to] = index + 1;
}

/** Event hook: an actor died (already marked dead). */
export function occupancyDied(world: World, actor: Actor): void {
  const o = live(world);
  if (!o) return;
  const cell = actor.y * o.width + actor.x;
  if (o.grid[cell] === 0 || o.actors[o.grid[cell]! - 1] !== actor) {
    store(world, undefined);
    return;
  }
  o.grid[cell] = 0;
  o.count--;
}

/** Event hook: actors were added or revived, or a new level came (already applied). */
export function occupancyChanged(world: World): void {
  const o = occupancies.get(world);
  if (o?.active) store(world, build(world));
}

/** The 8 neighbours, clockwise from north (the order of world.ts's DIRECTIONS). */
const AROUND_X = [0, 1, 1, 1, 0, -1, -1, -1];
const AROUND_Y = [-1, -1, 0, 1, 1, 1, 0, -1];

/**
 * Fills `out` with whether another living actor stands on each of the 8 neighbours of `actor`
 * (clockwise from north; off the map counts as free, the caller checks terrain).
 */
export function neighboursTaken(world: World, actor: Actor, out: boolean[]): void {
  const o = live(world);
  for (let d = 0; d < 8; d++) {
    const x = actor.x + AROUND_X[d]!;
    const y = actor.y + AROUND_Y[d]!;
    if (x < 0 || y < 0 || x >= world.width || y >= world.height) {
      out[d] = false;
      continue;
    }
    const other = o ? (o.grid[y * o.width + x] === 0 ? undefined : o.actors[o.grid[y * o.width + x]! - 1]) : occupant(world, x, y);
    out[d] = other !== undefined && other !== actor;
  }
}
