/**
 * The step check's inputs that name the one who steps and the place, declared once: the step
 * check lists them (odds.ts, after its trap) and the dialect's readings read them typed
 * (dialect.ts), so no reading takes an input by a string.
 */
import { defineInputs } from '../../core/checkInputs.ts';
import type { ParamSpec } from '../../core/ruleset.ts';

/** Bounds above every value of the game: danger reaches about 6,000 at depth 100 on the largest settings. */
export const DANGER_MAX = 10_000;
export const DODGE_MIN = -50;
export const DODGE_MAX = 50;
const HP_MAX = 100_000;
const ARMOUR_MIN = -50;
const ARMOUR_MAX = 150;

export const SITUATION_PARAMS = [
    { name: 'hp', type: 'int', required: true, min: 1, max: HP_MAX, description: 'Hit points now: damage of this many or more kills.' },
    { name: 'danger', type: 'int', default: 0, min: 0, max: DANGER_MAX, description: 'Danger level of the place (tiers start at 0, 3, 6, 10, 15, 22, 30; a rigged trap never grows).' },
    { name: 'dodge', type: 'int', default: 0, min: DODGE_MIN, max: DODGE_MAX, description: 'Dodge: Dex modifier (as armour and load leave it) plus every Dodge bonus.' },
    { name: 'armour', type: 'int', default: 0, min: ARMOUR_MIN, max: ARMOUR_MAX, description: 'Armour: Defence is 10 + dodge + armour.' },
    { name: 'known', type: 'boolean', default: false, description: 'The trap is known and stepped onto on purpose: the step-past chance comes first.' },
    { name: 'trap-sense', type: 'boolean', default: false, description: 'The Trap sense talent (halves the damage).' },
    { name: 'ward', type: 'int', default: 0, min: 0, max: 100, description: 'Percent taken off by ward magic (0..100).' },
    { name: 'light-step', type: 'boolean', default: false, description: 'The Light step talent (its chance is the lightStepChance setting).' },
    {
      name: 'opening',
      type: 'boolean',
      default: false,
      description: "Opening the trap's door or chest from beside it instead: it goes off (no step past, no Light step); a blast reaches you only past its centre.",
    },
] as const satisfies readonly ParamSpec[];

/** The typed reading of a step check's inputs (the trap aside). */
export const STEP_SITUATION = defineInputs(SITUATION_PARAMS);
