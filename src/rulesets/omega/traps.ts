/**
 * The thirteen Omega 0.90.4 traps (trap.c, defs.h L_TRAP_*) as data, traps.json (read by the same
 * reader as a designer's file), and the trap table `trapsmith traps omega` prints from it, plus
 * what the rules need to know about each: its component (nine kinds have one), the component's
 * names before and after identification (the Objects table: the table's component and
 * unidentified columns), and the hazards a fire or abyss trap can turn into. Each built-in kind's
 * effect is Omega's own handler, a named custom effect (dialect.ts).
 */
import type { TrapDef } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { parseTrapFile } from '../../core/traps/schema.ts';
import builtIn from './traps.json' with { type: 'json' };

export const TRAP_IDS = [
  'dart',
  'pit',
  'trapdoor',
  'snare',
  'blade',
  'fire',
  'teleport',
  'disintegrate',
  'sleepgas',
  'acid',
  'manadrain',
  'abyss',
  'siren',
] as const;
export type TrapId = (typeof TRAP_IDS)[number];

export function isTrapId(id: string): id is TrapId {
  return (TRAP_IDS as readonly string[]).includes(id);
}

export interface ComponentInfo {
  /** Name once identified (Objects[].truename). */
  trueName: string;
  /** Name while unidentified (Objects[].objstr). */
  unknownName: string;
}

/** The thirteen traps, as traps.json has them, in the table's order (TRAP_IDS). */
export const BUILT_IN_KINDS: readonly TrapKind[] = parseTrapFile(builtIn, 'omega/traps.json').traps;

/**
 * The nine kinds whose disarming can yield a component (command2.c `disarm()`): the built-in
 * kinds' component and unidentified columns. A designer's kind has none (kinds.ts keeps a
 * replaced built-in's).
 */
export const COMPONENTS: Readonly<Partial<Record<TrapId, ComponentInfo>>> = Object.fromEntries(
  BUILT_IN_KINDS.flatMap((k) =>
    isTrapId(k.id) && typeof k.numbers.component === 'string' && typeof k.numbers.unidentified === 'string'
      ? [[k.id, { trueName: k.numbers.component, unknownName: k.numbers.unidentified }]]
      : [],
  ),
);

export function hasComponent(kind: string): boolean {
  return isTrapId(kind) && COMPONENTS[kind] !== undefined;
}

/** Traps a non-negative dispel removes (effect1.c `dispel()`: L_TRAP_FIRE, L_TRAP_TELEPORT, L_TRAP_DISINTEGRATE). */
export const DISPELLABLE: readonly TrapId[] = ['fire', 'teleport', 'disintegrate'];

/**
 * What a trap's square can turn into. A fire trap set off by the player becomes persistent fire
 * (L_FIRE), an abyss trap seen going off under a monster becomes an open abyss (L_ABYSS). They stay
 * trap records of the same kind with `data.hazard` set, so the renderer and the log still find
 * them; these are their own glyphs (defs.h FIRE ';' and ABYSS '0').
 */
export const HAZARDS = {
  fire: { name: 'curtain of fire', glyph: ';', colour: '#ff6040' },
  abyss: { name: 'open abyss', glyph: '0', colour: '#8a5a2b' },
} as const;
export type HazardId = keyof typeof HAZARDS;

/** The trap table's columns, as a kind's `numbers` keeps them. */
export const TRAP_COLUMNS = ['component', 'unidentified', 'player', 'mount', 'monster', 'locf'];

/** A kind's row of the table, the kind itself attached (what plays). A column the kind leaves out is empty. */
export function trapDefOf(kind: TrapKind): TrapDef {
  const columns: TrapDef['columns'] = {};
  for (const c of TRAP_COLUMNS) columns[c] = kind.numbers[c] ?? null;
  return { id: kind.id, name: kind.name, glyph: kind.glyph ?? '^', colour: kind.colour, columns, kind };
}

/** The trap table. Names are trapid()'s ("A pit", "A trap door", ...) without the article. */
export const TRAPS: TrapDef[] = BUILT_IN_KINDS.map(trapDefOf);

/** The kind of `id` as the playing table has it (a designer's, or a built-in), or undefined. */
export function kindIn(traps: readonly TrapDef[], id: string): TrapKind | undefined {
  return traps.find((t) => t.id === id)?.kind;
}
