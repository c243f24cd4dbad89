/**
 * `trapsmith verify --in-play`: simulated games, every disarm, search and step onto a trap the
 * player makes held against the exact odds the player is shown at that moment (sim/inPlay.ts).
 * It sees what plain `verify` cannot: play feeding a check the wrong inputs.
 */
import { loadTrapFile } from '../trapsFlag.ts';
import { type Command, UsageError } from '../io.ts';
import { csv, table } from '../../sim/format.ts';
import { DRIFT_LEVEL, IN_PLAY_MAX_GAMES, IN_PLAY_MIN_TRIES, IN_PLAY_STEP, type InPlayItem, type InPlayReport, judgeInPlay, playInPlay } from '../../sim/inPlay.ts';
import type { SimSpec } from '../../sim/runner.ts';
import { checkRuleset, formatFlag, GAME_OPTIONS, gameFlags, list, loadVariant, parseFlags, progress, rulesetIds, settingsFlag, str, usage } from '../labSupport.ts';

export const IN_PLAY_HELP = `trapsmith verify --in-play [--runs N] [--ruleset R ...] [options]

Plays games of each ruleset with a bot and, before each of the player's disarms, searches and
steps onto a trap, reads the exact odds the game shows for it (the hover's, the confirm window's,
the disarm prompt's); after it, reads what happened from the game's events. Tries with the same
inputs form a group; each outcome of each group is an exact binomial test, and all the run's tests
hold together at ${100 * DRIFT_LEVEL}% (each at ${(1 - DRIFT_LEVEL).toFixed(3)} / tests, as plain \`verify\` holds its outcomes): an outcome
further from its exact probability than that allows is drift, and the command exits 1. Plain
\`verify\` samples each check's own program; this holds the game's wiring of it (which inputs play
feeds it). The bot also disarms a known trap it stands on where the ruleset allows it (Wasteland
disarms only there).

  --runs N            games per ruleset (default: ${IN_PLAY_STEP} at a time until every moment the
                      ruleset reads has ${IN_PLAY_MIN_TRIES} tries, at most ${IN_PLAY_MAX_GAMES}; also under the
                      ruleset's in-play settings: Wasteland's traps hidden, or nothing is searched for)
  --ruleset R         only this ruleset (repeatable; default every built-in one)
  --seed-start S      seed of the first game (default 1)
  --bot B             reckless, careful or trapper (default careful: it disarms and searches)
  --variant FILE      play a variant of its ruleset
  --traps FILE        play a designer's trap file too (its ruleset only)
  --set name=value    a ruleset setting (repeatable; with one --ruleset)
  --depth, --levels, --width, --height, --style, --turn-limit   as for sim
  --all               list every outcome held, not only the drift
  --format F          table (default), csv or json (its "alpha": each test's level)
  --quiet             no progress on stderr
  -h, --help          this text`;

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(4)));
}

const COLUMNS = ['ruleset', 'moment', 'kind', 'inputs', 'outcome', 'exact', 'exact_fraction', 'k', 'n', 'sampled', 'lo999', 'hi999', 'ok'];

function row(r: InPlayReport, i: InPlayItem): Array<string | number | null> {
  return [r.ruleset, i.moment, i.kind, i.inputs, i.outcome, i.exact, i.exactFraction, i.k, i.n, i.sampled, i.lo, i.hi, i.ok ? 'yes' : 'NO'];
}

function summary(r: InPlayReport): string {
  const t = r.trials;
  const unread = r.unread.disarm + r.unread.search + r.unread.step;
  const also = r.parts
    .slice(1)
    .map((p) => ` and ${p.runs} with ${Object.entries(p.settings).map(([k, v]) => `${k}=${v}`).join(' ')}`)
    .join('');
  const thin = r.thin.length > 0 ? ` (fewer than ${IN_PLAY_MIN_TRIES} tries: ${r.thin.join(', ')})` : '';
  return `${r.ruleset}: ${r.runs} games${also} (${r.bot} bot, seeds from ${r.seedStart}): ${t.disarm} disarms, ${t.search} searches of a hidden trap, ${t.step} steps onto a trap in ${r.groups} groups${unread > 0 ? ` (${unread} with no exact reading, not held)` : ''}${thin}: ${r.failures.length} outcomes drift`;
}

