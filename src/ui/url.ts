/**
 * A link is a game: the seed, the ruleset, the map options and any changed settings live in the
 * page's query string, so opening the link starts that same level.
 *
 *   ?seed=k3x9&ruleset=cdda&w=80&h=40&style=rooms&s.lightRadius=12
 *
 * | parameter   | meaning                                             | default          |
 * |-------------|-----------------------------------------------------|------------------|
 * | `seed`      | any text of 1 to 200 characters                     | a fresh random one |
 * | `ruleset`   | a registered ruleset id                             | the first one (cdda) |
 * | `w`, `h`    | map size in cells (40–200 by 25–200)                | 80 x 40          |
 * | `style`     | `rooms` or `caves`                                  | rooms            |
 * | `s.<name>`  | a core or ruleset setting (validated like the CLI)  | the setting's default |
 * | `rules`     | the rules' version the address was made under: a setting it does not name takes that version's default (core/rulesVersion.ts) | this version |
 * | `reveal=1`  | debug: the player knows every trap from the start   | off              |
 * | `scenario`  | a hand-made level: a shipped one's file name (`pit-corridor`) or a scenario's key (`a-corridor-of-pits-1f3a9c07`, core/scenario.ts `scenarioKey`); it brings its ruleset and map, so `ruleset`, `w`, `h` and `style` are not used | none |
 *
 * The values are checked by the rules saves and links use (`share/header.ts`), so a game the
 * address starts can always be saved and linked. A bad value never gives a blank page: it becomes a
 * message the page shows (naming the field), and that one value falls back to its default.
 */
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE } from '../core/mapgen.ts';
import { readWhole } from '../core/numbers.ts';
import { CORE_SETTINGS } from '../core/registry.ts';
import { defaultAt, knownVersion, RULES_VERSION } from '../core/rulesVersion.ts';
import type { Ruleset } from '../core/ruleset.ts';
import { type Scenario, scenarioKey } from '../core/scenarioLevel.ts';
import type { MapStyle, Traits } from '../core/world.ts';
import { rulesetDisplayName } from './rulesets.ts';
import { readSetting, resolveGameSettings, seedProblem, settingSpecs, sizeProblem, STYLES, styleProblem } from '../share/header.ts';

export interface GameOptions {
  seed: string;
  ruleset: string;
  width: number;
  height: number;
  style: MapStyle;
  /** Settings that differ from the defaults, by name. */
  settings: Traits;
  /** The hand-made level the game starts on (its map is `width` x `height`, style rooms). */
  scenario?: Scenario;
}

export interface ParsedUrl {
  options: GameOptions;
  /** Debug: every trap known to the player from the start. */
  reveal: boolean;
  /** What was wrong, one line each, for the page to show. */
  errors: string[];
  /** The scenario the address names (`scenario=`), for the page to find (ui/scenarios.ts); null when none. */
  scenario: string | null;
}

/** What `randomSeed` gives: 8 base-36 characters (any text of 1 to 200 characters is a seed). */
export const SEED_PATTERN = /^[0-9a-z]{8}$/;
export { STYLES };

/** A fresh seed: 8 base-36 characters from the browser's random source (UI only, never the core). */
/**
 * A header problem as the page says it: the schema names fields by path ("seed: …",
 * "settings.lightRadius: …", shared with files and links); a notice is a sentence naming the field
 * ('Seed: …', 'Setting "lightRadius": …').
 */
export function inWords(problem: string): string {
  const m = /^settings\.([^:]+): /.exec(problem);
  if (m) return `Setting "${m[1]}": ${problem.slice(m[0].length)}`;
  return problem.charAt(0).toUpperCase() + problem.slice(1);
}

export function randomSeed(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += Math.floor(random() * 36).toString(36);
  return s;
}

function parseSize(raw: string | null, name: 'w' | 'h', errors: string[]): number {
  const key = name === 'w' ? 'width' : 'height';
  const fallback = DEFAULT_SIZE[key];
  if (raw === null) return fallback;
  const n = readWhole(raw);
  const problem = n === null ? `${key}: must be a whole number from ${MIN_SIZE[key]} to ${MAX_SIZE[key]}, got ${JSON.stringify(raw)}` : sizeProblem(key, n);
  if (n === null || problem) {
    errors.push(`Map ${problem}; using ${fallback}.`);
    return fallback;
  }
  return n;
}

/**
 * Reads a query string. `rulesets` are those loaded (the requested one among them when it exists);
 * `known` names every ruleset the page offers, for the message about an unknown one.
 */
