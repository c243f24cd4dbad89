/**
 * The cdda checks as dice programs, written once: play samples them, `trapsmith odds` reads them
 * exactly. Formulas from RULES.md section 1 (the 0.F-era code the seed describes):
 *
 *  - detection: round(N(mean, 3)) > visibility (trap::detect_trap)
 *  - avoidance: 3d[Dex + Dodge x 1.5] (+2d6 Light Step, -2d6 Clumsy) >= 3d[A] aware / 6d[A] unaware
 *  - monster avoidance: 3d[dodge + 1] >= 3d[A]
 *  - disarm: rng(skill, 4 skill), then +1 while (rng(5,20) < Per || rng(1,20) < Dex) and roll < 50
 */
import { chance, compare, constant, iterate, lift2, type Prob, roll, roundedNormal, sumOf, uniform } from '../../core/prob.ts';

/** CDDA's rng(lo, hi): uniform on both ends inclusive; reversed bounds are swapped (src/rng.cpp). */
export function rng(lo: number, hi: number): Prob<number> {
  return uniform(Math.min(lo, hi), Math.max(lo, hi));
}

/** CDDA's dice(n, s): the sum of n draws of rng(1, s), so a die of 0 sides rolls 0 or 1. */
export function dice(n: number, sides: number): Prob<number> {
  if (n <= 0) return constant(0);
  return sides >= 1 ? roll(n, sides) : sumOf(n, rng(1, sides));
}

/** CDDA's one_in(n): certain for n <= 1, else 1 chance in n. */
export function oneIn(n: number): Prob<boolean> {
  return n <= 1 ? constant(true) : chance(1, n);
}

/** CDDA's x_in_y(x, y): x chances in y, clamped to a probability. */
export function xInY(x: number, y: number): Prob<boolean> {
  if (x <= 0) return constant(false);
  if (x >= y) return constant(true);
  return chance(x, y);
}

// ---------------------------------------------------------------- detection

export interface DetectInputs {
  per: number;
  int: number;
  /** Traps skill level. */
  skill: number;
  /** The summed proficiency effect: -2 base, +2 Principles of Trapping, +1 Trap Setting, +4 Spotting. */
  proficiencies: number;
  focus: number;
  fatigue: number;
  eyeEncumbrance: number;
  /** Chebyshev distance from the player to the trap. */
  distance: number;
  visibility: number;
}

export const PROFICIENCY_BASE = -2;
export const PROFICIENCY_BONUS = { traps: 2, trapSetting: 1, spotting: 4 } as const;

export function proficiencyEffect(traps: boolean, trapSetting: boolean, spotting: boolean): number {
  return PROFICIENCY_BASE + (traps ? PROFICIENCY_BONUS.traps : 0) + (trapSetting ? PROFICIENCY_BONUS.trapSetting : 0) + (spotting ? PROFICIENCY_BONUS.spotting : 0);
}

/** Standard deviation of the detection roll. */
export const DETECT_SD = 3;

/** The mean of the detection roll (all terms floats, as in trap::detect_trap). */
export function detectionMean(i: Omit<DetectInputs, 'visibility'>): number {
  const weightedStatAverage = (4 * i.per + i.int) / 5;
  const encumbrancePenalty = i.eyeEncumbrance / 10;
  const focusEffect = i.focus / 25 - 2;
  const distancePenalty = i.distance - 1;
  // RULES.md decision: the fatigue term as its authors meant it (the literal 0.F code has min(0, ...)).
  const fatiguePenalty = Math.max(0, i.fatigue - 200) / 100;
  return weightedStatAverage + i.skill / 3 + i.proficiencies + focusEffect - distancePenalty - fatiguePenalty - encumbrancePenalty;
}

export type DetectOutcome = 'seen' | 'unseen';

/** One detection roll: the rounded normal draw must beat the trap's visibility. */
export function detectCheck(i: DetectInputs): Prob<DetectOutcome> {
  return roundedNormal(detectionMean(i), DETECT_SD).map((r): DetectOutcome => (r > i.visibility ? 'seen' : 'unseen'));
}

// ---------------------------------------------------------------- avoidance

