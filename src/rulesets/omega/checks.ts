/**
 * Every random check of the omega ruleset as a dice program over `random_range`, written once:
 * play samples them (`sample`) and `trapsmith odds omega ...` reads them exactly (`exact`).
 * The formulas are RULES.md section 2 (command2.c `disarm()`, trap.c, util.c).
 */
import { defineInputs } from '../../core/checkInputs.ts';
import { constant, iterate, type Prob } from '../../core/prob.ts';
import type { CheckInputs, OddsCheck } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';
import { ENVIRONMENT_IDS, locationDifficulty } from './environments.ts';
import { quantisedFrom, randomRange } from './random.ts';
import { hasComponent, TRAP_IDS } from './traps.ts';

// ---------------------------------------------------------------- disarming

export const DISARM_OUTCOMES = ['component', 'disarmed', 'failed', 'accident'] as const;
export type DisarmOutcome = (typeof DISARM_OUTCOMES)[number];

export interface DisarmInputs {
  dex: number;
  level: number;
  rank: number;
  difficulty: number;
  /** The trap's kind; without one the trap is taken to be one of the nine with a component. */
  kind?: string;
}

/** The attempt over the `disarm` check's inputs: what play samples and the check reads. */
export function disarmAttempt(i: CheckInputs, settings: Traits): Prob<DisarmOutcome> {
  const v = DISARM_INPUTS.read(i);
  return disarmCheck({ dex: v.dex, level: v.level, rank: v.rank, difficulty: v.difficulty, ...(v.trap !== undefined ? { kind: v.trap } : {}) }, quantisedFrom(settings));
}

/**
 * `disarm()`: success iff random_range(50 + 5D) < 2 Dex + 3 level + 10 R; then a component iff
 * random_range(100) < Dex + 10 R (and the kind has one); a failure is an accident iff
 * random_range(10 + 2D) > Dex.
 */
export function disarmCheck(p: DisarmInputs, quantised: boolean): Prob<DisarmOutcome> {
  const skill = 2 * p.dex + 3 * p.level + 10 * p.rank;
  const component = p.kind === undefined || hasComponent(p.kind);
  // Only success or failure of the first roll matters: two branches for the exact reading, not
  // one per value (the literal random_range reading has 10,000 of them). Play draws the same.
  return randomRange(50 + 5 * p.difficulty, quantised).map((r) => r < skill).bind((success): Prob<DisarmOutcome> => {
    if (success) {
      if (!component) return constant<DisarmOutcome>('disarmed');
      return randomRange(100, quantised).map((c): DisarmOutcome => (c < p.dex + 10 * p.rank ? 'component' : 'disarmed'));
    }
    return randomRange(10 + 2 * p.difficulty, quantised).map((a): DisarmOutcome => (a > p.dex ? 'accident' : 'failed'));
  });
}

// ---------------------------------------------------------------- dodging

export const DODGE_TRAPS = ['blade', 'fire', 'acid', 'snare', 'trapdoor', 'abyss'] as const;
export type DodgeTrap = (typeof DODGE_TRAPS)[number];
export type DodgeOutcome = 'avoided' | 'hit';

export interface DodgeInputs {
  agility: number;
  dex: number;
  level: number;
}

/**
 * The player's avoidance rolls (trap.c). For the abyss, `hit` means falling in.
 *   blade:    avoided iff random_range(30) < Agi + level
 *   fire:     avoided iff random_range(50) < Agi + level
 *   acid:     hit     iff Agi + level < random_range(100)
 *   snare, trapdoor: avoided iff random_range(100) < Agi
 *   abyss:    hit     iff Dex + level < random_range(100)
 */
export function dodgeCheck(trap: DodgeTrap, p: DodgeInputs, quantised: boolean): Prob<DodgeOutcome> {
  const below = (k: number, s: number) => randomRange(k, quantised).map((r): DodgeOutcome => (r < s ? 'avoided' : 'hit'));
  const above = (k: number, s: number) => randomRange(k, quantised).map((r): DodgeOutcome => (s < r ? 'hit' : 'avoided'));
  switch (trap) {
    case 'blade':
      return below(30, p.agility + p.level);
    case 'fire':
      return below(50, p.agility + p.level);
    case 'acid':
      return above(100, p.agility + p.level);
    case 'snare':
    case 'trapdoor':
      return below(100, p.agility);
    case 'abyss':
      return above(100, p.dex + p.level);
  }
}

// ---------------------------------------------------------------- other rolls of the trap effects

export type TeleportOutcome = 'dangerous' | 'safe';

/** `l_trap_teleport()`: safe iff random_range(10000) > D*D, so dangerous with (D^2 + 1)/10000. */
export function teleportCheck(difficulty: number, quantised: boolean): Prob<TeleportOutcome> {
  return randomRange(10000, quantised).map((r): TeleportOutcome => (r > difficulty * difficulty ? 'safe' : 'dangerous'));
}

