/**
 * `trapsmith assert [--file F]`: checks balance assertions (src/sim/assertions.default.json by
 * default) exactly where a check can say it and by simulation otherwise; exits 1 when one fails
 * or cannot be checked, saying which and by how much.
 */
import { loadTrapFile } from '../trapsFlag.ts';
import { scenarioFlag } from '../scenarioFlag.ts';
import { readFileSync } from 'node:fs';
import defaultAssertions from '../../sim/assertions.default.json';
import { type Command, UsageError } from '../io.ts';
import { AssertionFileError, type AssertionResult, evaluateAssertions, parseAssertions } from '../../sim/assertions.ts';
import { checkRuleset, formatFlag, intFlag, list, loadVariant, parseFlags, str, usage, withExecutor, workersFor } from '../labSupport.ts';
import { table } from '../../sim/format.ts';

export const DEFAULT_ASSERTIONS = new URL('../../sim/assertions.default.json', import.meta.url);

const HELP = `trapsmith assert [--file F]

Checks balance assertions — claims such as "at danger 0–2 no trap kills a new character at full
HP in one go" — exactly where an odds check can say it, by simulation otherwise. Exits 1 when one
fails (or cannot be checked: a missing check, no data) and says which and by how much.

  --file F            the assertions (default: src/sim/assertions.default.json); at most
                      10,000 exact readings in a file (forEach: the product of its lists)
  --ruleset R         only this ruleset's assertions (repeatable)
  --runs N            play N games for every simulated assertion instead of the file's numbers
  --workers K         worker threads for the simulated ones (at most one per chunk of 10 games
                      of the largest and two per core; stderr says so)
  --variant FILE      check the variant's ruleset's assertions on the variant
  --traps FILE        check its ruleset's assertions with a designer's trap file's kinds
  --scenario FILE     check its ruleset's assertions, the simulated ones played on this
                      hand-made first level (examples/scenarios/*.json)
  --format F          table (default) or json
  -h, --help          this text`;

const MARK: Record<AssertionResult['status'], string> = { pass: 'ok', fail: 'FAIL', error: 'ERROR' };

export const assertCommand: Command = async (argv, io) => {
  try {
    const { values } = parseFlags(argv, {
      file: { type: 'string' },
      ruleset: { type: 'string', multiple: true },
      runs: { type: 'string' },
      workers: { type: 'string' },
      variant: { type: 'string' },
      traps: { type: 'string' },
      scenario: { type: 'string' },
      format: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      io.out(HELP);
      return 0;
    }
    const format = formatFlag(values, 'table', ['table', 'json']);
    const path = str(values, 'file');
    let text: string;
    try {
      // The default file is part of the program (bundled with the CLI), not read from beside it.
      text = path ? readFileSync(path, 'utf8') : JSON.stringify(defaultAssertions);
    } catch (e) {
      throw new UsageError(`--file: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    let file: ReturnType<typeof parseAssertions>;
    try {
      file = parseAssertions(text, path ?? 'assertions.default.json');
    } catch (e) {
      if (e instanceof AssertionFileError) throw new UsageError(e.message);
      throw e;
    }
    const rulesets = list(values, 'ruleset').map((r) => checkRuleset(r));
    // A scenario is a level of one ruleset: its assertions are the ones checked.
    const onScenario = scenarioFlag(values);
    if (onScenario) {
      const other = rulesets.find((r) => r !== onScenario.scenario.ruleset);
      if (other) throw new UsageError(`--scenario ${onScenario.path}: it is a level for ${onScenario.scenario.ruleset}, not ${other}`);
      if (rulesets.length === 0) rulesets.push(onScenario.scenario.ruleset);
    }
    if (rulesets.length > 0 && !file.assertions.some((a) => rulesets.includes(a.ruleset)))
      throw new UsageError(`--ruleset: ${path ?? 'the default file'} has no assertions of ${rulesets.join(', ')}`);
    const runs = str(values, 'runs') !== undefined ? intFlag(values, 'runs', 100, 1, 1_000_000) : undefined;
    const requested = intFlag(values, 'workers', 1, 1, 64);
    const variantPath = str(values, 'variant');
    const variant = variantPath ? loadVariant(variantPath) : null;
    // The simulated assertions play one batch after another: the largest decides what workers can do.
    const mostRuns = Math.max(0, ...file.assertions.filter((a) => a.sim && (rulesets.length === 0 || rulesets.includes(a.ruleset))).map((a) => runs ?? a.sim!.runs));
    const workers = workersFor(io, requested, mostRuns);
    const results: AssertionResult[] = await withExecutor(workers, (executor) =>
      evaluateAssertions(file, {
        ...(rulesets.length > 0 ? { rulesets } : {}),
        ...(runs !== undefined ? { runs } : {}),
        variant,
        scenario: onScenario?.scenario ?? null,
        traps: str(values, 'traps') ? loadTrapFile(str(values, 'traps')!) : null,
        executor,
        parallel: workers,
        ...(values.quiet ? {} : { onProgress: (id: string, d: number, t: number) => d === t && io.err(`${id}: ${t} games played`) }),
      }),
    );
    const failed = results.filter((r) => r.status !== 'pass');
    if (format === 'json') io.out(JSON.stringify({ passed: results.length - failed.length, failed: failed.length, results }, null, 2));
    else {
      io.out(table(['', 'assertion', 'how', 'result'], results.map((r) => [MARK[r.status], r.id, r.how, r.message])));
      io.out(`\n${results.length - failed.length} of ${results.length} hold.`);
    }
    for (const f of failed) io.err(`${f.status === 'fail' ? 'failed' : 'could not check'}: ${f.id} — ${f.says} ${f.message}`);
    return failed.length > 0 ? 1 : 0;
  } catch (e) {
    return usage(e, io, 'assert');
  }
};
