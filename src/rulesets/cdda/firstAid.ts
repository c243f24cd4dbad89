/**
 * CDDA's first aid kit, the remedy the survivor's pack carries (issue #24: "what the source gives").
 * The seed text is about traps and gives no healing item, so the numbers are sandbox defaults in
 * CDDA's manner: a kit is used up on one body part, the most hurt one that is not broken (a broken
 * limb needs a splint, which this sandbox does not have), restores `firstAidHeal` HP to it
 * (default 20, about what a CDDA kit gives a limb), and takes `firstAidTurns` turns (default 5: a
 * kit is not a potion, and monsters act meanwhile).
 */
import { healPartChanges } from '../../core/healing.ts';
import type { ItemUse } from '../../core/ruleset.ts';
import type { Actor, Item, Traits, World } from '../../core/world.ts';
import { HP_PARTS, PART_NAME } from './body.ts';
import { cddaSettings } from './settings.ts';

export const FIRST_AID_KIT = 'first_aid';

/** The hurt part a kit goes on: the largest loss among the parts that are not broken (the first of a tie, in HP_PARTS order), or null. */
export function partToTreat(actor: Actor): (typeof HP_PARTS)[number] | null {
  let best: (typeof HP_PARTS)[number] | null = null;
  let bestLoss = 0;
  for (const name of HP_PARTS) {
    const part = actor.parts?.[name];
    if (!part || part.hp <= 0) continue;
    const loss = part.max - part.hp;
    if (loss > bestLoss) {
      best = name;
      bestLoss = loss;
    }
  }
  return best;
}

function refuse(_world: World, actor: Actor): string | null {
  if (partToTreat(actor)) return null;
  const broken = HP_PARTS.filter((p) => (actor.parts?.[p]?.hp ?? 1) <= 0);
  return broken.length > 0 ? `Only your broken ${broken.map((p) => PART_NAME[p]).join(' and ')} hurt${broken.length === 1 ? 's' : ''}: a first aid kit cannot mend a break.` : 'You are not hurt.';
}

/** What applying does: `itemUse` of the cdda ruleset. */
export function cddaItemUse(item: Item, settings: Traits): ItemUse | null {
  if (item.kind !== FIRST_AID_KIT) return null;
  const heal = cddaSettings(settings).firstAidHeal;
  return {
    verb: 'apply',
    effect: `restores ${heal} HP to your most hurt body part that is not broken`,
    turns: cddaSettings(settings).firstAidTurns,
    refuse,
    wasted(_world, actor) {
      const part = partToTreat(actor);
      if (!part) return null;
      const lost = actor.parts![part]!.max - actor.parts![part]!.hp;
      return 2 * lost <= heal ? `Your ${PART_NAME[part]} has lost only ${lost} HP; a kit restores ${heal}.` : null;
    },
    apply(ctx, actor) {
      const part = partToTreat(actor);
      const changes = part ? healPartChanges(actor, part, heal) : null;
      if (!part || !changes) return;
      if (actor.id === ctx.world.playerId) ctx.say(`You bandage your ${PART_NAME[part]}.`, 'good');
      ctx.emit({ type: 'actorUpdated', actor: actor.id, changes });
    },
  };
}
