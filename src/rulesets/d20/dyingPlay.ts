/**
 * d20's dying rules in play (dying.ts says the rules and reads them): the hero's condition below 1
 * hit point, the dying rolls of his turns, the hourly and daily rolls of the clock, the cost of a
 * strenuous action. Only under the setting `dying` = `srd`, and only for the hero: monsters die at
 * 0 as before. The dying rolls are the hero's own: the `player` stream (DESIGN.md: the player's
 * rolls), which `dead-at-0` never draws for them, so its games play as before.
 *
 * The condition is kept in the hero's status: `down` (DOWN_CODES: dying, stable, disabled at
 * negative hit points, recovering; absent at 1 or more, and when disabled at 0 from a blow),
 * `downRoll` (the game turn of the next hourly or daily roll) and `downAt` (minus the hit points the
 * rules last left him at, to see healing). What brought him down is kept in his traits (`downCause`,
 * `downTrap`, `downTrapKind`, `downKiller`): one who bleeds out dies of it.
 */
import type { Action } from '../../core/actions.ts';
import { actorAt } from '../../core/level.ts';
import { sample } from '../../core/prob.ts';
import { turnOf } from '../../core/scheduler.ts';
import type { DamageOptions, DownRules, RuleContext } from '../../core/ruleset.ts';
import { type Actor, NO_STATUS, type Traits, type World } from '../../core/world.ts';
import { num } from './actors.ts';
import { DAY_HOURS, DEAD_AT, DOWN_CODES, type DownPhase, downRoll, hourTurns, phaseOfCode } from './dying.ts';
import { d20Settings } from './settings.ts';

/** The damage type of the hit points lost to the dying rules (bleeding, an hour, a day): the phase stays. */
const BLEEDING = 'bleeding';
/** The damage type of a strenuous action's cost: it brings no new cause of death. */
const STRAIN = 'strain';

/** The statuses of the dying rules: bookkeeping, shown as the HUD's condition line instead. */
export const DOWN_STATUSES: readonly string[] = ['down', 'downRoll', 'downAt'];

/** The actions the SRD makes a standard action or more (see dying.ts): a disabled hero pays 1 hit point after one. */
const STRENUOUS: ReadonlySet<Action['type']> = new Set(['search', 'disarm', 'rig', 'kick', 'trigger', 'use']);

/** The game clock's turn (100 ticks each), which the hours and days of the rules count: not the hero's count of turns. */
function clockTurn(world: World): number {
  return turnOf(world.time);
}

function srd(world: World): boolean {
  return d20Settings(world.settings).dying === 'srd';
}

function isHero(world: World, actor: Actor): boolean {
  return actor.id === world.playerId;
}

/** The hero's phase below 1 hit point, or null (fit, or disabled at 0 from a blow). */
export function downPhase(actor: Actor): DownPhase | null {
  return actor.status === NO_STATUS ? null : phaseOfCode(actor.status.down);
}

/** "−4": hit points as the condition says them, with a true minus sign. */
function hpWords(hp: number): string {
  return hp < 0 ? `\u2212${-hp}` : String(hp);
}

/** The HUD's condition line: "Dying (−4 hp)", "Stable, unconscious (−4 hp)", "Disabled (0 hp)"; null at 1 hit point or more. */
export function conditionText(actor: Actor): string | null {
  if (!actor.alive || actor.hp >= 1) return null;
  const hp = `(${hpWords(actor.hp)} hp)`;
  switch (downPhase(actor)) {
    case 'dying':
      return `Dying ${hp}`;
    case 'stable':
      return `Stable, unconscious ${hp}`;
    case 'recovering':
      return `Disabled ${hp}, recovering`;
    default:
      return `Disabled ${hp}`;
  }
}

/** What a disabled hero is told: how to stay alive. */
const DISABLED_HINT = 'moving is safe; attacking, searching, disarming, rigging or kicking costs 1 hp';

function setPhase(ctx: RuleContext, actor: Actor, phase: DownPhase, rollAt = 0): void {
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { down: DOWN_CODES[phase], downRoll: rollAt, downAt: Math.max(0, -actor.hp) } } });
}

