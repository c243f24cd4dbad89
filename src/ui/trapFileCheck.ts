/**
 * The one check of a trap file the player brings into the page (New game's import, the level
 * editor's Attach, the Lab's Open): its shape, that its ruleset plays trap files and can play these
 * kinds, and that no other file of its name is in play in this page. Registers nothing.
 */
import { getRuleset } from '../core/registry.ts';
import type { TrapFile } from '../core/traps/definition.ts';
import { rulesetsTakingTrapFiles } from '../core/traps/files.ts';
import { parseTrapFile, TrapFileError } from '../core/traps/schema.ts';
import { clashesInPlay } from '../share/trapFiles.ts';
import { rulesetDisplayName } from './rulesets.ts';

/**
 * Reads a trap file the player chose: the file, or the message to show (TrapFileError's, naming
 * the file and each bad field). Checks all that starting the game would: the shape, that its
 * ruleset plays trap files and can play these kinds, and that no other file of its name is in play
 * in this page. Registers nothing.
 */
export function checkTrapFile(input: string | unknown, source: string): { file: TrapFile } | { error: string } {
  let file: TrapFile;
  try {
    file = parseTrapFile(input, source);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const taking = rulesetsTakingTrapFiles();
  if (!taking.includes(file.ruleset))
    return { error: new TrapFileError(source, [`ruleset: "${file.ruleset}" is not a ruleset that plays trap files (${taking.join(', ') || 'none'})`]).message };
  try {
    getRuleset(file.ruleset).withKinds!(file.traps);
  } catch (e) {
    return { error: new TrapFileError(source, [(e as Error).message]).message };
  }
  if (clashesInPlay(file))
    return {
      error: new TrapFileError(source, [`name: another trap file named "${file.name}" for ${rulesetDisplayName(file.ruleset)} is in play in this page: rename this one, or reload the page to play it`]).message,
    };
  return { file };
}

