/**
 * The replay file: everything that makes a game, and nothing that can be derived. A game is its
 * world version, seed, ruleset, settings, map size and style, and the player's actions; replaying
 * the actions from the seed gives the same world bit for bit. A save is the same record with
 * another `format` marker (it resumes play instead of opening the viewer).
 *
 * `parseReplayText` / `validateReplay` check outside input in an order that gives the most useful
 * message first: size, JSON, our marker, the version, then every field by name.
 *
 * A game on a designer's trap file (ruleset `<ruleset>+<slug>`) carries the whole file in
 * `trapFile` (trapFiles.ts); checking such a game registers the file's ruleset, so it plays. The
 * field is optional and new: a file without it reads exactly as before, and a Trapsmith from
 * before it refuses a game that has one by its unknown ruleset (never plays it without its file).
 *
 * A game on a hand-made level carries the whole scenario file in `scenario` (core/scenario.ts):
 * its first world is the scenario's, not the seed's level. A Trapsmith from before the field
 * refuses such a game (a map smaller than any generated level) or replays it to another hash: it
 * never plays another level as this game without saying so.
 */
import { z } from 'zod';
import { type Action, actionSchema } from '../core/actions.ts';
import { parseJsonText, withoutBom } from '../core/jsonInput.ts';
import { getRuleset, hasRuleset, listRulesets } from '../core/registry.ts';
import { absentSettings, knownVersion, RULES_VERSION, rulesVersionMessage } from '../core/rulesVersion.ts';
import { parseScenario, type Scenario, ScenarioError, scenarioKindProblems } from '../core/scenario.ts';
import type { TrapFile } from '../core/traps/definition.ts';
import { type MapStyle, type Traits, WORLD_VERSION } from '../core/world.ts';
import { resolveGameSettings, seedProblem, sizeProblem, STYLES } from './header.ts';
import { LIMITS } from './limits.ts';
import { describeValue, fail, ok, type ProblemKind, type Result } from './problem.ts';
import { isTrapFileRuleset, readEmbeddedTrapFile, registerEmbeddedTrapFile, trapFileOf } from './trapFiles.ts';

export const REPLAY_FORMAT = 'trapsmith-replay';
export const SAVE_FORMAT = 'trapsmith-save';
export type FileFormat = typeof REPLAY_FORMAT | typeof SAVE_FORMAT;

/** What starts a game: the arguments of `newGame`, all of them, so nothing depends on defaults. */
export interface GameHeader {
  version: number;
  /**
   * The rules' version it was made under (core/rulesVersion.ts): its settings' defaults are that
   * version's. A file without it was made before versions were kept (1); a header made from a
   * world without it is of this version.
   */
  rules?: number;
  /** Settings its rules did not have yet, filled with values that play as their absence (core/rulesVersion.ts): never written in its files. */
  absent?: string[];
  seed: string;
  ruleset: string;
  /** The resolved settings (every one, defaults included), so a later change of a default cannot change the game. */
  settings: Traits;
  width: number;
  height: number;
  style: MapStyle;
  /** The designer's trap file the game plays (its ruleset is the file's, `<ruleset>+<slug>`); absent for a built-in ruleset. */
  trapFile?: TrapFile;
  /**
   * The hand-made first level (core/scenario.ts) the game starts on, in place of a generated one;
   * then `width` and `height` are its map's and `style` is "rooms". Its trap file, if any, is also
   * the header's `trapFile`.
   */
  scenario?: Scenario;
}

export interface ReplayFile extends GameHeader {
  format: FileFormat;
  actions: Action[];
  /** A label the player chose (shown as text only). */
  name?: string;
  /** Turn reached after the last action, and the world's hash there: a replay checks it reaches both. */
  turn?: number;
  hash?: string;
}

// The types only: the values of the header's fields are checked by `header.ts`, the rules the
// page's address and links use too.
const settingValue = z.union([z.number(), z.string(), z.boolean()]);

