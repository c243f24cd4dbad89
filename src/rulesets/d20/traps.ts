/**
 * The traps of play: SRD sample traps (by name) as designer elements plus what play needs beyond
 * the design tables (pit depth, area, missiles, critical hits, the spell's effect). Every trap's
 * CR, price and Craft DC come from the designer, so the table cannot disagree with the design
 * rules; where an SRD sample's own listed figures disagree with the tables, the tables win.
 *
 * The `designed` kind carries a designer's inputs in its data: the browser form places it.
 */
import { own } from '../../core/lookup.ts';
import { findTrapDef, getRuleset } from '../../core/registry.ts';
import type { Ruleset, TrapDef } from '../../core/ruleset.ts';
import type { Effect as TrapEffect, TrapKind } from '../../core/traps/definition.ts';
import { parseTrapFile } from '../../core/traps/schema.ts';
import { ATTACK_EFFECTS, effectsOf } from '../../core/traps/effectTree.ts';
import traps from './traps.json' with { type: 'json' };
import type { Trap, World } from '../../core/world.ts';
import { checkInput, DESIGN_FIELDS, type DesignInputs, fieldByName, designFromInputs, designInputsOf, elementsFromInputs, isMagic, type TrapDesign } from './designer.ts';
import { damageText, parseDamage } from './dice.ts';
import { type PoisonDef, POISONS, poisonById } from './poisons.ts';
import { deviceSaveDc, MAGIC_DC_BASE, type ResetKind, spellSaveDc, type TriggerKind } from './tables.ts';
import type { SaveKind } from './actors.ts';

export { DESIGN_PREFIX, designedTrapData, designInputsOf } from './designer.ts';

export type Effect = 'pit' | 'attack' | 'blast' | 'gas' | 'liquid' | 'crush' | 'contact' | 'summon' | 'alarm' | 'none';
export type Host = 'floor' | 'door' | 'chest';

/** What play needs on top of the design elements. */
export interface PlayData {
  effect: Effect;
  hosts: Host[];
  /** Pit depth in feet (1d6 per 10 ft). */
  depthFt?: number;
  /** Missiles per target ("1d4" darts); one when absent. */
  missiles?: string;
  /** Damage of one missile or blow, without the strength bonus. */
  damage?: string;
  /** Critical threat range (19 = 19-20) and multiplier. */
  crit?: { range: number; mult: number };
  /** What hits ("arrow", "scythe"), for the log. */
  noun?: string;
  damageType?: string;
  /** Cells around the trap its effect covers (multiple targets), Chebyshev distance. */
  radius?: number;
  /** Proximity, sound and visual triggers: how near sets it off. */
  triggerRadius?: number;
  /** Magic effects: the save (half damage on a success unless `negates`). */
  save?: SaveKind;
  negates?: boolean;
  /** Summoning: which monster kind, how many, for how many rounds. */
  summon?: { kind: string; count: string; rounds: number };
  /** Needle traps sit in a lock: kicking the chest or door does not set them off. */
  needle?: boolean;
  /** Poison by id. */
  poison?: string;
  /** How the trap shows itself in the log when it goes off. */
  springText?: string;
}

export interface D20TrapKind {
  id: string;
  name: string;
  colour: string;
  /** The SRD sample it follows. */
  srd: string;
  /** Designer inputs: the trap's elements. */
  design: DesignInputs;
  play: PlayData;
  /** The kind as data (traps.json, or a designer's file). */
  kind: TrapKind;
}

/** What play reads of a kind's numbers beyond the designer's inputs (`PlayData`), by key. */
export const PLAY_NUMBERS: Readonly<Record<string, string>> = {
  'depth-ft': 'a pit\'s depth in feet (1d6 per 10 ft.)',
  missiles: 'missiles per target ("1d4")',
  'hit-damage': 'the damage of one missile or blow, without the strength bonus',
  'crit-range': 'the lowest natural roll that threatens a critical hit (19: 19-20)',
  'crit-mult': 'the critical multiplier (x2, x3, x4)',
  noun: 'what hits ("arrow"), for the log',
  'damage-type': 'the damage type ("piercing", "fire")',
  radius: 'cells around the trap its effect covers',
  'trigger-radius': 'how near sets off a proximity, sound or visual trigger',
  save: 'a magic effect\'s save: ref, fort or will',
  negates: 'a made save negates the damage (not half)',
  'summon-kind': 'the monster kind summoned',
  'summon-count': 'how many are summoned ("1d3")',
  'summon-rounds': 'for how many rounds',
  needle: 'a needle in a lock: a kick does not set it off',
  'spring-text': 'the line said when it goes off',
  srd: 'the SRD sample it follows (the table\'s srd column)',
};

