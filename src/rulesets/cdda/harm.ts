/**
 * The small vocabulary trap effects share: hurting a body part (or a whole monster), telling the
 * player what they see, noises that wake sleepers, dropping items, reading a trap's numbers through
 * the ruleset's columns (so lab variants take effect). Everything goes through ctx.
 */
import { withArticle } from '../../core/words.ts';
import { type Prob, sample } from '../../core/prob.ts';
import { findTrapDef, getRuleset } from '../../core/registry.ts';
import type { RuleContext, TrapDef } from '../../core/ruleset.ts';
import type { Tone } from '../../core/events.ts';
import { type Actor, chebyshev, type Item, type Trap, player, type World } from '../../core/world.ts';
import { HP_PARTS, type HitPart, MAIN_PART } from './body.ts';
import { dice } from './checks.ts';
import { isPlayer } from './actors.ts';
import { itemName, trapData } from './traps.ts';

/** Draws from the trap stream: trap-side rolls (effects, monster avoidance). */
export function trapDraw<T extends string | number | boolean>(ctx: RuleContext, p: Prob<T>): T {
  return sample(p, ctx.rng('traps'));
}

export interface TrapNumbers {
  P: number | null;
  V: number;
  A: number;
  D: number;
}

function numOr<T extends number | null>(v: unknown, otherwise: T): number | T {
  return typeof v === 'number' ? v : otherwise;
}

function numbersFrom(def: TrapDef | undefined, kind: string): TrapNumbers {
  const cols = def?.columns ?? {};
  const data = trapData(kind);
  return {
    P: numOr(cols.P, data.practice),
    V: numOr(cols.V, data.visibility),
    A: numOr(cols.A, data.avoidance),
    D: numOr(cols.D, data.difficulty),
  };
}

/** P, V, A, D of a trap kind as play uses them: the table's columns, which lab variants may change. */
export function trapNumbers(ctx: RuleContext, kind: string): TrapNumbers {
  return numbersFrom(ctx.trapDef(kind), kind);
}

/** The same, where only the world is at hand (refusals, move costs, look mode). */
export function trapNumbersIn(world: World, kind: string): TrapNumbers {
  return numbersFrom(findTrapDef(getRuleset(world.ruleset), kind), kind);
}

/** The cause of death a trap writes: "killed by a bear trap". */
export function killedBy(ctx: RuleContext, trap: Trap): string {
  return `killed by ${withArticle(ctx.trapName(trap))}`;
}

export interface Harm {
  trap: Trap;
  damageType?: string;
  /** Overrides "killed by a <trap>". */
  cause?: string;
}

/**
 * Damage to one body part. A hand or foot hurts its arm's or leg's HP; a part at 0 takes no more
 * (CDDA clamps part HP at 0), so the actor's HP stays the sum of its parts. Monsters have no parts:
 * they take the whole amount.
 */
export function hurtPart(ctx: RuleContext, target: Actor, part: HitPart, amount: number, harm: Harm): void {
  if (!target.alive || amount <= 0) return;
  const opts = {
    cause: harm.cause ?? killedBy(ctx, harm.trap),
    trap: harm.trap,
    killer: harm.trap.owner,
    ...(harm.damageType ? { damageType: harm.damageType } : {}),
  };
  const parts = target.parts;
  if (!parts) {
    ctx.damage(target, amount, opts);
    return;
  }
  const pool = MAIN_PART[part];
  const left = parts[pool]?.hp ?? 0;
  const dealt = Math.min(Math.round(amount), Math.max(0, left));
  if (dealt <= 0) return;
  ctx.damage(target, dealt, { ...opts, part: pool });
}

/** CDDA's hurtall: the same damage to every HP part. */
export function hurtAll(ctx: RuleContext, target: Actor, amount: number, harm: Harm): void {
  if (!target.parts) {
    hurtPart(ctx, target, 'torso', amount, harm);
    return;
  }
  for (const p of HP_PARTS) hurtPart(ctx, target, p, amount, harm);
}

/** Damage to a creature as a whole: a monster's HP, or the player's torso. */
export function hurtCreature(ctx: RuleContext, target: Actor, amount: number, harm: Harm): void {
  hurtPart(ctx, target, 'torso', amount, harm);
}

/** Player text to the player; monster text (with "%s" for its name) only when the player sees it. */
export function tell(ctx: RuleContext, actor: Actor | null, playerText: string | null, monsterText: string | null, tone: Tone = 'trap'): void {
  if (!actor) return;
  if (isPlayer(ctx.world, actor)) {
    if (playerText) ctx.say(playerText, tone);
  } else if (monsterText && ctx.playerSees(actor.x, actor.y)) {
    ctx.say(monsterText.replace('%s', actor.name), tone);
  }
}

/**
 * A noise: wakes and draws monsters (the core), and wakes a sleeping player the way CDDA's sound()
 * did: heard within `volume` cells, woken when 2d20 < volume - distance.
 */
export function trapNoise(ctx: RuleContext, x: number, y: number, volume: number, description: string): void {
  ctx.noise(x, y, volume, description);
  const hero = player(ctx.world);
  if (!hero.alive || !(hero.status.asleep && hero.status.asleep > 0)) return;
  const distance = chebyshev(hero.x, hero.y, x, y);
  if (distance > volume) return;
  if (sample(dice(2, 20), ctx.rng('player')) < volume - distance) {
    ctx.emit({ type: 'actorUpdated', actor: hero.id, changes: { status: { asleep: 0 } } });
    ctx.say('You\u2019re woken up by a noise.', 'bad');
  }
}

/** Drops items (kinds, repeats counted) on a cell. */
export function dropItems(ctx: RuleContext, x: number, y: number, kinds: readonly string[]): void {
  const counts = new Map<string, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const [kind, count] of counts) ctx.placeItem({ kind, name: itemName(kind), count, x, y });
}

export function carries(a: Actor, kind: string): boolean {
  return a.inventory.some((i) => i.kind === kind && i.count > 0);
}

/** Takes one item of a kind from an actor's inventory. */
export function useOne(ctx: RuleContext, a: Actor, kind: string): void {
  const inventory: Item[] = [];
  let taken = false;
  for (const i of a.inventory) {
    if (!taken && i.kind === kind && i.count > 0) {
      taken = true;
      if (i.count > 1) inventory.push({ ...i, count: i.count - 1 });
      continue;
    }
    inventory.push({ ...i });
  }
  if (taken) ctx.emit({ type: 'actorUpdated', actor: a.id, changes: { inventory } });
}

/** Sets or clears statuses (0 clears). */
export function setStatus(ctx: RuleContext, a: Actor, status: Record<string, number>): void {
  ctx.emit({ type: 'actorUpdated', actor: a.id, changes: { status } });
}

export function setTraits(ctx: RuleContext, a: Actor, traits: Record<string, number | string | boolean>): void {
  ctx.emit({ type: 'actorUpdated', actor: a.id, changes: { traits } });
}