const replaySchema = z.object({
  format: z.enum([REPLAY_FORMAT, SAVE_FORMAT]),
  version: z.number().int(),
  seed: z.string(),
  ruleset: z.string().min(1).max(60),
  settings: z.record(z.string().max(60), settingValue),
  width: z.number().int(),
  height: z.number().int(),
  style: z.enum(STYLES as [MapStyle, ...MapStyle[]]),
  rules: z.number().int().optional(),
  actions: z.array(actionSchema).max(LIMITS.actions),
  name: z.string().max(LIMITS.nameChars).optional(),
  turn: z.number().int().min(0).optional(),
  hash: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .optional(),
  // Checked by the trap file's own reader (trapFiles.ts), which names its fields as a designer reads them.
  trapFile: z.unknown().optional(),
  // Checked by the scenario's own reader (core/scenario.ts).
  scenario: z.unknown().optional(),
});

/** `actions[3].dx`, `settings.lightRadius`, or "the file" for the top level. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || 'the file';
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

/** One zod issue as a sentence naming the field, what it should be and what it is. */
function issueMessage(issue: z.core.$ZodIssue, root: unknown): string {
  const where = fieldPath(issue.path);
  const got = describeValue(valueAt(root, issue.path));
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(root, issue.path) === undefined) return `${where}: missing (expected ${TYPE_WORDS[issue.expected] ?? issue.expected})`;
      return `${where}: expected ${TYPE_WORDS[issue.expected] ?? issue.expected}, got ${got}`;
    case 'too_big':
      if (issue.origin === 'array') return `${where}: too many entries (at most ${issue.maximum})`;
      if (issue.origin === 'string') return `${where}: too long (at most ${issue.maximum} characters)`;
      return `${where}: must be at most ${issue.maximum}, got ${got}`;
    case 'too_small':
      if (issue.origin === 'string') return `${where}: must not be empty`;
      return `${where}: must be at least ${issue.minimum}, got ${got}`;
    case 'invalid_value':
      return `${where}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${got}`;
    case 'invalid_format':
      return `${where}: expected 8 lowercase hex digits, got ${got}`;
    case 'invalid_union': {
      const disc = (issue as { discriminator?: string }).discriminator;
      if (disc) {
        const value = valueAt(root, issue.path);
        if (value === undefined) return `${where}: missing (expected an action type)`;
        return `${where}: unknown action type, got ${describeValue(value)} (expected one of ${((issue as { options?: unknown[] }).options ?? []).join(', ')})`;
      }
      return `${where}: expected a number, text or true/false, got ${got}`;
    }
    default:
      return `${where}: ${issue.message}`;
  }
}

/** Parses and checks a replay or save file's text. */
export function parseReplayText(text: string): Result<ReplayFile> {
  if (text.length > LIMITS.fileChars)
    return fail('size', `The file is too large (${text.length.toLocaleString('en')} characters; the limit is ${LIMITS.fileChars.toLocaleString('en')}).`);
  const body = withoutBom(text);
  if (body.trim() === '') return fail('syntax', 'The file is empty.');
  const read = parseJsonText(body, LIMITS.fileChars);
  if (!read.ok && read.problem === 'depth') return fail('size', `The file cannot be read: ${read.message}.`);
  if (!read.ok) {
    const why = read.why ?? read.message;
    // V8 names the position of the error; at (or past) the end of the text, the text was cut short.
    const at = /position (\d+)/.exec(why);
    const atEnd = at !== null && Number(at[1]) >= body.trimEnd().length;
    if (atEnd || /end of (JSON )?(data|input)|Unterminated|Unexpected end/i.test(why))
      return fail('syntax', `The file ends too early: it looks truncated (${why}).`);
    return fail('syntax', `The file is not valid JSON (${why}).`);
  }
  return validateReplay(read.value);
}

