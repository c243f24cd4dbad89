/**
 * The mechanical traps: bubble wrap, bear traps, spiked board, tripwire, crossbow, shotgun,
 * spinning blades, snares and the cot. Numbers and messages are the seed's, filled in from CDDA's
 * trapfunc.cpp of the seed's era where the seed is silent (which parts, which sides, messages).
 */
import { freeCells } from '../../core/effects/freeCells.ts';
import { show } from '../../core/messages.ts';
import { constant, type Prob } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { isPlayer, loseMoves, type Size, sizeOf, stat, getDodge } from './actors.ts';
import { type HitPart, PART_NAME, randomHitPart, randomLeg } from './body.ts';
import { oneIn, rng } from './checks.ts';
import { dropItems, hurtAll, hurtCreature, hurtPart, trapDraw, trapNoise } from './harm.ts';
import { flag } from './settings.ts';
import { FOREVER, holdFor } from './status.ts';
import { trapFacts } from './traps.ts';

/**
 * What the mechanical traps do to the player, as rng(lo, hi) ranges: the effects below deal them and
 * the step reading (stepOdds.ts) reads them, so the two cannot disagree.
 */
export const BEARTRAP_DAMAGE = [10, 16] as const;
export const BOARD_DAMAGE = [6, 10] as const;
/** The tripwire hurts every part when rng(5, 20) > Dex. */
export const TRIPWIRE_DEX_ROLL = [5, 20] as const;
export const TRIPWIRE_DAMAGE = [1, 4] as const;
/** The crossbow misses one time in 4; else it hits when rng(8, 20) > dodge. */
export const CROSSBOW_MISS_ONE_IN = 4;
export const CROSSBOW_DODGE_ROLL = [8, 20] as const;
export const CROSSBOW_DAMAGE = [20, 30] as const;
/** The shotgun hits when rng(5, 50) > dodge, for rng(40, 60) a barrel. */
export const SHOTGUN_DODGE_ROLL = [5, 50] as const;
export const SHOTGUN_DAMAGE_PER_BARREL = [40, 60] as const;
export const BLADE_DAMAGE = [12, 30] as const;
/** The heavy snare's 15 bash + 20 cut to a leg. */
export const HEAVY_SNARE_DAMAGE = 15 + 20;

/** Pop! Tiny animals are too light for it. Once popped it is gone. */
export function bubblewrap(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (actor && sizeOf(actor) === 'tiny') return;
  // The onlooker's line names the monster bare and lower-case ("kobold steps on ..."): kept as it
  // was, since a template would make it "The kobold steps on ...".
  if (actor && isPlayer(ctx.world, actor)) ctx.say('You step on some bubble wrap!', 'info');
  else if (actor && ctx.playerSees(actor.x, actor.y)) ctx.say(`${actor.name} steps on some bubble wrap!`, 'info');
  trapNoise(ctx, trap.x, trap.y, 18, 'Pop!');
  ctx.removeTrap(trap, 'spent');
}

export function beartrap(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (actor && sizeOf(actor) === 'tiny') return;
  trapNoise(ctx, trap.x, trap.y, 8, 'SNAP!');
  ctx.removeTrap(trap, 'spent');
  if (actor) {
    const harm = { trap, damageType: 'cut' };
    show(ctx, actor, 'A bear trap closes on [your|{1}\u2019s] foot!', 'bad', { seenTone: 'trap' });
    if (isPlayer(ctx.world, actor)) {
      hurtPart(ctx, actor, trapDraw(ctx, randomLeg()), trapDraw(ctx, rng(...BEARTRAP_DAMAGE)), harm);
      if (actor.alive && flag(ctx.settings, 'bearTrapHoldsPlayer')) holdFor(ctx, actor, 'beartrap', trapDraw(ctx, rng(8, 15)));
    } else {
      hurtCreature(ctx, actor, 35, harm);
      if (actor.alive) holdFor(ctx, actor, 'beartrap', trapDraw(ctx, rng(8, 15)));
    }
  }
  dropItems(ctx, trap.x, trap.y, ['beartrap']);
}

/** Tiny animals squeeze between the nails. The board stays. */
export function board(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor || sizeOf(actor) === 'tiny') return;
  const harm = { trap, damageType: 'cut' };
  show(ctx, actor, '{1} step[s] on a spiked board!', 'bad', { seenTone: 'trap' });
  if (isPlayer(ctx.world, actor)) {
    hurtPart(ctx, actor, 'foot_l', trapDraw(ctx, rng(...BOARD_DAMAGE)), harm);
    hurtPart(ctx, actor, 'foot_r', trapDraw(ctx, rng(...BOARD_DAMAGE)), harm);
  } else {
    hurtCreature(ctx, actor, trapDraw(ctx, rng(6, 10)), harm);
    loseMoves(ctx, actor, 80);
  }
}

