/**
 * A hand-made level (a scenario file, `"format": "trapsmith-scenario"`): the map drawn as rows of
 * text, the traps, monsters and chests placed on it by their cells, the player's start and
 * character, the ruleset and its settings, and a designer's trap kinds (a trap file) if any. Read
 * by `parseScenario` (zod, then the level's own rules: one start, stairs down it can reach, each
 * trap where its host is), and made into the first world of a game by `scenarioWorld`: the same
 * level for every seed, the seed giving the dice.
 *
 * The map's legend (`SCENARIO_LEGEND`): # wall, . floor, + closed door, ' open door, L locked
 * door, S secret door, / broken door, < stairs up, > stairs down, ~ water, = ice, % soft wall,
 * C a chest, @ the player's start (on floor).
 */
import { z } from 'zod';
import { computeView } from './fov.ts';
import { makeMonster, makePlayer } from './mapgen.ts';
import { MONSTER_KINDS, monsterKind } from './monsters.ts';
import { getRuleset, resolveSettings } from './registry.ts';
import { initialStreams, levelSeed } from './rng.ts';
import { InputError } from './errors.ts';
import type { TrapFile } from './traps/definition.ts';
import { trapFileSchema } from './traps/schema.ts';
import { readJsonInput } from './jsonInput.ts';
import { type Chest, DIRECTIONS, emptyWorld, isWalkable, Terrain, type Traits, type Trap, type World } from './world.ts';

export const SCENARIO_FORMAT = 'trapsmith-scenario';
export const SCENARIO_VERSION = 1;
/** A scenario file is small: a 200 x 200 map and its lists fit well inside this. */
export const MAX_SCENARIO_BYTES = 1_000_000;

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

const cell = z.number().int().min(0).max(199);
const traitValue = z.union([z.number(), z.string().max(200), z.boolean()]);
const name = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'expected lower-case letters, digits and _');

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
  traps?: Array<{ kind: string; x: number; y: number; host?: 'floor' | 'door' | 'chest'; known?: boolean; charges?: number }>;
  monsters?: Array<{ kind: string; x: number; y: number; asleep?: boolean }>;
  player?: { hp?: number; traits?: Record<string, number | string | boolean> };
}

export const scenarioSchema: z.ZodType<Scenario> = z.strictObject({
  format: z.literal(SCENARIO_FORMAT),
  version: z.literal(SCENARIO_VERSION),
  name: z.string().min(1).max(60),
  description: z.string().max(4000).optional(),
  ruleset: z.string().min(1).max(40),
  settings: z.record(z.string().max(40), traitValue).optional(),
  trapFile: trapFileSchema.optional(),
  depth: z.number().int().min(1).max(100).optional(),
  map: z
    .array(z.string().min(10).max(200))
    .min(5)
    .max(200)
    .superRefine((rows, ctx) => {
      for (const [y, row] of rows.entries()) {
        if (row.length !== rows[0]!.length) ctx.addIssue({ code: 'custom', path: [y], message: `every row is as long as the first (${rows[0]!.length}), this one is ${row.length}` });
        const bad = [...row].findIndex((ch) => !Object.hasOwn(SCENARIO_LEGEND, ch));
        if (bad >= 0) ctx.addIssue({ code: 'custom', path: [y], message: `"${row[bad]}" at column ${bad} is not in the legend (# . + ' L S / < > ~ = % C @)` });
      }
    }),
  traps: z.array(z.strictObject({ kind: name, x: cell, y: cell, host: z.enum(['floor', 'door', 'chest']).optional(), known: z.boolean().optional(), charges: z.number().int().min(-1).max(100).optional() })).max(2000).optional(),
  monsters: z.array(z.strictObject({ kind: name, x: cell, y: cell, asleep: z.boolean().optional() })).max(500).optional(),
  player: z.strictObject({ hp: z.number().int().min(1).max(100_000).optional(), traits: z.record(z.string().max(40), traitValue).optional() }).optional(),
});

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

/** The cells the player can reach from (x, y): walkable ground and every door (a locked or secret one opens). */
function reachable(map: readonly string[], x: number, y: number): Set<number> {
  const w = map[0]!.length;
  const open = (cx: number, cy: number) => {
    const ch = map[cy]?.[cx];
    if (ch === undefined) return false;
    const t = SCENARIO_LEGEND[ch]!;
    return ch !== 'C' && (isWalkable(t) || t === Terrain.DoorClosed || t === Terrain.DoorLocked || t === Terrain.DoorSecret);
  };
  const seen = new Set<number>([y * w + x]);
  const todo = [[x, y] as const];
  while (todo.length > 0) {
    const [cx, cy] = todo.pop()!;
    for (const [dx, dy] of DIRECTIONS) {
      const nx = cx + dx;
      const ny = cy + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= map.length || seen.has(ny * w + nx) || !open(nx, ny)) continue;
      seen.add(ny * w + nx);
      todo.push([nx, ny]);
    }
  }
  return seen;
}

