/**
 * A check's inputs, declared once: the list of ParamSpecs (the CLI's flags, `--help`, the Lab's
 * fields, `verify`'s examples) produces the program's typed reading of them, so no program reads
 * an input by a string: a misspelt or removed input is a type error where it is read.
 *
 *   const STEP = defineInputs([{ name: 'hp', type: 'int', required: true, … }, …]);
 *   program: (i) => … STEP.read(i).hp …   // number
 */
import type { CheckInputs, ParamSpec } from './ruleset.ts';
import { type SettingValue, specHolds } from './settings.ts';

/** One input's value: its type's, and undefined where it may be left out (neither required nor defaulted: "not given" means something). */
export type InputValue<P extends ParamSpec> = P extends { readonly required: true } | { readonly default: unknown } ? SettingValue<P> : SettingValue<P> | undefined;

/** The typed inputs of a list of params, by name (`trap-sense` stays `trap-sense`). */
export type InputsOf<L extends readonly ParamSpec[]> = { readonly [P in L[number] as P['name']]: InputValue<P> };

export interface InputsDefinition<L extends readonly ParamSpec[]> {
  /** The list, as the check's `params` gives it. */
  readonly params: ParamSpec[];
  /**
   * The typed reading of a check's inputs: each value of its param's type (an enum's as given:
   * `validate` names one it does not list), else the param's default; a required one left out
   * reads as the type's nothing (0, false, ''), an optional one without a default as undefined.
   */
  readonly read: (i: CheckInputs) => InputsOf<L>;
}

const NOTHING: Readonly<Record<ParamSpec['type'], number | boolean | string>> = { int: 0, number: 0, boolean: false, enum: '', string: '' };

/** A check's inputs from their list (see the module's comment). */
export function defineInputs<const L extends readonly ParamSpec[]>(list: L): InputsDefinition<L> {
  const params: ParamSpec[] = [...list];
  const read = (i: CheckInputs): InputsOf<L> => {
    const out: Record<string, number | boolean | string | undefined> = {};
    for (const p of params) {
      const v = i[p.name];
      // An enum's value is taken as given (its list may be a table's ids, checked by `validate`).
      if (specHolds(p.type === 'enum' ? { type: 'string' } : p, v)) out[p.name] = v as number | boolean | string;
      else out[p.name] = p.default ?? (p.required ? NOTHING[p.type] : undefined);
    }
    // Every param's name with a value of its type: InputsOf<L> by construction.
    return out as InputsOf<L>;
  };
  return { params, read };
}
