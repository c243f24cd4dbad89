/**
 * Disarming a known trap (floor, door or chest): 2d12 + Dex modifier + Disable device bonus vs the
 * trap's difficulty. The core has already refused a try where no trap is known ("You know of no
 * trap there.", no time); the ruleset refuses the untrained.
 */
import { sample } from '../../core/prob.ts';
import type { DisarmReading, RuleContext, Ruleset } from '../../core/ruleset.ts';
import type { Actor, Trap, World } from '../../core/world.ts';
import { disarmProgram } from './checks.ts';
import { disarmModifier, trapDifficulty } from './stats.ts';
import { isTrapIn, trapTable } from './traps.ts';
import { train } from './wounds.ts';

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

export function disarm(ctx: RuleContext, actor: Actor, trap: Trap): void {
  const name = ctx.trapName(trap);
  const { difficulty, modifier } = disarmInputs(ctx.ruleset, ctx.world, actor, trap);
  const rolled = sample(disarmProgram(difficulty, modifier), ctx.rng('player'));
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
}

/**
 * The disarm check as `disarm` rolls it for `actor` at `trap` now (the ruleset's `disarmInputs`),
 * or null where the actor cannot try. A trap that is not set (a door trap gone off) cannot go off
 * at you: then no outcome sets it off.
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
