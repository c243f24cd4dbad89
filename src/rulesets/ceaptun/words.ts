/** Wording shared by the log and look mode: articles, "you" or "the kobold", health words. */
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor } from '../../core/world.ts';
import { withArticle } from '../../core/words.ts';

export { capitalise, withArticle } from '../../core/words.ts';

/** The death cause of a trap's kill: the death screen shows "Killed by a fireball trap". */
export function killedBy(trapName: string): string {
  return `killed by ${withArticle(trapName)}`;
}

export function isHero(ctx: RuleContext, actor: Actor | null | undefined): boolean {
  return actor !== null && actor !== undefined && actor.id === ctx.world.playerId;
}
