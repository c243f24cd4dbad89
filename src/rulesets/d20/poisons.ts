/**
 * Poisons a trap may carry. The CR column is RULES.md section 4 (the SRD's Table: CR Modifiers for
 * Mechanical Traps). Prices, Fortitude DCs and effects are the SRD 3.5 poison table; the prices of
 * bloodroot and ungol dust are RULES.md's, and those of greenblood oil, nitharit, medium spider
 * venom, purple worm poison, burnt othur fumes and wyvern poison are the ones the SRD sample traps'
 * market prices imply. "Unconsciousness" (blue whinnis) lasts 1d3 hours; "hp" is hit point damage.
 */

export type Ability = 'str' | 'dex' | 'con' | 'int' | 'wis' | 'cha';
export const ABILITIES: readonly Ability[] = ['str', 'dex', 'con', 'int', 'wis', 'cha'];

/**
 * One part of a poison's damage: ability damage as dice text ("1d4", "1"), hit points, or
 * unconsciousness for `amount` hours. `drain` is permanent; in a single game it acts as damage.
 */
export interface PoisonDamage {
  ability: Ability | 'hp' | 'unconscious';
  amount: string;
  drain?: boolean;
}

export interface PoisonDef {
  id: string;
  name: string;
  /** CR modifier of a trap using it. */
  cr: number;
  /** Market price of one dose (gp). */
  price: number;
  delivery: 'injury' | 'contact' | 'inhaled';
  /** Fortitude save DC. */
  dc: number;
  /** Initial and secondary damage (secondary one minute later, if the second save fails). */
  initial: PoisonDamage[];
  secondary: PoisonDamage[];
}

export const POISONS: readonly PoisonDef[] = [
  { id: 'black_adder_venom', name: 'black adder venom', cr: 1, price: 120, delivery: 'injury', dc: 11, initial: [{ ability: 'con', amount: '1d6' }], secondary: [{ ability: 'con', amount: '1d6' }] },
  { id: 'black_lotus_extract', name: 'black lotus extract', cr: 8, price: 4500, delivery: 'contact', dc: 20, initial: [{ ability: 'con', amount: '3d6' }], secondary: [{ ability: 'con', amount: '3d6' }] },
  { id: 'bloodroot', name: 'bloodroot', cr: 1, price: 100, delivery: 'injury', dc: 12, initial: [], secondary: [{ ability: 'con', amount: '1d4' }, { ability: 'wis', amount: '1d3' }] },
  { id: 'blue_whinnis', name: 'blue whinnis', cr: 1, price: 120, delivery: 'injury', dc: 14, initial: [{ ability: 'con', amount: '1' }], secondary: [{ ability: 'unconscious', amount: '1d3' }] },
  { id: 'burnt_othur_fumes', name: 'burnt othur fumes', cr: 6, price: 2100, delivery: 'inhaled', dc: 18, initial: [{ ability: 'con', amount: '1', drain: true }], secondary: [{ ability: 'con', amount: '3d6' }] },
  { id: 'deathblade', name: 'deathblade', cr: 5, price: 1800, delivery: 'injury', dc: 20, initial: [{ ability: 'con', amount: '1d6' }], secondary: [{ ability: 'con', amount: '2d6' }] },
  { id: 'dragon_bile', name: 'dragon bile', cr: 6, price: 1500, delivery: 'contact', dc: 26, initial: [{ ability: 'str', amount: '3d6' }], secondary: [] },
  { id: 'giant_wasp_poison', name: 'giant wasp poison', cr: 3, price: 210, delivery: 'injury', dc: 18, initial: [{ ability: 'dex', amount: '1d6' }], secondary: [{ ability: 'dex', amount: '1d6' }] },
  { id: 'greenblood_oil', name: 'greenblood oil', cr: 1, price: 100, delivery: 'injury', dc: 13, initial: [{ ability: 'con', amount: '1' }], secondary: [{ ability: 'con', amount: '1d2' }] },
  { id: 'insanity_mist', name: 'insanity mist', cr: 4, price: 1500, delivery: 'inhaled', dc: 15, initial: [{ ability: 'wis', amount: '1d4' }], secondary: [{ ability: 'wis', amount: '2d6' }] },
  { id: 'large_scorpion_venom', name: 'large scorpion venom', cr: 3, price: 200, delivery: 'injury', dc: 18, initial: [{ ability: 'str', amount: '1d6' }], secondary: [{ ability: 'str', amount: '1d6' }] },
  { id: 'malyss_root_paste', name: 'malyss root paste', cr: 3, price: 500, delivery: 'contact', dc: 16, initial: [{ ability: 'dex', amount: '1' }], secondary: [{ ability: 'dex', amount: '2d4' }] },
  { id: 'medium_spider_venom', name: 'medium spider venom', cr: 2, price: 150, delivery: 'injury', dc: 14, initial: [{ ability: 'str', amount: '1d4' }], secondary: [{ ability: 'str', amount: '1d4' }] },
  { id: 'nitharit', name: 'nitharit', cr: 4, price: 650, delivery: 'contact', dc: 13, initial: [], secondary: [{ ability: 'con', amount: '3d6' }] },
  { id: 'purple_worm_poison', name: 'purple worm poison', cr: 4, price: 700, delivery: 'injury', dc: 24, initial: [{ ability: 'str', amount: '1d6' }], secondary: [{ ability: 'str', amount: '2d6' }] },
  { id: 'sassone_leaf_residue', name: 'sassone leaf residue', cr: 3, price: 300, delivery: 'contact', dc: 16, initial: [{ ability: 'hp', amount: '2d12' }], secondary: [{ ability: 'con', amount: '1d6' }] },
  { id: 'shadow_essence', name: 'shadow essence', cr: 3, price: 250, delivery: 'injury', dc: 17, initial: [{ ability: 'str', amount: '1', drain: true }], secondary: [{ ability: 'str', amount: '2d6' }] },
  { id: 'small_centipede_poison', name: 'small centipede poison', cr: 1, price: 90, delivery: 'injury', dc: 11, initial: [{ ability: 'dex', amount: '1d2' }], secondary: [{ ability: 'dex', amount: '1d2' }] },
  { id: 'terinav_root', name: 'terinav root', cr: 5, price: 750, delivery: 'contact', dc: 16, initial: [{ ability: 'dex', amount: '1d6' }], secondary: [{ ability: 'dex', amount: '2d6' }] },
  { id: 'ungol_dust', name: 'ungol dust', cr: 3, price: 1000, delivery: 'inhaled', dc: 15, initial: [{ ability: 'cha', amount: '1' }], secondary: [{ ability: 'cha', amount: '1d6' }, { ability: 'cha', amount: '1', drain: true }] },
  { id: 'wyvern_poison', name: 'wyvern poison', cr: 5, price: 3000, delivery: 'injury', dc: 17, initial: [{ ability: 'con', amount: '2d6' }], secondary: [{ ability: 'con', amount: '2d6' }] },
];

export function poisonById(id: string): PoisonDef | undefined {
  return POISONS.find((p) => p.id === id || p.name === id);
}

/** Rounds between the initial and the secondary damage: one minute. */
export const POISON_SECONDARY_ROUNDS = 10;
