/**
 * d20 traits of the player and the monsters: class (rogue or not), level, ability scores, AC,
 * saves, skill ranks, and the ability damage poisons deal. Totals are stored at full ability
 * scores; ability damage shifts them by the change of the governing modifier, as in the SRD.
 */
import type { MonsterKind, PlayerSpec } from '../../core/ruleset.ts';
import type { Actor, Item, Traits } from '../../core/world.ts';
import { ABILITIES, type Ability } from './poisons.ts';
import type { D20TraitName, D20Traits } from './traits.ts';
import type { PlayerClass } from './settings.ts';

export function abilityMod(score: number): number {
  return Math.floor((score - 10) / 2);
}

export function num(traits: Traits, key: string, fallback = 0): number {
  const v = traits[key];
  return typeof v === 'number' ? v : fallback;
}

/** Trait key of the damage taken to each ability (declared in traits.ts). */
const DAMAGE_KEY = { str: 'damStr', dex: 'damDex', con: 'damCon', int: 'damInt', wis: 'damWis', cha: 'damCha' } as const satisfies Record<Ability, D20TraitName>;

/** Trait key of the damage taken to an ability ("damCon"). */
export function damageKey(a: Ability): (typeof DAMAGE_KEY)[Ability] {
  return DAMAGE_KEY[a];
}

export function baseScore(actor: Actor, a: Ability): number {
  return num(actor.traits, a, 10);
}

export function effectiveScore(actor: Actor, a: Ability): number {
  return baseScore(actor, a) - num(actor.traits, damageKey(a));
}

/** How far ability damage has moved the modifier (0 or negative). */
export function modShift(actor: Actor, a: Ability): number {
  return abilityMod(effectiveScore(actor, a)) - abilityMod(baseScore(actor, a));
}

export function armorClass(actor: Actor, touch = false): number {
  return num(actor.traits, touch ? 'touchAc' : 'ac', 10) + modShift(actor, 'dex');
}

export type SaveKind = 'fort' | 'ref' | 'will';
const SAVE_ABILITY: Record<SaveKind, Ability> = { fort: 'con', ref: 'dex', will: 'wis' };
export const SAVE_NAMES: Record<SaveKind, string> = { fort: 'Fortitude', ref: 'Reflex', will: 'Will' };

export function saveBonus(actor: Actor, kind: SaveKind): number {
  return num(actor.traits, kind) + modShift(actor, SAVE_ABILITY[kind]);
}

export function hasTrapfinding(actor: Actor): boolean {
  return actor.traits.trapfinding === true;
}

export function searchBonus(actor: Actor): number {
  return num(actor.traits, 'search') + modShift(actor, 'int');
}

export function hasTool(actor: Actor, kind: string): boolean {
  return actor.inventory.some((i) => i.kind === kind && i.count > 0);
}

export const THIEVES_TOOLS = 'thieves_tools';
/** Disable Device without thieves' tools: -2 (SRD equipment). */
export const NO_TOOLS_PENALTY = 2;

export function disableRanks(actor: Actor): number {
  return num(actor.traits, 'disableRanks');
}

export function disableBonus(actor: Actor): number {
  return num(actor.traits, 'disable') + modShift(actor, 'int') - (hasTool(actor, THIEVES_TOOLS) ? 0 : NO_TOOLS_PENALTY);
}

export function craftBonus(actor: Actor): number {
  return num(actor.traits, 'craft') + modShift(actor, 'int');
}

export function craftRanks(actor: Actor): number {
  return num(actor.traits, 'craftRanks');
}

export function moveSilentlyBonus(actor: Actor): number {
  return num(actor.traits, 'moveSilently') + modShift(actor, 'dex');
}

/** Undead and other creatures without Constitution: immune to poison, they do not breathe. */
export function isUndead(actor: Actor): boolean {
  return actor.traits.undead === true;
}

// ---------------------------------------------------------------- the player

// The classes are named with the settings (settings.ts), which the trait table reads too.
export { PLAYER_CLASSES, type PlayerClass } from './settings.ts';

interface ClassDef {
  name: string;
  hitDie: number;
  /** Good saves get 2 + level/2, poor ones level/3. */
  goodSaves: SaveKind[];
  abilities: Record<Ability, number>;
  /** Armour bonus (leather +2; chain shirt +4) and the Dex cap it allows. */
  armor: number;
  maxDex: number;
  trapfinding: boolean;
  /** Ranks as a function of level: class skills get level + 3, cross-class half that. */
  ranks: { search: 'class' | 'cross'; disable: 'class' | 'none'; moveSilently: 'class' | 'none'; craft: 'class' | 'none' };
  kits: boolean;
}

/**
 * The two starting classes. Ability scores are the SRD's elite array (15, 14, 13, 12, 10, 8)
 * placed for the class; equipment is the SRD's starting package armour.
 */
export const CLASSES: Record<PlayerClass, ClassDef> = {
  rogue: {
    name: 'Rogue',
    hitDie: 6,
    goodSaves: ['ref'],
    abilities: { str: 10, dex: 15, con: 13, int: 14, wis: 12, cha: 8 },
    armor: 2,
    maxDex: 6,
    trapfinding: true,
    ranks: { search: 'class', disable: 'class', moveSilently: 'class', craft: 'class' },
    kits: true,
  },
  fighter: {
    name: 'Fighter',
    hitDie: 10,
    goodSaves: ['fort'],
    abilities: { str: 15, dex: 13, con: 14, int: 10, wis: 12, cha: 8 },
    armor: 4,
    maxDex: 4,
    trapfinding: false,
    ranks: { search: 'cross', disable: 'none', moveSilently: 'none', craft: 'none' },
    kits: false,
  },
};

