/**
 * Travel and auto-explore as the player does them: step after step toward a goal (core/travel.ts
 * picks each step), each one an ordinary move through the game (recorded, replayable, asked about
 * before a known trap), until something the player should see happens. It stops:
 * - before a known trap in the way (the move's own "Really step onto …?"; a known trapped door or
 *   chest: the game's confirm too), so a trap is never set off unasked;
 * - when a trap becomes known, a hostile monster comes into view, an item comes into view, or the
 *   hero is hurt;
 * - on arrival, when the way is shut, or after MAX_STEPS.
 */
import type { Action } from '../core/actions.ts';
import type { StepResult } from '../core/engine.ts';
import { player } from '../core/level.ts';
import { frontier, knownStairs, lockedFrontier, travelStep } from '../core/travel.ts';
import { type Actor, chebyshev, DIRECTIONS, idx, isDoor, isVisible, isWalkable, terrainAt, type World } from '../core/world.ts';
import { getRuleset, trapNameIn } from '../core/registry.ts';
import { distancesTo, MONSTER_SIGHT } from '../core/brain.ts';
import { whereFrom } from './around.ts';

/** Most steps one travel command takes (a long way is walked in pieces). */
export const MAX_STEPS = 400;

export type TravelGoal = { kind: 'explore' } | { kind: 'stairs'; which: 'down' | 'up' } | { kind: 'cell'; x: number; y: number };

/** What travel needs of the game: its world, a move played as the player plays one, and a line in the log. */
export interface TravelHost {
  readonly world: World | null;
  /** Plays the action as the player would; null when nothing was played. `asked`: it stopped to ask (a confirm window is open). */
  move(action: Action): { result: StepResult | null; asked: boolean };
  say(text: string, tone: 'info' | 'system' | 'trap'): void;
}

/** What the player sees that travel stops for. */
interface Sight {
  knownTraps: number;
  /** Hostile monsters in view, asleep or not; and of them the awake ones that may come for the hero (`mayCome`). */
  monsters: Set<number>;
  awake: Set<number>;
  items: Set<number>;
}

/**
 * An awake monster in view that may come for the hero, so a walk should not start: not one that
 * flees, not one with no way to the hero, and not one on its rounds too far off to see the hero
 * (it hunts only what it sees, core/brain.ts). Such a monster would keep explore from starting
 * turn after turn while it never comes.
 */
function mayCome(world: World, hero: Actor, m: Actor): boolean {
  if (m.status.asleep || m.ai.mode === 'flee') return false;
  if (m.ai.mode !== 'hunt' && chebyshev(m.x, m.y, hero.x, hero.y) > MONSTER_SIGHT) return false;
  return distancesTo(world, hero.x, hero.y, m)[idx(world, m.x, m.y)]! >= 0;
}

function sight(world: World): Sight {
  const pid = world.playerId;
  const hero = player(world);
  const inView = world.actors.filter((a) => a.alive && a.faction === 'hostile' && isVisible(world, a.x, a.y));
  return {
    knownTraps: world.traps.filter((t) => t.knownBy.includes(pid)).length,
    monsters: new Set(inView.map((a) => a.id)),
    awake: new Set(inView.filter((a) => mayCome(world, hero, a)).map((a) => a.id)),
    items: new Set(world.items.filter((i) => isVisible(world, i.x, i.y)).map((i) => i.id)),
  };
}

/** Why a walk does not start with a monster awake in view, and what to do: the nearest one named. */
function awakeInView(world: World, awake: Set<number>): string {
  const hero = player(world);
  const near = world.actors.filter((a) => awake.has(a.id)).sort((a, b) => chebyshev(a.x, a.y, hero.x, hero.y) - chebyshev(b.x, b.y, hero.x, hero.y))[0]!;
  const far = chebyshev(near.x, near.y, hero.x, hero.y);
  return `Not with the ${near.name} awake in view, ${far} ${far === 1 ? 'step' : 'steps'} away: fight it, wait for it (.), or step out of its sight.`;
}

/** Something came into view (or woke in it), or a trap became known, between two looks. */
function news(before: Sight, now: Sight): boolean {
  const fresh = (a: Set<number>, b: Set<number>) => [...b].some((id) => !a.has(id));
  return fresh(before.monsters, now.monsters) || fresh(before.awake, now.awake) || fresh(before.items, now.items) || now.knownTraps > before.knownTraps;
}

function goalCells(world: World, goal: TravelGoal): Array<[number, number]> | string {
  switch (goal.kind) {
    case 'explore': {
      // The cell the hero stands on is explored by standing there.
      const hero = player(world);
      const cells = frontier(world).filter(([x, y]) => x !== hero.x || y !== hero.y);
      return cells.length > 0 ? cells : `There is nothing left to explore here${lockedNote(world)}.`;
    }
    case 'stairs': {
      const at = knownStairs(world, goal.which);
      return at ? [at] : `You have not found the stairs ${goal.which} yet.`;
    }
    case 'cell':
      return [[goal.x, goal.y]];
  }
}

/** What explore leaves to the player when it has nowhere to go: the locked doors with the unseen beyond them. */
function lockedNote(world: World): string {
  const doors = lockedFrontier(world);
  if (doors.length === 0) return '';
  const hero = player(world);
  const [x, y] = doors.sort((a, b) => chebyshev(a[0], a[1], hero.x, hero.y) - chebyshev(b[0], b[1], hero.x, hero.y))[0]!;
  const where = whereFrom(hero.x, hero.y, x, y);
  return ` but behind ${doors.length === 1 ? `a locked door (${where})` : `${doors.length} locked doors (the nearest ${where})`}: kick one open (K) or find another way`;
}