/** Checks an already parsed object (a file's JSON, or a link's expanded form). */
export function validateReplay(raw: unknown, what = 'file'): Result<ReplayFile> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return fail('foreign', `This ${what} is not a Trapsmith replay or save: it holds ${describeValue(raw)}, not an object.`);
  const obj = raw as Record<string, unknown>;
  if (obj.format !== REPLAY_FORMAT && obj.format !== SAVE_FORMAT)
    return fail(
      'foreign',
      `This ${what} is not a Trapsmith replay or save: "format" is ${describeValue(obj.format)}, expected "${REPLAY_FORMAT}" or "${SAVE_FORMAT}".`,
    );
  // The version comes before the other fields: another version may have other fields, and the
  // honest message is "other version", not "field x is wrong".
  if (typeof obj.version !== 'number' || !Number.isInteger(obj.version))
    return fail('field', `version: expected a whole number, got ${describeValue(obj.version)}`);
  if (obj.version !== WORLD_VERSION) return fail('version', versionMessage(obj.version, what));
  // Rules of an older version are played with that version's defaults (core/rulesVersion.ts); a
  // game that says none was made before versions were kept: 1.
  if (obj.rules !== undefined && !(typeof obj.rules === 'number' && knownVersion(obj.rules))) return fail('version', rulesVersionMessage(obj.rules, what));
  // zod's records drop a "__proto__" key without a word: refused here, as any other unknown setting is.
  if (obj.settings !== null && typeof obj.settings === 'object' && Object.hasOwn(obj.settings, '__proto__'))
    return fail('field', 'settings: unknown setting "__proto__"');
  const parsed = replaySchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 3).map((i) => issueMessage(i, raw));
    const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more problems)` : '';
    return fail('field', `${lines.join('; ')}${more}`);
  }
  const file = parsed.data as ReplayFile;
  file.rules ??= 1;
  const scenario = readHeaderScenario(file);
  if ('problems' in scenario) return fail('field', scenario.problems.join('; '));
  // A scenario's map may be smaller than a generated level can be: its size is the map's.
  const problems = [seedProblem(file.seed), ...(scenario.scenario ? [] : [sizeProblem('width', file.width), sizeProblem('height', file.height)])].filter((p) => p !== null);
  let kind: ProblemKind = 'field';
  const embedded = readEmbeddedTrapFile(file.trapFile, file.ruleset);
  const trapFile = 'file' in embedded ? embedded.file : undefined;
  if ('problems' in embedded) {
    problems.push(...embedded.problems);
    kind = embedded.kind;
  } else if (trapFile) file.trapFile = trapFile;
  else delete file.trapFile;
  // A trap file's ruleset is registered from its file, only once the rest of the header is sound
  // (a refused game registers nothing); until then its settings cannot be read.
  if (trapFile && problems.length === 0) {
    const registered = registerEmbeddedTrapFile(trapFile);
    if (!registered.ok) return fail(registered.problem.kind, registered.problem.message);
  }
  if ('problems' in embedded || (trapFile && problems.length > 0)) {
    // Nothing more to read: the ruleset is the trap file's.
  } else if (!hasRuleset(file.ruleset))
    problems.push(`ruleset: unknown ruleset ${JSON.stringify(file.ruleset)} (known: ${listRulesets().map((r) => r.id).join(', ')})`);
  else {
    const resolved = resolveGameSettings(getRuleset(file.ruleset), file.settings, file.style, file.rules);
    if ('problems' in resolved) problems.push(...resolved.problems);
    else {
      const absent = absentSettings(file.ruleset, file.settings, file.rules);
      if (absent.length > 0) file.absent = absent;
      file.settings = resolved.settings;
    }
    if (file.scenario) problems.push(...scenarioKindProblems(file.scenario, file.ruleset).map((p) => `scenario.${p}`));
  }
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more problems)` : '';
    return fail(problems.some((p) => p.startsWith('settings: more than')) ? 'size' : kind, `${problems.slice(0, 3).join('; ')}${more}`);
  }
  return ok(file);
}

