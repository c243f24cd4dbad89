/**
 * The mechanical traps the vocabulary does not say: bubble wrap and the shotgun (the bear traps,
 * spiked board, tripwire, crossbow, blade, snares and the cot are data: traps.json). Numbers
 * and messages are the seed's, filled in from CDDA's trapfunc.cpp of the seed's era where the
 * seed is silent.
 */
import { show } from '../../core/messages.ts';
import { constant, type Prob } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { isPlayer, type Size, sizeOf, stat, getDodge } from './actors.ts';
import { PART_NAME, randomHitPart } from './body.ts';
import { oneIn, rng } from './checks.ts';
import { dropItems, hurtCreature, hurtPart, trapDraw, trapNoise } from './harm.ts';
import { trapFacts } from './traps.ts';

/** The shotgun hits when rng(5, 50) > dodge, for rng(40, 60) a barrel. */
export const SHOTGUN_DODGE_ROLL = [5, 50] as const;
export const SHOTGUN_DAMAGE_PER_BARREL = [40, 60] as const;

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
