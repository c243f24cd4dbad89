/**
 * The SRD's design tables (RULES.md section 4) as small pure functions: CR modifiers, cost
 * modifiers and Craft (trapmaking) DCs. `designer.ts` adds them up; tests read them one by one.
 */

/** The trigger kinds of the SRD. Sound and visual triggers are for magic traps; spell for spell traps. */
export const TRIGGERS = ['location', 'proximity', 'sound', 'visual', 'touch', 'touch-attached', 'timed', 'spell'] as const;
export type TriggerKind = (typeof TRIGGERS)[number];
export const MECHANICAL_TRIGGERS: readonly TriggerKind[] = ['location', 'proximity', 'touch', 'touch-attached', 'timed'];

export const RESETS = ['none', 'repair', 'manual', 'automatic'] as const;
export type ResetKind = (typeof RESETS)[number];

export const BYPASSES = ['lock', 'hidden-switch', 'hidden-lock'] as const;
export type BypassKind = (typeof BYPASSES)[number];

/** Base CR of a mechanical trap; the final CR must reach 1. */
export const MECHANICAL_BASE_CR = 0;
/** Base CR of a spell or magic device trap. */
export const MAGIC_BASE_CR = 1;
/** Base cost of a mechanical trap (gp). */
export const MECHANICAL_BASE_COST = 1000;

/**
 * Average damage rounded to the nearest multiple of 7, exact halves rounding up; returns how many
 * sevens that is (the CR modifier). 2d8 (9) -> 1, 3d6 (10.5) -> 2, 1d6 (3.5) -> 1, 1d4 (2.5) -> 0.
 */
export function damageSevens(average: number): number {
  if (!(average >= 0)) return 0;
  // floor(avg / 7 + 1/2), written so that exact halves (3.5, 10.5, ...) stay exact in floating point.
  return Math.floor((2 * average + 7) / 14);
}

/** The average damage rounded as the SRD says (a multiple of 7). */
export function roundToSevens(average: number): number {
  return 7 * damageSevens(average);
}

/** Search, Disable Device and Reflex save DCs: <=15 / 16-24 / 25-29 / >=30 -> -1 / 0 / +1 / +2. */
export function dcCrModifier(dc: number): number {
  if (dc <= 15) return -1;
  if (dc <= 24) return 0;
  if (dc <= 29) return 1;
  return 2;
}

/** Attack bonus: <=+0 / +1..+5 / +6..+14 / +15..+19 / +20..+24 -> -2 / -1 / 0 / +1 / +2; null from +25 (undefined). */
export function attackCrModifier(bonus: number): number | null {
  if (bonus <= 0) return -2;
  if (bonus <= 5) return -1;
  if (bonus <= 14) return 0;
  if (bonus <= 19) return 1;
  if (bonus <= 24) return 2;
  return null;
}

/** Onset delay 1 / 2 / 3 / 4+ rounds -> +3 / +2 / +1 / -1. */
export function onsetCrModifier(rounds: number): number {
  if (rounds <= 0) return 0;
  if (rounds === 1) return 3;
  if (rounds === 2) return 2;
  if (rounds === 3) return 1;
  return -1;
}

/** Liquid traps: +5 CR. */
export const LIQUID_CR = 5;
/** Multiple target: +1 CR (0 with never miss). */
export const MULTIPLE_TARGET_CR = 1;
export const PIT_SPIKES_CR = 1;
export const TOUCH_ATTACK_CR = 1;

export const TRIGGER_COST: Record<TriggerKind, number | null> = {
  location: 0,
  proximity: 1000,
  touch: 0,
  'touch-attached': -100,
  timed: 1000,
  // Not mechanical triggers: no cost row.
  sound: null,
  visual: null,
  spell: null,
};

/** Reset cost; automatic reset is free with a timed trigger. */
export function resetCost(reset: ResetKind, trigger: TriggerKind): number {
  switch (reset) {
    case 'none':
      return -500;
    case 'repair':
      return -200;
    case 'manual':
      return 0;
    case 'automatic':
      return trigger === 'timed' ? 0 : 500;
  }
}

export const BYPASS_COST: Record<BypassKind, number> = { lock: 100, 'hidden-switch': 200, 'hidden-lock': 300 };
/** What a bypass asks of whoever wants to use it. */
export const BYPASS_DCS: Record<BypassKind, { search?: number; openLock?: number }> = {
  lock: { openLock: 30 },
  'hidden-switch': { search: 25 },
  'hidden-lock': { search: 25, openLock: 30 },
};

/** Search / Disable Device (perPointAbove 200) and Reflex (300) DCs around the base 20. */
export function dcCost(dc: number, perPointAbove: number): number {
  if (dc < 20) return -100 * (20 - dc);
  return perPointAbove * (dc - 20);
}

/** Attack bonus around the base +10. */
export function attackCost(bonus: number): number {
  if (bonus < 10) return -100 * (10 - bonus);
  return 200 * (bonus - 10);
}

export const RANGED_STR_MAX = 4;
export const MELEE_STR_MAX = 8;
export const STR_COST_PER_POINT = 100;
export const NEVER_MISS_COST = 1000;
/** Poison and alchemical items cost 20 doses' worth with an automatic reset. */
export const AUTOMATIC_RESET_DOSES = 20;
/** The minimum market price is CR x 100 gp. */
export const MIN_PRICE_PER_CR = 100;

/** Base Craft (trapmaking) DC by CR; null above CR 10, where the SRD's table stops. */
export function craftBaseDc(cr: number): number | null {
  if (cr <= 3) return 20;
  if (cr <= 6) return 25;
  if (cr <= 10) return 30;
  return null;
}
export const CRAFT_DC_PROXIMITY = 5;
export const CRAFT_DC_AUTOMATIC = 5;

// ---------------------------------------------------------------- magic traps

/** Magic trap Search and Disable Device DC: 25 + the highest spell level. */
export const MAGIC_DC_BASE = 25;

/** A 0-level spell counts as half a level in prices (the SRD's magic item rule). */
export function priceSpellLevel(level: number): number {
  return level === 0 ? 0.5 : level;
}

/** Magic device trap save DC: 10 + spell level x 1.5, rounded down (RULES.md). */
export function deviceSaveDc(spellLevel: number): number {
  return Math.floor(10 + spellLevel * 1.5);
}

/**
 * Spell trap save DC: 10 + spell level + the caster's ability modifier. Every SRD spell trap sample
 * uses the lowest score that can cast the spell (10 + level), whose modifier is floor(level / 2).
 */
export function spellSaveDc(spellLevel: number, abilityMod = Math.floor(spellLevel / 2)): number {
  return 10 + spellLevel + abilityMod;
}

/** One-shot / automatic-reset magic device costs per spell (gp and XP per caster level x spell level). */
export const DEVICE_COST = {
  oneShot: { gp: 50, xp: 4, material: 1, xpComponentGp: 5 },
  automatic: { gp: 500, xp: 40, material: 100, xpComponentGp: 500 },
} as const;

/** Hiring an NPC to cast a spell trap: 10 gp x caster level x spell level (SRD, Spellcasting and Services). */
export const NPC_SPELL_GP = 10;
