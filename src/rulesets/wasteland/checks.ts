/**
 * The odds checks `trapsmith odds wasteland enter|disarm|step` reads. They build the same programs the
 * game samples (`die.ts`), from the flags given or, where a flag is missing, the ruleset settings.
 *
 * Face counts: `--skull-faces` and `--shield-faces` set those faces; the rest of the die (6 faces
 * unless the settings say otherwise) is blank, as RULES.md's "one d6 with skullFaces, shieldFaces,
 * rest blank". `--blank-faces` sets the blanks explicitly (and so the die's size).
 */
import { defineInputs } from '../../core/checkInputs.ts';
import { constant, type Prob } from '../../core/prob.ts';
import { findTrapDef } from '../../core/registry.ts';
import { type CheckInputs, type OddsCheck, type ParamSpec, STEP_HARM_OUTCOMES, type TrapDef } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';
import { DISARM_OUTCOMES, type DieFaces, dieProblem, disarmOutcome, ENTER_OUTCOMES, enterCheck, type FaceCounts, rollDice } from './die.ts';
import { readingLeavesOut } from '../../core/traps/read.ts';
import { WASTELAND_DIALECT } from './dialect.ts';
import { readSettings } from './settings.ts';
import { isWastelandTrap } from './traps.ts';
import { type StepSituation, statusesProgram, stepProgram } from './stepOdds.ts';

/** Bounds of the inputs, as the die's settings have them (the source rolls 1, 3 or 6 dice of 6 faces). */
const FACES_MAX = 20;
const DICE_MAX = 20;

const faceParams = [
  { name: 'skull-faces', type: 'int', min: 0, max: FACES_MAX, description: 'Skull faces on the die (default: the skullFaces setting, 3).' },
  { name: 'shield-faces', type: 'int', min: 0, max: FACES_MAX, description: 'Shield faces on the die (default: the shieldFaces setting, 2).' },
  {
    name: 'blank-faces',
    type: 'int',
    min: 0,
    max: FACES_MAX,
    description: 'Blank faces on the die (default: the rest of a die as large as the settings make it, 6 faces by default).',
  },
] as const satisfies readonly ParamSpec[];

/** The die's faces as a check gives them: each left out (undefined) takes the settings'. */
const FACES = defineInputs(faceParams);

/** The die an odds check rolls: flags first, settings for what is not given. */
export function facesFrom(inputs: CheckInputs, settings: Traits): DieFaces {
  const s = readSettings(settings);
  const size = s.skullFaces + s.shieldFaces + s.blankFaces;
  const given = FACES.read(inputs);
  const skull = given['skull-faces'] ?? s.skullFaces;
  const shield = given['shield-faces'] ?? s.shieldFaces;
  const blank = given['blank-faces'] ?? size - skull - shield;
  if (blank < 0 && given['blank-faces'] === undefined)
    throw new RangeError(`${skull} skull and ${shield} shield faces do not fit on a ${size}-sided die; give --blank-faces too`);
  const faces = { skull, shield, blank };
  const problem = dieProblem(faces);
  if (problem) throw new RangeError(problem);
  return faces;
}

function validateFaces(inputs: CheckInputs): string | null {
  const given = FACES.read(inputs);
  for (const name of ['skull-faces', 'shield-faces', 'blank-faces'] as const) {
    const v = given[name];
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) return `--${name} must be a whole number 0 or more, got ${v}`;
  }
  return null;
}

const ENTER = defineInputs([...faceParams, { name: 'detector', type: 'boolean', default: false, description: 'The hero carries a detector (no roll).' }]);

export const enter: OddsCheck = {
  name: 'enter',
  description: 'A hero enters a trapped cell: one die, a skull springs the trap. With a detector there is no roll.',
  params: ENTER.params,
  outcomes: ENTER_OUTCOMES,
  validate: validateFaces,
  program: (inputs, settings) => enterCheck(facesFrom(inputs, settings), ENTER.read(inputs).detector),
};

const DISARM_INPUTS = defineInputs([
  ...faceParams,
  { name: 'detector', type: 'boolean', default: false, description: 'The hero carries a detector (6 dice, the detectorDisarmDice setting).' },
  { name: 'dice', type: 'int', min: 1, max: DICE_MAX, description: 'Roll this many dice instead (default: the disarmDice setting, 3).' },
]);

export const disarm: OddsCheck = {
  name: 'disarm',
  description: 'A hero on the trap tries to disarm it: 3 dice (6 with a detector); any shield removes it, none springs it.',
  params: DISARM_INPUTS.params,
  outcomes: DISARM_OUTCOMES,
  validate(inputs) {
    const faces = validateFaces(inputs);
    if (faces) return faces;
    const { dice, detector } = DISARM_INPUTS.read(inputs);
    if (detector && dice !== undefined) return '--detector and --dice exclude each other (a detector means the detectorDisarmDice setting, 6 dice)';
    if (dice !== undefined && (!Number.isInteger(dice) || dice < 1)) return `--dice must be a whole number 1 or more, got ${dice}`;
    return null;
  },
  // The attempt play samples (disarm.ts `DISARM`), read by its outcome.
  program: (inputs, settings) => disarmAttempt(inputs, settings).map(disarmOutcome),
};

/** The attempt over the `disarm` check's inputs: the dice's faces as thrown, what play samples (its words name them). */
export function disarmAttempt(inputs: CheckInputs, settings: Traits): Prob<FaceCounts> {
  const s = readSettings(settings);
  const { detector, dice } = DISARM_INPUTS.read(inputs);
  const n = detector ? s.detectorDisarmDice : (dice ?? s.disarmDice);
  return rollDice(n, facesFrom(inputs, settings));
}

