/**
 * Every trait the cdda rules set on an actor (core/traits.ts): the survivor's stats, skills,
 * proficiencies and traits (from the settings, in their ranges), what play keeps there (Traps
 * practice, radiation, the turn of the last detection roll), and the monsters' dodge and body.
 */
import { type RulesetTraitName, type RulesetTraits, settingRange, type TraitTable } from '../../core/traits.ts';
import { SETTINGS } from './settings.ts';

const range = (name: string) => settingRange(SETTINGS, name);

export const CDDA_TRAITS = {
  per: { kind: 'int', ...range('per'), meaning: 'Perception (detection, disarming).' },
  int: { kind: 'int', ...range('int'), meaning: 'Intelligence (detection).' },
  dex: { kind: 'int', ...range('dex'), meaning: 'Dexterity (avoidance, disarming, tripwires).' },
  str: { kind: 'int', ...range('str'), meaning: 'Strength (shotgun double shots, pits, ropes).' },
  traps: { kind: 'int', ...range('trapsSkill'), meaning: 'Traps (Devices) skill level; practice raises it.' },
  trapsExercise: { kind: 'int', min: 0, meaning: 'Practice toward the next Traps level (100 x (level + 1)^2 for a level).' },
  dodge: { kind: 'int', ...range('dodgeSkill'), meaning: "Dodge skill level (a monster's: its dodge)." },
  throw: { kind: 'int', ...range('throwSkill'), meaning: 'Throwing skill level (a rope out of a sinkhole).' },
  unarmed: { kind: 'int', ...range('unarmedSkill'), meaning: 'Unarmed skill level (climbing out of a sinkhole).' },
  profTraps: { kind: 'boolean', meaning: 'Proficiency "Principles of Trapping": +2 to detection.' },
  profTrapSetting: { kind: 'boolean', meaning: 'Proficiency "Trap Setting": +1 to detection.' },
  profSpotting: { kind: 'boolean', meaning: 'Proficiency "Spotting and Awareness": +4 to detection.' },
  lightStep: { kind: 'boolean', meaning: 'Trait Light Step: +2d6 to the avoidance roll.' },
  clumsy: { kind: 'boolean', meaning: 'Trait Clumsy: -2d6 to the avoidance roll.' },
  birdWings: { kind: 'boolean', meaning: 'Mutation Bird Wings: a safe fall into pits.' },
  focus: { kind: 'int', ...range('focus'), meaning: 'Focus (detection gets focus/25 - 2).' },
  fatigue: { kind: 'int', ...range('fatigue'), meaning: 'Fatigue (detection loses max(0, fatigue - 200)/100).' },
  eyeEncumbrance: { kind: 'int', ...range('eyeEncumbrance'), meaning: 'Eye encumbrance (detection loses a tenth of it).' },
  radiation: { kind: 'int', min: 0, meaning: 'Radiation taken (a glowing trap adds 10-30).' },
  lastDetectTurn: { kind: 'int', min: 0, meaning: "The turn of the survivor's last detection rolls (one set per turn)." },
  material: { kind: 'string', meaning: "A monster's material (lava reads it)." },
  robotic: { kind: 'boolean', meaning: "A robot (CDDA's ROBOT flag; every shared monster is flesh)." },
  digging: { kind: 'boolean', meaning: 'A digging monster (pits do not hold it).' },
} as const satisfies TraitTable;

/** The traits a cdda writer may set: declared names only (the core's too), each of its kind. */
export type CddaTraits = RulesetTraits<typeof CDDA_TRAITS>;
/** A trait a cdda reader may ask for. */
export type CddaTraitName = RulesetTraitName<typeof CDDA_TRAITS>;
