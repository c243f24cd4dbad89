/**
 * The odds checks `trapsmith odds cdda <check>` reads: the same programs play samples
 * (checks.ts), with the flag names as parameter names and its outcome names.
 */
import { disarmAttempt } from './disarm.ts';
import { constant, exact } from '../../core/prob.ts';
import { type CheckInputs, type OddsCheck, type ParamSpec, type Ruleset, STEP_HARM_OUTCOMES } from '../../core/ruleset.ts';
import { avoidCheck, detectCheck, monsterAvoidCheck, PROFICIENCY_BASE, proficiencyEffect, UNDISARMABLE } from './checks.ts';
import { trapNumbers } from './harm.ts';
import { readingLeavesOut } from '../../core/traps/read.ts';
import { CDDA_DIALECT } from './dialect.ts';
import { readsLanding, stepKinds, statusesProgram, stepProgram } from './stepOdds.ts';
import { LANDINGS, landingProgram, TELEPORT_SQUARES } from './teleport.ts';
import { kindIn } from './traps.ts';

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
  // The attempt play samples (disarm.ts), read by its result.
  program: (i) => disarmAttempt(i).map((fate) => fate.result),
};

export const CHECKS: Record<string, OddsCheck> = { detect, avoid, 'monster-avoid': monsterAvoid, disarm };

/** Part HP reach 1,090 (partHpBase 1,000 + 3 x Str 30). */
const PART_MAX = 2000;
/** The survivor's Dex and Dodge skill never change in play: the settings' bounds (Dex 30, Dodge 10), with room. */
const SURVIVOR_STAT_MAX = 40;
const SURVIVOR_SKILL_MAX = 15;
const OTHER_SQUARES = TELEPORT_SQUARES - 1;

const STEP_DESCRIPTION =
  'The survivor steps onto a trap, whole: the avoidance dice (3d[Dex + Dodge x 1.5], +2d6 Light Step, -2d6 Clumsy, against 3d[A] known or 6d[A] unknown; ties avoid), ' +
  'then what the trap does to the parts. Bear traps 10-16 to one leg; heavy snare 35 to one leg; spiked board 6-10 to each foot (its leg\u2019s HP); ' +
  'tripwire 1-4 to all six parts when rng(5, 20) > Dex; crossbow (misses 1 in 4; hits when rng(8, 20) > Dex / 2 + Dodge) 20-30 to a random part; ' +
  'shotgun (hits when rng(5, 50) > Dex / 2 + Dodge) 40-60 a barrel, both 1 in 8 or else 1 in (20 - Str) unless --last-charge, to a random part ' +
  '(a foot 1, a leg 3, the torso 5, the head 1 in 10); spinning blade 12-30 to the torso; land mine 15-45 to the torso and 10-30 to the head, each arm and each leg, ' +
  'booby trap 27-81 and 18-54 (the shrapnel flies from your square, never back onto it); pit 10-20 less rng(dodge, 5 dodge) to every part (rng(half, all)) and to each leg again; ' +
  'spiked pit 20-50 to a leg, an arm or the torso unless rng(5, 30) < Dex / 2 + Dodge (Bird Wings: no harm from either pit); lava 20 to each foot and each leg; ' +
  'dissector 1-15 head, 1-20 torso, 1-12 each arm and leg, 1-10 each hand and foot; goo 0-5 to each foot 3 in 10; drain 1 to every part. ' +
  'A hand or foot hurts its arm or leg; a part at 0 takes nothing; the head or torso at 0 kills (the whole HP is the sum of the parts, so it never runs out first, ' +
  'and an arm or a leg matters only as at 0 or not: --broken-legs; the arms are taken as above 0, so a spiked pit with an arm at 0 is not read live). ' +
  'Str (the second barrel) and Bird Wings are the survivor\u2019s build, the str and birdWings settings (fixed for the game). ' +
  'Unhurt, as they do no damage on the step: bubble wrap, the blade engine, the light snare, the sinkhole and the ledge (a fall to the level below, the rope or not), ' +
  'the portal, the raised tile (the flood comes later), glow (radiation or a flash), hum, shadow and snake (a monster comes). A trap-like tool never goes off under you (avoided). ' +
  'The teleport pad: the avoidance dice, then where it throws you (the teleport check, over --empty-squares and --blocked-squares): an empty square, a creature\u2019s or its own unhurt, a wall 500 to the torso. ' +
  'A designer\u2019s kind (--traps FILE) is read from its effect the same way: its damage lands on the torso (a monster: its HP), a blast\u2019s edge half. ' +
  'Read exactly, with the holds a survivor is left in and their turns (statuses); leaves out others\u2019 fates, the pit\u2019s climb, the flood, the level below a fall and whatever comes after the step.';

