/**
 * The omega ruleset's settings. The environment (and so D) is chosen here; the player's Omega
 * traits start from here; and every number the source leaves to us (RULES.md: sandbox defaults)
 * is a named setting with its range, so a designer can change it without touching code.
 */
import type { SettingSpec } from '../../core/ruleset.ts';
import { defineSettings } from '../../core/settings.ts';
import { regenTurnsSetting } from '../../core/healing.ts';
import { ENVIRONMENT_IDS } from './environments.ts';
import { COMPONENTS, isTrapId, type TrapId } from './traps.ts';

/** Damage types a player or monster can be immune to (Omega's immunity indices we use). */
export const IMMUNITY_NAMES = ['normal', 'flame', 'acid', 'poison', 'sleep'] as const;
export type Immunity = (typeof IMMUNITY_NAMES)[number];

/** The settings, declared once: the list, and the rules' typed reading of it (core/settings.ts). */
const OMEGA = defineSettings([
  {
    name: 'environment',
    type: 'enum',
    default: 'caves',
    values: ENVIRONMENT_IDS,
    description: 'Where the levels are: sets the location difficulty D (caves: depth/3 + 1; Rampart: 3; ...). Trap doors and the abyss only work in the dungeons (sewers, castle, caves, volcano, astral).',
  },
  // The player's Omega traits.
  { name: 'dex', type: 'int', default: 12, min: 0, max: 99, description: 'Dexterity: disarming, components, accidents, the abyss.' },
  { name: 'agility', type: 'int', default: 12, min: 0, max: 99, description: 'Agility: trap doors, snares, blades, fire, acid; also max load (Str x Agi x 10) and Defense.' },
  { name: 'strength', type: 'int', default: 12, min: 0, max: 99, description: 'Strength: only for max load, Str x Agi x 10 (calc_melee).' },
  { name: 'level', type: 'int', default: 1, min: 0, max: 100, description: "Experience level: disarming, dodging blades, fire, acid and the abyss. Rises with experience (Omega's expval table)." },
  { name: 'rank', type: 'int', default: 0, min: 0, max: 5, description: "Thieves' Guild rank R (0 for a nonmember): +10R to disarming and to components." },
  { name: 'absorption', type: 'int', default: 0, min: 0, max: 99, description: 'Absorption: the chance in 100 to stop a dart, and subtracted from physical damage (twice for blades).' },
  { name: 'hp', type: 'int', default: 30, min: 1, max: 10000, description: "The player's hit points (sandbox default)." },
  { name: 'mana', type: 'int', default: 20, min: 0, max: 10000, description: 'Mana at the start: any mana is drained by a manadrain trap; at exactly 0 it may overload instead.' },
  { name: 'maxMana', type: 'int', default: 20, min: 0, max: 10000, description: 'Mana a manadrain overload refills to (calcmana()).' },
  { name: 'alignment', type: 'int', default: 0, min: -1000, max: 1000, description: 'Alignment: meeting Yog Sothoth in the abyss kills anyone above -10.' },
  { name: 'carriedWeight', type: 'int', default: 0, min: 0, max: 100000, description: 'Weight carried besides the items in the pack (a pit is avoided while the total is under half the max load).' },
  { name: 'immunities', type: 'string', default: '', description: `Comma-separated immunities of the player: ${IMMUNITY_NAMES.join(', ')} (normal = physical).` },
  // States at the start, in Omega's ten-minute units; 1000 or more is permanent.
  { name: 'riding', type: 'boolean', default: false, description: 'Start mounted on a horse (riding negates levitation; some traps kill or lose the horse).' },
  { name: 'horseHp', type: 'int', default: 30, min: 1, max: 1000, description: "The horse's hit points (sandbox: Omega's horse has none; traps that kill it take them all)." },
  { name: 'levitation', type: 'int', default: 0, min: 0, max: 100000, description: 'Levitating at the start, in status units (1000+ = permanent): an unmounted levitating player floats over traps.' },
  { name: 'shadowform', type: 'int', default: 0, min: 0, max: 100000, description: 'Shadowform at the start, in status units (1000+ = permanent): the thirteen trap handlers do nothing, an open abyss still does.' },
  { name: 'alert', type: 'int', default: 0, min: 0, max: 100000, description: 'Alert at the start, in status units (1000+ = permanent): every searched square is checked for sure.' },
  { name: 'afraid', type: 'int', default: 0, min: 0, max: 100000, description: 'Afraid at the start, in turns (Omega counts fear per move; 1000+ = permanent): cannot search.' },
  { name: 'statusTurns', type: 'int', default: 10, min: 1, max: 1000, description: 'Turns per status unit for levitation, shadowform and alertness (Omega counts these in ten-minute units; sandbox: one turn is a minute).' },
  // Kit.
  {
    name: 'components',
    type: 'string',
    default: 'snare,sleepgas,?teleport',
    description: 'Trap components in the starting pack, comma-separated kinds; a leading ? makes one unidentified (kinds: dart, acid, snare, fire, teleport, sleepgas, disintegrate, abyss, manadrain).',
  },
  { name: 'dispelScrolls', type: 'int', default: 1, min: 0, max: 20, description: 'Scrolls of dispelling in the starting pack (a dispel removes a fire, teleport or disintegration trap).' },
  // Sandbox default: the seed gives no potion. Two, so a careful hero can mend twice over a level or two.
  { name: 'healingPotions', type: 'int', default: 2, min: 0, max: 20, description: 'Potions of healing in the starting pack (q or a quaffs one: "You feel better.").' },
  {
    name: 'potionPower',
    type: 'int',
    default: 1,
    min: 0,
    max: 9,
    description: "A potion of healing's amount in Omega's heal(amount): it restores 1 to 10 × (amount + 1) HP (1: 1 to 20) and cures poison; HP stops at its max.",
  },
  // The world.
  { name: 'orderDestroyed', type: 'boolean', default: false, description: 'The Order of Paladins is destroyed: nobody answers a siren in a house or mansion (no jail).' },
  {
    name: 'trapRate',
    type: 'number',
    default: 5,
    min: 0,
    max: 500,
    description: "Multiplier on Omega's trap placement (each free floor cell: (depth/6 + 1) in 500). 1 is Omega's own density (about 2 traps on a fresh level); the default 5 gives about 9.",
  },
  {
    name: 'emulateRandomRange',
    type: 'boolean',
    default: false,
    description: "Read random_range(k) literally ((r % 10000) * k / 10000, so 27/65 becomes 4154/10000) instead of the ideal uniform 0..k-1 (RULES.md's default).",
  },
  // Sandbox default: the seed says nothing of healing.
  // 10: a level lasts some 100-130 turns, so a hero of 20-30 HP gets back a third to a half of them over one.
  regenTurnsSetting(10, 'Sandbox default: the seed says nothing of healing.'),
]);

