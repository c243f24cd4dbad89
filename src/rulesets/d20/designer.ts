/**
 * The trap designer: a pure function from a trap's elements to its CR, modified base cost,
 * market price and Craft (trapmaking) DC (mechanical traps), or its CR, gp and XP cost and
 * Search, Disable Device and save DCs (magic traps), by the SRD tables of RULES.md section 4.
 *
 * Three ways in, one computation:
 * - `designTrap(elements)` takes typed elements (what the game's own trap table uses);
 * - `designFromInputs(inputs)` takes the flat inputs the CLI flags, `--batch` lines and the browser
 *   form share (`{"trigger": "location", "search-dc": 24, "multiple-targets": true}`), checks them
 *   and names what is wrong;
 * - `SRD_SAMPLES` are the SRD sample traps that agree with the tables, as such inputs.
 */
import { numberValue } from '../../core/numbers.ts';
import type { TrapSpec } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';
import { averageDamage, parseDamage } from './dice.ts';
import { POISONS, poisonById } from './poisons.ts';
import {
  AUTOMATIC_RESET_DOSES,
  attackCost,
  attackCrModifier,
  BYPASS_COST,
  BYPASSES,
  type BypassKind,
  CRAFT_DC_AUTOMATIC,
  CRAFT_DC_PROXIMITY,
  craftBaseDc,
  DEVICE_COST,
  damageSevens,
  dcCost,
  dcCrModifier,
  deviceSaveDc,
  LIQUID_CR,
  MAGIC_BASE_CR,
  MAGIC_DC_BASE,
  MECHANICAL_BASE_COST,
  MECHANICAL_BASE_CR,
  MECHANICAL_TRIGGERS,
  MELEE_STR_MAX,
  MIN_PRICE_PER_CR,
  MULTIPLE_TARGET_CR,
  NEVER_MISS_COST,
  NPC_SPELL_GP,
  onsetCrModifier,
  PIT_SPIKES_CR,
  priceSpellLevel,
  RANGED_STR_MAX,
  RESETS,
  type ResetKind,
  resetCost,
  STR_COST_PER_POINT,
  spellSaveDc,
  TOUCH_ATTACK_CR,
  TRIGGER_COST,
  TRIGGERS,
  type TriggerKind,
} from './tables.ts';

export { BYPASSES, RESETS, TRIGGERS, type BypassKind, type ResetKind, type TriggerKind } from './tables.ts';
export { POISONS } from './poisons.ts';

// ---------------------------------------------------------------- elements

export interface MechanicalElements {
  trigger: TriggerKind;
  reset: ResetKind;
  bypass?: BypassKind;
  /** Default 20 (the SRD's base DC). */
  searchDc?: number;
  disableDc?: number;
  /** A melee or ranged attack trap's attack bonus ... */
  attack?: number;
  /** ... or a pit's (save-dependent trap's) Reflex DC. */
  reflexDc?: number;
  /** Damage of one hit as dice ("2d4", "1d8*1d4" for 1d8 darts of 1d4 each) ... */
  damage?: string;
  /** ... or its average. Either way the strength bonus below is added per missile. */
  avgDamage?: number;
  rangedStr?: number;
  meleeStr?: number;
  multipleTargets?: boolean;
  neverMiss?: boolean;
  /** Onset delay in rounds. */
  onset?: number;
  liquid?: boolean;
  gas?: boolean;
  poisonCr?: number;
  poisonCost?: number;
  alchemicalLevel?: number;
  alchemicalCost?: number;
  pitSpikes?: boolean;
  touchAttack?: boolean;
}

export interface SpellCost {
  spellLevel: number;
  casterLevel: number;
}

export interface MagicElements {
  magic: 'device' | 'spell';
  /** The main spell (the effect). */
  spellLevel: number;
  casterLevel: number;
  automaticReset?: boolean;
  /** Average damage per round, or dice. */
  damage?: string;
  avgDamage?: number;
  /** Other spells the builder pays for (a detect magic or true seeing trigger; alarm is free). */
  extraSpells?: SpellCost[];
  /** Material components (gp) and XP components (XP) of the spells. */
  materialCost?: number;
  xpComponent?: number;
  /** Spell traps: the caster's ability modifier (default: the least that can cast the spell). */
  abilityMod?: number;
  trigger?: TriggerKind;
  multipleTargets?: boolean;
}

export type TrapElements = MechanicalElements | MagicElements;

export function isMagic(e: TrapElements): e is MagicElements {
  return 'magic' in e;
}

// ---------------------------------------------------------------- results

export interface BreakdownLine {
  feature: string;
  /** CR modifier, or gp for cost lines. */
  value: number;
}

export interface MechanicalDesign {
  type: 'mechanical';
  cr: number;
  /** The modified base cost (gp). */
  baseCost: number;
  /** Market price (gp). */
  price: number;
  /** Craft (trapmaking) DC; null above CR 10, where the SRD's table stops. */
  craftDc: number | null;
  averageDamage: number | null;
  crLines: BreakdownLine[];
  costLines: BreakdownLine[];
  /** Extra costs added after the CR multiple (poison, alchemical item), in gp. */
  extras: BreakdownLine[];
  warnings: string[];
}

export interface MagicDesign {
  type: 'magic';
  magic: 'device' | 'spell';
  cr: number;
  /** Raw material cost (device) or the hired caster's fee (spell trap), gp. */
  price: number;
  xp: number;
  searchDc: number;
  disableDc: number;
  saveDc: number;
  averageDamage: number | null;
  crLines: BreakdownLine[];
  costLines: BreakdownLine[];
  warnings: string[];
}

export type TrapDesign = MechanicalDesign | MagicDesign;

/** A design, or a message naming what is wrong with the elements. */
export type DesignOutcome = { ok: true; design: TrapDesign } | { ok: false; error: string };

function fail(error: string): DesignOutcome {
  return { ok: false, error };
}

/** Average damage of the elements (strength per missile included), or null when none is given. */
function averageOf(damage: string | undefined, avg: number | undefined, str: number): number | string | null {
  if (damage !== undefined) {
    const expr = parseDamage(damage);
    if (typeof expr === 'string') return `--damage: ${expr}`;
    return averageDamage(expr, str);
  }
  if (avg !== undefined) return avg + str;
  return null;
}

// ---------------------------------------------------------------- mechanical traps