/** Walks toward the goal (see the module comment); the number of steps taken. */
export function travel(host: TravelHost, goal: TravelGoal): number {
  const start = host.world;
  if (!start || start.over) return 0;
  const before = sight(start);
  // A sleeping monster in view does not stop a walk (it would never start); an awake one does.
  if (before.awake.size > 0) {
    host.say(awakeInView(start, before.awake), 'system');
    return 0;
  }
  let seen = before;
  let steps = 0;
  for (; steps < MAX_STEPS; steps++) {
    const world = host.world;
    if (!world || world !== start || world.over) break;
    const cells = goalCells(world, goal);
    if (typeof cells === 'string') {
      if (steps === 0) host.say(cells, 'system');
      break;
    }
    const hero = player(world);
    const next = travelStep(world, hero, cells);
    if (!next) {
      if (steps === 0) host.say(goal.kind === 'explore' ? `There is nowhere left to explore that you can reach${lockedNote(world)}.` : 'You know of no way there.', 'system');
      break;
    }
    const hp = hero.hp;
    const { result, asked } = host.move({ type: 'move', dx: next[0] - hero.x, dy: next[1] - hero.y });
    if (asked || !result || result.refused !== undefined) break;
    const now = sight(world);
    const hurt = player(world).hp < hp;
    const seenNews = news(seen, now);
    seen = now;
    if (hurt || seenNews) {
      steps++;
      break;
    }
  }
  return steps;
}

/** What a run stops for on arriving: cells one can walk onto around the hero (their count), doors beside it, an item here. */
function surroundings(world: World): { open: number; door: boolean; item: boolean } {
  const hero = player(world);
  let open = 0;
  let door = false;
  for (const [dx, dy] of DIRECTIONS) {
    const t = terrainAt(world, hero.x + dx, hero.y + dy);
    if (isWalkable(t)) open++;
    if (isDoor(t)) door = true;
  }
  return { open, door, item: world.items.some((i) => i.x === hero.x && i.y === hero.y) };
}

/**
 * Runs one way (Shift + a direction): the first step is an ordinary move (it opens a door, attacks,
 * asks before a known trap); after it the run goes on while the way ahead is open floor and stops
 * before a known trap, at a branch (the cells one can walk onto around the hero change in number:
 * a side passage, a room's edge), beside a door, on an item, when a monster, an item or a trap
 * comes into view, or when hurt. The number of steps taken.
 */
export function run(host: TravelHost, dx: number, dy: number): number {
  const start = host.world;
  if (!start || start.over) return 0;
  let seen = sight(start);
  if (seen.awake.size > 0) {
    host.say(awakeInView(start, seen.awake), 'system');
    return 0;
  }
  let around: ReturnType<typeof surroundings> | null = null;
  let steps = 0;
  for (; steps < MAX_STEPS; steps++) {
    const world = host.world;
    if (!world || world !== start || world.over) break;
    const hero = player(world);
    const x = hero.x + dx;
    const y = hero.y + dy;
    if (steps > 0) {
      if (!isWalkable(terrainAt(world, x, y))) break;
      const trap = world.traps.find((t) => t.x === x && t.y === y && t.armed && t.knownBy.includes(world.playerId));
      if (trap) {
        host.say(`You stop before the ${trapNameIn(getRuleset(world.ruleset), trap)}.`, 'trap');
        break;
      }
      if (world.actors.some((a) => a.alive && a.id !== hero.id && a.x === x && a.y === y)) break;
    }
    // The hero is changed in place by the step: what it was is kept apart.
    const [fromX, fromY, hp] = [hero.x, hero.y, hero.hp];
    const { result, asked } = host.move({ type: 'move', dx, dy });
    if (asked || !result || result.refused !== undefined) break;
    const moved = player(world);
    if (chebyshev(moved.x, moved.y, fromX, fromY) === 0) {
      steps++;
      break;
    }
    const now = sight(world);
    const stop = moved.hp < hp || news(seen, now);
    seen = now;
    const here = surroundings(world);
    const branched = around !== null && here.open !== around.open;
    around = here;
    if (stop || branched || here.door || here.item) {
      steps++;
      break;
    }
  }
  return steps;
}

/** Turns a rest goes on without a hit point regained before it says resting does nothing here. */
export const REST_PROBE = 100;
/** Most turns one rest takes. */
export const REST_TURNS = 1000;

/**
 * Rests (Z): waits turn after turn until the hero's hit points are full, stopping when a monster,
 * an item or a trap comes into view or the hero is hurt. A ruleset that does not heal (its
 * settings) is told after REST_PROBE turns without a point regained. The number of turns rested.
 */
export function rest(host: TravelHost): number {
  const start = host.world;
  if (!start || start.over) return 0;
  const first = player(start);
  if (first.hp >= first.maxHp) {
    host.say('You are not hurt.', 'system');
    return 0;
  }
  let seen = sight(start);
  if (seen.awake.size > 0) {
    host.say(awakeInView(start, seen.awake), 'system');
    return 0;
  }
  let turns = 0;
  let lastGain = 0;
  for (; turns < REST_TURNS; turns++) {
    const world = host.world;
    if (!world || world !== start || world.over) break;
    const hp = player(world).hp;
    const { result } = host.move({ type: 'wait' });
    if (!result || result.refused !== undefined) break;
    const hero = player(world);
    const now = sight(world);
    if (hero.hp < hp || news(seen, now)) {
      turns++;
      break;
    }
    seen = now;
    if (hero.hp > hp) lastGain = turns;
    if (hero.hp >= hero.maxHp) {
      host.say('You feel rested.', 'info');
      turns++;
      break;
    }
    if (turns - lastGain >= REST_PROBE) {
      host.say(`${REST_PROBE} turns of rest healed nothing: this game's rules heal no one by resting (its healing settings).`, 'system');
      turns++;
      break;
    }
  }
  return turns;
}