/** `searchat()`: a square is checked iff random_range(3) != 0 or the searcher is alert. */
export function searchCheck(alert: boolean, quantised: boolean): Prob<boolean> {
  if (alert) return constant(true);
  return randomRange(3, quantised).map((r) => r !== 0);
}

/** `sleep_player(D/5 + 1)`: random_range(2s) + 2 sleep counts for strength s. */
export function sleepStrength(difficulty: number): number {
  return Math.trunc(difficulty / 5) + 1;
}
export function sleepCounts(difficulty: number, quantised: boolean): Prob<number> {
  return randomRange(2 * sleepStrength(difficulty), quantised).map((r) => r + 2);
}

/** random_range(100) < absorption: the dart plinks off the armour. */
export function dartStopped(absorption: number, quantised: boolean): Prob<boolean> {
  return randomRange(100, quantised).map((r) => r < absorption);
}

/** random_range(3) == 1: the dart was poisoned; the pit had spikes. */
export function oneInThree(quantised: boolean): Prob<boolean> {
  return randomRange(3, quantised).map((r) => r === 1);
}

/** random_range(10) == 3: a manadrain trap at zero mana overloads. */
export function manadrainOverload(quantised: boolean): Prob<boolean> {
  return randomRange(10, quantised).map((r) => r === 3);
}

/** random_range(100) == 13: the abyss brings you before Yog Sothoth. */
export function meetsYogSothoth(quantised: boolean): Prob<boolean> {
  return randomRange(100, quantised).map((r) => r === 13);
}

/**
 * Levels fallen through the abyss (`l_abyss()`): i counts the loops `while (random_range(3) != 2)`,
 * then one more, so 1, 2, 3, ... with P(i) = (1/3)(2/3)^(i-1) in the ideal reading. Sampled only:
 * the loop has no bound, so there is no exact table of it.
 */
export function abyssLevels(quantised: boolean): Prob<number> {
  return abyssLevelsUpTo(Number.POSITIVE_INFINITY, quantised);
}

/**
 * The same loop stopped once it has counted `cap` levels: min(levels, cap), drawing exactly what
 * `abyssLevels` draws until then (with an infinite cap it is `abyssLevels`). Bounded, so it has an
 * exact table: the step check reads a fall only up to the depth where nothing changes any more.
 */
export function abyssLevelsUpTo(cap: number, quantised: boolean): Prob<number> {
  return iterate<{ i: number; done: boolean }>({ i: 0, done: false }, (s) =>
    s.done || s.i + 1 >= cap ? null : randomRange(3, quantised).map((r) => (r !== 2 ? { i: s.i + 1, done: false } : { i: s.i, done: true })),
  ).map((s) => s.i + 1);
}

// ---------------------------------------------------------------- the odds checks for the CLI

function int(inputs: CheckInputs, name: string, fallback: number): number {
  const v = inputs[name];
  return typeof v === 'number' ? v : fallback;
}

/**
 * Bounds of the inputs, above every value of the game: stats and levels as the player settings
 * allow, guild ranks 0 to 5, and D, which is at most 10 in Omega's places and 34 at Trapsmith's
 * deepest level (caves at depth 100).
 */
const STAT_MAX = 100;
const LEVEL_MAX = 100;
const RANK_MAX = 5;
const DIFFICULTY_MAX = 100;
const DEPTH_MAX = 100;

function wholeNumbers(inputs: CheckInputs, names: string[]): string | null {
  for (const n of names) {
    const v = inputs[n];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v))) return `--${n} must be a whole number`;
  }
  return null;
}

const TRAP_PARAM = 'Trap kind; pit, trapdoor, blade and siren give no component. Without it: a kind with a component.';

/** The disarm check's inputs, declared once (core/checkInputs.ts): the moment's program reads them typed. */
const DISARM_INPUTS = defineInputs([
  { name: 'dex', type: 'int', required: true, min: 0, max: STAT_MAX, description: 'Dexterity' },
  { name: 'level', type: 'int', required: true, min: 0, max: LEVEL_MAX, description: 'Experience level' },
  { name: 'rank', type: 'int', default: 0, min: 0, max: RANK_MAX, description: "Thieves' Guild rank R (0 for a nonmember)" },
  { name: 'difficulty', type: 'int', required: true, min: 0, max: DIFFICULTY_MAX, description: 'Location difficulty D (see the difficulty check)' },
  { name: 'trap', type: 'enum', values: TRAP_IDS, description: TRAP_PARAM },
]);

