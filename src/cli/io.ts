/** What a CLI command gets instead of process globals, so tests can call commands directly. */
export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  /** All of standard input (for `--batch -`). */
  stdin: () => Promise<string>;
}

/** A command: parses its own argv (after the command name), writes through io, returns the exit code. */
export type Command = (argv: string[], io: CliIO) => Promise<number>;

/** Exit code for bad input (unknown command, ruleset, check, flag, or a bad value). */
export const EXIT_USAGE = 2;

/** An error whose message is shown to the user as it is, with exit code 2 (the core's InputError). */
export { InputError as UsageError } from '../core/errors.ts';
