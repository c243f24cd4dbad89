/**
 * The trap table of seed 002 ("What traps do", "Damage by danger", the disarm difficulties and
 * the rigging table), as data. Nothing here rolls dice or touches a world.
 */
import type { Ruleset, TrapDef } from '../../core/ruleset.ts';

export type TrapId = 'arrow' | 'spear' | 'fireball' | 'frost' | 'lightning' | 'pit' | 'alarm' | 'teleport' | 'tripwire' | 'stake' | 'pitfall';

export const TRAP_IDS: readonly TrapId[] = ['arrow', 'spear', 'fireball', 'frost', 'lightning', 'pit', 'alarm', 'teleport', 'tripwire', 'stake', 'pitfall'];

/** How a trap does its harm; several traps share one way (an arrow trap and a tripwire shoot alike). */
export type EffectKind = 'arrow' | 'strike' | 'fire' | 'cold' | 'bolt' | 'pit' | 'alarm' | 'teleport';

export interface Dice {
  readonly n: number;
  readonly sides: number;
  /** A flat bonus (a variant may write "2d6+1"; the seed's dice have none). */
  readonly bonus: number;
}

export interface Sound {
  /** What the seed calls it ("Bowstring"). */
  readonly name: string;
  /** The seed's volume. */
  readonly volume: number;
  /** The log line when the player hears it without seeing it. */
  readonly heard: string;
  /** Passed to the core's noise as its source. */
  readonly source: string;
}

/** What a trap is, which no trap table changes: a variant edits numbers (columns), never these. */
export interface TrapFacts {
  readonly id: TrapId;
  readonly name: string;
  readonly colour: string;
  readonly effect: EffectKind;
  /** Made only by rigging (Trapwright); never placed by the dungeon and never on doors or chests. */
  readonly rigged: boolean;
  /** What strikes, for attack messages ("You dodge the arrow."). */
  readonly noun: string;
}

/** A trap as play uses it: its facts and the numbers of one trap table (the seed's, or a variant's). */
export interface CeaptunTrap extends TrapFacts {
  /** Difficulty to find and to disarm (the disarm table), in the shallowest places. */
  readonly difficulty: number;
  readonly damageType: string | null;
  /** Damage per danger tier (7 tiers); null for traps that do no damage. */
  readonly damage: readonly Dice[] | null;
  /** Charges of a dungeon trap: -1 goes off every time. Rigged traps get theirs from RIGS. */
  readonly charges: number;
  readonly sound: Sound | null;
  /** May lie on a door or a chest ("Pits are never on doors"; chests carry any door trap). */
  readonly onDoors: boolean;
  /** Relative frequency when the dungeon places traps (our choice; the seed gives none). */
  readonly weight: number;
}

/** Danger at which each of the 7 damage tiers starts ("The column is the danger the step starts at"). */
export const TIER_STARTS: readonly number[] = [0, 3, 6, 10, 15, 22, 30];
export const TIER_LABELS: readonly string[] = ['0–2', '3–5', '6–9', '10–14', '15–21', '22–29', '30+'];

/** Parses "2d6" or "2d6+1"; null when the text is not dice. */
export function parseDice(text: string): Dice | null {
  const m = /^(\d+)d(\d+)([+-]\d+)?$/.exec(text.trim());
  if (!m || Number(m[2]) < 1) return null;
  return { n: Number(m[1]), sides: Number(m[2]), bonus: m[3] ? Number(m[3]) : 0 };
}

function dice(text: string): Dice {
  const d = parseDice(text);
  if (!d) throw new Error(`bad dice "${text}"`);
  return d;
}

function tiers(...texts: string[]): Dice[] {
  if (texts.length !== 7) throw new Error('a damage row needs 7 tiers');
  return texts.map(dice);
}

const BOWSTRING: Sound = { name: 'Bowstring', volume: 40, heard: 'You hear the twang of a bowstring.', source: 'a bowstring' };
const EXPLOSION: Sound = { name: 'Explosion', volume: 150, heard: 'You hear an explosion.', source: 'an explosion' };
const THUNDER: Sound = { name: 'Thunder', volume: 120, heard: 'You hear a clap of thunder.', source: 'thunder' };
const BELL: Sound = { name: 'Bell', volume: 300, heard: 'You hear a bell ringing.', source: 'an alarm bell' };

const RIGGED_D6 = tiers('1d6', '1d6', '1d6', '1d6', '1d6', '1d6', '1d6');

/**
 * The seed's table: what TRAP_DEFS (the base ruleset's columns) is made of. Play never reads its
 * numbers here, as a Lab variant plays other ones: it reads the playing ruleset's (`trapOf`), and
 * what no table changes from TRAP_FACTS.
 */
