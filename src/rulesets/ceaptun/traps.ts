/**
 * Cēaptūn's traps: the trap table of seed 002 ("What traps do", "Damage by danger", the disarm
 * difficulties and the rigging table) is data, traps.json, over the core's effect vocabulary
 * (core/traps). This module reads it into the numbers Cēaptūn's own rules use (difficulty,
 * charges, weights, doors, the damage tiers) and into the table `trapsmith traps ceaptun` prints
 * and a Lab variant edits (its columns are views of the kinds: editing one edits the kind).
 * Nothing here rolls dice or touches a world.
 */
import { withKindRows } from '../../core/traps/files.ts';
import { InputError } from '../../core/errors.ts';
import type { Ruleset, TrapDef } from '../../core/ruleset.ts';
import type { DamageSpec, Effect, SoundSpec, TrapKind } from '../../core/traps/definition.ts';
import { type Dice, diceText, parseDice } from '../../core/traps/dice.ts';
import { kindNumberOf } from '../../core/traps/play.ts';
import { effectsOf, mapChildren } from '../../core/traps/effectTree.ts';
import { kindCheckNames } from '../../core/traps/kindCheck.ts';
import { settingProblems } from '../../core/traps/kindChecks.ts';
import { INT_SETTINGS } from './settings.ts';
import { parseTrapFile } from '../../core/traps/schema.ts';
import builtIn from './traps.json' with { type: 'json' };

export { type Dice, diceText, parseDice };

/** A kind's id: the built-ins' below, or a designer's. */
export type TrapId = string;

/** The seed's traps, as traps.json has them (checked by the same reader as a designer's file). */
export const BUILT_IN_KINDS: readonly TrapKind[] = parseTrapFile(builtIn, 'ceaptun/traps.json').traps;

export const TRAP_IDS: readonly TrapId[] = BUILT_IN_KINDS.map((k) => k.id);

export interface Sound {
  readonly name: string;
  readonly volume: number;
  readonly heard: string;
  readonly source: string;
}

/** A trap as Cēaptūn's rules read it: its kind (the definition play runs) and the numbers of its table row. */
export interface CeaptunTrap {
  readonly id: TrapId;
  readonly name: string;
  readonly colour: string;
  /** Made only by rigging (Trapwright); never placed by the dungeon and never on doors or chests. */
  readonly rigged: boolean;
  /** The definition, with this table's numbers in it: what goes off. */
  readonly kind: TrapKind;
  /** Difficulty to find and to disarm, in the shallowest places. */
  readonly difficulty: number;
  readonly damageType: string | null;
  /** The first damage of its effect, per danger tier (7 tiers); null for traps that do no damage. */
  readonly damage: readonly Dice[] | null;
  /** Charges of a dungeon trap: -1 goes off every time. Rigged traps get theirs from RIGS. */
  readonly charges: number;
  readonly sound: Sound | null;
  /** May lie on a door (the table's "doors/chests" column sets this and the next together). */
  readonly onDoors: boolean;
  readonly onChests: boolean;
  /** Relative frequency when the dungeon places traps. */
  readonly weight: number;
}

/** Danger at which each of the 7 damage tiers starts ("The column is the danger the step starts at"). */
export const TIER_STARTS: readonly number[] = [0, 3, 6, 10, 15, 22, 30];
export const TIER_LABELS: readonly string[] = ['0–2', '3–5', '6–9', '10–14', '15–21', '22–29', '30+'];

/** The first damage spec of a kind (a projectile's attack included), and its type. */
function firstDamage(kind: TrapKind): { spec: DamageSpec; type: string | undefined } | null {
  for (const e of effectsOf(kind.effect)) {
    if (e.do === 'projectile' && e.attack.damage) return { spec: e.attack.damage, type: e.attack.type };
    if (e.do !== 'projectile' && 'damage' in e && e.damage !== undefined) return { spec: e.damage, type: 'type' in e ? e.type : undefined };
  }
  return null;
}

