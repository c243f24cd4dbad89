/**
 * Omega's damage rules: p_damage() for the player (normal damage loses the absorption and is at
 * least 1; unstoppable damage ignores immunity; other types are taken whole), m_damage() for
 * monsters (wakes them; a kill the player sees earns its experience, m_death()), p_poison() and
 * sleep_player().
 */
import { conjugate, nounOf } from '../../core/messages.ts';
import { withArticle } from '../../core/words.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { immune, num, setStatus } from './actor.ts';
import type { Immunity } from './settings.ts';

export type DamageType = Immunity | 'unstoppable';

/** p_damage(dmg, dtype, fromstring). */
export function pDamage(ctx: RuleContext, player: Actor, dmg: number, type: DamageType, from: string, trap?: Trap): void {
  if (!player.alive) return;
  if (type !== 'unstoppable' && immune(player, type)) {
    ctx.say('You resist the effects!', 'good');
    return;
  }
  const amount = damageTaken(dmg, type, num(player, 'absorption'));
  ctx.damage(player, amount, { cause: `killed by ${from}`, damageType: type, ...(trap ? { trap } : {}) });
}

/**
 * What p_damage() takes off a player who is not immune: normal damage less the absorption and at
 * least 1, other types whole (nothing at 0 or less: the core deals no damage there).
 */
export function damageTaken(dmg: number, type: DamageType, absorption: number): number {
  return type === 'normal' ? Math.max(1, dmg - absorption) : dmg;
}

/** p_death(): no immunity, no absorption. `trap`: the trap behind it, for the statistics. */
export function pDeath(ctx: RuleContext, player: Actor, from: string, trap?: Trap): void {
  if (!player.alive) return;
  ctx.damage(player, Math.max(1, player.hp), { cause: `killed by ${from}`, damageType: 'death', ...(trap ? { trap } : {}) });
}

/** m_damage(m, dmg, dtype): wakes the monster and makes it hostile; a kill in view is the player's. */
export function mDamage(ctx: RuleContext, monster: Actor, dmg: number, type: DamageType, trap: Trap): void {
  if (!monster.alive) return;
  const seen = ctx.playerSees(monster.x, monster.y);
  const changes: { status?: Record<string, number>; faction?: Actor['faction'] } = {};
  // The actorUpdated payload being built (`changes`), read from the monster, never written to it.
  if (monster.status.asleep) changes.status = { asleep: 0 };
  if (monster.faction === 'neutral') changes.faction = 'hostile';
  if (changes.status || changes.faction) ctx.emit({ type: 'actorUpdated', actor: monster.id, changes });
  if (type !== 'unstoppable' && immune(monster, type)) {
    if (seen) ctx.say(conjugate('{1} ignores the attack!', nounOf(ctx.world, monster)));
    return;
  }
  if (dmg < 0) {
    // (D+1)*7 - Defense below zero: Omega subtracts it all the same, which heals.
    ctx.emit({ type: 'actorUpdated', actor: monster.id, changes: { hp: monster.hp - dmg } });
    return;
  }
  ctx.damage(monster, dmg, {
    cause: `killed by ${withArticle(ctx.trapName(trap))}`,
    damageType: type,
    trap,
    // m_death(): gain_experience(m->xpv) only when the player sees it die.
    killer: seen ? ctx.world.playerId : null,
  });
}

/** p_poison(toxicity). */
export function pPoison(ctx: RuleContext, player: Actor, toxicity: number): void {
  ctx.say('You feel sick.', 'bad');
  if (immune(player, 'poison')) {
    ctx.say('The sickness fades!', 'good');
    return;
  }
  setStatus(ctx, player, { poisoned: (player.status.poisoned ?? 0) + toxicity });
}

/** sleep_player(): existing sleep is never extended; `counts` is drawn only when sleep takes hold. */
export function sleepPlayer(ctx: RuleContext, player: Actor, counts: () => number): void {
  if ((player.status.asleep ?? 0) > 0) return;
  ctx.say('You feel sleepy...', 'bad');
  if (immune(player, 'sleep')) {
    ctx.say('but you shrug off the momentary lassitude.', 'good');
    return;
  }
  setStatus(ctx, player, { asleep: counts() });
}
