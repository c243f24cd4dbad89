/**
 * Character arithmetic of seed 002 and RULES.md: ability modifiers, skill bonuses, dodge,
 * Defence, danger tiers, difficulty and the damage reductions. Pure functions of numbers and
 * traits, shared by play and the odds checks.
 */
import type { Ruleset } from '../../core/ruleset.ts';
import type { Trap, Traits, World } from '../../core/world.ts';
import { ceaptunSettings } from './settings.ts';
import { TIER_STARTS, trapOf } from './traps.ts';
import type { CeaptunTraitName } from './traits.ts';
import { ticksAtSpeed, TICKS_PER_TURN } from '../../core/scheduler.ts';

export const BLAST_RADIUS = 2;
export const BOLT_RANGE = 12;
export const DISARM_SECONDS = 12;

function n(traits: Traits, name: CeaptunTraitName, fallback = 0): number {
  const v = traits[name];
  return typeof v === 'number' ? v : fallback;
}

function b(traits: Traits, name: CeaptunTraitName): boolean {
  return traits[name] === true;
}

/** Ability modifier: floor((score - 10) / 2) (RULES: inferred, fits both of the seed's tables). */
export function abilityMod(score: number): number {
  return Math.floor((score - 10) / 2);
}

/**
 * Check bonus of a skill on the 0..200 scale (Disable device, Detect traps): in proportion up to
 * +at100 at 100, then in proportion to +at200 at 200, never more.
 */
export function skillBonus(skill: number, at100: number, at200: number): number {
  if (skill <= 0) return 0;
  if (skill <= 100) return Math.floor((skill * at100) / 100);
  return Math.min(at200, at100 + Math.floor(((skill - 100) * (at200 - at100)) / 100));
}

export function disableDeviceBonus(skill: number, settings: Traits): number {
  return skillBonus(skill, ceaptunSettings(settings).disableDeviceAt100, ceaptunSettings(settings).disableDeviceAt200);
}

/** The disarm modifier: Dexterity modifier plus what Disable device gives. */
export function disarmModifier(traits: Traits, settings: Traits): number {
  return abilityMod(n(traits, 'dex', 10)) + disableDeviceBonus(n(traits, 'disableDevice'), settings);
}

/** The finding modifier: Perception modifier plus what Detect traps gives (same scale as Disable device). */
export function searchModifier(traits: Traits, settings: Traits): number {
  return abilityMod(n(traits, 'perception', 10)) + disableDeviceBonus(n(traits, 'detectTraps'), settings);
}

/** The rigging modifier: Dexterity modifier + Woodcraft's crafting bonus + talents' Dexterity check bonuses. */
export function rigModifier(traits: Traits): number {
  return abilityMod(n(traits, 'dex', 10)) + n(traits, 'woodcraftBonus') + n(traits, 'talentDexChecks');
}

/**
 * Dodge: the Dexterity modifier as armour and load leave it (capped by `maxDexBonus`), plus Tumble
 * (+1 per `tumblePerDodge`, at most `tumbleDodgeCap`), plus every other Dodge bonus.
 */
export function dodgeOf(traits: Traits, settings: Traits): number {
  const dex = Math.min(abilityMod(n(traits, 'dex', 10)), n(traits, 'maxDexBonus', 99));
  const tumble = Math.min(Math.floor(Math.max(0, n(traits, 'tumble')) / ceaptunSettings(settings).tumblePerDodge), ceaptunSettings(settings).tumbleDodgeCap);
  return dex + tumble + n(traits, 'dodgeBonus');
}

export function armourOf(traits: Traits): number {
  return n(traits, 'armour');
}

/** Defence: base + dodge + armour (RULES). */
export function defenceOf(traits: Traits, settings: Traits): number {
  return ceaptunSettings(settings).baseDefence + dodgeOf(traits, settings) + armourOf(traits);
}

/** The danger tier index 0..6 of a danger level (below 0 counts as 0). */
export function tierOf(danger: number): number {
  let tier = 0;
  for (let i = 0; i < TIER_STARTS.length; i++) if (danger >= TIER_STARTS[i]!) tier = i;
  return tier;
}

export function levelDanger(world: World): number {
  const d = world.level.danger;
  return typeof d === 'number' && d > 0 ? d : 0;
}

/** The tier a trap works at: its level's, except a rigged trap, which never grows with danger. */
export function trapTier(ctx: { world: World; ruleset: Pick<Ruleset, 'traps'> }, trap: Trap): number {
  return tierOfTrap(trapOf(ctx.ruleset, trap.kind).rigged, ctx.world, trap);
}

/** The same, for a trap whose kind is (or is not) a rigged one. */
export function tierOfTrap(rigged: boolean, world: World, trap: Trap): number {
  return rigged || trap.owner !== null ? 0 : tierOf(levelDanger(world));
}

/** The number finding and disarming a trap take: the playing table's, harder by tier deeper down. */
export function trapDifficulty(ctx: { world: World; ruleset: Pick<Ruleset, 'traps'> }, trap: Trap): number {
  return trapOf(ctx.ruleset, trap.kind).difficulty + trapTier(ctx, trap) * ceaptunSettings(ctx.world.settings).difficultyPerTier;
}

/** Percent taken off trap damage: Trap sense plus ward magic, never more than the cap. */
export function reductionPercent(trapSense: boolean, ward: number, settings: Traits): number {
  const total = (trapSense ? ceaptunSettings(settings).trapSenseReduction : 0) + Math.max(0, ward);
  return Math.min(ceaptunSettings(settings).maxReduction, total);
}

export function reductionOf(traits: Traits, settings: Traits): number {
  return reductionPercent(b(traits, 'trapSense'), n(traits, 'ward'), settings);
}

/** Half at a blast's edge, rounded down, at least 1. */
export function edgeDamage(raw: number): number {
  return raw <= 0 ? 0 : Math.max(1, Math.floor(raw / 2));
}

/** Damage after the reduction: floor(raw x (100 - pct) / 100), at least 1 ("a trap always hurts"). */
export function reducedDamage(raw: number, pct: number): number {
  if (raw <= 0) return 0;
  return Math.max(1, Math.floor((raw * (100 - pct)) / 100));
}

/** What a rolled amount does to one victim: halved at a blast's edge, then reduced. */
export function finalDamage(raw: number, edge: boolean, pct: number): number {
  return reducedDamage(edge ? edgeDamage(raw) : raw, pct);
}

/** Ticks an activity of `seconds` takes an actor of `speed` (a turn at speed 100 is TICKS_PER_TURN). */
export function secondsToTicks(seconds: number, speed: number, settings: Traits): number {
  return Math.max(1, ticksAtSpeed((seconds / ceaptunSettings(settings).secondsPerTurn) * TICKS_PER_TURN, speed));
}

export function hasTalent(traits: Traits, name: CeaptunTraitName): boolean {
  return b(traits, name);
}

export function trait(traits: Traits, name: CeaptunTraitName, fallback = 0): number {
  return n(traits, name, fallback);
}

/** Light step's percent for an actor with the talent, else 0. */
export function lightStepPercent(traits: Traits, settings: Traits): number {
  return hasTalent(traits, 'lightStep') ? ceaptunSettings(settings).lightStepChance : 0;
}