/**
 * The header's scenario read by its own reader, and set in the header parsed; its map must be the
 * header's size and its ruleset the header's (or the base of the header's trap-file ruleset, whose
 * file is the scenario's). A scenario's trap file becomes the header's when the header has none.
 */
function readHeaderScenario(file: ReplayFile): { scenario: Scenario | null } | { problems: string[] } {
  if (file.scenario === undefined) return { scenario: null };
  let s: Scenario;
  try {
    s = parseScenario(file.scenario, 'scenario');
  } catch (e) {
    if (e instanceof ScenarioError) return { problems: e.issues.slice(0, 3).map((i) => `scenario.${i}`) };
    throw e;
  }
  const problems: string[] = [];
  const [w, h] = [s.map[0]!.length, s.map.length];
  if (file.width !== w || file.height !== h) problems.push(`width, height: the game is ${file.width}x${file.height}, its scenario's map ${w}x${h}`);
  if (file.style !== 'rooms') problems.push(`style: a game on a scenario is "rooms", got ${describeValue(file.style)}`);
  const plus = file.ruleset.indexOf('+');
  const base = plus < 0 ? file.ruleset : file.ruleset.slice(0, plus);
  if (base !== s.ruleset) problems.push(`scenario.ruleset: the scenario is for ${s.ruleset}, the game plays ${file.ruleset}`);
  if (s.trapFile && file.trapFile === undefined) file.trapFile = s.trapFile;
  if (!s.trapFile && plus >= 0) problems.push(`scenario.trapFile: the game plays a trap file's ruleset (${file.ruleset}), its scenario brings none`);
  if (problems.length > 0) return { problems };
  file.scenario = s;
  return { scenario: s };
}

export function versionMessage(version: number, what = 'file'): string {
  const age = version < WORLD_VERSION ? 'an older' : 'a newer';
  return `This ${what} was made with ${age} version of Trapsmith (world version ${version}; this is version ${WORLD_VERSION}). Its moves would play a different game, so it is not replayed.`;
}

/**
 * The header of a running game, from its world (or another header). A world knows only its
 * ruleset's id: a trap file's ruleset finds its file where `playTrapFile` left it.
 */
export function headerOf(world: GameHeader, scenario: Scenario | undefined = world.scenario): GameHeader {
  const trapFile = world.trapFile ?? (isTrapFileRuleset(world.ruleset) ? trapFileOf(world.ruleset) : undefined);
  return {
    version: world.version,
    rules: world.rules ?? RULES_VERSION,
    ...(world.absent ? { absent: [...world.absent] } : {}),
    seed: world.seed,
    ruleset: world.ruleset,
    settings: { ...world.settings },
    width: world.width,
    height: world.height,
    style: world.style,
    ...(trapFile ? { trapFile } : {}),
    ...(scenario ? { scenario } : {}),
  };
}

/**
 * A header (or file) as it is written: without the settings its rules did not have yet, so it
 * reads back as the game it is (they are filled again, and left out of its hash).
 */
export function writtenHeader<T extends GameHeader>(h: T): Omit<T, 'absent'> {
  const { absent, ...rest } = h;
  if (!absent) return rest;
  const settings = { ...h.settings };
  for (const name of absent) delete settings[name];
  return { ...rest, settings };
}

/** Pretty JSON for a file download: one action per line, so a diff of two replays reads well. */
export function replayToText(file: ReplayFile): string {
  const { actions, ...rest } = writtenHeader(file);
  const head = JSON.stringify(rest, null, 2).replace(/\n}$/, '');
  const body = actions.map((a) => `    ${JSON.stringify(a)}`).join(',\n');
  return `${head},\n  "actions": [${actions.length ? `\n${body}\n  ` : ''}]\n}\n`;
}
