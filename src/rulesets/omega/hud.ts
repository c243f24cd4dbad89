/**
 * The HUD lines of the omega ruleset: where you are and its difficulty D, your Omega traits, and
 * the states traps care about (the horse, levitation, shadowform, alertness, fear, poison, ...).
 */
import { hpText } from '../../core/words.ts';
import type { Actor, World } from '../../core/world.ts';
import { carriedWeight, maxWeight, mounted, num } from './actor.ts';
import { difficultyOf } from './effects.ts';
import { environmentById } from './environments.ts';
import { omegaSettings } from './settings.ts';

/** A timed state for display: its units left, or "permanent" from 1000 on. */
function timed(v: number): string {
  return v >= 1000 ? 'permanent' : String(v);
}

/** Statuses with a line of their own (the HUD's status list leaves them out). */
const STATUS_LINES = [
  ['Poisoned', 'poisoned'],
  ['Immobile', 'held'],
  ['Asleep', 'asleep'],
] as const;
export const SHOWN_STATUSES: readonly string[] = STATUS_LINES.map(([, name]) => name);

export function hud(world: World, actor: Actor): Array<{ label: string; value: string }> {
  const env = environmentById(omegaSettings(world.settings).environment);
  const lines: Array<{ label: string; value: string }> = [
    // Omega's own place (a setting), whatever the map's style: it sets the difficulty D.
    { label: 'Omega location', value: env.dungeon ? `${env.name}, level ${world.depth}` : env.name },
    { label: 'Difficulty D', value: String(difficultyOf(world)) },
    { label: 'Dex', value: String(num(actor, 'dex', 12)) },
    { label: 'Agi', value: String(num(actor, 'agility', 12)) },
    { label: 'Level', value: `${num(actor, 'level', 1)} (${actor.xp} xp)` },
    { label: 'Thieves rank', value: String(num(actor, 'rank')) },
    { label: 'Absorption', value: String(num(actor, 'absorption')) },
    { label: 'Mana', value: `${num(actor, 'mana')}/${num(actor, 'maxMana')}` },
    { label: 'Alignment', value: String(num(actor, 'alignment')) },
    { label: 'Load', value: `${carriedWeight(actor)}/${maxWeight(actor)}` },
  ];
  if (mounted(actor)) lines.push({ label: 'Horse', value: `${hpText(num(actor, 'horseHp'), num(actor, 'horseMaxHp'))} HP` });
  for (const [label, name] of [
    ['Levitating', 'levitating'],
    ['Shadowform', 'shadowform'],
    ['Alert', 'alert'],
    ['Afraid', 'afraid'],
  ] as const) {
    const v = num(actor, name);
    if (v > 0) lines.push({ label, value: timed(v) });
  }
  for (const [label, name] of STATUS_LINES) {
    const v = actor.status[name] ?? 0;
    if (v > 0) lines.push({ label, value: String(v) });
  }
  return lines;
}
