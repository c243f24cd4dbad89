/**
 * Balance assertions: a designer-editable JSON file of claims about the rules, each checked
 * exactly where a check can say it (an odds program read exactly) and by simulation otherwise
 * (whole games with a bot). A failure says which assertion and by how much.
 *
 *   { "assertions": [
 *     { "id": "ceaptun/trained-disarm", "ruleset": "ceaptun", "says": "...", "source": "seed 002",
 *       "exact": { "check": "disarm", "inputs": { "dex": 14, "disable-device": 100 },
 *                  "forEach": { "difficulty": [12, 13, 14, 15] },
 *                  "measure": "P(set_off)", "expect": { "lt": 0.1 } } },
 *     { "id": "...", "ruleset": "ceaptun", "says": "...",
 *       "sim": { "bot": "careful", "runs": 300, "depth": 1, "metric": "oneGoKillsFromFull", "expect": { "eq": 0 } } } ] }
 *
 * exact.measure: "P(outcome)" or "P(a+b)" (summed), "mean", "max" or "min" (of a numeric check's
 * values that can happen). expect: any of lt, le, gt, ge, eq; a value is a number, an exact
 * fraction "27/65", or "playerHp" (the ruleset's new character's hit points). forEach runs the
 * check at every combination; all must hold (the worst is reported). A file holds at most
 * MAX_COMBINATIONS (10,000) exact readings — the product of each assertion's forEach list
 * lengths, summed over the file's exact assertions — and a file past it is refused before
 * anything runs, naming the assertion, its count and the limit. A measure or bound that is not
 * a finite number fails (never holds). An assertion may carry a "$comment" saying why its bound
 * is what it is.
 * sim.metric: see SIM_METRICS; per-trap metrics take "trap": a trap id or "*" (all pooled).
 */
import type { Scenario } from '../core/scenarioLevel.ts';
import type { TrapFile } from '../core/traps/definition.ts';
import { applyTrapFile } from '../core/traps/files.ts';
import { z } from 'zod';
import { fraction, fractionTextProblem, fractionToNumber, parseFraction, type Fraction, addFractions } from '../core/fraction.ts';
import { readJsonValue } from '../core/jsonInput.ts';
import { own, UnknownNameError } from '../core/lookup.ts';
import { findTrapDef, getRuleset, hasRuleset, resolveSettings } from '../core/registry.ts';
import type { Traits } from '../core/world.ts';
import { type OddsResult, runOdds } from './odds.ts';
import { emptyCounts, type KindCounts, type SimStats } from './accumulator.ts';
import { BOT_NAMES } from './bots/index.ts';
import { type ChunkExecutor, runBatch, type SimSpec } from './runner.ts';
import { kindRateCounts, runRate } from './report.ts';
import { Histogram } from './stats/histogram.ts';
import { wilson } from './stats/wilson.ts';
import type { Variant } from './variants.ts';

/** A bound: a number, an exact fraction "27/65" (never "1/0") or "playerHp". */
const value = z.union([z.number(), z.string()]).superRefine((v, ctx) => {
  if (typeof v !== 'string' || v === 'playerHp') return;
  const why = v.includes('/') ? fractionTextProblem(v) : `expected a number, a fraction like "27/65" or "playerHp", got ${JSON.stringify(v)}`;
  if (why) ctx.addIssue({ code: 'custom', message: why });
});
const expectSchema = z
  .strictObject({ lt: value.optional(), le: value.optional(), gt: value.optional(), ge: value.optional(), eq: value.optional() })
  .refine((e) => Object.values(e).some((v) => v !== undefined), 'give at least one of lt, le, gt, ge, eq');
const scalar = z.union([z.number(), z.string(), z.boolean()]);

