/** The monster kinds every ruleset shares, chosen by depth. Rulesets add their traits. */
import type { MonsterKind } from './ruleset.ts';

export const MONSTER_KINDS: readonly MonsterKind[] = [
  { id: 'rat', name: 'rat', glyph: 'r', colour: '#b08850', hp: 4, speed: 100, melee: { n: 1, sides: 3, bonus: 0 }, flying: false, intelligence: 0, size: 'tiny', xp: 1 },
  { id: 'kobold', name: 'kobold', glyph: 'k', colour: '#6fbf5f', hp: 7, speed: 100, melee: { n: 1, sides: 4, bonus: 0 }, flying: false, intelligence: 2, size: 'small', xp: 3 },
  { id: 'bat', name: 'bat', glyph: 'b', colour: '#a070c0', hp: 5, speed: 150, melee: { n: 1, sides: 3, bonus: 0 }, flying: true, intelligence: 0, size: 'tiny', xp: 2 },
  { id: 'goblin', name: 'goblin', glyph: 'g', colour: '#9fcf3f', hp: 10, speed: 100, melee: { n: 1, sides: 6, bonus: 0 }, flying: false, intelligence: 2, size: 'small', xp: 5 },
  { id: 'zombie', name: 'zombie', glyph: 'Z', colour: '#7f9f7f', hp: 16, speed: 60, melee: { n: 1, sides: 8, bonus: 0 }, flying: false, intelligence: 0, size: 'medium', xp: 6 },
  { id: 'orc', name: 'orc', glyph: 'o', colour: '#cf6f3f', hp: 15, speed: 100, melee: { n: 1, sides: 8, bonus: 1 }, flying: false, intelligence: 2, size: 'medium', xp: 10 },
  { id: 'ogre', name: 'ogre', glyph: 'O', colour: '#cfaf6f', hp: 30, speed: 90, melee: { n: 2, sides: 6, bonus: 2 }, flying: false, intelligence: 1, size: 'large', xp: 25 },
];

export function monsterKind(id: string): MonsterKind | undefined {
  return MONSTER_KINDS.find((k) => k.id === id);
}

/** Kinds that may appear at a depth, with weights: the deeper, the tougher. */
export function kindsForDepth(depth: number): Array<[number, MonsterKind]> {
  const weights: Record<string, number> = {
    rat: Math.max(1, 8 - depth),
    kobold: Math.max(1, 7 - depth),
    bat: 3,
    goblin: 2 + depth,
    zombie: depth >= 2 ? depth : 0,
    orc: depth >= 2 ? 2 * depth - 2 : 0,
    ogre: depth >= 4 ? depth - 3 : 0,
  };
  return MONSTER_KINDS.filter((k) => (weights[k.id] ?? 0) > 0).map((k) => [weights[k.id]!, k]);
}
