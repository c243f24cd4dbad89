/**
 * What the lab's CLI commands share (Node only): strict flag parsing that names the bad flag,
 * numbers with ranges, variant files, the common game flags, worker pools and progress on stderr.
 */
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CORE_SETTINGS, getRuleset, hasRuleset, listRulesets, resolveSettings } from '../core/registry.ts';
import { nullRecord } from '../core/lookup.ts';
import type { MapStyle, Traits } from '../core/world.ts';
import { readWhole } from '../core/numbers.ts';
import { joinNegativeValues } from './args.ts';
import { type CliIO, UsageError } from './io.ts';
import { BOT_NAMES } from '../sim/bots/index.ts';
import { FORMATS, type Format } from '../sim/format.ts';
import { NodeWorkerPool } from '../sim/nodePool.ts';
import { type BatchResult, type ChunkExecutor, inProcess, runBatch, type SimSpec, workerPlan } from '../sim/runner.ts';
import { RUN_DEFAULTS } from '../sim/runDefaults.ts';
import { type ComparePrecisionMetric, type CompareVerdict, compareVerdict, PRECISION_STEP } from '../sim/precision.ts';
import { parseVariant, type Variant, VariantError } from '../sim/variants.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** parseArgs, strict: an unknown flag or a missing value is a UsageError naming it. */
export function parseFlags(argv: string[], options: Options, allowPositionals = false): { values: Values; positionals: string[] } {
  try {
    const r = parseArgs({ args: joinNegativeValues(argv, options), options, strict: true, allowPositionals });
    return { values: r.values as Values, positionals: r.positionals };
  } catch (e) {
    const msg = (e as Error).message.replace(/\. To specify a positional argument.*$/s, '').replace(/^Unknown option '(.*)'$/, "unknown option '$1'");
    throw new UsageError(`${msg} (see --help)`);
  }
}

export function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

export function list(values: Values, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}

/** A whole number flag within [min, max] (read by core/numbers.ts, as every number is). */
export function intFlag(values: Values, name: string, fallback: number, min: number, max: number): number {
  const raw = str(values, name);
  if (raw === undefined) return fallback;
  const n = readWhole(raw);
  if (n === null) throw new UsageError(`--${name}: expected a whole number, got ${JSON.stringify(raw)}`);
  if (n < min || n > max) throw new UsageError(`--${name}: ${n} is out of range (${min} to ${max})`);
  return n;
}

export function formatFlag(values: Values, fallback: Format, allowed: readonly Format[] = FORMATS): Format {
  const f = str(values, 'format') ?? fallback;
  if (!allowed.includes(f as Format)) throw new UsageError(`--format: expected one of ${allowed.join(', ')}, got ${JSON.stringify(f)}`);
  return f as Format;
}

export function rulesetIds(): string[] {
  return listRulesets()
    .map((r) => r.id)
    .filter((id) => !id.includes('~') && !id.includes('+'));
}

export function checkRuleset(id: string, flag = '--ruleset'): string {
  if (!hasRuleset(id) || id.includes('~') || id.includes('+')) throw new UsageError(`${flag}: unknown ruleset "${id}" (known: ${rulesetIds().join(', ')})`);
  return id;
}

export function checkBot(name: string): string {
  if (!BOT_NAMES.includes(name)) throw new UsageError(`--bot: unknown bot "${name}" (known: ${BOT_NAMES.join(', ')})`);
  return name;
}

/**
 * Reads and checks a variant file; a bad one is a UsageError naming the field. `on`: the ruleset
 * id it plays on when that is a trap file's (its kinds are then the variant's to change), or that
 * id for the variant's ruleset (parseVariant).
 */
