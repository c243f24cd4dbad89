/**
 * The `trapsmith` command line: one dispatcher, one module per command under commands/.
 * Exit codes: 0 ok, 1 a check failed (verify, assert) or an internal error, 2 bad input (with a
 * message naming it). No stack trace is printed unless TRAPSMITH_DEBUG is set.
 */
import '../rulesets/index.ts';
import { readFileSync } from 'node:fs';
import { UnknownRulesetError } from '../core/registry.ts';
import { type CliIO, type Command, EXIT_USAGE, UsageError } from './io.ts';

type Loader = () => Promise<Command>;

/** Exit code for an error that is not the user's input (a bug): 1, as a failed check. */
const EXIT_INTERNAL = 1;

/**
 * Commands load lazily so `trapsmith odds` does not pay for the simulator's imports. A Map, so a
 * command line's first word is looked up among the commands only (`constructor` is not one).
 */
const COMMANDS = new Map<string, { summary: string; load: Loader }>([
  ['map', { summary: 'print a level as text with its traps', load: async () => (await import('./commands/map.ts')).mapCommand }],
  ['odds', { summary: "a check's exact outcome probabilities", load: async () => (await import('./commands/odds.ts')).oddsCommand }],
  ['traps', { summary: "a ruleset's trap table", load: async () => (await import('./commands/traps.ts')).trapsCommand }],
]);

/** Commands other modules add (design, sim, compare, sweep, verify, assert, replay). */
export function addCommand(name: string, summary: string, load: Loader): void {
  COMMANDS.set(name, { summary, load });
}

const HELP = () => `Usage: trapsmith <command> [options]   (trapsmith <command> --help for each)

Commands:
${[...COMMANDS]
  .map(([n, c]) => `  ${n.padEnd(9)} ${c.summary}`)
  .join('\n')}`;

export const processIO: CliIO = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  stdin: async () => readFileSync(0, 'utf8'),
};

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  await import('./commands/index.ts');
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP());
    return name ? 0 : EXIT_USAGE;
  }
  const cmd = COMMANDS.get(name);
  if (!cmd) {
    io.err(`trapsmith: unknown command "${name}" (known: ${[...COMMANDS.keys()].join(', ')})\n${HELP()}`);
    return EXIT_USAGE;
  }
  try {
    return await (await cmd.load())(rest, io);
  } catch (e) {
    if (e instanceof UsageError || e instanceof UnknownRulesetError) {
      io.err(`trapsmith ${name}: ${e.message}`);
      return EXIT_USAGE;
    }
    // A bug of ours, not the user's input: a short message; the stack only when asked for.
    if (process.env.TRAPSMITH_DEBUG) io.err(`trapsmith ${name}: internal error: ${(e as Error).stack ?? String(e)}`);
    else io.err(`trapsmith ${name}: internal error: ${(e as Error).message ?? String(e)} (TRAPSMITH_DEBUG=1 shows where)`);
    return EXIT_INTERNAL;
  }
}
