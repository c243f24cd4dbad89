/**
 * Omega's potion of healing, the remedy the starting pack carries (issue #24: "what the source
 * gives"). The seed text names potions (of alertness) but gives no potion's numbers, so this is a
 * sandbox default modelled on Omega's `heal(amount)` (effect1.c): "You feel better.", then
 * random_range(10 × (amount + 1)) + 1 hit points, and the poison cleansed. The potion's amount is the
 * setting `potionPower` (default 1: 1 to 20 HP). One difference, on purpose: Omega lets a potion lift
 * HP to max + amount; here HP stops at its max, because every reading of the odds (death from
 * current HP) and the HUD read HP against the max.
 */
import type { ItemUse } from '../../core/ruleset.ts';
import { sample } from '../../core/prob.ts';
import type { Item, Traits } from '../../core/world.ts';
import { setStatus } from './actor.ts';
import type { CarriedItem } from './items.ts';
import { randomRange, quantisedFrom } from './random.ts';
import { omegaSettings } from './settings.ts';

export const HEALING_POTION = 'potion-healing';

/** A stack of potions of healing (weight 20, fragility 2: sandbox values, the seed gives none; acid can break one). */
export function healingPotions(count: number): CarriedItem {
  return { kind: HEALING_POTION, name: 'potion of healing', count, data: { weight: 20, fragility: 2 } };
}

/** The most a potion of power `power` heals: random_range(10 × (power + 1)) + 1 tops out at 10 × (power + 1). */
export function potionMaxHeal(power: number): number {
  return 10 * (power + 1);
}

/** What quaffing does: `itemUse` of the omega ruleset. */
export function omegaItemUse(item: Item, settings: Traits): ItemUse | null {
  if (item.kind !== HEALING_POTION) return null;
  const power = omegaSettings(settings).potionPower;
  return {
    verb: 'quaff',
    effect: `heals 1 to ${potionMaxHeal(power)} HP and cures poison`,
    turns: 1,
    wasted(_world, actor) {
      if ((actor.status.poisoned ?? 0) > 0) return null;
      const lost = actor.maxHp - actor.hp;
      if (lost === 0) return 'You are not hurt or poisoned: it would do nothing.';
      return 2 * lost <= potionMaxHeal(power) ? `You have lost only ${lost} HP; a potion heals 1 to ${potionMaxHeal(power)}.` : null;
    },
    apply(ctx, actor) {
      const healed = sample(randomRange(potionMaxHeal(power), quantisedFrom(settings)), ctx.rng('player')) + 1;
      if (actor.id === ctx.world.playerId) ctx.say('You feel better.', 'good');
      const hp = Math.min(actor.maxHp, actor.hp + healed);
      if (hp !== actor.hp) ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { hp } });
      if ((actor.status.poisoned ?? 0) > 0) setStatus(ctx, actor, { poisoned: 0 });
    },
  };
}
