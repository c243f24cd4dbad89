/**
 * The odds checks `trapsmith odds ceaptun <check> --flag value` reads: each wraps a dice program
 * of `checks.ts`, the same one play samples. ParamSpec names are the CLI's flag names.
 */
import { DANGER_MAX, DODGE_MAX, DODGE_MIN, SITUATION_PARAMS } from './stepInputs.ts';
import { defineInputs } from '../../core/checkInputs.ts';
import { disarmAttempt } from './disarm.ts';
import { constant } from '../../core/prob.ts';
import { type CheckInputs, type OddsCheck, STEP_HARM_OUTCOMES } from '../../core/ruleset.ts';
import {
  ATTACK_OUTCOMES,
  attackProgram,
  DISARM_OUTCOMES,
  damageProgram,
  RIG_OUTCOMES,
  RIG_TARGET,
  rigProgram,
  SEARCH_OUTCOMES,
  STEP_OUTCOMES,
  searchProgram,
  stepOntoKnownProgram,
} from './checks.ts';
import { reductionPercent, tierOf } from './stats.ts';
import { readingLeavesOut } from '../../core/traps/read.ts';
import { effectsOf } from '../../core/traps/effectTree.ts';
import { CEAPTUN_DIALECT } from './dialect.ts';
import { ceaptunSettings } from './settings.ts';
import { type StepSituation, statusesProgram, stepProgram } from './stepOdds.ts';
import { isTrapIn, type TrapTable } from './traps.ts';

/** Whether an input was given: the disarm check takes its modifier whole or made of Dex and skill, as given. */
function has(inputs: CheckInputs, name: 'modifier' | 'dex' | 'disable-device'): boolean {
  return inputs[name] !== undefined;
}

/**
 * Bounds of the inputs, above every value of the game: difficulties up to 18 (a variant's
 * table may go higher) plus 6 danger tiers at up to 10 each; modifiers from Dex 1 (-5) to Dex 40
 * with every bonus; skills stop at 200; danger reaches about 6,000 at depth 100 on the largest
 * settings.
 */
const DIFFICULTY_MAX = 200;
const MODIFIER_MIN = -50;
const MODIFIER_MAX = 100;
const SKILL_MAX = 200;
const DEFENCE_MIN = -50;
const DEFENCE_MAX = 200;

const disarm: OddsCheck = {
  name: 'disarm',
  description:
    'Disarming a known trap: 2d12 + Dex modifier + Disable device bonus vs the difficulty. Natural 24 disarms, natural 2 fails; short by 5 or more sets it off.',
  params: [
    { name: 'difficulty', type: 'int', required: true, min: 0, max: DIFFICULTY_MAX, description: 'The trap\'s difficulty (alarm 12, pit 13, arrow 14, spear/tripwire/stake/pitfall 15, fireball/frost/lightning 17, teleport 18).' },
    { name: 'modifier', type: 'int', min: MODIFIER_MIN, max: MODIFIER_MAX, description: 'Total modifier (Dex modifier + Disable device bonus); or give --dex and --disable-device.' },
    { name: 'dex', type: 'int', min: 1, max: 100, description: 'Dexterity score (modifier floor((Dex - 10) / 2)), instead of --modifier.' },
    { name: 'disable-device', type: 'int', min: 0, max: SKILL_MAX, description: 'Disable device skill 0..200 (+8 at 100, +12 at 200), with --dex.' },
  ],
  outcomes: DISARM_OUTCOMES,
  // A spear trap (15) for the new character (Dex 14, Disable device 30: +4): 11/16, 5/24, 5/48.
  examples: [{ difficulty: 15, dex: 14, 'disable-device': 30 }],
  validate: (i) => {
    if (has(i, 'modifier') && (has(i, 'dex') || has(i, 'disable-device'))) return 'give either --modifier or --dex (with --disable-device), not both';
    if (!has(i, 'modifier') && !has(i, 'dex')) return 'give --modifier, or --dex (and --disable-device)';
    const skill = i['disable-device'];
    if (typeof skill === 'number' && skill < 0) return '--disable-device cannot be negative';
    return null;
  },
  // The attempt play samples (disarm.ts): one program, read here.
  program: disarmAttempt,
};

const STEP_PAST = defineInputs([
    { name: 'dodge', type: 'int', required: true, min: DODGE_MIN, max: DODGE_MAX, description: 'Dodge: Dex modifier (as armour and load leave it) plus every Dodge bonus (Tumble +1 per 20).' },
    { name: 'light-step', type: 'boolean', default: false, description: 'Has the Light step talent (its chance is the lightStepChance setting).' },
]);

