/**
 * Monster brains: wander their patrol, hunt the player they see, investigate noises, flee when
 * hurt. Chasing uses one distance flood from the player per position (shared by every monster),
 * not a path search per monster. Traps a monster knows of cost extra on its route; traps it does
 * not know of are just floor to it. A monster that cannot get on gives up in the end: a hunter or
 * an investigator after its patience, one on its rounds by turning back (see `whenStuck`).
 */
import type { Action } from './actions.ts';
import { actorAt, actorById, levelOf, neighboursTaken, trapAt } from './level.ts';
import type { Random } from './rng.ts';
import type { Ruleset } from './ruleset.ts';
import { type Actor, type MonsterMind, chebyshev, chestAt, DIRECTIONS, idx, isVisible, isWalkable, mindWith, Terrain, type World } from './world.ts';

/** Extra steps a monster will walk to go round a trap it knows of. */
export const KNOWN_TRAP_COST = 8;
/** How far monsters see the player (when the player sees them). */
export const MONSTER_SIGHT = 8;

/**
 * Distances to (x, y) over walkable cells and doors, from the level's kept floods (see
 * `Floods.distancesTo`: exact wherever the monster `from` may step).
 */
export function distancesTo(world: World, x: number, y: number, from?: Actor): Int32Array {
  return levelOf(world).floods.distancesTo(x, y, from);
}

function sees(world: World, m: Actor, target: Actor): boolean {
  return target.alive && isVisible(world, m.x, m.y) && chebyshev(m.x, m.y, target.x, target.y) <= MONSTER_SIGHT;
}

/** Score of stepping onto (x, y) for a monster heading down `dist`; Infinity when it cannot. */
const ZERO_DIST = new Int32Array(0);

function stepScore(world: World, m: Actor, dist: Int32Array, x: number, y: number, r: Ruleset, noDist = false): number {
  if (x < 0 || y < 0 || x >= world.width || y >= world.height) return Number.POSITIVE_INFINITY;
  const i = idx(world, x, y);
  const t = world.terrain[i]!;
  if (!isWalkable(t) && !(t === Terrain.DoorClosed && m.opensDoors)) return Number.POSITIVE_INFINITY;
  if (chestAt(world, x, y)) return Number.POSITIVE_INFINITY;
  const d = noDist ? 0 : dist[i]!;
  if (d < 0) return Number.POSITIVE_INFINITY;
  const trap = trapAt(world, x, y);
  const known = trap && trap.host.kind === 'floor' && !m.flying && r.monsterKnowsTrap(world, m, trap);
  if (known && r.knownTrapsBlock) return Number.POSITIVE_INFINITY;
  return d + (known ? KNOWN_TRAP_COST : 0);
}

function occupiedByOther(world: World, m: Actor, x: number, y: number): Actor | undefined {
  const a = actorAt(world, x, y);
  return a && a.id !== m.id ? a : undefined;
}

const NEIGHBOURS_TAKEN = [false, false, false, false, false, false, false, false];

/** Which of the 8 neighbours (DIRECTIONS order) another living actor stands on. Returns a shared array, valid until the next call. */
function occupiedNeighbours(world: World, m: Actor): boolean[] {
  neighboursTaken(world, m, NEIGHBOURS_TAKEN);
  return NEIGHBOURS_TAKEN;
}
const NEIGHBOUR_INDEX = [7, 0, 1, 6, -1, 2, 5, 4, 3];
const DIRECTION_X = DIRECTIONS.map(([dx]) => dx);
const DIRECTION_Y = DIRECTIONS.map(([, dy]) => dy);

// A monster's actions are one of these few, shared and frozen: no new object per monster turn.
const MOVES: readonly Action[] = DIRECTIONS.map(([dx, dy]) => Object.freeze({ type: 'move', dx, dy }));
const WAIT: Action = Object.freeze({ type: 'wait' });

/** The move one step by (dx, dy), each -1, 0 or 1 and not both 0. */
function moveBy(dx: number, dy: number): Action {
  return MOVES[NEIGHBOUR_INDEX[(dy + 1) * 3 + (dx + 1)]!]!;
}

/**
 * One step that makes progress down `dist` (or up it when fleeing). Among the steps that make
 * progress, a trap the monster knows of costs KNOWN_TRAP_COST, so an equally short way round wins;
 * with no other way forward it still crosses. Never steps back, so it cannot oscillate.
 */