/** Tiny animals squeeze under it. The wire stays. */
export function tripwire(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor || sizeOf(actor) === 'tiny') return;
  const harm = { trap, damageType: 'bash' };
  show(ctx, actor, '{1} trip[s] over a tripwire!', 'bad', { seenTone: 'trap' });
  if (!isPlayer(ctx.world, actor)) {
    // The seed: "If activated by monster, trap always deals 1-4 damage."
    hurtCreature(ctx, actor, trapDraw(ctx, rng(1, 4)), harm);
    return;
  }
  // Pushed to a random empty square around the wire (no creature, walkable; a chest is no matter):
  // the wire's own square, then the 8 around clockwise from north.
  const valid = freeCells(ctx.world, { noActor: true, near: { x: trap.x, y: trap.y, radius: 1 }, order: 'spiral' });
  if (valid.length > 0) {
    const [x, y] = valid[trapDraw(ctx, rng(0, valid.length - 1))]!;
    ctx.moveActor(actor, x, y, 'push', false);
  }
  loseMoves(ctx, actor, 150);
  // Dex decreases the chance of taking damage: rng(5, 20) > Dex hurts every part 1-4.
  if (trapDraw(ctx, rng(...TRIPWIRE_DEX_ROLL)) > stat(actor, 'dex', 8)) hurtAll(ctx, actor, trapDraw(ctx, rng(...TRIPWIRE_DAMAGE)), harm);
}

export function crossbow(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  let bolt = true;
  if (actor) {
    const harm = { trap, damageType: 'cut' };
    if (isPlayer(ctx.world, actor)) ctx.say('You trigger a crossbow trap!', 'bad');
    // 25% it misses; otherwise the player must pass the dodge check (rng(8, 20) > dodge hits).
    const misses = trapDraw(ctx, oneIn(CROSSBOW_MISS_ONE_IN));
    if (isPlayer(ctx.world, actor)) {
      if (!misses && trapDraw(ctx, rng(...CROSSBOW_DODGE_ROLL)) > getDodge(ctx.world, actor)) {
        const part = trapDraw(ctx, randomHitPart());
        ctx.say(`Your ${PART_NAME[part]} is hit!`, 'bad');
        hurtPart(ctx, actor, part, trapDraw(ctx, rng(...CROSSBOW_DAMAGE)), harm);
        bolt = !trapDraw(ctx, oneIn(10));
      } else ctx.say('You dodge the shot!', 'good');
    } else if (!misses) {
      // The seed: monsters get no dodge, though the trap can miss anyway.
      show(ctx, actor, 'A bolt shoots out and hits {1 him}!', 'trap', { seenTone: 'trap' });
      hurtCreature(ctx, actor, trapDraw(ctx, rng(20, 30)), harm);
      bolt = !trapDraw(ctx, oneIn(10));
    } else show(ctx, actor, 'A bolt shoots out, but misses {1 him}.', 'info');
  }
  ctx.removeTrap(trap, 'spent');
  dropItems(ctx, trap.x, trap.y, [...trapFacts('crossbow').returns, ...(bolt ? ['bolt_steel'] : [])]);
}

/** one_in(n) by monster size for a double shot (CDDA: tiny 100, small 16, medium 12, large 8, huge 2). */
const DOUBLE_SHOT_BY_SIZE: Record<Size, number> = { tiny: 100, small: 16, medium: 12, large: 8, huge: 2 };

/** Both barrels: one_in(8), else one_in(second). */
export function doubleShotOdds(second: number): Prob<boolean> {
  return oneIn(8).bind((a) => (a ? constant(true) : oneIn(second)));
}

/** The player's second chance at both barrels: one_in(20 - max Str). */
export function playerSecondShot(str: number): number {
  return 20 - str;
}

/** Both barrels: one_in(8) or one_in(20 - max Str) for a player, one_in(8) or the size's chance for a monster. */
export function doubleShot(world: RuleContext['world'], actor: Actor): Prob<boolean> {
  return doubleShotOdds(isPlayer(world, actor) ? playerSecondShot(stat(actor, 'str', 8)) : DOUBLE_SHOT_BY_SIZE[sizeOf(actor)]);
}

/** The shot at the last charge fires one barrel only. */
export function isLastCharge(charges: number): boolean {
  return charges >= 0 && charges <= 1;
}

