/**
 * Disarming ("Fallen unschädlich machen"): the hero stands on the trap's cell and it is the hero's
 * only action this turn; 3 dice, 6 with a detector. At least one shield removes the trap; no shield
 * springs it (damage) and removes it.
 *
 * Moving onto the trap is an action, so a hero disarms in the turn after it arrived (RULES.md left
 * this open; the source's "darf davor keine Aktion ausgeführt haben" decides it).
 */
import { show, thing } from '../../core/messages.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap, World } from '../../core/world.ts';
import { describeCounts, disarmOutcome, rollDice } from './die.ts';
import { dieOf, hasDetector } from './hero.ts';
import { readSettings } from './settings.ts';
import { trapNoun } from './traps.ts';
import { actionsTaken, isFirstActionNow } from './turns.ts';

export const NOT_ON_TRAP = 'You must stand on the trap to disarm it.';
export const NOT_ONLY_ACTION = 'Disarming a trap must be your only action this turn: end this turn first (wait).';

/**
 * Why this disarm may not happen, or null. `during`: asked while the action is performed (after the
 * turn counters counted it) rather than before.
 */
export function disarmProblem(world: World, actor: Actor, trap: Trap, during: boolean): string | null {
  if (trap.x !== actor.x || trap.y !== actor.y) return NOT_ON_TRAP;
  const first = during ? isFirstActionNow(world, actor) : actionsTaken(world, actor) === 0;
  return first ? null : NOT_ONLY_ACTION;
}

/** Dice the actor rolls to disarm. */
export function disarmDice(world: World, actor: Actor): number {
  const s = readSettings(world.settings);
  return hasDetector(actor) ? s.detectorDisarmDice : s.disarmDice;
}

/** The ruleset's `disarm`. The action ends the turn whatever the dice say (see turns.ts). */
export function disarm(ctx: RuleContext, actor: Actor, trap: Trap): void {
  const isPlayer = actor.id === ctx.world.playerId;
  const problem = disarmProblem(ctx.world, actor, trap, true);
  if (problem) {
    if (isPlayer) ctx.say(problem, 'bad');
    return;
  }
  const n = disarmDice(ctx.world, actor);
  const counts = sample(rollDice(n, dieOf(readSettings(ctx.settings))), ctx.rng(isPlayer ? 'player' : 'monsters'));
  const outcome = disarmOutcome(counts);
  ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result: outcome });
  const rolled = `{1} roll[s] ${n} ${n === 1 ? 'die' : 'dice'}: ${describeCounts(counts)}.`;
  const result = outcome === 'disarmed' ? ' A shield! {1} render[s] {2} harmless.' : ` No shield: {2} ${trap.kind === 'caltrops' ? 'go' : 'goes'} off!`;
  const tone = outcome === 'disarmed' ? 'good' : 'danger';
  show(ctx, actor, rolled + result, tone, { seenTone: tone, others: [thing(trapNoun(trap.kind, ctx.trapName(trap)).the)] });
  if (outcome === 'disarmed') ctx.removeTrap(trap, 'disarmed');
  else ctx.trigger(trap, actor, 'disarm');
}
