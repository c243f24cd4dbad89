/**
 * `trapsmith verify`: every odds check of every ruleset, read exactly and sampled with the
 * game's own sampler (`sample` on a game RNG stream), outcome by outcome. An exact probability
 * outside its sampled Wilson interval means the exact reading and play have drifted apart (an
 * impure program, an interpreter bug, a sampler bias); numeric checks also compare the mean. The
 * intervals hold at 99.9% for the run's outcomes together (each at `zForFamily`'s quantile), so
 * a run of hundreds of outcomes does not cry drift by chance. The sampling is seeded, so a run
 * is reproducible.
 */
import { type Outcome, type Prob, sample } from '../core/prob.ts';
import { InputError } from '../core/errors.ts';
import { getRuleset, listRulesets, resolveSettings } from '../core/registry.ts';
import { Stream, streamSeed } from '../core/rng.ts';
import type { CheckInputs, OddsCheck } from '../core/ruleset.ts';
import type { Traits } from '../core/world.ts';
// The exact side is exactly what `trapsmith odds` prints: the same function reads it.
import { findCheck, type OddsResult, runOdds } from './odds.ts';
import { wilson, Z999, zForFamily } from './stats/wilson.ts';

/** The level a run's outcomes hold together at (`verify` and `verify --in-play`): drift is cried by chance once in 1000 runs. */
export const VERIFY_LEVEL = 0.999;

export interface VerifyItem {
  ruleset: string;
  check: string;
  inputs: CheckInputs;
  /** An outcome's name, or "mean" for a numeric check's mean. */
  outcome: string;
  exact: number;
  exactFraction: string | null;
  /** Sampled frequency (or sample mean) and its 99.9% interval. */
  sampled: number;
  lo: number;
  hi: number;
  n: number;
  ok: boolean;
}

export interface VerifyReport {
  runs: number;
  seed: string;
  checks: number;
  items: VerifyItem[];
  failures: VerifyItem[];
  /** The normal quantile each outcome's interval was drawn at: 99.9% for all of `items` together. */
  z: number;
  /** Checks that could not be read (no valid inputs found, or the program threw). */
  skipped: Array<{ ruleset: string; check: string; reason: string }>;
}

function outcomeName(v: Outcome): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Values to try for a parameter without a default, most typical first. */
const NUMBER_LADDER = [10, 5, 12, 1, 3, 15, 20, 0, 2, 50, 100];

/**
 * The check read exactly at typical inputs: each parameter's default; for one without, the first
 * of a few typical values the check accepts (enums: their first value; booleans: false).
 */
export function readAtDefaults(rulesetId: string, check: OddsCheck, settings: Traits): OddsResult | null {
  const fixed: Record<string, unknown> = {};
  const required: string[] = [];
  const optional: string[] = [];
  for (const p of check.params) {
    if (p.default !== undefined || p.type === 'boolean') continue;
    if (p.type === 'enum' && p.values && p.values.length > 0) fixed[p.name] = p.values[0];
    else (p.required ? required : optional).push(p.name);
  }
  const attempt = (raw: Record<string, unknown>): OddsResult | null => {
    try {
      return runOdds(rulesetId, check.name, raw, settings);
    } catch {
      return null;
    }
  };
  // The required inputs alone; then with one optional input (checks that want one of several); then all.
  const shapes = [required, ...optional.map((o) => [...required, o]), [...required, ...optional]];
  for (const names of shapes) {
    if (names.length === 0) {
      const ok = attempt(fixed);
      if (ok) return ok;
      continue;
    }
    for (const v of NUMBER_LADDER) {
      const raw = { ...fixed };
      for (const name of names) raw[name] = String(v);
      const ok = attempt(raw);
      if (ok) return ok;
    }
  }
  return null;
}

/**
 * The check read exactly where verify samples it by default: at each of its examples (those the
 * settings allow), or, for a check without any, at typical inputs (readAtDefaults).
 */
export function readTypical(rulesetId: string, check: OddsCheck, settings: Traits): OddsResult[] {
  const read: OddsResult[] = [];
  for (const example of check.examples ?? []) {
    try {
      read.push(runOdds(rulesetId, check.name, example, settings));
    } catch {
      // A variant's settings may rule an example out (a die without that many faces).
    }
  }
  if (read.length > 0) return read;
  const typical = readAtDefaults(rulesetId, check, settings);
  return typical ? [typical] : [];
}

/** A given input set (VerifyOptions.inputs) that names no check or that the check refuses. */
export class VerifyInputError extends InputError {
  override name = 'VerifyInputError';
}

/** Reads every given input set exactly, by "ruleset/check"; anything unknown or bad is a VerifyInputError naming it. */
function readGiven(inputs: Record<string, CheckInputs[]>, settings: Record<string, Traits>): Map<string, OddsResult[]> {
  const out = new Map<string, OddsResult[]>();
  for (const [key, sets] of Object.entries(inputs)) {
    const slash = key.indexOf('/');
    if (slash < 0) throw new VerifyInputError(`"${key}": expected "ruleset/check"`);
    const rulesetId = key.slice(0, slash);
    const checkName = key.slice(slash + 1);
    try {
      findCheck(rulesetId, checkName);
    } catch (e) {
      throw new VerifyInputError(`"${key}": ${(e as Error).message}`);
    }
    const readings = sets.map((raw, i) => {
      const where = `"${key}" #${i + 1}`;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new VerifyInputError(`${where}: expected an object of inputs, got ${JSON.stringify(raw)}`);
      try {
        return runOdds(rulesetId, checkName, raw, settings[rulesetId] ?? {});
      } catch (e) {
        if (e instanceof InputError) throw new VerifyInputError(`${where}: ${e.message}`);
        throw e;
      }
    });
    out.set(key, readings);
  }
  return out;
}