const stepPast: OddsCheck = {
  name: 'step-past',
  description: 'Stepping onto a known trap on purpose: clamp(55 + 10 x dodge, 15, 90)% to avoid it; with --light-step the talent\'s chance comes on top.',
  params: STEP_PAST.params,
  outcomes: STEP_OUTCOMES,
  program: (i, settings) => {
    const v = STEP_PAST.read(i);
    return stepOntoKnownProgram(v.dodge, v['light-step'] ? ceaptunSettings(settings).lightStepChance : 0);
  },
};

const RIG = defineInputs([
    { name: 'modifier', type: 'int', required: true, min: MODIFIER_MIN, max: MODIFIER_MAX, description: 'Dex modifier + Woodcraft crafting bonus + talents\' Dexterity check bonuses.' },
    { name: 'target', type: 'int', default: RIG_TARGET, min: 0, max: DIFFICULTY_MAX, description: 'The number to reach (10).' },
]);

const rig: OddsCheck = {
  name: 'rig',
  description: 'Rigging a trap (Trapwright): 2d12 + modifier vs the target (10). Natural 2 fails and springs the trap on you; natural 24 succeeds.',
  params: RIG.params,
  outcomes: RIG_OUTCOMES,
  // The new character (Dex +2): 2d12 >= 8; a natural 2 (1/144) is never far from certain.
  examples: [{ modifier: 2 }],
  program: (i) => {
    const v = RIG.read(i);
    return rigProgram(v.modifier, v.target);
  },
};

/** Both checks that read a danger level refuse a negative one alike. */
const DANGER_NOT_NEGATIVE = '--danger cannot be negative (a place with no danger counts as 0)';

const damage = (table: TrapTable): OddsCheck => {
  const DAMAGE = defineInputs([
      { name: 'trap', type: 'enum', required: true, values: Object.keys(table), description: 'The trap id.' },
      { name: 'danger', type: 'int', required: true, min: 0, max: DANGER_MAX, description: 'Danger level of the place (0 or more; tiers start at 0, 3, 6, 10, 15, 22, 30).' },
      { name: 'trap-sense', type: 'boolean', default: false, description: 'The victim has the Trap sense talent (halves the damage).' },
      { name: 'ward', type: 'int', default: 0, min: 0, max: 100, description: 'Percent taken off by ward magic (0..100).' },
      { name: 'hard', type: 'boolean', default: false, description: 'The attack hit hard (natural 24): the damage is rolled twice.' },
      { name: 'edge', type: 'boolean', default: false, description: 'The victim stands at a blast\'s edge (2 cells away): half damage.' },
  ]);
  return {
  name: 'damage',
  description:
    'The damage a trap does to one victim at a danger level: its tier\'s dice (rigged traps never grow), halved at a blast\'s edge, then less Trap sense and ward (together at most 75%, at least 1).',
  params: DAMAGE.params,
  numeric: true,
  validate: (i) => {
    const id = String(i.trap);
    if (!isTrapIn(table, id)) return `unknown trap "${id}" (known: ${Object.keys(table).join(', ')})`;
    if (!table[id]!.damage) return `the ${table[id]!.name} does no damage`;
    const v = DAMAGE.read(i);
    if (v.danger < 0) return DANGER_NOT_NEGATIVE;
    if (v.ward < 0 || v.ward > 100) return '--ward is a percent from 0 to 100';
    return null;
  },
  program: (i, settings) => {
    const id = String(i.trap);
    if (!isTrapIn(table, id)) return constant(0);
    const rows = table[id]!.damage;
    if (!rows) return constant(0);
    const v = DAMAGE.read(i);
    // Rigged traps never grow with danger.
    const tier = table[id]!.rigged ? 0 : tierOf(v.danger);
    return damageProgram(rows[tier]!, { hard: v.hard, edge: v.edge, reduction: reductionPercent(v['trap-sense'], v.ward, settings) });
  },
  };
};

const ATTACK = defineInputs([
    { name: 'defence', type: 'int', required: true, min: DEFENCE_MIN, max: DEFENCE_MAX, description: 'The victim\'s Defence.' },
    { name: 'danger', type: 'int', default: 0, min: 0, max: DANGER_MAX, description: 'Danger level of the place (0 for a rigged trap).' },
    { name: 'dodge', type: 'int', default: 0, min: DODGE_MIN, max: DODGE_MAX, description: 'The victim\'s dodge: misses under base + dodge are dodged, the rest glance off armour.' },
]);

