/**
 * What the traps do to monsters (mon.c m_trap_*), and the hazards m_fire() and m_abyss(). Flying and
 * intangible monsters never get here (m_movefunction() skips them; see index.ts `onEnter`).
 *
 * A trap shows itself when the player sees it go off; snares, blades, fire and teleport traps set
 * their square to TRAP even unseen, so the player finds them shown on the next look (`notice`).
 * Monsters vanishing through a trap door or into the abyss leave no kill experience and no loot.
 */
import { conjugate, nounOf } from '../../core/messages.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { defense, immune, NO_MOBILITY, playerOf, setStatus, setTraits } from './actor.ts';
import { mDamage } from './damage.ts';
import { becomeHazard, difficultyOf, present, show } from './effects.ts';
import { quantisedFrom, randomRange } from './random.ts';
import { teleportMonster } from './teleport.ts';
import type { TrapId } from './traps.ts';

/** The square shows TRAP whoever looks; the player learns of it now only when watching. */
function exposeUnseen(ctx: RuleContext, trap: Trap): void {
  if (present(ctx.world, trap) && trap.data.shown !== true) ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { shown: true } } });
}

/** m_vanish(): gone, with what it carried; no death, no experience. */
function vanish(ctx: RuleContext, monster: Actor): void {
  ctx.emit({ type: 'actorUpdated', actor: monster.id, changes: { alive: false, inventory: [] } });
}

/** m_status_reset(MOBILE): it stays where it is (Omega gives this no duration). */
function immobilise(ctx: RuleContext, monster: Actor): void {
  if (monster.traits.intangible === true) return;
  setStatus(ctx, monster, { held: NO_MOBILITY });
}

/** Omega's rule of who hears: the player sees the monster as the trap goes off (m_trap_*), decided once, before the trap moves or kills it. */
function teller(ctx: RuleContext, monster: Actor): { seen: boolean; say: (template: string) => void } {
  const seen = ctx.playerSees(monster.x, monster.y);
  return {
    seen,
    say: (template) => {
      if (seen) ctx.say(conjugate(template, nounOf(ctx.world, monster)), 'trap');
    },
  };
}

/** A monster walks into the hazard the square has become (m_fire, m_abyss): true when it has become one. */
export function monsterHazard(ctx: RuleContext, trap: Trap, monster: Actor): boolean {
  const { say } = teller(ctx, monster);
  if (trap.data.hazard === 'fire') {
    say('{1} was blasted by fire!');
    mDamage(ctx, monster, sample(randomRange(100, quantisedFrom(ctx.settings)), ctx.rng('traps')), 'flame', trap);
    return true;
  }
  if (trap.data.hazard === 'abyss') {
    say('{1} fell into the infinite abyss!');
    vanish(ctx, monster);
    return true;
  }
  return false;
}

/** Omega's monster handler `handler` (mon.c m_trap_*, one of the thirteen): the built-in kinds' custom effects (dialect.ts). */
export function monsterTrapEffect(ctx: RuleContext, trap: Trap, monster: Actor, handler: TrapId): void {
  const { seen, say } = teller(ctx, monster);
  const D = difficultyOf(ctx.world);
  const q = quantisedFrom(ctx.settings);

  switch (handler) {
    case 'dart':
      say('{1} was hit by a dart!');
      if (seen) show(ctx, trap, 'seen');
      mDamage(ctx, monster, D * 2, 'normal', trap);
      return;
    case 'pit':
      say('{1} fell into a pit!');
      if (seen) show(ctx, trap, 'seen');
      immobilise(ctx, monster);
      mDamage(ctx, monster, D * 5, 'normal', trap);
      return;
    case 'trapdoor':
      say('{1} fell into a trap door!');
      if (seen) show(ctx, trap, 'seen');
      vanish(ctx, monster);
      return;
    case 'snare':
      if (seen) show(ctx, trap, 'seen');
      else exposeUnseen(ctx, trap);
      say('{1} was caught in a snare!');
      immobilise(ctx, monster);
      return;
    case 'blade': {
      if (seen) show(ctx, trap, 'seen');
      else exposeUnseen(ctx, trap);
      say('{1} was hit by a blade trap!');
      // Omega subtracts the *player's* Defense here.
      const hero = playerOf(ctx.world);
      mDamage(ctx, monster, (D + 1) * 7 - (hero ? defense(hero) : 0), 'normal', trap);
      return;
    }
    case 'fire':
      // A monster leaves the fire trap as it is (m_trap_fire sets the square to TRAP).
      if (seen) show(ctx, trap, 'seen');
      else exposeUnseen(ctx, trap);
      say('{1} was hit by a fire trap!');
      mDamage(ctx, monster, (D + 1) * 5, 'flame', trap);
      return;
    case 'teleport':
      if (seen) show(ctx, trap, 'seen');
      else exposeUnseen(ctx, trap);
      say('{1} walked into a teleport trap!');
      teleportMonster(ctx, monster);
      return;
    case 'disintegrate':
      say('{1} walked into a disintegration trap!');
      if (seen) show(ctx, trap, 'seen');
      say('{1} disintegrates!');
      mDamage(ctx, monster, 100, 'unstoppable', trap);
      if (monster.alive && monster.hp > 0 && seen) ctx.say('It was partially protected by its armor.');
      return;
    case 'sleepgas':
      say('{1} walked into a sleepgas trap!');
      if (seen) show(ctx, trap, 'seen');
      if (!immune(monster, 'sleep')) setStatus(ctx, monster, { asleep: 1 });
      return;
    case 'acid':
      say('{1} walked into an acid bath trap!');
      if (seen) show(ctx, trap, 'seen');
      mDamage(ctx, monster, sample(randomRange(D * D, q), ctx.rng('traps')), 'acid', trap);
      return;
    case 'manadrain':
      say('{1} walked into a manadrain trap!');
      if (seen) show(ctx, trap, 'seen');
      // Only the ordinary spellcasting special (M_SP_SPELL) is lost.
      if (monster.traits.specialf === 'spell') setTraits(ctx, monster, { specialf: 'none' });
      return;
    case 'abyss':
      say('{1} fell into the infinite abyss!');
      // Seen, the square becomes an open abyss (ABYSS, L_ABYSS).
      if (seen) {
        becomeHazard(ctx, trap, 'abyss');
        if (present(ctx.world, trap)) ctx.reveal(trap, ctx.world.playerId, 'seen');
      }
      vanish(ctx, monster);
      return;
    case 'siren':
      // Monsters have no siren-trap handler.
      return;
  }
}
