/**
 * `trapsmith sim`: N whole games of one ruleset (or a variant) with a bot, and what its traps did:
 * per trap kind and per run, every rate with its 95% Wilson interval. Statistics stream (memory
 * does not grow with N); `--workers K` splits the seeds over threads with the same result.
 */
import { scenarioFlag } from '../scenarioFlag.ts';
import { applyTrapFileFlag, loadTrapFile } from '../trapsFlag.ts';
import { type CliIO, type Command, UsageError } from '../io.ts';
import { columnTable, columnCsvRows, CSV_HEADER, csv, csvCell, type Format, gameSweepCsv, gameSweepTable } from '../../sim/format.ts';
import { columnReport, compareReport } from '../../sim/report.ts';
import { ShardError, shardFile, shardRange } from '../../sim/shards.ts';
import type { SimStats } from '../../sim/accumulator.ts';
import { GameSweepError, type GameVary, gameSweepReport, MAX_SWEEP_POINTS, parseGameVary, type SweepPoint, sweepPoints } from '../../sim/gameSweep.ts';
import { type BatchResult, playsOneLevel, runBatch, type SimSpec } from '../../sim/runner.ts';
import {
  COMPARE_PRECISION_METRICS,
  type ComparePrecisionMetric,
  compareSentence,
  compareVerdictLines,
  PRECISION_METRICS,
  PRECISION_STEP,
  type PrecisionMetric,
  type PrecisionVerdict,
  precisionSentence,
  precisionVerdict,
} from '../../sim/precision.ts';
import { PRECISION_RULE_HELP, precisionFlags } from '../precisionFlags.ts';
import {
  appendFlagFile,
  checkRuleset,
  withExecutor,
  workersFor,
  formatFlag,
  GAME_HELP,
  GAME_OPTIONS,
  gameFlags,
  loadVariant,
  parseFlags,
  progress,
  runPairedColumns,
  settingsFlag,
  startFlagFile,
  str,
  usage,
  list,
  type GameFlags,
  type Values,
} from '../labSupport.ts';
import { variantWarning } from '../../sim/variants.ts';

const HELP = `trapsmith sim --ruleset R [options]

Plays N games with a bot and reports what the traps did: per trap kind, encounters, found before
triggered, set off by the player and by monsters, avoided, disarm attempts, successes and
set-offs, damage per trigger (mean, median, 95th percentile, max), deaths and monsters killed;
per run, turns, survival and the causes of death. Rates carry 95% Wilson intervals.

  --ruleset R         the ruleset (required, unless --scenario names it)
  --scenario FILE     play a hand-made first level (examples/scenarios/*.json): its map, traps,
                      monsters, start and trap kinds; each game's seed gives only its dice
  --variant FILE      play a variant of it (a JSON file: see src/sim/variants.ts)
${GAME_HELP}
  --precision P       play on, ${PRECISION_STEP} games at a time, until the 95% interval of each watched
                      per-run rate is at most ±P (0 < P < 0.5), or --max-runs; stderr says which
                      (the JSON output too, as "precision"). Not with --runs
  --metric M[,M]      the rates --precision watches: ${Object.keys(PRECISION_METRICS).join(', ')} (default: all)
  --max-runs N        the cap for --precision (default 100000)
  --vary traps.KIND.COLUMN=from..to[:step]   a whole-game sweep: every value a variant (a trap
                      kind's column, a --traps file's kinds too; --vary set.NAME=… for a setting; once or twice, at most
                      ${MAX_SWEEP_POINTS} points; =a,b,… lists the values), all on the same seeds, each point's survival, trap
                      deaths, turns and trap damage with its difference from the first point, paired
                      by seed (95%). --variant is the base every point starts from. With
                      --precision, plays on until each point's paired difference from the first
                      settles, as compare --precision (--metric: survival, trapDeath, trapHurt).
                      ${PRECISION_RULE_HELP}
  --shard i/n --out FILE   play shard i of n (whole chunks of the --runs games, in seed order)
                      and write its exact statistics to FILE; trapsmith merge FILE... prints the
                      report of the whole run, the same byte for byte (see deploy/ for CI and
                      Kubernetes recipes)
  --format F          table (default), csv (one metric per row, with lo95/hi95) or json
  --per-run FILE      also write one CSV line per game (seed, outcome, turns, cause, ...); an
                      existing FILE is refused unless --force, a file the run reads always
  --force             let --per-run replace an existing file
  -h, --help          this text`;

