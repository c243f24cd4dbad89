/**
 * `trapsmith verify`: every odds check, read exactly (as `trapsmith odds` reads it) and sampled
 * with the game's own sampler; any exact probability outside its sampled interval (99.9% for the
 * run's outcomes together) is rules drift, and the command exits 1.
 */
import { applyTrapFileFlag, loadTrapFile } from '../trapsFlag.ts';
import { readFileSync } from 'node:fs';
import { parseJsonText } from '../../core/jsonInput.ts';
import { type Command, UsageError } from '../io.ts';
import type { CheckInputs } from '../../core/ruleset.ts';
import { csv, table } from '../../sim/format.ts';
import { checkRuleset, formatFlag, intFlag, list, loadVariant, parseFlags, str, usage } from '../labSupport.ts';
import { type VerifyReport, VerifyInputError, verifyAll } from '../../sim/verify.ts';
import { verifyInPlayCommand } from './verifyInPlay.ts';

/** An --inputs file lists a few input sets per check: kilobytes. */
const MAX_INPUTS_BYTES = 1_000_000;

const HELP = `trapsmith verify [--runs N] [--ruleset R ...]
trapsmith verify --in-play [--runs N] [--ruleset R ...]   (the checks play makes: --in-play --help)

Samples every odds check of every ruleset N times with the game's own sampler and compares each
outcome's exact probability with its sampled Wilson interval, 99.9% for the run's outcomes
together (each at the Bonferroni quantile, which the summary line gives; numeric checks: their mean
too). Inputs are each check's examples, chosen where no outcome is nearly certain (a check without
any: its defaults, or typical values), plus any given in --inputs; an unknown check or a bad input
there exits 2. Exits 1 when one falls outside (rules drift), and says which.

  --runs N            samples per check and input set (default 20000)
  --ruleset R         only this ruleset (repeatable)
  --seed S            the sampler's seed (default "verify"): a run is reproducible
  --inputs FILE       JSON: { "ruleset/check": [ { "input": value, ... }, ... ] }
  --variant FILE      read its ruleset's checks with the variant's settings
  --traps FILE        verify a trap file's ruleset (every check, its kinds included)
  --all               list every outcome checked, not only the failures
  --format F          table (default), csv or json
  -h, --help          this text`;

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(5)));
}

export const verifyCommand: Command = async (argv, io) => {
  if (argv.includes('--in-play')) return verifyInPlayCommand(argv, io);
  try {
    const { values } = parseFlags(argv, {
      runs: { type: 'string' },
      ruleset: { type: 'string', multiple: true },
      seed: { type: 'string' },
      inputs: { type: 'string' },
      variant: { type: 'string' },
      traps: { type: 'string' },
      all: { type: 'boolean' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      io.out(HELP);
      return 0;
    }
    const runs = intFlag(values, 'runs', 20_000, 100, 100_000_000);
    const format = formatFlag(values, 'table');
    let rulesets = list(values, 'ruleset').map((r) => checkRuleset(r));
    // A trap file's ruleset is verified in place of its base (its kinds' checks among them).
    const trapsPath = str(values, 'traps');
    if (trapsPath) {
      const file = loadTrapFile(trapsPath);
      if (rulesets.length > 0 && !rulesets.includes(file.ruleset)) throw new UsageError(`--traps ${trapsPath}: it holds traps for ${file.ruleset}, not ${rulesets.join(', ')}`);
      const played = applyTrapFileFlag(file, trapsPath, file.ruleset);
      rulesets = rulesets.length > 0 ? rulesets.map((r) => (r === file.ruleset ? played : r)) : [played];
    }
    let inputs: Record<string, CheckInputs[]> | undefined;
    const inputsPath = str(values, 'inputs');
    if (inputsPath) {
      let read: ReturnType<typeof parseJsonText>;
      try {
        read = parseJsonText(readFileSync(inputsPath, 'utf8'), MAX_INPUTS_BYTES);
      } catch (e) {
        throw new UsageError(`--inputs: cannot read ${inputsPath}: ${(e as Error).message}`);
      }
      if (!read.ok) throw new UsageError(`--inputs ${inputsPath}: ${read.message}`);
      inputs = read.value as Record<string, CheckInputs[]>;
      if (typeof inputs !== 'object' || inputs === null || Object.values(inputs).some((v) => !Array.isArray(v)))
        throw new UsageError('--inputs: expected { "ruleset/check": [ { ...inputs }, ... ] }');
    }
    const variantPath = str(values, 'variant');
    const variant = variantPath ? loadVariant(variantPath) : null;
    let report: VerifyReport;
    try {
      report = verifyAll({
        runs,
        ...(str(values, 'seed') ? { seed: str(values, 'seed')! } : {}),
        ...(rulesets.length > 0 ? { rulesets } : {}),
        ...(variant ? { settings: { [variant.ruleset]: variant.settings ?? {} } } : {}),
        ...(inputs ? { inputs } : {}),
      });
    } catch (e) {
      if (e instanceof VerifyInputError) throw new UsageError(`--inputs ${inputsPath}: ${e.message}`);
      throw e;
    }
    const shown = values.all ? report.items : report.failures;
    if (format === 'json') io.out(JSON.stringify(report, null, 2));
    else if (format === 'csv')
      io.out(
        csv(
          ['ruleset', 'check', 'inputs', 'outcome', 'exact', 'exact_fraction', 'sampled', 'lo999', 'hi999', 'n', 'ok'],
          shown.map((i) => [i.ruleset, i.check, JSON.stringify(i.inputs), i.outcome, i.exact, i.exactFraction, i.sampled, i.lo, i.hi, i.n, i.ok ? 'yes' : 'NO']),
        ),
      );
    else {
      const lines = [
        `${report.checks} check readings, ${report.items.length} outcomes, ${runs} samples each (seed "${report.seed}"): ${report.failures.length} outside their intervals (99.9% for all of them together: each at z = ${report.z.toFixed(2)})`,
      ];
      if (shown.length > 0)
        lines.push(
          table(
            ['ruleset', 'check', 'inputs', 'outcome', 'exact', 'sampled', 'interval', 'ok'],
            shown.map((i) => [i.ruleset, i.check, JSON.stringify(i.inputs), i.outcome, fmt(i.exact), fmt(i.sampled), `[${fmt(i.lo)}, ${fmt(i.hi)}]`, i.ok ? 'yes' : 'NO']),
          ),
        );
      for (const s of report.skipped) lines.push(`skipped ${s.ruleset} ${s.check}: ${s.reason}`);
      io.out(lines.join('\n'));
    }
    if (report.failures.length > 0) {
      io.err(`rules drift: ${report.failures.map((f) => `${f.ruleset} ${f.check} ${f.outcome} (exact ${fmt(f.exact)}, sampled ${fmt(f.sampled)})`).join('; ')}`);
      return 1;
    }
    return 0;
  } catch (e) {
    return usage(e, io, 'verify');
  }
};