/** A damage spec's dice at each tier; a `#name` is the kind's number (the kinds check has made sure it is dice). */
function tierDice(spec: DamageSpec, kind: TrapKind): Dice[] {
  return TIER_LABELS.map((_, i) => {
    const text = typeof spec === 'string' ? spec : spec[Math.min(i, spec.length - 1)]!;
    const d = text.startsWith('#') ? kindNumberOf({}, kind, text.slice(1)) : parseDice(text);
    if (!d || typeof d === 'string') throw new Error(`${kind.id}: its damage "${text}" at tier ${i + 1}: ${d ?? 'not dice'}`);
    return d;
  });
}

/** Cēaptūn's numbers of a kind. */
function numbersOf(kind: TrapKind): CeaptunTrap {
  const first = firstDamage(kind);
  const rigged = kind.rigged === true;
  return {
    id: kind.id,
    name: kind.name,
    colour: kind.colour,
    rigged,
    kind,
    difficulty: Number(kind.numbers.difficulty),
    damageType: first?.type ?? null,
    damage: first ? tierDice(first.spec, kind) : null,
    charges: kind.charges,
    sound: kind.sound ?? null,
    onDoors: !rigged && kind.hosts.includes('door'),
    onChests: !rigged && kind.hosts.includes('chest'),
    weight: rigged ? 0 : kind.placement.weight,
  };
}

/** The seed's table, by id. */
export const CEAPTUN_TRAPS: Readonly<Record<TrapId, CeaptunTrap>> = Object.fromEntries(BUILT_IN_KINDS.map((k) => [k.id, numbersOf(k)]));

/** A rigging recipe of the Trapwright table. */
export interface Rig {
  /** The option id (the table's "Rig" column, lower case). */
  readonly id: 'tripwire' | 'stakes' | 'pitfall';
  readonly name: string;
  readonly trap: TrapId;
  readonly minutes: number;
  /** Charges of the rigged trap; a tripwire gets one per arrow loaded, up to `maxArrows`. */
  readonly charges: number;
  readonly takes: string;
  readonly needs: string;
}

export const MAX_TRIPWIRE_ARROWS = 3;

export const RIGS: readonly Rig[] = [
  {
    id: 'tripwire', name: 'Tripwire', trap: 'tripwire', minutes: 5, charges: MAX_TRIPWIRE_ARROWS,
    takes: 'up to 3 arrows', needs: 'a wall within 2 cells of the cell, in a straight line',
  },
  { id: 'stakes', name: 'Stakes', trap: 'stake', minutes: 10, charges: 2, takes: 'a wood billet and a knife', needs: '' },
  { id: 'pitfall', name: 'Pitfall', trap: 'pitfall', minutes: 20, charges: 3, takes: 'a digging tool ready', needs: '' },
];

export function rigById(id: string): Rig | undefined {
  return RIGS.find((r) => r.id === id);
}

/** Item kinds the rigging table uses (the player starts with some). */
export const ITEM = {
  arrow: { kind: 'arrow', name: 'arrow' },
  billet: { kind: 'wood_billet', name: 'wood billet' },
  knife: { kind: 'knife', name: 'knife' },
  digger: { kind: 'digging_tool', name: 'shovel' },
  /** A thief's lock picks: the core picks locks with them (and sets off the door's trap). */
  lockpicks: { kind: 'lockpicks', name: 'set of lock picks' },
} as const;

/**
 * The table `trapsmith traps ceaptun` prints: the seed's numbers plus the danger tiers, as views
 * of each kind. `charges` is -1 for "every time" and empty for rigged traps ("as rigged").
 */
export const TRAP_COLUMNS: string[] = ['difficulty', 'damage type', 'charges', 'sound', 'volume', 'doors/chests', 'weight', ...TIER_LABELS];