function clear(ctx: RuleContext, actor: Actor): void {
  if (actor.status === NO_STATUS || (actor.status.down === undefined && actor.status.downAt === undefined)) return;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { down: 0, downRoll: 0, downAt: 0 } } });
}

/** What brought the hero down, as the options he dies of if he bleeds out. */
function downCause(actor: Actor): DamageOptions {
  const t = actor.traits;
  const trap = num(t, 'downTrap', -1);
  const killer = num(t, 'downKiller', -1);
  return {
    cause: typeof t.downCause === 'string' && t.downCause ? t.downCause : 'bled to death',
    ...(trap >= 0 && typeof t.downTrapKind === 'string' ? { trap: { id: trap, kind: t.downTrapKind } } : {}),
    killer: killer >= 0 ? killer : null,
  };
}

function recordCause(ctx: RuleContext, actor: Actor, opts: DamageOptions): void {
  const traits: Traits = { downCause: opts.cause, downTrap: opts.trap?.id ?? -1, downTrapKind: opts.trap?.kind ?? '', downKiller: opts.killer ?? -1 };
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { traits } });
}

/** Loses the hit point a roll of the rules takes; dies of what brought him down at −10. */
function bleed(ctx: RuleContext, actor: Actor): void {
  ctx.damage(actor, 1, { ...downCause(actor), damageType: BLEEDING });
}

/**
 * Damage has left the hero at 0 or fewer: under `srd` he lives above −10 (disabled at 0, dying
 * below); a blow to one who was stable or conscious makes him dying again. Anyone else dies.
 */
function afterDamage(ctx: RuleContext, actor: Actor, opts: DamageOptions): DamageOptions | null {
  const world = ctx.world;
  if (!isHero(world, actor) || !srd(world)) return opts;
  if (opts.damageType === BLEEDING) {
    if (actor.hp <= DEAD_AT) {
      ctx.say('You bleed to death.', 'danger');
      return opts;
    }
    ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { downAt: -actor.hp } } });
    return null;
  }
  if (actor.hp <= DEAD_AT) return opts.damageType === STRAIN ? downCause(actor) : opts;
  if (opts.damageType !== STRAIN) recordCause(ctx, actor, opts);
  const was = downPhase(actor);
  if (actor.hp === 0) {
    clear(ctx, actor);
    ctx.say(`You are disabled at 0 hp: ${DISABLED_HINT}.`, 'danger');
    return null;
  }
  setPhase(ctx, actor, 'dying');
  if (was === 'stable') ctx.say(`You bleed again, dying (${hpWords(actor.hp)} hp).`, 'danger');
  else if (was !== 'dying') ctx.say(`You fall unconscious, dying (${hpWords(actor.hp)} hp).`, 'danger');
  return null;
}

/** Healed since the rules last left him (`downAt`): up at 1 or more, and a dying hero stops bleeding. True when that ended the turn's roll. */
function healed(ctx: RuleContext, actor: Actor): boolean {
  if (actor.hp >= 1) {
    clear(ctx, actor);
    ctx.say('You are back on your feet.', 'good');
    return true;
  }
  const at = -num(actor.status, 'downAt', 0);
  if (actor.hp <= at) return false;
  if (downPhase(actor) === 'dying') {
    setPhase(ctx, actor, 'stable', clockTurn(ctx.world) + hourTurns(ctx.settings));
    ctx.say(`Healed, you stop bleeding: stable, unconscious (${hpWords(actor.hp)} hp).`, 'good');
    return true;
  }
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { downAt: Math.max(0, -actor.hp) } } });
  return false;
}

/** One of a dying hero's turns: the d% roll (stable, else −1 hp). A stable hero's turns pass; his roll is hourly (`downClock`). */
function pass(ctx: RuleContext, actor: Actor): void {
  if (downPhase(actor) !== 'dying' || healed(ctx, actor)) return;
  const next = sample(downRoll({ phase: 'dying', hp: actor.hp })!, ctx.rng('player'));
  if (next.phase === 'stable') {
    setPhase(ctx, actor, 'stable', clockTurn(ctx.world) + hourTurns(ctx.settings));
    ctx.say(`You stop bleeding: stable, unconscious (${hpWords(actor.hp)} hp).`, 'info');
    return;
  }
  bleed(ctx, actor);
  if (actor.alive) ctx.say(`You are dying (${hpWords(actor.hp)} hp).`, 'danger');
}

