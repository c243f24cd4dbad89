/** `trapsmith seeds --ruleset R --where EXPR [...]`: find levels with a property, seed after seed. */
import { availableParallelism } from 'node:os';
import { csv, table } from '../../sim/format.ts';
import { parseLevelQuery, QueryError } from '../../sim/levelQuery.ts';
import { NodeWorkerPool } from '../../sim/nodePool.ts';
import { WORKERS_PER_CORE } from '../../sim/runner.ts';
import { levelNamesOf, searchSeeds, seedsInProcess } from '../../sim/seedSearch.ts';
import { intFlag, oneOf, parse } from '../args.ts';
import { type Command, UsageError } from '../io.ts';
import { workerModules } from '../labSupport.ts';
import { LEVEL_FLAGS, levelFlags } from '../levelFlags.ts';

const HELP = `Usage: trapsmith seeds --ruleset R --where EXPR [--depth A..B] [--from N] [--limit N] [--scan N] [--workers K] [--width W] [--height H] [--style rooms|caves] [--variant FILE] [--traps FILE] [--format json|csv|table]

Generates the levels of seeds N, N+1, ... (--from, default 1; each at every depth of --depth,
default 1) and prints those whose facts (map --format json) satisfy EXPR, until --limit are found
(default 10) or --scan levels are looked at (default 10000, at most 1000000). Progress goes to stderr. --workers K splits the levels over
threads: the same seeds, in the same order, with any K.

EXPR, over a level's facts:
  count(trap.kind = "fireball" and trap.room = same) >= 3   three fireball traps in one room
  trap.kind = "pit" and trap.corridor                        a pit on a corridor
  doors.trapped >= 2 and monsters >= 10                      plurals count; plural.FIELD counts those with it
  not traps.known and level.danger >= 10                     not, or, ( ), = != < <= > >=, "text", true, false
Names: depth width height style seed level.NAME player.x|y|hp; traps doors chests monsters rooms;
trap.(id kind name x y host known hidden room corridor), door.(x y state trapped),
chest.(x y locked trapped room), monster.(id kind name x y room), room.(id x1 y1 x2 y2 width height).
A singular thing outside count(...) holds for some one of them; field = same inside count(...)
counts the largest group sharing that field. A bad expression exits 2 naming the token.
Every level printed can be re-read with: trapsmith map --ruleset R --seed SEED --depth D --format json`;

/** `A..B` or `A`: the depths, each from 1 to 100. */
function depthRange(raw: string | undefined): [number, number] {
  if (raw === undefined) return [1, 1];
  const m = /^(\d{1,3})(?:\.\.(\d{1,3}))?$/.exec(raw);
  const a = m ? Number(m[1]) : Number.NaN;
  const b = m ? Number(m[2] ?? m[1]) : Number.NaN;
  if (!m || a < 1 || b > 100 || a > b) throw new UsageError(`--depth: expected a depth from 1 to 100 or a range A..B (like 1..5), got "${raw}"`);
  return [a, b];
}

export const seedsCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(
    argv,
    { ...LEVEL_FLAGS, where: { type: 'string' }, depth: { type: 'string' }, from: { type: 'string' }, limit: { type: 'string' }, scan: { type: 'string' }, workers: { type: 'string' }, format: { type: 'string' } },
    true,
  );
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const where = values.where as string | undefined;
  if (where === undefined || where.trim() === '') throw new UsageError('seeds needs --where EXPR (trapsmith seeds --help shows the language)');
  let query: ReturnType<typeof parseLevelQuery>;
  try {
    query = parseLevelQuery(where);
  } catch (e) {
    if (e instanceof QueryError) throw new UsageError(`--where: ${e.message}`);
    throw e;
  }
  const level = levelFlags('seeds', values);
  const depths = depthRange(values.depth as string | undefined);
  // Its level.NAMEs against the ruleset's levels, before any level is made.
  try {
    parseLevelQuery(where, levelNamesOf({ ...level, depths }));
  } catch (e) {
    if (e instanceof QueryError) throw new UsageError(`--where: ${e.message}`);
    throw e;
  }
  const from = intFlag('from', values.from as string | undefined, 1, 0, 1_000_000_000);
  const limit = intFlag('limit', values.limit as string | undefined, 10, 1, 100_000);
  const scan = intFlag('scan', values.scan as string | undefined, 10_000, 1, 1_000_000);
  const requested = intFlag('workers', values.workers as string | undefined, 1, 1, 256);
  const format = oneOf('format', values.format as string | undefined, ['table', 'json', 'csv'] as const, 'table');
  const cores = availableParallelism();
  const workers = Math.min(requested, WORKERS_PER_CORE * cores);
  if (workers < requested) io.err(`--workers ${requested}: using ${workers} (at most ${WORKERS_PER_CORE} per core, and this machine has ${cores})`);

  const search = {
    levels: { ruleset: level.ruleset, traps: level.traps, variant: level.variant, width: level.width, height: level.height, style: level.style, depths },
    where: query.source,
    from,
    limit,
    scan,
  };
  let lastReport = 0;
  const report = (scanned: number, found: number) => {
    if (performance.now() - lastReport < 1000) return;
    lastReport = performance.now();
    io.err(`seeds: ${scanned} levels looked at, ${found} found`);
  };
  const pool = workers > 1 ? new NodeWorkerPool(workers, workerModules) : null;
  let result: Awaited<ReturnType<typeof searchSeeds>>;
  try {
    result = await searchSeeds(search, pool ?? seedsInProcess, workers, report);
  } finally {
    await pool?.close();
  }
  const { scanned, found } = result;
  io.err(`seeds: ${scanned} levels looked at, ${found.length} found${found.length < limit ? ` (stopped at --scan ${scan})` : ''}`);
  if (format === 'json') io.out(JSON.stringify({ ruleset: level.rulesetId, where: query.source, scanned, found }));
  else if (format === 'csv') io.out(csv(['seed', 'depth', 'rooms', 'traps', 'monsters'], found.map((f) => [f.seed, f.depth, f.rooms, f.traps, f.monsters])));
  else io.out(table(['seed', 'depth', 'rooms', 'traps', 'monsters'], found.map((f) => [f.seed, String(f.depth), String(f.rooms), String(f.traps), String(f.monsters)])));
  return 0;
};
