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
import { frontier, knownStairs, travelStep } from '../core/travel.ts';
import { isVisible, type World } from '../core/world.ts';

/** Most steps one travel command takes (a long way is walked in pieces). */
export const MAX_STEPS = 400;

export type TravelGoal = { kind: 'explore' } | { kind: 'stairs'; which: 'down' | 'up' } | { kind: 'cell'; x: number; y: number };

/** What travel needs of the game: its world, a move played as the player plays one, and a line in the log. */
export interface TravelHost {
  readonly world: World | null;
  /** Plays the move; null when nothing was played. `asked`: it stopped to ask (a confirm window is open). */
  move(action: Action): { result: StepResult | null; asked: boolean };
  say(text: string, tone: 'info' | 'system' | 'trap'): void;
}

/** What the player sees that travel stops for. */
interface Sight {
  knownTraps: number;
  monsters: Set<number>;
  items: Set<number>;
}

function sight(world: World): Sight {
  const pid = world.playerId;
  return {
    knownTraps: world.traps.filter((t) => t.knownBy.includes(pid)).length,
    monsters: new Set(world.actors.filter((a) => a.alive && a.faction === 'hostile' && isVisible(world, a.x, a.y)).map((a) => a.id)),
    items: new Set(world.items.filter((i) => isVisible(world, i.x, i.y)).map((i) => i.id)),
  };
}

function goalCells(world: World, goal: TravelGoal): Array<[number, number]> | string {
  switch (goal.kind) {
    case 'explore': {
      // The cell the hero stands on is explored by standing there.
      const hero = player(world);
      const cells = frontier(world).filter(([x, y]) => x !== hero.x || y !== hero.y);
      return cells.length > 0 ? cells : 'There is nothing left to explore here.';
    }
    case 'stairs': {
      const at = knownStairs(world, goal.which);
      return at ? [at] : `You have not found the stairs ${goal.which} yet.`;
    }
    case 'cell':
      return [[goal.x, goal.y]];
  }
}

/** Walks toward the goal (see the module comment); the number of steps taken. */
export function travel(host: TravelHost, goal: TravelGoal): number {
  const start = host.world;
  if (!start || start.over) return 0;
  const before = sight(start);
  if (before.monsters.size > 0) {
    host.say(goal.kind === 'explore' ? 'Not with a monster in view.' : 'Not with a monster in view: step by step.', 'system');
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
      if (steps === 0) host.say(goal.kind === 'explore' ? 'There is nowhere left to explore that you can reach.' : 'You know of no way there.', 'system');
      break;
    }
    const hp = hero.hp;
    const { result, asked } = host.move({ type: 'move', dx: next[0] - hero.x, dy: next[1] - hero.y });
    if (asked || !result || result.refused !== undefined) break;
    const now = sight(world);
    const hurt = player(world).hp < hp;
    const newMonster = [...now.monsters].some((id) => !seen.monsters.has(id));
    const newItem = [...now.items].some((id) => !seen.items.has(id));
    const newTrap = now.knownTraps > seen.knownTraps;
    seen = now;
    if (hurt || newMonster || newItem || newTrap) {
      steps++;
      break;
    }
  }
  return steps;
}