/** The play family of each of the dialect's named effects (dialect.ts): which `fireEffect` branch it plays. */
export const FAMILY_OF_CUSTOM: Readonly<Record<string, Effect>> = {
  pit: 'pit',
  srd_attack: 'attack',
  spell_blast: 'blast',
  gas: 'gas',
  flood: 'liquid',
  summon: 'summon',
  alarm: 'alarm',
  crush: 'crush',
  contact_poison: 'contact',
  // The placeholder of the browser designer's traps, which carry their own elements.
  designed: 'attack',
};

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function count(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

function flag(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

/**
 * The play family of a kind's effect: its named effect's, `attack` for a tree with the
 * vocabulary's attack in it, `blast` for one with an `area` (a spell's), else none.
 */
export function familyOf(kind: TrapKind): Effect {
  const e = kind.effect;
  if (e.do === 'custom') return own(FAMILY_OF_CUSTOM, e.name) ?? 'none';
  const effects = effectsOf(e);
  if (effects.some((x) => ATTACK_EFFECTS.has(x.do))) return 'attack';
  return effects.some((x) => x.do === 'area') ? 'blast' : 'none';
}

/**
 * What a kind's `area` says of its play, as the profile carries it (the table's attack/save and
 * damage columns, a pit's bottom): its radius, save and damage type. The area says them once;
 * the profile is a view of it.
 */
function areaPlay(kind: TrapKind, play: PlayData): void {
  const area = effectsOf(kind.effect).find((x): x is Extract<TrapEffect, { do: 'area' }> => x.do === 'area');
  if (!area) return;
  const radius = typeof area.radius === 'number' ? area.radius : count(own(kind.numbers, area.radius.slice(1)));
  if (radius !== undefined) play.radius = radius;
  if (area.type !== undefined) play.damageType = area.type;
  const save = area.save?.save;
  if (save === 'ref' || save === 'fort' || save === 'will') play.save = save;
  if (area.save) play.negates = area.save.success === 'none';
}

/**
 * The built-ins' notes on where the SRD's own figures disagree with its tables, too long for a
 * kind's number (60 characters): the table's srd column in full, read only for the built-in kinds.
 */
const SRD_NOTES: Readonly<Record<string, string>> = {
  spear: 'Spear Trap (the SRD lists 1,200 gp; its own tables give 1,400)',
  darts: "Fusillade of Darts (CR 1; the dart's +1 priced as a strength rating, as the javelin's +4, gives the SRD's 500 gp)",
  scything_blade: 'Scything Blade Trap (the SRD lists 1,700 gp; its own tables give 1,500)',
};

/** A kind as data (traps.json, a designer's file) read as the designer's inputs and play's extras. */
export function d20KindOf(kind: TrapKind): D20TrapKind {
  const n = kind.numbers;
  const design: DesignInputs = {};
  for (const f of DESIGN_FIELDS) {
    const v = own(n, f.name);
    if (v !== undefined && v !== null) design[f.name] = v;
  }
  const play: PlayData = { effect: familyOf(kind), hosts: kind.hosts.map((h) => h) };
  const put = <K extends keyof PlayData>(key: K, v: PlayData[K] | undefined): void => {
    if (v !== undefined) play[key] = v;
  };
  put('depthFt', count(n['depth-ft']));
  put('missiles', text(n.missiles));
  put('damage', text(n['hit-damage']));
  const range = count(n['crit-range']);
  const mult = count(n['crit-mult']);
  if (range !== undefined || mult !== undefined) play.crit = { range: range ?? 20, mult: mult ?? 2 };
  put('noun', text(n.noun));
  put('damageType', text(n['damage-type']));
  put('radius', count(n.radius));
  put('triggerRadius', count(n['trigger-radius']));
  const save = text(n.save);
  if (save === 'ref' || save === 'fort' || save === 'will') play.save = save;
  put('negates', flag(n.negates));
  const summonKind = text(n['summon-kind']);
  if (summonKind !== undefined) play.summon = { kind: summonKind, count: text(n['summon-count']) ?? '1', rounds: count(n['summon-rounds']) ?? 1 };
  put('needle', flag(n.needle));
  put('springText', text(n['spring-text']));
  areaPlay(kind, play);
  return { id: kind.id, name: kind.name, colour: kind.colour, srd: text(n.srd) ?? '', design, play, kind };
}

function builtIn(kind: TrapKind): D20TrapKind {
  const k = d20KindOf(kind);
  return { ...k, srd: own(SRD_NOTES, k.id) ?? k.srd };
}

/** The d20 traps, as traps.json has them (checked by the same reader as a designer's file). */
export const BUILT_IN_KINDS: readonly TrapKind[] = parseTrapFile(traps, 'd20/traps.json').traps;

export const TRAP_KINDS: readonly D20TrapKind[] = BUILT_IN_KINDS.map(builtIn);

/**
 * The d20 kind each trap table's kind data stands for, recorded as `trapDefs` makes a table. A
 * placed trap carries no table: play finds its kind through the playing ruleset's table
 * (`d20KindIn`), so a designer's file may change a built-in kind under its own id, and two files
 * may hold two kinds of one id, each in its own ruleset.
 */
const KIND_OF_DATA = new WeakMap<TrapKind, D20TrapKind>();

/** The d20 kind of id `id` in the ruleset's table (the playing ruleset: a file's or a variant's own), if any. */
export function d20KindIn(ruleset: Pick<Ruleset, 'traps'>, id: string): D20TrapKind | undefined {
  const data = findTrapDef(ruleset, id)?.kind;
  return data ? KIND_OF_DATA.get(data) : undefined;
}

/** The ruleset a world plays, for the hooks that are handed only a world. */
export function rulesetOf(world: Pick<World, 'ruleset'>): Ruleset {
  return getRuleset(world.ruleset);
}

// ---------------------------------------------------------------- profiles: one view for play

/** Everything play needs of one trap, whether from the table or from a designed trap's data. */
export interface TrapProfile {
  kind: string;
  name: string;
  magic: 'device' | 'spell' | null;
  trigger: TriggerKind;
  reset: ResetKind;
  cr: number;
  searchDc: number;
  disableDc: number;
  spellLevel: number;
  attack: number | null;
  touchAttack: boolean;
  /** Reflex DC of a pit, or the magic effect's save DC. */
  saveDc: number | null;
  save: SaveKind | null;
  negates: boolean;
  effect: Effect;
  damage: string | null;
  str: number;
  missiles: string | null;
  crit: { range: number; mult: number };
  noun: string;
  damageType: string;
  multiple: boolean;
  radius: number;
  triggerRadius: number;
  neverMiss: boolean;
  onset: number;
  depthFt: number;
  spikes: boolean;
  poison: PoisonDef | null;
  summon: PlayData['summon'] | null;
  needle: boolean;
  springText: string | null;
}

function designOf(inputs: DesignInputs): TrapDesign {
  const out = designFromInputs(inputs);
  if (!out.ok) throw new Error(`trap design does not hold: ${out.error}`);
  return out.design;
}

/** The profile of a table trap, or of a designed trap from its inputs (plus optional play extras). */
export function buildProfile(kind: string, name: string, inputs: DesignInputs, play: PlayData): TrapProfile {
  const elements = elementsFromInputs(inputs);
  if ('error' in elements) throw new Error(`trap ${kind}: ${elements.error}`);
  const design = designOf(inputs);
  const dmgText = play.damage ?? (typeof inputs.damage === 'string' ? inputs.damage : null);
  if (isMagic(elements)) {
    const sl = elements.spellLevel;
    return {
      kind,
      name,
      magic: elements.magic,
      trigger: elements.trigger ?? (elements.magic === 'spell' ? 'spell' : 'proximity'),
      reset: elements.magic === 'spell' ? 'none' : elements.automaticReset ? 'automatic' : 'none',
      cr: design.cr,
      searchDc: MAGIC_DC_BASE + sl,
      disableDc: MAGIC_DC_BASE + sl,
      spellLevel: sl,
      attack: null,
      touchAttack: false,
      saveDc: elements.magic === 'device' ? deviceSaveDc(sl) : spellSaveDc(sl, elements.abilityMod),
      save: play.save ?? (dmgText ? 'ref' : null),
      negates: play.negates ?? false,
      effect: play.effect,
      damage: dmgText,
      str: 0,
      missiles: null,
      crit: { range: 20, mult: 2 },
      noun: play.noun ?? 'spell',
      damageType: play.damageType ?? 'magic',
      multiple: elements.multipleTargets ?? (play.radius ?? 0) > 0,
      radius: play.radius ?? (elements.multipleTargets ? 1 : 0),
      triggerRadius: play.triggerRadius ?? 1,
      neverMiss: false,
      onset: 0,
      depthFt: 0,
      spikes: false,
      poison: null,
      summon: play.summon ?? null,
      needle: play.needle ?? false,
      springText: play.springText ?? null,
    };
  }
  const e = elements;
  // The poison by name (table traps, or a designer's --poison); from its CR alone as a last resort.
  const named = play.poison ?? (typeof inputs.poison === 'string' ? inputs.poison : undefined);
  const poison = named ? (poisonById(named) ?? null) : e.poisonCr !== undefined ? poisonForCr(e.poisonCr) : null;
  const multiple = e.multipleTargets ?? false;
  let damage = dmgText;
  let missiles = play.missiles ?? null;
  // A designed trap's "1d8*1d4" splits into missiles and the damage of each.
  if (damage && !play.damage) {
    const parsed = parseDamage(damage);
    if (typeof parsed !== 'string' && parsed.count) {
      missiles = damageText({ count: null, each: parsed.count });
      damage = damageText({ count: null, each: parsed.each });
    }
  }
  if (!damage && e.avgDamage !== undefined) damage = String(Math.round(e.avgDamage));
  return {
    kind,
    name,
    magic: null,
    trigger: e.trigger,
    reset: e.reset,
    cr: design.cr,
    searchDc: e.searchDc ?? 20,
    disableDc: e.disableDc ?? 20,
    spellLevel: 0,
    attack: e.attack ?? null,
    touchAttack: e.touchAttack ?? false,
    saveDc: e.reflexDc ?? null,
    save: e.reflexDc !== undefined ? 'ref' : null,
    negates: e.reflexDc !== undefined,
    effect: play.effect,
    damage,
    str: e.rangedStr ?? e.meleeStr ?? 0,
    missiles,
    crit: play.crit ?? { range: 20, mult: 2 },
    noun: play.noun ?? (e.reflexDc !== undefined ? 'pit' : 'trap'),
    damageType: play.damageType ?? 'piercing',
    multiple,
    radius: play.radius ?? (multiple ? 1 : 0),
    triggerRadius: play.triggerRadius ?? 1,
    neverMiss: e.neverMiss ?? false,
    onset: e.onset ?? 0,
    depthFt: play.depthFt ?? pitDepth(damage),
    spikes: e.pitSpikes ?? false,
    poison,
    summon: null,
    needle: play.needle ?? false,
    springText: play.springText ?? null,
  };
}

/** A designed pit's depth from its fall damage (1d6 per 10 ft). */
function pitDepth(damage: string | null): number {
  if (!damage) return 10;
  const m = /^(\d+)d6$/.exec(damage);
  return m ? 10 * Number(m[1]) : 10;
}

/** The poison a designed trap uses when only its CR was given: the first of that CR. */
function poisonForCr(cr: number): PoisonDef | null {
  return POISONS.find((p) => p.cr === cr) ?? POISONS.find((p) => p.cr <= cr) ?? null;
}

/** A designed proximity, sound or visual trigger watches this many cells (10 ft.); the form has no radius. */
export const DESIGNED_TRIGGER_RADIUS = 2;

/** What play makes of a designed trap's inputs: the effect follows from the elements. */
export function playForDesign(inputs: DesignInputs, host: Host): PlayData {
  const e = elementsFromInputs(inputs);
  if ('error' in e) throw new Error(e.error);
  if (isMagic(e))
    return {
      effect: e.damage || e.avgDamage !== undefined ? 'blast' : 'none',
      hosts: [host],
      radius: e.multipleTargets ? 1 : 0,
      triggerRadius: DESIGNED_TRIGGER_RADIUS,
    };
  let effect: Effect = 'none';
  if (e.reflexDc !== undefined) effect = 'pit';
  else if (e.attack !== undefined) effect = 'attack';
  else if (e.liquid) effect = 'liquid';
  else if (e.gas) effect = 'gas';
  else if (e.neverMiss || e.damage || e.avgDamage !== undefined) effect = 'crush';
  else if (e.poisonCr !== undefined) effect = 'contact';
  return { effect, hosts: [host], triggerRadius: DESIGNED_TRIGGER_RADIUS };
}

/** The named effect that plays each family (the inverse of `FAMILY_OF_CUSTOM`, without the placeholder). */
const CUSTOM_OF_FAMILY: Readonly<Partial<Record<Effect, string>>> = {
  pit: 'pit',
  attack: 'srd_attack',
  blast: 'spell_blast',
  gas: 'gas',
  liquid: 'flood',
  summon: 'summon',
  alarm: 'alarm',
  crush: 'crush',
  contact: 'contact_poison',
};

/**
 * The trap designer's trap as a kind of a trap file (the format `--traps` reads): its inputs as
 * the kind's numbers, with the CR the tables give it (withKinds checks it), and the named effect
 * of its family, which plays the very code a placed designed trap plays (`playForDesign`). An
 * error where the inputs make no trap, or one that does nothing.
 */
export function designedKind(inputs: DesignInputs, opts: { id: string; name: string; host: Host; colour?: string }): TrapKind | { error: string } {
  const r = designFromInputs(inputs);
  if (!r.ok) return { error: r.error };
  const play = playForDesign(inputs, opts.host);
  const custom = CUSTOM_OF_FAMILY[play.effect];
  if (!custom) return { error: 'the design deals no damage, no poison and no drowning: a trap file\'s kind must do something' };
  const numbers: Record<string, string | number | boolean> = {};
  // As the designer reads them: the command line's "20" is the number 20.
  for (const [k, v] of Object.entries(inputs)) {
    const field = fieldByName(k);
    const read = field ? checkInput(field, v) : v;
    numbers[k] = typeof read === 'object' ? v : read;
  }
  numbers.cr = r.design.cr;
  if (play.radius !== undefined) numbers.radius = play.radius;
  if (play.triggerRadius !== undefined) numbers['trigger-radius'] = play.triggerRadius;
  return {
    id: opts.id,
    name: opts.name,
    colour: opts.colour ?? '#ff80c0',
    hosts: [opts.host],
    placement: { weight: 1 },
    charges: -1,
    numbers,
    effect: { do: 'custom', name: custom },
  };
}

const kindProfiles = new WeakMap<D20TrapKind, TrapProfile>();

/** The profile of a kind (built once per kind; a design that does not hold throws here). */
export function profileOfD20Kind(k: D20TrapKind): TrapProfile {
  let p = kindProfiles.get(k);
  if (!p) kindProfiles.set(k, (p = buildProfile(k.id, k.name, k.design, k.play)));
  return p;
}

/** The profile of a kind as data (a table's, or a designer's kind read on its own by the odds). */
export function profileOfKind(kind: TrapKind): TrapProfile {
  let k = KIND_OF_DATA.get(kind);
  if (!k) KIND_OF_DATA.set(kind, (k = d20KindOf(kind)));
  return profileOfD20Kind(k);
}


const designedCache = new Map<string, TrapProfile>();

/** The profile of a designed trap from its inputs, on a host, under a name (cached). */
export function designedProfile(inputs: DesignInputs, host: Host, name = 'designed trap'): TrapProfile {
  // Two designed traps alike but for their names are two profiles.
  const key = `${host}:${name}:${JSON.stringify(inputs)}`;
  let p = designedCache.get(key);
  if (!p) {
    p = buildProfile('designed', name, inputs, playForDesign(inputs, host));
    if (designedCache.size > 200) designedCache.clear();
    designedCache.set(key, p);
  }
  return p;
}

/** The profile of a placed designed trap, from the inputs it carries. */
export function designedProfileOf(trap: Trap): TrapProfile {
  return designedProfile(designInputsOf(trap.data), trap.host.kind, typeof trap.data.name === 'string' ? trap.data.name : 'designed trap');
}

/** The profile of a placed trap, as the playing ruleset's table has its kind. */
export function profileOf(ruleset: Pick<Ruleset, 'traps'>, trap: Trap): TrapProfile {
  return trap.kind === 'designed' ? designedProfileOf(trap) : tableProfile(ruleset, trap.kind);
}

/** The profile of the kind of id `kind` in the ruleset's table. */
export function tableProfile(ruleset: Pick<Ruleset, 'traps'>, kind: string): TrapProfile {
  const k = d20KindIn(ruleset, kind);
  if (!k) throw new Error(`d20 has no trap "${kind}"`);
  return profileOfD20Kind(k);
}


// ---------------------------------------------------------------- the table as `trapsmith traps` prints it

export const TRAP_COLUMNS = ['cr', 'type', 'trigger', 'reset', 'search', 'disable', 'attack/save', 'damage', 'effect', 'price', 'craftDc', 'srd'];

function attackOrSave(p: TrapProfile): string | null {
  if (p.attack !== null) return `${p.attack >= 0 ? '+' : ''}${p.attack}${p.touchAttack ? ' touch' : ''}`;
  if (p.saveDc !== null && p.save) return `DC ${p.saveDc} ${p.save === 'ref' ? 'Reflex' : p.save === 'fort' ? 'Fortitude' : 'Will'}${p.magic ? ' half' : ''}`;
  if (p.neverMiss) return `never miss, onset ${p.onset}`;
  return null;
}

function damageColumn(k: D20TrapKind, p: TrapProfile): string | null {
  const parts: string[] = [];
  if (p.effect === 'pit') parts.push(`${p.depthFt} ft. (${p.damage})`);
  else if (p.damage) parts.push(`${p.missiles ? `${p.missiles} x ` : ''}${p.damage}${p.str ? `+${p.str}` : ''}`);
  if (p.spikes) parts.push('spikes');
  if (p.poison) parts.push(p.poison.name);
  if (k.play.effect === 'liquid') parts.push('drowning');
  if (k.play.summon) parts.push(`${k.play.summon.count} ${k.play.summon.kind}s`);
  if (k.play.effect === 'alarm') parts.push('bell');
  return parts.length > 0 ? parts.join(', ') : null;
}

export function trapDefs(kinds: readonly D20TrapKind[] = TRAP_KINDS): TrapDef[] {
  return kinds.map((k): TrapDef => {
    KIND_OF_DATA.set(k.kind, k);
    if (k.id === 'designed') {
      // Each designed trap carries its own elements: the table has nothing general to say of it.
      const columns: TrapDef['columns'] = Object.fromEntries(TRAP_COLUMNS.map((c) => [c, null]));
      return { id: k.id, name: k.name, glyph: k.kind.glyph ?? '^', colour: k.colour, columns: { ...columns, type: 'designed', srd: k.srd }, kind: k.kind };
    }
    const p = profileOfD20Kind(k);
    const d = designOf(k.design);
    return {
      id: k.id,
      name: k.name,
      glyph: k.kind.glyph ?? '^',
      colour: k.colour,
      columns: {
        cr: d.cr,
        type: p.magic ? (p.magic === 'spell' ? 'spell' : 'magic device') : 'mechanical',
        trigger: p.trigger,
        reset: p.reset,
        search: p.searchDc,
        disable: p.disableDc,
        'attack/save': attackOrSave(p),
        damage: damageColumn(k, p),
        effect: p.effect,
        price: d.price,
        craftDc: d.type === 'mechanical' ? d.craftDc : null,
        srd: k.srd,
      },
      kind: k.kind,
    };
  });
}
