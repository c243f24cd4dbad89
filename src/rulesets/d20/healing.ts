/**
 * d20 3.5 SRD natural healing: "With a full night's rest (8 hours of sleep or more), you recover 1
 * hit point per character level." The core plays it (core/healing.ts): every 8 hours of the game
 * clock the hero regains its character level in hit points, up to its maximum.
 *
 * How game turns map to hours is ours to say (the setting `restTurnsPerHour`). The rule book fixes
 * one round as one turn (RULES.md: 6 seconds), so a true hour is 600 turns and a night 4,800: far
 * longer than a level lasts, so nothing would ever heal. The sandbox default compresses rest time
 * instead. The SRD heals only an uninterrupted night's sleep; here every hour of the game clock
 * counts as rest (the hero never sleeps on purpose), and complete bed rest (twice the level a day)
 * is not played.
 */
import type { Regeneration } from '../../core/ruleset.ts';
import type { Actor, Traits } from '../../core/world.ts';
import { num } from './actors.ts';
import { d20Settings } from './settings.ts';
import { healsNaturally } from './dyingPlay.ts';

/** Hours of rest a night's healing needs (the SRD's "8 hours of sleep or more"). */
export const REST_HOURS = 8;

/**
 * The SRD's natural healing: the hero's level in hit points every 8 hours; null when
 * `restTurnsPerHour` is 0 (off), and below 0 hit points until he recovers (dying rules: dyingPlay.ts).
 */
export function naturalHealing(settings: Traits, hero: Actor): Regeneration | null {
  const perHour = d20Settings(settings).restTurnsPerHour;
  if (perHour <= 0 || !healsNaturally({ settings }, hero)) return null;
  return { every: REST_HOURS * perHour, amount: Math.max(1, num(hero.traits, 'level', d20Settings(settings).playerLevel)) };
}
