/**
 * The ruleset's settings: every sandbox default of RULES.md ("ceaptun") and every number we had to
 * choose where the seed is silent, each named and documented so a designer can change it.
 * `num` and `flag` read a resolved settings object and fall back to the default, so an odds
 * check still works when handed a partial one.
 */
import { regenTurnsSetting } from '../../core/healing.ts';
import type { SettingSpec } from '../../core/ruleset.ts';
import { defineSettings } from '../../core/settings.ts';
import type { Traits } from '../../core/world.ts';

/** The settings, declared once: the list, and the rules' typed reading of it (core/settings.ts). */
const CEAPTUN = defineSettings([
  // ---- sandbox defaults of RULES.md
  {
    name: 'disableDeviceAt100',
    type: 'int',
    default: 8,
    min: 0,
    max: 50,
    description:
      'Check bonus of Disable device (and of Detect traps) at skill 100; below 100 it is floor(skill x this / 100) (RULES: +8 at 100).',
  },
  {
    name: 'disableDeviceAt200',
    type: 'int',
    default: 12,
    min: 0,
    max: 60,
    description: 'Check bonus at skill 200, reached in proportion from 100 and never exceeded (RULES: +12 at 200).',
  },
  {
    name: 'passingPenalty',
    type: 'int',
    default: 4,
    min: 0,
    max: 24,
    description: 'Finding in passing: after each move, the search check at this penalty for every hidden trap next to you.',
  },
  {
    name: 'attackBonusPerTier',
    type: 'int',
    default: 1,
    min: 0,
    max: 10,
    description: 'Trap attacks roll 2d12 + this x the danger tier index (0..6) against Defence; rigged traps use tier 0.',
  },
  { name: 'baseDefence', type: 'int', default: 10, min: 0, max: 40, description: 'Defence = this + dodge + armour.' },
  {
    name: 'trapSenseReduction',
    type: 'int',
    default: 50,
    min: 0,
    max: 100,
    description: 'Percent the Trap sense talent takes off the damage a trap does to you.',
  },
  {
    name: 'maxReduction',
    type: 'int',
    default: 75,
    min: 0,
    max: 100,
    description: 'Trap sense and ward magic together never take more than this percent off (a trap always does at least 1).',
  },
  {
    name: 'tumblePerDodge',
    type: 'int',
    default: 20,
    min: 1,
    max: 200,
    description: 'Tumble skill points per +1 dodge (the seed\'s table: Dexterity 10 with Tumble 20 is +1).',
  },
  {
    name: 'tumbleDodgeCap',
    type: 'int',
    default: 5,
    min: 0,
    max: 20,
    description: 'Most dodge Tumble can give (the seed stops at Tumble 80; we let it reach +5 at 100).',
  },
  // ---- our choices where the seed is silent
  {
    name: 'dangerAtTop',
    type: 'int',
    default: 0,
    min: 0,
    max: 100,
    description: 'Danger level of the first dungeon level.',
  },
  {
    name: 'dangerPerDepth',
    type: 'int',
    default: 4,
    min: 0,
    max: 50,
    description: 'Danger added per level below the first (depth 2 = 4, depth 4 = 12: tiers 0..6 start at 0, 3, 6, 10, 15, 22, 30).',
  },
  {
    name: 'difficultyPerTier',
    type: 'int',
    default: 1,
    min: 0,
    max: 10,
    description: '"Deeper in a dungeon, both are harder": a dungeon trap\'s find and disarm difficulty rises by this per danger tier.',
  },
  {
    name: 'lightStepChance',
    type: 'int',
    default: 25,
    min: 0,
    max: 100,
    description: 'Percent chance the Light step talent saves you when a trap would go off under you (hidden traps too).',
  },
  {
    name: 'secondsPerTurn',
    type: 'int',
    default: 6,
    min: 1,
    max: 60,
    description: 'Seconds of game time in one turn at normal pace: a disarm try (12 s) and rigging (5, 10, 20 min) take that many turns.',
  },
  { name: 'trapsPerLevel', type: 'int', default: 4, min: 0, max: 200, description: 'Floor traps the dungeon hides on each level ("a few").' },
  {
    name: 'roomTrapChance',
    type: 'number',
    default: 0.1,
    min: 0,
    max: 1,
    description: 'Chance a room hides its own extra trap near its middle ("an offering before an altar may not be unguarded").',
  },
  { name: 'doorTrapChance', type: 'number', default: 0.06, min: 0, max: 1, description: 'Chance a closed or locked (not secret) door is trapped.' },
  { name: 'chestTrapChance', type: 'number', default: 0.3, min: 0, max: 1, description: 'Chance a shut chest is trapped.' },
  {
    name: 'knownLevelChance',
    type: 'number',
    default: 0.1,
    min: 0,
    max: 1,
    description: 'Chance a level shows you its traps from the start ("Some places show you their traps").',
  },
  {
    name: 'rigSprungPlaces',
    type: 'boolean',
    default: true,
    description:
      'Rigging on a natural 2: the trap goes off at you and stays placed with a charge less (true, the seed\'s "stays with a charge less"), or goes off and is not placed (false). Its materials are used either way.',
  },
  {
    name: 'chestBlastLoss',
    type: 'int',
    default: 50,
    min: 0,
    max: 100,
    description: 'Percent chance each stack in a chest is destroyed when a fireball or frost trap blows the chest apart.',
  },
  {
    name: 'bigHitPercent',
    type: 'int',
    default: 25,
    min: 1,
    max: 100,
    description: 'A trap\'s blow of at least this percent of the victim\'s maximum hit points is a big one: it spills blood and may leave them bleeding.',
  },
  { name: 'bleedChance', type: 'int', default: 50, min: 0, max: 100, description: 'Percent chance a big blow leaves the victim bleeding.' },
  { name: 'bleedTurns', type: 'int', default: 3, min: 0, max: 50, description: 'Turns a bleeding wound lasts, 1 hit point each.' },
  {
    name: 'skillGain',
    type: 'int',
    default: 1,
    min: 0,
    max: 20,
    description: 'Skill points one use trains: a disarm try (Disable device), an avoided trap (Tumble), a climb out of a pit (Escape artist; Athletics half the time).',
  },
  // ---- the starting character (a thief and craftsperson of level 25)
  { name: 'playerHp', type: 'int', default: 20, min: 1, max: 1000, description: 'Hit points of a new character (more than any trap does at danger 0 to 2, even hitting hard).' },
  { name: 'playerDex', type: 'int', default: 14, min: 1, max: 40, description: 'Starting Dexterity.' },
  { name: 'playerPerception', type: 'int', default: 12, min: 1, max: 40, description: 'Starting Perception (its modifier, floor((Per - 10) / 2), helps finding traps).' },
  { name: 'playerArmour', type: 'int', default: 2, min: 0, max: 30, description: 'Armour part of the starting Defence.' },
  {
    name: 'playerMaxDexBonus',
    type: 'int',
    default: 99,
    min: -5,
    max: 99,
    description: 'Most Dexterity modifier the armour and load let count toward dodge (99: no cap).',
  },
  { name: 'playerDisableDevice', type: 'int', default: 30, min: 0, max: 200, description: 'Starting Disable device skill (0: untrained, cannot disarm).' },
  { name: 'playerDetectTraps', type: 'int', default: 30, min: 0, max: 200, description: 'Starting Detect traps skill.' },
  { name: 'playerTumble', type: 'int', default: 20, min: 0, max: 200, description: 'Starting Tumble skill.' },
  { name: 'playerEscapeArtist', type: 'int', default: 0, min: 0, max: 200, description: 'Starting Escape artist skill (50: a pit costs half an action, 100: none).' },
  { name: 'playerCraftLevel', type: 'int', default: 25, min: 0, max: 100, description: 'Craftsperson level; Trapwright needs 25.' },
  { name: 'playerTrapwright', type: 'boolean', default: true, description: 'The player has the Trapwright talent (rigging traps).' },
  { name: 'playerWoodcraftBonus', type: 'int', default: 0, min: -10, max: 30, description: 'Crafting bonus of Woodcraft added to the rigging check.' },
  { name: 'playerTrapSense', type: 'boolean', default: false, description: 'The player has the Trap sense talent (halves trap damage).' },
  { name: 'playerLightStep', type: 'boolean', default: false, description: 'The player has the Light step talent.' },
  { name: 'playerWard', type: 'int', default: 0, min: 0, max: 100, description: 'Percent taken off trap damage by magic that wards off traps.' },
  { name: 'playerArrows', type: 'int', default: 6, min: 0, max: 99, description: 'Arrows the player starts with (a tripwire loads up to 3).' },
  { name: 'playerBillets', type: 'int', default: 2, min: 0, max: 99, description: 'Wood billets the player starts with (stakes use one each).' },
  // ---- healing (sandbox default: the seed says nothing of it)
  // 10: a level lasts some 100-130 turns, so a hero of 20-30 HP gets back a third to a half of them over one.
  regenTurnsSetting(10, 'Sandbox default: the seed says nothing of healing.'),
]);

export const SETTINGS: SettingSpec[] = CEAPTUN.specs;

/** The whole-number settings: what a trap kind's `$name` may name. */
export const INT_SETTINGS: readonly string[] = CEAPTUN.intNames;

/** The typed settings Cēaptūn's rules read; a value missing or of another type takes its default. Shared: do not change it. */
export const ceaptunSettings = CEAPTUN.read;

/** A whole-number setting by name: a trap kind's `$name`. */
export const intSetting: (t: Traits, name: string) => number = CEAPTUN.int;
