/**
 * `--traps FILE` on every command that plays or reads a ruleset: a designer's trap file (see
 * core/traps/definition.ts and examples/traps/), checked field by field, registered as its own
 * ruleset id (`<ruleset>+<name>`), and played in place of the base ruleset. A bad file is a
 * UsageError naming the field (exit 2).
 */
import type { TrapFile } from '../core/traps/definition.ts';
import { applyTrapFile } from '../core/traps/files.ts';
import { MAX_TRAP_FILE_BYTES, parseTrapFile, TrapFileError } from '../core/traps/schema.ts';
import type { Traits } from '../core/world.ts';
import { readFlagFile } from './flagFile.ts';
import { UsageError } from './io.ts';
import { useVariant } from './variantFlag.ts';

/** Reads and checks a trap file; a bad one is a UsageError naming the field. */
export function loadTrapFile(path: string): TrapFile {
  const text = readFlagFile('traps', path, MAX_TRAP_FILE_BYTES);
  try {
    return parseTrapFile(text, `--traps ${path}`);
  } catch (e) {
    if (e instanceof TrapFileError) throw new UsageError(e.message);
    throw e;
  }
}

/** The ruleset id playing `file` on `rulesetId` (registering it); refuses a file for another ruleset. */
export function applyTrapFileFlag(file: TrapFile, path: string, rulesetId: string): string {
  if (file.ruleset !== rulesetId) throw new UsageError(`--traps ${path}: it holds traps for ${file.ruleset}, not ${rulesetId}`);
  try {
    return applyTrapFile(file, `--traps ${path}`);
  } catch (e) {
    if (e instanceof TrapFileError) throw new UsageError(e.message);
    throw e;
  }
}

/** `--traps` read and applied: the id to play (the base id when no file is given). */
export function useTrapFile(path: string | undefined, rulesetId: string): string {
  return path === undefined ? rulesetId : applyTrapFileFlag(loadTrapFile(path), path, rulesetId);
}

/**
 * `--traps` and `--variant` together, for the commands that take both: the trap file's kinds,
 * then the variant's numbers on top. The id to play and the variant's settings.
 */
export function usePlayedRuleset(values: { traps?: unknown; variant?: unknown }, rulesetId: string): { rulesetId: string; settings: Traits } {
  const on = useTrapFile(typeof values.traps === 'string' ? values.traps : undefined, rulesetId);
  if (typeof values.variant !== 'string') return { rulesetId: on, settings: {} };
  return useVariant(values.variant, rulesetId, on);
}
