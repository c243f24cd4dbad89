/**
 * Who a trap square acts on: p_movefunction() for the player, m_movefunction() for monsters.
 *
 * Player: shadowform skips the thirteen trap handlers (and persistent fire) but not an open abyss;
 * levitation skips the traps and the open abyss (both above LEVITATION_AVOIDANCE) unless riding or
 * using '@' on purpose, but not persistent fire (L_FIRE is below it). Monsters: flying and
 * intangible ones skip everything.
 */
import { playOwnAvoidance } from '../../core/traps/avoid.ts';
import type { TriggerHow } from '../../core/events.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { isPlayer, levitating, mounted, shadowy } from './actor.ts';

/** Does the square leave this player alone? `how` 'manual' is the '@' command. */
export function playerBypasses(player: Actor, trap: Trap, how: TriggerHow): boolean {
  return bypassesWith({ shadowform: shadowy(player), levitating: levitating(player), mounted: mounted(player) }, trap.data.hazard, how);
}

/** The same rule from the player's states and what the square has become (`hazard`: 'fire', 'abyss' or none). */
export function bypassesWith(p: { shadowform: boolean; levitating: boolean; mounted: boolean }, hazard: unknown, how: TriggerHow): boolean {
  if (p.shadowform) return hazard !== 'abyss';
  if (hazard === 'fire') return false;
  return p.levitating && !p.mounted && how !== 'manual';
}

export function monsterBypasses(monster: Actor): boolean {
  return monster.flying || monster.traits.intangible === true;
}

/** An actor arrives on a trap square: the shared path for walking in (player and monsters alike). */
export function onEnter(ctx: RuleContext, actor: Actor, trap: Trap): void {
  if (isPlayer(ctx.world, actor) ? playerBypasses(actor, trap, 'step') : monsterBypasses(actor)) return;
  // A kind with an avoidance of its own rolls it for the player (core/traps/avoid.ts; stepCheck.ts reads it the same).
  if (playOwnAvoidance(ctx, actor, trap)) return;
  ctx.trigger(trap, actor, 'step');
}
