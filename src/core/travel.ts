/**
 * The player's travel and auto-explore: where to step next, routed over the level as the player
 * knows it. Invariants:
 * - only what the player knows is read: the remembered terrain (`world.memory`, never the real
 *   one), the chests seen, and the traps the player knows of. A trap the player has not found is
 *   floor to the route, so the route with and without unknown traps is the same;
 * - a known trap costs the walk round it that its harm is worth to this hero, read from the exact
 *   odds the confirm window shows (core/stepOdds.ts): the chance it goes off and the chance it
 *   kills. Travel still steps onto one when no way round is cheaper, and the move asks first (the
 *   engine's confirm), so travel never sets off a known trap unasked.
 * The caller (ui/game.ts) plays each step as an ordinary move and decides when to stop.
 */
import { BLOCKED, type CellCost, costToGoals, downhill, terrainSteps } from './route.ts';
import { stepOdds } from './stepOdds.ts';
import { type Actor, chestAt, DIRECTIONS, idx, inBounds, Terrain, type Trap, type World } from './world.ts';

/** Steps a route goes round to miss a known trap that is sure to go off (and no more). */
export const SET_OFF_STEPS = 40;
/** Steps a route goes round to miss a known trap that is sure to kill. */
export const DEATH_STEPS = 2000;
/** A known trap with no exact reading here counts as sure to go off. */
const UNREAD_SET_OFF = 1;

/** The terrain the player remembers at (x, y), or -1 for a cell never seen. */
function remembered(world: World, x: number, y: number): number {
  const m = world.memory[idx(world, x, y)]!;
  return m === 0 ? -1 : m - 1;
}

/** The extra steps a known trap is worth going round, for `hero` (see SET_OFF_STEPS, DEATH_STEPS). */
export function trapDetour(world: World, hero: Actor, trap: Trap): number {
  if (!trap.armed) return 0;
  const odds = stepOdds(world, hero, trap);
  if (!odds) return SET_OFF_STEPS * UNREAD_SET_OFF;
  const setOff = 1 - (odds.avoided?.p ?? 0);
  return SET_OFF_STEPS * setOff + DEATH_STEPS * (odds.death?.p ?? 0);
}

/** The traps the player knows of on this level, by cell, with what each is worth going round. */
function knownTrapDetours(world: World, hero: Actor): Map<number, number> {
  const out = new Map<number, number>();
  for (const t of world.traps) if (t.knownBy.includes(world.playerId)) out.set(idx(world, t.x, t.y), trapDetour(world, hero, t));
  return out;
}

/** The cost of entering each cell for the player's travel (see the module comment). */
export function travelCost(world: World, hero: Actor): CellCost {
  const detours = knownTrapDetours(world, hero);
  return (w, x, y) => {
    if (!inBounds(w, x, y)) return BLOCKED;
    const t = remembered(w, x, y);
    if (t < 0) return BLOCKED;
    // A locked door is BLOCKED: a kick is the player's call; a never-seen cell was refused above.
    const base = terrainSteps(t);
    if (!Number.isFinite(base)) return base;
    // A chest is opened, not walked into; only a seen one is known to be there.
    if (chestAt(w, x, y)) return BLOCKED;
    return base + (detours.get(idx(w, x, y)) ?? 0);
  };
}

/** The next step toward the nearest of `goals` (cells the player knows), or null when none can be reached or the hero is on one. */
export function travelStep(world: World, hero: Actor, goals: ReadonlyArray<readonly [number, number]>): [number, number] | null {
  const known = goals.filter(([x, y]) => inBounds(world, x, y) && remembered(world, x, y) >= 0);
  if (known.length === 0) return null;
  const cost = travelCost(world, hero);
  const dist = costToGoals(world, known, cost);
  if (!Number.isFinite(dist[idx(world, hero.x, hero.y)]!)) return null;
  return downhill(world, hero.x, hero.y, dist, cost);
}

/**
 * The cells auto-explore heads for: remembered cells travel can enter with a never-seen cell
 * beside them (the edge of what the player has seen). A closed door is one: walking into it
 * opens it, and what lies beyond comes into view.
 */
export function frontier(world: World): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = 0; y < world.height; y++)
    for (let x = 0; x < world.width; x++) {
      const t = remembered(world, x, y);
      if (t < 0 || !Number.isFinite(terrainSteps(t))) continue;
      if (DIRECTIONS.some(([dx, dy]) => inBounds(world, x + dx, y + dy) && remembered(world, x + dx, y + dy) < 0)) out.push([x, y]);
    }
  return out;
}

/**
 * The locked doors the player remembers with a never-seen cell beside them: what lies beyond is
 * unexplored, and explore does not open them (a kick is the player's call), so they are what is
 * left in the way when there is nothing else to explore.
 */
export function lockedFrontier(world: World): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = 0; y < world.height; y++)
    for (let x = 0; x < world.width; x++) {
      if (remembered(world, x, y) !== Terrain.DoorLocked) continue;
      if (DIRECTIONS.some(([dx, dy]) => inBounds(world, x + dx, y + dy) && remembered(world, x + dx, y + dy) < 0)) out.push([x, y]);
    }
  return out;
}

/** The stairs down (or up) if the player has seen them. */
export function knownStairs(world: World, which: 'down' | 'up'): [number, number] | null {
  const [x, y] = which === 'down' ? world.stairsDown : world.stairsUp;
  // Seen as stairs: a level without stairs up (a hand-made one) has none to find.
  if (!inBounds(world, x, y) || remembered(world, x, y) !== (which === 'down' ? Terrain.StairsDown : Terrain.StairsUp)) return null;
  return [x, y];
}
