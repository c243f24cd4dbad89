/**
 * Using a carried item (the `use` action: quaff a potion, apply a first aid kit), written once for
 * every ruleset. A ruleset says what each of its usable kinds does (`Ruleset.itemUse`); the core
 * checks the action, takes one of the item from the pack and then plays the item's effect, all
 * through events, so a replay, the bots and `sim` use items exactly as play does.
 *
 * Order within the action: the item leaves the pack first (one `actorUpdated`), then its effect
 * runs on the actor as the world now has it. An effect therefore never sees its own item.
 */
import type { ItemUse, RuleContext, Ruleset } from './ruleset.ts';
import type { Actor, Item, Traits, World } from './world.ts';

export type { ItemUse } from './ruleset.ts';

/** A carried kind the actor could use, for the UI's menu and the bots. */
export interface UsableItem {
  kind: string;
  name: string;
  count: number;
  use: ItemUse;
}

/** The actor's items that its ruleset can use, in pack order. */
export function usableItems(ruleset: Pick<Ruleset, 'itemUse'>, settings: Traits, actor: Actor): UsableItem[] {
  if (!ruleset.itemUse) return [];
  const out: UsableItem[] = [];
  for (const item of actor.inventory) {
    const use = item.count > 0 ? ruleset.itemUse(item, settings) : null;
    if (use) out.push({ kind: item.kind, name: item.name, count: item.count, use });
  }
  return out;
}

function carried(actor: Actor, kind: string): Item | undefined {
  return actor.inventory.find((i) => i.kind === kind && i.count > 0);
}

/** Why `actor` cannot use an item of `kind` now, or null when it can. */
export function useRefusal(world: World, actor: Actor, kind: string, ruleset: Pick<Ruleset, 'itemUse'>): string | null {
  const item = carried(actor, kind);
  if (!item) return `You carry no ${kind}.`;
  const use = ruleset.itemUse?.(item, world.settings);
  if (!use) return `You cannot use the ${item.name}.`;
  return use.refuse?.(world, actor) ?? null;
}

/** The pack with one of `kind` gone (the whole entry when it was the last); new items, never the world's. */
function withoutOne(inventory: readonly Item[], kind: string): Item[] {
  let taken = false;
  const out: Item[] = [];
  for (const i of inventory) {
    if (!taken && i.kind === kind && i.count > 0) {
      taken = true;
      if (i.count > 1) out.push({ ...i, count: i.count - 1 });
    } else out.push({ ...i });
  }
  return out;
}

/**
 * Uses one item of `kind` (checked by `useRefusal` first): takes it from the pack, says so, plays
 * its effect. Returns the game turns it took (0 when there was nothing to use).
 */
export function useItem(ctx: RuleContext, actor: Actor, kind: string): number {
  const item = carried(actor, kind);
  const use = item ? ctx.ruleset.itemUse?.(item, ctx.settings) : null;
  if (!item || !use) return 0;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory: withoutOne(actor.inventory, kind) } });
  if (actor.id === ctx.world.playerId) ctx.say(`You ${use.verb} the ${item.name}.`);
  use.apply(ctx, actor);
  return use.turns;
}
