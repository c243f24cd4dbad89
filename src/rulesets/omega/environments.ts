/**
 * Omega's places and their location difficulty D (`difficulty()` in lev.c, RULES.md section 2).
 * D drives every trap: the disarm and accident odds, damage, poison, snare counts, sleep strength
 * and the chance of a dangerous teleport. The four dungeons compute D from the depth (integer
 * division); every other place has a fixed D, and anything the table does not name is 3.
 *
 * The level's environment is a ruleset setting (the New game panel chooses it); Trapsmith's levels
 * are the depths of that place.
 */

export interface Environment {
  /** Setting value and CLI flag value (`--environment caves`). */
  id: string;
  /** Display name. */
  name: string;
  /** Omega's environment constant, for reference. */
  omega: string;
  /** A dungeon with levels: trap doors and the abyss work only here (`Current_Dungeon`). */
  dungeon: boolean;
  /** Levels in the dungeon (defs.h: CAVELEVELS ...): falling past the last throws you out. */
  levels: number | null;
  /** D at a depth (1 = the first level). */
  difficulty: (depth: number) => number;
  /** The formula as RULES.md writes it, for the HUD and the odds table. */
  formula: string;
}

const fixed = (d: number) => () => d;

export const ENVIRONMENTS: readonly Environment[] = [
  { id: 'countryside', name: 'countryside', omega: 'E_COUNTRYSIDE', dungeon: false, levels: null, difficulty: fixed(7), formula: '7' },
  { id: 'city', name: 'Rampart (city)', omega: 'E_CITY', dungeon: false, levels: null, difficulty: fixed(3), formula: '3' },
  { id: 'village', name: 'village', omega: 'E_VILLAGE', dungeon: false, levels: null, difficulty: fixed(1), formula: '1' },
  { id: 'tactical-map', name: 'tactical map', omega: 'E_TACTICAL_MAP', dungeon: false, levels: null, difficulty: fixed(7), formula: '7' },
  // The four dungeons whose D grows with depth (integer division, as C does it).
  { id: 'sewers', name: 'sewers', omega: 'E_SEWERS', dungeon: true, levels: 18, difficulty: (d) => Math.trunc(d / 6) + 3, formula: 'depth/6 + 3' },
  { id: 'castle', name: 'castle', omega: 'E_CASTLE', dungeon: true, levels: 16, difficulty: (d) => Math.trunc(d / 4) + 4, formula: 'depth/4 + 4' },
  { id: 'caves', name: 'caves', omega: 'E_CAVES', dungeon: true, levels: 10, difficulty: (d) => Math.trunc(d / 3) + 1, formula: 'depth/3 + 1' },
  { id: 'volcano', name: 'volcano', omega: 'E_VOLCANO', dungeon: true, levels: 20, difficulty: (d) => Math.trunc(d / 4) + 5, formula: 'depth/4 + 5' },
  // The astral plane is a dungeon (Current_Dungeon = E_ASTRAL) with a fixed D.
  { id: 'astral', name: 'astral plane', omega: 'E_ASTRAL', dungeon: true, levels: 5, difficulty: fixed(8), formula: '8' },
  { id: 'arena', name: 'arena', omega: 'E_ARENA', dungeon: false, levels: null, difficulty: fixed(5), formula: '5' },
  { id: 'hovel', name: 'hovel', omega: 'E_HOVEL', dungeon: false, levels: null, difficulty: fixed(3), formula: '3' },
  { id: 'mansion', name: 'mansion', omega: 'E_MANSION', dungeon: false, levels: null, difficulty: fixed(7), formula: '7' },
  { id: 'house', name: 'house', omega: 'E_HOUSE', dungeon: false, levels: null, difficulty: fixed(5), formula: '5' },
  { id: 'dragon-lair', name: "dragon's lair", omega: 'E_DLAIR', dungeon: false, levels: null, difficulty: fixed(9), formula: '9' },
  { id: 'abyss', name: "the Adept's Challenge (abyss)", omega: 'E_ABYSS', dungeon: false, levels: null, difficulty: fixed(10), formula: '10' },
  { id: 'star-peak', name: 'Star Peak', omega: 'E_STARPEAK', dungeon: false, levels: null, difficulty: fixed(9), formula: '9' },
  { id: 'circle', name: 'Circle of Sorcerors demesne', omega: 'E_CIRCLE', dungeon: false, levels: null, difficulty: fixed(8), formula: '8' },
  { id: 'magic-isle', name: 'magic isle', omega: 'E_MAGIC_ISLE', dungeon: false, levels: null, difficulty: fixed(8), formula: '8' },
  { id: 'temple', name: 'temple', omega: 'E_TEMPLE', dungeon: false, levels: null, difficulty: fixed(8), formula: '8' },
  // Places difficulty() does not name fall to its default of 3.
  { id: 'court', name: 'Court of the ArchMage (any other place)', omega: 'E_COURT', dungeon: false, levels: null, difficulty: fixed(3), formula: '3 (default)' },
  { id: 'palace', name: 'palace (any other place)', omega: 'E_PALACE', dungeon: false, levels: null, difficulty: fixed(3), formula: '3 (default)' },
];

export const ENVIRONMENT_IDS: readonly string[] = ENVIRONMENTS.map((e) => e.id);

export function environmentById(id: string): Environment {
  const env = ENVIRONMENTS.find((e) => e.id === id);
  if (!env) throw new Error(`unknown Omega environment "${id}" (known: ${ENVIRONMENT_IDS.join(', ')})`);
  return env;
}

/** Location difficulty D of an environment at a depth. */
export function locationDifficulty(environment: string, depth: number): number {
  return environmentById(environment).difficulty(depth);
}
