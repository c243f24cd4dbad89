/**
 * Disarming a known trap (floor, door or chest): 2d12 + Dex modifier + Disable device bonus vs the
 * trap's difficulty. The core has already refused a try where no trap is known ("You know of no
 * trap there.", no time); the ruleset refuses the untrained.
 */
import type { Prob } from '../../core/prob.ts';
import type { CheckInputs, DisarmMoment, DisarmReading, Ruleset } from '../../core/ruleset.ts';
import type { Actor, Trap, Traits, World } from '../../core/world.ts';
import { type DisarmResult, disarmProgram } from './checks.ts';
import { abilityMod, disableDeviceBonus, disarmModifier, trapDifficulty } from './stats.ts';
import { isTrapIn, trapTable } from './traps.ts';
import { train } from './wounds.ts';

/** Said to one who may not try. */
export const UNTRAINED = 'You are not trained in Disable device.';

/** "If you are trained in Disable device (thieves are)": skill above 0. */
export function canDisarm(actor: Actor): boolean {
  return typeof actor.traits.disableDevice === 'number' && actor.traits.disableDevice > 0;
}

/**
 * The disarm check's inputs for `actor` at `trap`: the playing table's difficulty at the trap's
 * tier, and the actor's modifier. Play rolls them and `disarmReading` reads them: one formula.
 */
function disarmInputs(ruleset: Pick<Ruleset, 'traps'>, world: World, actor: Actor, trap: Trap): { difficulty: number; modifier: number } {
  return { difficulty: trapDifficulty({ world, ruleset }, trap), modifier: disarmModifier(actor.traits, world.settings) };
}

/** A door trap that has gone off stays unset until the door is shut: it cannot go off at you, so that roll fails. */
function canSetOff(trap: Trap): boolean {
  return trap.armed;
}

/**
 * The disarm check as play rolls it for `actor` at `trap` now (the moment's `read`), or null
 * where the actor cannot try. A trap that is not set (a door trap gone off) cannot go off at you:
 * then no outcome sets it off.
 */
export function disarmReading(ruleset: Pick<Ruleset, 'traps'>, world: World, actor: Actor, trap: Trap): DisarmReading | null {
  if (!canDisarm(actor) || !isTrapIn(trapTable(ruleset.traps), trap.kind) || !trap.knownBy.includes(actor.id)) return null;
  return {
    check: 'disarm',
    inputs: disarmInputs(ruleset, world, actor, trap),
    success: ['disarmed'],
    setOff: canSetOff(trap) ? ['set_off'] : [],
  };
}

/** The inputs' modifier: given whole, or made of Dex and the Disable device skill (the check's other way to ask). */
function modifierOf(i: CheckInputs, settings: Traits): number {
  const given = i.modifier;
  if (typeof given === 'number') return given;
  const dex = typeof i.dex === 'number' ? i.dex : 10;
  const skill = typeof i['disable-device'] === 'number' ? i['disable-device'] : 0;
  return abilityMod(dex) + disableDeviceBonus(skill, settings);
}

/** The attempt over the check's inputs: what play samples and the `disarm` check reads (odds.ts). */
export function disarmAttempt(i: CheckInputs, settings: Traits): Prob<DisarmResult> {
  return disarmProgram(typeof i.difficulty === 'number' ? i.difficulty : 0, modifierOf(i, settings));
}

/** Cēaptūn's disarm moment over the playing table `traps` (ruleset.ts `DisarmMoment`). */
export function disarmMoment(ruleset: Pick<Ruleset, 'traps'>): DisarmMoment<DisarmResult> {
  return {
    read: (world, actor, trap) => disarmReading(ruleset, world, actor, trap),
    program: disarmAttempt,
    outcome: (fate) => fate,
    apply(ctx, actor, trap, rolled) {
      const name = ctx.trapName(trap);
      const result = rolled === 'set_off' && !canSetOff(trap) ? 'failed' : rolled;
      ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result });
      train(ctx, actor, 'disableDevice');
      switch (result) {
        case 'disarmed':
          ctx.say(`You disarm the ${name}.`, 'good');
          ctx.removeTrap(trap, 'disarmed');
          return;
        case 'failed':
          ctx.say(`You fail to disarm the ${name}.`);
          return;
        case 'set_off':
          ctx.say(`You set off the ${name}!`, 'danger');
          ctx.trigger(trap, actor, 'disarm');
          return;
      }
    },
    // The game refuses the untrained before (index.ts `refuse`) and a trap unknown (the core).
    without: (ctx) => ctx.say(UNTRAINED, 'info'),
  };
}
