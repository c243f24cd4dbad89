/**
 * The `trapsmith` command line: one dispatcher over the command table in commands/index.ts.
 * Exit codes: 0 ok, 1 a check failed (verify, assert) or an internal error, 2 bad input (with a
 * message naming it). No stack trace is printed unless TRAPSMITH_DEBUG is set. The rulesets load
 * only when a command runs: `trapsmith --help` and an unknown command start with no game code.
 */
import { readFileSync } from 'node:fs';
import { UnknownRulesetError } from '../core/registry.ts';
import { COMMANDS, type CommandTable } from './commands/index.ts';
import { type CliIO, EXIT_USAGE, UsageError } from './io.ts';

/** Exit code for an error that is not the user's input (a bug): 1, as a failed check. */
const EXIT_INTERNAL = 1;

const help = (commands: CommandTable) => `Usage: trapsmith <command> [options]   (trapsmith <command> --help for each)

Commands:
${[...commands]
  .map(([n, c]) => `  ${n.padEnd(9)} ${c.summary}`)
  .join('\n')}`;

export const processIO: CliIO = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  stdin: async () => readFileSync(0, 'utf8'),
};

/** Runs one command line. `commands` is the table to dispatch on: the real one but in tests. */
export async function main(argv: string[], io: CliIO = processIO, commands: CommandTable = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help(commands));
    return name ? 0 : EXIT_USAGE;
  }
  const cmd = commands.get(name);
  if (!cmd) {
    io.err(`trapsmith: unknown command "${name}" (known: ${[...commands.keys()].join(', ')})\n${help(commands)}`);
    return EXIT_USAGE;
  }
  try {
    await import('../rulesets/index.ts');
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
