/**
 * A kind's own disarm check (its `disarm`: definition.ts DisarmSpec), one dice program read twice:
 * played by the core in place of the ruleset's disarm roll (`disarmTrap`, from the engine's
 * disarm action), and read exactly wherever the odds of a disarm are shown (core/stepOdds.ts
 * `disarmOdds`). Its inputs are the ruleset's own disarm inputs as its `disarm.read` reads them
 * off the one disarming (so the ruleset still says who may try, and with what skill), and the
 * kind's numbers. Where the ruleset has no reading of the attempt (it would refuse it, or reads
 * none), the ruleset's own disarm plays, as for any kind without a check of its own.
 *
 * An attempt that would spring a trap that is not set fails instead: it cannot go off.
 */
import { conjugate, nounOf } from '../messages.ts';
import { type Prob, sample } from '../prob.ts';
import { findTrapDef, getRuleset } from '../registry.ts';
import type { CheckInputs, DisarmReading, OddsCheck, RuleContext, Ruleset } from '../ruleset.ts';
import type { Actor, Trap, World } from '../world.ts';
import type { DisarmOutcome, DisarmSpec, TrapKind } from './definition.ts';
import { kindCheckProgram } from './kindCheck.ts';
import { kindOddsCheck, numberInputs } from './kindOdds.ts';

const DEFAULT_WORDS: Readonly<Record<DisarmOutcome, string>> = {
  disarmed: '{1} disarm[s] the {trap}.',
  failed: '{1} fail[s] to disarm the {trap}.',
  sprung: '{1} set[s] off the {trap}!',
};

/** The kind's disarm check over `inputs` (kindCheck.ts): a trap that is not set cannot be sprung, so that outcome fails. */
export function disarmProgram(spec: DisarmSpec, kind: TrapKind, inputs: CheckInputs, armed: boolean): Prob<DisarmOutcome> {
  return kindCheckProgram(spec, kind, inputs, 'disarm').map((out) => (out === 'sprung' && !armed ? 'failed' : out));
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
  const reading = kind ? ruleset.disarm.read(world, actor, trap) : null;
  if (!kind || !reading) return null;
  return { program: disarmProgram(kind.disarm, kind, reading.inputs, trap.armed), reading: { ...reading, success: ['disarmed'], setOff: trap.armed ? ['sprung'] : [] } };
}

/**
 * The ruleset's disarm moment played: its reading of the attempt now, its program sampled, the
 * fate applied; where it reads no attempt, what it does instead (ruleset.ts `DisarmMoment`).
 */
export function rulesetDisarm(ctx: RuleContext, actor: Actor, trap: Trap): void {
  const moment = ctx.ruleset.disarm;
  const reading = moment.read(ctx.world, actor, trap, true);
  if (!reading) {
    moment.without(ctx, actor, trap);
    return;
  }
  const fate = sample(moment.program(reading.inputs, ctx.settings), ctx.rng(moment.stream?.(ctx.world, actor) ?? 'player'));
  moment.apply(ctx, actor, trap, fate, reading);
}

/** A disarm attempt: the kind's own check where it has one and the ruleset reads the attempt, else the ruleset's disarm. */
export function disarmTrap(ctx: RuleContext, actor: Actor, trap: Trap): void {
  const own = ownDisarmReading(ctx.world, actor, trap);
  const kind = own ? ownDisarmKind(ctx.ruleset, trap) : null;
  if (!own || !kind) {
    rulesetDisarm(ctx, actor, trap);
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
 * The kinds' own disarm checks as one odds check of the file's ruleset (`kind-disarm`, kindOdds.ts):
 * `--trap` one of the kinds with a check of its own, the ruleset's disarm inputs as flags (left
 * out: the kind's own number of that name, else 0), and `--armed false` for a trap not set. Null
 * when no kind has one.
 */
export function kindDisarmCheck(kinds: readonly TrapKind[], inputNames: readonly string[]): OddsCheck | null {
  return kindOddsCheck({
    name: 'kind-disarm',
    description: "A designer's kind's own disarm check (its `disarm` in the trap file): its roll plus its terms against its `against`, the outcome the margin reaches.",
    kinds: kinds.filter((k) => k.disarm),
    inputs: numberInputs(inputNames, 'disarm'),
    extra: [{ name: 'armed', type: 'boolean', default: true, description: 'The trap is set (one not set cannot be sprung: that outcome fails).' }],
    outcomes: ['disarmed', 'failed', 'sprung'],
    program: (kind, i) => disarmProgram(kind.disarm!, kind, i, i.armed !== false),
  });
}
