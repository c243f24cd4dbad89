/**
 * `sim --precision P`: games are played a step of 100 at a time until the 95% Wilson interval of
 * each watched per-run rate is at most ±P, or `--max-runs`. Checked against the Wilson interval
 * computed here from its formula: the run stops at the first step that is precise enough, its
 * report is the plain `--runs N` report of the same seeds, and the workers change nothing.
 * `compare --precision P` stops once each paired difference's interval excludes 0 or is ±P.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { runCli } from '../support/cli.ts';

const FILE = 'examples/scenarios/pit-corridor.json';

const run = runCli;

/** The 95% Wilson score interval's wider half, from its formula (z = 1.959964). */
function wilsonHalf(k: number, n: number): number {
  const z = 1.959964;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return Math.max(p - (centre - half), centre + half - p);
}

const base = ['sim', '--scenario', FILE, '--bot', 'reckless', '--format', 'json', '--quiet'];

describe('sim --precision', () => {
  it('stops at the first step of 100 games whose interval is narrow enough; the report is that of --runs N; any workers', async () => {
    const r = await run([...base, '--precision', '0.02', '--metric', 'survival']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { run: { runs: number; survival: { k: number; n: number } }; precision: { reached: boolean; runs: number; halfWidths: Record<string, number> } };
    const n = report.run.runs;
    expect(n % 100).toBe(0);
    expect(report.precision).toMatchObject({ target: 0.02, metrics: ['survival'], reached: true, runs: n });
    expect(wilsonHalf(report.run.survival.k, n)).toBeLessThanOrEqual(0.02);
    expect(report.precision.halfWidths.survival).toBeCloseTo(wilsonHalf(report.run.survival.k, n), 8);
    // One step fewer was not enough.
    const shorter = JSON.parse((await run([...base, '--runs', String(n - 100)])).out) as { run: { survival: { k: number } } };
    expect(wilsonHalf(shorter.run.survival.k, n - 100)).toBeGreaterThan(0.02);
    // The same games as a plain run of n, whatever the workers.
    const plain = JSON.parse((await run([...base, '--runs', String(n)])).out) as Record<string, unknown>;
    const { precision: _p, ...rest } = report as unknown as Record<string, unknown>;
    expect(rest).toEqual(plain);
    const two = await run([...base, '--precision', '0.02', '--metric', 'survival', '--workers', '2']);
    expect(two.out).toBe(r.out);
    expect(r.err).toBe(`precision reached after ${n} runs: survival ±${report.precision.halfWidths.survival!.toFixed(4)} (each at most ±0.02)`);
  });

  it('says so when the cap comes first', async () => {
    const r = await run([...base, '--precision', '0.001', '--max-runs', '200']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { run: { runs: number }; precision: { reached: boolean; metrics: string[] } };
    expect(report.run.runs).toBe(200);
    expect(report.precision).toMatchObject({ reached: false, metrics: ['survival', 'win', 'trapDeath', 'trapHurt'] });
    expect(r.err).toMatch(/^stopped at the cap of 200 runs \(--max-runs\) before the precision: survival ±0\.\d{4}, win ±0\.\d{4}, trapDeath ±0\.\d{4}, trapHurt ±0\.\d{4} \(asked: ±0\.001\)$/);
  });

  it('refuses a bad precision, metric or cap, and --runs beside it, naming the flag', async () => {
    const bad = async (extra: string[]) => {
      const r = await run([...base, ...extra]);
      expect(r.code).toBe(2);
      return r.err;
    };
    expect(await bad(['--precision', '0'])).toMatch(/--precision: expected a number above 0 and below 0\.5/);
    expect(await bad(['--precision', 'abc'])).toMatch(/--precision: .*"abc"/);
    expect(await bad(['--precision', '0.01', '--runs', '500'])).toMatch(/--runs cannot go with --precision/);
    expect(await bad(['--precision', '0.01', '--metric', 'constructor'])).toMatch(/--metric: no rate "constructor" \(survival, win, trapDeath, trapHurt\)/);
    expect(await bad(['--precision', '0.01', '--max-runs', '50'])).toMatch(/--max-runs: expected a whole number from 100/);
    expect(await bad(['--metric', 'win'])).toMatch(/--metric goes with --precision/);
  });
});

describe('compare --precision', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trapsmith-precision-'));
  const variant = join(dir, 'deep-pits.json');
  writeFileSync(variant, JSON.stringify({ name: 'deep pits', ruleset: 'ceaptun', traps: { pit: { difficulty: 30 } }, settings: {} }));
  // The corridor with a hero of 2 hit points: the deeper pits kill far more often.
  const frail = join(dir, 'frail.json');
  writeFileSync(frail, JSON.stringify({ ...JSON.parse(readFileSync(FILE, 'utf8')), player: { hp: 2 } }));
  type Read = { diff: number; lo: number; hi: number; p: number; level: number; claimed: boolean; halfWidth: number; excludesZero: boolean };
  type Compared = {
    runs: number;
    differences: Array<{ run: Record<string, { lo: number; hi: number; diff: number }> }>;
    precision: { reached: boolean; runs: number; rule: { name: string; level: number; differences: number; every: number }; columns: Array<Record<string, Read>> };
  };
  const compare = async (scenario: string, extra: string[], format = 'json') => {
    const r = await run(['compare', '--scenario', scenario, '--variants', variant, '--bot', 'reckless', '--format', format, '--quiet', ...extra]);
    expect(r.code, r.err).toBe(0);
    return { report: format === 'json' ? (JSON.parse(r.out) as Compared) : (null as unknown as Compared), err: r.err, out: r.out };
  };
  const RULE = /95% for all the watched differences together, always valid however often looked at \(Robbins normal-mixture confidence sequence, Holm across the differences\), looked at every 100 games/;

  it('stops as soon as a difference is claimed by the always-valid rule, however wide its interval; the report says the rule', async () => {
    const { report, err } = await compare(frail, ['--precision', '0.01', '--metric', 'survival,trapDeath']);
    expect(report.runs).toBe(100);
    expect(report.precision.rule).toMatchObject({ level: 0.05, differences: 2, every: 100 });
    for (const [m, key] of [['survival', 'survivalRate'], ['trapDeath', 'trapDeathRate']] as const) {
      const read = report.precision.columns[0]![m]!;
      // The same estimate as the fixed-run difference; a claim is a difference excluding 0 at Holm's level.
      expect(read.diff).toBeCloseTo(report.differences[0]!.run[key]!.diff, 12);
      expect(read).toMatchObject({ claimed: true, excludesZero: true });
      expect(read.lo > 0 || read.hi < 0).toBe(true);
      expect(read.p).toBeLessThanOrEqual(read.level);
      expect(read.halfWidth).toBeGreaterThan(0.01);
    }
    // Holm: the smaller p at 0.05/2, the other at 0.05.
    expect([report.precision.columns[0]!.survival!.level, report.precision.columns[0]!.trapDeath!.level].sort()).toEqual([0.025, 0.05]);
    expect(err).toMatch(/^every difference settled after 100 runs: column 2 survival −0\.\d{4} in \[−0\.\d{4}, −0\.\d{4}\] ±0\.\d{4} \(differs\), column 2 trapDeath \+0\.\d{4} in .* \(differs\)/);
    expect(err).toMatch(RULE);
    const table = await compare(frail, ['--precision', '0.01', '--metric', 'survival,trapDeath'], 'table');
    expect(table.out).toMatch(/\n\nPrecision stop: settled after 100 runs \(each a difference claimed or at most ±0\.01\)\.\nRule: /);
    expect(table.out).toMatch(RULE);
    expect(table.out).toMatch(/\n {2}column 2 trapDeath \+0\.\d{4} in \[\+0\.\d{4}, \+0\.\d{4}\] ±0\.\d{4} \(differs\); p \d\.\de-\d+, tested at 0\.0\d+$/);
  });

  it('else plays on until the always-valid interval is narrow enough: the report is that of --runs N, with any workers', async () => {
    const { report, out } = await compare(FILE, ['--precision', '0.03']);
    const n = report.runs;
    expect(report.precision.reached).toBe(true);
    for (const m of ['survival', 'trapDeath']) {
      const read = report.precision.columns[0]![m]!;
      expect(read.claimed).toBe(false);
      expect(read.lo <= 0 && read.hi >= 0).toBe(true);
      expect(read.halfWidth).toBeLessThanOrEqual(0.03);
    }
    // One look fewer had not settled: the run stops at its first settled look.
    const shorter = (await compare(FILE, ['--precision', '0.03', '--max-runs', String(n - 100)])).report;
    expect(shorter.runs).toBe(n - 100);
    expect(shorter.precision.reached).toBe(false);
    const { precision: _p, ...rest } = report;
    expect(rest).toEqual((await compare(FILE, ['--runs', String(n)])).report);
    expect((await compare(FILE, ['--precision', '0.03', '--workers', '2'])).out).toBe(out);
    const bad = await run(['compare', '--scenario', FILE, '--variants', variant, '--precision', '0.03', '--metric', 'win']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--metric: no rate "win" \(survival, trapDeath, trapHurt\)/);
  });

  it('says the rule in --help', async () => {
    const r = await run(['compare', '--help']);
    expect(r.out.replace(/\s+/g, ' ')).toMatch(RULE);
    expect(r.out.replace(/\s+/g, ' ')).toMatch(/a run claims a difference that is not there at most 5% of the time, at whatever look it stops/);
  });
});
