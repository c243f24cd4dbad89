/**
 * Exact odds at a trap, for the one who faces it: stepping onto it (the ruleset's `step` check, a
 * whole trap read exactly from the programs play samples, fed with the live situation its
 * `stepInputs` reads off the world), disarming it (the check its `disarmInputs` names) and
 * finding it (`spotInputs`). What the confirm window, the disarm prompt, look mode and the hover
 * say, with what a reading leaves out (`stepLeavesOut`).
 */
import { addFractions, type Fraction, fractionToNumber, fractionToString } from './fraction.ts';
import { own } from './lookup.ts';
import { ExactLimitError, exact, type Outcome, type OutcomeProbability, type Prob } from './prob.ts';
import { findTrapDef, getRuleset, resolveSettings } from './registry.ts';
import type { CheckInputs, FindReading, OddsCheck, RigReading, Ruleset } from './ruleset.ts';
import type { Actor, Traits, Trap, World } from './world.ts';
import { ownDisarmReading } from './traps/disarm.ts';
import { ownSpotProgram } from './traps/spot.ts';

export interface StepOutcome {
  p: number;
  /** The exact probability; null where the check reads a float distribution. */
  exact: Fraction | null;
}

/** The step check's outcomes (avoided, unhurt, hurt, death), each with its probability. */
export type StepOdds = Record<string, StepOutcome>;

/** The exact odds of `actor` stepping onto `trap` now, or null where the ruleset has no step reading. */
export function stepOdds(world: World, actor: Actor, trap: Trap): StepOdds | null {
  const ruleset = getRuleset(world.ruleset);
  const check = ruleset.checks.step;
  const inputs = ruleset.stepInputs?.(world, actor, trap) ?? null;
  if (!check || !inputs || check.validate?.(inputs)) return null;
  const out: StepOdds = {};
  for (const name of check.outcomes ?? []) out[name] = { p: 0, exact: { num: 0n, den: 1n } };
  const read = readCheck(ruleset, 'step', check, inputs, resolveSettings(ruleset, world.settings));
  if (!read) return null;
  for (const o of read) out[String(o.value)] = { p: o.p, exact: o.exact };
  return out;
}

/**
 * Why `stepOdds` has no reading of `actor` onto `trap` now, in words for a player ("it is
 * sprung"); null when it has one. A ruleset's own refusal (its check's `validate`) is given as it
 * says it.
 */
export function stepUnread(world: World, actor: Actor, trap: Trap): string | null {
  if (!trap.armed) return 'it is sprung';
  const ruleset = getRuleset(world.ruleset);
  const check = ruleset.checks.step;
  if (!check || !ruleset.stepInputs) return `${ruleset.name} has no exact reading of a whole trap`;
  const inputs = ruleset.stepInputs(world, actor, trap);
  if (!inputs) return ruleset.stepUnread?.(world, actor, trap) ?? `${ruleset.name}'s step check does not read this step`;
  const why = check.validate?.(inputs);
  if (why) return why;
  return stepOdds(world, actor, trap) ? null : 'too large to read exactly';
}

/**
 * The exact reading of a ruleset's check at these inputs and settings, or null where it is too
 * large to read: a pure function of them, kept because the hover, the prompts and every bot ask
 * the same few questions again and again (a survivor's disarm odds at a trap's difficulty). Kept
 * per ruleset object, so a ruleset registered afresh (a trap file read again) reads afresh; at
 * most KEPT_READINGS a ruleset.
 */
function readCheck(ruleset: Ruleset, name: string, check: OddsCheck, inputs: CheckInputs, settings: Traits): ReadonlyArray<OutcomeProbability<Outcome>> | null {
  return readKept(ruleset, name, inputs, settings, () => check.program(inputs, settings));
}

