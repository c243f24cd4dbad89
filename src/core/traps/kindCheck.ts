/**
 * A kind's own check (definition.ts KindCheckSpec): one dice program in the trap file, over the
 * ruleset's inputs for that moment and the kind's numbers, read twice. Its disarm (disarm.ts),
 * its avoidance (avoid.ts) and its detection (spot.ts) are each one of these, played in place of
 * the ruleset's roll at that moment and read exactly wherever the odds of it are shown.
 *
 * The margin is `roll` plus each of `plus` less `against`; the first outcome whose `atLeast` it
 * reaches is the result, and the last (without `atLeast`) takes the rest.
 */
import { diceFieldsOf, effectsOf } from './effectTree.ts';
import { constant, type Prob, roll } from '../prob.ts';
import type { CheckInputs, ParamSpec } from '../ruleset.ts';
import type { KindCheckSpec, TrapKind } from './definition.ts';
import { parseDice } from './dice.ts';

/** The value of a name in a check (`-name`: its negative): an input of the ruleset's, else a number of the kind's. */
function termValue(term: string | number, inputs: CheckInputs, kind: TrapKind, what: string): number {
  if (typeof term === 'number') return term;
  const sign = term.startsWith('-') ? -1 : 1;
  const name = sign < 0 ? term.slice(1) : term;
  const v = Object.hasOwn(inputs, name) ? inputs[name] : Object.hasOwn(kind.numbers, name) ? kind.numbers[name] : undefined;
  if (typeof v === 'boolean') return sign * (v ? 1 : 0);
  if (typeof v !== 'number') throw new Error(`the ${what} check of ${kind.id} names "${name}", which is neither an input nor a number of the kind`);
  return sign * v;
}

/** The kind's check `spec` (its `what`: "disarm", "avoid", "spot") over `inputs`: the outcome its margin reaches. */
export function kindCheckProgram<O extends string>(spec: KindCheckSpec<O>, kind: TrapKind, inputs: CheckInputs, what: string): Prob<O> {
  const dice = parseDice(spec.roll);
  if (!dice) throw new Error(`the ${what} check of ${kind.id} rolls "${spec.roll}", which is no dice`);
  const shift = dice.bonus + (spec.plus ?? []).reduce<number>((sum, t) => sum + termValue(t, inputs, kind, what), 0) - termValue(spec.against, inputs, kind, what);
  const rolled = dice.n === 0 ? constant(0) : roll(dice.n, dice.sides);
  return rolled.map((r): O => {
    const margin = r + shift;
    return spec.outcomes.find((o) => o.atLeast === undefined || margin >= o.atLeast)!.is;
  });
}

/** The names a check adds or subtracts (`-name` as `name`), each once. */
export function checkTermNames(spec: Pick<KindCheckSpec<string>, 'plus' | 'against'>): string[] {
  return [...new Set([...(spec.plus ?? []), spec.against].flatMap((t) => (typeof t === 'string' ? [t.replace(/^-/, '')] : [])))];
}

/**
 * The names a kind's own checks (its disarm, avoid, spot and rig checks) read, and the `#name`s
 * its effect reads (definition.ts `DiceText`): among them, any numbers of its own they read.
 */
export function kindCheckNames(kind: TrapKind): string[] {
  const checks = [kind.disarm, kind.avoid, kind.spot, kind.rig?.check].flatMap((spec) => (spec ? checkTermNames(spec) : []));
  const effect = effectsOf(kind.effect).flatMap((e) => diceFieldsOf(e).flatMap(({ value }) => (typeof value === 'string' && value.startsWith('#') ? [value.slice(1)] : [])));
  return [...new Set([...checks, ...effect])];
}

/** The names of `params` a check may add or subtract: its numbers and yes/no inputs (not the trap, not a text). */
export function termNames(params: readonly ParamSpec[]): string[] {
  return params.filter((p) => p.name !== 'trap' && (p.type === 'int' || p.type === 'number' || p.type === 'boolean')).map((p) => p.name);
}

/**
 * What the `field` check of each of `kinds` (a designer's, indexed as the file has them) names
 * that the ruleset cannot give it: a name neither among `inputs` (the ruleset's for that moment,
 * `inputsWord` in the message: "disarm inputs") nor the kind's numbers, or a roll that is no
 * dice. Null `inputs`: the ruleset reads no such moment, so a kind may not bring the check.
 */
export function kindCheckProblems(kinds: readonly TrapKind[], field: 'disarm' | 'avoid' | 'spot', inputs: readonly string[] | null, ruleset: string, inputsWord: string): string[] {
  const out: string[] = [];
  for (const [i, k] of kinds.entries()) {
    const spec = k[field];
    if (!spec) continue;
    const at = `traps[${i}].${field}`;
    if (!inputs) {
      out.push(`${at}: ${ruleset} reads no ${inputsWord}, so a kind's own ${field} check cannot play there`);
      continue;
    }
    if (!parseDice(spec.roll)) out.push(`${at}.roll: expected dice like "2d12" or "1d20+2", got "${spec.roll}"`);
    const known = [...new Set([...inputs, ...Object.keys(k.numbers).filter((n) => typeof k.numbers[n] === 'number' || typeof k.numbers[n] === 'boolean')])];
    const check = (term: string | number, where: string): void => {
      if (typeof term === 'number') return;
      const name = term.startsWith('-') ? term.slice(1) : term;
      if (!known.includes(name)) out.push(`${where}: ${ruleset}'s ${inputsWord} and this kind's numbers have no "${name}" (known: ${known.join(', ') || 'none'})`);
    };
    for (const [j, t] of (spec.plus ?? []).entries()) check(t, `${at}.plus[${j}]`);
    check(spec.against, `${at}.against`);
  }
  return out;
}
