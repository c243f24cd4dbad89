/**
 * The traits an actor may hold, declared: each ruleset's table (`Ruleset.traitTable`) over the
 * core's own (`CORE_TRAITS`: what mapgen gives every monster). A declaration names a trait's kind,
 * its range where it has one, and one line of meaning. A name ending in `*` declares a family:
 * every name that starts with what comes before the `*` (d20's `poisonTrap_<poison>`).
 *
 * Invariant: every trait play sets on any actor is declared by the played ruleset or the core (the
 * rulesets' writers take only declared names, `TraitsOf`; tests/rulesets/traitTables.test.ts plays
 * bot and fuzzed games of every ruleset and checks every trait held). A scenario's `player.traits`
 * is read against the same tables (`traitProblems`), so a name play does not know is refused.
 */
import type { GameEvent } from './events.ts';
import type { Actor, Traits } from './world.ts';

export type TraitDecl =
  | { kind: 'int' | 'number'; min?: number; max?: number; meaning: string }
  | { kind: 'boolean'; meaning: string }
  | { kind: 'string'; values?: readonly string[]; meaning: string };

export type TraitTable = Readonly<Record<string, TraitDecl>>;

/** A declared name as the names it stands for: a family (`knows-*`) is every name with its prefix. */
type NameOf<K extends string> = K extends `${infer P}*` ? `${P}${string}` : K;
type ValueOf<D> = D extends { kind: 'int' | 'number' } ? number : D extends { kind: 'boolean' } ? boolean : string;

/** Traits a table declares, each of its kind: what a ruleset's trait writer accepts. */
export type TraitsOf<T extends TraitTable> = { [K in keyof T & string as NameOf<K>]?: ValueOf<T[K]> };
/** A name a table declares (a family's names included). */
export type TraitNameOf<T extends TraitTable> = keyof TraitsOf<T> & string;

/** The core's traits: what mapgen gives every monster, from its kind (core/monsters.ts). */
export const CORE_TRAITS = {
  intelligence: { kind: 'int', min: 0, max: 10, meaning: 'How clever a monster is (0 mindless): whether it avoids what it knows and how it hunts.' },
  size: { kind: 'string', values: ['tiny', 'small', 'medium', 'large', 'huge'], meaning: "A monster's size (the shared kinds' size; CDDA's trap checks read it)." },
} as const satisfies TraitTable;

/**
 * The range of the number setting `name` (a trait a new character takes from it, play keeping it
 * there): said once, in the setting.
 */
export function settingRange(specs: ReadonlyArray<{ name: string; type: string; min?: number; max?: number }>, name: string): { min?: number; max?: number } {
  const spec = specs.find((s) => s.name === name);
  if (!spec || (spec.type !== 'int' && spec.type !== 'number')) throw new Error(`settingRange: no number setting "${name}"`);
  return { ...(spec.min !== undefined ? { min: spec.min } : {}), ...(spec.max !== undefined ? { max: spec.max } : {}) };
}

/** Traits a ruleset's writer accepts: its table's and the core's, each of its kind. */
export type RulesetTraits<T extends TraitTable> = TraitsOf<typeof CORE_TRAITS & T>;
/** A trait a ruleset's reader may ask for: its table's or the core's. */
export type RulesetTraitName<T extends TraitTable> = keyof RulesetTraits<T> & string;

/** The declaration of `name` (its own entry, else the family it belongs to), or null: own properties only. */
export function traitDecl(table: TraitTable, name: string): TraitDecl | null {
  if (Object.hasOwn(table, name)) return name.endsWith('*') ? null : table[name]!;
  for (const key of Object.keys(table)) if (key.endsWith('*') && name.length >= key.length && name.startsWith(key.slice(0, -1))) return table[key]!;
  return null;
}

/** The core's traits and the ruleset's, the ruleset's winning where both declare one. */
export function allTraits(rulesetTable: TraitTable): TraitTable {
  return { ...CORE_TRAITS, ...rulesetTable };
}

/** The declared names as a reader sees them (a family as `prefix<…>`), in the table's order. */
export function traitNames(table: TraitTable): string[] {
  return Object.keys(table).map((k) => (k.endsWith('*') ? `${k.slice(0, -1)}<…>` : k));
}

/** What a declaration asks for, in words ("a whole number from 0 to 30"). */
export function traitKindText(d: TraitDecl): string {
  if (d.kind === 'boolean') return 'true or false';
  if (d.kind === 'string') return d.values ? `one of ${d.values.map((v) => JSON.stringify(v)).join(', ')}` : 'text';
  const what = d.kind === 'int' ? 'a whole number' : 'a number';
  if (d.min !== undefined && d.max !== undefined) return `${what} from ${d.min} to ${d.max}`;
  if (d.min !== undefined) return `${what} of at least ${d.min}`;
  if (d.max !== undefined) return `${what} of at most ${d.max}`;
  return what;
}

/** Why `value` does not fit the declaration, or null when it does. */
function valueProblem(d: TraitDecl, value: unknown): string | null {
  const fits =
    d.kind === 'boolean'
      ? typeof value === 'boolean'
      : d.kind === 'string'
        ? typeof value === 'string' && (d.values === undefined || d.values.includes(value))
        : typeof value === 'number' &&
          Number.isFinite(value) &&
          (d.kind === 'number' || Number.isInteger(value)) &&
          (d.min === undefined || value >= d.min) &&
          (d.max === undefined || value <= d.max);
  return fits ? null : `expected ${traitKindText(d)}, not ${JSON.stringify(value)}`;
}

/**
 * Every trait of `traits` the table (with the core's) does not declare, or whose value is not of
 * its kind and range; each names its field (`field.name`) and, for an unknown name, the known ones.
 */
export function traitProblems(rulesetId: string, rulesetTable: TraitTable, traits: Readonly<Traits>, field: string): string[] {
  const table = allTraits(rulesetTable);
  const out: string[] = [];
  for (const [name, value] of Object.entries(traits)) {
    const d = traitDecl(table, name);
    if (!d) out.push(`${field}.${name}: ${rulesetId} has no trait "${name}" (its traits: ${traitNames(table).join(', ')})`);
    else {
      const bad = valueProblem(d, value);
      if (bad) out.push(`${field}.${name}: ${bad}`);
    }
  }
  return out;
}

/**
 * A ruleset's one trait writer: `traits` (declared names only, each of its kind) merged into the
 * actor's by an event, as every change in play is.
 */
export function traitWriter<T extends TraitTable>(): (ctx: { emit(e: GameEvent): void }, actor: Actor, traits: RulesetTraits<T>) => void {
  // Every value of RulesetTraits<T> is a number, boolean or string; the optional keys it leaves out are no value.
  return (ctx, actor, traits) => ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { traits: traits as Traits } });
}

/**
 * One trait as a writer's argument, its name's type kept: `{ [name]: value }` alone widens the
 * name to any string. `Ts` is the writer's traits (inferred from where the result goes).
 */
export function traitOf<Ts extends object, N extends keyof Ts & string>(name: N, value: NonNullable<Ts[N]>): Ts {
  // The one key `name`, of its declared kind: exactly a Ts with that key set.
  return { [name]: value } as Ts;
}
