/** `trapsmith odds <ruleset> <check> [--name value ...] [--format json|table]` and `odds --batch -`. */
import { getRuleset } from '../../core/registry.ts';
import type { OddsCheck, ParamSpec } from '../../core/ruleset.ts';
import { looseFlags } from '../args.ts';
import { percent, table } from '../format.ts';
import { type Command, UsageError } from '../io.ts';
import { findCheck, type OddsResult, runOdds } from '../../sim/odds.ts';
import { applyTrapFileFlag, loadTrapFile, usePlayedRuleset } from '../trapsFlag.ts';

const HELP = `Usage: trapsmith odds <ruleset> <check> [--name value ...] [--format json|table] [--variant FILE] [--traps FILE]
       trapsmith odds --batch - [--traps FILE]   (one JSON request per line on stdin)
       trapsmith odds <ruleset> [--traps FILE]   (lists the ruleset's checks, the file's kinds' own among them)
       trapsmith odds <ruleset> <check> --help   (the check's flags)

Prints one check's exact outcome probabilities, read from the same dice program the game samples.
JSON: {"ruleset","check","inputs","outcomes":{NAME:{"p","exact"}},"mean"?,"meanExact"?,"statuses"?,"leavesOut"?}
("statuses": the step check's held / asleep / lostActions, each {"p","exact","meanTurns"}, for one who
lives through it; "leavesOut": what the reading does not cover, such as anyone else caught in a blast.)`;

/**
 * The odds JSON the CLI prints: outcomes as {p, exact}, and for a numeric check `mean` as a plain
 * number with its exact fraction beside it in `meanExact`.
 */
export function oddsJson(r: OddsResult): Record<string, unknown> {
  const { mean, ...rest } = r;
  return mean ? { ...rest, mean: mean.p, meanExact: mean.exact } : rest;
}

export function formatOddsTable(r: OddsResult): string {
  const rows = Object.entries(r.outcomes).map(([name, o]) => [name, percent(o.p), o.exact ?? '(float)']);
  let text = `${r.ruleset} ${r.check} ${Object.entries(r.inputs).map(([k, v]) => `--${k} ${v}`).join(' ')}\n${table(['outcome', 'probability', 'exact'], rows)}`;
  if (r.mean) text += `\nmean ${r.mean.p.toFixed(4)}${r.mean.exact ? ` (${r.mean.exact})` : ''}`;
  if (r.statuses && Object.keys(r.statuses).length > 0) {
    const rows = Object.entries(r.statuses).map(([name, o]) => [name, percent(o.p), o.exact ?? '(float)', o.meanTurns.toFixed(2)]);
    text += `\nstatuses of one who lives through it:\n${table(['status', 'probability', 'exact', 'mean turns'], rows)}`;
  }
  if (r.leavesOut) text += `\nnot read: ${r.leavesOut.join('; ')}`;
  return text;
}

/** A number input's bounds as the list shows them: " 0..100" (empty when it has none). */
function range(p: ParamSpec): string {
  return p.min !== undefined || p.max !== undefined ? ` ${p.min ?? ''}..${p.max ?? ''}` : '';
}

/** One check with its flags, as the list and the check's --help show it. */
function checkLine(c: OddsCheck): string {
  return `  ${c.name}  ${c.params.map((p) => (p.required ? `--${p.name} <${p.type}${range(p)}>` : `[--${p.name}${range(p)}]`)).join(' ')}\n      ${c.description}`;
}

/** The checks of the played ruleset `playedId` (a trap file's kinds' checks among them), named `shownId`. */
function listChecks(playedId: string, shownId: string): string {
  return `Checks of ${shownId}:\n${Object.values(getRuleset(playedId).checks).map(checkLine).join('\n')}`;
}

/** One check's flags, each with what it means. */
function checkHelp(playedId: string, shownId: string, checkName: string): string {
  const c = findCheck(playedId, checkName);
  const flags = c.params.map((p) => `  --${p.name}${p.type === 'enum' ? ` <${p.values?.join('|')}>` : ` <${p.type}${range(p)}>`}${p.required ? ' (required)' : p.default !== undefined ? ` (default ${String(p.default)})` : ''}\n      ${p.description}`);
  return `Usage: trapsmith odds ${shownId} ${c.name} [--name value ...] [--format json|table]\n${c.description}\n${flags.join('\n')}`;
}

/** `on`: with --traps, requests naming the file's ruleset (`base`) read its kinds (`id`). */
async function batch(io: Parameters<Command>[1], on: { base: string; id: string } | null): Promise<number> {
  const text = await io.stdin();
  // Answer N belongs to line N, so a blank line is answered too; the newline ending the last line starts none.
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    if (line.trim() === '') {
      io.out(JSON.stringify({ error: 'empty line' }));
      continue;
    }
    try {
      const req = JSON.parse(line) as unknown;
      if (typeof req !== 'object' || req === null || Array.isArray(req)) throw new UsageError('a request must be a JSON object');
      const { ruleset, check, inputs } = req as { ruleset?: unknown; check?: unknown; inputs?: unknown };
      if (typeof ruleset !== 'string') throw new UsageError('"ruleset" must be a string');
      if (typeof check !== 'string') throw new UsageError('"check" must be a string');
      if (inputs !== undefined && (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))) throw new UsageError('"inputs" must be an object');
      const played = on && ruleset === on.base ? on.id : ruleset;
      io.out(JSON.stringify(oddsJson({ ...runOdds(played, check, (inputs ?? {}) as Record<string, unknown>), ruleset })));
    } catch (e) {
      io.out(JSON.stringify({ error: e instanceof SyntaxError ? `not JSON: ${e.message}` : (e as Error).message }));
    }
  }
  return 0;
}

export const oddsCommand: Command = async (argv, io) => {
  const { flags, known, positionals: words } = looseFlags(argv, new Set(['format', 'batch', 'help', 'variant', 'traps']));
  // The check's inputs are free-form long flags, so `-h` arrives as a word.
  const positionals = words.filter((w) => w !== '-h');
  const help = known.help !== undefined || positionals.length < words.length;
  if (help && !positionals[0]) {
    io.out(HELP);
    return 0;
  }
  if (known.batch !== undefined) {
    if (known.batch !== '-') throw new UsageError('--batch takes "-" (read requests from standard input)');
    // With --traps, a request for the file's ruleset reads it with the file's kinds.
    const traps = typeof known.traps === 'string' ? loadTrapFile(known.traps) : null;
    const on = traps && typeof known.traps === 'string' ? { base: traps.ruleset, id: applyTrapFileFlag(traps, known.traps, traps.ruleset) } : null;
    return batch(io, on);
  }
  const [rulesetId, checkName, ...extra] = positionals;
  if (!rulesetId) throw new UsageError(`odds needs a ruleset and a check\n${HELP}`);
  // The played ruleset: a trap file brings its kinds' own checks (`kind-disarm`, `kind-rig` …), listed and read like the rest.
  const variant = usePlayedRuleset(known, rulesetId);
  if (!checkName) {
    io.out(listChecks(variant.rulesetId, rulesetId));
    return 0;
  }
  if (help) {
    io.out(checkHelp(variant.rulesetId, rulesetId, checkName));
    return 0;
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const format = known.format ?? 'json';
  if (format !== 'json' && format !== 'table') throw new UsageError(`--format must be json or table, got "${format}"`);
  findCheck(variant.rulesetId, checkName);
  const result = { ...runOdds(variant.rulesetId, checkName, flags, variant.settings), ruleset: rulesetId };
  io.out(format === 'json' ? JSON.stringify(oddsJson(result)) : formatOddsTable(result));
  return 0;
};
