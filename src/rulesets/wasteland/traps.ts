/**
 * The trap table: the three trap types of the Wasteland Battles base game, as data (traps.json)
 * over the core's effect vocabulary (core/traps). The source names them but gives no damage: each
 * damage is RULES.md's sandbox default, a setting the kind names (`"$caltropsDamage"`), and the
 * table shows that setting's default only. The weights are play's: placement reads them from the
 * playing ruleset's table (a Lab variant's, while one plays). Item kinds share the trap ids: a hero
 * carries "caltrops" items and places "caltrops" traps. Nothing here rolls dice or touches a world.
 */
import { findTrapDef } from '../../core/registry.ts';
import type { Ruleset, TrapDef } from '../../core/ruleset.ts';
import type { DamageSpec, TrapKind } from '../../core/traps/definition.ts';
import { effectsOf } from '../../core/traps/effectTree.ts';
import { parseTrapFile } from '../../core/traps/schema.ts';
import { SETTINGS } from './settings.ts';
import builtIn from './traps.json' with { type: 'json' };

/** The built-in kinds: the ones a hero carries (the carry… settings) and places. */
export type WastelandTrap = 'caltrops' | 'bear_trap' | 'mine';

export const TRAP_KINDS: readonly WastelandTrap[] = ['caltrops', 'bear_trap', 'mine'];

/** The seed's traps, as traps.json has them (checked by the same reader as a designer's file). */
export const BUILT_IN_KINDS: readonly TrapKind[] = parseTrapFile(builtIn, 'wasteland/traps.json').traps;

export const TRAP_COLUMNS = ['source', 'damage', 'effect', 'area', 'weight'];

/** The table's describing columns, which a kind keeps in its `numbers` (play reads none of them). */
export const DESCRIBING_COLUMNS: readonly string[] = ['source', 'effect', 'area'];

/** The first damage of a kind's effect, depth first. */
function firstDamage(kind: TrapKind): DamageSpec | undefined {
  for (const e of effectsOf(kind.effect)) if ('damage' in e && e.damage !== undefined) return e.damage;
  return undefined;
}

/** The setting a kind's damage is (`"$mineDamage"`: mineDamage), or null. */
export function damageSetting(kind: TrapKind): string | null {
  const spec = firstDamage(kind);
  return typeof spec === 'string' && spec.startsWith('$') ? spec.slice(1) : null;
}

/** The damage column: its setting's default, a plain number, or the dice text. */
function damageColumn(kind: TrapKind): number | string | null {
  const setting = damageSetting(kind);
  if (setting) return SETTINGS.find((s) => s.name === setting)?.default as number;
  const spec = firstDamage(kind);
  if (spec === undefined) return null;
  const text = typeof spec === 'string' ? spec : spec[0]!;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** A kind's row of the table, the kind itself attached (what plays). */
export function trapDefOf(kind: TrapKind): TrapDef {
  const describing = (name: string) => kind.numbers[name] ?? null;
  return {
    id: kind.id,
    name: kind.name,
    glyph: kind.glyph ?? '^',
    colour: kind.colour,
    columns: { source: describing('source'), damage: damageColumn(kind), effect: describing('effect'), area: describing('area'), weight: kind.placement.weight },
    kind,
  };
}

export const TRAPS: TrapDef[] = BUILT_IN_KINDS.map(trapDefOf);

export function isWastelandTrap(kind: string): kind is WastelandTrap {
  return (TRAP_KINDS as readonly string[]).includes(kind);
}

/** The kind of `id` as the playing ruleset has it (a designer's, a variant's), or undefined. */
export function kindOf(ruleset: Pick<Ruleset, 'traps'>, id: string): TrapKind | undefined {
  return findTrapDef(ruleset, id)?.kind;
}

/** The log's name with its article: "the caltrops", "a bear trap". `name`: the playing table's (a designer's kind's). */
export function trapNoun(kind: string, name = TRAPS.find((t) => t.id === kind)?.name ?? kind): { the: string; a: string; name: string } {
  // "caltrops" is a plural noun: no indefinite article.
  return { the: `the ${name}`, a: kind === 'caltrops' ? name : `a ${name}`, name };
}