export function parseGameUrl(search: string, rulesets: readonly Ruleset[], newSeed: () => string = () => randomSeed(), known?: readonly string[]): ParsedUrl {
  const params = new URLSearchParams(search);
  const errors: string[] = [];

  let seed = params.get('seed');
  if (seed === null || seed === '') seed = newSeed();
  else {
    const problem = seedProblem(seed);
    if (problem) {
      const fresh = newSeed();
      errors.push(`${inWords(problem)}; using a random seed (${fresh}).`);
      seed = fresh;
    }
  }

  const fallbackRuleset = rulesets[0]?.id ?? 'cdda';
  let rulesetId = params.get('ruleset') ?? fallbackRuleset;
  let ruleset = rulesets.find((r) => r.id === rulesetId);
  if (!ruleset) {
    errors.push(`Unknown ruleset "${rulesetId}" (known: ${(known ?? rulesets.map((r) => r.id)).join(', ')}); using ${rulesetDisplayName(fallbackRuleset)}.`);
    rulesetId = fallbackRuleset;
    ruleset = rulesets.find((r) => r.id === rulesetId);
  }

  const width = parseSize(params.get('w'), 'w', errors);
  const height = parseSize(params.get('h'), 'h', errors);

  let style: MapStyle = 'rooms';
  const rawStyle = params.get('style');
  if (rawStyle !== null) {
    const problem = styleProblem(rawStyle);
    if (problem) errors.push(`Map ${problem}; using rooms.`);
    else style = rawStyle as MapStyle;
  }

  const settings: Traits = {};
  const specs = ruleset ? settingSpecs(ruleset) : new Map(CORE_SETTINGS.map((c) => [c.name, c]));
  const version = rulesVersion(params.get('rules'), errors);
  let reveal = false;
  for (const [key, value] of params) {
    if (key.startsWith('s.')) {
      const name = key.slice(2);
      const spec = specs.get(name);
      if (!spec) {
        errors.push(`Unknown setting "${name}" for ${rulesetDisplayName(rulesetId)}; ignored.`);
        continue;
      }
      const r = ruleset ? readSetting(ruleset, name, value, specs) : { problem: `settings.${name}: no ruleset to read it` };
      if ('problem' in r) errors.push(`${inWords(r.problem)}; using the default ${String(spec.default)}.`);
      else settings[name] = r.value;
    } else if (key === 'reveal') {
      if (value === '1' || value === 'true') reveal = true;
      else if (value !== '0' && value !== 'false') errors.push(`Reveal "${value}" should be 1 or 0; ignored.`);
    } else if (!['seed', 'ruleset', 'w', 'h', 'style', 'scenario', 'rules'].includes(key)) {
      errors.push(`Unknown link parameter "${key}"; ignored.`);
    }
  }

  // The address names only the settings that differ from its version's defaults: where a default
  // changed since, the old one is named, so the game is the one the address was made for.
  for (const spec of specs.values())
    if (!Object.hasOwn(settings, spec.name) && defaultAt(rulesetId, spec, version) !== spec.default) settings[spec.name] = defaultAt(rulesetId, spec, version);

  // Settings that each pass may still not go together (a die with no faces): the ruleset's own
  // go back to their defaults, the core's stay.
  if (ruleset) {
    const resolved = resolveGameSettings(ruleset, settings, style);
    if ('problems' in resolved) {
      errors.push(`${inWords(resolved.problems.join('; '))}; using the defaults of ${ruleset.name}'s own settings.`);
      for (const spec of ruleset.settings) delete settings[spec.name];
    }
  }

  const scenario = params.get('scenario');
  return { options: { seed, ruleset: rulesetId, width, height, style, settings }, reveal, errors, scenario: scenario === null || scenario === '' ? null : scenario };
}

/** The address's rules version (`rules`); an address without one is read as this version's. */
function rulesVersion(raw: string | null, errors: string[]): number {
  if (raw === null) return RULES_VERSION;
  const v = readWhole(raw);
  if (v !== null && knownVersion(v)) return v;
  errors.push(`Rules version ${JSON.stringify(raw)} is not one of 1 to ${RULES_VERSION}; using this version's defaults.`);
  return RULES_VERSION;
}

/** The query string of a game (always seed, ruleset, map and rules version; settings only where changed from its defaults). */
export function gameQuery(o: GameOptions, extra: { reveal?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (o.scenario) {
    // The scenario brings the ruleset and the map.
    params.set('scenario', scenarioKey(o.scenario));
    params.set('seed', o.seed);
    for (const [k, v] of Object.entries(o.settings)) params.set(`s.${k}`, String(v));
    params.set('rules', String(RULES_VERSION));
    if (extra.reveal) params.set('reveal', '1');
    return `?${params.toString()}`;
  }
  params.set('seed', o.seed);
  params.set('ruleset', o.ruleset);
  params.set('w', String(o.width));
  params.set('h', String(o.height));
  params.set('style', o.style);
  for (const [k, v] of Object.entries(o.settings)) params.set(`s.${k}`, String(v));
  params.set('rules', String(RULES_VERSION));
  if (extra.reveal) params.set('reveal', '1');
  return `?${params.toString()}`;
}

/**
 * The same game under another ruleset: same seed and map (so the same level, monsters and
 * placement draws; a scenario's game goes to the seed's generated level), keeping only the settings the other ruleset also has (the core's, and any of
 * its own with the same name).
 */
export function withRuleset(o: GameOptions, target: Ruleset): GameOptions {
  const names = new Set([...CORE_SETTINGS, ...target.settings].map((s) => s.name));
  const settings: Traits = {};
  for (const [k, v] of Object.entries(o.settings)) if (names.has(k)) settings[k] = v;
  // A scenario is a level of its own ruleset's traps: another ruleset plays the seed's level.
  if (o.scenario) {
    const { scenario: _dropped, ...rest } = o;
    return { ...rest, ruleset: target.id, settings, width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height, style: 'rooms' };
  }
  return { ...o, ruleset: target.id, settings };
}
