/** `trapsmith map --ruleset R --seed S [...]`: a level as text with a legend of its traps. */
import { trapGlyph, worldToAscii } from '../../core/ascii.ts';
import { levelFacts } from '../../core/levelFacts.ts';
import { generateLevel } from '../../core/mapgen.ts';
import { scenarioWorld } from '../../core/scenario.ts';
import type { World } from '../../core/world.ts';
import { checkScenario, loadScenario } from '../scenarioFlag.ts';
import { findTrapDef, getRuleset } from '../../core/registry.ts';
import { intFlag, oneOf, parse } from '../args.ts';
import { type Command, UsageError } from '../io.ts';
import { LEVEL_FLAGS, levelFlags } from '../levelFlags.ts';

const HELP = `Usage: trapsmith map --ruleset R --seed S [--width W] [--height H] [--depth N] [--style rooms|caves] [--variant FILE] [--traps FILE] [--format ascii|json]
       trapsmith map --scenario FILE [--seed S] [--format ascii|json]   (a hand-made level)

--format ascii (the default) prints the level as text (# wall, . floor, + closed door, ' open door, L locked door, S secret door,
/ broken door, < > stairs, ~ water, = ice, % soft wall, & chest, @ you, letters monsters), every trap
in its glyph as the game draws it (CDDA's _, 0, \\ ...; ^ for most), and a legend saying which
trap each is and whether the player knows of it.
--format json prints it as data, one line ("format": "trapsmith-level"): size, style, depth, the
ruleset's view of it (danger, environment, CR budget ...), rooms (rot.js's room list, by id),
doors (state, trapped), stairs, chests, traps (kind, name, place, host, known or hidden, the room
it lies in or whether it is on a corridor), monsters, the player, and the ascii rows.
Same arguments, same output, on any machine.`;

/** The level of `--ruleset`, `--seed`, `--depth` and the level flags. */
function generatedLevel(values: Record<string, unknown>): World {
  const level = levelFlags('map', values);
  const seed = values.seed as string | undefined;
  if (seed === undefined || seed === '') throw new UsageError('map needs --seed');
  const depth = intFlag('depth', values.depth as string | undefined, 1, 1, 100);
  return generateLevel({ seed, ruleset: level.rulesetId, settings: level.settings, width: level.width, height: level.height, depth, style: level.style });
}

/** The hand-made level of `--scenario` (its ruleset, map and depth; `--seed` only its dice). */
function scenarioLevel(path: string, values: Record<string, unknown>): World {
  for (const flag of ['ruleset', 'width', 'height', 'style', 'depth', 'traps', 'variant'])
    if (values[flag] !== undefined) throw new UsageError(`--${flag}: a scenario brings its own ruleset, map, depth and trap kinds`);
  const s = loadScenario(path);
  const seed = typeof values.seed === 'string' && values.seed !== '' ? values.seed : 'scenario';
  return scenarioWorld(s, checkScenario(s, path), seed);
}

export const mapCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(argv, { ...LEVEL_FLAGS, seed: { type: 'string' }, depth: { type: 'string' }, format: { type: 'string' }, scenario: { type: 'string' } }, true);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const format = oneOf('format', values.format as string | undefined, ['ascii', 'json'] as const, 'ascii');
  const world = typeof values.scenario === 'string' ? scenarioLevel(values.scenario, values) : generatedLevel(values);
  const { width, height, style, depth } = world;
  const seed = world.seed;
  if (format === 'json') {
    // The facts, and the picture row by row (a seed search reads the facts alone).
    io.out(JSON.stringify({ ...levelFacts(world, typeof values.scenario === 'string' ? 'hand-made' : undefined), map: worldToAscii(world) }));
    return 0;
  }
  const r = getRuleset(world.ruleset);
  const lines = worldToAscii(world);
  const legend = [...world.traps]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((t) => {
      const name = findTrapDef(r, t.kind)?.name ?? t.kind;
      const where = t.host.kind === 'floor' ? '' : t.host.kind === 'door' ? ' on a door' : ' in a chest';
      return `${trapGlyph(world, t)} ${String(t.x).padStart(3)},${String(t.y).padEnd(3)} ${name}${where} (${t.knownBy.includes(world.playerId) ? 'known' : 'hidden'})`;
    });
  const info = Object.entries(world.level).map(([k, v]) => `${k} ${v}`).join(', ');
  io.out(
    [
      `${r.name} - seed ${JSON.stringify(seed)}, depth ${depth}, ${width}x${height} ${style}${info ? ` - ${info}` : ''}`,
      ...lines,
      '',
      `Traps (${world.traps.length}):`,
      ...legend,
    ].join('\n'),
  );
  return 0;
};