export function designMechanical(e: MechanicalElements): DesignOutcome {
  if (!MECHANICAL_TRIGGERS.includes(e.trigger)) {
    return fail(`--trigger ${e.trigger} is for magic traps (give --magic device or spell); mechanical triggers: ${MECHANICAL_TRIGGERS.join(', ')}`);
  }
  if (e.attack !== undefined && e.reflexDc !== undefined) return fail('--attack and --reflex-dc cannot both be given: a trap makes an attack or allows a save');
  if (e.neverMiss && (e.attack !== undefined || e.reflexDc !== undefined))
    return fail('--never-miss traps have neither an attack bonus nor a saving throw: drop --attack / --reflex-dc');
  if (e.damage !== undefined && e.avgDamage !== undefined) return fail('--damage and --avg-damage cannot both be given');
  if (e.rangedStr !== undefined && e.meleeStr !== undefined) return fail('--ranged-str and --melee-str cannot both be given: a trap attacks either at range or in melee');
  if (e.rangedStr !== undefined && (e.rangedStr < 0 || e.rangedStr > RANGED_STR_MAX))
    return fail(`--ranged-str must be from 0 to ${RANGED_STR_MAX} (the table's maximum), got ${e.rangedStr}`);
  if (e.meleeStr !== undefined && (e.meleeStr < 0 || e.meleeStr > MELEE_STR_MAX))
    return fail(`--melee-str must be from 0 to ${MELEE_STR_MAX} (the table's maximum), got ${e.meleeStr}`);
  if ((e.rangedStr !== undefined || e.meleeStr !== undefined) && e.attack === undefined)
    return fail('--ranged-str / --melee-str belong to attack traps: give --attack');
  if (e.touchAttack && e.attack === undefined) return fail('--touch-attack needs an attack bonus (--attack)');
  if (e.pitSpikes && e.reflexDc === undefined) return fail('--pit-spikes belong to a pit: give its --reflex-dc');
  if ((e.poisonCr === undefined) !== (e.poisonCost === undefined)) return fail('--poison-cr and --poison-cost go together');
  if ((e.alchemicalLevel === undefined) !== (e.alchemicalCost === undefined)) return fail('--alchemical-level and --alchemical-cost go together');
  if (e.onset !== undefined && e.onset < 1) return fail(`--onset must be at least 1 round, got ${e.onset}`);
  const attackMod = e.attack !== undefined ? attackCrModifier(e.attack) : 0;
  if (attackMod === null) return fail(`--attack +${e.attack}: the SRD's table stops at +24 (+25 and above are undefined)`);

  const warnings: string[] = [];
  if (e.neverMiss && e.onset === undefined) warnings.push('a never miss trap always has an onset delay (SRD): give --onset');

  const searchDc = e.searchDc ?? 20;
  const disableDc = e.disableDc ?? 20;
  const str = e.rangedStr ?? e.meleeStr ?? 0;
  const avg = averageOf(e.damage, e.avgDamage, str);
  if (typeof avg === 'string') return fail(avg);

  const crLines: BreakdownLine[] = [
    { feature: `Search DC ${searchDc}`, value: dcCrModifier(searchDc) },
    { feature: `Disable Device DC ${disableDc}`, value: dcCrModifier(disableDc) },
  ];
  if (e.reflexDc !== undefined) crLines.push({ feature: `Reflex save DC ${e.reflexDc}`, value: dcCrModifier(e.reflexDc) });
  if (e.attack !== undefined) crLines.push({ feature: `attack bonus ${signed(e.attack)}`, value: attackMod });
  if (avg !== null) crLines.push({ feature: `average damage ${avg} (rounds to ${7 * damageSevens(avg)})`, value: damageSevens(avg) });
  if (e.alchemicalLevel !== undefined) crLines.push({ feature: `alchemical device (spell level ${e.alchemicalLevel})`, value: e.alchemicalLevel });
  if (e.liquid) crLines.push({ feature: 'liquid', value: LIQUID_CR });
  if (e.multipleTargets) crLines.push({ feature: e.neverMiss ? 'multiple target (never miss)' : 'multiple target', value: e.neverMiss ? 0 : MULTIPLE_TARGET_CR });
  if (e.onset !== undefined) crLines.push({ feature: `onset delay ${e.onset} round${e.onset === 1 ? '' : 's'}`, value: onsetCrModifier(e.onset) });
  if (e.poisonCr !== undefined) crLines.push({ feature: 'poison', value: e.poisonCr });
  if (e.pitSpikes) crLines.push({ feature: 'pit spikes', value: PIT_SPIKES_CR });
  if (e.touchAttack) crLines.push({ feature: 'touch attack', value: TOUCH_ATTACK_CR });
  const cr = MECHANICAL_BASE_CR + crLines.reduce((s, l) => s + l.value, 0);
  if (cr < 1) return fail(`the CR comes to ${cr}: a mechanical trap needs features until its CR is at least 1 (SRD)`);

  const costLines: BreakdownLine[] = [{ feature: 'base cost', value: MECHANICAL_BASE_COST }];
  const push = (feature: string, value: number) => {
    if (value !== 0) costLines.push({ feature, value });
  };
  push(`${e.trigger} trigger`, TRIGGER_COST[e.trigger] ?? 0);
  push(`${e.reset === 'none' ? 'no' : e.reset} reset`, resetCost(e.reset, e.trigger));
  if (e.bypass) push(`${e.bypass} bypass`, BYPASS_COST[e.bypass]);
  push(`Search DC ${searchDc}`, dcCost(searchDc, 200));
  push(`Disable Device DC ${disableDc}`, dcCost(disableDc, 200));
  if (e.reflexDc !== undefined) push(`Reflex save DC ${e.reflexDc}`, dcCost(e.reflexDc, 300));
  if (e.attack !== undefined) push(`attack bonus ${signed(e.attack)}`, attackCost(e.attack));
  if (e.rangedStr) push(`strength rating +${e.rangedStr} (ranged)`, STR_COST_PER_POINT * e.rangedStr);
  if (e.meleeStr) push(`Strength bonus +${e.meleeStr} (melee)`, STR_COST_PER_POINT * e.meleeStr);
  if (e.neverMiss) push('never miss', NEVER_MISS_COST);
  const baseCost = costLines.reduce((s, l) => s + l.value, 0);

  // Poison and alchemical items come after the CR multiple; 20 doses with an automatic reset.
  const doses = e.reset === 'automatic' ? AUTOMATIC_RESET_DOSES : 1;
  const extras: BreakdownLine[] = [];
  if (e.poisonCost !== undefined) extras.push({ feature: doses > 1 ? `poison x ${doses} doses` : 'poison', value: e.poisonCost * doses });
  if (e.alchemicalCost !== undefined) extras.push({ feature: doses > 1 ? `alchemical item x ${doses}` : 'alchemical item', value: e.alchemicalCost * doses });
  // RULES.md: the minimum (CR x 100 gp) applies to base x CR, before the extras are added.
  const price = Math.max(baseCost * cr, cr * MIN_PRICE_PER_CR) + extras.reduce((s, l) => s + l.value, 0);

  const base = craftBaseDc(cr);
  let craftDc: number | null = null;
  if (base === null) warnings.push(`the SRD gives no Craft (trapmaking) DC above CR 10 (CR ${cr})`);
  else craftDc = base + (e.trigger === 'proximity' ? CRAFT_DC_PROXIMITY : 0) + (e.reset === 'automatic' ? CRAFT_DC_AUTOMATIC : 0);

  return {
    ok: true,
    design: { type: 'mechanical', cr, baseCost, price, craftDc, averageDamage: avg, crLines, costLines, extras, warnings },
  };
}