function stepAlong(world: World, m: Actor, dist: Int32Array, r: Ruleset, away: boolean, rng: Random): Action {
  const here = dist[idx(world, m.x, m.y)]!;
  let best = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  const start = rng.int(0, 7);
  const occupied = occupiedNeighbours(world, m);
  for (let k = 0; k < 8; k++) {
    const d = (start + k) % 8;
    if (occupied[d]) continue;
    const nx = m.x + DIRECTION_X[d]!;
    const ny = m.y + DIRECTION_Y[d]!;
    if (nx < 0 || ny < 0 || nx >= world.width || ny >= world.height) continue;
    // Progress first: it rules out most neighbours before the dearer look at the cell itself.
    const reach = dist[idx(world, nx, ny)]!;
    const progress = here < 0 || (away ? reach > here : reach < here);
    if (!progress) continue;
    const s = stepScore(world, m, dist, nx, ny, r);
    if (!Number.isFinite(s)) continue;
    // Fleeing prefers the farthest cell: score by negated distance, keeping the trap cost.
    const score = away ? s - 2 * reach : s;
    if (score < bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best >= 0 ? MOVES[best]! : WAIT;
}

export interface MonsterDecision {
  action: Action;
  /** The monster's new state of mind, when it changed. */
  mind: MonsterMind | undefined;
  /**
   * The action is a step onto a cell the brain has just checked: on the map, walkable (no door),
   * no chest, nobody there. The engine walks it without asking all that again.
   */
  clearStep: boolean;
}

// The one decision object `decide` fills: read at once by the engine, so none is made per turn.
const DECISION: MonsterDecision = { action: WAIT, mind: undefined, clearStep: false };
// Set by `wander` when its step is a clear one (see MonsterDecision.clearStep), for `decide` to hand on.
let clearStep = false;

/**
 * Decides a monster's action and state of mind. Pure apart from the draws on `rng`. Returns a
 * shared object, valid until the next call.
 */
export function decide(world: World, m: Actor, rng: Random, r: Ruleset): MonsterDecision {
  const hero = actorById(world, world.playerId);
  const hostile = m.faction === 'hostile' && hero !== undefined && hero.alive;
  const seesHero = hostile && sees(world, m, hero);
  let mind: MonsterMind = m.ai;
  if (seesHero) {
    const intelligence = typeof m.traits.intelligence === 'number' ? m.traits.intelligence : 1;
    const mode = m.hp < m.maxHp * 0.3 && intelligence >= 2 ? 'flee' : 'hunt';
    // Most turns a hunter already hunts where the hero stands: no new state of mind then.
    if (m.ai.mode !== mode || m.ai.targetX !== hero.x || m.ai.targetY !== hero.y) mind = mindWith(m.ai, { mode, targetX: hero.x, targetY: hero.y, patience: HUNT_PATIENCE });
  } else if ((m.ai.mode === 'hunt' || m.ai.mode === 'investigate') && m.x === m.ai.targetX && m.y === m.ai.targetY) {
    mind = mindWith(m.ai, { mode: 'wander', patience: 0 });
  } else if (m.ai.mode === 'flee') {
    mind = mindWith(m.ai, { mode: 'wander' });
  }
  // At either end of its rounds it turns back.
  const route = mind.route;
  if (mind.mode === 'wander' && route && route.length > 1) {
    const here = idx(world, m.x, m.y);
    const dir = mind.dir ?? 1;
    if ((dir === 1 && here === route[route.length - 1]) || (dir === -1 && here === route[0])) mind = mindWith(mind, { dir: dir === 1 ? -1 : 1 });
  }
  clearStep = false;
  const action = actionFor(world, m, rng, r, mind, hero, seesHero);
  if (action.type === 'wait') mind = whenStuck(world, m, mind, seesHero);
  const changed =
    mind.mode !== m.ai.mode || mind.targetX !== m.ai.targetX || mind.targetY !== m.ai.targetY || mind.dir !== m.ai.dir || mind.patience !== m.ai.patience;
  DECISION.action = action;
  DECISION.mind = changed ? mind : undefined;
  DECISION.clearStep = clearStep;
  return DECISION;
}

/** Turns a hunter (out of sight of its quarry) or an investigator waits, unable to get closer, before it gives up. */
export const HUNT_PATIENCE = 20;
export const INVESTIGATE_PATIENCE = 30;

/**
 * A monster that can take no step this turn. A hunter that has lost sight of the hero, or an
 * investigator, uses up a turn of its patience, and with none left gives up and goes back to its
 * rounds (a rat cannot open the door between it and a noise, and would otherwise wait there for
 * ever). A monster on its rounds with no way on and no way round turns back: two meeting in a
 * corridor would otherwise wait for each other for ever. A monster in plain sight of the hero
 * keeps at it.
 */
function whenStuck(world: World, m: Actor, mind: MonsterMind, seesHero: boolean): MonsterMind {
  if (mind.mode === 'investigate' || (mind.mode === 'hunt' && !seesHero)) {
    // Giving up, it wanders from where it stands (one without rounds idles there).
    return mind.patience > 1 ? mindWith(mind, { patience: mind.patience - 1 }) : mindWith(mind, { mode: 'wander', patience: 0, targetX: m.x, targetY: m.y });
  }
  const route = mind.route;
  if (mind.mode === 'wander' && route && route.length > 1 && routePosition(route, idx(world, m.x, m.y)) >= 0) {
    return mindWith(mind, { dir: (mind.dir ?? 1) === 1 ? -1 : 1 });
  }
  return mind;
}

/**
 * A step that brings the monster strictly closer (Chebyshev) to (tx, ty), preferring cells it does
 * not know a trap on and then the straighter line; null when no such step exists.
 */
function directStep(world: World, m: Actor, tx: number, ty: number, r: Ruleset): Action | null {
  const here = chebyshev(m.x, m.y, tx, ty);
  const occupied = occupiedNeighbours(world, m);
  let best: Action | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let d = 0; d < 8; d++) {
    if (occupied[d]) continue;
    const [dx, dy] = DIRECTIONS[d]!;
    const nx = m.x + dx;
    const ny = m.y + dy;
    const closer = chebyshev(nx, ny, tx, ty);
    if (closer >= here) continue;
    // stepScore over a zero "distance" gives 0, or the known-trap cost, or Infinity when blocked.
    const cost = stepScore(world, m, ZERO_DIST, nx, ny, r, true);
    if (!Number.isFinite(cost)) continue;
    const score = cost * 100 + (nx - tx) ** 2 + (ny - ty) ** 2;
    if (score < bestScore) {
      bestScore = score;
      best = moveBy(dx, dy);
    }
  }
  return best !== null && bestScore < KNOWN_TRAP_COST * 100 ? best : null;
}

/** A monster's action for its state of mind (`decide` has set its mode from what it sees). */
function actionFor(world: World, m: Actor, rng: Random, r: Ruleset, mind: MonsterMind, hero: Actor | undefined, seesHero: boolean): Action {
  const mode = mind.mode;

  if (mode === 'hunt' && hero) {
    if (chebyshev(m.x, m.y, hero.x, hero.y) === 1) return moveBy(hero.x - m.x, hero.y - m.y);
    const target = seesHero ? [hero.x, hero.y] : [mind.targetX, mind.targetY];
    if (!seesHero && m.x === target[0] && m.y === target[1]) return wander(world, m, mind, rng, r);
    // In plain sight the straight way usually works; flood only when it is blocked.
    if (seesHero) {
      const direct = directStep(world, m, hero.x, hero.y, r);
      if (direct) return direct;
    }
    return stepAlong(world, m, distancesTo(world, target[0]!, target[1]!, m), r, false, rng);
  }
  if (mode === 'flee' && hero) return stepAlong(world, m, distancesTo(world, hero.x, hero.y, m), r, true, rng);
  if (mode === 'investigate') {
    if (m.x === mind.targetX && m.y === mind.targetY) return wander(world, m, mind, rng, r);
    return stepAlong(world, m, distancesTo(world, mind.targetX, mind.targetY, m), r, false, rng);
  }
  return wander(world, m, mind, rng, r);
}

/**
 * A free side cell (no creature, no trap it knows of) next to the monster and next to `beyond`,
 * the route cell after the blocked one; null when there is none or the route ends first.
 */
function sidestep(world: World, m: Actor, beyond: number | undefined, blocked: number, r: Ruleset, rng: Random): Action | null {
  if (beyond === undefined) return null;
  const bx = beyond % world.width;
  const by = Math.floor(beyond / world.width);
  const start = rng.int(0, 7);
  for (let k = 0; k < 8; k++) {
    const d = (start + k) % 8;
    if (d === blocked) continue;
    const x = m.x + DIRECTION_X[d]!;
    const y = m.y + DIRECTION_Y[d]!;
    // Only the few cells next to `beyond` are asked who stands there.
    if (chebyshev(x, y, bx, by) > 1) continue;
    if (stepScore(world, m, ZERO_DIST, x, y, r, true) === 0 && !occupiedByOther(world, m, x, y)) return MOVES[d]!;
  }
  return null;
}

/** A step onto a free route cell next to the monster, the farthest along the way it walks; null when none. */
function rejoin(world: World, m: Actor, route: readonly number[], dir: number, r: Ruleset): Action | null {
  const occupied = occupiedNeighbours(world, m);
  let best: Action | null = null;
  let bestAt = -1;
  for (let d = 0; d < 8; d++) {
    if (occupied[d]) continue;
    const [dx, dy] = DIRECTIONS[d]!;
    const x = m.x + dx;
    const y = m.y + dy;
    if (x < 0 || y < 0 || x >= world.width || y >= world.height) continue;
    const at = routePosition(route, idx(world, x, y));
    if (at < 0 || stepScore(world, m, ZERO_DIST, x, y, r, true) !== 0) continue;
    const along = dir === 1 ? at : route.length - 1 - at;
    if (along > bestAt) {
      bestAt = along;
      best = moveBy(dx, dy);
    }
  }
  return best;
}

/** The route's i-th cell, undefined past either end (checked, so no read goes past the array's end). */
function routeCell(route: readonly number[], i: number): number | undefined {
  return i >= 0 && i < route.length ? route[i] : undefined;
}

const routeIndexes = new WeakMap<readonly number[], Map<number, number>>();
/** Up to this length a route is searched as it is: a short scan of one array beats two hash lookups. */
const SCANNED_ROUTE = 64;

/** Where a cell is on a route (its first visit), -1 when off it; long routes are indexed once per route array. */
function routePosition(route: readonly number[], cell: number): number {
  if (route.length <= SCANNED_ROUTE) return route.indexOf(cell);
  let index = routeIndexes.get(route);
  if (!index) {
    index = new Map();
    for (let i = 0; i < route.length; i++) if (!index.has(route[i]!)) index.set(route[i]!, i);
    routeIndexes.set(route, index);
  }
  return index.get(cell) ?? -1;
}

/**
 * Walks its rounds: the next cell along its route (turning back at the ends, which `decide` does).
 * A creature in the way, or a trap it knows of, it goes round by a side cell that rejoins the
 * route beyond; with no way round it waits for the creature and crosses the trap. Off the route
 * (after a chase, or stepping round) it steps back onto the route next to it, or else heads for
 * where its rounds begin. All of this looks only at the cells next to it: no path search.
 */
function wander(world: World, m: Actor, mind: MonsterMind, rng: Random, r: Ruleset): Action {
  const route = mind.route;
  if (route && route.length > 1) {
    const dir = mind.dir ?? 1;
    const at = routePosition(route, idx(world, m.x, m.y));
    if (at < 0) {
      const back = rejoin(world, m, route, dir, r);
      if (back) return back;
      const start = route[0]!;
      return stepAlong(world, m, distancesTo(world, start % world.width, Math.floor(start / world.width), m), r, false, rng);
    }
    const next = routeCell(route, at + dir);
    if (next === undefined) return WAIT;
    const nx = next % world.width;
    const ny = Math.floor(next / world.width);
    const dx = nx - m.x;
    const dy = ny - m.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx === 0 && dy === 0)) return WAIT;
    const d = NEIGHBOUR_INDEX[(dy + 1) * 3 + (dx + 1)]!;
    const score = stepScore(world, m, ZERO_DIST, nx, ny, r, true);
    // Only the next cell matters on the usual turn; the other neighbours only when going round.
    const blocked = occupiedByOther(world, m, nx, ny) !== undefined;
    if (score === 0 && !blocked) {
      // stepScore 0: walkable or a door it opens, no chest, no trap it knows; not blocked: nobody there.
      clearStep = isWalkable(world.terrain[next]!);
      return moveBy(dx, dy);
    }
    const round = sidestep(world, m, routeCell(route, at + 2 * dir), d, r, rng);
    if (round) return round;
    return Number.isFinite(score) && !blocked ? moveBy(dx, dy) : WAIT;
  }
  if (m.x === mind.targetX && m.y === mind.targetY) {
    // No rounds to walk (a drawn scenario): idle, taking a random step now and then.
    if (rng.uniform() < 0.5) return WAIT;
    const [dx, dy] = DIRECTIONS[rng.int(0, 7)]!;
    const nx = m.x + dx;
    const ny = m.y + dy;
    const score = stepScore(world, m, ZERO_DIST, nx, ny, r, true);
    if (Number.isFinite(score) && score === 0 && !occupiedByOther(world, m, nx, ny)) return moveBy(dx, dy);
    return WAIT;
  }
  return stepAlong(world, m, distancesTo(world, mind.targetX, mind.targetY, m), r, false, rng);
}
