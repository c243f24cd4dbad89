/**
 * Omega's rules as the core's trap vocabulary asks for them (core/traps/dialect.ts), and Omega's
 * thirteen trap handlers as the named custom effects the built-in kinds are (traps.json).
 *
 * The custom effects: each is Omega's own handler, as it was (effects.ts `playerTrapEffect` for
 * the player, monsterEffects.ts `monsterTrapEffect` for a monster: mon.c and trap.c are two
 * different handlers), read exactly by the step check's own program for it (stepOdds.ts
 * `handlerLoss`). The vocabulary cannot say any of them with the same draws and words: every one
 * plays one thing at the player and another at a monster, most have a horse's branch, and their
 * rolls are Omega's random_range (the literal one under `quantisedRandom`), p_damage's words
 * ("You resist the effects!") and its square's TRAP (`show`).
 *
 * For a designer's kinds, Omega's way of a trap hitting: the tier is the place's location
 * difficulty D (a damage tier table is indexed by D, the last row past its end), an `attack` is
 * one of Omega's own avoidance rolls at the player (checks.ts `dodgeCheck` as the blade, fire,
 * acid, snare, trap door and abyss roll it, or `dartStopped`, the dart's absorption in 100; the
 * kind's `numbers.dodge` says which, the blade's by default) and always hits a monster (Omega's
 * monster handlers roll none), and damage is p_damage() at the player (immunity, then normal
 * damage less absorption and at least 1) and m_damage() at a monster, of the effect's `type`
 * (normal, flame, acid, poison, sleep or unstoppable; normal by default). A designer's dice roll
 * ideally (the dialect's dice roll has no settings, so no literal random_range).
 */
import { nounOf, conjugate } from '../../core/messages.ts';
import { constant, sample, type Prob } from '../../core/prob.ts';
import type { CheckInputs } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import type { AttackOutcome, CustomEffect, TrapDialect } from '../../core/traps/dialect.ts';
import { diceProgram } from '../../core/traps/dice.ts';
import { withArticle } from '../../core/words.ts';
import type { Traits } from '../../core/world.ts';
import { addImmobile, immune, isPlayer, num } from './actor.ts';
import { dartStopped, DODGE_TRAPS, dodgeCheck, type DodgeInputs, type DodgeTrap } from './checks.ts';
import { type DamageType, mDamage, pDamage, pPoison } from './damage.ts';
import { difficultyOf, playerTrapEffect } from './effects.ts';
import { monsterTrapEffect } from './monsterEffects.ts';
import { quantisedFrom } from './random.ts';
import { IMMUNITY_NAMES } from './settings.ts';
import { handlerLoss, situationOf, taken } from './stepOdds.ts';
import { TRAP_IDS, type TrapId } from './traps.ts';

/** The avoidance rolls a designer's `attack` may use (`numbers.dodge`): Omega's dodges, the dart's armour, or none. */
export const DODGE_RULES = [...DODGE_TRAPS, 'dart', 'none'] as const;
export type DodgeRule = (typeof DODGE_RULES)[number];

/** The damage types of a designer's effect (`type`): p_damage's. */
export const DAMAGE_TYPES: readonly string[] = [...IMMUNITY_NAMES, 'unstoppable'];

/** A kind's avoidance roll (kinds.ts refuses any other value). */
export function dodgeRuleOf(kind: TrapKind): DodgeRule {
  const v = kind.numbers.dodge;
  return typeof v === 'string' && (DODGE_RULES as readonly string[]).includes(v) ? (v as DodgeRule) : 'blade';
}

/** The player's roll against a designer's attack: whether it hits. Played and read from this one program. */
function hitProgram(rule: DodgeRule, p: DodgeInputs & { absorption: number }, q: boolean): Prob<AttackOutcome> {
  if (rule === 'none') return constant<AttackOutcome>('hit');
  if (rule === 'dart') return dartStopped(p.absorption, q).map((stopped): AttackOutcome => (stopped ? 'miss' : 'hit'));
  const dodge: DodgeTrap = rule;
  // The abyss's and the acid's rolls call falling in and being drenched a hit, as the others do.
  return dodgeCheck(dodge, p, q).map((r): AttackOutcome => (r === 'hit' ? 'hit' : 'miss'));
}

function damageType(type: string | undefined): DamageType {
  return (type ?? 'normal') as DamageType;
}

