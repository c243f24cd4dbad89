/**
 * `trapsmith seeds`: every level it reports satisfies its predicate, and every level it looked at
 * and left out does not, each re-read with `map --format json` and judged by a check written
 * here in plain code (not by the predicate language under test).
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { main } from '../../src/cli/main.ts';
import type { CliIO } from '../../src/cli/io.ts';
import type { LevelFacts } from '../../src/core/levelFacts.ts';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' };
  return { out, err, cli };
}

async function mapFacts(ruleset: string, seed: string, depth: number): Promise<LevelFacts> {
  const r = io();
  expect(await main(['map', '--ruleset', ruleset, '--seed', seed, '--depth', String(depth), '--format', 'json'], r.cli)).toBe(0);
  return JSON.parse(r.out.join('\n')) as LevelFacts;
}

interface Found {
  scanned: number;
  found: Array<{ seed: string; depth: number }>;
}

async function seeds(argv: string[]): Promise<Found> {
  const r = io();
  expect(await main(['seeds', ...argv, '--format', 'json'], r.cli), r.err.join('\n')).toBe(0);
  expect(r.err.at(-1)).toMatch(/^seeds: \d+ levels looked at, \d+ found/);
  return JSON.parse(r.out.join('\n')) as Found;
}

/** The largest number of arrow traps sharing one room, counted here. */
function arrowsInOneRoom(f: LevelFacts): number {
  const byRoom = new Map<number, number>();
  for (const t of f.traps) if (t.kind === 'arrow' && t.room !== null) byRoom.set(t.room, (byRoom.get(t.room) ?? 0) + 1);
  return Math.max(0, ...byRoom.values());
}

describe('trapsmith seeds', () => {
  it('reports exactly the levels that satisfy the predicate, seed after seed and depth after depth', async () => {
    const r = await seeds(['--ruleset', 'ceaptun', '--where', 'count(trap.kind = "arrow" and trap.room = same) >= 2 or (trap.kind = "pit" and trap.corridor)', '--from', '3', '--depth', '1..2', '--scan', '30', '--limit', '1000']);
    expect(r.scanned).toBe(30);
    const reported = new Set(r.found.map((f) => `${f.seed}/${f.depth}`));
    let seen = 0;
    for (let seed = 3; seen < 30; seed++)
      for (let depth = 1; depth <= 2; depth++, seen++) {
        const f = await mapFacts('ceaptun', String(seed), depth);
        const holds = arrowsInOneRoom(f) >= 2 || f.traps.some((t) => t.kind === 'pit' && t.corridor);
        expect(reported.has(`${seed}/${depth}`), `seed ${seed} depth ${depth}`).toBe(holds);
      }
    expect(r.found.length).toBeGreaterThan(0);
    expect(r.found.length).toBeLessThan(30);
  });

  it('stops at --limit, in seed order; the same arguments give the same seeds', async () => {
    const a = await seeds(['--ruleset', 'd20', '--where', 'doors.trapped >= 1', '--limit', '3']);
    expect(a.found).toHaveLength(3);
    expect(a.found.map((f) => Number(f.seed))).toEqual([...a.found.map((f) => Number(f.seed))].sort((x, y) => x - y));
    expect(await seeds(['--ruleset', 'd20', '--where', 'doors.trapped >= 1', '--limit', '3'])).toEqual(a);
    for (const f of a.found) expect((await mapFacts('d20', f.seed, f.depth)).doors.some((d) => d.trapped)).toBe(true);
  });

  it('gives the same answer with any --workers, a trap file played in each worker too', async () => {
    const argv = ['--ruleset', 'ceaptun', '--traps', 'examples/traps/net.json', '--where', 'count(trap.kind = "net") >= 2 or doors.trapped >= 3', '--depth', '1..3', '--limit', '6', '--scan', '120'];
    const one = await seeds(argv);
    expect(one.found.length).toBeGreaterThan(0);
    expect(await seeds([...argv, '--workers', '2'])).toEqual(one);
    expect(await seeds([...argv, '--workers', '3'])).toEqual(one);
    const last = one.found.at(-1)!;
    const f = await (async () => {
      const r = io();
      expect(await main(['map', '--ruleset', 'ceaptun', '--traps', 'examples/traps/net.json', '--seed', last.seed, '--depth', String(last.depth), '--format', 'json'], r.cli)).toBe(0);
      return JSON.parse(r.out.join('\n')) as LevelFacts;
    })();
    expect(f.traps.filter((t) => t.kind === 'net').length >= 2 || f.doors.filter((d) => d.trapped).length >= 3).toBe(true);
  });

  it('a bad expression or flag exits 2 naming what is wrong', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--ruleset', 'ceaptun', '--where', 'count(trap.kind = ) >= 3'], /--where: at column 19: expected a value/],
      [['--ruleset', 'ceaptun'], /seeds needs --where/],
      [['--where', 'traps > 1'], /seeds needs --ruleset/],
      [['--ruleset', 'constructor', '--where', 'traps > 1'], /constructor/],
      [['--ruleset', 'ceaptun', '--where', 'traps > 1', '--depth', '3..1'], /--depth: expected a depth from 1 to 100 or a range A\.\.B/],
      [['--ruleset', 'ceaptun', '--where', 'traps > 1', '--scan', '0'], /--scan/],
      [['--ruleset', 'ceaptun', '--where', 'traps > 1', '--format', 'xml'], /--format must be one of table, json, csv/],
    ];
    for (const [argv, message] of cases) {
      const r = io();
      expect(await main(['seeds', ...argv], r.cli), argv.join(' ')).toBe(2);
      expect(r.err.join('\n')).toMatch(message);
    }
  });
});