// ---------------------------------------------------------------- magic traps

export function designMagic(e: MagicElements): DesignOutcome {
  if (e.magic === 'spell' && e.automaticReset) return fail('spell traps have no reset element: drop --automatic-reset');
  if (e.damage !== undefined && e.avgDamage !== undefined) return fail('--damage and --avg-damage cannot both be given');
  const avg = averageOf(e.damage, e.avgDamage, 0);
  if (typeof avg === 'string') return fail(avg);
  const spells: SpellCost[] = [{ spellLevel: e.spellLevel, casterLevel: e.casterLevel }, ...(e.extraSpells ?? [])];
  const highest = Math.max(...spells.map((s) => s.spellLevel));

  // Only one modifier applies: the highest spell level or the damage, whichever is larger.
  const sevens = avg === null ? 0 : damageSevens(avg);
  const crLines: BreakdownLine[] = [{ feature: 'base CR (magic trap)', value: MAGIC_BASE_CR }];
  if (sevens > highest) crLines.push({ feature: `average damage ${avg} per round (rounds to ${7 * sevens})`, value: sevens });
  else crLines.push({ feature: `highest spell level ${highest}`, value: highest });
  const cr = crLines.reduce((s, l) => s + l.value, 0);

  const costLines: BreakdownLine[] = [];
  let price = 0;
  let xp = 0;
  if (e.magic === 'spell') {
    for (const s of spells) {
      const gp = NPC_SPELL_GP * s.casterLevel * priceSpellLevel(s.spellLevel);
      costLines.push({ feature: `hired caster: level ${s.spellLevel} spell at caster level ${s.casterLevel}`, value: gp });
      price += gp;
    }
    if (e.materialCost) {
      costLines.push({ feature: 'material components', value: e.materialCost });
      price += e.materialCost;
    }
  } else {
    const rate = e.automaticReset ? DEVICE_COST.automatic : DEVICE_COST.oneShot;
    for (const s of spells) {
      const gp = rate.gp * s.casterLevel * priceSpellLevel(s.spellLevel);
      costLines.push({ feature: `level ${s.spellLevel} spell at caster level ${s.casterLevel}${e.automaticReset ? ' (automatic reset)' : ''}`, value: gp });
      price += gp;
      xp += rate.xp * s.casterLevel * priceSpellLevel(s.spellLevel);
    }
    if (e.materialCost) {
      costLines.push({ feature: `material components x ${rate.material}`, value: e.materialCost * rate.material });
      price += e.materialCost * rate.material;
    }
    if (e.xpComponent) {
      costLines.push({ feature: `XP components x ${rate.xpComponentGp} gp`, value: e.xpComponent * rate.xpComponentGp });
      price += e.xpComponent * rate.xpComponentGp;
    }
  }
  const warnings: string[] = [];
  if (e.multipleTargets) warnings.push('multiple targets do not change a magic trap\'s CR (only the spell level or the damage does)');
  const saveDc = e.magic === 'device' ? deviceSaveDc(e.spellLevel) : spellSaveDc(e.spellLevel, e.abilityMod);
  return {
    ok: true,
    design: {
      type: 'magic',
      magic: e.magic,
      cr,
      price,
      xp,
      searchDc: MAGIC_DC_BASE + highest,
      disableDc: MAGIC_DC_BASE + highest,
      saveDc,
      averageDamage: avg,
      crLines,
      costLines,
      warnings,
    },
  };
}

export function designTrap(e: TrapElements): DesignOutcome {
  return isMagic(e) ? designMagic(e) : designMechanical(e);
}

/** The JSON the CLI prints: the fields the issue names (plus warnings when there are any). */
export function designJson(d: TrapDesign): Record<string, number | string | null | string[]> {
  const out: Record<string, number | string | null | string[]> =
    d.type === 'mechanical'
      ? { cr: d.cr, baseCost: d.baseCost, price: d.price, craftDc: d.craftDc }
      : { cr: d.cr, price: d.price, xp: d.xp, searchDc: d.searchDc, disableDc: d.disableDc, saveDc: d.saveDc };
  if (d.warnings.length > 0) out.warnings = d.warnings;
  return out;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}

// ---------------------------------------------------------------- flat inputs (CLI, batch, form)

/** Flat inputs keyed by flag name without dashes: `{"search-dc": 24, "multiple-targets": true}`. */
export type DesignInputs = Record<string, string | number | boolean>;

export interface DesignField {
  /** The flag name (`--search-dc`) without the dashes; also the JSON key and the form field. */
  name: string;
  type: 'int' | 'number' | 'boolean' | 'enum' | 'string';
  values?: readonly string[];
  min?: number;
  max?: number;
  /** Which traps the field belongs to. */
  applies: 'mechanical' | 'magic' | 'both';
  label: string;
  description: string;
}

