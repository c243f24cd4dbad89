/**
 * Every trait the d20 rules set on an actor (core/traits.ts): class, level and Hit Dice, the six
 * ability scores and the damage poisons deal to them, AC, saves and skill totals (the player's
 * from the class tables, the monsters' from the SRD), and the trap a poison's delayed dose came
 * from (a family per poison: `poisonTrap_<poison>`).
 */
import { type RulesetTraitName, type RulesetTraits, settingRange, type TraitTable, traitWriter } from '../../core/traits.ts';
import { D20_SETTINGS, PLAYER_CLASSES } from './settings.ts';

const score = (name: string) => ({ kind: 'int', min: 0, max: 99, meaning: `${name} score (monsters: the SRD's).` }) as const;
const damage = (name: string) => ({ kind: 'int', min: 0, meaning: `${name} damage taken (poisons); the score counts this much less.` }) as const;

// Totals (AC, saves, skills) reach far past a character's so a sandbox can make one always hit or always fail (-100).
export const D20_TRAITS = {
  class: { kind: 'string', values: PLAYER_CLASSES, meaning: "The hero's class (a rogue has trapfinding)." },
  level: { kind: 'int', ...settingRange(D20_SETTINGS, 'playerLevel'), meaning: "The hero's class level (hit points, saves, ranks, healing)." },
  hd: { kind: 'int', min: 1, max: 99, meaning: 'Hit Dice (Constitution damage costs hit points per die).' },
  str: score('Strength'),
  dex: score('Dexterity'),
  con: score('Constitution'),
  int: score('Intelligence'),
  wis: score('Wisdom'),
  cha: score('Charisma'),
  damStr: damage('Strength'),
  damDex: damage('Dexterity'),
  damCon: damage('Constitution'),
  damInt: damage('Intelligence'),
  damWis: damage('Wisdom'),
  damCha: damage('Charisma'),
  ac: { kind: 'int', min: -100, max: 100, meaning: 'Armour Class at full Dexterity.' },
  touchAc: { kind: 'int', min: -100, max: 100, meaning: 'Touch AC at full Dexterity.' },
  fort: { kind: 'int', min: -100, max: 100, meaning: 'Fortitude save bonus at full Constitution.' },
  ref: { kind: 'int', min: -100, max: 100, meaning: 'Reflex save bonus at full Dexterity.' },
  will: { kind: 'int', min: -100, max: 100, meaning: 'Will save bonus at full Wisdom.' },
  trapfinding: { kind: 'boolean', meaning: 'Trapfinding (finds Search DC over 20 and magic traps, disarms magic traps).' },
  searchRanks: { kind: 'int', min: 0, max: 23, meaning: 'Ranks in Search.' },
  search: { kind: 'int', min: -100, max: 100, meaning: 'Search bonus at full Intelligence.' },
  disableRanks: { kind: 'int', min: 0, max: 23, meaning: 'Ranks in Disable Device (0: cannot disarm).' },
  disable: { kind: 'int', min: -100, max: 100, meaning: 'Disable Device bonus at full Intelligence.' },
  craftRanks: { kind: 'int', min: 0, max: 23, meaning: 'Ranks in Craft (trapmaking) (0: cannot set traps).' },
  craft: { kind: 'int', min: -100, max: 100, meaning: 'Craft (trapmaking) bonus at full Intelligence.' },
  moveSilently: { kind: 'int', min: -100, max: 100, meaning: 'Move Silently bonus at full Dexterity.' },
  undead: { kind: 'boolean', meaning: 'Undead (poison does it no harm; it needs no breath).' },
  downCause: { kind: 'string', meaning: 'What brought the hero below 0 hp (the dying rules): one who bleeds out dies of it.' },
  downTrap: { kind: 'int', min: -1, meaning: 'The trap (its id) that brought the hero down; -1 none.' },
  downTrapKind: { kind: 'string', meaning: "That trap's kind ('' none)." },
  downKiller: { kind: 'int', min: -1, meaning: 'Who brought the hero down (an actor id; -1 no one).' },
  'poisonTrap_*': { kind: 'int', min: 0, meaning: "The trap (its id) that gave the poison's delayed dose (`poisonTrap_<poison>`)." },
  'poisonTrapKind_*': { kind: 'string', meaning: "That trap's kind (`poisonTrapKind_<poison>`)." },
  'poisonTrapOwner_*': { kind: 'int', min: -1, meaning: "Who set that trap (an actor id; -1 no one) (`poisonTrapOwner_<poison>`)." },
} as const satisfies TraitTable;

/** The traits a d20 writer may set: declared names only (the core's too), each of its kind. */
export type D20Traits = RulesetTraits<typeof D20_TRAITS>;
export type D20TraitName = RulesetTraitName<typeof D20_TRAITS>;

export const setTraits = traitWriter<typeof D20_TRAITS>();
