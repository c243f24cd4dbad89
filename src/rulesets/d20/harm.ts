/**
 * What a trap's effect does to the one who set it off, read exactly as programs over the step
 * check's situation: the hit points it takes (`damageOf`), or, where a poison damages an ability
 * along the way, the harm it ends in (`poisonedProgram`). Built from the very programs play
 * samples (effects.ts). Used by the step check (stepOdds.ts) and by the d20 dialect's named
 * effects' readings (dialect.ts), which is why it stands apart from the step check: the dialect
 * is played by triggers.ts, which the step check reads.
 */
import { add, constant, iterate, lift2, type Prob, roll, sumOf } from '../../core/prob.ts';
import type { CheckInputs, ParamSpec, StepHarm } from '../../core/ruleset.ts';
import { defineInputs } from '../../core/checkInputs.ts';
import { abilityMod, type SaveKind } from './actors.ts';
import { type CheckOutcome, d20Check } from './checks.ts';
import {
  attackKind,
  blastAmount,
  blastDamageProgram,
  confirmProgram,
  conHitPointLoss,
  crushDamageProgram,
  fallProgram,
  hitDamageProgram,
  missileCountProgram,
  poisonAmountProgram,
  SPIKE_COUNT,
  spikesProfile,
  trapAttackProgram,
} from './effects.ts';
import type { Ability, PoisonDef } from './poisons.ts';
import type { TrapProfile } from './traps.ts';
import { DEAD_AT, harmAfter } from './dying.ts';
import { type DyingRule, d20Settings } from './settings.ts';
import type { Traits } from '../../core/world.ts';

/** The one who steps, and the place, as the step check's inputs name them. */
export interface StepSituation {
  /** Hit points now: damage of this many or more kills. */
  hp: number;
  /** The AC the trap's attacks roll against: touch AC for a touch attack trap. */
  ac: number;
  ref: number;
  fort: number;
  /** Will save bonus (a spell's blast that asks for one: an inflict wounds trap on a door). */
  will: number;
  /** Hit Dice: lost Constitution costs the change of its modifier times these in hit points. */
  hd: number;
  /** The score now of the ability the trap's poison damages on its first dose (if any). */
  score: number;
  moveSilently: number;
  undead: boolean;
  flying: boolean;
  /** A spell trap keyed to the stepper (one of the dungeon's own creatures): it lets it pass. */
  keyed: boolean;
  /** Already within a proximity, sound or visual trigger's reach: stepping closer is no approach. */
  within: boolean;
  /** Opening the door or chest the trap is on (triggers.ts `onOpen`), not stepping onto a floor trap. */
  opening: boolean;
  /** The setting `dying`: what 0 hit points or fewer does (dying.ts `harmAfter`). */
  dying: DyingRule;
}

/** The one ability a poison's initial dose damages (null: none, or hit points only). */
export function poisonedAbility(poison: PoisonDef | null): Ability | null {
  for (const part of poison?.initial ?? []) if (part.ability !== 'hp' && part.ability !== 'unconscious') return part.ability;
  return null;
}

/** The situation's numbers at a score of the poisoned ability: lost points shift the AC and saves it governs. */
export class Reader {
  constructor(
    readonly s: StepSituation,
    /** The ability the trap's (or its pit bottom's) poison damages, whose score `s.score` is. */
    readonly ability: Ability | null,
  ) {}

  private shift(score: number, ability: Ability): number {
    return this.ability === ability ? abilityMod(score) - abilityMod(this.s.score) : 0;
  }

  ac(score = this.s.score): number {
    return this.s.ac + this.shift(score, 'dex');
  }

  save(kind: SaveKind, score = this.s.score): number {
    if (kind === 'ref') return this.s.ref + this.shift(score, 'dex');
    if (kind === 'fort') return this.s.fort + this.shift(score, 'con');
    return this.s.will + this.shift(score, 'wis');
  }

  /** Hit points lost Constitution has cost by the time it is down to `score` (effects.ts `conHitPointLoss`, summed dose by dose). */
  conLoss(score: number): number {
    return this.ability === 'con' && score > 0 ? conHitPointLoss(this.s.score, score, this.s.hd) : 0;
  }
}