/** Every designer input, in form order: what the CLI parses and the browser form draws. */
export const DESIGN_FIELDS: readonly DesignField[] = [
  { name: 'magic', type: 'enum', values: ['device', 'spell'], applies: 'magic', label: 'Magic trap', description: 'A magic device trap or a spell trap; leave out for a mechanical trap.' },
  { name: 'trigger', type: 'enum', values: TRIGGERS, applies: 'both', label: 'Trigger', description: 'How the trap is sprung (sound, visual and spell triggers are for magic traps).' },
  { name: 'reset', type: 'enum', values: RESETS, applies: 'both', label: 'Reset', description: 'How it becomes ready again (magic: automatic or not).' },
  { name: 'bypass', type: 'enum', values: BYPASSES, applies: 'mechanical', label: 'Bypass', description: 'lock (Open Lock DC 30), hidden switch (Search DC 25) or hidden lock (both).' },
  { name: 'search-dc', type: 'int', min: 1, max: 99, applies: 'mechanical', label: 'Search DC', description: 'Search DC to find it (default 20).' },
  { name: 'disable-dc', type: 'int', min: 1, max: 99, applies: 'mechanical', label: 'Disable Device DC', description: 'Disable Device DC to disarm it (default 20).' },
  { name: 'attack', type: 'int', min: -20, max: 40, applies: 'mechanical', label: 'Attack bonus', description: 'Attack bonus of a melee or ranged attack trap.' },
  { name: 'reflex-dc', type: 'int', min: 1, max: 99, applies: 'mechanical', label: 'Reflex save DC', description: 'Reflex DC of a pit or other save-dependent trap.' },
  { name: 'damage', type: 'string', applies: 'both', label: 'Damage', description: 'Damage dice of one hit ("2d6", "1d4+1", "1d8*1d4" for 1d8 darts of 1d4); without strength.' },
  { name: 'avg-damage', type: 'number', min: 0, max: 10000, applies: 'both', label: 'Average damage', description: 'Average damage instead of dice (magic: per round).' },
  { name: 'ranged-str', type: 'int', min: 0, max: 100, applies: 'mechanical', label: 'Strength rating (ranged)', description: 'Damage bonus of a ranged attack trap (max +4).' },
  { name: 'melee-str', type: 'int', min: 0, max: 100, applies: 'mechanical', label: 'Strength bonus (melee)', description: 'Damage bonus of a melee attack trap (max +8).' },
  { name: 'multiple-targets', type: 'boolean', applies: 'both', label: 'Multiple targets', description: 'Affects more than one creature.' },
  { name: 'never-miss', type: 'boolean', applies: 'mechanical', label: 'Never miss', description: 'No attack and no save; needs an onset delay.' },
  { name: 'onset', type: 'int', min: 1, max: 1000, applies: 'mechanical', label: 'Onset delay (rounds)', description: 'Rounds between springing and the damage.' },
  { name: 'liquid', type: 'boolean', applies: 'mechanical', label: 'Liquid', description: 'A drowning trap (water-filled room).' },
  { name: 'gas', type: 'boolean', applies: 'mechanical', label: 'Gas', description: 'Delivers an inhaled poison.' },
  { name: 'poison', type: 'enum', values: POISONS.map((p) => p.id), applies: 'mechanical', label: 'Poison', description: 'A poison from the SRD list (sets its CR and price).' },
  { name: 'poison-cr', type: 'int', min: 0, max: 20, applies: 'mechanical', label: 'Poison CR', description: 'CR modifier of the poison.' },
  { name: 'poison-cost', type: 'number', min: 0, max: 1_000_000, applies: 'mechanical', label: 'Poison price (gp)', description: 'Price of one dose.' },
  { name: 'alchemical-level', type: 'int', min: 0, max: 9, applies: 'mechanical', label: 'Alchemical item: spell level', description: 'Level of the spell the alchemical item mimics.' },
  { name: 'alchemical-cost', type: 'number', min: 0, max: 1_000_000, applies: 'mechanical', label: 'Alchemical item price (gp)', description: 'Price of the alchemical item.' },
  { name: 'pit-spikes', type: 'boolean', applies: 'mechanical', label: 'Pit spikes', description: 'Spikes at the bottom of the pit.' },
  { name: 'touch-attack', type: 'boolean', applies: 'mechanical', label: 'Touch attack', description: 'Needs only a touch attack to hit.' },
  { name: 'spell-level', type: 'int', min: 0, max: 9, applies: 'magic', label: 'Spell level', description: 'Level of the (highest-level) effect spell.' },
  { name: 'caster-level', type: 'int', min: 1, max: 20, applies: 'magic', label: 'Caster level', description: 'Caster level of the effect spell.' },
  { name: 'automatic-reset', type: 'boolean', applies: 'magic', label: 'Automatic reset', description: 'A magic device trap that resets itself (costs ten times a one-shot).' },
  { name: 'trigger-spell-level', type: 'int', min: 0, max: 9, applies: 'magic', label: 'Trigger spell level', description: 'A paid trigger spell (detect magic 0, true seeing 6, ...); alarm is free.' },
  { name: 'trigger-caster-level', type: 'int', min: 1, max: 20, applies: 'magic', label: 'Trigger caster level', description: 'Caster level of the trigger spell (default its minimum, 1).' },
  { name: 'material-cost', type: 'number', min: 0, max: 10_000_000, applies: 'magic', label: 'Material components (gp)', description: 'Material components of the spells.' },
  { name: 'xp-component', type: 'number', min: 0, max: 1_000_000, applies: 'magic', label: 'XP components', description: 'XP components of the spells.' },
  { name: 'ability-mod', type: 'int', min: -5, max: 30, applies: 'magic', label: 'Caster ability modifier', description: 'Spell traps: the caster\'s ability modifier for the save DC (default floor(level/2)).' },
];

export function fieldByName(name: string): DesignField | undefined {
  return DESIGN_FIELDS.find((f) => f.name === name);
}

/** Checks one raw value against its field; returns the typed value or a message. */
export function checkInput(field: DesignField, raw: unknown): string | number | boolean | { error: string } {
  const bad = (why: string) => ({ error: `--${field.name}: ${why}` });
  switch (field.type) {
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      return bad(`expected true or false, got ${JSON.stringify(raw)}`);
    case 'int':
    case 'number': {
      // Flags and batch strings by the one rule of core/numbers.ts; JSON numbers as they are.
      const n = numberValue(raw, field.type);
      if (n === null) return bad(typeof raw === 'number' && Number.isFinite(raw) ? `expected a whole number, got ${raw}` : `expected ${field.type === 'int' ? 'a whole number' : 'a number'}, got ${JSON.stringify(raw)}`);
      if (field.min !== undefined && n < field.min) return bad(`${n} is below the minimum ${field.min}`);
      if (field.max !== undefined && n > field.max) return bad(`${n} is above the maximum ${field.max}`);
      return n;
    }
    case 'enum':
      if (typeof raw === 'string' && field.values?.includes(raw)) return raw;
      return bad(`expected one of ${field.values?.join(', ')}, got ${JSON.stringify(raw)}`);
    case 'string':
      if (typeof raw === 'string' && raw.trim() !== '') return raw.trim();
      return bad(`expected text, got ${JSON.stringify(raw)}`);
  }
}