export interface AvoidInputs {
  avoidance: number;
  dex: number;
  dodge: number;
  /** The victim can see the trap (knows of it): 3 trap dice instead of 6. */
  aware: boolean;
  lightStep: boolean;
  clumsy: boolean;
}

/** Sides of the victim's dice: Dex + Dodge x 1.5, truncated as the double-to-int argument is. */
export function victimSides(dex: number, dodge: number): number {
  return Math.trunc(dex + dodge * 1.5);
}

export function victimRoll(dex: number, dodge: number, lightStep: boolean, clumsy: boolean): Prob<number> {
  let mine = dice(3, victimSides(dex, dodge));
  if (lightStep) mine = lift2(mine, roll(2, 6), (a, b) => a + b);
  if (clumsy) mine = lift2(mine, roll(2, 6), (a, b) => a - b);
  return mine;
}

export function trapRoll(avoidance: number, aware: boolean): Prob<number> {
  return dice(aware ? 3 : 6, avoidance);
}

export type AvoidOutcome = 'avoided' | 'sprung';

/** The victim springs the trap iff its roll is lower than the trap's: ties go to the victim. */
export function avoidCheck(i: AvoidInputs): Prob<AvoidOutcome> {
  return compare(victimRoll(i.dex, i.dodge, i.lightStep, i.clumsy), trapRoll(i.avoidance, i.aware)).map((c): AvoidOutcome => (c >= 0 ? 'avoided' : 'sprung'));
}

/** A critter: 3d[dodge + 1] against 3d[avoidance] (monsters never get the unaware 6d roll). */
export function monsterAvoidCheck(avoidance: number, dodge: number): Prob<AvoidOutcome> {
  return compare(dice(3, dodge + 1), dice(3, avoidance)).map((c): AvoidOutcome => (c >= 0 ? 'avoided' : 'sprung'));
}

// ---------------------------------------------------------------- disarming

/** The disarm roll stops growing here (a higher starting roll is kept). */
export const DISARM_CAP = 50;

/** One pass of the Per/Dex loop: `rng(5,20) < per || rng(1,20) < dex`, the Dex roll only when Per fails. */
export function disarmIncrement(per: number, dex: number): Prob<boolean> {
  return rng(5, 20).bind((a) => (a < per ? constant(true) : rng(1, 20).map((b) => b < dex)));
}

type LoopState = { r: number; done: boolean };

/** The final disarm roll: rng(skill, 4 x skill), then the Per/Dex loop up to 50. */
export function disarmRoll(skill: number, per: number, dex: number): Prob<number> {
  const step = disarmIncrement(per, dex);
  return rng(skill, 4 * skill).bind((start) =>
    iterate<LoopState>({ r: start, done: false }, (s) =>
      s.done || s.r >= DISARM_CAP ? null : step.map((more): LoopState => (more ? { r: s.r + 1, done: false } : { r: s.r, done: true })),
    ).map((s) => s.r),
  );
}

export type DisarmOutcome = 'disarmed' | 'failed' | 'set_off';

/** roll >= D disarms; roll >= 0.8 D fails safely (exactly 5 roll >= 4 D for integers); else it goes off. */
export function classifyDisarm(roll: number, difficulty: number): DisarmOutcome {
  if (roll >= difficulty) return 'disarmed';
  if (5 * roll >= 4 * difficulty) return 'failed';
  return 'set_off';
}

export function disarmCheck(skill: number, per: number, dex: number, difficulty: number): Prob<DisarmOutcome> {
  return disarmRoll(skill, per, dex).map((r) => classifyDisarm(r, difficulty));
}

/** Difficulty at or above which a trap cannot be disarmed at all. */
export const UNDISARMABLE = 99;

/** Practice for a disarm attempt (0.F map::disarm_trap): an int, as practice() takes one. */
export function disarmPractice(outcome: DisarmOutcome, roll: number, difficulty: number, skill: number): number {
  if (outcome === 'set_off') return difficulty - roll <= 6 ? 2 * difficulty : 0;
  return difficulty > 1.25 * skill ? Math.trunc(1.5 * (difficulty - skill)) : 0;
}
