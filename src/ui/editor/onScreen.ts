/**
 * The level on screen as the editor opens it: a game on a scenario gives its scenario as drawn
 * (not as play has left it); a generated level gives its cells as they stand now, with its trap
 * file for a trap file's ruleset (`ceaptun+net-trap`), so its own kinds stay placeable.
 */
import type { World } from '../../core/world.ts';
import { trapFileOf } from '../../share/trapFiles.ts';
import { baseRuleset } from '../newgame.ts';
import type { GameOptions } from '../url.ts';
import { draftOfWorld, LevelDraft } from './draft.ts';
import type { EditorLevel } from './panel.ts';

export function levelOnScreen(world: World | null, options: GameOptions | null): EditorLevel | null {
  if (!world || !options) return null;
  if (options.scenario) return { draft: LevelDraft.fromScenario(options.scenario), rulesetId: options.ruleset };
  const base = baseRuleset(world.ruleset);
  const trapFile = base !== world.ruleset ? trapFileOf(world.ruleset) : undefined;
  const draft = draftOfWorld(world, `Level of seed ${world.seed}, depth ${world.depth}`, { ruleset: base, ...(trapFile ? { trapFile } : {}) });
  return { draft, rulesetId: world.ruleset };
}
