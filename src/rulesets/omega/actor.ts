/**
 * Reading and changing the Omega traits of actors. Reads take the world as it is; every change goes
 * out as an `actorUpdated` event (never a direct write), so a step's events replay exactly.
 *
 * Where Omega keeps a state the core has no slot for, it lives in the actor's traits:
 *   mounted, horseHp, horseMaxHp                 the horse (game status MOUNTED)
 *   levitating, shadowform, alert, afraid        timed states in status units, 1000+ permanent
 *   mana, maxMana, alignment, immunities, ...    the player's Omega traits
 * Monsters: intangible, specialf ('spell' = the ordinary spellcasting ability), immunities, sense.
 * Statuses the core understands are used as they are: `asleep` (Omega's sleep counts) and `held`
 * (Omega's IMMOBILE counts: each one is a move spent struggling); `poisoned` is this ruleset's own.
 */
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Item, World } from '../../core/world.ts';
import { parseImmunities, type Immunity } from './settings.ts';
import { traitWriter } from '../../core/traits.ts';
import type { OMEGA_TRAITS, OmegaTraitName } from './traits.ts';

export function num(actor: Actor, name: OmegaTraitName, fallback = 0): number {
  const v = actor.traits[name];
  return typeof v === 'number' ? v : fallback;
}

export function isPlayer(world: World, actor: Actor): boolean {
  return actor.id === world.playerId;
}

export function playerOf(world: World): Actor | undefined {
  return world.actors.find((a) => a.id === world.playerId);
}

/** Omega's statmod(): (stat - 10) / 2, truncated as C does. */
export function statmod(stat: number): number {
  return Math.trunc((stat - 10) / 2);
}

/** calc_melee(): Defense = 2 statmod(Agi) + level / 2 (what a blade trap subtracts for monsters). */
export function defense(actor: Actor): number {
  return 2 * statmod(num(actor, 'agility', 12)) + Math.trunc(num(actor, 'level', 1) / 2);
}

/** calc_melee(): max load = Str x Agi x 10. */
export function maxWeight(actor: Actor): number {
  return num(actor, 'strength', 12) * num(actor, 'agility', 12) * 10;
}

export function itemWeight(item: Item): number {
  const w = item.data?.weight;
  return (typeof w === 'number' ? w : 0) * item.count;
}

/** calc_weight(): everything carried (the pack's items plus the `carriedWeight` of the rest). */
export function carriedWeight(actor: Actor): number {
  let total = num(actor, 'carriedWeight', 0);
  for (const item of actor.inventory) total += itemWeight(item);
  return total;
}

export function mounted(actor: Actor): boolean {
  return actor.traits.mounted === true;
}

export function levitating(actor: Actor): boolean {
  return num(actor, 'levitating') > 0;
}

export function shadowy(actor: Actor): boolean {
  return num(actor, 'shadowform') > 0;
}

export function alert(actor: Actor): boolean {
  return num(actor, 'alert') > 0;
}

export function afraid(actor: Actor): boolean {
  return num(actor, 'afraid') > 0;
}

/** p_immune() / m_immunityp(). Shadowform adds immunity to normal damage and acid (tenminute_status_check undoes it). */
export function immune(actor: Actor, type: Immunity): boolean {
  const list = typeof actor.traits.immunities === 'string' ? parseImmunities(actor.traits.immunities) : [];
  return immuneWith(list, shadowy(actor), type);
}

/** p_immune() from an immunity list and shadowform (which adds normal damage and acid). */
export function immuneWith(list: readonly Immunity[], shadowform: boolean, type: Immunity): boolean {
  if (list.includes(type)) return true;
  return shadowform && (type === 'normal' || type === 'acid');
}

/** The omega rules' trait writer: declared names only (traits.ts). */
export const setTraits = traitWriter<typeof OMEGA_TRAITS>();

export function setStatus(ctx: RuleContext, actor: Actor, status: Record<string, number>): void {
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status } });
}

export function setInventory(ctx: RuleContext, actor: Actor, inventory: Item[]): void {
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory } });
}

/** A monster whose mobility Omega resets (pit, snare) stays put: `held` counts far beyond any game. */
export const NO_MOBILITY = 1_000_000;

/** Adds IMMOBILE counts: the core's `held`, one move spent struggling per count. */
export function addImmobile(ctx: RuleContext, actor: Actor, counts: number): void {
  if (counts <= 0) return;
  setStatus(ctx, actor, { held: Math.min(NO_MOBILITY, (actor.status.held ?? 0) + counts) });
}

/** expval(): experience needed for a level. */
export function expval(level: number): number {
  const table = [0, 20, 50, 200, 500, 1000, 2000, 3000, 5000, 7000, 10000];
  return level < table.length ? table[level]! : (level - 9) * 10000;
}

/** gain_level(): levels for the experience the actor has now. */
export function checkLevel(ctx: RuleContext, actor: Actor): void {
  let level = num(actor, 'level', 1);
  const start = level;
  while (expval(level + 1) <= actor.xp) {
    level++;
    ctx.say('You have attained a new experience level!', 'good');
  }
  if (level !== start) setTraits(ctx, actor, { level });
}

/** gain_experience(). */
export function gainExperience(ctx: RuleContext, actor: Actor, amount: number): void {
  if (amount === 0) return;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { xp: actor.xp + amount } });
  checkLevel(ctx, actor);
}
