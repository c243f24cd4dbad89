/**
 * The wasteland ruleset's settings: every sandbox default of RULES.md ("wasteland") is one of these,
 * so a designer can change the die, the damage and the optional rules without touching code.
 * `readSettings` turns the world's loose `Traits` into a typed object the rules read.
 */
import { defineSettings } from '../../core/settings.ts';
import { regenTurnsSetting } from '../../core/healing.ts';
import type { SettingSpec } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';

export const MONSTER_DETECTOR_VALUES = ['none', 'clever', 'all'] as const;
export type MonsterDetectors = (typeof MONSTER_DETECTOR_VALUES)[number];

/** The settings, declared once: the list, and the rules' typed reading of it (core/settings.ts). */
const WASTELAND = defineSettings([
  // The die. The source names skull and shield faces but never counts them (RULES.md: sandbox default 3/2/1).
  { name: 'skullFaces', type: 'int', default: 3, min: 0, max: 20, description: 'Skull faces on the custom die (a skull springs a trap on entering).' },
  { name: 'shieldFaces', type: 'int', default: 2, min: 0, max: 20, description: 'Shield faces on the custom die (one shield among the disarm dice makes the trap harmless).' },
  { name: 'blankFaces', type: 'int', default: 1, min: 0, max: 20, description: 'Blank faces on the custom die. The die has skull + shield + blank faces (6 by default).' },

  // Action points: every hero (and every monster, as an opposing hero) acts this many times a turn.
  { name: 'heroActions', type: 'int', default: 2, min: 1, max: 6, description: "A hero's actions per turn. Monsters get this scaled by their speed (a bat 3, a zombie 1)." },
  // Sandbox default 30 (was 20; the source gives none): monsters act as opposing heroes, a goblin twice a turn, and a hero of
  // 20 died to depth 1's monsters in 6.4% of careful games; of 30, 0.8% (500 games), so it lives to meet the traps (issue #39).
  { name: 'heroHp', type: 'int', default: 30, min: 1, max: 999, description: "The hero's hit points (sandbox default 30; the source gives none)." },

  // Disarming (the source's numbers).
  { name: 'disarmDice', type: 'int', default: 3, min: 1, max: 20, description: 'Dice rolled to disarm a trap without a detector (source: 3).' },
  { name: 'detectorDisarmDice', type: 'int', default: 6, min: 1, max: 20, description: 'Dice rolled to disarm a trap with a detector in the pack (source: 6).' },

  // Damage per trap: not in the source; RULES.md's sandbox defaults.
  { name: 'caltropsDamage', type: 'int', default: 1, min: 0, max: 99, description: 'Damage of the caltrops.' },
  { name: 'caltropsLostActions', type: 'int', default: 1, min: 0, max: 12, description: 'Actions the victim of the caltrops loses in its next turn.' },
  { name: 'bearTrapDamage', type: 'int', default: 2, min: 0, max: 99, description: 'Damage of the bear trap.' },
  { name: 'bearTrapHeldTurns', type: 'int', default: 1, min: 0, max: 10, description: 'Turns the victim of a bear trap is held fast (it cannot move, it can still fight).' },
  { name: 'mineDamage', type: 'int', default: 3, min: 0, max: 99, description: 'Damage of a mine to everyone within its blast.' },
  { name: 'mineRadius', type: 'int', default: 1, min: 0, max: 3, description: 'Blast radius of a mine in cells (diagonals count; 1 = the 3x3 square).' },

  // The source's optional rules.
  { name: 'rollOnLeave', type: 'boolean', default: false, description: 'Optional rule: leaving a trapped cell also rolls the die first; a skull springs the trap and the hero stays.' },
  { name: 'rollBeforeFight', type: 'boolean', default: false, description: 'Optional rule: a hero on a trapped cell who attacks or is attacked rolls the die before the fight.' },
  { name: 'detectorCoversOptional', type: 'boolean', default: true, description: 'A detector also spares its carrier the optional leave and fight rolls (the source only speaks of entering).' },

  // Equipment.
  { name: 'heroDetector', type: 'boolean', default: false, description: 'The hero starts with a detector in the pack.' },
  { name: 'carryCaltrops', type: 'int', default: 2, min: 0, max: 20, description: 'Caltrops the hero carries to place.' },
  { name: 'carryBearTraps', type: 'int', default: 1, min: 0, max: 20, description: 'Bear traps the hero carries to place.' },
  { name: 'carryMines', type: 'int', default: 1, min: 0, max: 20, description: 'Mines the hero carries to place.' },
  { name: 'monsterDetectors', type: 'enum', default: 'none', values: MONSTER_DETECTOR_VALUES, description: 'Which monsters carry a detector: none, the clever ones (those that open doors), or all.' },

  // The level.
  { name: 'trapsPerLevel', type: 'int', default: -1, min: -1, max: 200, description: 'Traps laid out on a fresh level; -1 picks one per 100 free floor cells (at least 3).' },
  { name: 'trapsVisible', type: 'boolean', default: true, description: 'Traps lie in plain sight as on the board; when off, they are found by searching, with a detector, or when they go off.' },

  // Healing (sandbox default): the source says nothing of it.
  // 10: a level lasts some 120 turns, so a hero of 30 HP gets back about a third of them over one.
  regenTurnsSetting(10, 'Sandbox default: the source says nothing of healing.'),
]);

export const SETTINGS: SettingSpec[] = WASTELAND.specs;

/** The typed settings wasteland's rules read. */
export type WastelandSettings = ReturnType<typeof WASTELAND.read>;

/** The names of the whole-number settings: what a trap kind's `$name` may name. */
export const INT_SETTINGS: readonly string[] = WASTELAND.intNames;

/** A whole-number setting by name (a kind's `$name`), its default where the world has none. */
export const intSetting: (t: Traits, name: string) => number = WASTELAND.int;

/** The typed settings; anything missing (a world made with other settings) takes its default. Shared: do not change it. */
export const readSettings: (t: Traits) => WastelandSettings = WASTELAND.read;