/** A kind's row of the table, the kind itself attached (what plays). */
export function trapDefOf(kind: TrapKind): TrapDef {
  const t = numbersOf(kind);
  const columns: TrapDef['columns'] = {
    difficulty: t.difficulty,
    'damage type': t.damageType,
    charges: t.rigged ? null : t.charges,
    sound: t.sound ? t.sound.name : 'silent',
    volume: t.sound ? t.sound.volume : 0,
    'doors/chests': t.onDoors || t.onChests,
    weight: t.weight,
  };
  TIER_LABELS.forEach((label, i) => {
    columns[label] = t.damage ? diceText(t.damage[i]!) : null;
  });
  return { id: kind.id, name: kind.name, glyph: kind.glyph ?? '^', colour: kind.colour, columns, kind };
}

export const TRAP_DEFS: TrapDef[] = BUILT_IN_KINDS.map(trapDefOf);

export type TrapTable = Readonly<Record<TrapId, CeaptunTrap>>;

const tables = new WeakMap<readonly TrapDef[], TrapTable>();

function column<T>(def: TrapDef, name: string, ok: (v: unknown) => v is T, what: string): T {
  const v = def.columns[name];
  if (!ok(v)) throw new Error(`traps.${def.id}.${name}: expected ${what}, got ${JSON.stringify(v)}`);
  return v;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

/** The effect tree with its first damage (depth first, a shot's attack included) set to `spec` and `type`. */
function withDamage(kind: TrapKind, spec: DamageSpec, type: string | null): Effect {
  let done = false;
  const typed = type ? { type } : {};
  const set = (e: Effect): Effect => {
    if (done) return e;
    if (e.do === 'all' || e.do === 'chance' || e.do === 'if') return mapChildren(e, set);
    if (e.do === 'projectile' && e.attack.damage) {
      done = true;
      return { ...e, attack: { ...e.attack, damage: spec, ...typed } };
    }
    if (e.do !== 'projectile' && 'damage' in e && e.damage !== undefined) {
      done = true;
      return { ...e, damage: spec, ...typed } as Effect;
    }
    return e;
  };
  return set(kind.effect);
}

/**
 * A kind with a row's cells in it (the seed's row gives the kind back as it was): difficulty,
 * damage type and tiers, charges, volume, doors and chests, weight. Throws an Error naming the
 * bad cell.
 */
function kindWithColumns(def: TrapDef, base: TrapKind): TrapKind {
  const rigged = base.rigged === true;
  const difficulty = column(def, 'difficulty', isInt, 'a whole number');
  const charges = rigged ? base.charges : column(def, 'charges', (v): v is number => isInt(v) && (v === -1 || v >= 1), '-1 (every time) or 1 or more');
  const volume = column(def, 'volume', (v): v is number => typeof v === 'number' && v >= 0, 'a volume of 0 or more');
  const damageType = column(def, 'damage type', (v): v is string | null => v === null || typeof v === 'string', 'text or an empty cell');
  const first = firstDamage(base);
  let effect = base.effect;
  if (first) {
    const tiers = TIER_LABELS.map((label) => {
      const cell = def.columns[label];
      const d = typeof cell === 'string' ? parseDice(cell) : null;
      if (!d) throw new Error(`traps.${def.id}.${label}: expected dice like "1d6", got ${JSON.stringify(cell)}`);
      return diceText(d);
    });
    const same = typeof first.spec !== 'string' && tiers.every((t, i) => t === diceText(parseDice(first.spec[i] ?? '')!));
    const type = damageType === '' ? null : damageType;
    if (!same || type !== (first.type ?? null)) effect = withDamage(base, tiers, type);
  }
  const sound: SoundSpec | null =
    volume <= 0 ? null : { ...(base.sound ?? { name: 'Click', heard: 'You hear a click.', source: 'a trap' }), volume };
  const onDoors = !rigged && base.hosts.some((h) => h !== 'floor') && column(def, 'doors/chests', isBool, 'true or false');
  return {
    ...base,
    numbers: { ...base.numbers, difficulty },
    charges,
    sound,
    hosts: onDoors ? base.hosts : ['floor'],
    placement: { ...base.placement, weight: rigged ? 0 : column(def, 'weight', (v): v is number => typeof v === 'number' && v >= 0, 'a weight of 0 or more') },
    effect,
  };
}

/**
 * The traps play uses, read from a table's rows (the seed's, a variant's, or with a designer's
 * kinds): each row's kind with the row's cells in it. Cached per table; throws an Error naming
 * the bad cell.
 */
export function trapTable(defs: readonly TrapDef[]): TrapTable {
  const cached = tables.get(defs);
  if (cached) return cached;
  const out: Record<TrapId, CeaptunTrap> = Object.create(null);
  for (const def of defs) {
    if (!def.kind) throw new Error(`traps.${def.id}: a Cēaptūn trap needs its definition`);
    out[def.id] = numbersOf(kindWithColumns(def, def.kind));
  }
  tables.set(defs, out);
  return out;
}

/** The numbers of a kind Cēaptūn's rules read. */
const KIND_NUMBERS: readonly string[] = ['difficulty'];

/** The most a designer's difficulty may be (2d12 and every bonus the rules give stay far below). */
export const MAX_DIFFICULTY = 100;

/**
 * The table with a designer's kinds: each replaces the kind of its id in place, or joins the end.
 * Throws an InputError naming every field Cēaptūn cannot play (`traps[1].numbers.difficulty`),
 * `otherProblems` (the dialect's, core/traps/read.ts `dialectProblems`) among them.
 */
export function withDesignersKinds(defs: readonly TrapDef[], kinds: readonly TrapKind[], otherProblems: readonly string[] = []): TrapDef[] {
  const problems: string[] = [...otherProblems];
  kinds.forEach((k, i) => {
    // Cēaptūn reads a kind's difficulty; its own checks may read numbers of their own (kindCheck.ts).
    const read = kindCheckNames(k);
    for (const key of Object.keys(k.numbers))
      if (!KIND_NUMBERS.includes(key) && !read.includes(key))
        problems.push(`traps[${i}].numbers.${key}: Cēaptūn reads no such number (a kind has ${KIND_NUMBERS.join(', ')}, and any number its own disarm, avoid, spot or rig check or its effect (#name) names${read.length > 0 ? `: ${read.join(', ')}` : ''})`);
    problems.push(...settingProblems(k, `traps[${i}]`, INT_SETTINGS, 'ceaptun'));
    const d = k.numbers.difficulty;
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > MAX_DIFFICULTY) {
      problems.push(`traps[${i}].numbers.difficulty: expected a whole number from 0 to ${MAX_DIFFICULTY} (to find and to disarm it), got ${JSON.stringify(d)}`);
    }
    const base = defs.find((t) => t.id === k.id)?.kind;
    if (k.rigged === true && base?.rigged !== true) problems.push(`traps[${i}].rigged: only the rigging table makes rigged traps (tripwire, stake, pitfall); a new kind is placed by the dungeon`);
    if (base?.rigged === true && k.rigged !== true) problems.push(`traps[${i}].rigged: ${k.id} is made by rigging: keep "rigged": true`);
  });
  if (problems.length > 0) throw new InputError(problems.join('; '));
  return withKindRows(defs, kinds, trapDefOf);
}

export function isTrapIn(table: TrapTable, id: string): boolean {
  return Object.hasOwn(table, id);
}

/**
 * One trap as the playing ruleset has it: the only way play reads a trap. Pass `ctx.ruleset` (a
 * Lab variant's own copy while a variant plays), or, in a hook that is handed only the world, the
 * ruleset the hook was made for (see `makeRuleset`).
 */
export function trapOf(ruleset: Pick<Ruleset, 'traps'>, kind: string): CeaptunTrap {
  const table = trapTable(ruleset.traps);
  if (!isTrapIn(table, kind)) throw new Error(`ceaptun has no trap "${kind}"`);
  return table[kind]!;
}