/**
 * The outcome of a set-off trap that took `damage` hit points (and the poisoned ability to
 * `score`): by hit points as the dying rules say (dying.ts `harmAfter`); ability points lost hurt.
 */
export function harmOf(damage: number, score: number, r: Reader): Prob<StepHarm> {
  // An ability at 0 is death here (effects.ts): paralysed, unconscious or dead among monsters.
  if (score <= 0) return constant('death');
  const harm = harmAfter(r.s.hp, damage, r.s.dying);
  return score < r.s.score ? harm.map((h) => (h === 'unhurt' ? 'hurt' : h)) : harm;
}

/**
 * The hit points a trap's effect takes from the victim, as one sum, where no roll of it depends on
 * what an earlier one did to the victim (no poison that damages an ability along the way): its AC
 * and saves are the victim's at the start throughout. Null where a roll does depend on it.
 *
 * A dead victim's remaining blows are summed too, where play stops rolling them: they change no
 * outcome (dead stays dead, hurt stays hurt), and a sum reads far faster than a loop over hit points.
 */
export function damageOf(p: TrapProfile, r: Reader, bottom: TrapProfile | null): Prob<number> | null {
  switch (p.effect) {
    case 'pit': {
      // The bottom's own effect, straight away (no trigger, no onset: the impact sets it off).
      const more = bottom ? damageOf(bottom, r, null) : constant(0);
      return more && saved(p, r).bind((s) => (s === 'success' ? constant(0) : add(fallAndSpikes(p, r), more)));
    }
    case 'attack': {
      if (poisonedAbility(p.poison)) return null;
      const poison = p.poison ? poisonHitPoints(p.poison, r) : constant(0);
      const missile = trapAttackProgram(p, r.ac()).bind((hit) => (hit.hit ? poison.map((d) => hit.damage + d) : constant(0)));
      return missileCountProgram(p).bind((n) => sumOf(Math.max(0, n), missile));
    }
    case 'blast': {
      const save = p.save;
      const dc = p.saveDc;
      if (!save || dc === null) return blastDamageProgram(p);
      const made = d20Check(r.save(save), dc, 'save');
      return blastDamageProgram(p).bind((rolled) => made.map((o) => blastAmount(p, rolled, o === 'success')));
    }
    case 'gas':
    case 'contact':
      return !p.poison ? constant(0) : poisonedAbility(p.poison) ? null : poisonHitPoints(p.poison, r);
    case 'crush':
      return crushDamageProgram(p) ?? constant(0);
    // These hurt no one on the step: summoned creatures strike later, a bell only rings, water
    // drowns over rounds.
    case 'summon':
    case 'alarm':
    case 'liquid':
    case 'none':
      return constant(0);
  }
}

/** A pit's Reflex save (effects.ts `pitEffect`): made, the victim catches itself at the edge. */
function saved(p: TrapProfile, r: Reader): Prob<CheckOutcome> {
  return p.saveDc !== null ? d20Check(r.save('ref'), p.saveDc, 'save') : constant<CheckOutcome>('failure');
}

/** The fall (1d6 per 10 ft.) and the spikes (1d4 attacks), summed. */
function fallAndSpikes(p: TrapProfile, r: Reader): Prob<number> {
  if (!p.spikes) return fallProgram(p);
  const spike = trapAttackProgram(spikesProfile(p), r.ac()).map((hit) => hit.damage);
  return add(fallProgram(p), SPIKE_COUNT.bind((n) => sumOf(n, spike)));
}

/** The hit points a dose of a poison that damages no ability takes: its Fortitude save, else its initial hit point damage. */
function poisonHitPoints(poison: PoisonDef, r: Reader): Prob<number> {
  if (r.s.undead) return constant(0);
  const parts = poison.initial.filter((part) => part.ability === 'hp');
  return d20Check(r.save('fort'), poison.dc, 'save').bind((made) => {
    let total: Prob<number> = constant(0);
    if (made === 'failure') for (const part of parts) total = lift2(total, poisonAmountProgram(part, poison), (a, b) => a + Math.max(0, b));
    return total;
  });
}

