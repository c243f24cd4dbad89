/**
 * `trapsmith sweep`: one check's exact odds over a 1-D or 2-D grid of its inputs, each cell read
 * by the same function as `trapsmith odds`.
 */
import { DECIMAL_TEXT, readNumber } from '../core/numbers.ts';
import type { Traits } from '../core/world.ts';
import { type OddsResult, findCheck, type Probability, rangeProblem, runOdds } from './odds.ts';

export interface Vary {
  name: string;
  from: number;
  to: number;
  step: number;
}

export class SweepError extends Error {}

/** Most cells a sweep computes. */
export const MAX_SWEEP_CELLS = 20_000;

/** `name=from..to[:step]`, each number as numbers.ts spells one. */
const VARY = new RegExp(`^([a-z][\\w-]*)=(${DECIMAL_TEXT})\\.\\.(${DECIMAL_TEXT})(?::(${DECIMAL_TEXT}))?$`, 'i');

/** Parses `name=from..to[:step]` (step defaults to 1; it may be negative when from > to). */
export function parseVary(text: string): Vary {
  const m = VARY.exec(text);
  if (!m) throw new SweepError(`--vary ${JSON.stringify(text)}: expected name=from..to or name=from..to:step (e.g. difficulty=10..20 or dex=3..18:3)`);
  // The pattern holds numbers as the rule spells them; one past a double's range reads as NaN (refused below).
  const from = readNumber(m[2]!, 'number') ?? Number.NaN;
  const to = readNumber(m[3]!, 'number') ?? Number.NaN;
  const step = m[4] !== undefined ? (readNumber(m[4], 'number') ?? Number.NaN) : from <= to ? 1 : -1;
  const v = { name: m[1]!, from, to, step };
  const problem = varyProblem(v);
  if (problem) throw new SweepError(`--vary ${problem}`);
  return v;
}

/** What is wrong with a range (named after its input), or null. */
export function varyProblem(v: Vary): string | null {
  if (![v.from, v.to, v.step].every(Number.isFinite)) return `${v.name}: from, to and step must be numbers`;
  if (v.step === 0) return `${v.name}: the step must not be 0`;
  if ((v.to - v.from) * v.step < 0) return `${v.name}: a step of ${v.step} never goes from ${v.from} to ${v.to}`;
  return null;
}

/** How many values a (valid) range gives. */
export function varyCount(v: Vary): number {
  return Math.floor((v.to - v.from) / v.step + 1e-9) + 1;
}

/** The range's i-th value (rounded off the step's float error). */
function varyValue(v: Vary, i: number): number {
  return Math.round((v.from + i * v.step) * 1e9) / 1e9;
}

export function varyValues(v: Vary): number[] {
  const out: number[] = [];
  const n = varyCount(v);
  for (let i = 0; i < n; i++) out.push(varyValue(v, i));
  return out;
}

export interface SweepResult {
  ruleset: string;
  check: string;
  axes: Array<{ name: string; values: number[] }>;
  /** Outcome names in the check's order (numeric checks: every value met, ascending). */
  outcomes: string[];
  numeric: boolean;
  /** Row-major over the axes (the last axis varies fastest). */
  cells: Array<{ at: Record<string, number>; outcomes: Record<string, Probability>; mean?: Probability }>;
}

/** Reads the check at every grid point. `fixed` holds the other inputs as the CLI gives them (strings). */
export function runSweep(rulesetId: string, checkName: string, fixed: Record<string, unknown>, vary: Vary[], settings: Traits = {}): SweepResult {
  const check = findCheck(rulesetId, checkName);
  if (vary.length === 0 || vary.length > 2) throw new SweepError('give one or two --vary (a 1-D or 2-D grid)');
  const names = new Set<string>();
  for (const v of vary) {
    const problem = varyProblem(v);
    if (problem) throw new SweepError(`--vary ${problem}`);
    const spec = check.params.find((p) => p.name === v.name);
    if (!spec) throw new SweepError(`--vary ${v.name}: check ${checkName} has no input "${v.name}" (inputs: ${check.params.map((p) => p.name).join(', ') || 'none'})`);
    if (spec.type !== 'int' && spec.type !== 'number') throw new SweepError(`--vary ${v.name}: only number inputs can vary (it is ${spec.type})`);
    if (spec.type === 'int' && ![v.from, v.to, v.step].every(Number.isInteger)) throw new SweepError(`--vary ${v.name}: ${v.name} takes whole numbers`);
    // The range runs one way, so its two ends are its extremes.
    const outside = rangeProblem(spec, v.from) ?? rangeProblem(spec, varyValue(v, varyCount(v) - 1));
    if (outside) throw new SweepError(`--vary ${v.name}: ${outside}`);
    if (names.has(v.name)) throw new SweepError(`--vary ${v.name} is given twice`);
    if (Object.hasOwn(fixed, v.name)) throw new SweepError(`--${v.name} is both fixed and varied`);
    names.add(v.name);
  }
  // Counted before the values are made: a tiny step must not fill the memory first.
  const size = vary.reduce((n, v) => n * varyCount(v), 1);
  if (size > MAX_SWEEP_CELLS) throw new SweepError(`the grid has ${size} cells; at most ${MAX_SWEEP_CELLS}`);
  const axes = vary.map((v) => ({ name: v.name, values: varyValues(v) }));
  const points: Array<Record<string, number>> = [];
  if (axes.length === 1) for (const x of axes[0]!.values) points.push({ [axes[0]!.name]: x });
  else for (const x of axes[0]!.values) for (const y of axes[1]!.values) points.push({ [axes[0]!.name]: x, [axes[1]!.name]: y });
  const cells: SweepResult['cells'] = [];
  const seen = new Set<string>(check.outcomes ?? []);
  for (const at of points) {
    const raw: Record<string, unknown> = { ...fixed };
    for (const [k, v] of Object.entries(at)) raw[k] = String(v);
    const r: OddsResult = runOdds(rulesetId, checkName, raw, settings);
    for (const o of Object.keys(r.outcomes)) seen.add(o);
    cells.push({ at, outcomes: r.outcomes, ...(r.mean ? { mean: r.mean } : {}) });
  }
  const numeric = check.numeric === true;
  const outcomes = check.outcomes && !numeric ? [...check.outcomes, ...[...seen].filter((o) => !check.outcomes!.includes(o))] : [...seen].sort((a, b) => Number(a) - Number(b));
  for (const c of cells) for (const o of outcomes) c.outcomes[o] ??= { p: 0, exact: '0/1' };
  return { ruleset: rulesetId, check: checkName, axes, outcomes, numeric, cells };
}
