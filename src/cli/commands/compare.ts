/**
 * `trapsmith compare`: the same seeds under several rulesets or variants — the same maps, the
 * same monsters and their choices as far as the rules let them be the same (common random
 * numbers) — side by side, with each column's difference from the first and its interval.
 */
import { applyTrapFileFlag, loadTrapFile } from '../trapsFlag.ts';
import { scenarioFlag } from '../scenarioFlag.ts';
import { type Command, UsageError } from '../io.ts';
import { compareCsv, compareTable } from '../../sim/format.ts';
import { compareReport } from '../../sim/report.ts';
import type { SimSpec } from '../../sim/runner.ts';
import { COMPARE_PRECISION_METRICS, type ComparePrecisionMetric, compareSentence, compareVerdictLines, PRECISION_STEP } from '../../sim/precision.ts';
import { PRECISION_RULE_HELP, precisionFlags } from '../precisionFlags.ts';
import {
  checkRuleset,
  formatFlag,
  GAME_HELP,
  GAME_OPTIONS,
  gameFlags,
  list,
  loadVariant,
  parseFlags,
  runPairedColumns,
  str,
  usage,
} from '../labSupport.ts';
import { variantWarning } from '../../sim/variants.ts';

const HELP = `trapsmith compare --rulesets a,b,... [--variants x.json,y.json] [options]

Plays the same seeds under each column and shows them side by side. The first column is the
baseline: every other column's difference from it comes with a 95% interval — paired by seed for
the per-run numbers (the pairing removes what the maps and monsters do), independent (and so
conservative) for the per-trap rates. It also checks that every seed's first level (map, stairs,
monsters) is the same under every column.

  --rulesets a,b,...  rulesets to compare (columns in this order)
  --variants F1,F2    variant files: each adds a column (a variant of one of the rulesets; its
                      ruleset is added as a column first when --rulesets does not name it)
  --variant F         one variant file (same as --variants F)
  --traps F           a trap file: adds a column of its ruleset with its kinds (and one without);
                      that ruleset's --variants play on the file (they may change its kinds)
  --scenario FILE     every column plays a hand-made first level (examples/scenarios/*.json): its
                      ruleset and that ruleset's variants are the columns
${GAME_HELP}
  --precision P       play on, ${PRECISION_STEP} games at a time, until each paired difference against the
                      first column is settled: a difference is claimed, or its interval is at
                      most ±P (0 < P < 0.5), or --max-runs; the report ends with the verdict
                      (JSON: "precision"), stderr says it too. Not with --runs.
                      ${PRECISION_RULE_HELP}
  --metric M[,M]      the differences --precision watches: ${Object.keys(COMPARE_PRECISION_METRICS).join(', ')} (default: all)
  --max-runs N        the cap for --precision (default 100000)
  --format F          table (default), csv or json
  -h, --help          this text`;

export const compareCommand: Command = async (argv, io) => {
  try {
    const { values } = parseFlags(argv, {
      ...GAME_OPTIONS,
      rulesets: { type: 'string' },
      variants: { type: 'string' },
      variant: { type: 'string', multiple: true },
      scenario: { type: 'string' },
      precision: { type: 'string' },
      metric: { type: 'string' },
      'max-runs': { type: 'string' },
    });
    if (values.help) {
      io.out(HELP);
      return 0;
    }
    if (list(values, 'set').length > 0) throw new UsageError('--set is per ruleset: put settings in a variant file for compare');
    const flags = gameFlags(values);
    const stop = precisionFlags(values, Object.keys(COMPARE_PRECISION_METRICS) as ComparePrecisionMetric[]);
    if (stop) flags.runs = stop.maxRuns;
    const format = formatFlag(values, 'table');
    const rulesets = (str(values, 'rulesets') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((id) => checkRuleset(id, '--rulesets'));
    const variantFiles = [
      ...(str(values, 'variants') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      ...list(values, 'variant'),
    ];
    // A scenario is every column's first level: a level of one ruleset, compared with its variants.
    const onScenario = scenarioFlag(values);
    const trapsPath = str(values, 'traps');
    const traps = trapsPath ? loadTrapFile(trapsPath) : null;
    // The variants of a trap file's ruleset (--traps, or the scenario's) play on the file: they may change its own kinds.
    const playsFile = traps ?? onScenario?.scenario.trapFile ?? null;
    const fileOn = playsFile ? applyTrapFileFlag(playsFile, trapsPath ?? `${onScenario!.path}: trapFile`, checkRuleset(playsFile.ruleset, '--traps')) : null;
    const variants = variantFiles.map((path) => loadVariant(path, (ruleset) => (playsFile && ruleset === playsFile.ruleset ? fileOn! : undefined)));
    if (onScenario) {
      const { scenario, path } = onScenario;
      const other = [...rulesets, ...variants.map((v) => v.ruleset)].find((r) => r !== scenario.ruleset);
      if (other) throw new UsageError(`--scenario ${path}: it is a level for ${scenario.ruleset}, so every column is of ${scenario.ruleset} (its variants), not ${other}`);
      if (rulesets.length === 0) rulesets.push(scenario.ruleset);
    }
    const columns: SimSpec[] = rulesets.map((ruleset) => ({ ruleset, ...flags.spec }));
    for (const v of variants) {
      if (!columns.some((c) => c.ruleset === v.ruleset && !c.variant)) columns.push({ ruleset: v.ruleset, ...flags.spec });
    }
    // A trap file adds a column: its ruleset with the designer's kinds, beside the ruleset without them.
    if (traps) {
      if (!columns.some((c) => c.ruleset === traps.ruleset && !c.variant)) columns.push({ ruleset: traps.ruleset, ...flags.spec });
      columns.push({ ruleset: traps.ruleset, traps, ...flags.spec });
    }
    for (const v of variants) {
      columns.push({ ruleset: v.ruleset, variant: v, ...(traps && v.ruleset === traps.ruleset ? { traps } : {}), ...flags.spec });
      const note = variantWarning(v);
      if (note) io.err(note);
    }
    if (onScenario) {
      const { scenario } = onScenario;
      for (const [i, c] of columns.entries()) columns[i] = { ...c, scenario, depth: scenario.depth ?? 1, traps: scenario.trapFile ?? null };
    }
    if (columns.length < 2) throw new UsageError('compare needs at least two columns: --rulesets a,b or a ruleset and --variants (see --help)');
    const ids = columns.map((c) => `${c.ruleset}${c.traps ? `+${c.traps.name}` : ''}${c.variant ? `~${c.variant.name}` : ''}`);
    const dup = ids.find((id, i) => ids.indexOf(id) !== i);
    if (dup) throw new UsageError(`column ${dup} is given twice`);
    const { result, verdict } = await runPairedColumns(io, columns, flags, stop, 'compare', values.quiet === true);
    const report = compareReport(columns, result.columns, result.paired, result.runsDone, flags.seedStart, result.fingerprintMismatches);
    if (verdict) io.err(compareSentence(verdict, stop!.maxRuns));
    if (format === 'json') io.out(JSON.stringify(verdict ? { ...report, precision: verdict } : report, null, 2));
    else if (format === 'csv') io.out(compareCsv(report));
    else io.out(verdict ? `${compareTable(report)}\n\n${compareVerdictLines(verdict, stop!.maxRuns)}` : compareTable(report));
    return 0;
  } catch (e) {
    return usage(e, io, 'compare');
  }
};
