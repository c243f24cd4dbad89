/**
 * Putting a designed trap into the running level, as an edit of the level (the level editor's
 * kind, ui/editor/draft.ts): the level on screen as it stands — the player where they stand, the
 * traps left, the monsters alive — becomes a scenario with the trap in it (its design carried in
 * the file), and a new game starts on it. That game is recorded, linked and replayable like any
 * game on a scenario; the world is never written outside the engine. No DOM here, so Node tests
 * place a trap and step on it with the real controller.
 */
import { parseScenario, type Scenario, ScenarioError, scenarioWorld } from '../../core/scenario.ts';
import { trapAt } from '../../core/level.ts';
import { inBounds, Terrain, terrainAt } from '../../core/world.ts';
import { type DesignInputs, designFromInputs } from '../../rulesets/d20/designer.ts';
import { draftOfWorld } from '../editor/draft.ts';
import type { GameController } from '../game.ts';
import type { GameOptions } from '../url.ts';

/** The only ruleset whose traps the designer makes. */
export const DESIGNER_RULESET = 'd20';

/** Why a designed trap cannot be placed in this game now, or null when it can. */
export function placeBlocker(game: GameController): string | null {
  const world = game.world;
  if (!world) return 'No game is running.';
  if (world.ruleset !== DESIGNER_RULESET) return `Placing needs a d20 game (this one is ${game.ruleset?.name ?? world.ruleset}): start one with New game.`;
  if (world.over) return 'The game is over: start a new one to place traps.';
  return null;
}

/** What placing gives: the game to start on the level with the trap, and what the log says of it. */
export interface Placed {
  options: GameOptions;
  scenario: Scenario;
  text: string;
}

/** The most a scenario's name holds (core/scenario.ts). */
const NAME_MAX = 60;

/**
 * The level on screen with the designed trap at (x, y), as the game to start on it; or why not.
 * A door or chest on the cell hosts the trap; the trap is known to the player.
 */
export function placeDesigned(game: GameController, inputs: DesignInputs, x: number, y: number, name: string): Placed | { refused: string } {
  const blocked = placeBlocker(game);
  if (blocked) return { refused: blocked };
  const world = game.world!;
  if (!inBounds(world, x, y)) return { refused: 'That cell is off the map.' };
  const t = terrainAt(world, x, y);
  if (t === Terrain.Wall || t === Terrain.DoorSecret || t === Terrain.SoftWall) return { refused: 'A trap cannot go inside a wall: choose a floor, door or chest.' };
  if (trapAt(world, x, y)) return { refused: 'There is a trap there already.' };
  const made = designFromInputs(inputs);
  if (!made.ok) return { refused: made.error };
  const trapName = name.trim() === '' ? 'designed trap' : name.trim().slice(0, NAME_MAX);
  const was = game.options?.scenario?.name ?? `Seed ${world.seed}, depth ${world.depth}`;
  const levelName = `${was} + ${trapName}`.slice(0, NAME_MAX);
  const draft = draftOfWorld(world, levelName);
  draft.rename(levelName, `The level of ${game.options?.scenario ? `the scenario "${was}"` : `seed ${world.seed}, depth ${world.depth}`} at turn ${world.turn}, with the designed trap "${trapName}" placed at (${x}, ${y}).`);
  draft.placeTrap(x, y, 'designed', true, { name: trapName, inputs: { ...inputs } });
  let scenario: Scenario;
  try {
    scenario = parseScenario(draft.scenario(), 'the level with the trap');
    scenarioWorld(scenario, DESIGNER_RULESET, world.seed, game.options?.settings ?? {}, 'the level with the trap');
  } catch (e) {
    if (e instanceof ScenarioError) return { refused: e.message };
    throw e;
  }
  const host = draft.trapAt(x, y)?.host;
  const where = host === 'chest' ? 'on the chest' : host === 'door' ? 'on the door' : 'on the floor';
  return {
    scenario,
    options: { seed: world.seed, ruleset: DESIGNER_RULESET, width: world.width, height: world.height, style: 'rooms', settings: game.options?.settings ?? {}, scenario },
    text: `You place the ${trapName} ${where}. The level as it stood, with the trap, is a scenario now: this new game on it is recorded (Share, Copy link; Level editor to go on editing).`,
  };
}
