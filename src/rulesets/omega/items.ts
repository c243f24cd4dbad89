/**
 * The items the omega rules touch: trap components (identified or not), the cloak and body armour
 * a disintegration trap eats, the scroll of dispelling, and acid's damage to possessions
 * (aux1.c `damage_item()`). Weights and fragilities are the Objects table's.
 */
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Item } from '../../core/world.ts';
import { setInventory, setTraits } from './actor.ts';
import { COMPONENTS, type TrapId } from './traps.ts';

export type CarriedItem = Omit<Item, 'id' | 'x' | 'y'>;

export const COMPONENT_PREFIX = 'component-';
export const DISPEL_SCROLL = 'scroll-dispelling';

export function componentKind(trap: TrapId): string {
  return `${COMPONENT_PREFIX}${trap}`;
}

/** The trap kind of a component item, or null when it is not one. */
export function componentTrap(item: { kind: string; data?: Item['data'] }): TrapId | null {
  const t = item.data?.trap;
  return item.kind.startsWith(COMPONENT_PREFIX) && typeof t === 'string' && t in COMPONENTS ? (t as TrapId) : null;
}

/** A trap component (Objects THINGID+17..25: weight 10, fragility 3). */
export function componentItem(trap: TrapId, identified: boolean, count = 1): CarriedItem {
  const info = COMPONENTS[trap];
  if (!info) throw new Error(`a ${trap} trap has no component`);
  return {
    kind: componentKind(trap),
    name: identified ? info.trueName : info.unknownName,
    count,
    data: { trap, identified, weight: 10, fragility: 3 },
  };
}

export function cloakItem(): CarriedItem {
  return { kind: 'cloak-wool', name: 'cloak of wool', count: 1, data: { slot: 'cloak', weight: 30, fragility: 4 } };
}

export function armorItem(): CarriedItem {
  return { kind: 'armor-soft-leather', name: 'soft leather armor', count: 1, data: { slot: 'armor', weight: 200, fragility: 20 } };
}

export function dispelScroll(count: number): CarriedItem {
  return { kind: DISPEL_SCROLL, name: 'scroll of dispelling', count, data: { weight: 5, fragility: 1 } };
}

export function slotItem(actor: Actor, slot: 'cloak' | 'armor'): Item | undefined {
  return actor.inventory.find((i) => i.data?.slot === slot);
}

/** The inventory with one of `itemId` gone (the whole entry when it was the last). */
export function withoutOne(inventory: readonly Item[], itemId: number): Item[] {
  const out: Item[] = [];
  for (const item of inventory) {
    if (item.id !== itemId) out.push({ ...item });
    else if (item.count > 1) out.push({ ...item, count: item.count - 1 });
  }
  return out;
}

/** Adds a component to the actor's pack (stacking with its kind) as one event. */
export function gainComponent(ctx: RuleContext, actor: Actor, trap: TrapId, identified: boolean): void {
  const inventory = actor.inventory.map((i) => ({ ...i }));
  const same = inventory.find((i) => i.kind === componentKind(trap));
  const fresh = componentItem(trap, identified);
  if (same) {
    // The actorUpdated payload being built: `inventory` holds copies, not the actor's own items.
    Object.assign(same, { count: same.count + 1 }, identified ? { name: fresh.name, data: { ...(same.data ?? {}), identified: true } } : {});
  } else inventory.push({ ...fresh, id: ctx.newId(), x: -1, y: -1 });
  setInventory(ctx, actor, inventory);
}

/** Objects[id].known = 1: the type is learnt, and the components of it in the pack show their true name. */
export function learnComponent(ctx: RuleContext, actor: Actor, trap: TrapId): void {
  setTraits(ctx, actor, { [`knows-${trap}`]: true });
  const info = COMPONENTS[trap]!;
  if (!actor.inventory.some((i) => componentTrap(i) === trap && i.data?.identified !== true)) return;
  setInventory(
    ctx,
    actor,
    actor.inventory.map((i) => (componentTrap(i) === trap ? { ...i, name: info.trueName, data: { ...(i.data ?? {}), identified: true } } : { ...i })),
  );
}

export function itemNumber(item: Item, name: string, fallback: number): number {
  const v = item.data?.[name];
  return typeof v === 'number' ? v : fallback;
}

/** Fragility of items this ruleset did not make (arrows and the like: Omega's missile weapons, 15). */
const DEFAULT_FRAGILITY = 15;

/**
 * damage_item() on one possession, with the draws given: `fragilityRoll` is random_range(30),
 * `levelRoll` random_range(10). Returns the messages and the item's fate.
 */
export function damageItem(item: Item, fragilityRoll: number, levelRoll: number): { lines: string[]; fate: 'spared' | 'weakened' | 'destroyed' } {
  const fragility = itemNumber(item, 'fragility', DEFAULT_FRAGILITY);
  if (!(fragility < fragilityRoll)) return { lines: [], fate: 'spared' };
  const blessing = itemNumber(item, 'blessing', 0);
  const level = itemNumber(item, 'level', 0);
  const plus = itemNumber(item, 'plus', 0);
  if (blessing > 0 && level >= levelRoll) return { lines: [`Your ${item.name} glows strongly.`], fate: 'spared' };
  if (blessing < -1 && level >= levelRoll) return { lines: [`You hear an evil giggle from your ${item.name}`], fate: 'spared' };
  if (plus > 0) return { lines: [`Your ${item.name} glows and then fades.`], fate: 'weakened' };
  const lines: string[] = [];
  if (blessing > 0) lines.push('You hear a faint despairing cry!');
  else if (blessing < 0) lines.push('You hear an agonized scream!');
  lines.push(`Your ${item.name} shatters in a thousand lost fragments!`);
  return { lines, fate: 'destroyed' };
}