function custom(handler: TrapId): CustomEffect {
  return {
    description: `Omega's ${handler} trap handler (trap.c l_trap_${handler} at the player, mon.c m_trap_${handler} at a monster), as the built-in ${handler} plays it, at the place's D.`,
    play(ctx, trap, _kind, victim) {
      if (!victim?.alive) return;
      if (isPlayer(ctx.world, victim)) playerTrapEffect(ctx, trap, victim, handler);
      else monsterTrapEffect(ctx, trap, victim, handler);
    },
    read: (inputs, settings) => handlerLoss({ ...situationOf(inputs), hazard: 'none' }, quantisedFrom(settings), handler),
    leavesOut: LEAVES_OUT[handler],
  };
}

/** What each handler's reading leaves out (stepOdds.ts): what it does besides hit points. */
const LEAVES_OUT: Readonly<Record<TrapId, readonly string[]>> = {
  dart: ["the dart's later poison ticks"],
  pit: ['the pit holding you'],
  trapdoor: ['where the fall lands you'],
  snare: ['the snare holding you'],
  blade: ['the horse it kills'],
  fire: ['the fire the square becomes'],
  teleport: ['where a safe teleport sets you down'],
  disintegrate: ['the horse, cloak or armour it takes'],
  sleepgas: ['the sleep'],
  acid: ['the possessions the acid damages'],
  manadrain: ['the mana lost'],
  abyss: ['where the fall lands you'],
  siren: ['the monsters it wakes'],
};

export const OMEGA_DIALECT: TrapDialect = {
  tier: (world) => difficultyOf(world),
  damageRoll: (dice) => diceProgram(dice),
  attack(ctx, trap, kind, victim, noun, quiet) {
    const thing = withArticle(noun);
    if (!isPlayer(ctx.world, victim)) {
      // Omega's monster handlers roll no avoidance.
      ctx.emit({ type: 'attacked', source: ctx.trapName(trap), attacker: null, target: victim.id, result: 'hit' });
      if (!quiet && ctx.playerSees(victim.x, victim.y)) ctx.say(conjugate(`{1} was hit by ${thing}!`, nounOf(ctx.world, victim)), 'trap');
      return 'hit';
    }
    const rule = dodgeRuleOf(kind);
    const p = { agility: num(victim, 'agility', 12), dex: num(victim, 'dex', 12), level: num(victim, 'level', 1), absorption: num(victim, 'absorption') };
    const outcome = sample(hitProgram(rule, p, quantisedFrom(ctx.settings)), ctx.rng('traps'));
    ctx.emit({ type: 'attacked', source: ctx.trapName(trap), attacker: null, target: victim.id, result: outcome === 'miss' ? 'miss' : 'hit' });
    if (quiet) return outcome;
    if (outcome === 'hit') ctx.say(`You were hit by ${thing}!`, 'bad');
    else if (rule === 'dart') ctx.say(`${capitalised(thing)} plinks off your armor`);
    else ctx.say(`You dodge ${thing}!`, 'good');
    return outcome;
  },
  deal(ctx, trap, kind, victim, raw, how) {
    const type = damageType(how.type);
    if (isPlayer(ctx.world, victim)) pDamage(ctx, victim, raw, type, withArticle(kind.name), trap);
    else mDamage(ctx, victim, raw, type, trap);
  },
  status(ctx, _trap, _kind, victim, name, n) {
    // Omega's IMMOBILE counts add up; sleep does not take hold of one immune to it; the hero is
    // poisoned Omega's way (p_poison: its toxicity adds up, 3 hit points a turn, immunity).
    if (name === 'held') addImmobile(ctx, victim, n);
    else if (name === 'asleep' && immune(victim, 'sleep')) return true;
    else if (name === 'poisoned' && isPlayer(ctx.world, victim)) pPoison(ctx, victim, n);
    else return false;
    return true;
  },
  custom: Object.fromEntries(TRAP_IDS.map((id) => [id, custom(id)])),
  read: {
    tier: (inputs) => situationOf(inputs).difficulty,
    attack(inputs: CheckInputs, settings: Traits, kind: TrapKind) {
      const s = situationOf(inputs);
      return hitProgram(dodgeRuleOf(kind), { agility: s.agility, dex: s.dex, level: s.level, absorption: s.absorption }, quantisedFrom(settings));
    },
    damage: (inputs, _settings, dice, how) => {
      const s = situationOf(inputs);
      return diceProgram(dice).map((d) => taken(s, d, damageType(how.type)));
    },
  },
};

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
