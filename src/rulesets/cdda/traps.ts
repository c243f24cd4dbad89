/**
 * The seed's trap table as data, traps.json (read by the same reader as a designer's file): P
 * (practice for setting it), V (visibility), A (avoidance), D (difficulty to disarm), noise, the
 * returned items and the notes in each kind's `numbers`, with its glyph, colour, placement and its
 * effect (every built-in one a named custom effect: effects.ts). Where the current CDDA JSON
 * differs (tripwire, crossbow, shotgun, booby trap, light snare, portal), the seed wins (RULES.md
 * 1.4). Play reads P, V, A, D from the playing ruleset's columns (harm.ts `trapNumbers`), so a lab
 * variant that changes them changes the game; the rest of a row is its facts (`factsIn`), the
 * playing table's kind's.
 */
import type { Ruleset, TrapDef } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { parseTrapFile } from '../../core/traps/schema.ts';
import builtIn from './traps.json' with { type: 'json' };

export interface CddaTrapData {
  id: string;
  name: string;
  glyph: string;
  colour: string;
  /** Practice awarded for setting it (P); null where it cannot be set or the seed gives "?". */
  practice: number | null;
  visibility: number;
  avoidance: number;
  difficulty: number;
  /** Item kinds it leaves when disarmed (or spent, where the seed says "leaves trap items"). */
  returns: readonly string[];
  /** Volume of its noise: the seed's figure, else CDDA's code (snares 2/4, shotgun 60, explosions 10 x power); null when silent. */
  noise: number | string | null;
  notes: string;
  /** Trap-like tools: no skill to set or take down, no effect on the player. */
  tool?: boolean;
}

/** The seed's traps, as traps.json has them (checked by the same reader as a designer's file). */
export const BUILT_IN_KINDS: readonly TrapKind[] = parseTrapFile(builtIn, 'cdda/traps.json').traps;

function numberOr<T>(v: unknown, fallback: T): number | T {
  return typeof v === 'number' ? v : fallback;
}

/** A kind's row as cdda's rules read it: the numbers from `numbers`, the rest from the kind. */
export function cddaDataOf(kind: TrapKind): CddaTrapData {
  const n = kind.numbers;
  const returns = typeof n.returns === 'string' ? n.returns.split(' ').filter((k) => k !== '') : [];
  const noise = n.noise === undefined ? null : n.noise;
  return {
    id: kind.id,
    name: kind.name,
    glyph: kind.glyph ?? '^',
    colour: kind.colour,
    practice: numberOr(n.P, null),
    visibility: numberOr(n.V, 0),
    avoidance: numberOr(n.A, 0),
    difficulty: numberOr(n.D, 0),
    returns,
    noise: typeof noise === 'boolean' ? null : noise,
    notes: typeof n.notes === 'string' ? n.notes : '',
    ...(n.tool === true ? { tool: true } : {}),
  };
}

export const TRAP_DATA: readonly CddaTrapData[] = BUILT_IN_KINDS.map(cddaDataOf);

/** Names of every item kind this ruleset drops, carries or sets. */
export const ITEM_NAMES: Record<string, string> = {
  bubblewrap: 'bubblewrap',
  beartrap: 'bear trap',
  nailboard: 'nailboard trap',
  tripwire: 'tripwire trap',
  crossbow_trap: 'crossbow trap',
  shotgun_trap: 'shotgun trap',
  blade_trap: 'blade trap',
  light_snare_kit: 'light snare kit',
  heavy_snare_kit: 'heavy snare kit',
  landmine: 'land mine',
  boobytrap: 'booby trap',
  cot: 'cot',
  brazier: 'brazier',
  rollmat: 'roll mat',
  string_36: 'string - 3 ft',
  rope_6: 'rope - 6 ft',
  rope_30: 'rope - 30 ft',
  crossbow: 'crossbow',
  bolt_steel: 'steel bolt',
  shotgun_sawn: 'sawn-off shotgun',
  motor: 'electric motor',
  machete: 'machete',
  snare_trigger: 'snare trigger',
  spear_wood: 'wooden spear',
  shovel: 'shovel',
};

export function itemName(kind: string): string {
  // Own names only: a designer's item kind may be any word ("constructor").
  return Object.hasOwn(ITEM_NAMES, kind) ? ITEM_NAMES[kind]! : kind.replace(/_/g, ' ');
}

/** What a trap is, which no trap table changes: its row without P, V, A and D (those are `trapNumbers`'s). */
export type CddaTrapFacts = Omit<CddaTrapData, 'practice' | 'visibility' | 'avoidance' | 'difficulty'>;

/** Each trap kind's fixed facts: name, glyph, what it leaves behind, whether it is a tool. */
export const TRAP_FACTS: ReadonlyMap<string, CddaTrapFacts> = new Map(
  TRAP_DATA.map(({ practice: _p, visibility: _v, avoidance: _a, difficulty: _d, ...facts }) => [facts.id, Object.freeze(facts)]),
);

/** A built-in kind's facts (the rigging table's kinds, the seed's own ids). */
export function trapFacts(kind: string): CddaTrapFacts {
  const t = TRAP_FACTS.get(kind);
  if (!t) throw new Error(`cdda has no trap "${kind}"`);
  return t;
}

const factTables = new WeakMap<readonly TrapDef[], ReadonlyMap<string, CddaTrapFacts>>();

/**
 * A kind's facts as the playing table has them (a designer's kind among them): read from its kind
 * where the row carries one, else the seed's. Cached per table.
 */
export function factsIn(ruleset: Pick<Ruleset, 'traps'>, kind: string): CddaTrapFacts {
  let table = factTables.get(ruleset.traps);
  if (!table) {
    const out = new Map<string, CddaTrapFacts>();
    for (const def of ruleset.traps) {
      if (out.has(def.id) || !def.kind) continue;
      const { practice: _p, visibility: _v, avoidance: _a, difficulty: _d, ...facts } = cddaDataOf(def.kind);
      out.set(def.id, Object.freeze(facts));
    }
    table = out;
    factTables.set(ruleset.traps, table);
  }
  return table.get(kind) ?? trapFacts(kind);
}

/** The kind of `id` in the playing table, or undefined. */
export function kindIn(ruleset: Pick<Ruleset, 'traps'>, id: string): TrapKind | undefined {
  return ruleset.traps.find((t) => t.id === id)?.kind;
}

export const TRAP_COLUMNS = ['P', 'V', 'A', 'D', 'noise', 'returns', 'notes'] as const;

function returnsText(kinds: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${n}x ${itemName(k)}` : itemName(k))).join(', ');
}

/** A kind's row of the table, the kind attached (what plays). */
export function trapDefOf(kind: TrapKind): TrapDef {
  const t = cddaDataOf(kind);
  return {
    id: t.id,
    name: t.name,
    glyph: t.glyph,
    colour: t.colour,
    columns: {
      P: t.practice,
      V: t.visibility,
      A: t.avoidance,
      D: t.difficulty,
      noise: t.noise,
      returns: returnsText(t.returns),
      notes: t.notes,
    },
    kind,
  };
}

export const TRAP_DEFS: TrapDef[] = BUILT_IN_KINDS.map(trapDefOf);
