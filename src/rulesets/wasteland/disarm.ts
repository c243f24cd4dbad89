/**
 * Disarming ("Fallen unschädlich machen"): the hero stands on the trap's cell and it is the hero's
 * only action this turn; 3 dice, 6 with a detector. At least one shield removes the trap; no shield
 * springs it (damage) and removes it.
 *
 * Moving onto the trap is an action, so a hero disarms in the turn after it arrived (RULES.md left
 * this open; the source's "darf davor keine Aktion ausgeführt haben" decides it).
 */
import type { Actor, Trap, World } from '../../core/world.ts';
import { hasDetector } from './hero.ts';
import { readSettings } from './settings.ts';
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
