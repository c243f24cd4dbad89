/**
 * The timed statuses the core plays for a trap's `status` effect (core/traps/play.ts), as the
 * engine reads them in `actor.status`:
 *
 *   held         moves are refused (spent struggling) while it lasts, one per move tried
 *   asleep       turns are lost until it runs out or a noise or a blow wakes the sleeper
 *   lostActions  that many actions are lost
 *   poisoned     1 hit point lost at each world turn while it lasts (it can kill)
 *   slowed       each action takes twice as long while it lasts
 *
 * Poison and slowness count world turns down, so they last the same in game time whoever has
 * them. Their keys in `actor.status` are the core's own (`poison`, `slow`), apart from a
 * ruleset's own poison or slowness (Omega's `poisoned`, Wasteland's `slowed`), which its code
 * plays its own way; a ruleset may play a trap's status its own way instead (its dialect's
 * `status`).
 */
import type { RuleContext } from './ruleset.ts';
import type { StatusName } from './traps/definition.ts';
import { type Actor, NO_STATUS } from './world.ts';

/** The key in `actor.status` the core plays each status under. */
export const CORE_STATUS_KEY: Readonly<Record<StatusName, string>> = { held: 'held', asleep: 'asleep', lostActions: 'lostActions', poisoned: 'poison', slowed: 'slow' };

/** A world turn passes for the core's poison and slowness: each living actor's counts go down, poison takes its hit point. */
export function tickCoreStatuses(ctx: RuleContext): void {
  for (const actor of ctx.world.actors) {
    const st = actor.status;
    if (st === NO_STATUS || !actor.alive) continue;
    const poison = st.poison ?? 0;
    const slow = st.slow ?? 0;
    if (poison <= 0 && slow <= 0) continue;
    const hero = actor.id === ctx.world.playerId;
    if (slow > 0) {
      ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { slow: slow - 1 } } });
      if (slow === 1 && hero) ctx.say('You are no longer slowed.', 'good');
    }
    if (poison > 0) {
      ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { poison: poison - 1 } } });
      ctx.damage(actor, 1, { cause: 'killed by poison', damageType: 'poison' });
      if (poison === 1 && hero && actor.alive) ctx.say('The poison wears off.', 'good');
    }
  }
}

/** The ticks an action of `cost` takes `actor`: twice as long while the core's slowness holds it. */
export function slowedCost(actor: Actor, cost: number): number {
  return actor.status !== NO_STATUS && (actor.status.slow ?? 0) > 0 ? 2 * cost : cost;
}
