/**
 * The traps of play: SRD sample traps (by name) as designer elements plus what play needs beyond
 * the design tables (pit depth, area, missiles, critical hits, the spell's effect). Every trap's
 * CR, price and Craft DC come from the designer, so the table cannot disagree with the design
 * rules; where an SRD sample's own listed figures disagree with the tables, the tables win.
 *
 * The `designed` kind carries a designer's inputs in its data: the browser form places it.
 */
import type { TrapDef } from '../../core/ruleset.ts';
import type { Trap } from '../../core/world.ts';
import { type DesignInputs, designFromInputs, designInputsOf, elementsFromInputs, isMagic, type TrapDesign } from './designer.ts';
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
}

const L = 'location';

export const TRAP_KINDS: readonly D20TrapKind[] = [
  // ---- pits: location trigger, Reflex save, 1d6 per 10 ft
  { id: 'camo_pit', name: 'camouflaged pit trap', colour: '#b08040', srd: 'Camouflaged Pit Trap (CR 1)', design: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '1d6', 'search-dc': 24, 'disable-dc': 20 }, play: { effect: 'pit', hosts: ['floor'], depthFt: 10 } },
  { id: 'pit', name: 'pit trap', colour: '#a07030', srd: 'Pit Trap (40 ft. deep)', design: { trigger: L, reset: 'manual', 'reflex-dc': 20, damage: '4d6', 'search-dc': 20, 'disable-dc': 20 }, play: { effect: 'pit', hosts: ['floor'], depthFt: 40 } },
  { id: 'spiked_pit', name: 'spiked pit trap', colour: '#c08050', srd: 'Spiked Pit Trap (CR 2)', design: { trigger: L, reset: 'automatic', 'reflex-dc': 20, damage: '2d6', 'multiple-targets': true, 'pit-spikes': true, 'search-dc': 18, 'disable-dc': 15 }, play: { effect: 'pit', hosts: ['floor'], depthFt: 20 } },
  // ---- ranged attack traps
  { id: 'arrow', name: 'arrow trap', colour: '#d0d0a0', srd: 'Basic Arrow Trap', design: { trigger: 'proximity', reset: 'manual', attack: 10, damage: '1d6', 'search-dc': 20, 'disable-dc': 20 }, play: { effect: 'attack', hosts: ['floor'], damage: '1d6', crit: { range: 20, mult: 3 }, noun: 'arrow', damageType: 'piercing', triggerRadius: 1 } },
  { id: 'spear', name: 'spear trap', colour: '#c0c0c0', srd: 'Spear Trap (the SRD lists 1,200 gp; its own tables give 1,400)', design: { trigger: L, reset: 'manual', attack: 12, damage: '1d8', 'search-dc': 20, 'disable-dc': 20 }, play: { effect: 'attack', hosts: ['floor'], damage: '1d8', crit: { range: 20, mult: 3 }, noun: 'spear', damageType: 'piercing' } },
  { id: 'javelin', name: 'javelin trap', colour: '#e0c080', srd: 'Javelin Trap', design: { trigger: L, reset: 'manual', attack: 16, damage: '1d6', 'ranged-str': 4, 'search-dc': 20, 'disable-dc': 18 }, play: { effect: 'attack', hosts: ['floor'], damage: '1d6', crit: { range: 20, mult: 2 }, noun: 'javelin', damageType: 'piercing' } },
  { id: 'poison_dart', name: 'poison dart trap', colour: '#60c060', srd: 'Poison Dart Trap', design: { trigger: L, reset: 'manual', attack: 8, damage: '1d4', poison: 'bloodroot', 'search-dc': 20, 'disable-dc': 18 }, play: { effect: 'attack', hosts: ['floor'], damage: '1d4', crit: { range: 19, mult: 2 }, noun: 'dart', damageType: 'piercing', poison: 'bloodroot' } },
  { id: 'darts', name: 'fusillade of darts', colour: '#a0e0a0', srd: 'Fusillade of Darts (CR 1; the dart\'s +1 priced as a strength rating, as the javelin\'s +4, gives the SRD\'s 500 gp)', design: { trigger: L, reset: 'manual', attack: 10, damage: '1d4*1d4', 'ranged-str': 1, 'multiple-targets': true, 'search-dc': 14, 'disable-dc': 20 }, play: { effect: 'attack', hosts: ['floor'], missiles: '1d4', damage: '1d4', crit: { range: 19, mult: 2 }, noun: 'dart', damageType: 'piercing', radius: 1 } },
  // ---- melee attack traps
  { id: 'scything_blade', name: 'scything blade trap', colour: '#e0e0ff', srd: 'Scything Blade Trap (the SRD lists 1,700 gp; its own tables give 1,500)', design: { trigger: L, reset: 'automatic', attack: 8, damage: '1d8', 'search-dc': 21, 'disable-dc': 20 }, play: { effect: 'attack', hosts: ['floor'], damage: '1d8', crit: { range: 20, mult: 3 }, noun: 'blade', damageType: 'slashing' } },
  { id: 'wall_scythe', name: 'wall scythe trap', colour: '#ffffff', srd: 'Wall Scythe Trap', design: { trigger: L, reset: 'automatic', attack: 20, damage: '2d4', 'melee-str': 8, 'search-dc': 21, 'disable-dc': 18 }, play: { effect: 'attack', hosts: ['floor'], damage: '2d4', crit: { range: 20, mult: 4 }, noun: 'scythe', damageType: 'slashing' } },
  { id: 'stone_blocks', name: 'falling stone blocks', colour: '#909090', srd: 'Stone Blocks from Ceiling', design: { trigger: L, reset: 'repair', attack: 10, damage: '4d6', 'search-dc': 25, 'disable-dc': 20 }, play: { effect: 'attack', hosts: ['floor'], damage: '4d6', noun: 'falling block', damageType: 'bludgeoning' } },
  { id: 'swinging_block', name: 'swinging block trap', colour: '#808080', srd: 'Swinging Block Trap', design: { trigger: 'touch', reset: 'manual', attack: 5, damage: '4d6', 'search-dc': 20, 'disable-dc': 20 }, play: { effect: 'attack', hosts: ['door'], damage: '4d6', noun: 'stone block', damageType: 'bludgeoning' } },
  { id: 'poison_needle', name: 'poison needle trap', colour: '#40ff40', srd: 'Poison Needle Trap (CR 1)', design: { trigger: 'touch', reset: 'manual', attack: 8, damage: '1', poison: 'greenblood_oil', 'search-dc': 22, 'disable-dc': 20 }, play: { effect: 'attack', hosts: ['chest', 'door'], damage: '1', noun: 'needle', damageType: 'piercing', poison: 'greenblood_oil', needle: true } },
  { id: 'pendulum', name: 'ceiling pendulum', colour: '#ffe0a0', srd: 'Ceiling Pendulum', design: { trigger: 'timed', reset: 'automatic', attack: 15, damage: '1d12', 'melee-str': 8, 'search-dc': 15, 'disable-dc': 27 }, play: { effect: 'attack', hosts: ['floor'], damage: '1d12', crit: { range: 20, mult: 3 }, noun: 'pendulum blade', damageType: 'slashing', springText: 'A great blade swings down from the ceiling!' } },
  // ---- never miss: gas and water, with an onset delay
  { id: 'ungol_vapor', name: 'ungol dust vapor trap', colour: '#c080ff', srd: 'Ungol Dust Vapor Trap', design: { trigger: L, reset: 'manual', gas: true, 'multiple-targets': true, 'never-miss': true, onset: 2, poison: 'ungol_dust', 'search-dc': 20, 'disable-dc': 16 }, play: { effect: 'gas', hosts: ['floor'], poison: 'ungol_dust', radius: 1, springText: 'A hiss: grey dust billows out of vents in the walls!' } },
  { id: 'water_room', name: 'water-filled room trap', colour: '#4080ff', srd: 'Water-Filled Room Trap (CR 4)', design: { trigger: L, reset: 'automatic', 'multiple-targets': true, 'never-miss': true, onset: 5, liquid: true, 'search-dc': 17, 'disable-dc': 23 }, play: { effect: 'liquid', hosts: ['floor'], radius: 1, springText: 'The doors grind shut and water gushes from the walls!' } },
  // ---- magic traps
  { id: 'fire_trap', name: 'fire trap', colour: '#ff6020', srd: 'Fire Trap (CR 3)', design: { magic: 'spell', 'spell-level': 2, 'caster-level': 3, damage: '1d4+3', 'material-cost': 25 }, play: { effect: 'blast', hosts: ['chest', 'door'], damage: '1d4+3', damageType: 'fire', save: 'ref', radius: 1, springText: 'Flames burst from the warded object!' } },
  { id: 'glyph_blast', name: 'glyph of warding', colour: '#ffff60', srd: 'Glyph of Warding (Blast) (CR 4)', design: { magic: 'spell', 'spell-level': 3, 'caster-level': 5, damage: '2d8', 'multiple-targets': true, 'material-cost': 200 }, play: { effect: 'blast', hosts: ['floor'], damage: '2d8', damageType: 'acid', save: 'ref', radius: 1, springText: 'A glyph flares and blasts the area with acid!' } },
  { id: 'burning_hands', name: 'burning hands trap', colour: '#ff9040', srd: 'Burning Hands Trap (CR 2)', design: { magic: 'device', trigger: 'proximity', 'spell-level': 1, 'caster-level': 1, 'automatic-reset': true, damage: '1d4' }, play: { effect: 'blast', hosts: ['floor'], damage: '1d4', damageType: 'fire', save: 'ref', radius: 1, triggerRadius: 1, springText: 'A fan of flames sprays out!' } },
  { id: 'inflict_wounds', name: 'inflict light wounds trap', colour: '#a040a0', srd: 'Inflict Light Wounds Trap', design: { magic: 'device', trigger: 'touch', 'spell-level': 1, 'caster-level': 1, 'automatic-reset': true, damage: '1d8+1' }, play: { effect: 'blast', hosts: ['door', 'chest'], damage: '1d8+1', damageType: 'negative energy', save: 'will', springText: 'A black aura crackles from the handle!' } },
  {
    id: 'summon_trap',
    name: 'summon monster trap',
    colour: '#ff40ff',
    srd: 'Summon Monster III Trap (after Summon Monster VI Trap)',
    design: { magic: 'device', trigger: 'proximity', 'spell-level': 3, 'caster-level': 5 },
    // Summon monster III calls 1d3 creatures of the 2nd-level list for one round per caster level.
    play: { effect: 'summon', hosts: ['floor'], triggerRadius: 2, summon: { kind: 'goblin', count: '1d3', rounds: 5 }, springText: 'Shapes shimmer into being around you!' },
  },
  { id: 'alarm', name: 'alarm trap', colour: '#ffffa0', srd: 'alarm (spell trap)', design: { magic: 'spell', trigger: 'proximity', 'spell-level': 1, 'caster-level': 1 }, play: { effect: 'alarm', hosts: ['floor'], triggerRadius: 2, springText: 'A hand bell rings out loudly!' } },
  // ---- what the designer places: its inputs travel in the trap's data
  { id: 'designed', name: 'designed trap', colour: '#ff80c0', srd: 'the trap designer (each one carries its own elements)', design: { trigger: L, reset: 'manual', attack: 10, damage: '1d6' }, play: { effect: 'attack', hosts: ['floor', 'door', 'chest'] } },
];

