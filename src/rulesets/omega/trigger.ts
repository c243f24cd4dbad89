/**
 * An Omega trap going off (the ruleset's `trigger`, reached by every path: a step, '@', a disarm
 * accident, a component accident, a door or chest opened): the hazard its square has become, or
 * else its kind's effect played by the core's vocabulary with Omega's dialect (dialect.ts). A
 * built-in kind's effect is its Omega handler, a custom effect that shows the trap its own way
 * (`show`); any other effect's square shows TRAP as it goes off (to the player who set it off, or
 * who sees the monster that did). Then a kind's sound (no built-in has one) and a charge spent
 * (a built-in's charges are -1: Omega's traps stay).
 */
import { NOISE_CELLS_PER_VOLUME } from '../../core/context.ts';
import type { TriggerHow } from '../../core/events.ts';
import { player as heroOf } from '../../core/level.ts';
import { findTrapDef } from '../../core/registry.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { playEffect } from '../../core/traps/play.ts';
import { type Actor, chebyshev, type Trap } from '../../core/world.ts';
import { isPlayer } from './actor.ts';
import { OMEGA_DIALECT } from './dialect.ts';
import { playerHazard, present, show } from './effects.ts';
import { monsterBypasses, playerBypasses } from './entry.ts';
import { monsterHazard } from './monsterEffects.ts';

/** A designer's kind going off: its square shows TRAP to the one who set it off, or to the player watching. */
function showDesigners(ctx: RuleContext, trap: Trap, actor: Actor, hero: boolean): void {
  if (hero) show(ctx, trap);
  else if (ctx.playerSees(actor.x, actor.y)) show(ctx, trap, 'seen');
}

/** A designer's kind's sound: made, and heard by the player out of sight within earshot. */
function sound(ctx: RuleContext, trap: Trap, kind: TrapKind): void {
  const s = kind.sound;
  if (!s) return;
  const hero = heroOf(ctx.world);
  if (!ctx.playerSees(trap.x, trap.y) && hero.alive && chebyshev(hero.x, hero.y, trap.x, trap.y) <= s.volume * NOISE_CELLS_PER_VOLUME) ctx.say(s.heard, 'info');
  ctx.noise(trap.x, trap.y, s.volume, s.source);
}

/** The trap goes off at `actor`; every path ends here. */
export function trigger(ctx: RuleContext, trap: Trap, actor: Actor | null, how: TriggerHow): void {
  if (!actor?.alive) return;
  const hero = isPlayer(ctx.world, actor);
  if (hero) {
    // '@' reaches here straight from the engine: shadowform still keeps the traps away.
    if (how === 'manual' && playerBypasses(actor, trap, how)) {
      ctx.say('Nothing seems to happen.');
      return;
    }
    if (playerHazard(ctx, trap, actor)) return;
  } else {
    if (monsterBypasses(actor)) return;
    if (monsterHazard(ctx, trap, actor)) return;
  }
  const kind = findTrapDef(ctx.ruleset, trap.kind)?.kind;
  if (!kind) throw new Error(`omega has no trap "${trap.kind}"`);
  // A custom effect (a handler) shows the trap its own way.
  if (kind.effect.do !== 'custom') showDesigners(ctx, trap, actor, hero);
  playEffect({ ctx, trap, kind, dialect: OMEGA_DIALECT, victim: actor }, kind.effect);
  sound(ctx, trap, kind);
  // Nothing for a trap of -1 charges (every built-in's) or one its effect removed.
  if (present(ctx.world, trap)) ctx.spendCharge(trap);
}