/** `program`'s exact reading, kept under the ruleset, a name, its inputs and settings (see readCheck). */
function readKept(ruleset: Ruleset, name: string, inputs: CheckInputs, settings: Traits, program: () => Prob<Outcome>): ReadonlyArray<OutcomeProbability<Outcome>> | null {
  let kept = keptReadings.get(ruleset);
  if (!kept) {
    kept = new Map();
    keptReadings.set(ruleset, kept);
  }
  const key = `${name}|${JSON.stringify(inputs)}|${JSON.stringify(settings)}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const read = readOrNull(() => exact(program()));
  if (kept.size >= KEPT_READINGS) kept.clear();
  kept.set(key, read);
  return read;
}

const KEPT_READINGS = 4096;
const keptReadings = new WeakMap<Ruleset, Map<string, ReadonlyArray<OutcomeProbability<Outcome>> | null>>();

/**
 * An exact reading, or null where it is too large to read (the interpreter's step limit, a range
 * past its bounds): the caller then says nothing exact rather than fail in the middle of play.
 */
function readOrNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch (e) {
    if (e instanceof ExactLimitError || e instanceof RangeError) return null;
    throw e;
  }
}

/** "35%", "<1%", ">99%", "0%", "100%". */
export function percentText(p: number): string {
  return p === 0 ? '0%' : p === 1 ? '100%' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(100 * p)}%`;
}

/** The longest fraction written out beside a percent ("1234/5678"); a longer one is said to be exact. */
export const SHORT_FRACTION = 9;

/**
 * A probability in words for a player, the one formatter of every ruleset's readings: the percent
 * and the exact fraction beside it ("2% (1/48)"); where the fraction is too long to read (CDDA's
 * readings can run to dozens of digits) the percent is said to be of an exact reading ("37%
 * (exact)"; `trapsmith odds` prints the fraction whole). A reading that is not exact is the bare percent.
 */
export function chanceText(o: StepOutcome): string {
  const pct = percentText(o.p);
  if (!o.exact || o.p === 0 || o.p === 1) return pct;
  const f = fractionToString(o.exact);
  return f.length <= SHORT_FRACTION ? `${pct} (${f})` : `${pct} (exact)`;
}

/**
 * One line for the confirm window: "You avoid it 75% (3/4); it kills you 2% (1/48)." With the
 * statuses it leaves ("it leaves you held fast 2–5 turns 100%"), and what the reading leaves out
 * in a second sentence: "Not counted: anyone else caught in it."
 */
