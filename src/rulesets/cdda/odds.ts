/**
 * The odds checks `trapsmith odds cdda <check>` reads: the same programs play samples
 * (checks.ts), with the flag names as parameter names and its outcome names.
 */
import type { CheckInputs, OddsCheck } from '../../core/ruleset.ts';
import { avoidCheck, detectCheck, disarmCheck, monsterAvoidCheck, PROFICIENCY_BASE, proficiencyEffect, UNDISARMABLE } from './checks.ts';

/** Bounds of the inputs, above every value of the game: stats rarely pass 30, skills stop at 10, V, A and D at 99. */
const STAT_MAX = 100;
const SKILL_MAX = 20;
const TRAP_NUMBER_MAX = 100;
/** Proficiencies sum from -2 (none) to 5 (all three). */
const PROFICIENCY_ALL = proficiencyEffect(true, true, true);

function n(inputs: CheckInputs, name: string, fallback: number): number {
  const v = inputs[name];
  return typeof v === 'number' ? v : fallback;
}

function b(inputs: CheckInputs, name: string): boolean {
  return inputs[name] === true;
}

const detect: OddsCheck = {
  name: 'detect',
  description: 'One turn\u2019s detection roll for a hidden trap in view: round(N(mean, 3)) > visibility (trap::detect_trap, 0.F).',
  params: [
    { name: 'per', type: 'int', default: 8, min: 0, max: STAT_MAX, description: 'Perception' },
    { name: 'int', type: 'int', default: 8, min: 0, max: STAT_MAX, description: 'Intelligence' },
    { name: 'skill', type: 'int', default: 0, min: 0, max: SKILL_MAX, description: 'Traps skill level (adds skill/3)' },
    {
      name: 'proficiencies',
      type: 'int',
      default: PROFICIENCY_BASE,
      min: PROFICIENCY_BASE,
      max: PROFICIENCY_ALL,
      description: 'Summed proficiency effect: -2 base, +2 Principles of Trapping, +1 Trap Setting, +4 Spotting and Awareness (5 for all three)',
    },
    { name: 'focus', type: 'int', default: 50, min: 0, max: 200, description: 'Focus (adds focus/25 - 2)' },
    { name: 'fatigue', type: 'int', default: 0, min: 0, max: 1000, description: 'Fatigue (subtracts max(0, fatigue - 200)/100)' },
    { name: 'eye-encumbrance', type: 'int', default: 0, min: 0, max: 100, description: 'Eye encumbrance (subtracts a tenth)' },
    { name: 'distance', type: 'int', default: 1, min: 0, max: 100, description: 'Chebyshev distance to the trap (subtracts distance - 1)' },
    { name: 'visibility', type: 'int', required: true, min: 0, max: TRAP_NUMBER_MAX, description: 'The trap\u2019s visibility V' },
  ],
  outcomes: ['seen', 'unseen'],
  validate: (i) => (n(i, 'distance', 1) < 0 ? 'distance cannot be negative' : null),
  program: (i) =>
    detectCheck({
      per: n(i, 'per', 8),
      int: n(i, 'int', 8),
      skill: n(i, 'skill', 0),
      proficiencies: n(i, 'proficiencies', PROFICIENCY_BASE),
      focus: n(i, 'focus', 50),
      fatigue: n(i, 'fatigue', 0),
      eyeEncumbrance: n(i, 'eye-encumbrance', 0),
      distance: n(i, 'distance', 1),
      visibility: n(i, 'visibility', 0),
    }),
};

const avoid: OddsCheck = {
  name: 'avoid',
  description: 'The player steps on a trap: 3d[Dex + Dodge x 1.5] (+2d6 Light Step, -2d6 Clumsy) against 3d[A] (aware) or 6d[A]; ties avoid.',
  params: [
    { name: 'avoidance', type: 'int', required: true, min: 0, max: TRAP_NUMBER_MAX, description: 'The trap\u2019s avoidance A' },
    { name: 'dex', type: 'int', default: 8, min: 0, max: STAT_MAX, description: 'Dexterity' },
    { name: 'dodge', type: 'int', default: 0, min: 0, max: SKILL_MAX, description: 'Dodge skill level' },
    { name: 'aware', type: 'boolean', default: false, description: 'The player knows of the trap (3 trap dice instead of 6)' },
    { name: 'light-step', type: 'boolean', default: false, description: 'Trait Light Step (+2d6)' },
    { name: 'clumsy', type: 'boolean', default: false, description: 'Trait Clumsy (-2d6)' },
  ],
  outcomes: ['avoided', 'sprung'],
  // A tripwire (A 4) unseen, and a bear trap (A 7) seen: 3d8 against 6d4 and 3d7.
  examples: [{ avoidance: 4 }, { avoidance: 7, aware: true }],
  program: (i) =>
    avoidCheck({
      avoidance: n(i, 'avoidance', 0),
      dex: n(i, 'dex', 8),
      dodge: n(i, 'dodge', 0),
      aware: b(i, 'aware'),
      lightStep: b(i, 'light-step'),
      clumsy: b(i, 'clumsy'),
    }),
};

const monsterAvoid: OddsCheck = {
  name: 'monster-avoid',
  description: 'A critter steps on a trap: 3d[dodge + 1] against 3d[A]; ties avoid. Flying and digging monsters are immune.',
  params: [
    { name: 'avoidance', type: 'int', required: true, min: 0, max: TRAP_NUMBER_MAX, description: 'The trap\u2019s avoidance A' },
    { name: 'dodge', type: 'int', default: 0, min: 0, max: SKILL_MAX, description: 'The monster\u2019s dodge skill' },
  ],
  outcomes: ['avoided', 'sprung'],
  // A quick critter against a tripwire: 3d4 against 3d4, ties to the critter.
  examples: [{ avoidance: 4, dodge: 3 }],
  program: (i) => monsterAvoidCheck(n(i, 'avoidance', 0), n(i, 'dodge', 0)),
};

const disarm: OddsCheck = {
  name: 'disarm',
  description:
    'rng(skill, 4 skill), +1 while (rng(5,20) < Per or rng(1,20) < Dex) below 50; >= D disarms, >= 0.8 D fails safely, else sets it off (map::disarm_trap, 0.F).',
  params: [
    { name: 'skill', type: 'int', default: 0, min: 0, max: SKILL_MAX, description: 'Traps skill level' },
    { name: 'per', type: 'int', default: 8, min: 0, max: STAT_MAX, description: 'Perception' },
    { name: 'dex', type: 'int', default: 8, min: 0, max: STAT_MAX, description: 'Dexterity' },
    { name: 'difficulty', type: 'int', required: true, min: 0, max: UNDISARMABLE, description: 'The trap\u2019s difficulty D' },
  ],
  outcomes: ['disarmed', 'failed', 'set_off'],
  // A crossbow trap (D 5) with Traps 2: each outcome between 12% and 69%.
  examples: [{ skill: 2, difficulty: 5 }],
  validate: (i) => {
    if (n(i, 'skill', 0) < 0) return 'skill cannot be negative';
    if (n(i, 'difficulty', 0) >= UNDISARMABLE) return `a trap of difficulty ${UNDISARMABLE} cannot be disarmed ("looks too dangerous to mess with")`;
    return null;
  },
  program: (i) => disarmCheck(n(i, 'skill', 0), n(i, 'per', 8), n(i, 'dex', 8), n(i, 'difficulty', 0)),
};

export const CHECKS: Record<string, OddsCheck> = { detect, avoid, 'monster-avoid': monsterAvoid, disarm };