/** Turns flat inputs into typed elements, or a message naming the first thing that is wrong. */
export function elementsFromInputs(inputs: DesignInputs): TrapElements | { error: string } {
  const v: Record<string, string | number | boolean> = {};
  for (const [key, raw] of Object.entries(inputs)) {
    const field = fieldByName(key);
    if (!field) return { error: `unknown input "${key}" (known: ${DESIGN_FIELDS.map((f) => f.name).join(', ')})` };
    const value = checkInput(field, raw);
    if (typeof value === 'object') return value;
    if (value === false) continue; // a boolean left off
    v[key] = value;
  }
  const num = (k: string) => v[k] as number | undefined;
  const str = (k: string) => v[k] as string | undefined;
  const flag = (k: string) => v[k] === true;

  if (v.magic !== undefined) {
    for (const f of DESIGN_FIELDS)
      if (f.applies === 'mechanical' && v[f.name] !== undefined) return { error: `--${f.name} applies to mechanical traps only, not to --magic ${v.magic}` };
    if (num('spell-level') === undefined) return { error: '--spell-level is required for a magic trap' };
    if (num('caster-level') === undefined) return { error: '--caster-level is required for a magic trap' };
    if (num('trigger-caster-level') !== undefined && num('trigger-spell-level') === undefined)
      return { error: '--trigger-caster-level needs --trigger-spell-level' };
    if (v.magic === 'spell' && v.reset !== undefined && v.reset !== 'none') return { error: `spell traps have no reset element: drop --reset ${v.reset}` };
    const extra: SpellCost[] = [];
    if (num('trigger-spell-level') !== undefined) extra.push({ spellLevel: num('trigger-spell-level')!, casterLevel: num('trigger-caster-level') ?? 1 });
    const e: MagicElements = {
      magic: v.magic as 'device' | 'spell',
      spellLevel: num('spell-level')!,
      casterLevel: num('caster-level')!,
      automaticReset: flag('automatic-reset') || v.reset === 'automatic',
      ...(str('damage') !== undefined ? { damage: str('damage')! } : {}),
      ...(num('avg-damage') !== undefined ? { avgDamage: num('avg-damage')! } : {}),
      ...(extra.length > 0 ? { extraSpells: extra } : {}),
      ...(num('material-cost') !== undefined ? { materialCost: num('material-cost')! } : {}),
      ...(num('xp-component') !== undefined ? { xpComponent: num('xp-component')! } : {}),
      ...(num('ability-mod') !== undefined ? { abilityMod: num('ability-mod')! } : {}),
      ...(str('trigger') !== undefined ? { trigger: str('trigger') as TriggerKind } : {}),
      ...(flag('multiple-targets') ? { multipleTargets: true } : {}),
    };
    return e;
  }

  for (const f of DESIGN_FIELDS)
    if (f.applies === 'magic' && v[f.name] !== undefined) return { error: `--${f.name} applies to magic traps only: give --magic device or --magic spell` };
  if (str('trigger') === undefined) return { error: `--trigger is required (one of ${TRIGGERS.join(', ')})` };
  if (str('reset') === undefined) return { error: `--reset is required (one of ${RESETS.join(', ')})` };
  let poisonCr = num('poison-cr');
  let poisonCost = num('poison-cost');
  if (str('poison') !== undefined) {
    const p = poisonById(str('poison')!)!;
    poisonCr ??= p.cr;
    poisonCost ??= p.price;
  }
  const e: MechanicalElements = {
    trigger: str('trigger') as TriggerKind,
    reset: str('reset') as ResetKind,
    ...(str('bypass') !== undefined ? { bypass: str('bypass') as BypassKind } : {}),
    ...(num('search-dc') !== undefined ? { searchDc: num('search-dc')! } : {}),
    ...(num('disable-dc') !== undefined ? { disableDc: num('disable-dc')! } : {}),
    ...(num('attack') !== undefined ? { attack: num('attack')! } : {}),
    ...(num('reflex-dc') !== undefined ? { reflexDc: num('reflex-dc')! } : {}),
    ...(str('damage') !== undefined ? { damage: str('damage')! } : {}),
    ...(num('avg-damage') !== undefined ? { avgDamage: num('avg-damage')! } : {}),
    ...(num('ranged-str') !== undefined ? { rangedStr: num('ranged-str')! } : {}),
    ...(num('melee-str') !== undefined ? { meleeStr: num('melee-str')! } : {}),
    ...(flag('multiple-targets') ? { multipleTargets: true } : {}),
    ...(flag('never-miss') ? { neverMiss: true } : {}),
    ...(num('onset') !== undefined ? { onset: num('onset')! } : {}),
    ...(flag('liquid') ? { liquid: true } : {}),
    ...(flag('gas') ? { gas: true } : {}),
    ...(poisonCr !== undefined ? { poisonCr } : {}),
    ...(poisonCost !== undefined ? { poisonCost } : {}),
    ...(num('alchemical-level') !== undefined ? { alchemicalLevel: num('alchemical-level')! } : {}),
    ...(num('alchemical-cost') !== undefined ? { alchemicalCost: num('alchemical-cost')! } : {}),
    ...(flag('pit-spikes') ? { pitSpikes: true } : {}),
    ...(flag('touch-attack') ? { touchAttack: true } : {}),
  };
  return e;
}

/** The whole path from flat inputs to a design (what the CLI, `--batch` and the form call). */
export function designFromInputs(inputs: DesignInputs): DesignOutcome {
  const e = elementsFromInputs(inputs);
  if ('error' in e) return fail(e.error);
  return designTrap(e);
}

// ---------------------------------------------------------------- SRD samples

export interface SrdSample {
  name: string;
  /** The sample's own figures as the SRD lists them. */
  listed: { cr: number; price: number; xp?: number; searchDc?: number; disableDc?: number; saveDc?: number };
  /** Where the claim that it agrees with the tables comes from. */
  checkedBy: 'RULES.md' | 'recomputed';
  inputs: DesignInputs;
}

const L = 'location';
const P = 'proximity';

/**
 * SRD sample traps whose listed CR and price agree with the tables. The first ten are the ones
 * RULES.md names; the others were recomputed here against the same tables (the samples RULES.md
 * calls inconsistent, and those that also disagree, are left out). Plus signs in the SRD's damage
 * ("1d6+4, javelin") are strength ratings, which is what makes those samples agree.
 */
