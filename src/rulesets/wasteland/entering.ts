/**
 * Does a trap go off? The source: "Betritt ein Held ein Feld auf dem sich eine Falle befindet muss
 * ... ermittelt werden ob die Falle ausgelöst wurde. Dies geschieht mittels 1 Würfels. Zeigt der
 * Würfel einen Totenkopf so hat der Held die Falle ausgelöst"; with a detector "Es wird nicht
 * ausgewürfelt". The optional rules roll the same die before leaving the cell and before a fight on
 * it. Players and monsters (opposing heroes) go through the same functions.
 */
import { playOwnAvoidance } from '../../core/traps/avoid.ts';
import { show, thing } from '../../core/messages.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { die, type EnterOutcome, enterOutcome } from './die.ts';
import { dieOf, hasDetector } from './hero.ts';
import { readSettings } from './settings.ts';
import { trapNoun } from './traps.ts';
import { endTurn } from './turns.ts';
import { trapAt } from '../../core/level.ts';

type When = 'enter' | 'leave' | 'fight' | 'open';

const WHY: Record<When, string> = {
  enter: 'entering',
  leave: 'leaving',
  fight: 'fighting on',
  open: 'opening',
};

/** One roll of the die for `actor` at `trap`; logs the face and records a quiet trap as avoided. */
export function rollForTrap(ctx: RuleContext, actor: Actor, trap: Trap, when: When): EnterOutcome {
  const face = sample(die(dieOf(readSettings(ctx.settings))), ctx.rng('traps'));
  const outcome = enterOutcome(face);
  const others = [thing(trapNoun(trap.kind, ctx.trapName(trap)).the)];
  if (outcome === 'triggered') {
    show(ctx, actor, `{1} roll[s] a skull ${WHY[when]} {2}: it goes off![ All your further actions this turn are forfeit.|]`, 'danger', { seenTone: 'trap', others });
  } else show(ctx, actor, `{1} roll[s] a ${face} ${WHY[when]} {2}: nothing happens.`, 'good', { others });
  if (outcome === 'safe') ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
  return outcome;
}

/** A detector carrier passes: no roll ("der Held kann normal agieren"). */
function passWithDetector(ctx: RuleContext, actor: Actor, trap: Trap): void {
  const others = [thing(trapNoun(trap.kind, ctx.trapName(trap)).the)];
  show(ctx, actor, '[Your detector shows the way: {2} cannot harm you|{1} passes {2} safely, guided by a detector].', 'good', { others });
  ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
}

/** The ruleset's `onEnter`: a hero arrives on a trapped cell. Fliers pass over floor traps. */
export function onEnter(ctx: RuleContext, actor: Actor, trap: Trap): void {
  if (actor.flying) return;
  // Whoever stands on a trap knows it is there.
  ctx.reveal(trap, actor.id, 'passing');
  if (hasDetector(actor)) {
    passWithDetector(ctx, actor, trap);
    return;
  }
  // A kind with an avoidance of its own rolls it in place of the die (core/traps/avoid.ts; stepOdds.ts reads it the same).
  if (playOwnAvoidance(ctx, actor, trap)) return;
  if (rollForTrap(ctx, actor, trap, 'enter') === 'triggered') ctx.trigger(trap, actor, 'step');
}

/** Is the actor spared an optional roll (leaving, fighting)? */
function sparedOptionalRoll(ctx: RuleContext, actor: Actor): boolean {
  return actor.flying || (hasDetector(actor) && readSettings(ctx.settings).detectorCoversOptional);
}

/**
 * The ruleset's `onLeave` (optional rule "Will ein Held ein Feld mit einer Falle darauf verlassen so
 * muss bevor er sich bewegen darf ermittelt werden ob die Falle ausgelöst wurde"): false when the
 * trap goes off, and the hero stays where it is.
 */
export function onLeave(ctx: RuleContext, actor: Actor, trap: Trap): boolean {
  if (!readSettings(ctx.settings).rollOnLeave || sparedOptionalRoll(ctx, actor)) return true;
  if (rollForTrap(ctx, actor, trap, 'leave') === 'safe') return true;
  ctx.trigger(trap, actor, 'leave');
  return false;
}

/**
 * The ruleset's `beforeAttack` (optional rule: a hero on a trapped cell who attacks from there, or
 * is attacked there, rolls before the fight). The attacker rolls first; a skull ends its turn and
 * calls its attack off. A defender's skull ends the defender's turn; the attack goes on.
 */
export function beforeAttack(ctx: RuleContext, attacker: Actor, target: Actor): boolean {
  if (!readSettings(ctx.settings).rollBeforeFight) return true;
  for (const fighter of [attacker, target]) {
    if (!fighter.alive) continue;
    const trap = trapAt(ctx.world, fighter.x, fighter.y);
    if (trap?.host.kind !== 'floor' || !trap.armed || sparedOptionalRoll(ctx, fighter)) continue;
    if (rollForTrap(ctx, fighter, trap, 'fight') === 'safe') continue;
    ctx.trigger(trap, fighter, 'fight');
    const acting = fighter === attacker;
    endTurn(ctx, fighter, acting);
    if (acting) return false;
  }
  return attacker.alive && target.alive;
}

/**
 * The ruleset's `onOpen`. Wasteland puts no traps on doors or chests, but a trap there (another
 * ruleset's scenario, a future rule) is treated like a trapped cell: one die, no roll with a detector.
 */
export function onOpen(ctx: RuleContext, actor: Actor, trap: Trap): void {
  if (hasDetector(actor)) {
    passWithDetector(ctx, actor, trap);
    return;
  }
  if (rollForTrap(ctx, actor, trap, 'open') === 'triggered') ctx.trigger(trap, actor, trap.host.kind === 'chest' ? 'chest' : 'door');
}
