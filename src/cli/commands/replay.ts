/** `trapsmith replay FILE|LINK [--to-turn N] [--format text|json]`: plays a replay headlessly. */
import { readFileSync, statSync } from 'node:fs';
import { describeDeath } from '../../core/engine.ts';
import { decodeLink, divergence, LIMITS, parseReplayText, payloadOf, type ReplayFile, type Result, replay } from '../../share/index.ts';
import { intFlag, oneOf, parse } from '../args.ts';
import { type CliIO, type Command, UsageError } from '../io.ts';

const HELP = `Usage: trapsmith replay FILE [--to-turn N] [--format text|json]

Plays a replay or save file (or a game link, or - for standard input) from its seed, headlessly,
and prints the log and the final world's hash. The same file gives the same hash in Node and in
the browser. With --to-turn N it stops at turn N.
Exit codes: 0 ok; 1 the replay did not reach the turn and hash it recorded; 2 a bad file or flag.`;

async function load(arg: string, io: CliIO): Promise<Result<ReplayFile>> {
  if (arg === '-') return parseReplayText(await io.stdin());
  const payload = payloadOf(arg);
  if (payload !== null && /^[a-z]+:\/\/|^#/.test(arg)) return decodeLink(payload);
  let size: number;
  try {
    size = statSync(arg).size;
  } catch (e) {
    throw new UsageError(`cannot read "${arg}": ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  if (size > LIMITS.fileChars)
    throw new UsageError(`${arg}: the file is too large (${size.toLocaleString('en')} bytes; the limit is ${LIMITS.fileChars.toLocaleString('en')})`);
  let text: string;
  try {
    text = readFileSync(arg, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read "${arg}": ${(e as Error).message}`);
  }
  return parseReplayText(text);
}

export const replayCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(argv, { 'to-turn': { type: 'string' }, format: { type: 'string' } }, true);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('replay needs a FILE (or - for standard input)');
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const format = oneOf('format', values.format as string | undefined, ['text', 'json'] as const, 'text');
  const toTurnRaw = values['to-turn'] as string | undefined;
  const toTurn = toTurnRaw === undefined ? undefined : intFlag('to-turn', toTurnRaw, 0, 0, LIMITS.actions);
  const source = positionals[0]!;

  const loaded = await load(source, io);
  if (!loaded.ok) throw new UsageError(`${source === '-' ? 'standard input' : source}: ${loaded.problem.message}`);
  const file = loaded.value;
  const run = replay(file, toTurn);
  if (toTurn !== undefined && run.turn < toTurn)
    throw new UsageError(`--to-turn ${toTurn} is past the end of the replay (it ends at turn ${run.turn})`);
  const diverged = toTurn === undefined ? divergence(file, run) : null;
  const over = run.world.over;

  if (format === 'json') {
    io.out(
      JSON.stringify({
        ruleset: file.ruleset,
        seed: file.seed,
        ...(file.name !== undefined ? { name: file.name } : {}),
        turn: run.turn,
        depth: run.world.depth,
        over,
        hash: run.hash,
        ...(file.hash !== undefined ? { recordedHash: file.hash } : {}),
        ...(file.turn !== undefined ? { recordedTurn: file.turn } : {}),
        played: run.played,
        refused: run.refused,
        ...(diverged ? { diverged } : {}),
        log: run.log,
      }),
    );
  } else {
    const name = file.name !== undefined ? ` ${JSON.stringify(file.name)}:` : '';
    const lines = [
      `Replay${name} ruleset ${file.ruleset}, seed ${JSON.stringify(file.seed)}, ${file.scenario ? `scenario ${JSON.stringify(file.scenario.name)} (${file.width}x${file.height})` : `${file.width}x${file.height} ${file.style}`}, ${file.actions.length} actions`,
      ...run.log.map((l) => `Turn ${l.turn}: ${l.text}`),
      `Turn ${run.turn}, depth ${run.world.depth}${over ? ` - game over: ${describeDeath(run.world)}${over.won ? ' (won)' : ''}` : ''}`,
      `Hash ${run.hash}${file.hash && toTurn === undefined ? (run.hashMatches ? ' (matches the recorded hash)' : ` (recorded ${file.hash})`) : ''}`,
    ];
    io.out(lines.join('\n'));
  }
  if (diverged) {
    io.err(`trapsmith replay: ${diverged}`);
    return 1;
  }
  return 0;
};
