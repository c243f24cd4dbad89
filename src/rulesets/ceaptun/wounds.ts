/**
 * The wounds traps leave in Cēaptūn: a trap's rolled damage dealt to one victim (halved at a
 * blast's edge, less Trap sense and ward), the blood a big blow spills and the bleeding it may
 * start (1 hit point a turn), and skills trained by surviving traps. Every change goes through
 * the RuleContext.
 */
import { show } from '../../core/messages.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { percentProgram } from './checks.ts';
import { ceaptunSettings } from './settings.ts';
import { finalDamage, reductionOf } from './stats.ts';
import { trapOf } from './traps.ts';
import { isHero, killedBy } from './words.ts';
import { type CeaptunTraitName, setTraits } from './traits.ts';
import { traitOf } from '../../core/traits.ts';

/** Deals a trap's rolled damage to one victim (edge halving, Trap sense and ward), with its wounds. */
export function dealTrapDamage(ctx: RuleContext, trap: Trap, victim: Actor, raw: number, edge = false, damageType?: string | null): number {
  if (!victim.alive) return 0;
  const t = trapOf(ctx.ruleset, trap.kind);
  const amount = finalDamage(raw, edge, reductionOf(victim.traits, ctx.settings));
  const type = damageType === undefined ? t.damageType : damageType;
  ctx.damage(victim, amount, {
    cause: killedBy(t.name),
    trap,
    killer: trap.owner,
    ...(type ? { damageType: type } : {}),
  });
  if (amount >= Math.ceil((victim.maxHp * ceaptunSettings(ctx.settings).bigHitPercent) / 100)) bigWound(ctx, victim);
  return amount;
}

/** A big blow spills blood and may leave the victim bleeding (1 hit point a turn, see `bleed`). */
function bigWound(ctx: RuleContext, victim: Actor): void {
  ctx.emit({ type: 'effect', effect: 'flash', cells: [[victim.x, victim.y]], colour: '#9b0000', source: 'blood' });
  if (ctx.playerSees(victim.x, victim.y)) ctx.say('Blood spills on the floor.', 'bad');
  const turns = ceaptunSettings(ctx.settings).bleedTurns;
  if (!victim.alive || turns <= 0) return;
  if (!sample(percentProgram(ceaptunSettings(ctx.settings).bleedChance), ctx.rng('traps'))) return;
  ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { status: { bleeding: Math.max(victim.status.bleeding ?? 0, turns) } } });
  show(ctx, victim, '{1} [are|is] bleeding[!|.]', 'bad');
}

/** Bleeding, once per turn of the actor. */
export function bleed(ctx: RuleContext, actor: Actor): void {
  const left = actor.status.bleeding ?? 0;
  if (left <= 0 || !actor.alive) return;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { bleeding: left - 1 } } });
  if (isHero(ctx, actor)) ctx.say('You bleed.', 'bad');
  ctx.damage(actor, 1, { cause: 'bled to death' });
}

/** The skills a trap survived trains (each declared, 0 to 200). */
type TrainedSkill = Extract<CeaptunTraitName, 'tumble' | 'disableDevice' | 'escapeArtist' | 'athletics'>;

/** A skill trained by a trap survived (Escape artist climbing out, Tumble stepping past). */
export function train(ctx: RuleContext, actor: Actor, skill: TrainedSkill): void {
  const gain = ceaptunSettings(ctx.settings).skillGain;
  const v = actor.traits[skill];
  if (gain <= 0 || typeof v !== 'number') return;
  setTraits(ctx, actor, traitOf(skill, Math.min(200, v + gain)));
}
