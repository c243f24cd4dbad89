/**
 * The raised tile (CDDA's temple flood): only the player sets it off; every raised tile on the
 * level goes, and three turns later water starts to spread from the tile over the room's floor,
 * filling it in `floodTurns` turns (the seed: "Expect neck-deep water in 10 turns"). The tile
 * stays, disarmed, to carry the flood's state (data.floodFrom, data.floodStep) until it is done.
 * The room is the one placement recorded in data (x1..y2); in a hand-drawn map, the floor within
 * `floodTurns` steps.
 */
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, DIRECTIONS, idx, inBounds, Terrain, type Trap, type World } from '../../core/world.ts';
import { isPlayer } from './actors.ts';
import { cddaSettings } from './settings.ts';
import { turnOf } from '../../core/scheduler.ts';

/** The flood starts this many turns after the tile is stepped on. */
export const FLOOD_DELAY = 3;

export function turnIndex(world: World): number {
  return turnOf(world.time);
}

export function raisedTile(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  // "Can be activated only by the player."
  if (!actor || !isPlayer(ctx.world, actor)) return;
  ctx.say('You step on a loose tile, and water starts to flood the room!', 'danger');
  for (const other of ctx.world.traps.filter((t) => t.kind === 'raised_tile' && t.id !== trap.id && t.armed)) ctx.removeTrap(other, 'destroyed');
  ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: false, data: { floodFrom: turnIndex(ctx.world) + FLOOD_DELAY, floodStep: 0 } } });
}

function hasRoom(trap: Trap): boolean {
  const { x1, y1, x2, y2 } = trap.data;
  return typeof x1 === 'number' && typeof y1 === 'number' && typeof x2 === 'number' && typeof y2 === 'number';
}

function inRoom(trap: Trap, x: number, y: number): boolean {
  if (!hasRoom(trap)) return true;
  const { x1, y1, x2, y2 } = trap.data as Record<string, number>;
  return x >= x1! && x <= x2! && y >= y1! && y <= y2!;
}

/** Steps from the tile to every floor cell of its room (8-way, not through doors). */
export function floodDistances(world: World, trap: Trap, limit: number): Map<number, number> {
  const dist = new Map<number, number>([[idx(world, trap.x, trap.y), 0]]);
  const queue: Array<[number, number]> = [[trap.x, trap.y]];
  for (let head = 0; head < queue.length; head++) {
    const [x, y] = queue[head]!;
    const d = dist.get(idx(world, x, y))!;
    if (d >= limit) continue;
    for (const [dx, dy] of DIRECTIONS) {
      const nx = x + dx;
      const ny = y + dy;
      if (!inBounds(world, nx, ny) || !inRoom(trap, nx, ny)) continue;
      const i = idx(world, nx, ny);
      const t = world.terrain[i];
      if (dist.has(i) || (t !== Terrain.Floor && t !== Terrain.Water)) continue;
      dist.set(i, d + 1);
      queue.push([nx, ny]);
    }
  }
  return dist;
}

/** Once a game turn: every flood under way spreads one step. */
export function onWorldTurn(ctx: RuleContext): void {
  const world = ctx.world;
  const turns = cddaSettings(ctx.settings).floodTurns;
  for (const trap of world.traps.filter((t) => t.kind === 'raised_tile' && typeof t.data.floodFrom === 'number')) {
    if (turnIndex(world) < (trap.data.floodFrom as number)) continue;
    const step = ((trap.data.floodStep as number) ?? 0) + 1;
    const dist = floodDistances(world, trap, hasRoom(trap) ? Number.POSITIVE_INFINITY : turns);
    const far = Math.max(0, ...dist.values());
    const reach = Math.ceil((far * step) / turns);
    const hero = world.actors.find((a) => a.id === world.playerId);
    let heroWet = false;
    for (const [i, d] of dist) {
      if (d > reach || world.terrain[i] === Terrain.Water) continue;
      const x = i % world.width;
      const y = (i - x) / world.width;
      ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.Water });
      if (hero && hero.x === x && hero.y === y) heroWet = true;
    }
    if (heroWet) ctx.say('Water quickly floods up to your knees.', 'bad');
    if (step >= turns) {
      if (hero && dist.has(idx(world, hero.x, hero.y))) ctx.say('Water fills nearly to the ceiling!', 'danger');
      ctx.removeTrap(trap, 'spent');
    } else ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { floodStep: step } } });
  }
}