export function trapKind(id: string): D20TrapKind | undefined {
  return TRAP_KINDS.find((k) => k.id === id);
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

const tableProfiles = new Map<string, TrapProfile>();
for (const k of TRAP_KINDS) tableProfiles.set(k.id, buildProfile(k.id, k.name, k.design, k.play));


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

/** The profile of a placed trap. */
export function profileOf(trap: Trap): TrapProfile {
  if (trap.kind === 'designed') return designedProfile(designInputsOf(trap.data), trap.host.kind, typeof trap.data.name === 'string' ? trap.data.name : 'designed trap');
  const p = tableProfiles.get(trap.kind);
  if (!p) throw new Error(`d20 has no trap "${trap.kind}"`);
  return p;
}

export function tableProfile(kind: string): TrapProfile {
  const p = tableProfiles.get(kind);
  if (!p) throw new Error(`d20 has no trap "${kind}"`);
  return p;
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

export function trapDefs(): TrapDef[] {
  return TRAP_KINDS.map((k): TrapDef => {
    if (k.id === 'designed') {
      // Each designed trap carries its own elements: the table has nothing general to say of it.
      const columns: TrapDef['columns'] = Object.fromEntries(TRAP_COLUMNS.map((c) => [c, null]));
      return { id: k.id, name: k.name, glyph: '^', colour: k.colour, columns: { ...columns, type: 'designed', srd: k.srd } };
    }
    const p = tableProfile(k.id);
    const d = designOf(k.design);
    return {
      id: k.id,
      name: k.name,
      glyph: '^',
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
    };
  });
}
