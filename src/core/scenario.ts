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
import { MONSTER_KINDS, monsterKind } from './monsters.ts';
import { parseTrapFile, TrapFileError } from './traps/schema.ts';
import { readJsonInput, underField } from './jsonInput.ts';
import { DIRECTIONS, isWalkable, Terrain } from './world.ts';
import { type Scenario, SCENARIO_FORMAT, SCENARIO_LEGEND, SCENARIO_VERSION, ScenarioError } from './scenarioLevel.ts';

// The level half (no schema), for the importers of a scenario's reader.
export { type Scenario, SCENARIO_FORMAT, SCENARIO_LEGEND, SCENARIO_VERSION, ScenarioError, scenarioFileName, scenarioKey, scenarioKindProblems, scenarioTraitProblems, scenarioWorld } from './scenarioLevel.ts';

/** A scenario file is small: a 200 x 200 map and its lists fit well inside this. */
export const MAX_SCENARIO_BYTES = 1_000_000;

const cell = z.number().int().min(0).max(199);
const traitValue = z.union([z.number(), z.string().max(200), z.boolean()]);
const name = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'expected lower-case letters, digits and _');

/** The scenario's own fields; its trap file is read by the trap file's one reader (parseScenario). */
const scenarioSchema = z.strictObject({
  format: z.literal(SCENARIO_FORMAT),
  version: z.literal(SCENARIO_VERSION),
  name: z.string().min(1).max(60),
  description: z.string().max(4000).optional(),
  ruleset: z.string().min(1).max(40),
  settings: z.record(z.string().max(40), traitValue).optional(),
  // Read by parseTrapFile, as a trap file is wherever it arrives: its size and depth first.
  trapFile: z.unknown().optional(),
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
  traps: z
    .array(
      z.strictObject({
        kind: name,
        x: cell,
        y: cell,
        host: z.enum(['floor', 'door', 'chest']).optional(),
        known: z.boolean().optional(),
        charges: z.number().int().min(-1).max(100).optional(),
        // A designed trap's numbers (the trap designer's inputs); its ruleset reads them (scenarioKindProblems).
        design: z
          .strictObject({
            name: z.string().min(1).max(60),
            inputs: z.record(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'expected a designer input name (lower-case letters, digits and -)'), traitValue).refine((r) => Object.keys(r).length <= 64, 'at most 64 inputs'),
          })
          .optional(),
      }),
    )
    .max(2000)
    .optional(),
  monsters: z.array(z.strictObject({ kind: name, x: cell, y: cell, asleep: z.boolean().optional() })).max(500).optional(),
  player: z.strictObject({ hp: z.number().int().min(1).max(100_000).optional(), traits: z.record(z.string().max(40), traitValue).optional() }).optional(),
});


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
  // Set in place: the scenario keeps its fields' order (a game's header carries it as JSON).
  const scenario = read.value as Scenario;
  if (read.value.trapFile !== undefined) {
    try {
      scenario.trapFile = parseTrapFile(read.value.trapFile, 'trapFile');
    } catch (e) {
      if (e instanceof TrapFileError) throw new ScenarioError(source, e.issues.map((i) => underField('trapFile', i)));
      throw e;
    }
  }
  const problems = levelProblems(scenario);
  if (problems.length > 0) throw new ScenarioError(source, problems);
  return scenario;
}

