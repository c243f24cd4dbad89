/**
 * The starting player and the monsters' Omega traits. The player carries what the rules need: a
 * cloak and body armour (a disintegration trap takes those first), trap components to set (some
 * unidentified, per the `components` setting) and scrolls of dispelling.
 */
import type { MonsterKind, PlayerSpec } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';
import { armorItem, type CarriedItem, cloakItem, componentItem, dispelScroll } from './items.ts';
import { healingPotions } from './potions.ts';
import type { OmegaTraits } from './traits.ts';
import { booleanSetting, numberSetting, parseComponents, parseImmunities, stringSetting } from './settings.ts';

export function playerSpec(settings: Traits): PlayerSpec {
  const n = (name: string) => numberSetting(settings, name);
  const immunities = parseImmunities(stringSetting(settings, 'immunities'));
  // Worn things first, in Omega's slot order (body armour before cloak): acid reaches the first slots.
  const inventory: CarriedItem[] = [armorItem(), cloakItem()];
  // One stack per component kind (the core stacks by kind); a stack is identified if any of it is.
  const stacks = new Map<string, { identified: boolean; count: number }>();
  for (const c of parseComponents(stringSetting(settings, 'components'))) {
    const s = stacks.get(c.kind) ?? { identified: false, count: 0 };
    stacks.set(c.kind, { identified: s.identified || c.identified, count: s.count + 1 });
  }
  for (const [kind, s] of stacks) inventory.push(componentItem(kind as Parameters<typeof componentItem>[0], s.identified, s.count));
  const scrolls = n('dispelScrolls');
  if (scrolls > 0) inventory.push(dispelScroll(scrolls));
  const potions = n('healingPotions');
  if (potions > 0) inventory.push(healingPotions(potions));
  const riding = booleanSetting(settings, 'riding');
  return {
    name: 'you',
    hp: n('hp'),
    traits: {
      dex: n('dex'),
      agility: n('agility'),
      strength: n('strength'),
      level: n('level'),
      rank: n('rank'),
      absorption: n('absorption'),
      mana: n('mana'),
      maxMana: n('maxMana'),
      alignment: n('alignment'),
      carriedWeight: n('carriedWeight'),
      immunities: immunities.join(','),
      mounted: riding,
      horseHp: riding ? n('horseHp') : 0,
      horseMaxHp: n('horseHp'),
      levitating: n('levitation'),
      shadowform: n('shadowform'),
      alert: n('alert'),
      afraid: n('afraid'),
    } satisfies OmegaTraits,
    inventory,
  };
}

/** Omega traits of a monster kind: none of the shared kinds is intangible, a caster, a guard or immune. */
export function monsterTraits(_kind: MonsterKind): Traits {
  return { intangible: false, specialf: 'none', guard: false, immunities: '', sense: 8 } satisfies OmegaTraits;
}