const attack: OddsCheck = {
  name: 'attack',
  description: 'An arrow, spear or stake attack: 2d12 + the danger tier x attackBonusPerTier vs Defence (10 + dodge + armour); natural 24 hits hard, natural 2 misses.',
  params: ATTACK.params,
  outcomes: ATTACK_OUTCOMES,
  validate: (i) => (ATTACK.read(i).danger < 0 ? DANGER_NOT_NEGATIVE : null),
  program: (i, settings) => {
    const v = ATTACK.read(i);
    const s = ceaptunSettings(settings);
    return attackProgram(tierOf(v.danger) * s.attackBonusPerTier, v.defence, s.baseDefence + v.dodge);
  },
};

const SEARCH = defineInputs([
    { name: 'difficulty', type: 'int', required: true, min: 0, max: DIFFICULTY_MAX, description: 'The trap\'s difficulty.' },
    { name: 'modifier', type: 'int', required: true, min: MODIFIER_MIN, max: MODIFIER_MAX, description: 'Perception modifier + Detect traps bonus.' },
    { name: 'passing', type: 'boolean', default: false, description: 'In passing (after a move) rather than an active search.' },
]);

const search: OddsCheck = {
  name: 'search',
  description: 'Finding a hidden trap next to you: 2d12 + Perception modifier + Detect traps bonus vs its difficulty; in passing at a penalty (passingPenalty).',
  params: SEARCH.params,
  outcomes: SEARCH_OUTCOMES,
  // A spear trap (15) for the new character (Perception 12, Detect traps 30: +3): 2d12 >= 12.
  examples: [{ difficulty: 15, modifier: 3 }],
  program: (i, settings) => {
    const v = SEARCH.read(i);
    return searchProgram(v.modifier - (v.passing ? ceaptunSettings(settings).passingPenalty : 0), v.difficulty);
  },
};


const step = (table: TrapTable): OddsCheck => {
  const STEP = defineInputs([
      { name: 'trap', type: 'enum', required: true, values: Object.keys(table), description: 'The trap id.' },
      ...SITUATION_PARAMS,
  ]);
  /** The step check's inputs as the reading's situation. */
  const situation = (i: CheckInputs): StepSituation => {
    const v = STEP.read(i);
    return { trap: v.trap, hp: v.hp, danger: v.danger, dodge: v.dodge, armour: v.armour, known: v.known, trapSense: v['trap-sense'], ward: v.ward, lightStep: v['light-step'], opening: v.opening, inputs: i };
  };
  return {
  name: 'step',
  description:
    'Stepping onto a floor trap, whole, for the one who steps: a known trap stepped onto on purpose gives the step-past chance first (clamp(55 + 10 x dodge, 15, 90)%), ' +
    'then Light step if given; set off, the trap attacks (2d12 + tier bonus vs Defence 10 + dodge + armour) or blasts, bolts or drops its victim, ' +
    'and its damage (less Trap sense and ward) kills at --hp or more. Read exactly; leaves out others in an arrow\'s way and where a teleport lands.',
  params: STEP.params,
  outcomes: STEP_HARM_OUTCOMES,
  // Every floor kind of the table, known, at danger 3, for the new character (dodge 2, armour 2,
  // 18 HP): verify then samples each kind's reading, a designer's kinds among them.
  examples: Object.keys(table)
    .filter((id) => table[id]!.kind.hosts.includes('floor'))
    .map((trap) => ({ trap, hp: 18, danger: 3, dodge: 2, armour: 2, known: true })),
  leavesOut: (i) => {
    const id = String(i.trap);
    if (!isTrapIn(table, id)) return [];
    const kind = table[id]!.kind;
    const wounds = effectsOf(kind.effect).some((e) => 'damage' in e && e.damage !== undefined);
    return [...readingLeavesOut(kind, CEAPTUN_DIALECT, true), ...(wounds ? ['the bleeding that follows a wound'] : [])];
  },
  validate: (i) => {
    const id = String(i.trap);
    if (!isTrapIn(table, id)) return `unknown trap "${id}" (known: ${Object.keys(table).join(', ')})`;
    const v = STEP.read(i);
    if (v.danger < 0) return DANGER_NOT_NEGATIVE;
    if (v.hp < 1) return '--hp is the hit points now, 1 or more';
    return null;
  },
  statuses: (i, settings) => (isTrapIn(table, String(i.trap)) ? statusesProgram(table, situation(i), settings) : constant({})),
  program: (i, settings) => (isTrapIn(table, String(i.trap)) ? stepProgram(table, situation(i), settings) : constant('unhurt')),
  };
};

/** The checks for a trap table (the damage and step checks read a variant's dice). */
export function makeChecks(table: TrapTable): Record<string, OddsCheck> {
  return { disarm, 'step-past': stepPast, rig, damage: damage(table), attack, search, step: step(table) };
}
