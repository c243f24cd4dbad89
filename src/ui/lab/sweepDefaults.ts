/**
 * What the sweep form starts with, so that pressing Sweep untouched reads a curve, never an
 * error: the other inputs at the check's typical values (its examples, else typical inputs the
 * check accepts: sim/verify.ts `readTypical`, the values `trapsmith verify` reads), the varied
 * input a required number (the one the check is about: a visibility, a difficulty, a DC), over a
 * range around its typical value that the check accepts at both ends. Only checks with a number
 * input can be swept.
 */
import { getRuleset } from '../../core/registry.ts';
import type { OddsCheck, ParamSpec } from '../../core/ruleset.ts';
import { runOdds } from '../../sim/odds.ts';
import { readTypical } from '../../sim/verify.ts';

/** How far the default range reaches either side of the typical value. */
export const DEFAULT_SPAN = 10;

export interface SweepRange {
  from: number;
  to: number;
  step: number;
}

export interface SweepStart {
  /** The fixed inputs' values as the form's text fields hold them (absent: left empty). */
  fixed: Record<string, string>;
  vary: string;
  range: SweepRange;
}

const isNumber = (p: ParamSpec) => p.type === 'int' || p.type === 'number';

/** The check's inputs a sweep can vary: its number inputs. */
export function numberInputs(check: OddsCheck): ParamSpec[] {
  return check.params.filter(isNumber);
}

/** The checks of a ruleset a sweep can run: those with a number input. */
export function sweepableChecks(rulesetId: string): string[] {
  return Object.entries(getRuleset(rulesetId).checks)
    .filter(([, c]) => numberInputs(c).length > 0)
    .map(([name]) => name);
}

/** The check's typical inputs (all of them, defaults included), or just its defaults when none is found. */
export function typicalInputs(rulesetId: string, check: OddsCheck): Record<string, number | boolean | string> {
  const read = readTypical(rulesetId, check, {})[0];
  if (read) return { ...read.inputs };
  const out: Record<string, number | boolean | string> = {};
  for (const p of check.params) if (p.default !== undefined) out[p.name] = p.default;
  return out;
}

/** DEFAULT_SPAN either side of `around`, inside the input's bounds, in steps of 1. */
export function rangeAround(p: ParamSpec, around: number): SweepRange {
  const from = Math.max(p.min ?? Number.NEGATIVE_INFINITY, around - DEFAULT_SPAN);
  const to = Math.min(p.max ?? Number.POSITIVE_INFINITY, around + DEFAULT_SPAN);
  return { from, to: Math.max(from, to), step: 1 };
}

function reads(rulesetId: string, check: OddsCheck, fixed: Record<string, string>, vary: string, at: number): boolean {
  try {
    runOdds(rulesetId, check.name, { ...fixed, [vary]: String(at) });
    return true;
  } catch {
    return false;
  }
}

/** The varied input a check starts with: its first required number input, else its first number input. */
export function defaultVary(check: OddsCheck): string | null {
  const numbers = numberInputs(check);
  return (numbers.find((p) => p.required) ?? numbers[0])?.name ?? null;
}

/**
 * The form's start for `vary` (default: defaultVary): the typical inputs fixed, or, where the
 * check refuses them beside this input (ceaptun's disarm takes a modifier or a Dexterity, not
 * both), only those it needs; the range narrowed from the typical one until both of its ends read.
 */
export function sweepStart(rulesetId: string, checkName: string, vary?: string): SweepStart | null {
  const check = getRuleset(rulesetId).checks[checkName];
  if (!check) return null;
  const name = vary ?? defaultVary(check);
  const spec = check.params.find((p) => p.name === name);
  if (!name || !spec || !isNumber(spec)) return null;
  const typical = typicalInputs(rulesetId, check);
  const asText = (keep: (p: ParamSpec) => boolean) => {
    const out: Record<string, string> = {};
    for (const p of check.params) if (p.name !== name && typical[p.name] !== undefined && keep(p)) out[p.name] = String(typical[p.name]);
    return out;
  };
  const around = typeof typical[name] === 'number' ? typical[name] : typeof spec.default === 'number' ? spec.default : Math.max(spec.min ?? 0, Math.min(spec.max ?? 0, 0));
  const candidates = [asText(() => true), asText((p) => p.required === true || p.default !== undefined)];
  for (const fixed of candidates) {
    let range = rangeAround(spec, around);
    // Narrowed towards the typical value: the check may refuse an end its bounds allow (a trap of
    // difficulty 99 in cdda cannot be disarmed).
    for (let span = DEFAULT_SPAN; span >= 0; span--) {
      range = { from: Math.max(range.from, around - span), to: Math.min(range.to, around + span), step: 1 };
      if (reads(rulesetId, check, fixed, name, range.from) && reads(rulesetId, check, fixed, name, range.to)) return { fixed, vary: name, range };
    }
  }
  return { fixed: candidates[0]!, vary: name, range: rangeAround(spec, around) };
}