export function stepOddsSentence(odds: StepOdds, leavesOut: readonly string[] = [], statuses: Readonly<Record<string, StatusChance>> | null = null): string {
  const parts: string[] = [];
  const avoided = odds.avoided;
  if (avoided && avoided.p > 0) parts.push(`you avoid it ${chanceText(avoided)}`);
  const hurt = odds.hurt;
  if (hurt && hurt.p > 0) parts.push(`it hurts you ${chanceText(hurt)}`);
  // A ruleset whose hero lives on below 1 hit point (d20's dying rules): its death counts bleeding out alone.
  const down = odds.down;
  if (down && down.p > 0) parts.push(`it drops you to 0 hp or fewer and you live ${chanceText(down)} (alone: nobody helping, nothing else hurting you)`);
  const death = odds.death;
  parts.push(death && death.p > 0 ? `it kills you ${chanceText(death)}` : 'it cannot kill you');
  if (statuses && Object.keys(statuses).length > 0) parts.push(`it leaves you ${statusesText(statuses)}`);
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.${leavesOut.length > 0 ? ` Not counted: ${leavesOut.join('; ')}.` : ''}`;
}

/**
 * What a prompt about stepping onto `trap` (or opening its door or chest) says of the odds: the
 * exact reading as the confirm window gives it, or one sentence saying why there is none. Never
 * empty: every prompt gives one or the other.
 */
export function stepPromptOdds(world: World, actor: Actor, trap: Trap): string {
  const odds = stepOdds(world, actor, trap);
  if (odds) return stepOddsSentence(odds, stepLeavesOut(world, actor, trap), stepStatuses(world, actor, trap));
  return `No exact reading: ${stepUnread(world, actor, trap) ?? 'the rules give none here'}.`;
}

/** A disarm attempt's exact odds: the trap removed, set off, or neither (it stays). */
export interface DisarmOdds {
  success: StepOutcome;
  setOff: StepOutcome;
}

function sum(outcomes: ReadonlyArray<OutcomeProbability<Outcome>>, names: readonly string[]): StepOutcome {
  let p = 0;
  let f: Fraction | null = { num: 0n, den: 1n };
  for (const o of outcomes) {
    if (!names.includes(String(o.value))) continue;
    p += o.p;
    f = f && o.exact ? addFractions(f, o.exact) : null;
  }
  return { p: f ? fractionToNumber(f) : p, exact: f };
}

/** The exact odds of `actor` disarming `trap` now, or null where the ruleset has no reading of it. */
export function disarmOdds(world: World, actor: Actor, trap: Trap): DisarmOdds | null {
  // A kind with a disarm check of its own is read by it (core/traps/disarm.ts), as play rolls it.
  const kindCheck = ownDisarmReading(world, actor, trap);
  if (kindCheck) {
    const program = kindCheck.program;
    const outcomes = readOrNull(() => exact(program));
    return outcomes ? { success: sum(outcomes, kindCheck.reading.success), setOff: sum(outcomes, kindCheck.reading.setOff) } : null;
  }
  const ruleset = getRuleset(world.ruleset);
  const moment = ruleset.disarm;
  const reading = moment.read(world, actor, trap);
  if (!reading) return null;
  const check = own(ruleset.checks, reading.check);
  if (!check || check.validate?.(reading.inputs)) return null;
  // The program play samples, its fates read by outcome.
  const settings = resolveSettings(ruleset, world.settings);
  const outcomes = readKept(ruleset, 'disarm moment', reading.inputs, settings, () => moment.program(reading.inputs, settings).map((fate) => moment.outcome(fate)));
  if (!outcomes) return null;
  return { success: sum(outcomes, reading.success), setOff: sum(outcomes, reading.setOff) };
}

/** What the step reading of `actor` onto `trap` leaves out, in words (empty: nothing, or no reading). */
export function stepLeavesOut(world: World, actor: Actor, trap: Trap): readonly string[] {
  const ruleset = getRuleset(world.ruleset);
  const check = ruleset.checks.step;
  const inputs = ruleset.stepInputs?.(world, actor, trap) ?? null;
  if (!check?.leavesOut || !inputs) return [];
  return check.leavesOut(inputs);
}

/** A status a reading may leave: its chance, and its mean, fewest and most turns (lost actions: actions) when given. */
export interface StatusChance extends StepOutcome {
  meanTurns: number;
  minTurns: number;
  maxTurns: number;
}

/** Each status in a reading of statuses (OddsCheck `statuses`): its chance and mean turns, by name in name order. */
export function statusChances(program: Prob<Readonly<Record<string, number>>>): Record<string, StatusChance> {
  const by = new Map<string, { p: number; exact: Fraction | null; turns: number; min: number; max: number }>();
  for (const o of exact(program)) {
    for (const [name, n] of Object.entries(o.value)) {
      const was = by.get(name) ?? { p: 0, exact: { num: 0n, den: 1n }, turns: 0, min: n, max: n };
      by.set(name, { p: was.p + o.p, exact: was.exact && o.exact ? addFractions(was.exact, o.exact) : null, turns: was.turns + o.p * n, min: Math.min(was.min, n), max: Math.max(was.max, n) });
    }
  }
  const out: Record<string, StatusChance> = {};
  for (const name of [...by.keys()].sort()) {
    const c = by.get(name)!;
    out[name] = { p: c.exact ? fractionToNumber(c.exact) : c.p, exact: c.exact, meanTurns: c.turns / c.p, minTurns: c.min, maxTurns: c.max };
  }
  return out;
}

/** The statuses stepping onto `trap` leaves `actor` with, alive, read exactly; null where the ruleset reads none. */
export function stepStatuses(world: World, actor: Actor, trap: Trap): Record<string, StatusChance> | null {
  const ruleset = getRuleset(world.ruleset);
  const check = ruleset.checks.step;
  const inputs = ruleset.stepInputs?.(world, actor, trap) ?? null;
  if (!check?.statuses || !inputs || check.validate?.(inputs)) return null;
  const program = check.statuses;
  return readOrNull(() => statusChances(program(inputs, resolveSettings(ruleset, world.settings))));
}

const STATUS_WORDS: Readonly<Record<string, (turns: string) => string>> = {
  held: (t) => `held fast ${t} turns`,
  asleep: (t) => `asleep ${t} turns`,
  lostActions: (t) => `${t} actions lost`,
  poisoned: (t) => `poisoned ${t} turns`,
  slowed: (t) => `slowed ${t} turns`,
};

/**
 * "held fast 2–5 turns 75% (3/4)": each status in words, its turns (the fewest to the most where
 * they are dice, the number where fixed), its chance.
 */
export function statusesText(statuses: Readonly<Record<string, StatusChance>>): string {
  return Object.entries(statuses)
    .map(([name, c]) => {
      const turns = c.minTurns === c.maxTurns ? String(c.minTurns) : `${c.minTurns}–${c.maxTurns}`;
      const words = Object.hasOwn(STATUS_WORDS, name) ? STATUS_WORDS[name]!(turns) : `${name} ${turns}`;
      return `${words} ${chanceText(c)}`;
    })
    .join(', ');
}

/** The exact odds of finding a hidden trap: per search beside it, and in passing (null where the ruleset makes no such check). */
export interface SpotOdds {
  search: StepOutcome | null;
  passing: StepOutcome | null;
}

/** The exact odds of `actor` finding `trap` from beside it, as if it did not know it; null where the ruleset has no reading. */
export function spotOdds(world: World, actor: Actor, trap: Trap): SpotOdds | null {
  const ruleset = getRuleset(world.ruleset);
  const readings = ruleset.spotInputs?.(world, actor, trap) ?? null;
  if (!readings) return null;
  const settings = resolveSettings(ruleset, world.settings);
  const kind = findTrapDef(ruleset, trap.kind)?.kind;
  const one = (reading: FindReading | null): StepOutcome | null | undefined => {
    if (!reading) return null;
    // A kind with a detection of its own is read by it (core/traps/spot.ts), as play rolls it.
    const ownSpot = ownSpotProgram(kind, reading);
    if (ownSpot) {
      const outcomes = readOrNull(() => exact(ownSpot));
      return outcomes ? sum(outcomes, ['found']) : undefined;
    }
    const check = own(ruleset.checks, reading.check);
    if (!check || check.validate?.(reading.inputs)) return undefined;
    const outcomes = readCheck(ruleset, reading.check, check, reading.inputs, settings);
    return outcomes ? sum(outcomes, reading.found) : undefined;
  };
  const search = one(readings.search);
  const passing = one(readings.passing);
  if (search === undefined || passing === undefined || (!search && !passing)) return null;
  return { search, passing };
}

/** "disarmed 54% (13/24), sets it off 19% (15/72)". */
export function disarmOddsText(odds: DisarmOdds): string {
  return `disarmed ${chanceText(odds.success)}, sets it off ${chanceText(odds.setOff)}`;
}

/** Setting a trap's exact odds: placed, nothing (it fails), or set off on the one setting it. */
export interface RigOdds {
  set: StepOutcome;
  failed: StepOutcome;
  setOff: StepOutcome;
}

/** The exact odds of `actor` setting the rig option `what` now; or the ruleset's sentence why there are none, or null where it reads none. */
export function rigOdds(world: World, actor: Actor, what: string): RigOdds | { unread: string } | null {
  const ruleset = getRuleset(world.ruleset);
  const reading: RigReading | null = ruleset.rigInputs?.(world, actor, what) ?? null;
  if (!reading) return null;
  if ('unread' in reading) return reading;
  const check = own(ruleset.checks, reading.check);
  if (!check || check.validate?.(reading.inputs)) return null;
  const outcomes = readCheck(ruleset, reading.check, check, reading.inputs, resolveSettings(ruleset, world.settings));
  if (!outcomes) return null;
  const set = sum(outcomes, reading.set);
  const setOff = sum(outcomes, reading.setOff);
  const failed = sum(
    outcomes,
    outcomes.map((o) => String(o.value)).filter((n) => !reading.set.includes(n) && !reading.setOff.includes(n)),
  );
  return { set, failed, setOff };
}

/** What the rig menu says of an option's odds: "set 69% (11/16), fails 24% (35/144), sets it off on you 7% (5/72)", or one sentence why not. */
export function rigOddsText(world: World, actor: Actor, what: string): string {
  const odds = rigOdds(world, actor, what);
  if (!odds) return `No exact reading: ${getRuleset(world.ruleset).name} reads no odds of setting it.`;
  if ('unread' in odds) return odds.unread;
  return `set ${exactChanceText(odds.set)}, fails ${exactChanceText(odds.failed)}, sets it off on you ${exactChanceText(odds.setOff)}`;
}

/** A probability with its whole exact fraction beside the percent ("69% (11/16)"), where it has one. */
export function exactChanceText(o: StepOutcome): string {
  return o.exact ? `${percentText(o.p)} (${fractionToString(o.exact)})` : percentText(o.p);
}