export function loadVariant(path: string, on?: string | ((ruleset: string) => string | undefined)): Variant {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`--variant: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return parseVariant(text, path, on);
  } catch (e) {
    if (e instanceof VariantError) throw new UsageError(e.message);
    throw e;
  }
}

/** `--set name=value` pairs, checked against the ruleset's settings. */
export function settingsFlag(values: Values, rulesetId: string): Traits {
  // Null-prototype: `--set __proto__=1` stays a name, refused below as no setting of the ruleset.
  const out: Traits = nullRecord();
  for (const pair of list(values, 'set')) {
    const m = /^([\w-]+)=(.*)$/.exec(pair);
    if (!m) throw new UsageError(`--set ${JSON.stringify(pair)}: expected name=value`);
    out[m[1]!] = m[2]!;
  }
  try {
    const resolved = resolveSettings(getRuleset(rulesetId), out);
    const typed: Traits = {};
    // Every key of `out` is a setting by now (resolveSettings refuses any other name).
    for (const k of Object.keys(out)) typed[k] = resolved[k]!;
    return typed;
  } catch (e) {
    const names = [...CORE_SETTINGS, ...getRuleset(rulesetId).settings].map((s) => s.name);
    throw new UsageError(`--set: ${(e as Error).message}${/unknown setting/.test((e as Error).message) ? ` (settings: ${names.join(', ')})` : ''}`);
  }
}

/** The flags every game-running command takes. */
export const GAME_OPTIONS: Options = {
  runs: { type: 'string' },
  'seed-start': { type: 'string' },
  depth: { type: 'string' },
  levels: { type: 'string' },
  bot: { type: 'string' },
  workers: { type: 'string' },
  format: { type: 'string' },
  'turn-limit': { type: 'string' },
  width: { type: 'string' },
  height: { type: 'string' },
  style: { type: 'string' },
  'level-seed': { type: 'string' },
  traps: { type: 'string' },
  set: { type: 'string', multiple: true },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export const GAME_HELP = `  --runs N            games to play (default 100)
  --seed-start S      seed of the first game; game i plays seed S+i (default 1)
  --depth D           the depth each game starts at (default ${RUN_DEFAULTS.depth}: where traps grow strong enough to matter)
  --levels L          levels to play; the stairs of the last one win (default ${RUN_DEFAULTS.levels})
  --bot B             ${BOT_NAMES.join(', ')} (default ${RUN_DEFAULTS.bot})
  --workers K         worker threads (default 1); the result equals K = 1 exactly. At most one
                      per chunk of 10 games and two per core are used (stderr says so)
  --turn-limit T      turns before a game is called off (default 5000)
  --width W --height H --style rooms|caves   level size and style (default 80x40 rooms)
  --level-seed SEED   play every game on this seed's level, the games differing only in their
                      dice (enables the heat map in JSON output)
  --set name=value    a ruleset setting (repeatable)
  --traps FILE        play a designer's trap file too (its kinds added: see examples/traps/)
  --quiet             no progress on stderr`;

export interface GameFlags {
  runs: number;
  seedStart: number;
  workers: number;
  spec: Omit<SimSpec, 'ruleset' | 'variant' | 'settings'>;
}

export function gameFlags(values: Values, defaultRuns = 100): GameFlags {
  const depth = intFlag(values, 'depth', RUN_DEFAULTS.depth, 1, 100);
  const levels = intFlag(values, 'levels', RUN_DEFAULTS.levels, 1, 100 - depth + 1);
  const style = str(values, 'style') ?? 'rooms';
  if (style !== 'rooms' && style !== 'caves') throw new UsageError(`--style: expected rooms or caves, got ${JSON.stringify(style)}`);
  const turnLimit = str(values, 'turn-limit') !== undefined ? intFlag(values, 'turn-limit', 5000, 10, 1_000_000) : undefined;
  const width = str(values, 'width') !== undefined ? intFlag(values, 'width', 80, 40, 200) : undefined;
  const height = str(values, 'height') !== undefined ? intFlag(values, 'height', 40, 25, 200) : undefined;
  const levelSeed = str(values, 'level-seed');
  return {
    runs: intFlag(values, 'runs', defaultRuns, 1, 10_000_000),
    seedStart: intFlag(values, 'seed-start', 1, 0, Number.MAX_SAFE_INTEGER - 10_000_000),
    workers: intFlag(values, 'workers', 1, 1, 64),
    spec: {
      bot: checkBot(str(values, 'bot') ?? RUN_DEFAULTS.bot),
      depth,
      levels,
      style: style as MapStyle,
      ...(turnLimit !== undefined ? { turnLimit } : {}),
      ...(width !== undefined ? { width } : {}),
      ...(height !== undefined ? { height } : {}),
      ...(levelSeed ? { levelSeed } : {}),
    },
  };
}

/** Extra modules every worker thread imports first (rulesets registered outside src/rulesets). */
export const workerModules: string[] = (typeof process !== 'undefined' && process.env.TRAPSMITH_WORKER_MODULES ? process.env.TRAPSMITH_WORKER_MODULES.split(',') : []).filter(Boolean);

/**
 * The workers a command uses for `runs` games when `--workers` asked for `requested` (see
 * workerPlan: one per chunk of games, at most two per core), said on stderr when it is fewer.
 */
export function workersFor(io: CliIO, requested: number, runs: number, cores = availableParallelism()): number {
  const plan = workerPlan(requested, runs, cores);
  if (plan.why) io.err(`--workers ${requested}: using ${plan.workers} (${plan.why})`);
  return plan.workers;
}

export function executorFor(workers: number): ChunkExecutor {
  return workers > 1 ? new NodeWorkerPool(workers, workerModules) : inProcess;
}

/** Runs `fn` with an executor for `workers` threads (this process for 1), closed afterwards whatever happens. */
export async function withExecutor<T>(workers: number, fn: (executor: ChunkExecutor) => Promise<T>): Promise<T> {
  const executor = executorFor(workers);
  try {
    return await fn(executor);
  } finally {
    await executor.close();
  }
}

/** Progress lines on stderr: at most one every 2 seconds, and the last. */
export function progress(io: CliIO, label: string, quiet: boolean): (done: number, total: number) => void {
  let last = 0;
  const started = performance.now();
  return (done, total) => {
    if (quiet) return;
    const now = performance.now();
    if (done < total && now - last < 2000) return;
    last = now;
    const secs = (now - started) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    io.err(`${label}: ${done}/${total} games (${Math.round((100 * done) / total)}%, ${rate.toFixed(1)} games/s)`);
  };
}

/** Prints a UsageError as every command does (`trapsmith sim: ...`) and gives exit code 2; anything else is rethrown. */
export function usage(e: unknown, io: CliIO, command: string): number {
  if (e instanceof UsageError) {
    io.err(`trapsmith ${command}: ${e.message}`);
    return 2;
  }
  throw e;
}

function writeProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such folder (ENOENT)';
  if (code === 'EISDIR') return 'it is a folder (EISDIR)';
  if (code === 'EACCES' || code === 'EPERM') return `not allowed (${code})`;
  return code ?? (e as Error).message;
}

/** A file a run reads, named by the flag that gave it (`--variant`). */
export interface InputFile {
  flag: string;
  path: string;
}

/** The file's identity (device and inode: the same through a symbolic link, a hard link, `./x` or `../dir/x`), or null when there is none. */
function fileIdentity(path: string): { dev: number; ino: number; folder: boolean } | null {
  try {
    const st = statSync(path);
    return { dev: st.dev, ino: st.ino, folder: st.isDirectory() };
  } catch {
    return null;
  }
}

/**
 * Starts a file a flag names (`--per-run FILE`) with its first text. An existing file is refused
 * unless `force`; a file this run reads (a variant, ...) is refused even then: the same file on
 * disk by any path. A path that cannot be written is a UsageError naming the flag — commands
 * start their files before they work, so that is said at once, not after a long run.
 */
export function startFlagFile(flag: string, path: string, text: string, opts: { force: boolean; inputs: readonly InputFile[] }): void {
  const out = fileIdentity(path);
  if (out?.folder) throw new UsageError(`--${flag}: cannot write ${path}: it is a folder (EISDIR)`);
  if (out) {
    for (const input of opts.inputs) {
      const id = fileIdentity(input.path);
      if (id && id.dev === out.dev && id.ino === out.ino)
        throw new UsageError(`--${flag} ${path} is the file this run reads as --${input.flag} ${input.path}: give another file (--force never writes over an input)`);
    }
    if (!opts.force) throw new UsageError(`--${flag}: ${path} already exists; give --force to replace it`);
  }
  try {
    // Without --force the file is created here or not at all ('wx'), even if one appeared since the check.
    writeFileSync(path, text, { flag: opts.force ? 'w' : 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`--${flag}: ${path} already exists; give --force to replace it`);
    throw new UsageError(`--${flag}: cannot write ${path}: ${writeProblem(e)}`);
  }
}

/** Appends to a file `startFlagFile` began; a failure is a UsageError naming the flag. */
export function appendFlagFile(flag: string, path: string, text: string): void {
  try {
    appendFileSync(path, text);
  } catch (e) {
    throw new UsageError(`--${flag}: cannot write ${path}: ${writeProblem(e)}`);
  }
}

/**
 * Plays `columns` on the same seeds (compare, sim --vary): `runs` games each, or with `stop`
 * (--precision) until every paired difference from the first column settles, checked every
 * PRECISION_STEP games. The verdict is the precision rule's reading of the games played (null without `stop`).
 */
export async function runPairedColumns(
  io: CliIO,
  columns: SimSpec[],
  flags: { runs: number; seedStart: number; workers: number },
  stop: { metrics: ComparePrecisionMetric[]; target: number } | null,
  label: string,
  quiet: boolean,
): Promise<{ result: BatchResult; verdict: CompareVerdict | null }> {
  const workers = workersFor(io, flags.workers, flags.runs);
  const result = await withExecutor(workers, (executor) =>
    runBatch({
      columns,
      runs: flags.runs,
      seedStart: flags.seedStart,
      executor,
      parallel: workers,
      onProgress: progress(io, label, quiet),
      ...(stop ? { stopWhen: { every: PRECISION_STEP, done: (r: BatchResult) => compareVerdict(r.paired, r.runsDone, stop.metrics, stop.target).reached } } : {}),
    }),
  );
  return { result, verdict: stop ? compareVerdict(result.paired, result.runsDone, stop.metrics, stop.target) : null };
}
