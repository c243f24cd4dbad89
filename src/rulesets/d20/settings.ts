/**
 * The d20 ruleset's settings: every sandbox default (a choice of ours where the SRD leaves play
 * open) as a named, documented setting. The rules RULES.md fixes (one cell is 5 ft, one round is
 * one turn, the naturals of each check) are not settings.
 */
import { defineSettings } from '../../core/settings.ts';
import type { SettingSpec } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';

/** The hero's classes (actors.ts CLASSES describes each): the playerClass setting's values and the class trait's. */
export type PlayerClass = 'rogue' | 'fighter';
export const PLAYER_CLASSES: readonly PlayerClass[] = ['rogue', 'fighter'];

/** The hero's fall at 0 hit points or fewer: the SRD's dying rules, or dead at once (dying.ts). */
export const DYING_RULES = ['srd', 'dead-at-0'] as const;
export type DyingRule = (typeof DYING_RULES)[number];

/** The settings, declared once: the list, and the rules' typed reading of it (core/settings.ts). */
const D20 = defineSettings([
  { name: 'playerClass', type: 'enum', values: PLAYER_CLASSES, default: 'rogue', description: 'The hero\'s class: a rogue has trapfinding (finds Search DC over 20 and magic traps, disarms magic traps) and trap kits; a fighter has neither.' },
  // Sandbox default 5 (was 3): a level-3 rogue (17 HP) died to depth 1's monsters in 8% of careful games, as often as to its
  // traps; at level 5 (27 HP) 2.8% (500 games), so the hero lives to meet the traps (issue #39). The SRD leaves a hero's level to the table.
  { name: 'playerLevel', type: 'int', default: 5, min: 1, max: 20, description: 'The hero\'s class level: hit points, saves and skill ranks (level + 3 in class skills). Sandbox default 5: a rogue of 27 HP.' },
  { name: 'crOffset', type: 'int', default: 0, min: -5, max: 10, description: 'A level\'s trap CR is its depth plus this (at least 1); the map generator picks traps of about that CR.' },
  { name: 'trapsPerLevel', type: 'int', default: -1, min: -1, max: 200, description: 'Floor traps per level; -1 picks one per 70 floor cells (at least 4).' },
  { name: 'doorTrapChance', type: 'number', default: 0.1, min: 0, max: 1, description: 'Chance that a door carries a touch trap.' },
  { name: 'pitBottomChance', type: 'number', default: 0.2, min: 0, max: 1, description: 'Chance that a pit has a second trap at its bottom, set off by the fall (the SRD\'s "pit bottom").' },
  { name: 'chestTrapChance', type: 'number', default: 0.5, min: 0, max: 1, description: 'Chance that a chest carries a touch trap.' },
  { name: 'searchRadius', type: 'int', default: 1, min: 0, max: 2, description: 'A search examines every cell this close (the SRD: within 10 ft.; a full-round action per square, which we give to all of them at once).' },
  { name: 'take20', type: 'boolean', default: false, description: 'Searches take 20: the roll counts as 20 and the search takes 20 times as long.' },
  { name: 'passiveSearch', type: 'boolean', default: false, description: 'Roll Search each turn for adjacent traps (3.5 has no passive Search: off by default).' },
  { name: 'autoResetRounds', type: 'int', default: 1, min: 0, max: 100, description: 'Rounds before an automatic-reset trap is ready again (0: at once).' },
  { name: 'resetRounds', type: 'int', default: 10, min: 1, max: 1000, description: 'Rounds to reset a manual trap or set a trap kit ("a minute or so" in the SRD).' },
  { name: 'repairRounds', type: 'int', default: 100, min: 1, max: 10000, description: 'Rounds to repair a trap (the SRD uses the weekly Craft rules; far too slow for a dungeon).' },
  { name: 'timedPeriod', type: 'int', default: 4, min: 1, max: 100, description: 'A timed trap fires every this many rounds (the source text\'s example: a blade every 4 rounds).' },
  { name: 'climbFeetPerRound', type: 'int', default: 15, min: 5, max: 60, description: 'How fast a creature climbs out of a pit (quarter speed, two moves a round at 30 ft.); no Climb check.' },
  { name: 'floodRounds', type: 'int', default: 10, min: 1, max: 1000, description: 'Rounds a flooded room stays full before it drains.' },
  // Default `srd` (faithful to the source); `dead-at-0` is play before rules version 3 (issue #39 item 19).
  {
    name: 'dying',
    type: 'enum',
    values: DYING_RULES,
    default: 'srd',
    description:
      'The hero at 0 hit points or fewer. srd (the SRD\'s "Injury and Death"): at 0 disabled (a strenuous action, attacking, searching, disarming, rigging, kicking, costs 1 hp after it), at -1 to -9 dying (unconscious; each of his turns 10% to become stable, else -1 hp), stable (each hour 10% to wake disabled, else -1 hp), conscious at negative hp (each day 10% to start healing, else -1 hp), dead at -10. dead-at-0: dead at 0 hit points or fewer. Monsters die at 0 either way.',
  },
  {
    name: 'restTurnsPerHour',
    type: 'int',
    // 4: a night is 32 turns, so a level-5 hero regains 5 HP per 32 turns, about the other rulesets' 1 HP per 10 turns (a true hour, 600 turns, would heal nothing within a level).
    default: 4,
    min: 0,
    max: 600,
    description: 'Natural healing (SRD): the hero regains 1 hit point per character level for every 8 hours of rest, each hour this many turns of the game clock (0: no healing). A round is a turn, so a true hour is 600 turns.',
  },
]);

export const D20_SETTINGS: SettingSpec[] = D20.specs;

/** The typed settings d20's rules read. */
export type D20Settings = ReturnType<typeof D20.read>;

/** The typed settings, defaults filling what a world's settings lack (a test's own settings). */
/** The typed settings; a value missing or of another type (a world made before it existed) takes its default. Shared: do not change it. */
export const d20Settings: (t: Traits) => D20Settings = D20.read;

/** The whole-number settings: what a trap kind's `$name` may name. */
export const INT_SETTINGS: readonly string[] = D20.intNames;