export function shotgun(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  trapNoise(ctx, trap.x, trap.y, 60, 'Kerblam!');
  const lastCharge = isLastCharge(trap.charges);
  let shots = 1;
  if (actor) {
    const harm = { trap, damageType: 'bullet' };
    if (isPlayer(ctx.world, actor)) ctx.say('You trigger a shotgun trap!', 'bad');
    shots = trapDraw(ctx, doubleShot(ctx.world, actor)) && !lastCharge ? 2 : 1;
    if (isPlayer(ctx.world, actor)) {
      if (trapDraw(ctx, rng(...SHOTGUN_DODGE_ROLL)) > getDodge(ctx.world, actor)) {
        const part = trapDraw(ctx, randomHitPart());
        ctx.say(`Your ${PART_NAME[part]} is hit!`, 'bad');
        hurtPart(ctx, actor, part, trapDraw(ctx, rng(SHOTGUN_DAMAGE_PER_BARREL[0] * shots, SHOTGUN_DAMAGE_PER_BARREL[1] * shots)), harm);
      } else ctx.say('You dodge the shot!', 'good');
    } else {
      show(ctx, actor, 'A shotgun fires and hits {1 him}!', 'trap', { seenTone: 'trap' });
      hurtCreature(ctx, actor, trapDraw(ctx, rng(SHOTGUN_DAMAGE_PER_BARREL[0] * shots, SHOTGUN_DAMAGE_PER_BARREL[1] * shots)), harm);
    }
  }
  // It works until both charges are fired, then leaves its items.
  if (shots === 2 || lastCharge) {
    ctx.removeTrap(trap, 'spent');
    dropItems(ctx, trap.x, trap.y, trapFacts('shotgun').returns);
  } else ctx.spendCharge(trap);
}

export function blade(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor) return;
  show(ctx, actor, 'A blade swings out and hacks [your torso|{1}]!', 'bad', { seenTone: 'trap' });
  if (isPlayer(ctx.world, actor)) {
    hurtPart(ctx, actor, 'torso', trapDraw(ctx, rng(...BLADE_DAMAGE)), { trap, damageType: 'cut' });
  } else {
    hurtCreature(ctx, actor, 30 + 12, { trap, damageType: 'cut' });
  }
}

/**
 * Snares hold creatures up to a size (light: MEDIUM, heavy: LARGE). Turns held and damage from the
 * CDDA code of the seed's era: the player 10-20 (light) or 20-30 (heavy, 15 bash + 20 cut to a leg);
 * monsters by size, the smallest held for good.
 */
interface SnareRule {
  damage: number;
  turns: [number, number] | 'forever' | null;
}
const LIGHT_SNARE: Record<Size, SnareRule> = {
  tiny: { damage: 10, turns: 'forever' },
  small: { damage: 0, turns: [100, 150] },
  medium: { damage: 0, turns: [20, 30] },
  large: { damage: 0, turns: null },
  huge: { damage: 0, turns: null },
};
const HEAVY_SNARE: Record<Size, SnareRule> = {
  tiny: { damage: 20, turns: 'forever' },
  small: { damage: 20, turns: 'forever' },
  medium: { damage: 10, turns: [100, 150] },
  large: { damage: 0, turns: [20, 30] },
  huge: { damage: 0, turns: null },
};

export function snare(ctx: RuleContext, trap: Trap, actor: Actor | null, heavy: boolean): void {
  trapNoise(ctx, trap.x, trap.y, heavy ? 4 : 2, 'Snap!');
  ctx.removeTrap(trap, 'spent');
  dropItems(ctx, trap.x, trap.y, trapFacts(heavy ? 'heavy_snare' : 'light_snare').returns);
  if (!actor) return;
  const key = heavy ? 'heavysnare' : 'lightsnare';
  const harm = { trap, damageType: 'bash' };
  if (isPlayer(ctx.world, actor)) {
    const leg: HitPart = trapDraw(ctx, randomLeg());
    ctx.say(heavy ? `A snare closes on your ${PART_NAME[leg]}.` : 'A snare closes on your leg.', 'bad');
    if (heavy) hurtPart(ctx, actor, leg, HEAVY_SNARE_DAMAGE, harm);
    if (actor.alive) holdFor(ctx, actor, key, trapDraw(ctx, heavy ? rng(20, 30) : rng(10, 20)));
    return;
  }
  const rule = (heavy ? HEAVY_SNARE : LIGHT_SNARE)[sizeOf(actor)];
  if (rule.turns === null) {
    show(ctx, actor, 'The snare has no effect on {1 him}!', 'info');
    return;
  }
  show(ctx, actor, '{1} [have|has] been snared!', 'trap', { seenTone: 'trap' });
  if (rule.damage > 0) hurtCreature(ctx, actor, rule.damage, harm);
  if (!actor.alive) return;
  holdFor(ctx, actor, key, rule.turns === 'forever' ? FOREVER : trapDraw(ctx, rng(rule.turns[0], rule.turns[1])));
}

/** Only monsters stumble over a cot ("humans are smart"): -100 moves. */
export function cot(ctx: RuleContext, _trap: Trap, actor: Actor | null): void {
  if (!actor || isPlayer(ctx.world, actor)) return;
  show(ctx, actor, '{1} stumble[s] over the cot!', 'good', { seenTone: 'good' });
  loseMoves(ctx, actor, 100);
}
