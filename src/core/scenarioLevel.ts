/**
 * A scenario (a hand-made level, `"format": "trapsmith-scenario"`) as a level: its type, its map's
 * legend, its key, and the first world of a game on it (`scenarioWorld`). Reading a scenario file
 * (zod and the level's own rules) is scenario.ts's; this half has no schema, so the page's first
 * load plays a scenario without the file reader. A scenario's world is the same level for every
 * seed, the seed giving the dice.
 *
 * The map's legend (`SCENARIO_LEGEND`): # wall, . floor, + closed door, ' open door, L locked
 * door, S secret door, / broken door, < stairs up, > stairs down, ~ water, = ice, % soft wall,
 * C a chest, @ the player's start (on floor).
 */
import { computeView } from './fov.ts';
import { makeMonster, makePlayer } from './mapgen.ts';
import { monsterKind } from './monsters.ts';
import { getRuleset, resolveSettings } from './registry.ts';
import { initialStreams, levelSeed } from './rng.ts';
import { InputError } from './errors.ts';
import { traitProblems } from './traits.ts';
import type { TrapDesign } from './ruleset.ts';
import type { TrapFile } from './traps/definition.ts';
import { type Chest, emptyWorld, Terrain, type Traits, type Trap, type World } from './world.ts';

export const SCENARIO_FORMAT = 'trapsmith-scenario';
export const SCENARIO_VERSION = 1;

export const SCENARIO_LEGEND: Readonly<Record<string, number>> = {
  '#': Terrain.Wall,
  '.': Terrain.Floor,
  '+': Terrain.DoorClosed,
  "'": Terrain.DoorOpen,
  L: Terrain.DoorLocked,
  S: Terrain.DoorSecret,
  '/': Terrain.DoorBroken,
  '<': Terrain.StairsUp,
  '>': Terrain.StairsDown,
  '~': Terrain.Water,
  '=': Terrain.Ice,
  '%': Terrain.SoftWall,
  C: Terrain.Floor,
  '@': Terrain.Floor,
};


export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  version: typeof SCENARIO_VERSION;
  name: string;
  description?: string;
  ruleset: string;
  settings?: Record<string, number | string | boolean>;
  /** A designer's trap kinds the level uses (a trap file for the same ruleset). */
  trapFile?: TrapFile;
  depth?: number;
  map: string[];
  /** `design`: the numbers of a trap of a kind whose traps bring their own (d20's `designed`; `Ruleset.designedTraps`). */
  traps?: Array<{ kind: string; x: number; y: number; host?: 'floor' | 'door' | 'chest'; known?: boolean; charges?: number; design?: TrapDesign }>;
  monsters?: Array<{ kind: string; x: number; y: number; asleep?: boolean }>;
  player?: { hp?: number; traits?: Record<string, number | string | boolean> };
}

/** A bad scenario file: every problem, each naming its field; the message joins them. */
export class ScenarioError extends InputError {
  override name = 'ScenarioError';
  constructor(
    readonly source: string,
    readonly issues: readonly string[],
  ) {
    super(`${source}: ${issues.join('; ')}`);
  }
}

/**
 * The scenario's traps `rulesetId` cannot play, each naming its field: a kind it has not, a
 * designed kind without its design or with one that makes no trap, a design on another kind.
 */
export function scenarioKindProblems(s: Scenario, rulesetId: string): string[] {
  const ruleset = getRuleset(rulesetId);
  const designed = ruleset.designedTraps;
  return (s.traps ?? []).flatMap((t, i) => {
    if (!ruleset.traps.some((d) => d.id === t.kind)) return [`traps[${i}].kind: ${ruleset.id} has no trap kind "${t.kind}"`];
    const takesDesign = designed?.kinds.includes(t.kind) === true;
    if (!takesDesign) return t.design ? [`traps[${i}].design: only a trap of a designed kind (${designed?.kinds.join(', ') || `none in ${ruleset.id}`}) carries a design`] : [];
    if (!t.design) return [`traps[${i}].design: a "${t.kind}" trap brings its own numbers: its design (made in the trap designer) is missing`];
    const read = designed!.dataOf(t.design);
    return 'error' in read ? [`traps[${i}].design: ${read.error}`] : [];
  });
}

/**
 * The scenario's `player.traits` the ruleset that plays it does not declare (core/traits.ts), or
 * of the wrong kind or range, each naming its field and, for an unknown name, the known ones. A
 * scenario is played by its own ruleset (with its trap file's kinds or a variant: the same
 * traits), so its traits are read against that ruleset's alone.
 */
