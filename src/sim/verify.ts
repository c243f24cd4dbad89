/**
 * `trapsmith verify`: every odds check of every ruleset, read exactly and sampled with the
 * game's own sampler (`sample` on a game RNG stream), outcome by outcome. An exact probability
 * outside the sampled 99.9% Wilson interval means the exact reading and play have drifted apart
 * (an impure program, an interpreter bug, a sampler bias); numeric checks also compare the mean.
 * The sampling is seeded, so a run is reproducible.
 */
import { type Outcome, type Prob, sample } from '../core/prob.ts';
import { getRuleset, listRulesets, resolveSettings } from '../core/registry.ts';
import { Stream, streamSeed } from '../core/rng.ts';
import type { CheckInputs, OddsCheck } from '../core/ruleset.ts';
import type { Traits } from '../core/world.ts';
// The exact side is exactly what `trapsmith odds` prints: the same function reads it.
import { type OddsResult, runOdds } from './odds.ts';
import { wilson, Z999 } from './stats/wilson.ts';

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

export interface VerifyOptions {
  runs: number;
  seed?: string;
  /** Only these rulesets (default: every registered one). */
  rulesets?: string[];
  /** Settings per ruleset id (a variant's). */
  settings?: Record<string, Traits>;
  /** Extra input sets per "ruleset/check". */
  inputs?: Record<string, CheckInputs[]>;
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
    if (name in odds.outcomes) continue;
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
  const rulesets = opts.rulesets ? opts.rulesets.map(getRuleset) : listRulesets().filter((r) => !r.id.includes('~'));
  const report: VerifyReport = { runs: opts.runs, seed, checks: 0, items: [], failures: [], skipped: [] };
  for (const r of rulesets) {
    const given = opts.settings?.[r.id] ?? {};
    const settings = resolveSettings(r, given);
    for (const name of Object.keys(r.checks).sort()) {
      const check = r.checks[name]!;
      const readings: OddsResult[] = [];
      const d = readAtDefaults(r.id, check, given);
      if (d) readings.push(d);
      try {
        for (const raw of opts.inputs?.[`${r.id}/${name}`] ?? []) readings.push(runOdds(r.id, name, raw, given));
      } catch (e) {
        report.skipped.push({ ruleset: r.id, check: name, reason: (e as Error).message });
        continue;
      }
      if (readings.length === 0) {
        report.skipped.push({ ruleset: r.id, check: name, reason: 'no valid inputs found (give some with --inputs)' });
        continue;
      }
      for (const odds of readings) {
        try {
          // A fresh program for play, as the game builds one for each roll.
          const program = check.program(odds.inputs, settings);
          const rng = Stream.fromSeed(streamSeed(`verify|${seed}`, `${r.id}/${name}/${JSON.stringify(odds.inputs)}`));
          const items = verifyProgram(odds, program, check.numeric === true, opts.runs, rng, opts.z ?? Z999);
          report.checks++;
          report.items.push(...items);
          report.failures.push(...items.filter((i) => !i.ok));
        } catch (e) {
          report.skipped.push({ ruleset: r.id, check: name, reason: (e as Error).message });
        }
      }
    }
  }
  return report;
}
