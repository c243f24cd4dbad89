/**
 * Issue #39, items 3 and 19: what a run plays when it is not told, and the heroes of the first depths.
 *
 * Item 3: a default run (`sim`, `compare`, `sim --vary`, the Lab: RUN_DEFAULTS, through the CLI's own
 * flag reading) starts where Cēaptūn's traps can kill. At depth 1 the careful bot never died to a
 * Cēaptūn trap in seeds 1..500 (danger 0: no trap does 20 HP), so one chunk of seeds holding a trap
 * death at the default depth tells the two apart.
 *
 * Item 19: on depth 1 the old d20 hero (a level-3 rogue, 17 HP) and the old Wasteland hero (20 HP)
 * died to monsters before the traps counted (the careful bot: 8% and 6% of games). The seeds below are
 * the first eight of seeds 1..200 where that hero died to a monster on depth 1 (measured with the old
 * defaults, `sim --depth 1 --per-run`); the default hero of now lives through most of them.
 */
import { describe, expect, it } from 'vitest';
import { gameFlags } from '../../src/cli/labSupport.ts';
import { runChunk, type SimSpec } from '../../src/sim/runner.ts';

function play(spec: SimSpec, seedStart: number, count: number) {
  return runChunk({ index: 0, seedStart, count, columns: [spec], perRun: true }).runs![0]!;
}

describe('the default run of games (issue #39 item 3)', () => {
  it('starts deep enough that a Cēaptūn trap kills the careful bot in a chunk of seeds', () => {
    const spec: SimSpec = { ruleset: 'ceaptun', ...gameFlags({}).spec };
    expect(spec.bot).toBe('careful');
    const runs = play(spec, 20, 5);
    expect(runs.filter((r) => r.outcome === 'died' && r.trapDeath).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the first depths are survivable (issue #39 item 19)', () => {
  const cases: Array<[string, number[]]> = [
    ['d20', [43, 50, 65, 66, 71, 76, 81, 111]],
    ['wasteland', [10, 50, 81, 96, 119, 122, 139, 185]],
  ];
  for (const [ruleset, seeds] of cases) {
    it(`${ruleset}: the default hero outlives depth 1's monsters where the old one died`, () => {
      const spec: SimSpec = { ruleset, bot: 'careful', depth: 1, levels: 1 };
      const killedByMonsters = seeds.flatMap((s) => play(spec, s, 1)).filter((r) => r.outcome === 'died' && !r.trapDeath);
      // The old defaults: all 8 died to a monster. Now at most 3 (measured: d20 2, Wasteland 1).
      expect(killedByMonsters.length).toBeLessThanOrEqual(3);
    }, 60_000);
  }
});