/** The trap kits a character who can set traps starts with: trap kind and count. */
export const STARTING_KITS: ReadonlyArray<{ trap: string; name: string; count: number }> = [
  { trap: 'spear', name: 'spear trap kit', count: 2 },
  { trap: 'poison_dart', name: 'poison dart trap kit', count: 1 },
];
export const TRAP_KIT = 'trap_kit';

export function playerSpec(cls: PlayerClass, level: number): PlayerSpec {
  const c = CLASSES[cls];
  const mods = Object.fromEntries(ABILITIES.map((a) => [a, abilityMod(c.abilities[a])])) as Record<Ability, number>;
  const good = (k: SaveKind) => (c.goodSaves.includes(k) ? 2 + Math.floor(level / 2) : Math.floor(level / 3));
  const classRanks = level + 3;
  const crossRanks = Math.floor(classRanks / 2);
  const rank = (r: 'class' | 'cross' | 'none') => (r === 'class' ? classRanks : r === 'cross' ? crossRanks : 0);
  // Hit points: the full die at first level, then the die's average rounded up, plus Con each level.
  const hp = c.hitDie + (level - 1) * (c.hitDie / 2 + 1) + level * mods.con;
  const dexToAc = Math.min(mods.dex, c.maxDex);
  const traits = {
    class: cls,
    level,
    hd: level,
    ...c.abilities,
    ac: 10 + c.armor + dexToAc,
    touchAc: 10 + dexToAc,
    fort: good('fort') + mods.con,
    ref: good('ref') + mods.dex,
    will: good('will') + mods.wis,
    trapfinding: c.trapfinding,
    searchRanks: rank(c.ranks.search),
    search: rank(c.ranks.search) + mods.int,
    disableRanks: rank(c.ranks.disable),
    disable: rank(c.ranks.disable) + mods.int,
    craftRanks: rank(c.ranks.craft),
    craft: rank(c.ranks.craft) + mods.int,
    moveSilently: rank(c.ranks.moveSilently) + mods.dex,
  } satisfies D20Traits;
  const inventory: Array<Omit<Item, 'id' | 'x' | 'y'>> = [];
  if (c.trapfinding) inventory.push({ kind: THIEVES_TOOLS, name: "thieves' tools", count: 1 });
  if (c.kits) for (const k of STARTING_KITS) inventory.push({ kind: TRAP_KIT, name: k.name, count: k.count, data: { trap: k.trap } });
  return { name: 'you', hp: Math.max(1, hp), traits, inventory };
}

// ---------------------------------------------------------------- monsters

/**
 * SRD 3.5 statistics of the core's monster kinds (rat, kobold, bat, goblin, human commoner zombie,
 * orc, ogre): AC / touch AC, saves, ability scores and Hit Dice. Kobolds get their racial +2 on
 * Search and Craft (trapmaking); zombies have no Constitution.
 */
const MONSTER_STATS: Record<string, D20Traits> = {
  rat: { ac: 14, touchAc: 14, fort: 2, ref: 4, will: 1, str: 2, dex: 15, con: 10, int: 2, wis: 12, cha: 2, hd: 1, moveSilently: 10 },
  kobold: { ac: 15, touchAc: 12, fort: 2, ref: 1, will: -1, str: 9, dex: 13, con: 10, int: 10, wis: 9, cha: 8, hd: 1, moveSilently: 1, search: 2, craft: 2 },
  bat: { ac: 16, touchAc: 16, fort: 2, ref: 4, will: 2, str: 1, dex: 15, con: 10, int: 2, wis: 14, cha: 4, hd: 1, moveSilently: 2 },
  goblin: { ac: 15, touchAc: 12, fort: 3, ref: 1, will: -1, str: 11, dex: 13, con: 12, int: 10, wis: 9, cha: 6, hd: 1, moveSilently: 5 },
  zombie: { ac: 11, touchAc: 9, fort: 0, ref: -1, will: 3, str: 12, dex: 8, con: 10, int: 0, wis: 10, cha: 1, hd: 2, moveSilently: -1, undead: true },
  orc: { ac: 13, touchAc: 10, fort: 3, ref: 0, will: -2, str: 17, dex: 11, con: 12, int: 8, wis: 7, cha: 6, hd: 1, moveSilently: 0 },
  ogre: { ac: 16, touchAc: 8, fort: 6, ref: 0, will: 1, str: 21, dex: 8, con: 15, int: 6, wis: 10, cha: 7, hd: 4, moveSilently: -1 },
};

/** Size modifiers for kinds the table does not know (a ruleset test may add monsters). */
const SIZE_AC: Record<MonsterKind['size'], number> = { tiny: 2, small: 1, medium: 0, large: -1 };

export function monsterTraits(kind: MonsterKind): Traits {
  const known = MONSTER_STATS[kind.id];
  if (known) return { ...known, trapfinding: false };
  const ac = 10 + SIZE_AC[kind.size];
  return { ac, touchAc: ac, fort: 2, ref: 1, will: 0, str: 10, dex: 10, con: 10, int: kind.intelligence > 0 ? 6 : 0, wis: 10, cha: 6, hd: 1, trapfinding: false } satisfies D20Traits;
}

export const ABILITY_LABELS: Record<Ability, string> = { str: 'Str', dex: 'Dex', con: 'Con', int: 'Int', wis: 'Wis', cha: 'Cha' };