/**
 * Finding a trap (sight.ts): no roll. A search finds every trap on the searcher's cell and the
 * eight around it; in passing, a trap in view is seen while traps are visible tokens (the
 * trapsVisible setting, the board's own rule), and else a detector finds one next to its carrier.
 */
const FIND = defineInputs([
  { name: 'way', type: 'enum', values: ['search', 'passing'], default: 'passing', description: 'A search (a turn spent searching) or a look in passing (every step).' },
  { name: 'beside', type: 'boolean', default: true, description: 'The trap is on your cell or next to it.' },
  { name: 'in-view', type: 'boolean', default: true, description: 'You see the trap\'s cell.' },
  { name: 'detector', type: 'boolean', default: false, description: 'You carry a detector.' },
]);

export const find: OddsCheck = {
  name: 'find',
  description:
    "Finding a trap, no roll: a search finds every trap on your cell and the eight around it; in passing, a trap in view is seen while traps are visible tokens (the trapsVisible setting, the board's rule), else a detector finds one next to its carrier.",
  params: FIND.params,
  outcomes: ['found', 'missed'],
  program(inputs, settings) {
    const v = FIND.read(inputs);
    const found = v.way === 'search' ? v.beside : (readSettings(settings).trapsVisible && v['in-view']) || (v.beside && v.detector);
    return constant(found ? 'found' : 'missed');
  },
};

/** Hit points as the settings allow a hero (heroHp up to 999), with room for a monster. */
const HP_MAX = 10_000;
/** The damage settings' own bound. */
const DAMAGE_MAX = 99;

/** The step check over a trap table (the seed's, or with a designer's kinds): `--trap` is one of its ids. */
function stepCheck(traps: TrapDef[]): OddsCheck {
  const ids = traps.map((t) => t.id);
  const kindOf = (id: string) => findTrapDef({ traps }, id)?.kind;
  const STEP = defineInputs([
    { name: 'trap', type: 'enum', required: true, values: ids, description: `The trap: ${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}.` },
    { name: 'hp', type: 'int', required: true, min: 1, max: HP_MAX, description: 'Hit points now: damage of this many or more kills.' },
    ...faceParams,
    { name: 'detector', type: 'boolean', default: false, description: 'Carries a detector: no roll, the trap does not go off.' },
    { name: 'flying', type: 'boolean', default: false, description: 'Flies (a bat): floor traps never go off under it.' },
    {
      name: 'damage',
      type: 'int',
      min: 0,
      max: DAMAGE_MAX,
      description: "The trap's damage to its victim (default: its kind's; the built-ins' are their settings, caltropsDamage 1, bearTrapDamage 2 or mineDamage 3).",
    },
  ]);
  const situation = (inputs: CheckInputs, settings: Traits): StepSituation => {
    const v = STEP.read(inputs);
    const kind = kindOf(v.trap);
    if (!kind) throw new RangeError(`unknown trap "${v.trap}"`);
    return {
      trap: kind,
      hp: v.hp,
      detector: v.detector,
      flying: v.flying,
      faces: facesFrom(inputs, settings),
      ...(v.damage !== undefined ? { damage: v.damage } : {}),
      inputs,
    };
  };
  return {
    name: 'step',
    description:
      'Stepping onto a trapped cell, whole, for the one who steps: a flier passes over it and a detector carrier rolls nothing (avoided); ' +
      'anyone else rolls one die, and a skull springs the trap: its damage (caltrops 1, bear trap 2, mine 3: the settings, or --damage) kills at --hp or more. ' +
      "Read exactly, with the statuses it leaves (the caltrops' lost actions, the bear trap's hold). Knowing of the trap changes nothing (no step past in these rules). " +
      "Leaves out the mine's blast on others within its radius and the optional rules' later rolls on leaving or fighting on the cell.",
    params: STEP.params,
    outcomes: STEP_HARM_OUTCOMES,
    // The new hero (20 HP) on caltrops, and on a mine at 3 HP: avoided or not, each 1/2; a bear trap on a d3 die: hurt 1/3.
    // A designer's kinds besides, for the new hero: verify then samples each kind's reading.
    examples: [
      { trap: 'caltrops', hp: 20 },
      { trap: 'mine', hp: 3 },
      { trap: 'bear_trap', hp: 3, 'skull-faces': 1, 'shield-faces': 1, 'blank-faces': 1 },
      ...ids.filter((id) => !isWastelandTrap(id)).map((trap) => ({ trap, hp: 20 })),
    ],
    leavesOut(inputs) {
      const kind = kindOf(STEP.read(inputs).trap);
      return [...(kind ? readingLeavesOut(kind, WASTELAND_DIALECT, true) : []), "the optional rules' later rolls on leaving or fighting on the cell"];
    },
    validate(inputs) {
      const { trap, hp, damage } = STEP.read(inputs);
      if (!kindOf(trap)) return `unknown trap "${trap}" (known: ${ids.join(', ')})`;
      if (!Number.isInteger(hp) || hp < 1) return '--hp is the hit points now, 1 or more';
      if (damage !== undefined && (!Number.isInteger(damage) || damage < 0)) return `--damage must be a whole number 0 or more, got ${damage}`;
      return validateFaces(inputs);
    },
    statuses: (inputs, settings) => statusesProgram(situation(inputs, settings), settings),
    program: (inputs, settings) => stepProgram(situation(inputs, settings), settings),
  };
}

/** The checks of a wasteland ruleset playing this trap table. */
export function makeChecks(traps: TrapDef[]): Record<string, OddsCheck> {
  return { enter, disarm, find, step: stepCheck(traps) };
}