export const CEAPTUN_TRAPS: Readonly<Record<TrapId, CeaptunTrap>> = {
  arrow: {
    id: 'arrow', name: 'arrow trap', colour: '#d0d0d0', effect: 'arrow', difficulty: 14, damageType: 'piercing',
    damage: tiers('1d2', '1d4', '1d6', '2d4', '2d6', '3d6', '4d6'),
    charges: -1, sound: BOWSTRING, rigged: false, onDoors: true, weight: 3, noun: 'arrow',
  },
  spear: {
    id: 'spear', name: 'spear trap', colour: '#a0a8ff', effect: 'strike', difficulty: 15, damageType: 'piercing',
    damage: tiers('1d2', '1d5', '1d8', '2d6', '2d8', '3d8', '4d8'),
    charges: -1, sound: null, rigged: false, onDoors: true, weight: 3, noun: 'spear',
  },
  fireball: {
    id: 'fireball', name: 'fireball trap', colour: '#ff5a1f', effect: 'fire', difficulty: 17, damageType: 'fire',
    damage: tiers('1d4', '2d4', '2d6', '3d6', '4d6', '6d6', '8d6'),
    charges: 1, sound: EXPLOSION, rigged: false, onDoors: true, weight: 1, noun: 'fireball',
  },
  frost: {
    id: 'frost', name: 'frost trap', colour: '#8fe3ff', effect: 'cold', difficulty: 17, damageType: 'cold',
    damage: tiers('1d3', '1d6', '2d4', '2d6', '3d6', '4d6', '6d6'),
    charges: 1, sound: null, rigged: false, onDoors: true, weight: 1, noun: 'frost',
  },
  lightning: {
    id: 'lightning', name: 'lightning trap', colour: '#ffff4d', effect: 'bolt', difficulty: 17, damageType: 'electricity',
    damage: tiers('1d4', '2d4', '3d6', '4d6', '5d6', '7d6', '9d6'),
    charges: 2, sound: THUNDER, rigged: false, onDoors: true, weight: 1, noun: 'lightning',
  },
  pit: {
    id: 'pit', name: 'pit', colour: '#a0703c', effect: 'pit', difficulty: 13, damageType: 'bludgeoning',
    damage: tiers('1d2', '1d4', '1d6', '2d4', '2d6', '3d6', '4d6'),
    charges: -1, sound: null, rigged: false, onDoors: false, weight: 3, noun: 'pit',
  },
  alarm: {
    id: 'alarm', name: 'alarm trap', colour: '#ffd23f', effect: 'alarm', difficulty: 12, damageType: null, damage: null,
    charges: -1, sound: BELL, rigged: false, onDoors: true, weight: 2, noun: 'bell',
  },
  teleport: {
    id: 'teleport', name: 'teleport trap', colour: '#c07cff', effect: 'teleport', difficulty: 18, damageType: null, damage: null,
    charges: -1, sound: null, rigged: false, onDoors: true, weight: 2, noun: 'teleport',
  },
  tripwire: {
    id: 'tripwire', name: 'tripwire', colour: '#d8d8a0', effect: 'arrow', difficulty: 15, damageType: 'piercing', damage: RIGGED_D6,
    charges: -1, sound: BOWSTRING, rigged: true, onDoors: false, weight: 0, noun: 'arrow',
  },
  stake: {
    id: 'stake', name: 'stake trap', colour: '#b5835a', effect: 'strike', difficulty: 15, damageType: 'piercing', damage: RIGGED_D6,
    charges: -1, sound: null, rigged: true, onDoors: false, weight: 0, noun: 'stake',
  },
  pitfall: {
    id: 'pitfall', name: 'pitfall', colour: '#7d5a36', effect: 'pit', difficulty: 15, damageType: 'bludgeoning', damage: RIGGED_D6,
    charges: -1, sound: null, rigged: true, onDoors: false, weight: 0, noun: 'pitfall',
  },
};

export function isTrapId(id: string): id is TrapId {
  return (TRAP_IDS as readonly string[]).includes(id);
}

/** Each trap's fixed facts (name, effect, noun, whether it is rigged): the same in every trap table. */
export const TRAP_FACTS: Readonly<Record<TrapId, TrapFacts>> = Object.fromEntries(
  TRAP_IDS.map((id) => {
    const { name, colour, effect, rigged, noun } = CEAPTUN_TRAPS[id];
    return [id, Object.freeze({ id, name, colour, effect, rigged, noun })];
  }),
) as Record<TrapId, TrapFacts>;

/** The fixed facts of a trap kind (no numbers: those are `trapOf`'s). */
export function trapFacts(kind: string): TrapFacts {
  if (!isTrapId(kind)) throw new Error(`ceaptun has no trap "${kind}"`);
  return TRAP_FACTS[kind];
}