/** What `sim` prints for a column's statistics (merge prints the same for merged shards). */
export function simOutput(spec: SimSpec, stats: SimStats, seedStart: number, format: Format, verdict: PrecisionVerdict | null = null): string {
  const report = columnReport(spec, stats);
  if (format === 'json') return JSON.stringify({ seedStart, ...report, ...(stats.heat ? { heat: stats.heat } : {}), ...(verdict ? { precision: verdict } : {}) }, null, 2);
  if (format === 'csv') return csv(CSV_HEADER, columnCsvRows(report));
  return columnTable(report);
}

/** `--shard i/n` and `--out FILE`: this process plays one contiguous part of the run's seeds. */
interface ShardFlags {
  index: number;
  of: number;
  out: string;
  /** The whole run's games and first seed (the shard plays `range`). */
  runs: number;
  seedStart: number;
  range: { seedStart: number; runs: number };
}

function shardFlags(values: Values, flags: GameFlags): ShardFlags | null {
  const raw = str(values, 'shard');
  if (raw === undefined) {
    if (str(values, 'out') !== undefined) throw new UsageError('--out goes with --shard (the shard file)');
    return null;
  }
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(raw.trim());
  if (!m) throw new UsageError(`--shard: expected i/n (shard i of n, from 1), got ${JSON.stringify(raw)}`);
  const out = str(values, 'out');
  if (!out) throw new UsageError('--shard needs --out FILE: the shard file trapsmith merge reads');
  for (const f of ['precision', 'vary', 'per-run']) if (values[f] !== undefined) throw new UsageError(`--${f} cannot go with --shard`);
  let range: { seedStart: number; runs: number };
  try {
    range = shardRange(flags.runs, flags.seedStart, Number(m[1]), Number(m[2]));
  } catch (e) {
    if (e instanceof ShardError) throw new UsageError(e.message);
    throw e;
  }
  return { index: Number(m[1]), of: Number(m[2]), out, runs: flags.runs, seedStart: flags.seedStart, range };
}

