/**
 * What the level editor shows on the map: the draft as the first world of a game on it
 * (`scenarioWorld`, so the editor draws exactly the level Play starts), with the whole map in
 * sight and every trap known, since a designer sees what the player will not. No DOM, so Node
 * tests read it.
 */
import { scenarioWorld } from '../../core/scenarioLevel.ts';
import type { World } from '../../core/world.ts';
import type { LevelDraft } from './draft.ts';

/** The dice of the preview: fixed, so the same draft always looks the same. */
const PREVIEW_SEED = 'editor';

/**
 * The world the editor draws for `draft`, played by `rulesetId` (the draft's ruleset, or the one
 * its trap file registered). The world is a payload being built, never played: it is revealed by
 * writing its view and its traps' knowledge directly. Throws what `scenarioWorld` throws (a trap
 * kind the ruleset has not); the editor's palette offers only the ruleset's kinds.
 */
export function previewWorld(draft: LevelDraft, rulesetId: string): World {
  const world = scenarioWorld(draft.scenario(), rulesetId, PREVIEW_SEED, {}, 'the level editor');
  for (let i = 0; i < world.terrain.length; i++) {
    world.visible[i] = 1;
    world.memory[i] = world.terrain[i]! + 1;
  }
  for (const t of world.traps) if (!t.knownBy.includes(world.playerId)) t.knownBy.push(world.playerId);
  return world;
}
