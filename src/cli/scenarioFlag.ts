/**
 * `--scenario FILE` (map, sim): a hand-made level (core/scenario.ts), checked field by field; a
 * bad file is a UsageError naming the field (exit 2). Its trap kinds, if it brings any, are
 * registered as a trap file's are.
 */
import { MAX_SCENARIO_BYTES, parseScenario, type Scenario, ScenarioError, scenarioWorld } from '../core/scenario.ts';
import { readFlagFile } from './flagFile.ts';
import { UsageError } from './io.ts';
import { applyTrapFileFlag } from './trapsFlag.ts';

export function loadScenario(path: string): Scenario {
  const text = readFlagFile('scenario', path, MAX_SCENARIO_BYTES);
  try {
    return parseScenario(text, `--scenario ${path}`);
  } catch (e) {
    if (e instanceof ScenarioError) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * The scenario read as its ruleset would play it (its trap kinds, settings), so a kind the ruleset
 * lacks is named before any game starts; the ruleset id that plays it.
 */
export function checkScenario(s: Scenario, path: string): string {
  const id = scenarioRuleset(s, path);
  try {
    scenarioWorld(s, id, 'check', {}, `--scenario ${path}`);
  } catch (e) {
    if (e instanceof ScenarioError) throw new UsageError(e.message);
    throw e;
  }
  return id;
}

/** The ruleset id that plays the scenario: its own, or its trap file's (registered). */
export function scenarioRuleset(s: Scenario, path: string): string {
  return s.trapFile ? applyTrapFileFlag(s.trapFile, `${path} (its trapFile)`, s.ruleset) : s.ruleset;
}

/** Why a flag cannot go with `--scenario`: the scenario brings that part of the game itself. */
const BROUGHT: Readonly<Record<string, string>> = { width: 'its map', height: 'its map', style: 'its map', depth: 'its depth', 'level-seed': 'its level', traps: 'its trapFile' };

/**
 * The `--scenario FILE` of a command that plays games on a level (sim, compare, assert): the file
 * read and checked against its ruleset (its kinds, its settings), or null without the flag. A flag
 * the scenario brings itself (`--width`, `--traps` …) is refused, naming what brings it.
 */
export function scenarioFlag(values: Record<string, unknown>): { scenario: Scenario; path: string } | null {
  const path = values.scenario;
  if (typeof path !== 'string') return null;
  const scenario = loadScenario(path);
  for (const flag of Object.keys(BROUGHT)) if (values[flag] !== undefined) throw new UsageError(`--${flag}: a scenario brings its own (${BROUGHT[flag]})`);
  checkScenario(scenario, path);
  return { scenario, path };
}