export const RUN_METRICS = ['survival', 'win', 'trapDeath', 'trapHurt', 'oneGoKillsFromFull', 'stuck'] as const;
export const KIND_RATE_METRICS = ['foundFirst', 'stepTrigger', 'avoid', 'disarmSuccess', 'disarmSetOff', 'deathPerTrigger', 'monsterKill'] as const;
export const KIND_COUNT_METRICS = ['encounters', 'playerDeaths', 'oneGoKillsFromFullByTrap', 'monstersKilled', 'disarmAttempts', 'triggeredByPlayer', 'triggeredByMonsters', 'luredHurt', 'luredKilled', 'luredKilledByRigged'] as const;
export const KIND_DAMAGE_METRICS = ['damageMean', 'damageMax', 'playerDamageMean', 'playerDamageMax'] as const;
export const SIM_METRICS = [...RUN_METRICS, ...KIND_RATE_METRICS, ...KIND_COUNT_METRICS, ...KIND_DAMAGE_METRICS] as const;
type SimMetric = (typeof SIM_METRICS)[number];

const exactSchema = z.strictObject({
  check: z.string().min(1),
  inputs: z.record(z.string(), scalar).optional(),
  forEach: z.record(z.string(), z.array(scalar).min(1)).optional(),
  measure: z.string().regex(/^(P\([^()]+\)|mean|max|min)$/, 'expected P(outcome), P(a+b), mean, max or min'),
  expect: expectSchema,
});

const simSchema = z.strictObject({
  bot: z.string().optional(),
  runs: z.number().int().min(1).max(1_000_000),
  depth: z.number().int().min(1).max(100).optional(),
  levels: z.number().int().min(1).max(100).optional(),
  seedStart: z.number().int().min(0).optional(),
  turnLimit: z.number().int().min(10).optional(),
  settings: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])).optional(),
  metric: z.enum(SIM_METRICS),
  trap: z.string().optional(),
  expect: expectSchema,
});

export const assertionSchema = z
  .strictObject({
    /** Why the claim or its bound is what it is (not shown; for whoever edits the file). */
    $comment: z.string().optional(),
    id: z.string().min(1),
    ruleset: z.string().min(1),
    says: z.string().min(1),
    source: z.string().optional(),
    exact: exactSchema.optional(),
    sim: simSchema.optional(),
  })
  .refine((a) => (a.exact ? 1 : 0) + (a.sim ? 1 : 0) === 1, 'give exactly one of "exact" or "sim"');

export const assertionFileSchema = z.strictObject({
  $comment: z.string().optional(),
  assertions: z.array(assertionSchema),
});

export type Assertion = z.infer<typeof assertionSchema>;
export type AssertionFile = z.infer<typeof assertionFileSchema>;

export class AssertionFileError extends Error {}

/**
 * Most exact readings a file may ask for (each combination of a forEach is one). Each reading is
 * a whole exact computation, so the limit bounds the time a file's exact part can take; without
 * it a few long lists multiply past what memory holds.
 */
export const MAX_COMBINATIONS = 10_000;

/** How many combinations an exact assertion's forEach makes: the product of its lists' lengths (exact, as a BigInt). */
export function combinationCount(a: Pick<Assertion, 'exact'>): bigint {
  let n = 1n;
  for (const values of Object.values(a.exact?.forEach ?? {})) n *= BigInt(values.length);
  return a.exact ? n : 0n;
}

/**
 * Why the file's forEach lists make too many exact readings, or null: one assertion past the
 * limit is named with its count and lists; otherwise the file's total past it names the largest.
 */
export function combinationProblem(file: Pick<AssertionFile, 'assertions'>): string | null {
  const limit = BigInt(MAX_COMBINATIONS);
  let total = 0n;
  let largest: { id: string; n: bigint } | null = null;
  for (const a of file.assertions) {
    const n = combinationCount(a);
    if (n > limit) {
      const lists = Object.entries(a.exact!.forEach ?? {})
        .map(([k, vs]) => `${k} ${vs.length}`)
        .join(' × ');
      return `${a.id}: forEach makes ${n} combinations (${lists}); at most ${MAX_COMBINATIONS} in a file`;
    }
    total += n;
    if (!largest || n > largest.n) largest = { id: a.id, n };
  }
  if (total > limit) return `the file's forEach lists make ${total} combinations in all (the most, ${largest!.n}, in ${largest!.id}); at most ${MAX_COMBINATIONS} in a file`;
  return null;
}

