/**
 * `trapsmith seeds` against the level generator alone, side by side in one process: the same
 * levels (ceaptun, 80x40 rooms, seeds 1..N at depth 1) generated with `generateLevel`, then
 * generated, turned into facts and tested by a predicate with a count grouped by room (what a
 * seed search does for each level). A warm-up round of each, then rounds alternating which goes first, so that both see the same machine.
 * The figure to hold: the search scans at least 80% as many levels a second. `npm run bench -- seeds`.
 */
import { levelFacts } from '../src/core/levelFacts.ts';
import { generateLayout, generateLevel } from '../src/core/mapgen.ts';
import { parseLevelQuery } from '../src/sim/levelQuery.ts';

export async function runSeedScanBench(levels = 200, rounds = 4): Promise<Record<string, number | string>> {
  const query = parseLevelQuery('count(trap.kind = "fireball" and trap.room = same) >= 2 or (trap.kind = "pit" and trap.corridor)');
  let mapMs = 0;
  let scanMs = 0;
  let found = 0;
  const map = () => {
    const t = performance.now();
    for (let s = 1; s <= levels; s++) generateLevel({ seed: String(s), ruleset: 'ceaptun' });
    return performance.now() - t;
  };
  const scan = () => {
    const t = performance.now();
    for (let s = 1; s <= levels; s++) {
      const { world, rooms } = generateLayout({ seed: String(s), ruleset: 'ceaptun' });
      if (query.test(levelFacts(world, rooms))) found++;
    }
    return performance.now() - t;
  };
  // A round of each first, untimed (the JIT warms to both), then each round in turn, alternating which goes first.
  map();
  scan();
  found = 0;
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      mapMs += map();
      scanMs += scan();
    } else {
      scanMs += scan();
      mapMs += map();
    }
  }
  const mapRate = (levels * rounds * 1000) / mapMs;
  const scanRate = (levels * rounds * 1000) / scanMs;
  return {
    'levels (ceaptun 80x40 rooms), each way': levels * rounds,
    'map alone, levels/s': mapRate.toFixed(1),
    'seeds scan (facts + predicate), levels/s': scanRate.toFixed(1),
    'scan / map': `${((100 * scanRate) / mapRate).toFixed(1)}%`,
    'levels the predicate held for': found / rounds,
  };
}
