/**
 * A designer's kinds' own checks as odds checks of the file's ruleset (`kind-disarm`,
 * `kind-avoid`, `kind-spot`, `kind-rig`), so that `trapsmith odds` reads them and `verify`
 * samples every program a kind has, like every other check.
 *
 * An input left out reads as play would read it for that kind: its own number of that name where
 * it has one (a file's `difficulty: 15` is 15, not 0), else the input's `fallback` (0, or the
 * ruleset's character's trait for a rig), so a check never silently reads a number the file does
 * not say.
 */
import type { Outcome, Prob } from '../prob.ts';
import type { CheckInputs, OddsCheck, ParamSpec } from '../ruleset.ts';
import type { TrapKind } from './definition.ts';

/** One input of a kind's check: the ruleset's name and type for it, and what it reads when neither given nor a number of the kind. */
export interface KindInput {
  readonly name: string;
  readonly type: 'int' | 'number' | 'boolean';
  readonly min?: number;
  readonly max?: number;
  readonly description: string;
  readonly fallback: number | boolean;
}

/** `inputs` with every one of `names` left out filled in: the kind's own number of that name, else its fallback. */
export function kindInputs(kind: TrapKind, given: CheckInputs, inputs: readonly KindInput[]): CheckInputs {
  const out: CheckInputs = { ...given };
  for (const input of inputs) {
    if (out[input.name] !== undefined) continue;
    const own = Object.hasOwn(kind.numbers, input.name) ? kind.numbers[input.name] : undefined;
    out[input.name] = typeof own === 'number' || typeof own === 'boolean' ? own : input.fallback;
  }
  return out;
}

export interface KindOddsSpec<O extends string> {
  readonly name: string;
  readonly description: string;
  /** The kinds with this check (each read by `program`). */
  readonly kinds: readonly TrapKind[];
  readonly inputs: readonly KindInput[];
  /** Further parameters of the check (a disarm's `armed`). */
  readonly extra?: readonly ParamSpec[];
  readonly outcomes: readonly O[];
  /** The kind's program over complete inputs (every one of `inputs` filled in). */
  readonly program: (kind: TrapKind, inputs: CheckInputs) => Prob<O>;
}

/** The odds check of `spec`, or null when no kind has the program. */
export function kindOddsCheck<O extends string>(spec: KindOddsSpec<O>): OddsCheck | null {
  if (spec.kinds.length === 0) return null;
  const kindOf = (i: CheckInputs): TrapKind => {
    const kind = spec.kinds.find((k) => k.id === i.trap);
    if (!kind) throw new Error(`no kind with a check of its own for ${spec.name} named "${String(i.trap)}"`);
    return kind;
  };
  const params: ParamSpec[] = [
    { name: 'trap', type: 'enum', required: true, values: spec.kinds.map((k) => k.id), description: 'The kind.' },
    ...spec.inputs.map(
      (p): ParamSpec => ({
        name: p.name,
        type: p.type,
        ...(p.min !== undefined ? { min: p.min } : {}),
        ...(p.max !== undefined ? { max: p.max } : {}),
        description: `${p.description} Left out: the kind's own number "${p.name}" where it has one, else ${String(p.fallback)}.`,
      }),
    ),
    ...(spec.extra ?? []),
  ];
  return {
    name: spec.name,
    description: spec.description,
    params,
    outcomes: spec.outcomes,
    // Each kind at its own numbers: what play reads for the character the file's ruleset makes.
    examples: spec.kinds.map((k) => ({ trap: k.id })),
    complete: (i) => kindInputs(kindOf(i), i, spec.inputs),
    // Complete again: play and verify may hand the program inputs that did not pass through `complete`.
    program: (i) => {
      const kind = kindOf(i);
      return spec.program(kind, kindInputs(kind, i, spec.inputs)) as Prob<Outcome>;
    },
  };
}

/** `names` as number inputs of a check (`what`: "disarm", "spotting"), read 0 when neither given nor the kind's. */
export function numberInputs(names: readonly string[], what: string): KindInput[] {
  return names.map((name) => ({ name, type: 'number', min: -1000, max: 1000, description: `The ruleset's ${what} input "${name}" (yes/no: 1 or 0).`, fallback: 0 }));
}
