/**
 * Stepping on a trap and setting it off: the shared path for the player and monsters alike.
 * map::creature_on_trap: flying and digging monsters are immune; the victim may avoid it with the
 * avoidance dice (checks.ts) from the kind's A; otherwise trap::trigger plays the kind's effect
 * (core/traps/play.ts through CDDA's dialect: the built-ins' custom effects, effects.ts).
 */
import { playOwnAvoidance } from '../../core/traps/avoid.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { TriggerHow } from '../../core/events.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { playEffect } from '../../core/traps/play.ts';
import { getDodge, has, isPlayer, stat } from './actors.ts';
import { avoidCheck, monsterAvoidCheck } from './checks.ts';
import { CDDA_DIALECT } from './dialect.ts';
import { trapNumbers } from './harm.ts';
import { factsIn, kindIn } from './traps.ts';

/** The trap goes off: known to the player when seen, then its effect. */
export function trigger(ctx: RuleContext, trap: Trap, actor: Actor | null, _how: TriggerHow): void {
  const playerId = ctx.world.playerId;
  if (ctx.playerSees(trap.x, trap.y) || (actor && actor.id === playerId)) ctx.reveal(trap, playerId, 'triggered');
  const kind = kindIn(ctx.ruleset, trap.kind);
  if (!kind) throw new Error(`cdda: no trap kind "${trap.kind}" in this table`);
  playEffect({ ctx, trap, kind, dialect: CDDA_DIALECT, victim: actor }, kind.effect);
  // A custom effect spends its trap its own way (the seed's code); a kind said in the vocabulary
  // spends a charge, when it has charges and is still there.
  if (kind.effect.do !== 'custom' && kind.charges > 0 && ctx.world.traps.some((t) => t.id === trap.id)) ctx.spendCharge(trap);
  // A monster that lives through a trap remembers where it is.
  if (actor?.alive && actor.id !== playerId) ctx.reveal(trap, actor.id, 'triggered');
}

/** An actor arrives on a trap's cell: immunity, then the avoidance dice, then the trap. */
export function onEnter(ctx: RuleContext, actor: Actor, trap: Trap, _chosen: boolean): void {
  if (factsIn(ctx.ruleset, trap.kind).tool) {
    // Trap-like tools are furniture, never set off by the survivor; one whose effect does
    // something (the cot: monsters stumble over it) goes off under a monster.
    const kind = kindIn(ctx.ruleset, trap.kind);
    const doesNothing = !kind || (kind.effect.do === 'all' && kind.effect.effects.length === 0);
    if (!doesNothing && !isPlayer(ctx.world, actor)) ctx.trigger(trap, actor, 'step');
    return;
  }
  if (!isPlayer(ctx.world, actor) && (actor.flying || has(actor, 'digging'))) return;
  // A kind with an avoidance of its own rolls it for the survivor in place of the dice below
  // (core/traps/avoid.ts); a monster, whose step the check does not read, rolls CDDA's.
  if (playOwnAvoidance(ctx, actor, trap)) return;
  const { A } = trapNumbers(ctx.ruleset, trap.kind);
  let outcome: 'avoided' | 'sprung';
  if (isPlayer(ctx.world, actor)) {
    const aware = trap.knownBy.includes(actor.id);
    outcome = sample(
      avoidCheck({ avoidance: A, dex: stat(actor, 'dex', 8), dodge: stat(actor, 'dodge'), aware, lightStep: has(actor, 'lightStep'), clumsy: has(actor, 'clumsy') }),
      ctx.rng('player'),
    );
    if (outcome === 'avoided') {
      ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
      if (aware) ctx.say(`You avoid the ${ctx.trapName(trap)}.`, 'good');
      return;
    }
  } else {
    outcome = sample(monsterAvoidCheck(A, getDodge(ctx.world, actor)), ctx.rng('traps'));
    if (outcome === 'avoided') {
      ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
      if (trap.knownBy.includes(ctx.world.playerId) && ctx.playerSees(actor.x, actor.y)) ctx.say(`The ${actor.name} avoids the ${ctx.trapName(trap)}.`, 'info');
      return;
    }
  }
  ctx.trigger(trap, actor, 'step');
}