export function diceText(d: Dice): string {
  return `${d.n}d${d.sides}${d.bonus > 0 ? `+${d.bonus}` : d.bonus < 0 ? String(d.bonus) : ''}`;
}

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
 * The table `trapsmith traps ceaptun` prints: the seed's numbers plus the danger tiers. Play reads
 * its numbers from these columns (see `trapTable`), so a balance-lab variant that edits a cell
 * changes the game. `charges` is -1 for "every time" and empty for rigged traps ("as rigged").
 */
export const TRAP_COLUMNS: string[] = ['difficulty', 'damage type', 'charges', 'sound', 'volume', 'doors/chests', 'weight', ...TIER_LABELS];

export const TRAP_DEFS: TrapDef[] = TRAP_IDS.map((id) => {
  const t = CEAPTUN_TRAPS[id];
  const columns: TrapDef['columns'] = {
    difficulty: t.difficulty,
    'damage type': t.damageType,
    charges: t.rigged ? null : t.charges,
    sound: t.sound ? t.sound.name : 'silent',
    volume: t.sound ? t.sound.volume : 0,
    'doors/chests': t.onDoors,
    weight: t.weight,
  };
  TIER_LABELS.forEach((label, i) => {
    columns[label] = t.damage ? diceText(t.damage[i]!) : null;
  });
  return { id, name: t.name, glyph: '^', colour: t.colour, columns };
});

export type TrapTable = Readonly<Record<TrapId, CeaptunTrap>>;

const tables = new WeakMap<readonly TrapDef[], TrapTable>();

function column<T>(def: TrapDef, name: string, ok: (v: unknown) => v is T, what: string): T {
  const v = def.columns[name];
  if (!ok(v)) throw new Error(`traps.${def.id}.${name}: expected ${what}, got ${JSON.stringify(v)}`);
  return v;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

/**
 * The numbers play uses, read from a trap table's columns (the seed's, or a variant's) over the
 * fixed facts of each trap (its name, what it does, its sound's words). Cached per table; throws
 * an Error naming the bad cell.
 */
export function trapTable(defs: readonly TrapDef[]): TrapTable {
  const cached = tables.get(defs);
  if (cached) return cached;
  const out = {} as Record<TrapId, CeaptunTrap>;
  for (const id of TRAP_IDS) {
    const base = CEAPTUN_TRAPS[id];
    const def = defs.find((d) => d.id === id);
    if (!def) {
      out[id] = base;
      continue;
    }
    const difficulty = column(def, 'difficulty', isInt, 'a whole number');
    const charges = base.rigged ? base.charges : column(def, 'charges', (v): v is number => isInt(v) && (v === -1 || v >= 1), '-1 (every time) or 1 or more');
    const volume = column(def, 'volume', (v): v is number => typeof v === 'number' && v >= 0, 'a volume of 0 or more');
    const damage = base.damage
      ? TIER_LABELS.map((label) => {
          const d = typeof def.columns[label] === 'string' ? parseDice(def.columns[label] as string) : null;
          if (!d) throw new Error(`traps.${id}.${label}: expected dice like "1d6", got ${JSON.stringify(def.columns[label])}`);
          return d;
        })
      : null;
    const sound: Sound | null = volume <= 0 ? null : { ...(base.sound ?? { name: 'Click', heard: 'You hear a click.', source: 'a trap' }), volume };
    const damageType = column(def, 'damage type', (v): v is string | null => v === null || typeof v === 'string', 'text or an empty cell');
    out[id] = {
      ...base,
      difficulty,
      damageType: damageType === '' ? null : damageType,
      charges,
      damage,
      sound,
      onDoors: base.effect !== 'pit' && !base.rigged && column(def, 'doors/chests', isBool, 'true or false'),
      weight: base.rigged ? 0 : column(def, 'weight', (v): v is number => typeof v === 'number' && v >= 0, 'a weight of 0 or more'),
    };
  }
  tables.set(defs, out);
  return out;
}

/**
 * One trap as the playing ruleset has it: the only way play reads a trap's numbers. Pass
 * `ctx.ruleset` (a Lab variant's own copy while a variant plays), or, in a hook that is handed
 * only the world, the ruleset the hook was made for (see `makeRuleset`): never a ruleset looked up
 * by the base id, which would play the seed's numbers under a variant.
 */
export function trapOf(ruleset: Pick<Ruleset, 'traps'>, kind: string): CeaptunTrap {
  if (!isTrapId(kind)) throw new Error(`ceaptun has no trap "${kind}"`);
  return trapTable(ruleset.traps)[kind];
}
