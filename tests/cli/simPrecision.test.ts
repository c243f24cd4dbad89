/**
 * `sim --precision P`: games are played a step of 100 at a time until the 95% Wilson interval of
 * each watched per-run rate is at most ±P, or `--max-runs`. Checked against the Wilson interval
 * computed here from its formula: the run stops at the first step that is precise enough, its
 * report is the plain `--runs N` report of the same seeds, and the workers change nothing.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { main } from '../../src/cli/main.ts';
import type { CliIO } from '../../src/cli/io.ts';

const FILE = 'examples/scenarios/pit-corridor.json';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' };
  const code = await main(argv, cli);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

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
    expect(report.precision).toMatchObject({ reached: false, metrics: ['survival', 'win', 'trapDeath'] });
    expect(r.err).toMatch(/^stopped at the cap of 200 runs \(--max-runs\) before the precision: survival ±0\.\d{4}, win ±0\.\d{4}, trapDeath ±0\.\d{4} \(asked: ±0\.001\)$/);
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
    expect(await bad(['--precision', '0.01', '--metric', 'constructor'])).toMatch(/--metric: no rate "constructor" \(survival, win, trapDeath\)/);
    expect(await bad(['--precision', '0.01', '--max-runs', '50'])).toMatch(/--max-runs: expected a whole number from 100/);
    expect(await bad(['--metric', 'win'])).toMatch(/--metric goes with --precision/);
  });
});