export interface VerifyOptions {
  runs: number;
  seed?: string;
  /** Only these rulesets (default: every registered one). */
  rulesets?: string[];
  /** Settings per ruleset id (a variant's). */
  settings?: Record<string, Traits>;
  /** Extra input sets per "ruleset/check"; an unknown check or a refused input set throws a VerifyInputError. */
  inputs?: Record<string, CheckInputs[]>;
  /** Each interval's normal quantile; default: 99.9% for the run's outcomes together. */
  z?: number;
}

/**
 * Samples `program` `runs` times with `rng` and holds each outcome of `odds` (the exact reading,
 * as `trapsmith odds` gives it) against the sampled 99.9% interval.
 */
export function verifyProgram(odds: OddsResult, program: Prob<Outcome>, numeric: boolean, runs: number, rng: Stream, z = Z999): VerifyItem[] {
  const label = { ruleset: odds.ruleset, check: odds.check, inputs: odds.inputs };
  const counts = new Map<string, number>();
  let sum = 0;
  for (let i = 0; i < runs; i++) {
    const v = sample(program, rng);
    const name = outcomeName(v);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    if (numeric) sum += v as number;
  }
  const items: VerifyItem[] = [];
  for (const [name, o] of Object.entries(odds.outcomes)) {
    const k = counts.get(name) ?? 0;
    const w = wilson(k, runs, z);
    items.push({ ...label, outcome: name, exact: o.p, exactFraction: o.exact, sampled: k / runs, lo: w.lo, hi: w.hi, n: runs, ok: o.p >= w.lo - 1e-12 && o.p <= w.hi + 1e-12 });
  }
  // Outcomes play produced that the exact reading says never happen.
  for (const [name, k] of counts) {
    if (Object.hasOwn(odds.outcomes, name)) continue;
    const w = wilson(k, runs, z);
    items.push({ ...label, outcome: name, exact: 0, exactFraction: '0/1', sampled: k / runs, lo: w.lo, hi: w.hi, n: runs, ok: w.lo <= 1e-12 });
  }
  if (numeric && odds.mean) {
    const m = odds.mean.p;
    let variance = 0;
    for (const [name, o] of Object.entries(odds.outcomes)) variance += o.p * (Number(name) - m) ** 2;
    const half = z * Math.sqrt(variance / runs);
    const sampledMean = sum / runs;
    items.push({
      ...label,
      outcome: 'mean',
      exact: m,
      exactFraction: odds.mean.exact,
      sampled: sampledMean,
      lo: sampledMean - half,
      hi: sampledMean + half,
      n: runs,
      ok: Math.abs(sampledMean - m) <= half + 1e-9 * Math.max(1, Math.abs(m)),
    });
  }
  return items;
}

export function verifyAll(opts: VerifyOptions): VerifyReport {
  const seed = opts.seed ?? 'verify';
  const rulesets = opts.rulesets ? opts.rulesets.map(getRuleset) : listRulesets().filter((r) => !r.id.includes('~') && !r.id.includes('+'));
  const report: VerifyReport = { runs: opts.runs, seed, checks: 0, items: [], failures: [], z: opts.z ?? Z999, skipped: [] };
  // Every given input is checked before anything is sampled, selected ruleset or not.
  const given = readGiven(opts.inputs ?? {}, opts.settings ?? {});
  // Every reading first, so the run knows how many outcomes its intervals must hold together.
  const planned: Array<{ ruleset: string; name: string; check: OddsCheck; settings: Traits; odds: OddsResult }> = [];
  for (const r of rulesets) {
    const settingsGiven = opts.settings?.[r.id] ?? {};
    const settings = resolveSettings(r, settingsGiven);
    for (const name of Object.keys(r.checks).sort()) {
      const check = r.checks[name]!;
      const readings = [...readTypical(r.id, check, settingsGiven), ...(given.get(`${r.id}/${name}`) ?? [])];
      if (readings.length === 0) report.skipped.push({ ruleset: r.id, check: name, reason: 'no valid inputs found (give some with --inputs)' });
      for (const odds of readings) planned.push({ ruleset: r.id, name, check, settings, odds });
    }
  }
  const tests = planned.reduce((n, p) => n + Object.keys(p.odds.outcomes).length + (p.check.numeric === true && p.odds.mean ? 1 : 0), 0);
  report.z = opts.z ?? zForFamily(VERIFY_LEVEL, Math.max(1, tests));
  for (const { ruleset, name, check, settings, odds } of planned) {
    try {
      // A fresh program for play, as the game builds one for each roll.
      const program = check.program(odds.inputs, settings);
      const rng = Stream.fromSeed(streamSeed(`verify|${seed}`, `${ruleset}/${name}/${JSON.stringify(odds.inputs)}`));
      const items = verifyProgram(odds, program, check.numeric === true, opts.runs, rng, report.z);
      report.checks++;
      report.items.push(...items);
      report.failures.push(...items.filter((i) => !i.ok));
    } catch (e) {
      report.skipped.push({ ruleset, check: name, reason: (e as Error).message });
    }
  }
  return report;
}
