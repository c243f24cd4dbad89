import { describe, expect, it } from 'vitest';
import { compareCommand } from '../../src/cli/commands/compare.ts';
import { run, tempFile } from '../sim/cliHarness.ts';

describe('trapsmith compare', () => {
  it('plays the same seeds under a ruleset and its variant, with paired differences', async () => {
    const sharp = tempFile('sharp.json', { name: 'sharp', ruleset: 'test', settings: { spikeSides: 20 } });
    const r = await run(compareCommand, ['--rulesets', 'test', '--variants', sharp, '--runs', '30', '--bot', 'reckless', '--format', 'json', '--quiet']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.columns.map((c: { id: string }) => c.id)).toEqual(['test', 'test~sharp']);
    expect(j.fingerprintMismatches).toBe(0);
    const d = j.differences[0];
    expect(d.id).toBe('test~sharp');
    expect(d.run.trapDamage.method).toBe('paired');
    // Sharper spikes: more trap damage per run on the same seeds.
    expect(d.run.trapDamage.diff).toBeGreaterThan(0);
    expect(d.run.trapDamage.lo).toBeLessThanOrEqual(d.run.trapDamage.diff);
    // Kinds both columns have get per-rate differences.
    expect(d.kinds.map((k: { kind: string }) => k.kind)).toContain('spike');
    const survival = j.columns.map((c: { run: { survival: { p: number } } }) => c.run.survival.p);
    expect(d.run.survivalRate.diff).toBeCloseTo(survival[1] - survival[0], 12);
  });

  it('a ruleset against itself differs by nothing', async () => {
    const same = tempFile('same.json', { name: 'same', ruleset: 'test' });
    const r = await run(compareCommand, ['--variants', same, '--runs', '20', '--format', 'json', '--quiet']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    // The variant's ruleset comes in first as the baseline.
    expect(j.columns.map((c: { id: string }) => c.id)).toEqual(['test', 'test~same']);
    expect(j.columns[1].run).toEqual(j.columns[0].run);
    const d = j.differences[0].run;
    for (const k of ['survivalRate', 'trapDeathRate', 'turns', 'trapDamage']) expect(d[k].diff).toBe(0);
  });

  it('prints side-by-side tables and CSV', async () => {
    const t = await run(compareCommand, ['--rulesets', 'test,cdda', '--runs', '10', '--quiet']);
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/10 seeds from 1: the same first level \(map, stairs, monsters\) under every column/);
    expect(t.out).toMatch(/cdda − test \(paired by seed, 95%\)/);
    const c = await run(compareCommand, ['--rulesets', 'test,cdda', '--runs', '10', '--quiet', '--format', 'csv']);
    expect(c.out.split('\n')[0]).toBe('column,bot,depth,trap,metric,value,lo95,hi95,n');
    expect(c.out).toMatch(/^cdda - test,,,\(run\),diff_survivalRate,/m);
  });

  it('names what is wrong and exits 2', async () => {
    for (const [args, msg] of [
      [['--rulesets', 'test'], /at least two columns/],
      [['--rulesets', 'test,nope'], /--rulesets: unknown ruleset "nope"/],
      [['--rulesets', 'test,test'], /column test is given twice/],
      [['--rulesets', 'test,cdda', '--variants', tempFile('bad.json', { name: 'b', ruleset: 'test', traps: { spike: { difficulty: 'x' } } })], /traps\.spike\.difficulty: expected a number like 7/],
      [['--rulesets', 'test,cdda', '--depth', '0'], /--depth: 0 is out of range/],
    ] as Array<[string[], RegExp]>) {
      const r = await run(compareCommand, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(msg);
    }
    expect((await run(compareCommand, ['--help'])).out).toMatch(/^trapsmith compare --rulesets/);
  });
});
