/**
 * `trapsmith sweep <ruleset> <check> --vary name=from..to[:step]`: one check's exact odds over a
 * 1-D or 2-D grid of its inputs (each cell read as `trapsmith odds` reads it), as a table, CSV or
 * JSON.
 */
import { useTrapFile } from '../trapsFlag.ts';
import { type Command, UsageError } from '../io.ts';
import { findCheck } from '../../sim/odds.ts';
import { csv, num, table } from '../../sim/format.ts';
import { checkRuleset, formatFlag, list, loadVariant, parseFlags, str, usage } from '../labSupport.ts';
import { parseVary, runSweep, SweepError, type SweepResult } from '../../sim/sweep.ts';

const HELP = `trapsmith sweep <ruleset> <check> --vary name=from..to[:step] [--vary ...] [--name value ...]

Exact odds of one check over a grid: one --vary gives a table with a row per value and a column
per outcome; two give a grid of one outcome (--outcome; the first by default, or "mean"). The
check's other inputs are given as for \`trapsmith odds\`.

  --vary name=from..to[:step]   an input to vary (step 1 by default); once or twice
  --outcome O         the outcome a 2-D table shows (default: the first; numeric checks: mean)
  --variant FILE      read the check with a variant's settings
  --traps FILE        read it with a designer's trap file's kinds (--trap may name them)
  --format F          table (default), csv (one row per cell and outcome) or json
  -h, --help          this text`;

function pctCell(p: number): string {
  return `${(100 * p).toFixed(2)}%`;
}

function sweepTable(r: SweepResult, outcome: string | undefined): string {
  if (r.axes.length === 1) {
    const cols = r.numeric ? ['mean', ...r.outcomes] : r.outcomes;
    const rows = r.cells.map((c) => [
      String(c.at[r.axes[0]!.name]),
      ...cols.map((o) => (o === 'mean' && r.numeric ? num(c.mean?.p ?? null, 3) : pctCell(c.outcomes[o]!.p))),
    ]);
    return table([r.axes[0]!.name, ...cols], rows);
  }
  const [ax, ay] = r.axes as [SweepResult['axes'][0], SweepResult['axes'][0]];
  const shown = outcome ?? (r.numeric ? 'mean' : r.outcomes[0]!);
  const rows = ax.values.map((x) => [
    String(x),
    ...ay.values.map((y) => {
      const c = r.cells.find((cell) => cell.at[ax.name] === x && cell.at[ay.name] === y)!;
      return shown === 'mean' ? num(c.mean?.p ?? null, 3) : pctCell(c.outcomes[shown]!.p);
    }),
  ]);
  return `${r.ruleset} ${r.check}: ${shown === 'mean' ? 'mean' : `P(${shown})`} by ${ax.name} (rows) and ${ay.name} (columns)\n${table([`${ax.name} \\ ${ay.name}`, ...ay.values.map(String)], rows)}`;
}

function sweepCsv(r: SweepResult): string {
  const names = r.axes.map((a) => a.name);
  const rows: Array<Array<string | number | null>> = [];
  for (const c of r.cells) {
    for (const o of r.outcomes) rows.push([...names.map((n) => c.at[n]!), o, c.outcomes[o]!.p, c.outcomes[o]!.exact]);
    if (c.mean) rows.push([...names.map((n) => c.at[n]!), 'mean', c.mean.p, c.mean.exact]);
  }
  return csv([...names, 'outcome', 'p', 'exact'], rows);
}

export const sweepCommand: Command = async (argv, io) => {
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.out(HELP);
      return 0;
    }
    const [rulesetArg, checkArg] = argv;
    if (!rulesetArg || rulesetArg.startsWith('-') || !checkArg || checkArg.startsWith('-'))
      throw new UsageError('usage: trapsmith sweep <ruleset> <check> --vary name=from..to[:step] (see --help)');
    const ruleset = checkRuleset(rulesetArg, 'ruleset');
    const check = findCheck(ruleset, checkArg);
    const own = new Set(['vary', 'outcome', 'variant', 'traps', 'format', 'help']);
    const options: Parameters<typeof parseFlags>[1] = {
      vary: { type: 'string', multiple: true },
      outcome: { type: 'string' },
      variant: { type: 'string' },
      traps: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    };
    for (const p of check.params) if (!own.has(p.name)) options[p.name] = { type: p.type === 'boolean' ? 'boolean' : 'string' };
    const { values } = parseFlags(argv.slice(2), options);
    const format = formatFlag(values, 'table');
    const variantPath = str(values, 'variant');
    const variant = variantPath ? loadVariant(variantPath) : null;
    if (variant && variant.ruleset !== ruleset) throw new UsageError(`--variant: ${variantPath} is a variant of ${variant.ruleset}, not ${ruleset}`);
    const fixed: Record<string, unknown> = {};
    for (const p of check.params) if (values[p.name] !== undefined) fixed[p.name] = values[p.name];
    const vary = list(values, 'vary').map((v) => {
      try {
        return parseVary(v);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    });
    let result: SweepResult;
    try {
      result = runSweep(useTrapFile(str(values, 'traps'), ruleset), check.name, fixed, vary, variant?.settings ?? {});
    } catch (e) {
      if (e instanceof SweepError) throw new UsageError(e.message);
      throw e;
    }
    const outcome = str(values, 'outcome');
    if (outcome !== undefined && outcome !== 'mean' && !result.outcomes.includes(outcome))
      throw new UsageError(`--outcome: ${check.name} has no outcome "${outcome}" (outcomes: ${[...result.outcomes, ...(result.numeric ? ['mean'] : [])].join(', ')})`);
    if (outcome === 'mean' && !result.numeric) throw new UsageError(`--outcome mean: ${check.name} is not a numeric check`);
    if (format === 'json') io.out(JSON.stringify(result, null, 2));
    else if (format === 'csv') io.out(sweepCsv(result));
    else io.out(sweepTable(result, outcome));
    return 0;
  } catch (e) {
    return usage(e, io, 'sweep');
  }
};
