/**
 * The Traps skill and its practice. CDDA's SkillLevel::train: exercise accumulates, and at
 * 100 x (level + 1)^2 the level rises by one and the exercise starts again from 0 (so a level
 * takes 100, 400, 900, ... points). The seed says the character "will gain" the practice points, so
 * focus does not scale them here.
 */
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor } from '../../core/world.ts';
import { isPlayer, stat } from './actors.ts';
import { setTraits } from './harm.ts';

export const MAX_SKILL = 10;

export function exerciseNeeded(level: number): number {
  return 100 * (level + 1) * (level + 1);
}

/** Adds practice to the actor's Traps skill (players only; monsters do not learn). */
export function practice(ctx: RuleContext, a: Actor, amount: number): void {
  if (amount <= 0 || !a.alive || !isPlayer(ctx.world, a)) return;
  const level = stat(a, 'traps');
  if (level >= MAX_SKILL) return;
  const exercise = stat(a, 'trapsExercise') + Math.trunc(amount);
  if (exercise >= exerciseNeeded(level)) {
    setTraits(ctx, a, { traps: level + 1, trapsExercise: 0 });
    ctx.say(`Your skill in traps has increased to ${level + 1}!`, 'good');
  } else setTraits(ctx, a, { trapsExercise: exercise });
}

/** Progress toward the next level, in percent (the HUD). */
export function exercisePercent(a: Actor): number {
  const level = stat(a, 'traps');
  if (level >= MAX_SKILL) return 0;
  return Math.floor((100 * stat(a, 'trapsExercise')) / exerciseNeeded(level));
}
