/**
 * `sim --vary`: a whole-game sweep. Every point is a variant on the same seeds, so a point's
 * column is the very column `compare --variants` plays for a variant file of that value, and the
 * difference between two points is compare's paired difference between those two files.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { runCli } from '../support/cli.ts';

const run = runCli;

const dir = mkdtempSync(join(tmpdir(), 'trapsmith-sweep-'));
// The corridor of pits with a hero of 2 hit points: a pit's difficulty decides many games.
const frail = join(dir, 'frail.json');
writeFileSync(frail, JSON.stringify({ ...JSON.parse(readFileSync('examples/scenarios/pit-corridor.json', 'utf8')), player: { hp: 2 } }));
const variantFile = (name: string, difficulty: number) => {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify({ name, ruleset: 'ceaptun', traps: { pit: { difficulty } } }));
  return path;
};

type Column = { run: unknown; kinds: unknown };
type Report = { runs: number; vary: Array<{ path: string; values: number[] }>; points: Array<Record<string, number>>; columns: Column[]; differences: Array<{ run: unknown }> };


const sweep = ['sim', '--scenario', frail, '--bot', 'reckless', '--runs', '60', '--quiet', '--vary', 'traps.pit.difficulty=10..30:10'];

describe('sim --vary', () => {
  it('plays each point as compare plays a variant of that value, on the same seeds; the difference is paired as compare pairs it', async () => {
    const r = await run([...sweep, '--format', 'json']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as Report;
    expect(report.vary).toEqual([{ path: 'traps.pit.difficulty', values: [10, 20, 30] }]);
    expect(report.points).toEqual([{ 'traps.pit.difficulty': 10 }, { 'traps.pit.difficulty': 20 }, { 'traps.pit.difficulty': 30 }]);
    const c = await run(['compare', '--scenario', frail, '--bot', 'reckless', '--runs', '60', '--quiet', '--format', 'json', '--variants', `${variantFile('d10', 10)},${variantFile('d20', 20)}`]);
    expect(c.code, c.err).toBe(0);
    const compared = JSON.parse(c.out) as Report;
    // compare's columns: the ruleset as it is, then the two files.
    expect(report.columns[0]!.run).toEqual(compared.columns[1]!.run);
    expect(report.columns[1]!.run).toEqual(compared.columns[2]!.run);
    expect(report.columns[1]!.kinds).toEqual(compared.columns[2]!.kinds);
    // The paired difference's estimate is the difference of the two points' rates, inside its interval.
    const rateOf = (c: Column) => (c.run as { trapDeath: { k: number; n: number } }).trapDeath;
    const d = (report.differences[0]!.run as { trapDeathRate: { diff: number; lo: number; hi: number } }).trapDeathRate;
    expect(d.diff).toBeCloseTo(rateOf(report.columns[1]!).k / 60 - rateOf(report.columns[0]!).k / 60, 12);
    expect(d.lo <= d.diff && d.diff <= d.hi).toBe(true);
    const two = await run([...sweep, '--format', 'json', '--workers', '2']);
    expect(two.out).toBe(r.out);
  });

  it('gives a table row and six CSV rows a point, two --vary making a grid, the first slowest', async () => {
    const table = await run(sweep);
    expect(table.code, table.err).toBe(0);
    expect(table.out).toMatch(/^60 seeds from 1 under 3 points of ceaptun: every point on the same seeds and first levels/);
    expect(table.out.split('\n').filter((l) => /^\s+(10|20|30)\s/.test(l))).toHaveLength(3);
    const grid = await run([...sweep, '--vary', 'set.turnLimit=100..200:100', '--format', 'csv']);
    expect(grid.code, grid.err).toBe(0);
    const lines = grid.out.trim().split('\n');
    expect(lines[0]).toBe('traps.pit.difficulty,set.turnLimit,metric,value,lo95,hi95,diff,diff_lo95,diff_hi95,n');
    expect(lines).toHaveLength(1 + 6 * 6);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(' ')).filter((_, i) => i % 6 === 0)).toEqual(['10 100', '10 200', '20 100', '20 200', '30 100', '30 200']);
  });

  it('refuses a bad --vary naming what is wrong', async () => {
    const bad = async (...vary: string[]) => {
      const r = await run(['sim', '--ruleset', 'ceaptun', '--runs', '10', ...vary.flatMap((v) => ['--vary', v])]);
      expect(r.code).toBe(2);
      return r.err;
    };
    expect(await bad('difficulty=1..3')).toMatch(/expected traps\.KIND\.COLUMN=from\.\.to\[:step\] or set\.NAME=/);
    expect(await bad('traps.nope.difficulty=1..3')).toMatch(/traps\.nope: no such trap in ceaptun/);
    expect(await bad('traps.pit.constructor=1..3')).toMatch(/traps\.pit\.constructor: no such column/);
    expect(await bad('set.turnLimit=1..3')).toMatch(/settings\.turnLimit/);
    expect(await bad('traps.pit.difficulty=1..100')).toMatch(/100 values; a sweep plays at most 60 points/);
    expect(await bad('traps.pit.difficulty=1..2', 'traps.pit.difficulty=3..4')).toMatch(/traps\.pit\.difficulty is given twice/);
    expect(await bad('traps.pit.difficulty=1..2', 'set.turnLimit=100..200:100', 'set.monsters=1..2')).toMatch(/once or twice \(got 3\)/);
    const perRun = await run(['sim', '--ruleset', 'ceaptun', '--vary', 'traps.pit.difficulty=1..2', '--per-run', join(dir, 'runs.csv')]);
    expect(perRun.err).toMatch(/--per-run cannot go with --vary/);
    const win = await run(['sim', '--ruleset', 'ceaptun', '--vary', 'traps.pit.difficulty=1..2', '--precision', '0.1', '--metric', 'win']);
    expect(win.code).toBe(2);
    expect(win.err).toMatch(/--metric: no rate "win" \(survival, trapDeath, trapHurt\)/);
  });
});

describe('sim --vary --precision', () => {
  type Read = { claimed: boolean; halfWidth: number; diff: number };
  type Settled = Omit<Report, 'differences'> & { differences: Array<{ run: Record<string, { lo: number; hi: number; diff: number }> }>; precision: { reached: boolean; runs: number; target: number; rule: { differences: number }; columns: Array<Record<string, Read>> } };

  it("plays on until every point's paired difference from the first settles, as compare --precision; the report is that of --runs N", async () => {
    const args = ['sim', '--scenario', frail, '--bot', 'reckless', '--quiet', '--format', 'json', '--vary', 'traps.pit.difficulty=10..30:20'];
    const r = await run([...args, '--precision', '0.05', '--metric', 'trapDeath']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as Settled;
    const n = report.runs;
    expect(n % 100).toBe(0);
    expect(report.precision).toMatchObject({ reached: true, runs: n, target: 0.05, rule: { differences: report.differences.length } });
    for (const [j, d] of report.differences.entries()) {
      const read = report.precision.columns[j]!.trapDeath!;
      expect(read.diff).toBeCloseTo(d.run.trapDeathRate!.diff, 12);
      expect(read.claimed || read.halfWidth <= 0.05).toBe(true);
    }
    expect(r.err).toMatch(/^every difference settled after \d+ runs: at traps\.pit\.difficulty=30 trapDeath [+−]0\.\d{4} in \[/);
    // The same games as a fixed --runs n sweep.
    const plain = await run([...args, '--runs', String(n)]);
    const { precision: _p, ...rest } = report;
    expect(JSON.parse(plain.out)).toEqual(rest);
    // One step fewer had not settled (else it would have stopped there).
    if (n > 100) {
      const fewer = JSON.parse((await run([...args, '--precision', '0.05', '--metric', 'trapDeath', '--max-runs', String(n - 100)])).out) as Settled;
      expect(fewer.precision.reached).toBe(false);
    }
    // The table ends with the rule and the reading.
    const table = await run([...args.filter((a) => a !== 'json' && a !== '--format'), '--precision', '0.05', '--metric', 'trapDeath']);
    expect(table.out).toMatch(/\nPrecision stop: settled after \d+ runs .*\nRule: 95% for all the watched differences together, always valid however often looked at/);
    expect(table.out).toMatch(/\n {2}at traps\.pit\.difficulty=30 trapDeath /);
  });
});