export const SETTINGS: SettingSpec[] = OMEGA.specs;

/** The whole-number settings: what a trap kind's `$name` may name. */
export const INT_SETTINGS: readonly string[] = OMEGA.intNames;

/** The typed settings Omega's rules read; a value missing or of another type (old saves, scenario worlds) takes its default. Shared: do not change it. */
export const omegaSettings = OMEGA.read;

export interface StartComponent {
  kind: TrapId;
  identified: boolean;
}

/** Parses the `components` setting; throws on an unknown kind. */
export function parseComponents(text: string): StartComponent[] {
  const out: StartComponent[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const identified = !part.startsWith('?');
    const kind = identified ? part : part.slice(1).trim();
    if (!isTrapId(kind) || !COMPONENTS[kind]) {
      throw new Error(`setting "components": "${kind}" is not a trap kind with a component (${Object.keys(COMPONENTS).join(', ')})`);
    }
    out.push({ kind, identified });
  }
  return out;
}

/** Parses a comma-separated immunity list; throws on an unknown name. */
export function parseImmunities(text: string): Immunity[] {
  const out: Immunity[] = [];
  for (const raw of text.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!(IMMUNITY_NAMES as readonly string[]).includes(name)) throw new Error(`unknown immunity "${name}" (known: ${IMMUNITY_NAMES.join(', ')})`);
    out.push(name as Immunity);
  }
  return out;
}
