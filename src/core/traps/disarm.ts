/**
 * A kind's own disarm check (its `disarm`: definition.ts DisarmSpec), one dice program read twice:
 * played by the core in place of the ruleset's disarm roll (`disarmTrap`, from the engine's
 * disarm action), and read exactly wherever the odds of a disarm are shown (core/stepOdds.ts
 * `disarmOdds`). Its inputs are the ruleset's own disarm inputs as its `disarmInputs` reads them
 * off the one disarming (so the ruleset still says who may try, and with what skill), and the
 * kind's numbers. Where the ruleset has no reading of the attempt (it would refuse it, or reads
 * none), the ruleset's own disarm plays, as for any kind without a check of its own.
 *
 * An attempt that would spring a trap that is not set fails instead: it cannot go off.
 */
import { conjugate, nounOf } from '../messages.ts';
import { constant, type Prob, roll, sample } from '../prob.ts';
import { findTrapDef, getRuleset } from '../registry.ts';
import type { CheckInputs, DisarmReading, OddsCheck, RuleContext, Ruleset } from '../ruleset.ts';
import type { Actor, Trap, World } from '../world.ts';
import type { DisarmOutcome, DisarmSpec, TrapKind } from './definition.ts';
import { parseDice } from './dice.ts';

const DEFAULT_WORDS: Readonly<Record<DisarmOutcome, string>> = {
  disarmed: '{1} disarm[s] the {trap}.',
  failed: '{1} fail[s] to disarm the {trap}.',
  sprung: '{1} set[s] off the {trap}!',
};

/** The value of a name in a check (`-name`: its negative): an input of the ruleset's, else a number of the kind's. */
function termValue(term: string | number, inputs: CheckInputs, kind: TrapKind): number {
  if (typeof term === 'number') return term;
  const sign = term.startsWith('-') ? -1 : 1;
  const name = sign < 0 ? term.slice(1) : term;
  const v = Object.hasOwn(inputs, name) ? inputs[name] : Object.hasOwn(kind.numbers, name) ? kind.numbers[name] : undefined;
  if (typeof v === 'boolean') return sign * (v ? 1 : 0);
  if (typeof v !== 'number') throw new Error(`the disarm check of ${kind.id} names "${name}", which is neither an input nor a number of the kind`);
  return sign * v;
}

/** The kind's disarm check over `inputs`: the outcome its margin reaches (see DisarmSpec). */
export function disarmProgram(spec: DisarmSpec, kind: TrapKind, inputs: CheckInputs, armed: boolean): Prob<DisarmOutcome> {
  const dice = parseDice(spec.roll);
  if (!dice) throw new Error(`the disarm check of ${kind.id} rolls "${spec.roll}", which is no dice`);
  const shift = dice.bonus + (spec.plus ?? []).reduce<number>((sum, t) => sum + termValue(t, inputs, kind), 0) - termValue(spec.against, inputs, kind);
  const rolled = dice.n === 0 ? constant(0) : roll(dice.n, dice.sides);
  return rolled.map((r): DisarmOutcome => {
    const margin = r + shift;
    const out = spec.outcomes.find((o) => o.atLeast === undefined || margin >= o.atLeast)!.is;
    return out === 'sprung' && !armed ? 'failed' : out;
  });
}

/** The kind of `trap` in `ruleset`'s table, when it has a disarm check of its own. */
function ownDisarmKind(ruleset: Ruleset, trap: Trap): (TrapKind & { disarm: DisarmSpec }) | null {
  const kind = findTrapDef(ruleset, trap.kind)?.kind;
  return kind?.disarm ? (kind as TrapKind & { disarm: DisarmSpec }) : null;
}

/**
 * The exact reading of `actor` disarming `trap` by its kind's own check, or null where the kind
 * has none or the ruleset reads no attempt here (then its own reading, or none, stands).
 */
export function ownDisarmReading(world: World, actor: Actor, trap: Trap): { program: Prob<DisarmOutcome>; reading: DisarmReading } | null {
  const ruleset = getRuleset(world.ruleset);
  const kind = ownDisarmKind(ruleset, trap);
  const reading = kind ? (ruleset.disarmInputs?.(world, actor, trap) ?? null) : null;
  if (!kind || !reading) return null;
  return { program: disarmProgram(kind.disarm, kind, reading.inputs, trap.armed), reading: { ...reading, success: ['disarmed'], setOff: trap.armed ? ['sprung'] : [] } };
}