/** Files bigger than this are refused before they are read (a designer's file is a few kB). */
export const MAX_ASSERTIONS_BYTES = 2_000_000;

export function parseAssertions(input: string | unknown, source = 'assertions'): AssertionFile {
  const read = readJsonValue(input, MAX_ASSERTIONS_BYTES);
  if ('problem' in read) throw new AssertionFileError(`${source}: ${read.problem}`);
  const r = assertionFileSchema.safeParse(read.value);
  if (!r.success) {
    throw new AssertionFileError(`${source}: ${r.error.issues.map((i) => `${i.path.map(String).join('.') || '(top level)'}: ${i.message}`).join('; ')}`);
  }
  const ids = new Set<string>();
  for (const a of r.data.assertions) {
    if (ids.has(a.id)) throw new AssertionFileError(`${source}: assertion id "${a.id}" is used twice`);
    ids.add(a.id);
    if (a.sim?.bot !== undefined && !BOT_NAMES.includes(a.sim.bot)) throw new AssertionFileError(`${source}: ${a.id}: unknown bot "${a.sim.bot}" (known: ${BOT_NAMES.join(', ')})`);
    const m = a.sim?.metric;
    if (m && !(RUN_METRICS as readonly string[]).includes(m) && !a.sim?.trap) throw new AssertionFileError(`${source}: ${a.id}: metric ${m} is per trap: give "trap" (a trap id or "*")`);
  }
  // Counted before anything runs: the combinations are never made when there are too many.
  const tooMany = combinationProblem(r.data);
  if (tooMany) throw new AssertionFileError(`${source}: ${tooMany}`);
  return r.data;
}

export type Status = 'pass' | 'fail' | 'error';

export interface AssertionResult {
  id: string;
  ruleset: string;
  says: string;
  source?: string;
  how: 'exact' | 'sim';
  status: Status;
  /** The measured value (for forEach: the worst case). */
  value: number | null;
  exact: string | null;
  /** The sampled 95% interval of a simulated rate. */
  interval?: [number, number];
  /** What was expected, as text ("< 20 (playerHp)"). */
  expected: string;
  /** How far inside (+) or outside (−) the nearest bound the value is. */
  margin: number | null;
  /** Where the worst case was (forEach inputs, or the sim's trap). */
  at?: Record<string, unknown>;
  message: string;
}

type Bound = { op: 'lt' | 'le' | 'gt' | 'ge' | 'eq'; value: number; exact: Fraction | null; label: string };

function bounds(expect: z.infer<typeof expectSchema>, playerHp: number): Bound[] {
  const out: Bound[] = [];
  for (const op of ['lt', 'le', 'gt', 'ge', 'eq'] as const) {
    const v = expect[op];
    if (v === undefined) continue;
    if (v === 'playerHp') out.push({ op, value: playerHp, exact: fraction(playerHp), label: `${playerHp} (playerHp)` });
    else if (typeof v === 'string') {
      const f = parseFraction(v)!;
      out.push({ op, value: fractionToNumber(f), exact: f, label: v });
    } else out.push({ op, value: v, exact: Number.isInteger(v) ? fraction(v) : null, label: String(v) });
  }
  return out;
}

const OP_TEXT = { lt: '<', le: '<=', gt: '>', ge: '>=', eq: '=' } as const;

