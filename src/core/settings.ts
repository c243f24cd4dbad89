/**
 * A ruleset's settings, declared once: the list of SettingSpecs (names, types, defaults, ranges
 * and words, which the New game dialog, `--set`, variants and the CLI's help read) produces the
 * rules' typed reading of a world's settings. No rule reads a setting by a string: a misspelt or
 * removed setting is a type error where it is read, and a setting's type is its spec's.
 *
 *   export const D20 = defineSettings([{ name: 'playerLevel', type: 'int', default: 5, … }, …]);
 *   D20.read(world.settings).playerLevel   // number
 */
import { settingsReader } from './registry.ts';
import type { SettingSpec } from './ruleset.ts';
import type { Traits } from './world.ts';

/** The value a setting (or a check's input) of spec `S` holds: a number, a yes/no, one of its enum's values, or text. */
export type SettingValue<S extends Pick<SettingSpec, 'type' | 'values'>> = S extends { readonly type: 'int' | 'number' }
  ? number
  : S extends { readonly type: 'boolean' }
    ? boolean
    : S extends { readonly type: 'enum'; readonly values: readonly (infer V extends string)[] }
      ? V
      : string;

/** The typed settings of a list of specs, by name. */
export type SettingsOf<L extends readonly SettingSpec[]> = { readonly [S in L[number] as S['name']]: SettingValue<S> };

export interface SettingsDefinition<L extends readonly SettingSpec[]> {
  /** The list, as the ruleset's `settings` gives it. */
  readonly specs: SettingSpec[];
  /**
   * The typed reading of a world's (or a check's) settings: each value of its spec's type, else
   * the spec's default (settings made before a setting existed). Made once per settings object
   * and shared, so frozen.
   */
  readonly read: (t: Traits) => Readonly<SettingsOf<L>>;
  /** The whole-number settings' names: what a trap kind's `$name` may name. */
  readonly intNames: readonly string[];
  /** The whole-number setting `name` (a trap kind's `$name`: named by a designer, so by a string); an Error for any other name. */
  readonly int: (t: Traits, name: string) => number;
}

/** Whether `v` is a value of a spec's type (an enum's: one of its values, where it lists them). */
export function specHolds(spec: Pick<SettingSpec, 'type' | 'values'>, v: unknown): boolean {
  switch (spec.type) {
    case 'int':
    case 'number':
      return typeof v === 'number';
    case 'boolean':
      return typeof v === 'boolean';
    case 'enum':
      return typeof v === 'string' && (spec.values === undefined || spec.values.includes(v));
    case 'string':
      return typeof v === 'string';
  }
}

/** A ruleset's settings from their list (see the module's comment). `const`: the names and enum values stay literal, so the reading is typed by them. */
export function defineSettings<const L extends readonly SettingSpec[]>(list: L): SettingsDefinition<L> {
  const specs: SettingSpec[] = [...list];
  const read = settingsReader((t: Traits): SettingsOf<L> => {
    const out: Record<string, number | boolean | string> = {};
    for (const spec of specs) {
      const v = t[spec.name];
      out[spec.name] = specHolds(spec, v) ? (v as number | boolean | string) : spec.default;
    }
    // The record has every spec's name with a value of its type: SettingsOf<L> by construction.
    return out as SettingsOf<L>;
  });
  const intNames = specs.filter((s) => s.type === 'int').map((s) => s.name);
  const int = (t: Traits, name: string): number => {
    if (!intNames.includes(name)) throw new Error(`no whole-number setting "${name}" (${intNames.join(', ')})`);
    // A name of the list: the reading has it, a number.
    return (read(t) as Readonly<Record<string, number>>)[name]!;
  };
  return { specs, read, intNames, int };
}