/** A disarm attempt: the kind's own check where it has one and the ruleset reads the attempt, else the ruleset's disarm. */
export function disarmTrap(ctx: RuleContext, actor: Actor, trap: Trap): void {
  const own = ownDisarmReading(ctx.world, actor, trap);
  const kind = own ? ownDisarmKind(ctx.ruleset, trap) : null;
  if (!own || !kind) {
    ctx.ruleset.disarm(ctx, actor, trap);
    return;
  }
  const result = sample(own.program, ctx.rng('player'));
  ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result });
  const words = (kind.disarm.say?.[result] ?? DEFAULT_WORDS[result]).replaceAll('{trap}', ctx.trapName(trap));
  const hero = actor.id === ctx.world.playerId;
  if (hero || ctx.playerSees(actor.x, actor.y)) ctx.say(conjugate(words, nounOf(ctx.world, actor)), result === 'disarmed' ? 'good' : result === 'sprung' ? 'danger' : 'info');
  if (result === 'disarmed') ctx.removeTrap(trap, 'disarmed');
  else if (result === 'sprung') ctx.trigger(trap, actor, 'disarm');
}

/**
 * What in `kinds` (a designer's, as a file indexes them) a disarm check of its own names that the
 * ruleset cannot give it: a name neither among `inputs` (the ruleset's disarm check's) nor the
 * kind's numbers, or a roll that is no dice. Each names its field.
 */
export function disarmProblems(kinds: readonly TrapKind[], inputs: readonly string[], ruleset: string): string[] {
  const out: string[] = [];
  for (const [i, k] of kinds.entries()) {
    const spec = k.disarm;
    if (!spec) continue;
    const at = `traps[${i}].disarm`;
    if (!parseDice(spec.roll)) out.push(`${at}.roll: expected dice like "2d12" or "1d20+2", got "${spec.roll}"`);
    const known = [...new Set([...inputs, ...Object.keys(k.numbers).filter((n) => typeof k.numbers[n] === 'number' || typeof k.numbers[n] === 'boolean')])];
    const check = (term: string | number, where: string): void => {
      if (typeof term === 'number') return;
      const name = term.startsWith('-') ? term.slice(1) : term;
      if (!known.includes(name)) out.push(`${where}: ${ruleset}'s disarm inputs and this kind's numbers have no "${name}" (known: ${known.join(', ') || 'none'})`);
    };
    for (const [j, t] of (spec.plus ?? []).entries()) check(t, `${at}.plus[${j}]`);
    check(spec.against, `${at}.against`);
  }
  return out;
}

/**
 * The kinds' own disarm checks as one odds check of the file's ruleset (`kind-disarm`), so that
 * `trapsmith odds` reads them and `verify` samples them like every other check: `--trap` one of
 * the kinds with a check of its own, the ruleset's disarm inputs as flags, and `--armed false`
 * for a trap not set. Null when no kind has one.
 */
export function kindDisarmCheck(kinds: readonly TrapKind[], inputNames: readonly string[]): OddsCheck | null {
  const own = kinds.filter((k) => k.disarm);
  if (own.length === 0) return null;
  const kindOf = (i: CheckInputs): TrapKind => {
    const kind = own.find((k) => k.id === i.trap);
    if (!kind) throw new Error(`no kind with a disarm check of its own named "${String(i.trap)}"`);
    return kind;
  };
  return {
    name: 'kind-disarm',
    description: "A designer's kind's own disarm check (its `disarm` in the trap file): its roll plus its terms against its `against`, the outcome the margin reaches.",
    params: [
      { name: 'trap', type: 'enum', required: true, values: own.map((k) => k.id), description: 'The kind.' },
      ...inputNames.map((name) => ({ name, type: 'int' as const, default: 0, min: -1000, max: 1000, description: `The ruleset's disarm input "${name}", as its own disarm check reads it.` })),
      { name: 'armed', type: 'boolean', default: true, description: 'The trap is set (one not set cannot be sprung: that outcome fails).' },
    ],
    outcomes: ['disarmed', 'failed', 'sprung'],
    // Each kind at its own numbers where they share an input's name (Cēaptūn's `difficulty`), else 0.
    examples: own.map((k) => ({ trap: k.id, ...Object.fromEntries(inputNames.flatMap((n) => (typeof k.numbers[n] === 'number' ? [[n, k.numbers[n] as number]] : []))) })),
    program: (i) => disarmProgram(kindOf(i).disarm!, kindOf(i), i, i.armed !== false),
  };
}
