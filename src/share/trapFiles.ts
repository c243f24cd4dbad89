/**
 * A designer's trap file in a recorded game. A game played on a trap file's ruleset
 * (`<ruleset>+<slug>`, core/traps/files.ts) carries the whole file in its header (`trapFile`), so
 * its replay file, its save and its link are whole on their own: opening one parses the file
 * (`parseTrapFile`), registers its ruleset (`applyTrapFile`) and plays.
 *
 * The page and the share code play a file through `playTrapFile`, which remembers it by its
 * ruleset's id: `headerOf(world)` (format.ts) finds it there, as a world knows only its ruleset's
 * id. Invariant: a ruleset id with a "+" is a trap file's, and every header of one carries its
 * file (the checks in format.ts refuse one without).
 */
import { underField } from '../core/jsonInput.ts';
import { hasRuleset } from '../core/registry.ts';
import type { TrapFile } from '../core/traps/definition.ts';
import { applyTrapFile, trapFileRulesetId } from '../core/traps/files.ts';
import { MAX_TRAP_FILE_BYTES, parseTrapFile, TrapFileError } from '../core/traps/schema.ts';
import { describeValue, fail, ok, type ProblemKind, type Result } from './problem.ts';

/** The field of a game's header that holds its trap file. */
export const TRAP_FILE_FIELD = 'trapFile';

const played = new Map<string, TrapFile>();

/** Is `id` the id of a trap file's ruleset (as `trapFileRulesetId` makes them)? */
export function isTrapFileRuleset(id: string): boolean {
  return id.includes('+');
}

/**
 * Registers a parsed trap file's ruleset and remembers the file under its id; returns the id.
 * Throws TrapFileError (naming the field) when the file's ruleset cannot play it, or another file
 * of the same name and other traps is in play already (then only a reload of the page plays it).
 */
export function playTrapFile(file: TrapFile, source = 'trap file'): string {
  const id = applyTrapFile(file, source);
  if (!played.has(id)) played.set(id, file);
  return id;
}

/** The file a trap file's ruleset plays, when it was played through `playTrapFile`; else undefined. */
export function trapFileOf(rulesetId: string): TrapFile | undefined {
  return played.get(rulesetId);
}

/** Files brought into the page and not (yet) played, newest last: New game's imports, the Lab's. */
const loaded: Array<{ file: TrapFile; source: string }> = [];

/** Remembers a checked file the player brought into the page (`source`: where from, as they read it), so the Lab offers it. */
export function rememberTrapFile(file: TrapFile, source: string): void {
  const text = JSON.stringify(file);
  const at = loaded.findIndex((l) => JSON.stringify(l.file) === text);
  if (at >= 0) loaded.splice(at, 1);
  loaded.push({ file, source });
}

/**
 * The trap files this page knows, once each: those its games played (`playTrapFile`), then those
 * brought in and remembered, newest first. What the Lab offers to run and to edit.
 */
export function knownTrapFiles(): Array<{ file: TrapFile; source: string }> {
  const out: Array<{ file: TrapFile; source: string }> = [];
  const seen = new Set<string>();
  const add = (file: TrapFile, source: string) => {
    const text = JSON.stringify(file);
    if (seen.has(text)) return;
    seen.add(text);
    out.push({ file, source });
  };
  for (const l of [...loaded].reverse()) add(l.file, l.source);
  for (const file of played.values()) add(file, 'played in this page');
  return out;
}

/** Would this file be refused only because another of its name and other traps is in play? */
export function clashesInPlay(file: TrapFile): boolean {
  const id = trapFileRulesetId(file);
  const known = played.get(id);
  if (known) return JSON.stringify(known.traps) !== JSON.stringify(file.traps);
  return false;
}

/** `traps[2].effect.damage: …` as a field of a game's header: `trapFile.traps[2].effect.damage: …`. */
const asHeaderField = (issue: string): string => underField(TRAP_FILE_FIELD, issue);

export interface TrapFileProblem {
  kind: ProblemKind;
  problems: string[];
}

/**
 * The trap file embedded in a game's header (`value`, as the header holds it), checked against the
 * header's ruleset but not registered: the parsed file, undefined for a game of a built-in ruleset,
 * or every problem, each naming its field (`trapFile.traps[0].effect.damage: …`).
 */
export function readEmbeddedTrapFile(value: unknown, ruleset: string): { file: TrapFile | undefined } | TrapFileProblem {
  if (value === undefined) {
    if (!isTrapFileRuleset(ruleset)) return { file: undefined };
    return { kind: 'field', problems: [`${TRAP_FILE_FIELD}: missing (ruleset ${JSON.stringify(ruleset)} plays a trap file, and a game of it carries its file)`] };
  }
  // An object only: parseTrapFile would read text as JSON, and a game holds its file as parsed.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'field', problems: [`${TRAP_FILE_FIELD}: expected a trap file (an object), got ${describeValue(value)}`] };
  let chars: number;
  try {
    chars = JSON.stringify(value)?.length ?? 0;
  } catch {
    return { kind: 'field', problems: [`${TRAP_FILE_FIELD}: nested deeper than a trap file may be`] };
  }
  if (chars > MAX_TRAP_FILE_BYTES) return { kind: 'size', problems: [`${TRAP_FILE_FIELD}: too large (${chars.toLocaleString('en')} characters; at most ${MAX_TRAP_FILE_BYTES.toLocaleString('en')})`] };
  let file: TrapFile;
  try {
    file = parseTrapFile(value, TRAP_FILE_FIELD);
  } catch (e) {
    if (e instanceof TrapFileError) return { kind: 'field', problems: e.issues.map(asHeaderField) };
    return { kind: 'field', problems: [`${TRAP_FILE_FIELD}: not readable (${(e as Error).message})`] };
  }
  const id = trapFileRulesetId(file);
  if (id !== ruleset)
    return {
      kind: 'field',
      problems: [`ruleset: expected ${JSON.stringify(id)}, the ruleset of its trap file (${TRAP_FILE_FIELD}.ruleset ${JSON.stringify(file.ruleset)}, ${TRAP_FILE_FIELD}.name ${JSON.stringify(file.name)}), got ${JSON.stringify(ruleset)}`],
    };
  return { file };
}

/**
 * Registers an embedded file checked by `readEmbeddedTrapFile`. A clash of names (another file of
 * this name and other traps in play) is kind `conflict`: the game is sound, this page cannot play
 * it until it is reloaded.
 */
export function registerEmbeddedTrapFile(file: TrapFile): Result<string> {
  const existed = hasRuleset(trapFileRulesetId(file));
  try {
    return ok(playTrapFile(file, TRAP_FILE_FIELD));
  } catch (e) {
    if (!(e instanceof TrapFileError)) return fail('field', `${TRAP_FILE_FIELD}: ${(e as Error).message}`);
    const problems = e.issues.map(asHeaderField).join('; ');
    if (existed && (clashesInPlay(file) || /^name: /.test(e.issues[0] ?? '')))
      return fail('conflict', `${problems} (this page plays the other file: reload the page to play this one)`);
    return fail('field', problems);
  }
}
