/**
 * What the cdda rules read off actors: the survivor's stats and skills (traits set from the
 * settings), monsters' dodge, size and material, and move points. 100 move points are one turn of
 * an unmodified human (speed 100); the engine counts ticks, so moves convert by 100 / speed.
 */
import type { MonsterKind, RuleContext } from '../../core/ruleset.ts';
import { ticksAtSpeed } from '../../core/scheduler.ts';
import type { Actor, Traits, World } from '../../core/world.ts';
import type { CddaTraitName, CddaTraits } from './traits.ts';

export function isPlayer(world: World, a: Actor): boolean {
  return a.id === world.playerId;
}

export function stat(a: Actor, name: CddaTraitName, fallback = 0): number {
  const v = a.traits[name];
  return typeof v === 'number' ? v : fallback;
}

export function has(a: Actor, name: CddaTraitName): boolean {
  return a.traits[name] === true;
}

/** Creature sizes, smallest first; the survivor is MEDIUM. */
export const SIZES = ['tiny', 'small', 'medium', 'large', 'huge'] as const;
export type Size = (typeof SIZES)[number];

export function sizeOf(a: Actor): Size {
  const s = a.traits.size;
  return typeof s === 'string' && (SIZES as readonly string[]).includes(s) ? (s as Size) : 'medium';
}

export function sizeRank(a: Actor): number {
  return SIZES.indexOf(sizeOf(a));
}

/**
 * get_dodge() for the player's trap checks (crossbow, shotgun, pits): Dex / 2 + Dodge skill, as
 * CDDA's player::get_dodge_base ("1/2*DEX + dodge skill level"). A monster's is its dodge skill,
 * halved while it is Trapped (the seed: "its dodge is halved").
 */
export function getDodge(world: World, a: Actor): number {
  if (isPlayer(world, a)) return Math.floor(stat(a, 'dex', 8) / 2) + stat(a, 'dodge');
  const dodge = stat(a, 'dodge');
  return isTrapped(a) ? Math.floor(dodge / 2) : dodge;
}

/** Statuses that hold an actor in place (CDDA's effects of the same names), with what holds it. */
export const HOLDS = [
  ['beartrap', 'bear trap'],
  ['lightsnare', 'light snare'],
  ['heavysnare', 'heavy snare'],
] as const;

export function isTrapped(a: Actor): boolean {
  return HOLDS.some(([key]) => (a.status[key] ?? 0) > 0);
}

/**
 * Ticks that `moves` move points take this actor: CDDA's move points are the core's ticks at
 * speed 100 (100 moves = one turn), scaled by the actor's speed. Never below 0: no action gives
 * time back.
 */
export function movesToTicks(a: Actor, moves: number): number {
  return Math.max(0, ticksAtSpeed(moves, a.speed));
}

/** Costs the actor `moves` move points now (tripwires, spiked boards, pits). */
export function loseMoves(ctx: RuleContext, a: Actor, moves: number): void {
  if (a.alive) ctx.delay(a, movesToTicks(a, moves));
}

/**
 * The ruleset's traits for the shared monster kinds: a dodge skill in CDDA's range (0 for zombies
 * and brutes, a few points for quick small things) and the material lava reads. None dig; none are
 * robots.
 */
const MONSTER_DODGE: Record<string, number> = { rat: 2, kobold: 1, bat: 4, goblin: 2, zombie: 0, orc: 1, ogre: 0, blob: 0, shadow: 3, shadow_snake: 2 };

export function monsterTraits(kind: MonsterKind): Traits {
  return { dodge: MONSTER_DODGE[kind.id] ?? 1, material: 'flesh', robotic: false, digging: false } satisfies CddaTraits;
}
