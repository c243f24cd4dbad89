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
import { omegaSettings, parseComponents, parseImmunities } from './settings.ts';

export function playerSpec(settings: Traits): PlayerSpec {
  const o = omegaSettings(settings);
  const immunities = parseImmunities(o.immunities);
  // Worn things first, in Omega's slot order (body armour before cloak): acid reaches the first slots.
  const inventory: CarriedItem[] = [armorItem(), cloakItem()];
  // One stack per component kind (the core stacks by kind); a stack is identified if any of it is.
  const stacks = new Map<string, { identified: boolean; count: number }>();
  for (const c of parseComponents(o.components)) {
    const s = stacks.get(c.kind) ?? { identified: false, count: 0 };
    stacks.set(c.kind, { identified: s.identified || c.identified, count: s.count + 1 });
  }
  for (const [kind, s] of stacks) inventory.push(componentItem(kind as Parameters<typeof componentItem>[0], s.identified, s.count));
  const scrolls = o.dispelScrolls;
  if (scrolls > 0) inventory.push(dispelScroll(scrolls));
  const potions = o.healingPotions;
  if (potions > 0) inventory.push(healingPotions(potions));
  const riding = o.riding;
  return {
    name: 'you',
    hp: o.hp,
    traits: {
      dex: o.dex,
      agility: o.agility,
      strength: o.strength,
      level: o.level,
      rank: o.rank,
      absorption: o.absorption,
      mana: o.mana,
      maxMana: o.maxMana,
      alignment: o.alignment,
      carriedWeight: o.carriedWeight,
      immunities: immunities.join(','),
      mounted: riding,
      horseHp: riding ? o.horseHp : 0,
      horseMaxHp: o.horseHp,
      levitating: o.levitation,
      shadowform: o.shadowform,
      alert: o.alert,
      afraid: o.afraid,
    } satisfies OmegaTraits,
    inventory,
  };
}

/** Omega traits of a monster kind: none of the shared kinds is intangible, a caster, a guard or immune. */
export function monsterTraits(_kind: MonsterKind): Traits {
  return { intangible: false, specialf: 'none', guard: false, immunities: '', sense: 8 } satisfies OmegaTraits;
}