export const verifyInPlayCommand: Command = async (argv, io) => {
  try {
    const { values } = parseFlags(argv, { ...GAME_OPTIONS, 'in-play': { type: 'boolean' }, ruleset: { type: 'string', multiple: true }, variant: { type: 'string' }, all: { type: 'boolean' } });
    if (values.help) {
      io.out(IN_PLAY_HELP);
      return 0;
    }
    if (str(values, 'workers') !== undefined) throw new UsageError('--workers: verify --in-play plays its games in this process');
    if (str(values, 'level-seed') !== undefined) throw new UsageError('--level-seed: verify --in-play plays each seed\'s own level');
    const flags = gameFlags(values);
    const format = formatFlag(values, 'table');
    const variantPath = str(values, 'variant');
    const variant = variantPath ? loadVariant(variantPath) : null;
    const trapsPath = str(values, 'traps');
    const traps = trapsPath ? loadTrapFile(trapsPath) : null;
    let rulesets = list(values, 'ruleset').map((r) => checkRuleset(r));
    const only = variant?.ruleset ?? traps?.ruleset;
    if (variant && traps && variant.ruleset !== traps.ruleset) throw new UsageError(`--variant ${variantPath} is for ${variant.ruleset} and --traps ${trapsPath} for ${traps.ruleset}: give files of one ruleset`);
    if (only && rulesets.length > 0 && rulesets.some((r) => r !== only)) throw new UsageError(`${variant ? `--variant ${variantPath}` : `--traps ${trapsPath}`} is for ${only}, not ${rulesets.filter((r) => r !== only).join(', ')}`);
    if (rulesets.length === 0) rulesets = only ? [only] : rulesetIds();
    if ((values.set as string[] | undefined)?.length && rulesets.length > 1) throw new UsageError('--set: give one --ruleset (settings belong to one ruleset)');
    // No --runs: the default run, sized for each ruleset's moments (sim/inPlay.ts playInPlay).
    const runs = str(values, 'runs') === undefined ? null : flags.runs;
    const played = rulesets.map((ruleset) => {
      const spec: SimSpec = { ruleset, variant: variant?.ruleset === ruleset ? variant : null, traps: traps?.ruleset === ruleset ? traps : null, settings: settingsFlag(values, ruleset), ...flags.spec };
      const tell = progress(io, `verify --in-play ${ruleset}`, values.quiet === true);
      return playInPlay(spec, flags.seedStart, runs, tell);
    });
    const { level, tests, alpha, reports } = judgeInPlay(played);
    const shown = (r: InPlayReport) => (values.all ? r.items : r.failures);
    if (format === 'json') io.out(JSON.stringify({ level, tests, alpha, reports }, null, 2));
    else if (format === 'csv') io.out(csv(COLUMNS, reports.flatMap((r) => shown(r).map((i) => row(r, i)))));
    else {
      const lines = [...reports.map(summary), `${tests} outcomes held together at ${100 * level}%: each at ${alpha.toExponential(2)} (two-sided, exact binomial)`];
      const rows = reports.flatMap((r) =>
        shown(r).map((i) => [r.ruleset, i.moment, i.kind, i.inputs, i.outcome, `${fmt(i.exact)}${i.exactFraction ? ` (${i.exactFraction})` : ''}`, `${i.k}/${i.n}`, `[${fmt(i.lo)}, ${fmt(i.hi)}]`, i.ok ? 'yes' : 'NO']),
      );
      if (rows.length > 0) lines.push(table(['ruleset', 'moment', 'kind', 'inputs', 'outcome', 'exact', 'in play', 'interval', 'ok'], rows));
      io.out(lines.join('\n'));
    }
    const drift = reports.flatMap((r) => r.failures.map((f) => `${r.ruleset} ${f.moment} ${f.kind} ${f.outcome} (exact ${fmt(f.exact)}, in play ${f.k}/${f.n}) at ${f.inputs}`));
    if (drift.length > 0) {
      io.err(`rules drift in play: ${drift.join('; ')}`);
      return 1;
    }
    return 0;
  } catch (e) {
    return usage(e, io, 'verify');
  }
};
