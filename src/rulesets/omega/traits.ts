/**
 * Every trait the omega rules set on an actor (core/traits.ts): the player's Omega statistics
 * (from the settings, in their ranges), the horse, the timed states the core has no slot for (in
 * status units, 1000+ permanent; they count down in play), the trap components learnt
 * (`knows-<trap>`), and the monsters' Omega flags.
 */
import { type RulesetTraitName, type RulesetTraits, settingRange, type TraitTable } from '../../core/traits.ts';
import { SETTINGS } from './settings.ts';

const range = (name: string) => settingRange(SETTINGS, name);

export const OMEGA_TRAITS = {
  dex: { kind: 'int', ...range('dex'), meaning: 'Dexterity (disarming, components, accidents, the abyss).' },
  agility: { kind: 'int', ...range('agility'), meaning: 'Agility (trap doors, snares, blades, fire, acid; load and Defense).' },
  strength: { kind: 'int', ...range('strength'), meaning: 'Strength (the most you can carry).' },
  level: { kind: 'int', ...range('level'), meaning: 'Experience level; rises with experience.' },
  rank: { kind: 'int', ...range('rank'), meaning: "Thieves' Guild rank (+10 per rank to disarming and components)." },
  absorption: { kind: 'int', ...range('absorption'), meaning: 'Absorption (stops darts, subtracted from physical damage).' },
  mana: { kind: 'int', ...range('mana'), meaning: 'Mana (a manadrain trap drains it).' },
  maxMana: { kind: 'int', ...range('maxMana'), meaning: 'Mana a manadrain overload refills to.' },
  alignment: { kind: 'int', min: -100_000, max: 100_000, meaning: 'Alignment (the abyss lowers it; Yog Sothoth kills anyone above -10).' },
  carriedWeight: { kind: 'int', ...range('carriedWeight'), meaning: 'Weight carried besides the pack.' },
  immunities: { kind: 'string', meaning: 'Immunities, comma-separated (the `immunities` setting\'s names).' },
  mounted: { kind: 'boolean', meaning: 'Riding a horse.' },
  horseHp: { kind: 'int', min: 0, max: 1000, meaning: "The horse's hit points (0: no horse)." },
  horseMaxHp: { kind: 'int', ...range('horseHp'), meaning: "The horse's hit points when whole." },
  levitating: { kind: 'int', ...range('levitation'), meaning: 'Levitating, in status units (1000+ permanent).' },
  shadowform: { kind: 'int', ...range('shadowform'), meaning: 'Shadowform, in status units (1000+ permanent).' },
  alert: { kind: 'int', ...range('alert'), meaning: 'Alert, in status units (1000+ permanent).' },
  afraid: { kind: 'int', ...range('afraid'), meaning: 'Afraid, in turns (1000+ permanent): cannot search.' },
  'knows-*': { kind: 'boolean', meaning: 'The trap component of that trap is known (`knows-<trap>`).' },
  intangible: { kind: 'boolean', meaning: 'An intangible monster (floor traps pass through it).' },
  specialf: { kind: 'string', values: ['none', 'spell'], meaning: "A monster's special ability ('spell': it casts; a trap may take it)." },
  guard: { kind: 'boolean', meaning: 'A town guard (an alarm in a city turns it hostile).' },
  sense: { kind: 'int', min: 0, meaning: "A monster's sensing range (an alarm doubles it)." },
} as const satisfies TraitTable;

/** The traits an omega writer may set: declared names only (the core's too), each of its kind. */
export type OmegaTraits = RulesetTraits<typeof OMEGA_TRAITS>;
export type OmegaTraitName = RulesetTraitName<typeof OMEGA_TRAITS>;