/** `sim --vary …`: the grid's points as the columns of one batch (compare's), on the same seeds. */
async function sweepGames(varyFlags: string[], spec: SimSpec, flags: GameFlags, format: Format, values: Values, io: CliIO): Promise<number> {
  if (str(values, 'per-run') !== undefined) throw new UsageError('--per-run cannot go with --vary: sweep first, then look closer at one point');
  // A sweep's question is how each point differs from the first: its precision stop is compare's.
  const stop = precisionFlags(values, Object.keys(COMPARE_PRECISION_METRICS) as ComparePrecisionMetric[]);
  let varies: GameVary[];
  let points: SweepPoint[];
  try {
    varies = varyFlags.map(parseGameVary);
    points = sweepPoints(spec.ruleset, varies, spec.variant ?? null, spec.traps ?? null);
  } catch (e) {
    if (e instanceof GameSweepError) throw new UsageError(e.message);
    throw e;
  }
  const columns = points.map((p) => ({ ...spec, variant: p.variant }));
  const { result, verdict } = await runPairedColumns(io, columns, flags, stop, `sim --vary (${points.length} points)`, values.quiet === true);
  const report = gameSweepReport(varies, points, compareReport(columns, result.columns, result.paired, result.runsDone, flags.seedStart, result.fingerprintMismatches));
  const labels = points.slice(1).map((p) => `at ${Object.entries(p.values).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  if (verdict) io.err(compareSentence(verdict, stop!.maxRuns, labels));
  if (format === 'json') io.out(JSON.stringify(verdict ? { ...report, precision: verdict } : report, null, 2));
  else if (format === 'csv') io.out(gameSweepCsv(report));
  else io.out(verdict ? `${gameSweepTable(report)}\n\n${compareVerdictLines(verdict, stop!.maxRuns, labels)}` : gameSweepTable(report));
  return 0;
}

export const simCommand: Command = async (argv, io) => {
  try {
    const { values } = parseFlags(argv, { ...GAME_OPTIONS, ruleset: { type: 'string' }, variant: { type: 'string' }, scenario: { type: 'string' }, 'per-run': { type: 'string' }, force: { type: 'boolean' }, precision: { type: 'string' }, metric: { type: 'string' }, 'max-runs': { type: 'string' }, vary: { type: 'string', multiple: true }, shard: { type: 'string' }, out: { type: 'string' } });
    if (values.help) {
      io.out(HELP);
      return 0;
    }
    // The scenario is the first level: its map, its depth, its trap kinds.
    const onScenario = scenarioFlag(values);
    const scenario = onScenario?.scenario ?? null;
    const rulesetFlag = str(values, 'ruleset') ?? scenario?.ruleset;
    if (!rulesetFlag) throw new UsageError('--ruleset is required (see --help)');
    const ruleset = checkRuleset(rulesetFlag);
    if (scenario && scenario.ruleset !== ruleset) throw new UsageError(`--scenario ${onScenario!.path}: it is a level for ${scenario.ruleset}, not ${ruleset}`);
    const flags = gameFlags(values);
    const stop = precisionFlags(values, Object.keys(PRECISION_METRICS) as PrecisionMetric[]);
    if (stop) flags.runs = stop.maxRuns;
    const shard = shardFlags(values, flags);
    const format = formatFlag(values, 'table');
    const trapsPath = str(values, 'traps');
    const traps = scenario ? (scenario.trapFile ?? null) : trapsPath ? loadTrapFile(trapsPath) : null;
    if (traps && traps.ruleset !== ruleset) throw new UsageError(`--traps ${trapsPath}: it holds traps for ${traps.ruleset}, not ${ruleset}`);
    // The variant plays on the trap file's ruleset: it may change the file's own kinds.
    const variantPath = str(values, 'variant');
    const variant = variantPath ? loadVariant(variantPath, traps ? applyTrapFileFlag(traps, trapsPath ?? 'the scenario\'s trap file', ruleset) : undefined) : null;
    if (variant && variant.ruleset !== ruleset) throw new UsageError(`--variant: ${variantPath} is a variant of ${variant.ruleset}, not ${ruleset}`);
    const spec: SimSpec = { ruleset, variant, traps, settings: settingsFlag(values, ruleset), ...flags.spec, ...(scenario ? { scenario, depth: scenario.depth ?? 1 } : {}) };
    if (variant) {
      const note = variantWarning(variant);
      if (note) io.err(note);
    }
    const varyFlags = list(values, 'vary');
    if (varyFlags.length > 0) return await sweepGames(varyFlags, spec, flags, format, values, io);
    if (shard) {
      // Written before the games are played: a path that cannot be written is refused at once.
      startFlagFile('out', shard.out, '', { force: values.force === true, inputs: [...(variantPath ? [{ flag: 'variant', path: variantPath }] : []), ...(trapsPath ? [{ flag: 'traps', path: trapsPath }] : [])] });
      flags.runs = shard.range.runs;
      flags.seedStart = shard.range.seedStart;
    }
    const perRun = str(values, 'per-run');
    // Written before the games are played: a path that cannot be written is refused at once.
    if (perRun)
      startFlagFile('per-run', perRun, `${['seed', 'outcome', 'turns', 'cause', 'trap_death', 'trap_damage', 'traps_set_off', 'depth'].join(',')}\n`, {
        force: values.force === true,
        inputs: [...(variantPath ? [{ flag: 'variant', path: variantPath }] : []), ...(trapsPath ? [{ flag: 'traps', path: trapsPath }] : [])],
      });
    else if (values.force && !shard) throw new UsageError('--force goes with --per-run or --out (it lets them replace a file)');
    const workers = workersFor(io, flags.workers, flags.runs);
    const result = await withExecutor(workers, (executor) =>
      runBatch({
        columns: [spec],
        runs: flags.runs,
        seedStart: flags.seedStart,
        heat: playsOneLevel(spec),
        ...(stop ? { stopWhen: { every: PRECISION_STEP, done: (r: BatchResult) => precisionVerdict(r.columns[0]!, stop.metrics, stop.target).reached } } : {}),
        executor,
        parallel: workers,
        onProgress: progress(io, `sim ${ruleset}`, values.quiet === true),
        ...(perRun
          ? {
              onRuns: (runs) => {
                const lines = runs[0]!.map((r) =>
                  [r.seed, r.outcome, r.turns, r.cause, r.trapDeath, r.trapDamageTaken, r.playerTriggers, r.depth].map(csvCell).join(','),
                );
                appendFlagFile('per-run', perRun, `${lines.join('\n')}\n`);
              },
            }
          : {}),
      }),
    );
    if (shard) {
      appendFlagFile('out', shard.out, `${JSON.stringify(shardFile(spec, shard.runs, shard.seedStart, shard.index, shard.of, result.columns[0]!, result.fingerprintMismatches))}\n`);
      io.err(`shard ${shard.index}/${shard.of}: ${result.runsDone} games from seed ${flags.seedStart} written to ${shard.out} (trapsmith merge puts the shards together)`);
      return 0;
    }
    const verdict = stop ? precisionVerdict(result.columns[0]!, stop.metrics, stop.target) : null;
    if (verdict) io.err(precisionSentence(verdict, stop!.maxRuns));
    io.out(simOutput(spec, result.columns[0]!, flags.seedStart, format, verdict));
    return 0;
  } catch (e) {
    return usage(e, io, 'sim');
  }
};