const STEP_EXAMPLES: readonly CheckInputs[] = [
  { trap: 'crossbow', head: 84, torso: 84 },
  { trap: 'landmine', head: 20, torso: 30, known: true },
  { trap: 'spike_pit', head: 84, torso: 30, dex: 12, dodge: 4 },
  // A teleport pad in a small room: most of its squares walls or off the map, so 15 of them in a
  // row come up often enough, and a wall kills at this torso.
  { trap: 'telepad', head: 84, torso: 84, 'empty-squares': 60, 'blocked-squares': 560 },
];

/** The first of a few survivors for whom stepping onto `id` has two outcomes or more between 1% and 99% (none: a trap nothing is uncertain of). */
function uncertainExample(ruleset: Pick<Ruleset, 'traps'>, id: string): CheckInputs[] {
  const kind = kindIn(ruleset, id)!;
  const bodies: readonly CheckInputs[] = [{ head: 40, torso: 40 }, { head: 40, torso: 40, known: true }, { head: 12, torso: 12, known: true, dex: 4 }];
  for (const body of bodies) {
    const inputs: CheckInputs = { trap: id, ...body };
    // No settings given: the survivor's build is the settings' defaults (settings.ts `num`).
    const ps = exact(stepProgram(kind, inputs, {}, trapNumbers(ruleset, id).A)).map((o) => o.p);
    if (ps.filter((p) => p > 0.01 && p < 0.99).length >= 2) return [inputs];
  }
  return [];
}

/** The step check for a trap table (the seed's, or a variant's): it reads the avoidance A there. */
export function makeStepCheck(ruleset: Pick<Ruleset, 'traps'>): OddsCheck {
  const kinds = ruleset.traps.filter((t) => t.kind).map((t) => t.id);
  const floorKinds = stepKinds(ruleset).filter((id) => kindIn(ruleset, id)!.hosts.includes('floor'));
  let examples: CheckInputs[] | undefined;
  return {
    name: 'step',
    description: STEP_DESCRIPTION,
    params: [
      { name: 'trap', type: 'enum', required: true, values: kinds, description: 'The trap id (of the playing table).' },
      { name: 'head', type: 'int', required: true, min: 1, max: PART_MAX, description: 'Head HP now: at 0 it kills.' },
      { name: 'torso', type: 'int', required: true, min: 1, max: PART_MAX, description: 'Torso HP now: at 0 it kills.' },
      {
        name: 'broken-legs',
        type: 'int',
        default: 0,
        min: 0,
        max: 2,
        description: 'Legs at 0 HP (0, 1 or 2): such a leg, and its foot, take nothing. Which one does not matter: every trap is even-handed, and a leg never kills.',
      },
      { name: 'dex', type: 'int', default: 8, min: 0, max: SURVIVOR_STAT_MAX, description: 'Dexterity' },
      { name: 'dodge', type: 'int', default: 0, min: 0, max: SURVIVOR_SKILL_MAX, description: 'Dodge skill level (get_dodge for the shots and pits: Dex / 2 + this)' },
      { name: 'known', type: 'boolean', default: false, description: 'The survivor knows of the trap (3 trap dice instead of 6)' },
      { name: 'light-step', type: 'boolean', default: false, description: 'Trait Light Step (+2d6)' },
      { name: 'clumsy', type: 'boolean', default: false, description: 'Trait Clumsy (-2d6)' },
      { name: 'last-charge', type: 'boolean', default: false, description: 'A shotgun trap on its last charge: one barrel only' },
      ...TELEPORT_PARAMS.map((p) => ({ ...p, required: false, description: `The teleport pad's (read for it alone): ${p.description} (the teleport check's)` })),
    ],
    outcomes: STEP_HARM_OUTCOMES,
    // A bolt at the new survivor unseen; a land mine seen, on a battered body; a spiked pit; then
    // every other floor kind of the table whose outcome is uncertain, so `trapsmith verify`
    // samples them all (read once, when first asked for).
    get examples() {
      examples ??= [...STEP_EXAMPLES, ...floorKinds.filter((id) => !STEP_EXAMPLES.some((e) => e.trap === id)).flatMap((id) => uncertainExample(ruleset, id))];
      return examples;
    },
    leavesOut: (i) => {
      const kind = kindIn(ruleset, String(i.trap));
      return kind ? readingLeavesOut(kind, CDDA_DIALECT, true) : [];
    },
    // The holds a survivor is left in (bear traps with bearTrapHoldsPlayer, snares), with their turns.
    statuses: (i, settings) => {
      const kind = kindIn(ruleset, String(i.trap));
      return kind && !readsLanding(kind) ? statusesProgram(kind, i, settings, trapNumbers(ruleset, kind.id).A) : constant({});
    },
    validate: (i) => {
      const id = String(i.trap);
      const kind = kindIn(ruleset, id);
      if (!kind) return `unknown trap "${id}" (known: ${kinds.join(', ')})`;
      if (readsLanding(kind) && (i['empty-squares'] === undefined || i['blocked-squares'] === undefined))
        return 'the teleport pad\u2019s harm turns on where it throws you (a wall kills): give --empty-squares and --blocked-squares (the level\u2019s squares around it, as the teleport check reads them)';
      const squares = teleport.validate!(i);
      if (squares) return squares;
      if (n(i, 'head', 0) < 1 || n(i, 'torso', 0) < 1) return '--head and --torso are the HP of a living survivor: 1 or more each';
      if (b(i, 'last-charge') && id !== 'shotgun') return '--last-charge is the shotgun trap\u2019s (its last charge fires one barrel)';
      return null;
    },
    program: (i, settings) => {
      const kind = kindIn(ruleset, String(i.trap));
      return kind ? stepProgram(kind, i, settings, trapNumbers(ruleset, kind.id).A) : constant('unhurt');
    },
  };
}

