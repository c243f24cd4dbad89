/**
 * Every trait the ceaptun rules set on an actor (core/traits.ts): the character's abilities,
 * skills and talents (from the settings, in their ranges; trained skills stop at 200), the rigging
 * job in progress, the cell of the last look in passing, and the monsters' Dex, armour and ward.
 */
import { type RulesetTraitName, type RulesetTraits, settingRange, type TraitTable, traitWriter } from '../../core/traits.ts';
import { SETTINGS } from './settings.ts';

const range = (name: string) => settingRange(SETTINGS, name);

export const CEAPTUN_TRAITS = {
  dex: { kind: 'int', ...range('playerDex'), meaning: 'Dexterity (dodge, disarming, rigging).' },
  perception: { kind: 'int', ...range('playerPerception'), meaning: 'Perception (finding traps).' },
  armour: { kind: 'int', ...range('playerArmour'), meaning: 'Armour part of the Defence.' },
  maxDexBonus: { kind: 'int', ...range('playerMaxDexBonus'), meaning: 'Most Dexterity modifier the armour lets count toward dodge (99: no cap).' },
  dodgeBonus: { kind: 'int', min: -20, max: 20, meaning: 'Dodge from anything else (0 for a new character).' },
  disableDevice: { kind: 'int', ...range('playerDisableDevice'), meaning: 'Disable device skill, 0 to 200 (0: cannot disarm); disarming trains it.' },
  detectTraps: { kind: 'int', ...range('playerDetectTraps'), meaning: 'Detect traps skill, 0 to 200.' },
  tumble: { kind: 'int', ...range('playerTumble'), meaning: 'Tumble skill, 0 to 200 (dodge); stepping past a trap trains it.' },
  escapeArtist: { kind: 'int', ...range('playerEscapeArtist'), meaning: 'Escape artist skill, 0 to 200 (climbing out of a pit); a pit trains it.' },
  athletics: { kind: 'int', min: 0, max: 200, meaning: 'Athletics skill, 0 to 200; a pit may train it.' },
  craftLevel: { kind: 'int', ...range('playerCraftLevel'), meaning: 'Craftsperson level (Trapwright needs 25).' },
  trapwright: { kind: 'boolean', meaning: 'The Trapwright talent (rigging traps).' },
  woodcraftBonus: { kind: 'int', ...range('playerWoodcraftBonus'), meaning: 'Crafting bonus of Woodcraft (the rigging check).' },
  talentDexChecks: { kind: 'int', min: 0, max: 20, meaning: "Talents' bonus to Dexterity checks (the rigging check)." },
  trapSense: { kind: 'boolean', meaning: 'The Trap sense talent (halves trap damage).' },
  lightStep: { kind: 'boolean', meaning: 'The Light step talent (a chance not to set off a trap).' },
  ward: { kind: 'int', ...range('playerWard'), meaning: 'Percent taken off trap damage by a ward.' },
  rigWhat: { kind: 'string', meaning: 'The trap being rigged ("" when none).' },
  rigX: { kind: 'int', min: 0, max: 199, meaning: 'Column of the trap being rigged.' },
  rigY: { kind: 'int', min: 0, max: 199, meaning: 'Row of the trap being rigged.' },
  rigEnd: { kind: 'int', min: 0, meaning: 'Time (ticks) the rigging ends.' },
  rigHp: { kind: 'int', meaning: 'Hit points when the rigging began (a wound stops it).' },
  rigSeen: { kind: 'string', meaning: 'Creatures in view when the rigging began (ids, comma-separated; a newcomer stops it).' },
  rigFoundAt: { kind: 'int', min: -1, meaning: 'Time a rigging found a trap instead (-1: none).' },
  passX: { kind: 'int', min: 0, max: 199, meaning: 'Column of the last look in passing (one roll per cell arrived at).' },
  passY: { kind: 'int', min: 0, max: 199, meaning: 'Row of the last look in passing.' },
} as const satisfies TraitTable;

/** The traits a ceaptun writer may set: declared names only (the core's too), each of its kind. */
export type CeaptunTraits = RulesetTraits<typeof CEAPTUN_TRAITS>;
export type CeaptunTraitName = RulesetTraitName<typeof CEAPTUN_TRAITS>;

export const setTraits = traitWriter<typeof CEAPTUN_TRAITS>();