/**
 * Once a game turn (the ruleset's onWorldTurn): a stable hero's hourly roll (10% he wakes,
 * disabled, else −1 hp) and a conscious one's daily roll at negative hit points (10% he starts
 * recovering, else −1 hp), when its turn has come; and a hero healed to 1 or more is up.
 */
export function downClock(ctx: RuleContext): void {
  const world = ctx.world;
  const hero = world.actors.find((a) => a.id === world.playerId);
  if (!hero?.alive || hero.status === NO_STATUS || hero.status.down === undefined) return;
  if (healed(ctx, hero)) return;
  const phase = downPhase(hero);
  if ((phase !== 'stable' && phase !== 'disabled') || clockTurn(world) < num(hero.status, 'downRoll')) return;
  const hour = hourTurns(ctx.settings);
  const next = downRoll({ phase, hp: hero.hp });
  if (!next) return;
  const after = sample(next, ctx.rng('player'));
  // A roll either moves him on at the same hit points or takes one (dyingRoll): one or the other.
  if (after.hp < hero.hp) {
    bleed(ctx, hero);
    if (hero.alive) ctx.emit({ type: 'actorUpdated', actor: hero.id, changes: { status: { downRoll: clockTurn(world) + (phase === 'stable' ? hour : DAY_HOURS * hour) } } });
  } else if (after.phase === 'disabled') {
    setPhase(ctx, hero, 'disabled', clockTurn(world) + DAY_HOURS * hour);
    ctx.say(`You come to, disabled (${hpWords(hero.hp)} hp): ${DISABLED_HINT}.`, 'info');
  } else {
    setPhase(ctx, hero, 'recovering');
    ctx.say('You begin to recover.', 'good');
  }
}

/** Unconscious: dying or stable. */
function helpless(world: World, actor: Actor): boolean {
  if (!actor.alive || actor.hp >= 1 || !isHero(world, actor)) return false;
  const phase = downPhase(actor);
  return phase === 'dying' || phase === 'stable';
}

/** A strenuous action (see dying.ts) by a disabled hero: an attack is a move into a foe. */
function strenuous(world: World, actor: Actor, action: Action): boolean {
  if (actor.hp >= 1 || !isHero(world, actor) || !srd(world)) return false;
  if (STRENUOUS.has(action.type)) return true;
  if (action.type !== 'move') return false;
  const foe = actorAt(world, actor.x + action.dx, actor.y + action.dy);
  return !!foe && foe.id !== actor.id && foe.faction !== actor.faction;
}

/** "deals 1 point of damage after the completion of the act", unless it raised his hit points. */
function strained(ctx: RuleContext, actor: Actor, hpBefore: number): void {
  if (actor.hp > hpBefore) return;
  ctx.say('The effort costs you 1 hp.', 'bad');
  ctx.damage(actor, 1, { ...downCause(actor), damageType: STRAIN });
}

export const D20_DOWN: DownRules = { afterDamage, helpless, pass, strenuous, strained };

/** Natural healing waits, below 0, for the daily roll's recovery (an unaided hero "does not recover hit points naturally"). */
export function healsNaturally(world: { settings: Traits }, hero: Actor): boolean {
  return hero.hp >= 0 || d20Settings(world.settings).dying !== 'srd' || downPhase(hero) === 'recovering';
}

/**
 * Damage that kills `actor` outright, where the rules say death and not a wound (an ability at 0,
 * drowning): all its hit points, and under `srd` the hero's down to −10.
 */
export function lethalDamage(world: World, actor: Actor): number {
  return isHero(world, actor) && srd(world) ? Math.max(1, actor.hp - DEAD_AT) : Math.max(1, actor.hp);
}
