/**
 * A seed search (`trapsmith seeds`): the levels of seeds from, from+1, … each at every depth of
 * a range, in that order, tested by a predicate over their facts (levelQuery.ts). The answer is
 * the first `limit` levels that satisfy it among the first `scan`, and how many levels that took:
 * fixed by the arguments alone. The levels go out in chunks to an executor (this process, or
 * worker threads) a round at a time and come back in order, so the answer is the same with any
 * number of workers; a round that completes the answer ends the search.
 */
import { levelFacts } from '../core/levelFacts.ts';
import { generateLayout } from '../core/mapgen.ts';
import { getRuleset, resolveSettings } from '../core/registry.ts';
import type { TrapFile } from '../core/traps/definition.ts';
import type { MapStyle } from '../core/world.ts';
import { parseLevelQuery } from './levelQuery.ts';
import { playedRuleset } from './runner.ts';
import type { Variant } from './variants.ts';

/** The levels a search looks at, apart from their seeds. */
export interface SeedLevels {
  ruleset: string;
  traps?: TrapFile | null;
  variant?: Variant | null;
  width: number;
  height: number;
  style: MapStyle;
  depths: readonly [number, number];
}

export interface SeedHit {
  seed: string;
  depth: number;
  rooms: number;
  traps: number;
  monsters: number;
}

/** Levels `first` … `first + count - 1` of the search's order, tested by `where`; at most `limit` hits kept. */
export interface SeedTask {
  kind: 'seeds';
  index: number;
  levels: SeedLevels;
  where: string;
  from: number;
  first: number;
  count: number;
  limit: number;
}

export interface SeedChunk {
  index: number;
  /** Each hit with its place in the search's order. */
  hits: Array<SeedHit & { at: number }>;
}

/** The seed and depth of level `n` of a search from seed `from` over `depths`. */
export function levelAt(from: number, depths: readonly [number, number], n: number): { seed: string; depth: number } {
  const per = depths[1] - depths[0] + 1;
  return { seed: String(from + Math.floor(n / per)), depth: depths[0] + (n % per) };
}

/** The names of the level info of the levels searched (`level.danger` …): the same for every level of a ruleset. */
export function levelNamesOf(levels: SeedLevels): string[] {
  const { rulesetId, settings } = playedRuleset(levels);
  const ruleset = getRuleset(rulesetId);
  return Object.keys(ruleset.levelInfo(levels.depths[0], resolveSettings(ruleset, settings), levels.style));
}

/** Runs one chunk here: generates each level, reads its facts, tests them. */
export function scanSeeds(task: SeedTask): SeedChunk {
  const { rulesetId, settings } = playedRuleset(task.levels);
  const query = parseLevelQuery(task.where);
  const hits: SeedChunk['hits'] = [];
  for (let n = task.first; n < task.first + task.count && hits.length < task.limit; n++) {
    const { seed, depth } = levelAt(task.from, task.levels.depths, n);
    const { world, rooms } = generateLayout({ seed, ruleset: rulesetId, settings, width: task.levels.width, height: task.levels.height, style: task.levels.style, depth });
    const facts = levelFacts(world, rooms);
    if (query.test(facts)) hits.push({ at: n, seed, depth, rooms: facts.rooms.length, traps: facts.traps.length, monsters: facts.monsters.length });
  }
  return { index: task.index, hits };
}

export interface SeedExecutor {
  run(task: SeedTask): Promise<SeedChunk>;
}

export const seedsInProcess: SeedExecutor = { run: (task) => Promise.resolve(scanSeeds(task)) };

/** Levels per chunk: small enough that a search for a few levels stops soon, large enough that a worker's message costs little. */
export const SEED_CHUNK = 25;

export interface SeedSearch {
  levels: SeedLevels;
  where: string;
  from: number;
  limit: number;
  scan: number;
}

/**
 * The search: the first `limit` hits among the first `scan` levels, and the levels it took
 * (up to and including the last hit kept, or `scan`). `parallel` chunks go out at a time;
 * `onProgress` is told the levels looked at and the hits so far after each round.
 */
export async function searchSeeds(s: SeedSearch, executor: SeedExecutor, parallel: number, onProgress?: (scanned: number, found: number) => void): Promise<{ scanned: number; found: SeedHit[] }> {
  parseLevelQuery(s.where, levelNamesOf(s.levels));
  const found: Array<SeedHit & { at: number }> = [];
  let next = 0;
  let index = 0;
  while (next < s.scan && found.length < s.limit) {
    const round: Promise<SeedChunk>[] = [];
    for (let w = 0; w < parallel && next < s.scan; w++) {
      const count = Math.min(SEED_CHUNK, s.scan - next);
      round.push(executor.run({ kind: 'seeds', index: index++, levels: s.levels, where: s.where, from: s.from, first: next, count, limit: s.limit - found.length }));
      next += count;
    }
    const chunks = (await Promise.all(round)).sort((a, b) => a.index - b.index);
    for (const c of chunks) for (const h of c.hits) if (found.length < s.limit) found.push(h);
    onProgress?.(found.length >= s.limit ? found.at(-1)!.at + 1 : next, found.length);
  }
  const scanned = found.length >= s.limit ? found.at(-1)!.at + 1 : Math.min(next, s.scan);
  return { scanned, found: found.map(({ at: _at, ...h }) => h) };
}
