/**
 * Placing traps ("Platzieren von Fallen"): a hero carries a trap to where it is used and places it
 * "im Umkreis von 1 Feld" (diagonals count) on a free cell: not where a hero, the tower, a pond or
 * another trap is, and not across an obstacle. Placing is the hero's only action that turn.
 *
 * On the roguelike grid: heroes are any actor; the tower is the stairs (the map's fixed landmark); a
 * pond is water or ice; traps go on cells, not on the boundaries between them, so never in doorways;
 * chests take up their cell. "Across an obstacle" matters on a diagonal: a wall, closed door or chest
 * on either cell beside the diagonal blocks it (a trap is not slipped round a corner).
 */
import { show, thing } from '../../core/messages.ts';
import type { RigOption, RigReading, RuleContext } from '../../core/ruleset.ts';
import { type Actor, chestAt, inBounds, isDoor, isTransparent, Terrain, TERRAIN_NAMES, terrainAt, type World } from '../../core/world.ts';
import { carried } from './hero.ts';
import { readSettings } from './settings.ts';
import { isWastelandTrap, TRAP_KINDS, trapNoun } from './traps.ts';
import { actionsTaken, isFirstActionNow } from './turns.ts';
import { actorAt, trapAt } from '../../core/level.ts';

export const NOT_ONLY_ACTION = 'Placing a trap must be your only action this turn: end this turn first (wait).';

function isObstacle(world: World, x: number, y: number): boolean {
  return !isTransparent(terrainAt(world, x, y)) || chestAt(world, x, y) !== undefined;
}

/**
 * Why `actor` may not place a trap at (x, y), or null. Only traps the actor knows of count: an
 * unknown one is found when the hero tries (see `rig`).
 */
export function placementProblem(world: World, actor: Actor, x: number, y: number): string | null {
  const dx = x - actor.x;
  const dy = y - actor.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) > 1) return 'A trap goes on a cell next to you (diagonals count).';
  if (dx === 0 && dy === 0) return 'Not on your own cell: no trap may go where a hero stands.';
  if (!inBounds(world, x, y)) return 'You cannot place a trap off the map.';
  const t = terrainAt(world, x, y);
  if (t === Terrain.Water || t === Terrain.Ice) return 'No trap may go in a pond.';
  if (t === Terrain.StairsUp || t === Terrain.StairsDown) return 'No trap may go on the stairs.';
  if (isDoor(t)) return 'Traps go on cells, not in the doorways between them.';
  if (t !== Terrain.Floor) return `You cannot place a trap on the ${TERRAIN_NAMES[t as Terrain] ?? 'wall'}.`;
  if (chestAt(world, x, y)) return 'A chest stands there.';
  if (actorAt(world, x, y)) return 'No trap may go where a hero stands.';
  const there = trapAt(world, x, y);
  if (there?.knownBy.includes(actor.id)) return 'There is already a trap there.';
  if (dx !== 0 && dy !== 0 && (isObstacle(world, actor.x + dx, actor.y) || isObstacle(world, actor.x, actor.y + dy)))
    return 'A trap may not be placed across an obstacle.';
  return null;
}

/** Placing a trap rolls no dice: only a trap the hero has not found, already there, stops it (`rig` finds it instead). */
export function rigReading(_world: World, _actor: Actor, what: string): RigReading | null {
  return (TRAP_KINDS as readonly string[]).includes(what) ? { unread: 'No roll: it is placed, unless a trap you have not found is there (you find it instead).' } : null;
}

/** The ruleset's `rigOptions`: the traps the actor carries, greyed out once it has acted this turn. */
export function rigOptions(world: World, actor: Actor): RigOption[] {
  const acted = actionsTaken(world, actor) > 0;
  return TRAP_KINDS.map((kind) => {
    const count = carried(actor, kind);
    const name = trapNoun(kind).name;
    if (count === 0) return { id: kind, name, available: false, reason: `You carry no ${name}.` };
    if (acted) return { id: kind, name, available: false, reason: NOT_ONLY_ACTION };
    return { id: kind, name, available: true };
  });
}

/** The ruleset's `rig`: places one carried trap at (x, y). The action ends the turn (turns.ts). */
export function rig(ctx: RuleContext, actor: Actor, what: string, x: number, y: number): void {
  const world = ctx.world;
  const isPlayer = actor.id === world.playerId;
  const problem = !isWastelandTrap(what)
    ? `There is no trap called "${what}".`
    : carried(actor, what) === 0
      ? `You carry no ${trapNoun(what, ctx.trapName(what)).name}.`
      : !isFirstActionNow(world, actor)
        ? NOT_ONLY_ACTION
        : placementProblem(world, actor, x, y);
  if (problem) {
    if (isPlayer) ctx.say(problem, 'bad');
    ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: 'refused' });
    return;
  }
  const hidden = trapAt(world, x, y);
  if (hidden) {
    // A trap the hero did not know of lies there: found, and the turn is spent.
    ctx.reveal(hidden, actor.id, 'search');
    if (isPlayer) ctx.say(`There is already ${trapNoun(hidden.kind, ctx.trapName(hidden)).a} there!`, 'trap');
    ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: 'occupied' });
    return;
  }
  const inventory = actor.inventory
    .map((i) => (i.kind === what ? { ...i, count: i.count - 1 } : { ...i }))
    .filter((i) => i.count > 0);
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory } });
  const trap = ctx.placeTrap({ kind: what, x, y }, actor.id);
  // On the board every trap is a visible token: whoever watches the placing knows of it.
  if (readSettings(ctx.settings).trapsVisible && ctx.playerSees(x, y)) ctx.reveal(trap, world.playerId, 'seen');
  ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: 'placed' });
  show(ctx, actor, '{1} place[s] {2}.', 'good', { seenTone: 'trap', others: [thing(trapNoun(what, ctx.trapName(what)).the)] });
}