/** The level's own rules, each problem naming its field: one start, reachable stairs down, things on cells that can hold them. */
function levelProblems(s: Scenario): string[] {
  const out: string[] = [];
  const w = s.map[0]!.length;
  const h = s.map.length;
  const at = (x: number, y: number) => s.map[y]![x]!;
  const starts: Array<[number, number]> = [];
  const downs: Array<[number, number]> = [];
  s.map.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === '@') starts.push([x, y]);
      if (ch === '>') downs.push([x, y]);
    });
  });
  if (starts.length !== 1) out.push(`map: expected one @ (the player's start), found ${starts.length}`);
  if (downs.length !== 1) out.push(`map: expected one > (the stairs down), found ${downs.length}`);
  if (starts.length === 1 && downs.length === 1 && !reachable(s.map, starts[0]![0], starts[0]![1]).has(downs[0]![1] * w + downs[0]![0])) out.push('map: no path from the @ to the > (walls, water and chests block it; doors open)');
  const taken = new Set<string>();
  for (const [i, t] of (s.traps ?? []).entries()) {
    const where = `traps[${i}]`;
    if (t.x >= w || t.y >= h) {
      out.push(`${where}: (${t.x}, ${t.y}) is off the ${w}x${h} map`);
      continue;
    }
    const ch = at(t.x, t.y);
    const host = t.host ?? 'floor';
    const fits = host === 'chest' ? ch === 'C' : host === 'door' ? ['+', 'L', 'S'].includes(ch) : ['.', '@', '~', '='].includes(ch) ? ch !== '@' && ch !== '~' : false;
    if (!fits) out.push(`${where}: a ${host} trap cannot go at (${t.x}, ${t.y}), which is "${ch}"${host === 'floor' ? ' (a floor trap goes on . or =, not on the start)' : host === 'door' ? ' (a door trap goes on a shut door: + L S)' : ' (a chest trap goes on a C)'}`);
    const key = `${t.x},${t.y}`;
    if (taken.has(key)) out.push(`${where}: (${t.x}, ${t.y}) has a trap already`);
    taken.add(key);
  }
  const standing = new Set<string>();
  for (const [i, m] of (s.monsters ?? []).entries()) {
    const where = `monsters[${i}]`;
    if (!monsterKind(m.kind)) out.push(`${where}.kind: no monster "${m.kind}" (${MONSTER_KINDS.map((k) => k.id).join(', ')})`);
    if (m.x >= w || m.y >= h) {
      out.push(`${where}: (${m.x}, ${m.y}) is off the ${w}x${h} map`);
      continue;
    }
    const ch = at(m.x, m.y);
    if (!['.', "'", '/', '<', '>', '=', '~'].includes(ch)) out.push(`${where}: a monster cannot stand at (${m.x}, ${m.y}), which is "${ch}"`);
    const key = `${m.x},${m.y}`;
    if (standing.has(key)) out.push(`${where}: (${m.x}, ${m.y}) has a monster already`);
    standing.add(key);
  }
  if (s.trapFile && s.trapFile.ruleset !== s.ruleset) out.push(`trapFile.ruleset: the trap file is for ${s.trapFile.ruleset}, the scenario for ${s.ruleset}`);
  return out;
}

/**
 * Reads a scenario file (JSON text or a parsed value). Throws ScenarioError naming every bad
 * field; whether its trap kinds and settings fit its ruleset is for `scenarioWorld` to say.
 */
export function parseScenario(input: string | unknown, source = 'scenario'): Scenario {
  const read = readJsonInput(input, scenarioSchema, MAX_SCENARIO_BYTES);
  if ('problems' in read) throw new ScenarioError(source, read.problems);
  const problems = levelProblems(read.value);
  if (problems.length > 0) throw new ScenarioError(source, problems);
  return read.value;
}

/**
 * The first world of a game on the scenario, played by `rulesetId` (the scenario's ruleset, or
 * the one its trap file registered): the level as drawn, its dice from `seed`, `more` settings
 * over the scenario's. The world is a payload being built: no level (level.ts) exists for it
 * until its first lookup, so it is written directly here. Throws
 * ScenarioError naming a trap kind the ruleset has not.
 */
export function scenarioWorld(s: Scenario, rulesetId: string, seed: string, more: Traits = {}, source = 'scenario'): World {
  const ruleset = getRuleset(rulesetId);
  const unknown = (s.traps ?? []).flatMap((t, i) => (ruleset.traps.some((d) => d.id === t.kind) ? [] : [`traps[${i}].kind: ${ruleset.id} has no trap kind "${t.kind}"`]));
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
    world.traps.push({ id: world.nextId++, kind: t.kind, x: t.x, y: t.y, host, charges, owner: null, knownBy: t.known ? [hero.id] : [], armed: true, data: {} });
  }
  computeView(world);
  return world;
}
