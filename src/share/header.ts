/**
 * What starts a game (seed, ruleset, map size and style, settings), checked by one set of rules
 * wherever a game arrives: the page's address (`ui/url.ts`), save and replay files (`format.ts`)
 * and links (`link.ts`, through `format.ts`). So a game the address starts can always be saved and
 * linked, and a value any of them refuses is refused by all, with a message that names the field
 * (`seed: ...`, `width: ...`, `settings.lightRadius: ...`).
 *
 * No zod here: the address is read on the first load, before the share code (and zod) arrive.
 */
import { MAX_SIZE, MIN_SIZE } from '../core/mapgen.ts';
import { CORE_SETTINGS, checkSetting } from '../core/registry.ts';
import { defaultAt, RULES_VERSION } from '../core/rulesVersion.ts';
import type { Ruleset, SettingSpec } from '../core/ruleset.ts';
import type { MapStyle, Traits } from '../core/world.ts';
import { LIMITS } from './limits.ts';
import { describeValue } from './problem.ts';

export const STYLES: readonly MapStyle[] = ['rooms', 'caves'];

/** A field's problem: `null` when the value is good. */
export type FieldProblem = string | null;

export function seedProblem(v: unknown): FieldProblem {
  if (typeof v !== 'string') return `seed: expected text, got ${describeValue(v)}`;
  if (v.length === 0) return 'seed: must not be empty';
  if (v.length > LIMITS.seedChars) return `seed: too long (${v.length} characters; at most ${LIMITS.seedChars})`;
  return null;
}

export function sizeProblem(field: 'width' | 'height', v: unknown): FieldProblem {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < MIN_SIZE[field] || v > MAX_SIZE[field])
    return `${field}: must be a whole number from ${MIN_SIZE[field]} to ${MAX_SIZE[field]}, got ${typeof v === 'number' ? v : describeValue(v)}`;
  return null;
}

export function styleProblem(v: unknown): FieldProblem {
  if (typeof v === 'string' && (STYLES as readonly string[]).includes(v)) return null;
  return `style: expected one of ${STYLES.map((s) => JSON.stringify(s)).join(', ')}, got ${describeValue(v)}`;
}

/** The specs a ruleset's game reads, by name (a Map: a name such as `constructor` is simply unknown). */
export function settingSpecs(ruleset: Ruleset): Map<string, SettingSpec> {
  return new Map([...CORE_SETTINGS, ...ruleset.settings].map((s) => [s.name, s]));
}

/**
 * One setting of a recorded game, as the game will hold it, or why not. Besides the setting's own
 * range: text at most `LIMITS.settingChars` characters, and `turnLimit` at most `LIMITS.actions`
 * (one accepted action is one turn, so a game that runs longer could not be saved or linked).
 */
export function readSetting(ruleset: Ruleset, name: string, v: unknown, specs = settingSpecs(ruleset)): { value: number | boolean | string } | { problem: string } {
  const spec = specs.get(name);
  if (!spec) return { problem: `settings.${name}: unknown setting for ruleset ${ruleset.id} (known: ${[...specs.keys()].join(', ')})` };
  if (typeof v === 'string' && v.length > LIMITS.settingChars) return { problem: `settings.${name}: too long (${v.length} characters; at most ${LIMITS.settingChars})` };
  let value: number | boolean | string;
  try {
    value = checkSetting(spec, v);
  } catch (e) {
    return { problem: `settings.${name}: ${(e as Error).message.replace(/^setting "[^"]*": /, '')}` };
  }
  if (name === 'turnLimit' && typeof value === 'number' && value > LIMITS.actions)
    return { problem: `settings.turnLimit: at most ${LIMITS.actions} in a game that is saved and linked (a save holds ${LIMITS.actions} actions), got ${value}` };
  return { value };
}

/**
 * Why these settings do not go together, or null: the ruleset's own rule, and what it reads when
 * the game starts (a text setting such as Omega's `components` is parsed when the player is made),
 * so settings that pass here start a game.
 */
export function settingsTogetherProblem(ruleset: Ruleset, resolved: Traits, style: MapStyle = 'rooms'): FieldProblem {
  const problem = ruleset.settingsProblem?.(resolved);
  if (problem) return `settings: ${problem}`;
  try {
    ruleset.player(resolved);
    ruleset.levelInfo(1, resolved, style);
  } catch (e) {
    // "setting "components": ..." names one setting: say it as its field.
    const m = /^setting "([^"]*)": ([\s\S]*)$/.exec((e as Error).message);
    return m ? `settings.${m[1]}: ${m[2]}` : `settings: ${(e as Error).message}`;
  }
  return null;
}

/**
 * Every setting resolved (the defaults of the game's `version` for the ones not given: an old game
 * keeps the defaults it was made with), or every problem found. `given` is read by own property only.
 */
export function resolveGameSettings(
  ruleset: Ruleset,
  given: Readonly<Record<string, unknown>>,
  style?: MapStyle,
  version = RULES_VERSION,
): { settings: Traits } | { problems: string[] } {
  const specs = settingSpecs(ruleset);
  const settings: Traits = {};
  for (const s of specs.values()) settings[s.name] = defaultAt(ruleset.id, s, version);
  const problems: string[] = [];
  const names = Object.keys(given);
  if (names.length > LIMITS.settings) return { problems: [`settings: more than ${LIMITS.settings} entries`] };
  for (const name of names) {
    const r = readSetting(ruleset, name, given[name], specs);
    if ('problem' in r) problems.push(r.problem);
    else settings[name] = r.value;
  }
  if (problems.length > 0) return { problems };
  const together = settingsTogetherProblem(ruleset, settings, style);
  return together ? { problems: [together] } : { settings };
}