export function scenarioTraitProblems(s: Scenario, rulesetId: string): string[] {
  return s.player?.traits ? traitProblems(s.ruleset, getRuleset(rulesetId).traitTable, s.player.traits, 'player.traits') : [];
}

/**
 * A name for the scenario in a page's address (`?scenario=a-corridor-of-pits-1f3a9c07`): its name
 * as a slug and a hash of the whole file, so two scenarios of one name never share it. The page
 * finds the scenario of an address among the shipped ones and the kept games (ui/scenarios.ts).
 */
export function scenarioKey(s: Scenario): string {
  const text = JSON.stringify(s);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${nameSlug(s)}-${(h >>> 0).toString(16).padStart(8, '0')}`;
}

/** The name of a scenario's file (`A corridor of pits` → `a-corridor-of-pits.json`). */
export function scenarioFileName(s: Pick<Scenario, 'name'>): string {
  return `${nameSlug(s)}.json`;
}

/** The scenario's name in lower case, letters and digits, words joined by "-"; at most 40 characters. */
function nameSlug(s: Pick<Scenario, 'name'>): string {
  return s.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'scenario';
}

/**
 * The first world of a game on the scenario, played by `rulesetId` (the scenario's ruleset, or
 * the one its trap file registered): the level as drawn, its dice from `seed`, `more` settings
 * over the scenario's. The world is a payload being built: no level (level.ts) exists for it
 * until its first lookup, so it is written directly here. Throws
 * ScenarioError naming a trap kind or a player trait the ruleset has not.
 */
export function scenarioWorld(s: Scenario, rulesetId: string, seed: string, more: Traits = {}, source = 'scenario'): World {
  const ruleset = getRuleset(rulesetId);
  const unknown = [...scenarioKindProblems(s, rulesetId), ...scenarioTraitProblems(s, rulesetId)];
  if (unknown.length > 0) throw new ScenarioError(source, unknown);
  // The scenario's settings, then the run's (a variant's, a goal depth, a turn limit).
  let settings: Traits;
  try {
    settings = resolveSettings(ruleset, { ...(s.settings ?? {}), ...more });
  } catch (e) {
    if (e instanceof InputError) throw new ScenarioError(source, [`settings: ${e.message}`]);
    throw e;
  }
  const depth = s.depth ?? 1;
  const width = s.map[0]!.length;
  const height = s.map.length;
  const world = emptyWorld({ seed, ruleset: ruleset.id, settings, depth, width, height, style: 'rooms', level: ruleset.levelInfo(depth, settings, 'rooms'), rng: initialStreams(levelSeed(seed, depth)) });
  const hero = makePlayer(ruleset, settings, world.nextId++);
  if (s.player?.hp !== undefined) {
    hero.hp = s.player.hp;
    hero.maxHp = Math.max(hero.maxHp, s.player.hp);
  }
  if (s.player?.traits) Object.assign(hero.traits, s.player.traits);
  world.playerId = hero.id;
  world.actors.push(hero);
  s.map.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      world.terrain[y * width + x] = SCENARIO_LEGEND[ch]!;
      if (ch === '@') [hero.x, hero.y] = [x, y];
      if (ch === '<') world.stairsUp = [x, y];
      if (ch === '>') world.stairsDown = [x, y];
      if (ch === 'C') world.chests.push({ id: world.nextId++, x, y, open: false, locked: false, items: [] } satisfies Chest);
    });
  });
  if (!s.map.some((row) => row.includes('<'))) world.stairsUp = [hero.x, hero.y];
  for (const m of s.monsters ?? []) {
    const monster = makeMonster(monsterKind(m.kind)!, world.nextId++, m.x, m.y, ruleset, settings);
    monster.ai = { mode: 'wander', targetX: m.x, targetY: m.y, patience: 0 };
    if (m.asleep) monster.status = { ...monster.status, asleep: 1 };
    world.actors.push(monster);
  }
  for (const t of s.traps ?? []) {
    const host: Trap['host'] = t.host === 'chest' ? { kind: 'chest', chest: world.chests.find((c) => c.x === t.x && c.y === t.y)!.id } : { kind: t.host ?? 'floor' };
    const def = ruleset.traps.find((d) => d.id === t.kind);
    const charges = t.charges ?? def?.kind?.charges ?? -1;
    // The design was read without error by scenarioKindProblems above.
    const read = t.design ? ruleset.designedTraps?.dataOf(t.design) : undefined;
    const data = read && 'data' in read ? read.data : {};
    world.traps.push({ id: world.nextId++, kind: t.kind, x: t.x, y: t.y, host, charges, owner: null, knownBy: t.known ? [hero.id] : [], armed: true, data });
  }
  computeView(world);
  return world;
}
