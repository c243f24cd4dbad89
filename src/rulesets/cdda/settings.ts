/**
 * The cdda ruleset's settings: the starting survivor (stats, skills, proficiencies, traits), the
 * detection modifiers RULES.md names (focus, fatigue, eye encumbrance), the body's HP, and every
 * choice this ruleset makes where the seed is silent. Each is a named, documented SettingSpec so a
 * designer can change it from the UI or the CLI.
 */
import type { SettingSpec } from '../../core/ruleset.ts';
import { defineSettings } from '../../core/settings.ts';
import type { Traits } from '../../core/world.ts';
import { regenTurnsSetting } from '../../core/healing.ts';

/** The settings, declared once: the list, and the rules' typed reading of it (core/settings.ts). */
const CDDA = defineSettings([
  // The starting survivor: an unmodified human has 8 in every stat.
  { name: 'per', type: 'int', default: 8, min: 0, max: 30, description: 'Perception of the survivor (detection, disarming).' },
  { name: 'int', type: 'int', default: 8, min: 0, max: 30, description: 'Intelligence of the survivor (detection).' },
  { name: 'dex', type: 'int', default: 8, min: 0, max: 30, description: 'Dexterity of the survivor (avoidance, disarming, tripwires).' },
  { name: 'str', type: 'int', default: 8, min: 0, max: 30, description: 'Strength of the survivor (body HP, shotgun double shots, pits, ropes).' },
  { name: 'trapsSkill', type: 'int', default: 0, min: 0, max: 10, description: 'Starting Traps (Devices) skill level.' },
  { name: 'dodgeSkill', type: 'int', default: 0, min: 0, max: 10, description: 'Dodge skill level (avoidance dice, crossbow, shotgun and pit checks).' },
  { name: 'throwSkill', type: 'int', default: 0, min: 0, max: 10, description: 'Throwing skill level (throwing a rope out of a sinkhole).' },
  { name: 'unarmedSkill', type: 'int', default: 0, min: 0, max: 10, description: 'Unarmed skill level (pulling yourself out of a sinkhole).' },
  { name: 'profTraps', type: 'boolean', default: false, description: 'Proficiency "Principles of Trapping": +2 to trap detection.' },
  { name: 'profTrapSetting', type: 'boolean', default: false, description: 'Proficiency "Trap Setting": +1 to trap detection.' },
  { name: 'profSpotting', type: 'boolean', default: false, description: 'Proficiency "Spotting and Awareness": +4 to trap detection.' },
  { name: 'lightStep', type: 'boolean', default: false, description: 'Trait Light Step: +2d6 to the avoidance roll.' },
  { name: 'clumsy', type: 'boolean', default: false, description: 'Trait Clumsy: -2d6 to the avoidance roll.' },
  { name: 'birdWings', type: 'boolean', default: false, description: 'Mutation Bird Wings: a guaranteed safe fall into pits.' },
  {
    name: 'focus',
    type: 'int',
    default: 50,
    min: 0,
    max: 200,
    description: 'Focus: detection gets focus/25 - 2 (50 adds nothing, 100 adds +2).',
  },
  {
    name: 'fatigue',
    type: 'int',
    default: 0,
    min: 0,
    max: 1000,
    description: 'Fatigue: detection loses max(0, fatigue - 200)/100 (the 0.F authors\u2019 intent, RULES.md).',
  },
  { name: 'eyeEncumbrance', type: 'int', default: 0, min: 0, max: 100, description: 'Eye encumbrance: detection loses a tenth of it.' },
  {
    name: 'partHpBase',
    type: 'int',
    default: 60,
    min: 1,
    max: 1000,
    description: 'HP of each of the six body parts before Strength: partHpBase + 3 x Str (CDDA: 60 + 3 x Str, 84 at Str 8).',
  },
  {
    name: 'disarmMoves',
    type: 'int',
    default: 0,
    min: 0,
    max: 1000,
    description: 'Move points a disarm attempt costs. The seed: "Disarming a trap is currently a free action" (0).',
  },
  {
    name: 'bearTrapHoldsPlayer',
    type: 'boolean',
    default: false,
    description:
      'The seed gives a player only the 10-16 leg damage; the CDDA code of its era also held the player. On: the player is Trapped for 8-15 turns like a monster.',
  },
  {
    name: 'trapDensity',
    type: 'number',
    default: 1.5,
    min: 0,
    max: 20,
    description: 'Traps placed per 100 floor cells of a generated level.',
  },
  { name: 'startingKit', type: 'boolean', default: true, description: 'The survivor starts with trap items to set (and a shovel and a 30 ft rope).' },
  {
    name: 'lightSnarePractice',
    type: 'int',
    default: 2,
    min: 0,
    max: 20,
    description: 'Practice (P) of setting a light snare; the seed gives "?". Setting costs P x 25 + 100 moves.',
  },
  {
    name: 'heavySnarePractice',
    type: 'int',
    default: 4,
    min: 0,
    max: 20,
    description: 'Practice (P) of setting a heavy snare; the seed gives "?". Setting costs P x 25 + 100 moves.',
  },
  {
    name: 'floodTurns',
    type: 'int',
    default: 10,
    min: 1,
    max: 100,
    description: 'Turns a raised tile takes to flood its room ("Expect neck-deep water in 10 turns"): the water spreads one cell a turn.',
  },
  { name: 'spikedPitSpears', type: 'int', default: 4, min: 0, max: 20, description: 'Spears in a spiked pit (CDDA: 4); each drops with 30% when they break.' },
  // Sandbox default: the seed says nothing of healing. CDDA heals each body part on its own, so every hurt part regains its point (a broken one, at 0, mends only in a splint: never here).
  // 10: the torso, where every blow lands, gets back about 10 of its 84 HP over a level of some 120 turns.
  // Sandbox defaults (the seed gives no healing item): see firstAid.ts.
  { name: 'firstAidKits', type: 'int', default: 2, min: 0, max: 20, description: 'First aid kits in the starting pack (a or q applies one to the most hurt body part that is not broken).' },
  { name: 'firstAidHeal', type: 'int', default: 20, min: 1, max: 200, description: 'HP a first aid kit restores to the part it treats (sandbox default, about what a CDDA kit gives a limb).' },
  { name: 'firstAidTurns', type: 'int', default: 5, min: 1, max: 100, description: 'Turns applying a first aid kit takes; monsters act meanwhile.' },
  regenTurnsSetting(10, 'Each hurt body part regains its point, so up to 6 a time; a broken part (0 HP) does not mend.'),
]);

export const SETTINGS: SettingSpec[] = CDDA.specs;

/** The whole-number settings: what a trap kind's `$name` may name. */
export const INT_SETTINGS: readonly string[] = CDDA.intNames;

/** The typed settings CDDA's rules read; a value missing or of another type takes its default. Shared: do not change it. */
export const cddaSettings = CDDA.read;

/** A whole-number setting by name: a trap kind's `$name`. */
export const intSetting: (t: Traits, name: string) => number = CDDA.int;
