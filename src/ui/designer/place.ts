/**
 * Putting a designed trap into the running level: a sandbox edit through the game controller
 * (`GameController.placeTrap`: a fresh id and a `trapPlaced` event, known to the player). No DOM
 * here, so Node tests place a trap and step on it with the real controller.
 */
import type { TrapHost } from '../../core/world.ts';
import { chestAt, isDoor, inBounds, terrainAt, type Trap, type World } from '../../core/world.ts';
import { type DesignInputs, designedTrapSpec } from '../../rulesets/d20/designer.ts';
import type { GameController } from '../game.ts';

/** The only ruleset whose traps the designer makes. */
export const DESIGNER_RULESET = 'd20';

/** What links and the share panel say once a trap has been placed by hand. */
export const EDITED_REASON = 'A trap was placed from the trap designer (a sandbox edit), so this game is no longer recorded: links, saves and replays are off until a new game starts.';

/** The trap's host on a cell: the chest or door there, else the floor. */
export function hostAt(world: World, x: number, y: number): TrapHost {
  if (!inBounds(world, x, y)) return { kind: 'floor' };
  const chest = chestAt(world, x, y);
  if (chest) return { kind: 'chest', chest: chest.id };
  if (isDoor(terrainAt(world, x, y))) return { kind: 'door' };
  return { kind: 'floor' };
}

/** Why a designed trap cannot be placed in this game now, or null when it can. */
export function placeBlocker(game: GameController): string | null {
  const world = game.world;
  if (!world) return 'No game is running.';
  if (world.ruleset !== DESIGNER_RULESET) return `Placing needs a d20 game (this one is ${game.ruleset?.name ?? world.ruleset}): start one with New game.`;
  if (world.over) return 'The game is over: start a new one to place traps.';
  return null;
}

/** Places the designed trap at (x, y). Returns the trap, or why it was not placed. */
export function placeDesigned(game: GameController, inputs: DesignInputs, x: number, y: number, name: string): { trap: Trap } | { refused: string } {
  const blocked = placeBlocker(game);
  if (blocked) return { refused: blocked };
  const world = game.world!;
  const trapName = name.trim() === '' ? 'designed trap' : name.trim();
  const spec = designedTrapSpec(inputs, x, y, { host: hostAt(world, x, y), name: trapName, known: true });
  if ('error' in spec) return { refused: spec.error };
  const where = spec.host?.kind === 'chest' ? 'on the chest' : spec.host?.kind === 'door' ? 'on the door' : 'on the floor';
  return game.placeTrap(spec, EDITED_REASON, `You place the ${trapName} ${where} (a sandbox edit: this game is no longer recorded).`);
}