/** The teleport check's inputs, which the step check takes for the teleport pad too. */
const TELEPORT_PARAMS: readonly ParamSpec[] = [
  { name: 'empty-squares', type: 'int', required: true, min: 0, max: OTHER_SQUARES, description: 'Empty squares (walkable, no chest, no creature) of the 624 within 12 around the pad' },
  { name: 'blocked-squares', type: 'int', required: true, min: 0, max: OTHER_SQUARES, description: 'Squares of those 624 no one can stand in (walls, chests, off the map)' },
];

const teleport: OddsCheck = {
  name: 'teleport',
  description:
    'Where a teleport pad throws the survivor once set off (game::teleport): up to 15 squares drawn within 12 on each axis, the first one it can stand in taken: ' +
    'an empty one (empty: unhurt), another creature\u2019s (monster: it is blown apart, the survivor unhurt) or the pad\u2019s own (self: it stays, unhurt); ' +
    'when all 15 are a wall, a chest or off the map, the last (blocked: 500 to the torso, dead below 501 torso HP). The rest of the 624 squares around the pad hold creatures. ' +
    'Play draws the landing from this very program, then which square of its kind.',
  params: [...TELEPORT_PARAMS],
  outcomes: LANDINGS,
  // A small room: 60 empty squares, four creatures, the rest walls or off the map.
  examples: [{ 'empty-squares': 60, 'blocked-squares': 560 }],
  validate: (i) => (n(i, 'empty-squares', 0) + n(i, 'blocked-squares', 0) > OTHER_SQUARES ? `--empty-squares and --blocked-squares together are at most ${OTHER_SQUARES}` : null),
  program: (i) => landingProgram(n(i, 'empty-squares', 0), n(i, 'blocked-squares', 0)),
};

/** Every cdda check for a trap table: the step check reads its avoidance numbers. */
export function makeChecks(ruleset: Pick<Ruleset, 'traps'>): Record<string, OddsCheck> {
  return { ...CHECKS, teleport, step: makeStepCheck(ruleset) };
}
