/**
 * Disarming, command2.c `disarm()`: the target square must show a trap. One sample of the `disarm`
 * check decides: success (floor again, +5 xp) with or without a recovered, identified component
 * (+25 xp; nine kinds have one), a safe failure, or an accident (the player moves onto the trap
 * and its move function runs, p_movefunction()).
 */
import type { DisarmMoment, DisarmReading, TrapDef } from '../../core/ruleset.ts';
import type { Actor, Trap, World } from '../../core/world.ts';
import { gainExperience, num } from './actor.ts';
import { DISARM_OUTCOMES, type DisarmOutcome, disarmAttempt } from './checks.ts';
import { difficultyOf } from './effects.ts';
import { playerBypasses } from './entry.ts';
import { gainComponent, learnComponent } from './items.ts';
import { hasComponent, isTrapId, kindIn } from './traps.ts';
import { actorAt } from '../../core/level.ts';

/**
 * Does the square show TRAP rather than floor, fire or the abyss? Omega keeps one truth: the
 * square shows TRAP to all once found or seen going off (`shown`), and a trap the player knows
 * (a scenario's known trap, the debug reveal, one found) is such a square, drawn, asked about,
 * disarmable and avoided by monsters alike; except one the player set, which looks like floor
 * until it goes off (i_trap()).
 */
export function showsTrap(world: World, trap: Trap): boolean {
  if (trap.data.hazard !== undefined || trap.data.shows === 'abyss') return false;
  return trap.data.shown === true || (trap.knownBy.includes(world.playerId) && trap.owner !== world.playerId);
}

export const NOT_A_TRAP = "You can't see a trap there!";

/** The disarm check's inputs for `actor` at `trap`: its Dex, level and guild rank, and the place's D. */
function disarmInputs(world: World, actor: Actor): { dex: number; level: number; rank: number; difficulty: number } {
  return { dex: num(actor, 'dex', 12), level: num(actor, 'level', 1), rank: num(actor, 'rank'), difficulty: difficultyOf(world) };
}

/**
 * Does an accident set the trap off? Not where the player floats over it (levitating unmounted,
 * shadowform): then it only moves them onto the square.
 */
function accidentSetsOff(actor: Actor, trap: Trap): boolean {
  return !playerBypasses(actor, trap, 'disarm');
}

/**
 * The disarm check as play rolls it for `actor` at `trap` now (the moment's `read`):
 * the inputs and the kind. Null where the game refuses the attempt: a trap the actor does not know
 * of, or a square that does not show TRAP (fire, the abyss).
 */
export function disarmReading(traps: readonly TrapDef[], world: World, actor: Actor, trap: Trap): DisarmReading | null {
  if (!trap.knownBy.includes(actor.id) || !showsTrap(world, trap) || !kindIn(traps, trap.kind)) return null;
  return {
    check: 'disarm',
    inputs: { ...disarmInputs(world, actor), trap: trap.kind },
    success: DISARM_OUTCOMES.filter((o) => o === 'component' || o === 'disarmed'),
    setOff: accidentSetsOff(actor, trap) ? ['accident'] : [],
  };
}

/** Omega's disarm moment over the playing table (ruleset.ts `DisarmMoment`). */
export function disarmMoment(traps: readonly TrapDef[]): DisarmMoment<DisarmOutcome> {
  return {
    read: (world, actor, trap) => disarmReading(traps, world, actor, trap),
    program: disarmAttempt,
    outcome: (fate) => fate,
    apply(ctx, actor, trap, outcome) {
      ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result: outcome });
      switch (outcome) {
        case 'component':
        case 'disarmed':
          ctx.say('You disarmed the trap!', 'good');
          if (outcome === 'component' && isTrapId(trap.kind) && hasComponent(trap.kind)) {
            ctx.say('You manage to retrieve the trap components!', 'good');
            learnComponent(ctx, actor, trap.kind);
            gainComponent(ctx, actor, trap.kind, true);
            gainExperience(ctx, actor, 25);
          }
          ctx.removeTrap(trap, 'disarmed');
          gainExperience(ctx, actor, 5);
          return;
        case 'accident': {
          ctx.say('You accidentally set off the trap!', 'danger');
          // The player steps onto the trap; when someone stands there the trap goes off where you are.
          if (!actorAt(ctx.world, trap.x, trap.y)) ctx.moveActor(actor, trap.x, trap.y, 'walk', false);
          if (accidentSetsOff(actor, trap)) ctx.trigger(trap, actor, 'disarm');
          return;
        }
        case 'failed':
          ctx.say('You failed to disarm the trap.');
          return;
      }
    },
    // The square does not show TRAP (fire, the abyss): nothing there to disarm.
    without: (ctx) => ctx.say(NOT_A_TRAP),
  };
}
