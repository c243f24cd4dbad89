/**
 * A designer's trap file made in a test: kinds for one ruleset, read by the same reader the CLI
 * and the browser use (so a bad kind throws as a file would be refused), and played as the file's
 * ruleset.
 */
import type { TrapFile } from '../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';

/** The trap file `name` of `kinds` for `ruleset`, as the reader reads it. */
export function trapFileOf(ruleset: string, name: string, kinds: readonly unknown[]): TrapFile {
  return parseTrapFile({ format: 'trapsmith-traps', version: 1, ruleset, name, traps: kinds }, name);
}

/** The id of the ruleset that plays `kinds` in `ruleset` (a file named `name`, registered once). */
export function withKinds(ruleset: string, name: string, kinds: readonly unknown[]): string {
  return applyTrapFile(trapFileOf(ruleset, name, kinds), name);
}
