/**
 * A Cēaptūn trap going off (the ruleset's `trigger`, reached by every path: stepping, doors,
 * chests, disarming, rigging): who learns of it, then its kind's effect played by the core's
 * vocabulary with Cēaptūn's dialect (what it does is data: traps.json), its sound, and a charge
 * spent — or, for a blast in a chest, the chest blown apart.
 */
import { NOISE_CELLS_PER_VOLUME } from '../../core/context.ts';
import type { TriggerHow } from '../../core/events.ts';
import { actorAt } from '../../core/level.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import { playEffect } from '../../core/traps/play.ts';
import { type Actor, chebyshev, type Trap } from '../../core/world.ts';
import { percentProgram } from './checks.ts';
import { CEAPTUN_DIALECT } from './dialect.ts';
import { ceaptunSettings } from './settings.ts';
import { type CeaptunTrap, trapOf } from './traps.ts';
import { isHero, withArticle } from './words.ts';

/** Who a trap strikes: whoever set it off, or whoever stands on a floor trap. */
function victimOf(ctx: RuleContext, trap: Trap, actor: Actor | null): Actor | null {
  if (actor?.alive) return actor;
  if (trap.host.kind !== 'floor') return null;
  return actorAt(ctx.world, trap.x, trap.y) ?? null;
}

/**
 * Learning of a trap as it goes off: you set it off, or you see it go off; one you cannot see
 * stays hidden, though you may hear it.
 */
function announce(ctx: RuleContext, trap: Trap, t: CeaptunTrap, actor: Actor | null): void {
  const world = ctx.world;
  const pid = world.playerId;
  if (isHero(ctx, actor)) {
    ctx.reveal(trap, pid, 'triggered');
    return;
  }
  if (ctx.playerSees(trap.x, trap.y)) {
    ctx.reveal(trap, pid, 'seen');
    if (actor) ctx.say(`The ${actor.name} sets off ${withArticle(t.name)}!`, 'trap');
    return;
  }
  const hero = world.actors.find((a) => a.id === pid);
  if (t.sound && hero?.alive && chebyshev(hero.x, hero.y, trap.x, trap.y) <= t.sound.volume * NOISE_CELLS_PER_VOLUME) ctx.say(t.sound.heard, 'info');
}

/** A blast in a chest blows it apart, taking much of what it held. */
function blowApartChest(ctx: RuleContext, trap: Trap): void {
  if (trap.host.kind !== 'chest') return;
  const chestId = trap.host.chest;
  const chest = ctx.world.chests.find((c) => c.id === chestId);
  if (!chest) return;
  if (ctx.playerSees(chest.x, chest.y)) ctx.say('The chest is blown apart!', 'trap');
  const loss = ceaptunSettings(ctx.settings).chestBlastLoss;
  for (const item of chest.items) {
    if (sample(percentProgram(loss), ctx.rng('traps'))) continue;
    const { id: _id, ...rest } = item;
    ctx.placeItem({ ...rest, x: chest.x, y: chest.y });
  }
  ctx.emit({ type: 'chestRemoved', chest: chestId });
  ctx.removeTrap(trap, 'destroyed');
}

/** The trap goes off: every way of setting it off does the same; only who it strikes differs (`actor`). */
export function goOff(ctx: RuleContext, trap: Trap, actor: Actor | null, _how: TriggerHow): void {
  const t = trapOf(ctx.ruleset, trap.kind);
  announce(ctx, trap, t, actor);
  playEffect({ ctx, trap, kind: t.kind, dialect: CEAPTUN_DIALECT, victim: victimOf(ctx, trap, actor) }, t.kind.effect);
  if (t.sound) ctx.noise(trap.x, trap.y, t.sound.volume, t.sound.source);
  if (trap.host.kind === 'chest' && t.kind.breaksChest === true) blowApartChest(ctx, trap);
  else ctx.spendCharge(trap);
}