export const CHECKS: Record<string, OddsCheck> = {
  disarm: {
    name: 'disarm',
    description:
      'Disarm (D) a visible trap: random_range(50+5D) < 2 Dex + 3 level + 10 R succeeds (+5 xp); then random_range(100) < Dex + 10 R recovers a component (+25 xp; only nine kinds have one); a failure is an accident when random_range(10+2D) > Dex.',
    params: DISARM_INPUTS.params,
    outcomes: DISARM_OUTCOMES,
    validate: (i) => {
      const bad = wholeNumbers(i, ['dex', 'level', 'rank', 'difficulty']);
      if (bad) return bad;
      if (int(i, 'difficulty', 0) < 0) return '--difficulty must be 0 or more';
      return null;
    },
    // The attempt play samples (disarm.ts `DISARM`): one program.
    program: disarmAttempt,
  },
  dodge: {
    name: 'dodge',
    description:
      "The player's avoidance roll: blade (Agi+level)/30, fire (Agi+level)/50, acid hit if 0..99 > Agi+level, snare and trapdoor Agi/100, abyss falls ('hit') if 0..99 > Dex+level.",
    params: [
      { name: 'trap', type: 'enum', values: DODGE_TRAPS, required: true, description: 'Which trap' },
      { name: 'agility', type: 'int', default: 12, min: 0, max: STAT_MAX, description: 'Agility' },
      { name: 'dex', type: 'int', default: 12, min: 0, max: STAT_MAX, description: 'Dexterity (abyss only)' },
      { name: 'level', type: 'int', default: 1, min: 0, max: LEVEL_MAX, description: 'Experience level' },
    ],
    outcomes: ['avoided', 'hit'],
    validate: (i) => {
      if (typeof i.trap !== 'string' || !(DODGE_TRAPS as readonly string[]).includes(i.trap)) return `--trap must be one of ${DODGE_TRAPS.join(', ')}`;
      return wholeNumbers(i, ['agility', 'dex', 'level']);
    },
    program: (i, settings) =>
      dodgeCheck(
        i.trap as DodgeTrap,
        { agility: int(i, 'agility', 12), dex: int(i, 'dex', 12), level: int(i, 'level', 1) },
        quantisedFrom(settings),
      ),
  },
  teleport: {
    name: 'teleport',
    description: 'A teleport trap sends the player to a random map square (death unless floor or an open door) when random_range(10000) <= D*D: (D^2+1)/10000.',
    params: [{ name: 'difficulty', type: 'int', required: true, min: 0, max: DIFFICULTY_MAX, description: 'Location difficulty D' }],
    outcomes: ['dangerous', 'safe'],
    validate: (i) => wholeNumbers(i, ['difficulty']),
    program: (i, settings) => teleportCheck(int(i, 'difficulty', 3), quantisedFrom(settings)),
  },
  difficulty: {
    name: 'difficulty',
    description: 'Location difficulty D of an environment at a depth (lev.c difficulty()); the mean is D.',
    params: [
      { name: 'environment', type: 'enum', values: ENVIRONMENT_IDS, required: true, description: 'Environment' },
      { name: 'depth', type: 'int', default: 1, min: 1, max: DEPTH_MAX, description: 'Dungeon depth (1 = first level)' },
    ],
    numeric: true,
    validate: (i) => {
      if (typeof i.environment !== 'string' || !ENVIRONMENT_IDS.includes(i.environment)) return `--environment must be one of ${ENVIRONMENT_IDS.join(', ')}`;
      const bad = wholeNumbers(i, ['depth']);
      if (bad) return bad;
      return int(i, 'depth', 1) < 1 ? '--depth must be 1 or more' : null;
    },
    program: (i) => constant(locationDifficulty(i.environment as string, int(i, 'depth', 1))),
  },
  search: {
    name: 'search',
    description: 'Searching checks your square and its 8 neighbours; each hidden trap is found when random_range(3) != 0 (2/3), for sure while alert.',
    params: [{ name: 'alert', type: 'boolean', default: false, description: 'Alert (a potion of alertness)' }],
    outcomes: ['found', 'missed'],
    program: (i, settings) => searchCheck(i.alert === true, quantisedFrom(settings)).map((f) => (f ? 'found' : 'missed')),
  },
  sleep: {
    name: 'sleep',
    description: 'Sleep counts from a sleep gas trap: strength s = D/5 + 1, counts random_range(2s) + 2 (2 to 2s+1).',
    params: [{ name: 'difficulty', type: 'int', required: true, min: 0, max: DIFFICULTY_MAX, description: 'Location difficulty D' }],
    numeric: true,
    validate: (i) => wholeNumbers(i, ['difficulty']),
    program: (i, settings) => sleepCounts(int(i, 'difficulty', 3), quantisedFrom(settings)),
  },
};

/** The checks over a trap table's kinds (`ids`: the built-in's, or with a designer's): the disarm check takes any of them. */
export function checksFor(ids: readonly string[]): Record<string, OddsCheck> {
  const disarm = CHECKS.disarm!;
  return { ...CHECKS, disarm: { ...disarm, params: disarm.params.map((p) => (p.name === 'trap' ? { ...p, values: ids } : p)) } };
}
