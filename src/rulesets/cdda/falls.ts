/**
 * Traps you fall into or through: pit, spiked pit, sinkhole and ledge (lava is data: traps.json). A player in a pit is
 * stuck ("in_pit", see status.ts); a monster loses 1000 moves. Sinkholes and ledges drop the
 * player a level (the core makes the next level); a monster falls out of this level through a
 * sinkhole and dies at a ledge.
 */
import { freeCells } from '../../core/effects/freeCells.ts';
import { show } from '../../core/messages.ts';
import { chance } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { getDodge, has, isPlayer, loseMoves, sizeOf, stat } from './actors.ts';
import { PART_NAME, spikedPitPart } from './body.ts';
import { oneIn, rng } from './checks.ts';
import { carries, dropItems, hurtAll, hurtCreature, hurtPart, setStatus, trapDraw, useOne } from './harm.ts';
import { cddaSettings } from './settings.ts';

/**
 * What the pits do to the player (rng(lo, hi) ranges): the effects below deal them and the
 * step reading (stepOdds.ts) reads them.
 */
export const PIT_DAMAGE = [10, 20] as const;
export const SPIKED_PIT_DAMAGE = [20, 50] as const;
/** The spikes miss when rng(5, 30) < dodge. */
export const SPIKES_DODGE_ROLL = [5, 30] as const;
/** Lava's burn to each foot and each leg. */

/** Replaces a trap by a plain pit, known to the player when the old trap was. */
function becomePit(ctx: RuleContext, trap: Trap): void {
  const known = trap.knownBy.includes(ctx.world.playerId);
  ctx.removeTrap(trap, 'destroyed');
  const pit = ctx.placeTrap({ kind: 'pit', x: trap.x, y: trap.y, known }, trap.owner);
  if (known) ctx.reveal(pit, ctx.world.playerId, 'seen');
}

export function pit(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor || sizeOf(actor) === 'tiny') return;
  const harm = { trap, damageType: 'bash' };
  show(ctx, actor, '{1} fall[s] in a pit!', 'bad', { seenTone: 'trap' });
  if (!isPlayer(ctx.world, actor)) {
    hurtCreature(ctx, actor, trapDraw(ctx, rng(10, 20)), harm);
    loseMoves(ctx, actor, 1000);
    return;
  }
  if (has(actor, 'birdWings')) ctx.say('You flap your wings and flutter down gracefully.', 'good');
  else {
    // Dodge decreases the damage (or avoids it): rng(10, 20) - rng(dodge, 5 dodge).
    const dodge = getDodge(ctx.world, actor);
    const damage = trapDraw(ctx, rng(...PIT_DAMAGE)) - trapDraw(ctx, rng(dodge, dodge * 5));
    if (damage > 0) {
      ctx.say('You hurt yourself!', 'bad');
      hurtAll(ctx, actor, trapDraw(ctx, rng(Math.floor(damage / 2), damage)), harm);
      hurtPart(ctx, actor, 'leg_l', damage, harm);
      hurtPart(ctx, actor, 'leg_r', damage, harm);
    } else ctx.say('You land nimbly.', 'good');
  }
  if (actor.alive) setStatus(ctx, actor, { in_pit: 1 });
}

function spearsBreak(ctx: RuleContext, trap: Trap): void {
  if (!trapDraw(ctx, chance(1, 4))) return;
  if (ctx.playerSees(trap.x, trap.y)) ctx.say('The spears break!', 'info');
  const dropped: string[] = [];
  for (let i = 0; i < cddaSettings(ctx.settings).spikedPitSpears; i++) if (trapDraw(ctx, chance(3, 10))) dropped.push('spear_wood');
  becomePit(ctx, trap);
  if (dropped.length > 0) dropItems(ctx, trap.x, trap.y, dropped);
}