export const SRD_SAMPLES: readonly SrdSample[] = [
  { name: 'Basic Arrow Trap', listed: { cr: 1, price: 2000 }, checkedBy: 'RULES.md', inputs: { trigger: P, reset: 'manual', attack: 10, damage: '1d6', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Pit Trap (40 ft. deep)', listed: { cr: 2, price: 2000 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '4d6', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Camouflaged Pit Trap (CR 2)', listed: { cr: 2, price: 3400 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '2d6', 'multiple-targets': true, 'search-dc': 24, 'disable-dc': 19 } },
  { name: 'Wall Scythe Trap', listed: { cr: 4, price: 17200 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'automatic', attack: 20, damage: '2d4', 'melee-str': 8, 'search-dc': 21, 'disable-dc': 18 } },
  { name: 'Water-Filled Room Trap (CR 4)', listed: { cr: 4, price: 11200 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'automatic', 'multiple-targets': true, 'never-miss': true, onset: 5, liquid: true, 'search-dc': 17, 'disable-dc': 23 } },
  { name: 'Ungol Dust Vapor Trap', listed: { cr: 5, price: 9000 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'manual', gas: true, 'multiple-targets': true, 'never-miss': true, onset: 2, poison: 'ungol_dust', 'search-dc': 20, 'disable-dc': 16 } },
  { name: 'Poison Dart Trap', listed: { cr: 1, price: 700 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'manual', attack: 8, damage: '1d4', poison: 'bloodroot', 'search-dc': 20, 'disable-dc': 18 } },
  { name: 'Swinging Block Trap', listed: { cr: 1, price: 500 }, checkedBy: 'RULES.md', inputs: { trigger: 'touch', reset: 'manual', attack: 5, damage: '4d6', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Javelin Trap', listed: { cr: 2, price: 4800 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'manual', attack: 16, damage: '1d6', 'ranged-str': 4, 'search-dc': 20, 'disable-dc': 18 } },
  { name: 'Rolling Rock Trap', listed: { cr: 1, price: 1400 }, checkedBy: 'RULES.md', inputs: { trigger: L, reset: 'manual', attack: 10, damage: '2d6', 'search-dc': 20, 'disable-dc': 22 } },

  { name: 'Camouflaged Pit Trap (CR 1)', listed: { cr: 1, price: 1800 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '1d6', 'search-dc': 24, 'disable-dc': 20 } },
  { name: 'Deeper Pit Trap', listed: { cr: 1, price: 1300 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', bypass: 'hidden-switch', 'reflex-dc': 15, damage: '2d6', 'multiple-targets': true, 'search-dc': 20, 'disable-dc': 23 } },
  { name: 'Poison Needle Trap (CR 1)', listed: { cr: 1, price: 1300 }, checkedBy: 'recomputed', inputs: { trigger: 'touch', reset: 'manual', attack: 8, damage: '1', poison: 'greenblood_oil', 'search-dc': 22, 'disable-dc': 20 } },
  { name: 'Razor-Wire across Hallway', listed: { cr: 1, price: 400 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'none', attack: 10, damage: '2d6', 'multiple-targets': true, 'search-dc': 22, 'disable-dc': 15 } },
  { name: 'Wall Blade Trap', listed: { cr: 1, price: 2500 }, checkedBy: 'recomputed', inputs: { trigger: 'touch', reset: 'automatic', bypass: 'hidden-switch', attack: 10, damage: '2d4', 'search-dc': 22, 'disable-dc': 22 } },
  { name: 'Box of Brown Mold', listed: { cr: 2, price: 3000 }, checkedBy: 'recomputed', inputs: { trigger: 'touch', reset: 'automatic', damage: '3d6', 'search-dc': 22, 'disable-dc': 16 } },
  { name: 'Bricks from Ceiling', listed: { cr: 2, price: 2400 }, checkedBy: 'recomputed', inputs: { trigger: 'touch', reset: 'repair', attack: 12, damage: '2d6', 'multiple-targets': true, 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Spiked Pit Trap (CR 2)', listed: { cr: 2, price: 1600 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'automatic', 'reflex-dc': 20, damage: '2d6', 'multiple-targets': true, 'pit-spikes': true, 'search-dc': 18, 'disable-dc': 15 } },
  { name: 'Well-Camouflaged Pit Trap (CR 2)', listed: { cr: 2, price: 4400 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'repair', 'reflex-dc': 20, damage: '1d6', 'search-dc': 27, 'disable-dc': 20 } },
  { name: 'Camouflaged Pit Trap (CR 3)', listed: { cr: 3, price: 4800 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '3d6', 'multiple-targets': true, 'search-dc': 24, 'disable-dc': 18 } },
  { name: 'Ceiling Pendulum', listed: { cr: 3, price: 14100 }, checkedBy: 'recomputed', inputs: { trigger: 'timed', reset: 'automatic', attack: 15, damage: '1d12', 'melee-str': 8, 'search-dc': 15, 'disable-dc': 27 } },
  { name: 'Pit Trap (60 ft. deep)', listed: { cr: 3, price: 3000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '6d6', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Spiked Pit Trap (CR 3)', listed: { cr: 3, price: 3600 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '2d6', 'multiple-targets': true, 'pit-spikes': true, 'search-dc': 21, 'disable-dc': 20 } },
  { name: 'Stone Blocks from Ceiling', listed: { cr: 3, price: 5400 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'repair', attack: 10, damage: '4d6', 'search-dc': 25, 'disable-dc': 20 } },
  { name: 'Camouflaged Pit Trap (CR 4)', listed: { cr: 4, price: 6800 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '4d6', 'multiple-targets': true, 'search-dc': 25, 'disable-dc': 17 } },
  { name: 'Collapsing Column', listed: { cr: 4, price: 8800 }, checkedBy: 'recomputed', inputs: { trigger: 'touch-attached', reset: 'none', attack: 15, damage: '6d6', 'search-dc': 20, 'disable-dc': 24 } },
  { name: 'Pit Trap (80 ft. deep)', listed: { cr: 4, price: 4000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '8d6', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Wide-Mouth Spiked Pit Trap', listed: { cr: 4, price: 7200 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '2d6', 'multiple-targets': true, 'pit-spikes': true, 'search-dc': 18, 'disable-dc': 25 } },
  { name: 'Camouflaged Pit Trap (CR 5)', listed: { cr: 5, price: 8500 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '5d6', 'multiple-targets': true, 'search-dc': 25, 'disable-dc': 17 } },
  { name: 'Doorknob Smeared with Contact Poison', listed: { cr: 5, price: 9650 }, checkedBy: 'recomputed', inputs: { trigger: 'touch-attached', reset: 'manual', poison: 'nitharit', 'search-dc': 25, 'disable-dc': 19 } },
  { name: 'Pit Trap (100 ft. deep)', listed: { cr: 5, price: 5000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '10d6', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Poison Wall Spikes', listed: { cr: 5, price: 12650 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', attack: 16, damage: '1d8', 'melee-str': 4, 'multiple-targets': true, poison: 'medium_spider_venom', 'search-dc': 17, 'disable-dc': 21 } },
  { name: 'Spiked Pit Trap (CR 5)', listed: { cr: 5, price: 13500 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 25, damage: '4d6', 'multiple-targets': true, 'pit-spikes': true, 'search-dc': 21, 'disable-dc': 20 } },
  { name: 'Spiked Pit Trap (80 ft. deep)', listed: { cr: 5, price: 5000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '8d6', 'pit-spikes': true, 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Built-to-Collapse Wall', listed: { cr: 6, price: 15000 }, checkedBy: 'recomputed', inputs: { trigger: P, reset: 'none', attack: 20, damage: '8d6', 'multiple-targets': true, 'search-dc': 14, 'disable-dc': 16 } },
  { name: 'Fusillade of Spears', listed: { cr: 6, price: 31200 }, checkedBy: 'recomputed', inputs: { trigger: P, reset: 'repair', attack: 21, damage: '1d6*1d8', 'multiple-targets': true, 'search-dc': 26, 'disable-dc': 20 } },
  { name: 'Spiked Blocks from Ceiling', listed: { cr: 6, price: 21600 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'repair', attack: 20, damage: '6d6', 'multiple-targets': true, 'search-dc': 24, 'disable-dc': 20 } },
  { name: 'Spiked Pit Trap (100 ft. deep)', listed: { cr: 6, price: 6000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '10d6', 'pit-spikes': true, 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Whirling Poison Blades', listed: { cr: 6, price: 30200 }, checkedBy: 'recomputed', inputs: { trigger: 'timed', reset: 'automatic', bypass: 'hidden-lock', attack: 10, damage: '1d4', 'melee-str': 4, 'multiple-targets': true, poison: 'purple_worm_poison', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Wide-Mouth Pit Trap (CR 6)', listed: { cr: 6, price: 28200 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 25, damage: '4d6', 'multiple-targets': true, 'search-dc': 26, 'disable-dc': 25 } },
  { name: 'Wyvern Arrow Trap', listed: { cr: 6, price: 17400 }, checkedBy: 'recomputed', inputs: { trigger: P, reset: 'manual', attack: 14, damage: '1d8', poison: 'wyvern_poison', 'search-dc': 20, 'disable-dc': 16 } },
  { name: 'Burnt Othur Vapor Trap', listed: { cr: 7, price: 17500 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'repair', gas: true, 'multiple-targets': true, 'never-miss': true, onset: 3, poison: 'burnt_othur_fumes', 'search-dc': 21, 'disable-dc': 21 } },
  { name: 'Fusillade of Greenblood Oil Darts', listed: { cr: 7, price: 33000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', attack: 18, damage: '1d8*1d4', 'ranged-str': 1, 'multiple-targets': true, poison: 'greenblood_oil', 'search-dc': 25, 'disable-dc': 25 } },
  { name: 'Water-Filled Room (CR 7)', listed: { cr: 7, price: 21000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'multiple-targets': true, 'never-miss': true, onset: 3, liquid: true, 'search-dc': 20, 'disable-dc': 25 } },
  { name: 'Well-Camouflaged Pit Trap (CR 7)', listed: { cr: 7, price: 24500 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'repair', 'reflex-dc': 25, damage: '7d6', 'multiple-targets': true, 'search-dc': 27, 'disable-dc': 18 } },
  { name: 'Deathblade Wall Scythe', listed: { cr: 8, price: 31400 }, checkedBy: 'recomputed', inputs: { trigger: 'touch', reset: 'manual', attack: 16, damage: '2d4', 'melee-str': 8, poison: 'deathblade', 'search-dc': 24, 'disable-dc': 19 } },
  { name: 'Insanity Mist Vapor Trap', listed: { cr: 8, price: 23900 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'repair', gas: true, 'never-miss': true, onset: 1, poison: 'insanity_mist', 'multiple-targets': true, 'search-dc': 25, 'disable-dc': 20 } },
  { name: 'Drawer Handle Smeared with Contact Poison', listed: { cr: 9, price: 21600 }, checkedBy: 'recomputed', inputs: { trigger: 'touch-attached', reset: 'manual', poison: 'black_lotus_extract', 'search-dc': 18, 'disable-dc': 26 } },
  { name: 'Dropping Ceiling', listed: { cr: 9, price: 12600 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'repair', damage: '12d6', 'multiple-targets': true, 'never-miss': true, onset: 1, 'search-dc': 20, 'disable-dc': 16 } },
  { name: 'Wide-Mouth Pit Trap (CR 9)', listed: { cr: 9, price: 40500 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', 'reflex-dc': 25, damage: '10d6', 'multiple-targets': true, 'search-dc': 25, 'disable-dc': 25 } },
  { name: 'Wide-Mouth Spiked Pit with Poisoned Spikes', listed: { cr: 9, price: 11910 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', bypass: 'hidden-lock', 'reflex-dc': 20, damage: '7d6', 'multiple-targets': true, 'pit-spikes': true, poison: 'giant_wasp_poison', 'search-dc': 20, 'disable-dc': 20 } },
  { name: 'Crushing Room', listed: { cr: 10, price: 29000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'automatic', damage: '16d6', 'multiple-targets': true, 'never-miss': true, onset: 2, 'search-dc': 22, 'disable-dc': 20 } },
  { name: 'Crushing Wall Trap', listed: { cr: 10, price: 25000 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'automatic', damage: '18d6', 'search-dc': 20, 'disable-dc': 25 } },
  { name: 'Poisoned Spiked Pit Trap', listed: { cr: 10, price: 19700 }, checkedBy: 'recomputed', inputs: { trigger: L, reset: 'manual', bypass: 'hidden-lock', 'reflex-dc': 20, damage: '5d6', 'multiple-targets': true, 'pit-spikes': true, poison: 'purple_worm_poison', 'search-dc': 16, 'disable-dc': 25 } },

  // Magic traps: the cost is raw materials and XP (device) or the hired caster (spell trap).
  { name: 'Burning Hands Trap (CR 2)', listed: { cr: 2, price: 500, xp: 40, searchDc: 26, disableDc: 26, saveDc: 11 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 1, 'caster-level': 1, 'automatic-reset': true, damage: '1d4' } },
  { name: 'Inflict Light Wounds Trap', listed: { cr: 2, price: 500, xp: 40, searchDc: 26, disableDc: 26, saveDc: 11 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 1, 'caster-level': 1, 'automatic-reset': true, damage: '1d8+1' } },
  { name: 'Burning Hands Trap (CR 3)', listed: { cr: 3, price: 2500, xp: 200, searchDc: 26, disableDc: 26, saveDc: 11 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 1, 'caster-level': 5, 'automatic-reset': true, damage: '5d4' } },
  { name: 'Fire Trap (CR 3)', listed: { cr: 3, price: 85, xp: 0, searchDc: 27, disableDc: 27, saveDc: 13 }, checkedBy: 'recomputed', inputs: { magic: 'spell', 'spell-level': 2, 'caster-level': 3, damage: '1d4+3', 'material-cost': 25 } },
  { name: 'Extended Bane Trap', listed: { cr: 3, price: 3500, xp: 280, searchDc: 27, disableDc: 27, saveDc: 13 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 2, 'caster-level': 3, 'automatic-reset': true, 'trigger-spell-level': 1, 'trigger-caster-level': 1 } },
  { name: 'Ghoul Touch Trap', listed: { cr: 3, price: 3000, xp: 240, searchDc: 27, disableDc: 27, saveDc: 13 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 2, 'caster-level': 3, 'automatic-reset': true } },
  { name: 'Acid Arrow Trap (CR 3)', listed: { cr: 3, price: 3000, xp: 240, searchDc: 27, disableDc: 27 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 2, 'caster-level': 3, 'automatic-reset': true, damage: '2d4' } },
  { name: 'Glyph of Warding (Blast) (CR 4)', listed: { cr: 4, price: 350, xp: 0, searchDc: 28, disableDc: 28, saveDc: 14 }, checkedBy: 'recomputed', inputs: { magic: 'spell', 'spell-level': 3, 'caster-level': 5, damage: '2d8', 'material-cost': 200 } },
  { name: 'Lightning Bolt Trap (CR 4)', listed: { cr: 4, price: 7500, xp: 600, searchDc: 28, disableDc: 28, saveDc: 14 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 3, 'caster-level': 5, 'automatic-reset': true, damage: '5d6' } },
  { name: 'Sepia Snake Sigil Trap', listed: { cr: 4, price: 650, xp: 0, searchDc: 28, disableDc: 28, saveDc: 14 }, checkedBy: 'recomputed', inputs: { magic: 'spell', 'spell-level': 3, 'caster-level': 5, 'material-cost': 500 } },
  { name: 'Fire Trap (CR 5)', listed: { cr: 5, price: 305, xp: 0, searchDc: 29, disableDc: 29, saveDc: 16 }, checkedBy: 'recomputed', inputs: { magic: 'spell', 'spell-level': 4, 'caster-level': 7, damage: '1d4+7', 'material-cost': 25 } },
  { name: 'Fireball Trap', listed: { cr: 5, price: 12000, xp: 960, searchDc: 28, disableDc: 28, saveDc: 14 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 3, 'caster-level': 8, 'automatic-reset': true, damage: '8d6' } },
  { name: 'Phantasmal Killer Trap', listed: { cr: 5, price: 14000, xp: 1120, searchDc: 29, disableDc: 29, saveDc: 16 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 4, 'caster-level': 7, 'automatic-reset': true } },
  { name: 'Flame Strike Trap', listed: { cr: 6, price: 22750, xp: 1820, searchDc: 30, disableDc: 30, saveDc: 17 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 5, 'caster-level': 9, 'automatic-reset': true, damage: '9d6', 'trigger-spell-level': 0, 'trigger-caster-level': 1 } },
  { name: 'Glyph of Warding (Blast) (CR 6)', listed: { cr: 6, price: 680, xp: 0, searchDc: 28, disableDc: 28, saveDc: 14 }, checkedBy: 'recomputed', inputs: { magic: 'spell', 'spell-level': 3, 'caster-level': 16, damage: '8d8', 'material-cost': 200 } },
  { name: 'Lightning Bolt Trap (CR 6)', listed: { cr: 6, price: 15000, xp: 1200, searchDc: 28, disableDc: 28, saveDc: 14 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 3, 'caster-level': 10, 'automatic-reset': true, damage: '10d6' } },
  { name: 'Acid Fog Trap', listed: { cr: 7, price: 33000, xp: 2640, searchDc: 31, disableDc: 31 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 6, 'caster-level': 11, 'automatic-reset': true, damage: '2d6' } },
  { name: 'Blade Barrier Trap', listed: { cr: 7, price: 33000, xp: 2640, searchDc: 31, disableDc: 31, saveDc: 19 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 6, 'caster-level': 11, 'automatic-reset': true, damage: '11d6' } },
  { name: 'Summon Monster VI Trap', listed: { cr: 7, price: 3300, xp: 264, searchDc: 31, disableDc: 31 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 6, 'caster-level': 11 } },
  { name: 'Destruction Trap', listed: { cr: 8, price: 45500, xp: 3640, searchDc: 32, disableDc: 32, saveDc: 20 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 7, 'caster-level': 13, 'automatic-reset': true } },
  { name: 'Power Word Stun Trap', listed: { cr: 8, price: 4550, xp: 364, searchDc: 32, disableDc: 32 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 7, 'caster-level': 13 } },
  { name: 'Incendiary Cloud Trap', listed: { cr: 9, price: 60000, xp: 4800, searchDc: 33, disableDc: 33, saveDc: 22 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 8, 'caster-level': 15, 'automatic-reset': true, damage: '4d6' } },
  { name: 'Wail of the Banshee Trap', listed: { cr: 10, price: 76500, xp: 6120, searchDc: 34, disableDc: 34, saveDc: 23 }, checkedBy: 'recomputed', inputs: { magic: 'device', 'spell-level': 9, 'caster-level': 17, 'automatic-reset': true } },
];

export function sampleByName(name: string): SrdSample | undefined {
  return SRD_SAMPLES.find((s) => s.name === name);
}

// ---------------------------------------------------------------- placing a designed trap

/** Designer inputs stored in a trap's data under this prefix ("in:search-dc"). */
export const DESIGN_PREFIX = 'in:';

/** Data of a `designed` trap: its inputs under the prefix, and a name for the log. */
export function designedTrapData(inputs: DesignInputs, name = 'designed trap'): Traits {
  const data: Traits = { name };
  for (const [k, v] of Object.entries(inputs)) data[`${DESIGN_PREFIX}${k}`] = v;
  return data;
}

/** The inputs back from a `designed` trap's data. */
export function designInputsOf(data: Traits): DesignInputs {
  const out: DesignInputs = {};
  for (const [k, v] of Object.entries(data)) if (k.startsWith(DESIGN_PREFIX)) out[k.slice(DESIGN_PREFIX.length)] = v;
  return out;
}

/**
 * A trap spec that places what the form designed at (x, y): on the floor, or on the door or chest
 * there (touch triggers belong on doors and chests), known to the player unless `known: false`.
 * Returns the designer's message if the inputs do not make a trap. Place it with
 * `ctx.placeTrap(spec, owner)` (or a `trapPlaced` event).
 */
export function designedTrapSpec(
  inputs: DesignInputs,
  x: number,
  y: number,
  opts: { host?: TrapSpec['host']; name?: string; known?: boolean } = {},
): TrapSpec | { error: string } {
  const r = designFromInputs(inputs);
  if (!r.ok) return { error: r.error };
  return { kind: 'designed', x, y, host: opts.host ?? { kind: 'floor' }, data: designedTrapData(inputs, opts.name), known: opts.known ?? true };
}