/** A dose of a poison that damages an ability (effects.ts `poisonCreature`): the score it leaves. */
function doseProgram(poison: PoisonDef, score: number, r: Reader): Prob<number> {
  if (r.s.undead) return constant(score);
  return d20Check(r.save('fort', score), poison.dc, 'save').bind((made) => {
    let out: Prob<number> = constant(score);
    if (made === 'failure')
      for (const part of poison.initial) if (part.ability === r.ability) out = out.bind((x) => poisonAmountProgram(part, poison).map((a) => Math.max(0, x - Math.max(0, a))));
    return out;
  });
}

/**
 * A volley of attacks whose every hit poisons an ability, as the score it leaves and how many
 * hits were plain and how many critical: the poison's lost Dexterity lowers the AC the next
 * attack rolls against (and confirms a critical against), its lost Constitution the next
 * Fortitude save. A loop read as a Markov chain over (score, hits, attacks left), ended when the
 * ability is at 0; the hits' damage is summed afterwards (`poisonedEffect`), apart from the
 * chain, which keeps it small at any hit points. (The chain goes on past a death by hit points,
 * where play stops: the doses the dead are spared change no outcome.)
 */
type Volley = { score: number; plain: number; critical: number; left: number };

function volleyProgram(p: TrapProfile, poison: PoisonDef, r: Reader): Prob<Volley> {
  const start = r.s.score;
  return missileCountProgram(p).bind((n) =>
    iterate<Volley>({ score: start, plain: 0, critical: 0, left: Math.max(0, n) }, (v) => {
      if (v.left <= 0 || v.score <= 0) return null;
      const ac = r.ac(v.score);
      const next = { ...v, left: v.left - 1 };
      return roll(1, 20)
        .map((natural) => attackKind(p, ac, natural))
        .bind((kind) => (kind === 'miss' ? constant(null) : kind === 'threat' ? confirmProgram(p, ac) : constant(false)))
        .bind((critical): Prob<Volley> => {
          if (critical === null) return constant(next);
          const hit = critical ? { ...next, critical: v.critical + 1 } : { ...next, plain: v.plain + 1 };
          return doseProgram(poison, v.score, r).map((score) => ({ ...hit, score }));
        });
    }),
  );
}

/**
 * A trap whose poison damages an ability (effects.ts `fireEffect`): a volley of poisoned attacks,
 * a dose of gas or contact poison, or a pit (its Reflex save, the fall and the spikes) with one
 * of these at its bottom.
 */
export function poisonedProgram(p: TrapProfile, r: Reader, bottom: TrapProfile | null): Prob<StepHarm> {
  if (p.effect === 'pit') return saved(p, r).bind((s) => (s === 'success' ? constant<StepHarm>('unhurt') : poisonedEffect(bottom!, fallAndSpikes(p, r), r)));
  return poisonedEffect(p, constant(0), r);
}

/** What `p` does to a victim already `before` hit points down (a pit's fall and spikes). */
function poisonedEffect(p: TrapProfile, before: Prob<number>, r: Reader): Prob<StepHarm> {
  const poison = p.poison!;
  const tally: Prob<Volley> = p.effect === 'attack' ? volleyProgram(p, poison, r) : doseProgram(poison, r.s.score, r).map((score) => ({ score, plain: 0, critical: 0, left: 0 }));
  return tally.bind((v) => {
    if (v.score <= 0) return constant<StepHarm>('death');
    const hits = add(sumOf(v.plain, hitDamageProgram(p, false)), sumOf(v.critical, hitDamageProgram(p, true)));
    return add(before, hits).bind((d) => harmOf(d + r.conLoss(v.score), v.score, r));
  });
}


/** The ability the reading tracks for this trap: its poison's, or (a pit) its bottom's. */
export function trackedAbility(p: TrapProfile, bottom: TrapProfile | null): Ability | null {
  return poisonedAbility(p.effect === 'pit' ? (bottom?.poison ?? null) : p.poison);
}


