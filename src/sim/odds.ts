/**
 * Reading a ruleset's odds check exactly: inputs validated against the check's parameters, the
 * program read by the exact interpreter, outcomes as probabilities with exact fractions.
 */
import { ExactLimitError, exact, mean, type Outcome } from '../core/prob.ts';
import { getRuleset, resolveSettings } from '../core/registry.ts';
import type { CheckInputs, OddsCheck, ParamSpec } from '../core/ruleset.ts';
import { fractionToString } from '../core/fraction.ts';
import { numberValue } from '../core/numbers.ts';
import type { Traits } from '../core/world.ts';
import { InputError as UsageError } from '../core/errors.ts';
import { lookupOrThrow } from '../core/lookup.ts';
import { statusChances } from '../core/stepOdds.ts';

export interface Probability {
  p: number;
  exact: string | null;
}

export interface OddsResult {
  ruleset: string;
  check: string;
  inputs: CheckInputs;
  outcomes: Record<string, Probability>;
  mean?: Probability;
  /** What the reading leaves out, in words (the check's `leavesOut`); absent when nothing. */
  leavesOut?: string[];
  /** Each status the one it reads for is left with, alive (the check's `statuses`): its chance and mean turns; absent when the check reads none. */
  statuses?: Record<string, Probability & { meanTurns: number }>;
}

export function findCheck(rulesetId: string, checkName: string): OddsCheck {
  let ruleset: ReturnType<typeof getRuleset>;
  try {
    ruleset = getRuleset(rulesetId);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return lookupOrThrow('check', ruleset.checks, checkName, `for ruleset ${rulesetId}`);
}

/** Why `n` lies outside the parameter's bounds, or null: "--dice must be from 1 to 20, got 5000". */
export function rangeProblem(spec: ParamSpec, n: number): string | null {
  const { min, max } = spec;
  if ((min === undefined || n >= min) && (max === undefined || n <= max)) return null;
  const range = min !== undefined && max !== undefined ? `from ${min} to ${max}` : min !== undefined ? `${min} or more` : `${max} or less`;
  return `--${spec.name} must be ${range}, got ${n}`;
}

function coerce(spec: ParamSpec, raw: unknown): number | boolean | string {
  const bad = (why: string) => new UsageError(`--${spec.name}: ${why}`);
  switch (spec.type) {
    case 'int':
    case 'number': {
      // Flags and batch strings by the one rule of core/numbers.ts; JSON numbers as they are.
      const n = numberValue(raw, spec.type);
      if (n === null) throw bad(`expected ${spec.type === 'int' ? 'a whole number' : 'a number'}, got ${JSON.stringify(raw)}`);
      const outside = rangeProblem(spec, n);
      if (outside) throw new UsageError(outside);
      return n;
    }
    case 'boolean':
      if (raw === true || raw === 'true' || raw === '') return true;
      if (raw === false || raw === 'false') return false;
      throw bad(`expected true or false, got ${JSON.stringify(raw)}`);
    case 'enum':
      if (typeof raw === 'string' && spec.values?.includes(raw)) return raw;
      throw bad(`expected one of ${spec.values?.join(', ')}, got ${JSON.stringify(raw)}`);
    case 'string':
      if (typeof raw === 'string') return raw;
      throw bad(`expected text, got ${JSON.stringify(raw)}`);
  }
}

/** Validates raw inputs (strings from flags or JSON values) against the check's parameters. */
export function checkInputs(check: OddsCheck, raw: Record<string, unknown>): CheckInputs {
  const out: CheckInputs = {};
  for (const key of Object.keys(raw)) {
    if (!check.params.some((p) => p.name === key))
      throw new UsageError(`unknown option --${key} for check ${check.name} (options: ${check.params.map((p) => `--${p.name}`).join(', ') || 'none'})`);
  }
  for (const spec of check.params) {
    if (raw[spec.name] !== undefined) out[spec.name] = coerce(spec, raw[spec.name]);
    else if (spec.default !== undefined) out[spec.name] = spec.default;
    else if (spec.type === 'boolean') out[spec.name] = false;
    else if (spec.required) throw new UsageError(`check ${check.name} needs --${spec.name} (${spec.description})`);
  }
  const full = check.complete ? check.complete(out) : out;
  const why = check.validate?.(full);
  if (why) throw new UsageError(why);
  return full;
}

function outcomeName(v: Outcome): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The exact outcome probabilities of one check. */
export function runOdds(rulesetId: string, checkName: string, rawInputs: Record<string, unknown>, settings: Traits = {}): OddsResult {
  const check = findCheck(rulesetId, checkName);
  const inputs = checkInputs(check, rawInputs);
  const resolved = resolveSettings(getRuleset(rulesetId), settings);
  let program: ReturnType<OddsCheck['program']>;
  try {
    program = check.program(inputs, resolved);
  } catch (e) {
    throw new UsageError(`${check.name}: ${(e as Error).message}`);
  }
  try {
    const outcomes: Record<string, Probability> = {};
    for (const name of check.outcomes ?? []) outcomes[name] = { p: 0, exact: '0/1' };
    for (const o of exact(program)) outcomes[outcomeName(o.value)] = { p: o.p, exact: o.exact ? fractionToString(o.exact) : null };
    const result: OddsResult = { ruleset: rulesetId, check: checkName, inputs, outcomes };
    if (check.statuses) {
      const chances = statusChances(check.statuses(inputs, resolved));
      result.statuses = Object.fromEntries(Object.entries(chances).map(([name, c]) => [name, { p: c.p, exact: c.exact ? fractionToString(c.exact) : null, meanTurns: c.meanTurns }]));
    }
    const left = check.leavesOut?.(inputs) ?? [];
    if (left.length > 0) result.leavesOut = [...left];
    if (check.numeric) {
      const m = mean(program as never);
      result.mean = { p: m.p, exact: m.exact ? fractionToString(m.exact) : null };
    }
    return result;
  } catch (e) {
    if (e instanceof ExactLimitError) throw new UsageError(`${check.name} ${Object.entries(inputs).map(([k, v]) => `--${k} ${v}`).join(' ')}: ${e.message}`);
    throw e;
  }
}