export function spikedPit(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor || sizeOf(actor) === 'tiny') return;
  const harm = { trap, damageType: 'cut' };
  show(ctx, actor, '{1} fall[s] in a [|spiked ]pit!', 'bad', { seenTone: 'trap' });
  if (!isPlayer(ctx.world, actor)) {
    hurtCreature(ctx, actor, trapDraw(ctx, rng(20, 50)), harm);
    loseMoves(ctx, actor, 1000);
    spearsBreak(ctx, trap);
    return;
  }
  const damage = trapDraw(ctx, rng(...SPIKED_PIT_DAMAGE));
  if (has(actor, 'birdWings')) ctx.say('You flap your wings and flutter down gracefully.', 'good');
  else if (trapDraw(ctx, rng(...SPIKES_DODGE_ROLL)) < getDodge(ctx.world, actor)) ctx.say('You avoid the spikes within.', 'good');
  else {
    const part = trapDraw(ctx, spikedPitPart());
    ctx.say(`The spikes impale your ${PART_NAME[part]}!`, 'bad');
    hurtPart(ctx, actor, part, damage, harm);
    spearsBreak(ctx, trap);
  }
  if (actor.alive) setStatus(ctx, actor, { in_pit: 1 });
}

/** Cells a player could pull themselves to: the 8 around clockwise from north, walkable, empty, not a pit. */
function safeCells(ctx: RuleContext, a: Actor): Array<[number, number]> {
  return freeCells(ctx.world, {
    noActor: true,
    noTrap: (t) => t.kind === 'pit' || t.kind === 'spike_pit',
    except: [a.x, a.y],
    near: { x: a.x, y: a.y, radius: 1 },
    order: 'spiral',
  });
}

/**
 * The seed's sinkhole, as the code of its era: with a 30 ft rope, a throw check
 * (rng(throw, throw + Str + Dex) >= 12), then an unarmed check (rng(unarmed, unarmed + Str) > 6)
 * to pull yourself out; having tried the rope, the sinkhole becomes a pit.
 */
export function sinkhole(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor || sizeOf(actor) === 'tiny') return;
  if (!isPlayer(ctx.world, actor)) {
    ctx.fallToNextLevel(actor, 'a sinkhole');
    return;
  }
  ctx.say('You step into a sinkhole, and start to sink down!', 'danger');
  if (!carries(actor, 'rope_30')) {
    ctx.say('You sink into the sinkhole!', 'danger');
    ctx.fallToNextLevel(actor, 'a sinkhole');
    return;
  }
  const str = stat(actor, 'str', 8);
  const dex = stat(actor, 'dex', 8);
  const thr = stat(actor, 'throw');
  const unarmed = stat(actor, 'unarmed');
  if (trapDraw(ctx, rng(thr, thr + str + dex)) >= 12) {
    ctx.say('The rope catches something!', 'good');
    if (trapDraw(ctx, rng(unarmed, unarmed + str)) > 6) {
      const safe = safeCells(ctx, actor);
      becomePit(ctx, trap);
      if (safe.length === 0) {
        ctx.say('There\u2019s nowhere to pull yourself to, and you sink!', 'danger');
        useOne(ctx, actor, 'rope_30');
        ctx.fallToNextLevel(actor, 'a sinkhole');
        return;
      }
      const [x, y] = safe[trapDraw(ctx, rng(0, safe.length - 1))]!;
      ctx.say('You pull yourself to safety!  The sinkhole collapses.', 'good');
      ctx.moveActor(actor, x, y, 'push', false);
      return;
    }
    ctx.say('You\u2019re not strong enough to pull yourself out...', 'danger');
    loseMoves(ctx, actor, 100);
    useOne(ctx, actor, 'rope_30');
  } else {
    ctx.say('Your throw misses completely, and you sink!', 'danger');
    if (trapDraw(ctx, oneIn(Math.floor((str + dex) / 3)))) useOne(ctx, actor, 'rope_30');
  }
  becomePit(ctx, trap);
  ctx.fallToNextLevel(actor, 'a sinkhole');
}

export function ledge(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor) return;
  show(ctx, actor, '{1} fall[s] down a level!', 'danger', { seenTone: 'trap' });
  if (isPlayer(ctx.world, actor)) {
    ctx.fallToNextLevel(actor, 'a ledge');
    return;
  }
  // "This is lethal to any monster."
  hurtCreature(ctx, actor, Math.max(1, actor.hp), { trap, cause: 'fell down a ledge' });
}