function compareFractions(a: Fraction, b: Fraction): number {
  const d = a.num * b.den - b.num * a.den;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** Whether `v` meets one bound, and by how much (positive inside). Exact fractions compare exactly. */
function meets(v: number, vExact: Fraction | null, b: Bound): { ok: boolean; margin: number } {
  const cmp = vExact && b.exact ? compareFractions(vExact, b.exact) : Math.abs(v - b.value) <= 1e-12 * Math.max(1, Math.abs(b.value)) ? 0 : v < b.value ? -1 : 1;
  switch (b.op) {
    case 'lt':
      return { ok: cmp < 0, margin: b.value - v };
    case 'le':
      return { ok: cmp <= 0, margin: b.value - v };
    case 'gt':
      return { ok: cmp > 0, margin: v - b.value };
    case 'ge':
      return { ok: cmp >= 0, margin: v - b.value };
    case 'eq':
      return { ok: cmp === 0, margin: -Math.abs(v - b.value) };
  }
}

/** Whether `v` meets every bound. A value or bound that is not a finite number meets none (NaN compares false both ways, and must not pass). */
function judge(v: number, vExact: Fraction | null, bs: Bound[]): { ok: boolean; margin: number } {
  if (!Number.isFinite(v) || bs.some((b) => !Number.isFinite(b.value))) return { ok: false, margin: Number.NaN };
  let ok = true;
  let margin = Number.POSITIVE_INFINITY;
  for (const b of bs) {
    const r = meets(v, vExact, b);
    ok &&= r.ok;
    margin = Math.min(margin, r.margin);
  }
  return { ok, margin };
}

function combos(forEach: Record<string, Array<string | number | boolean>> | undefined): Array<Record<string, string | number | boolean>> {
  let out: Array<Record<string, string | number | boolean>> = [{}];
  for (const [k, vs] of Object.entries(forEach ?? {})) out = out.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
  return out;
}

/** A measure of one exact reading. */
function measureOf(r: OddsResult, measure: string): { value: number; exact: Fraction | null } {
  const m = /^P\((.+)\)$/.exec(measure);
  if (m) {
    let p = 0;
    let f: Fraction | null = fraction(0);
    for (const name of m[1]!.split('+').map((s) => s.trim())) {
      const o = own(r.outcomes, name);
      if (!o) throw new Error(`${r.check} has no outcome "${name}" (outcomes: ${Object.keys(r.outcomes).join(', ')})`);
      p += o.p;
      f = f && o.exact ? addFractions(f, parseFraction(o.exact)!) : null;
    }
    return { value: f ? fractionToNumber(f) : p, exact: f };
  }
  if (measure === 'mean') {
    if (!r.mean) throw new Error(`${r.check} is not a numeric check: it has no mean`);
    return { value: r.mean.p, exact: r.mean.exact ? parseFraction(r.mean.exact) : null };
  }
  const values = Object.entries(r.outcomes)
    .filter(([, o]) => o.p > 0)
    .map(([k]) => Number(k));
  if (values.length === 0 || values.some((v) => !Number.isFinite(v))) throw new Error(`${r.check}: ${measure} needs a numeric check`);
  const v = measure === 'max' ? Math.max(...values) : Math.min(...values);
  return { value: v, exact: Number.isInteger(v) ? fraction(v) : null };
}

function fmt(x: number | null): string {
  if (x === null || !Number.isFinite(x)) return String(x);
  return Number.isInteger(x) ? String(x) : x.toPrecision(4);
}

/** How far a failing value is from what was expected; on a strict bound (< or >) itself, it says so rather than "off by 0". */
function offBy(margin: number): string {
  if (Number.isNaN(margin)) return 'a value that is not a number holds no bound';
  return Math.abs(margin) <= 1e-12 ? 'exactly on the bound, which is excluded' : `off by ${fmt(Math.abs(margin))}`;
}

function expectedText(bs: Bound[]): string {
  return bs.map((b) => `${OP_TEXT[b.op]} ${b.label}`).join(' and ');
}

export interface EvaluateOptions {
  /** Only assertions of these rulesets. */
  rulesets?: string[];
  /** Run assertions of the variant's ruleset on the variant. */
  variant?: Variant | null;
  /** Run assertions of the file's ruleset with the trap file's kinds (a variant applies on top). */
  traps?: TrapFile | null;
  /**
   * Play the simulated assertions of the scenario's ruleset on this hand-made first level (its
   * trap file, if it brings one, is `traps` for that ruleset).
   */
  scenario?: Scenario | null;
  /** Replace every sim assertion's run count (quicker checks). */
  runs?: number;
  executor?: ChunkExecutor;
  parallel?: number;
  onProgress?: (label: string, done: number, total: number) => void;
}

function settingsFor(a: Assertion, opts: EvaluateOptions): Traits {
  return opts.variant && opts.variant.ruleset === a.ruleset ? { ...(opts.variant.settings ?? {}) } : {};
}

function evaluateExact(a: Assertion, opts: EvaluateOptions): AssertionResult {
  const e = a.exact!;
  const settings = settingsFor(a, opts);
  const base: Omit<AssertionResult, 'status' | 'value' | 'exact' | 'expected' | 'margin' | 'message'> = {
    id: a.id,
    ruleset: a.ruleset,
    says: a.says,
    ...(a.source ? { source: a.source } : {}),
    how: 'exact',
  };
  let playerHp = 0;
  try {
    playerHp = getRuleset(a.ruleset).player(resolveSettings(getRuleset(a.ruleset), settings)).hp;
  } catch {
    playerHp = Number.NaN;
  }
  const bs = bounds(e.expect, playerHp);
  const expected = expectedText(bs);
  let worst: { value: number; exact: Fraction | null; margin: number; ok: boolean; at: Record<string, unknown> } | null = null;
  try {
    for (const c of combos(e.forEach)) {
      const inputs: Record<string, unknown> = {};
      for (const [k, v] of Object.entries({ ...(e.inputs ?? {}), ...c })) inputs[k] = typeof v === 'number' ? String(v) : v;
      const r = runOdds(opts.traps && opts.traps.ruleset === a.ruleset ? applyTrapFile(opts.traps) : a.ruleset, e.check, inputs, settings);
      const m = measureOf(r, e.measure);
      const j = judge(m.value, m.exact, bs);
      if (!worst || (!j.ok && worst.ok) || (j.ok === worst.ok && j.margin < worst.margin)) worst = { ...m, ...j, at: c };
    }
  } catch (err) {
    return { ...base, status: 'error', value: null, exact: null, expected, margin: null, message: `cannot read ${a.ruleset} ${e.check}: ${(err as Error).message}` };
  }
  const w = worst!;
  const where = Object.keys(w.at).length > 0 ? ` at ${Object.entries(w.at).map(([k, v]) => `${k}=${v}`).join(', ')}` : '';
  // The fraction beside the decimal, unless it is a whole number (0, not "0 (0/1)").
  const shown = w.exact && w.exact.den !== 1n ? `${fmt(w.value)} (${w.exact.num}/${w.exact.den})` : fmt(w.value);
  return {
    ...base,
    status: w.ok ? 'pass' : 'fail',
    value: w.value,
    exact: w.exact ? `${w.exact.num}/${w.exact.den}` : null,
    expected,
    margin: w.margin,
    at: w.at,
    message: w.ok
      ? `${e.measure} = ${shown}${where}: ${expected} holds`
      : `${e.measure} = ${shown}${where}, expected ${expected}: ${offBy(w.margin)}`,
  };
}

/** Sums the chosen kinds' counters and histograms ("*": every kind). */
function pooled(stats: SimStats, trap: string): { counts: KindCounts; damage: Histogram; playerDamage: Histogram; known: boolean } {
  const counts = emptyCounts();
  const damage = new Histogram();
  const playerDamage = new Histogram();
  let known = false;
  for (const [kind, k] of stats.kinds) {
    if (trap !== '*' && kind !== trap) continue;
    known = true;
    for (const key of Object.keys(counts) as Array<keyof KindCounts>) counts[key] += k.counts[key];
    damage.merge(k.damagePerTrigger);
    playerDamage.merge(k.playerDamagePerHit);
  }
  return { counts, damage, playerDamage, known };
}

function simValue(stats: SimStats, metric: SimMetric, trap: string | undefined): { value: number | null; k?: number; n?: number; note?: string } {
  const rc = stats.runCounts;
  switch (metric) {
    case 'survival':
    case 'win':
    case 'trapDeath':
    case 'trapHurt': {
      const r = runRate(rc, metric);
      return { value: r.p, k: r.k, n: r.n };
    }
    case 'oneGoKillsFromFull':
      return { value: rc.oneGoKillsFromFull };
    case 'stuck':
      return { value: rc.stuck };
    default:
      break;
  }
  const p = pooled(stats, trap ?? '*');
  const c = p.counts;
  const rates: Record<(typeof KIND_RATE_METRICS)[number], [number, number]> = kindRateCounts(c);
  if (Object.hasOwn(rates, metric)) {
    const [k, n] = rates[metric as keyof typeof rates];
    return n > 0 ? { value: k / n, k, n } : { value: null, k, n, note: `no data: nothing to count in ${rc.runs} runs${p.known ? '' : ` (no ${trap} trap was met)`}` };
  }
  switch (metric) {
    case 'encounters':
      return { value: c.encounters };
    case 'playerDeaths':
      return { value: c.playerDeaths };
    case 'oneGoKillsFromFullByTrap':
      return { value: c.oneGoKillsFromFull };
    case 'monstersKilled':
      return { value: c.monstersKilled };
    case 'disarmAttempts':
      return { value: c.disarmAttempts };
    case 'triggeredByPlayer':
      return { value: c.triggeredByPlayer };
    case 'triggeredByMonsters':
      return { value: c.triggeredByMonsters };
    // The lure ledger (lure.ts): monsters hurt or killed by it while hunting the player or following the player's noise.
    case 'luredHurt':
      return { value: c.luredHurt };
    case 'luredKilled':
      return { value: c.luredKilled };
    case 'luredKilledByRigged':
      return { value: c.luredKilledByRigged };
    case 'damageMean':
      return p.damage.count ? { value: p.damage.mean() } : { value: null, note: 'no data: no trigger' };
    case 'damageMax':
      return p.damage.count ? { value: p.damage.max } : { value: null, note: 'no data: no trigger' };
    case 'playerDamageMean':
      return p.playerDamage.count ? { value: p.playerDamage.mean() } : { value: null, note: 'no data: the player was never hurt' };
    case 'playerDamageMax':
      return p.playerDamage.count ? { value: p.playerDamage.max } : { value: null, note: 'no data: the player was never hurt' };
    default:
      return { value: null, note: `unknown metric ${metric}` };
  }
}

/** Evaluates every assertion (sim runs shared between assertions that play the same games). */
export async function evaluateAssertions(file: AssertionFile, opts: EvaluateOptions = {}): Promise<AssertionResult[]> {
  // A file made in code (not read by parseAssertions) is held to the same limit.
  const tooMany = combinationProblem(file);
  if (tooMany) throw new AssertionFileError(tooMany);
  const chosen = file.assertions.filter((a) => !opts.rulesets || opts.rulesets.includes(a.ruleset));
  const runsCache = new Map<string, SimStats>();
  const results: AssertionResult[] = [];
  for (const a of chosen) {
    if (!hasRuleset(a.ruleset)) {
      results.push({ id: a.id, ruleset: a.ruleset, says: a.says, how: a.exact ? 'exact' : 'sim', status: 'error', value: null, exact: null, expected: '', margin: null, message: `unknown ruleset "${a.ruleset}"` });
      continue;
    }
    if (a.exact) {
      results.push(evaluateExact(a, opts));
      continue;
    }
    const s = a.sim!;
    if (s.trap !== undefined && s.trap !== '*' && !findTrapDef(getRuleset(a.ruleset), s.trap)) {
      const known = getRuleset(a.ruleset).traps.map((t) => t.id);
      results.push({ id: a.id, ruleset: a.ruleset, says: a.says, how: 'sim', status: 'error', value: null, exact: null, expected: '', margin: null, message: new UnknownNameError('trap', s.trap, [...new Set(known), '*'], `in ${a.ruleset}`).message });
      continue;
    }
    const variant = opts.variant && opts.variant.ruleset === a.ruleset ? opts.variant : null;
    const scenario = opts.scenario && opts.scenario.ruleset === a.ruleset ? opts.scenario : null;
    const spec: SimSpec = {
      ruleset: a.ruleset,
      variant,
      traps: scenario ? (scenario.trapFile ?? null) : opts.traps && opts.traps.ruleset === a.ruleset ? opts.traps : null,
      bot: s.bot ?? 'careful',
      depth: scenario ? (scenario.depth ?? 1) : (s.depth ?? 1),
      ...(scenario ? { scenario } : {}),
      levels: s.levels ?? 1,
      ...(s.settings ? { settings: s.settings } : {}),
      ...(s.turnLimit !== undefined ? { turnLimit: s.turnLimit } : {}),
    };
    const runs = opts.runs ?? s.runs;
    const seedStart = s.seedStart ?? 1;
    const key = JSON.stringify([spec, runs, seedStart]);
    let stats = runsCache.get(key);
    const base = { id: a.id, ruleset: a.ruleset, says: a.says, ...(a.source ? { source: a.source } : {}), how: 'sim' as const };
    let playerHp = Number.NaN;
    try {
      playerHp = getRuleset(a.ruleset).player(resolveSettings(getRuleset(a.ruleset), { ...(variant?.settings ?? {}), ...(s.settings ?? {}) })).hp;
    } catch {
      // Bad settings are reported by the run below.
    }
    const bs = bounds(s.expect, playerHp);
    const expected = expectedText(bs);
    if (!stats) {
      try {
        const r = await runBatch({
          columns: [spec],
          runs,
          seedStart,
          ...(opts.executor ? { executor: opts.executor, parallel: opts.parallel ?? 1 } : {}),
          ...(opts.onProgress ? { onProgress: (d: number, t: number) => opts.onProgress!(a.id, d, t) } : {}),
        });
        stats = r.columns[0]!;
        runsCache.set(key, stats);
      } catch (err) {
        results.push({ ...base, status: 'error', value: null, exact: null, expected, margin: null, message: `cannot run ${a.ruleset}: ${(err as Error).message}` });
        continue;
      }
    }
    const v = simValue(stats, s.metric, s.trap);
    const label = `${s.metric}${s.trap ? `[${s.trap}]` : ''} over ${runs} runs (${spec.bot}, depth ${spec.depth}${scenario ? `, scenario "${scenario.name}"` : ''})`;
    if (v.value === null) {
      results.push({ ...base, status: 'error', value: null, exact: null, expected, margin: null, message: `${label}: ${v.note ?? 'no value'}` });
      continue;
    }
    const j = judge(v.value, Number.isInteger(v.value) ? fraction(v.value) : v.k !== undefined && v.n ? fraction(v.k, v.n) : null, bs);
    const interval = v.k !== undefined && v.n ? wilson(v.k, v.n) : null;
    const ci = interval ? ` [95% ${fmt(interval.lo)}–${fmt(interval.hi)}]` : '';
    results.push({
      ...base,
      status: j.ok ? 'pass' : 'fail',
      value: v.value,
      exact: v.k !== undefined && v.n ? `${v.k}/${v.n}` : null,
      ...(interval ? { interval: [interval.lo, interval.hi] as [number, number] } : {}),
      expected,
      margin: j.margin,
      ...(s.trap ? { at: { trap: s.trap } } : {}),
      message: j.ok ? `${label} = ${fmt(v.value)}${ci}: ${expected} holds` : `${label} = ${fmt(v.value)}${ci}, expected ${expected}: ${offBy(j.margin)}`,
    });
  }
  return results;
}
