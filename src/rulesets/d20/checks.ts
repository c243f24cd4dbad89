/**
 * The d20 checks, each written once as a dice program: play samples them, `trapsmith odds` reads
 * them exactly. RULES.md decides the naturals: skill checks have no automatic results; a saving
 * throw fails on a natural 1 and succeeds on a natural 20; an attack roll hits on a natural 20 and
 * misses on a natural 1.
 */
import { type Prob, roll } from '../../core/prob.ts';
import type { CheckInputs, OddsCheck } from '../../core/ruleset.ts';
import { hitDamageProgram, parseDamage } from './dice.ts';

export type CheckKind = 'skill' | 'save' | 'attack';
export const CHECK_KINDS: readonly CheckKind[] = ['skill', 'save', 'attack'];

export type CheckOutcome = 'success' | 'failure';

/** The result of one d20 roll against a DC (or AC) under a kind's rules for naturals. */
export function resolveD20(natural: number, bonus: number, dc: number, kind: CheckKind): CheckOutcome {
  if (kind !== 'skill') {
    if (natural === 20) return 'success';
    if (natural === 1) return 'failure';
  }
  return natural + bonus >= dc ? 'success' : 'failure';
}

/** d20 + bonus against a DC: the shared program of every check in play. */
export function d20Check(bonus: number, dc: number, kind: CheckKind): Prob<CheckOutcome> {
  return roll(1, 20).map((n) => resolveD20(n, bonus, dc, kind));
}

/** A check whose margin matters: the natural and the total (Disable Device, Craft, confirm rolls). */
export function d20Roll(bonus: number): Prob<{ natural: number; total: number }> {
  return roll(1, 20).map((n) => ({ natural: n, total: n + bonus }));
}

export type DisarmOutcome = 'disarmed' | 'failed' | 'sprung';
/** Disable Device fails by 5 or more: the trap is sprung. */
export const DISARM_SPRING_MARGIN = 5;

/** Disable Device: succeed; fail by 4 or less (try again); fail by 5 or more (you spring it). */
export function disarmResult(total: number, dc: number): DisarmOutcome {
  if (total >= dc) return 'disarmed';
  return dc - total >= DISARM_SPRING_MARGIN ? 'sprung' : 'failed';
}

export function disarmProgram(bonus: number, dc: number): Prob<DisarmOutcome> {
  return roll(1, 20).map((n) => disarmResult(n + bonus, dc));
}

/** Disable Device on a trap "takes 2d4 rounds" (SRD): one is the action, the rest a delay. */
export const DISARM_ROUNDS = { n: 2, sides: 4 };

/** One attempt: the rounds it takes (drawn first) and what the check comes to. */
export type DisarmFate = { rounds: number; result: DisarmOutcome };

/** The attempt over the `disarm` check's inputs (`bonus`, `dc`): what play samples, and the check reads by result. */
export function disarmAttempt(i: CheckInputs): Prob<DisarmFate> {
  const bonus = typeof i.bonus === 'number' ? i.bonus : 0;
  const dc = typeof i.dc === 'number' ? i.dc : 0;
  return roll(DISARM_ROUNDS.n, DISARM_ROUNDS.sides).bind((rounds) => disarmProgram(bonus, dc).map((result) => ({ rounds, result })));
}

/** Taking 20: the roll counts as a 20 (no naturals apply: it is not a roll). */
export const TAKE_20 = 20;

// ---------------------------------------------------------------- odds checks

const int = (i: CheckInputs, k: string) => i[k] as number;

/** Bounds of the inputs, above every value of the SRD: bonuses and DCs of epic characters and traps. */
const BONUS_MIN = -50;
const BONUS_MAX = 100;
const DC_MAX = 100;

export const ODDS_CHECKS: Record<string, OddsCheck> = {
  check: {
    name: 'check',
    description:
      'd20 + bonus >= DC. kind skill: no automatic results; save: natural 1 fails, natural 20 succeeds; attack (DC = AC): natural 20 hits, natural 1 misses.',
    params: [
      { name: 'bonus', type: 'int', required: true, min: BONUS_MIN, max: BONUS_MAX, description: 'Total bonus: skill ranks + ability modifier, save bonus, or attack bonus.' },
      { name: 'dc', type: 'int', required: true, min: 0, max: DC_MAX, description: 'The DC to reach (the target\'s AC for an attack).' },
      { name: 'kind', type: 'enum', required: true, values: CHECK_KINDS, description: 'skill, save or attack: decides what naturals 1 and 20 do.' },
    ],
    outcomes: ['success', 'failure'],
    // +5 against DC 15 (11 in 20); a save only a natural 20 makes; an attack only a natural 1 misses.
    examples: [
      { bonus: 5, dc: 15, kind: 'skill' },
      { bonus: 0, dc: 25, kind: 'save' },
      { bonus: 12, dc: 10, kind: 'attack' },
    ],
    program: (i) => d20Check(int(i, 'bonus'), int(i, 'dc'), i.kind as CheckKind),
  },
  disarm: {
    name: 'disarm',
    description: 'Disable Device on a trap: d20 + bonus >= DC disarms it; failing by 5 or more springs it.',
    params: [
      { name: 'bonus', type: 'int', required: true, min: BONUS_MIN, max: BONUS_MAX, description: 'Disable Device bonus (ranks + Int modifier, -2 without thieves\' tools).' },
      { name: 'dc', type: 'int', required: true, min: 0, max: DC_MAX, description: 'The trap\'s Disable Device DC.' },
    ],
    outcomes: ['disarmed', 'failed', 'sprung'],
    // +5 against DC 15: disarmed on 10 or more (11 in 20), sprung on 5 or less (5 in 20), else failed.
    examples: [{ bonus: 5, dc: 15 }],
    // The attempt play samples (skills.ts `DISARM`), read by its result: the rounds it takes change none.
    program: (i) => disarmAttempt(i).map((fate) => fate.result),
  },
  damage: {
    name: 'damage',
    description: 'Damage of one trap hit: dice ("4d6", "2d4+8", "1d8*1d4" for 1d8 darts of 1d4 each) plus a strength bonus per missile; a missile that penalties bring below 1 still deals 1.',
    params: [
      { name: 'dice', type: 'string', required: true, description: 'The damage dice.' },
      { name: 'str', type: 'int', default: 0, min: -20, max: 50, description: 'Strength rating or bonus added to each missile.' },
    ],
    numeric: true,
    // One blow, and missiles: 1d4 darts of 1d6+1 each.
    examples: [{ dice: '2d6+1' }, { dice: '1d4*1d6+1' }],
    validate: (i) => {
      const e = parseDamage(String(i.dice));
      return typeof e === 'string' ? `--dice: ${e}` : null;
    },
    program: (i) => {
      const e = parseDamage(String(i.dice));
      if (typeof e === 'string') throw new Error(e);
      return hitDamageProgram(e, typeof i.str === 'number' ? i.str : 0);
    },
  },
};
