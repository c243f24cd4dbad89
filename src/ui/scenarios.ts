/**
 * The scenarios (hand-made levels, core/scenario.ts) the page plays: the shipped ones
 * (examples/scenarios/*.json, bundled here), one a player imports, and one a kept game carries.
 * `findScenario` finds the scenario an address names (`?scenario=pit-corridor`, or a scenario's
 * key); `playableScenario` makes one ready to play (its ruleset loaded, its trap file registered,
 * its kinds checked) and gives the options of a game on it, or the message naming what is wrong.
 *
 * Loaded only when a scenario is asked for (an address naming one, the New game panel, the level
 * editor): it brings the scenario reader and zod, which the first load does without.
 */
import { parseScenario, type Scenario, ScenarioError, scenarioKey, scenarioWorld } from '../core/scenario.ts';
import { SaveStore } from '../share/saves.ts';
import { playTrapFile } from '../share/trapFiles.ts';
import { checkTrapFile } from './newgameTraps.ts';
import { loadRuleset, RULESET_IDS, rulesetDisplayName } from './rulesets.ts';
import type { GameOptions } from './url.ts';

/** A scenario the New game panel offers: `name` is its file's name without `.json` (`pit-corridor`). */
export interface ShippedScenario {
  name: string;
  scenario: Scenario;
}

// Parsed by the one reader of scenarios, so a broken example fails the build's tests, not a game.
const FILES = import.meta.glob<unknown>('../../examples/scenarios/*.json', { eager: true, import: 'default' });

export const SHIPPED_SCENARIOS: readonly ShippedScenario[] = Object.entries(FILES)
  .map(([path, value]) => {
    const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, '');
    return { name, scenario: parseScenario(value, `${name}.json`) };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * The scenario an address names: a shipped one by its file's name or its key, else a kept game's
 * of that key (parsed again: a save is outside input). Null when none has it.
 */
export function findScenario(key: string, storage: Storage | null): { scenario: Scenario; source: string } | null {
  const shipped = SHIPPED_SCENARIOS.find((s) => s.name === key || scenarioKey(s.scenario) === key);
  if (shipped) return { scenario: shipped.scenario, source: `${shipped.name}.json, shipped` };
  if (!storage) return null;
  const raw = new SaveStore(storage).scenarioFor(key);
  if (raw === undefined) return null;
  try {
    const scenario = parseScenario(raw, 'the kept game’s scenario');
    return scenarioKey(scenario) === key ? { scenario, source: 'a game kept in this browser' } : null;
  } catch {
    return null;
  }
}

/**
 * Reads a scenario file the player chose (its text): the scenario, or the message naming the
 * file and each bad field. Registers nothing.
 */
export function readScenarioFile(text: string, source: string): { scenario: Scenario } | { error: string } {
  try {
    return { scenario: parseScenario(text, source) };
  } catch (e) {
    if (e instanceof ScenarioError) return { error: e.message };
    throw e;
  }
}

/**
 * Makes a scenario ready to play: loads its ruleset, registers its trap file (if it brings one),
 * checks that the ruleset plays each of its trap kinds and settings; then the options of a game on
 * it of seed `seed`. The error names what is wrong; nothing is started either way.
 */
export async function playableScenario(s: Scenario, seed: string, source: string): Promise<{ options: GameOptions } | { error: string }> {
  if (!RULESET_IDS.includes(s.ruleset)) return { error: new ScenarioError(source, [`ruleset: no ruleset "${s.ruleset}" (${RULESET_IDS.join(', ')})`]).message };
  try {
    await loadRuleset(s.ruleset);
  } catch (e) {
    return { error: `${source}: ${rulesetDisplayName(s.ruleset)} could not be loaded (${(e as Error).message})` };
  }
  let ruleset = s.ruleset;
  if (s.trapFile) {
    const checked = checkTrapFile(s.trapFile, `${source} (its trapFile)`);
    if ('error' in checked) return { error: checked.error };
    ruleset = playTrapFile(checked.file, `${source} (its trapFile)`);
  }
  try {
    scenarioWorld(s, ruleset, seed, {}, source);
  } catch (e) {
    if (e instanceof ScenarioError) return { error: e.message };
    return { error: `${source}: ${(e as Error).message}` };
  }
  return { options: { seed, ruleset, width: s.map[0]!.length, height: s.map.length, style: 'rooms', settings: {}, scenario: s } };
}