const HP_MAX = 100_000;
/** Bounds above every value of the SRD: epic ACs and saves, ability scores, Hit Dice and skills. */
const AC_MIN = -20;
const AC_MAX = 100;
const SAVE_MIN = -20;
const SAVE_MAX = 100;
const HD_MAX = 100;
const SCORE_MAX = 100;
const SKILL_MIN = -20;
const SKILL_MAX = 100;

/** The step check's `opening` input (stepOdds.ts lists it second, after the trap). */
export const OPENING_PARAM = { name: 'opening', type: 'boolean', default: false, description: 'Opening the door or chest the trap is on (a touch, a needle in the lock, a warded object), instead of stepping onto a floor trap.' } as const satisfies ParamSpec;

/** The step check's inputs that name the one who steps (stepOdds.ts `makeStepCheck`): declared once, read by `situationOf`. */
export const SITUATION_PARAMS = [
    {
      name: 'hp',
      type: 'int',
      required: true,
      min: DEAD_AT + 1,
      max: HP_MAX,
      description: 'Hit points now (0 or fewer: disabled, under the setting dying=srd). Under dying=srd (the default) a hero left at 0 to -9 is down (disabled, or dying then stable: he lives, or bleeds out alone), at -10 dead; under dying=dead-at-0 damage of this many or more kills.',
    },
    { name: 'ac', type: 'int', default: 10, min: AC_MIN, max: AC_MAX, description: 'Armor Class now, as the trap\'s attacks meet it: touch AC against a touch attack trap.' },
    { name: 'ref', type: 'int', default: 0, min: SAVE_MIN, max: SAVE_MAX, description: 'Reflex save bonus now (pits, blasts).' },
    { name: 'fort', type: 'int', default: 0, min: SAVE_MIN, max: SAVE_MAX, description: 'Fortitude save bonus now (poisons).' },
    { name: 'will', type: 'int', default: 0, min: SAVE_MIN, max: SAVE_MAX, description: 'Will save bonus now (a spell\'s blast that asks for one: inflict light wounds).' },
    { name: 'hd', type: 'int', default: 1, min: 1, max: HD_MAX, description: 'Hit Dice: lost Constitution costs its modifier\'s drop x Hit Dice in hit points.' },
    {
      name: 'score',
      type: 'int',
      default: 10,
      min: 1,
      max: SCORE_MAX,
      description: 'The score now of the ability the trap\'s poison damages first (or its pit bottom\'s: Constitution for greenblood oil, Charisma for ungol dust): at 0 it kills; lost Dexterity lowers AC and Reflex, lost Constitution Fortitude and hit points.',
    },
    { name: 'move-silently', type: 'int', default: 0, min: SKILL_MIN, max: SKILL_MAX, description: 'Move Silently bonus (against a sound trigger\'s Listen +15).' },
    { name: 'undead', type: 'boolean', default: false, description: 'Undead: immune to poison.' },
    { name: 'flying', type: 'boolean', default: false, description: 'Flies: location and touch triggers do not go off under it.' },
    { name: 'keyed', type: 'boolean', default: false, description: 'A spell trap keyed to the stepper (one of the dungeon\'s own creatures): it passes.' },
    { name: 'within', type: 'boolean', default: false, description: 'Already within a proximity, sound or visual trigger\'s reach (it went off on the approach, or let it pass then): no approach now.' },
] as const satisfies readonly ParamSpec[];

const SITUATION = defineInputs([OPENING_PARAM, ...SITUATION_PARAMS]);

/** The step check's inputs as the situation they name (their params' defaults for those left out), under these settings. */
export function situationOf(i: CheckInputs, settings: Traits = {}): StepSituation {
  const v = SITUATION.read(i);
  return {
    dying: d20Settings(settings).dying,
    hp: v.hp,
    ac: v.ac,
    ref: v.ref,
    fort: v.fort,
    will: v.will,
    hd: v.hd,
    score: v.score,
    moveSilently: v['move-silently'],
    undead: v.undead,
    flying: v.flying,
    keyed: v.keyed,
    within: v.within,
    opening: v.opening,
  };
}
