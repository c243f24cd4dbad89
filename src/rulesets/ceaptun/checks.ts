/**
 * The ruleset's random checks, each written once as a dice program: play samples them, the odds
 * checks (`odds.ts`) read them exactly. The result functions beside them are the rules themselves
 * (natural 2 and 24, "short by 5 or more", the clamp of the step-past chance).
 */
import { chance, constant, type Prob, roll } from '../../core/prob.ts';
import { finalDamage } from './stats.ts';
import type { Dice } from './traps.ts';

/** Two twelve-sided dice: every check of this system. */
export const D2D12 = roll(2, 12);
export const NATURAL_FAIL = 2;
export const NATURAL_SUCCESS = 24;

// ---------------------------------------------------------------- disarming

export type DisarmResult = 'disarmed' | 'failed' | 'set_off';
export const DISARM_OUTCOMES: readonly DisarmResult[] = ['disarmed', 'failed', 'set_off'];

/**
 * RULES: natural 24 disarms; natural 2 fails, and sets the trap off only when the total is short
 * by 5 or more; otherwise reaching the difficulty disarms, falling short by 5 or more sets it off.
 */
export function disarmResult(natural: number, modifier: number, difficulty: number): DisarmResult {
  const total = natural + modifier;
  if (natural === NATURAL_SUCCESS) return 'disarmed';
  if (natural === NATURAL_FAIL) return total <= difficulty - 5 ? 'set_off' : 'failed';
  if (total >= difficulty) return 'disarmed';
  if (total <= difficulty - 5) return 'set_off';
  return 'failed';
}

export function disarmProgram(difficulty: number, modifier: number): Prob<DisarmResult> {
  return D2D12.map((s) => disarmResult(s, modifier, difficulty));
}

// ---------------------------------------------------------------- stepping past a known trap

export type StepResult = 'avoided' | 'triggered';
export const STEP_OUTCOMES: readonly StepResult[] = ['avoided', 'triggered'];

/** 55% at dodge 0, 10% a point, never under 15% nor over 90%. */
export function stepPastPercent(dodge: number): number {
  return Math.min(90, Math.max(15, 55 + 10 * dodge));
}

export function stepPastProgram(dodge: number): Prob<StepResult> {
  return chance(stepPastPercent(dodge), 100).map((ok): StepResult => (ok ? 'avoided' : 'triggered'));
}

/** The Light step talent: a second chance when a trap (known or not) would go off under you. */
export function lightStepProgram(percent: number): Prob<StepResult> {
  const p = Math.min(100, Math.max(0, percent));
  return chance(p, 100).map((ok): StepResult => (ok ? 'avoided' : 'triggered'));
}

/** Stepping onto a known trap on purpose, Light step included: what the odds check reads. */
export function stepOntoKnownProgram(dodge: number, lightStep: number): Prob<StepResult> {
  return stepPastProgram(dodge).bind((r) => (r === 'avoided' || lightStep <= 0 ? constant(r) : lightStepProgram(lightStep)));
}

// ---------------------------------------------------------------- rigging

export type RigResult = 'rigged' | 'failed' | 'sprung';
export const RIG_OUTCOMES: readonly RigResult[] = ['rigged', 'failed', 'sprung'];
export const RIG_TARGET = 10;

/** 2d12 + modifier vs the target; a natural 2 fails and springs the trap, a natural 24 succeeds. */
export function rigResult(natural: number, modifier: number, target: number): RigResult {
  if (natural === NATURAL_FAIL) return 'sprung';
  if (natural === NATURAL_SUCCESS) return 'rigged';
  return natural + modifier >= target ? 'rigged' : 'failed';
}

export function rigProgram(modifier: number, target = RIG_TARGET): Prob<RigResult> {
  return D2D12.map((s) => rigResult(s, modifier, target));
}

// ---------------------------------------------------------------- finding

export type SearchResult = 'found' | 'missed';
export const SEARCH_OUTCOMES: readonly SearchResult[] = ['found', 'missed'];

/** RULES (sandbox default): 2d12 + Perception modifier + Detect traps bonus vs the trap's difficulty. */
export function searchProgram(modifier: number, difficulty: number): Prob<SearchResult> {
  return D2D12.map((s): SearchResult => (s + modifier >= difficulty ? 'found' : 'missed'));
}

// ---------------------------------------------------------------- trap attacks

export type AttackResult = 'dodged' | 'glanced' | 'hit' | 'hit_hard';
export const ATTACK_OUTCOMES: readonly AttackResult[] = ['dodged', 'glanced', 'hit', 'hit_hard'];

/**
 * RULES (sandbox default): 2d12 + bonus vs Defence; a natural 24 hits hard, a natural 2 misses.
 * A miss below `dodgeLine` (base + dodge) was dodged; one between it and Defence glanced off armour.
 */
export function attackResult(natural: number, bonus: number, defence: number, dodgeLine: number): AttackResult {
  if (natural === NATURAL_SUCCESS) return 'hit_hard';
  if (natural === NATURAL_FAIL) return 'dodged';
  const total = natural + bonus;
  if (total >= defence) return 'hit';
  return total < dodgeLine ? 'dodged' : 'glanced';
}

export function attackProgram(bonus: number, defence: number, dodgeLine: number): Prob<AttackResult> {
  return D2D12.map((s) => attackResult(s, bonus, defence, dodgeLine));
}

// ---------------------------------------------------------------- damage

/** The rolled damage; hitting hard rolls it twice (RULES) and adds the two. */
export function damageRollProgram(dice: Dice, hard = false): Prob<number> {
  const times = hard ? 2 : 1;
  const rolled = roll(dice.n * times, dice.sides);
  return dice.bonus === 0 ? rolled : rolled.map((v) => Math.max(0, v + dice.bonus * times));
}

/** What one victim takes: the roll, halved at a blast's edge, less the victim's reduction. */
export function damageProgram(dice: Dice, opts: { hard?: boolean; edge?: boolean; reduction?: number } = {}): Prob<number> {
  const edge = opts.edge === true;
  const pct = opts.reduction ?? 0;
  return damageRollProgram(dice, opts.hard === true).map((raw) => finalDamage(raw, edge, pct));
}

// ---------------------------------------------------------------- small draws

/** A percent chance as a program (bleeding, chest losses, ...). */
export function percentProgram(percent: number): Prob<boolean> {
  return chance(Math.min(100, Math.max(0, Math.round(percent))), 100);
}
