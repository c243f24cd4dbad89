import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simCommand } from '../../src/cli/commands/sim.ts';
import { workerModules } from '../../src/cli/labSupport.ts';
import { run, tempFile } from '../sim/cliHarness.ts';

describe('trapsmith sim', () => {
  it('reports per trap kind and per run, with Wilson intervals, as JSON', async () => {
    const r = await run(simCommand, ['--ruleset', 'test', '--runs', '30', '--bot', 'reckless', '--format', 'json', '--quiet']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.run.runs).toBe(30);
    expect(j.run.won + j.run.died + j.run.timeout + j.run.stuck).toBe(30);
    const spike = j.kinds.find((k: { kind: string }) => k.kind === 'spike');
    expect(spike.name).toBe('spike trap');
    const st = spike.rates.stepTrigger;
    expect(st.n).toBe(spike.counts.playerStepTriggers + spike.counts.avoidedByPlayer);
    // The test ruleset's spike always fires when stepped on: 100%, and the Wilson interval's top is 1.
    expect(st.p).toBe(1);
    expect(st.hi).toBe(1);
    expect(st.lo).toBeGreaterThan(0.5);
    expect(spike.damage.max).toBeLessThanOrEqual(4);
    expect(spike.damage.median).toBeGreaterThanOrEqual(1);
  });

  it('prints a table by default and tidy CSV on request, with progress on stderr', async () => {
    const t = await run(simCommand, ['--ruleset', 'test', '--runs', '20']);
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/^test — bot careful, depth 4, 20 runs/);
    expect(t.out).toMatch(/found first/);
    expect(t.err).toMatch(/sim test: 20\/20 games \(100%/);
    const c = await run(simCommand, ['--ruleset', 'test', '--runs', '20', '--format', 'csv', '--quiet']);
    const lines = c.out.split('\n');
    expect(lines[0]).toBe('column,bot,depth,trap,metric,value,lo95,hi95,n');
    expect(lines).toContain('test,careful,4,(run),runs,20,,,');
    expect(lines.some((l) => l.startsWith('test,careful,4,spike,rate_stepTrigger,'))).toBe(true);
    expect(c.err).toBe('');
  });

  it('--workers 2 gives exactly the output of --workers 1', async () => {
    workerModules.push(fileURLToPath(new URL('../support/testRuleset.ts', import.meta.url)));
    const args = ['--ruleset', 'test', '--runs', '45', '--bot', 'careful', '--format', 'json', '--quiet', '--seed-start', '300'];
    const one = await run(simCommand, args);
    const two = await run(simCommand, [...args, '--workers', '2']);
    expect(two.code).toBe(0);
    expect(two.out).toBe(one.out);
  }, 120_000);

  it('writes one line per game with --per-run, in seed order', async () => {
    const path = join(dirname(tempFile('x', '')), 'runs.csv');
    const r = await run(simCommand, ['--ruleset', 'test', '--runs', '25', '--seed-start', '7', '--per-run', path, '--quiet', '--format', 'json']);
    expect(r.code).toBe(0);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('seed,outcome,turns,cause,trap_death,trap_damage,traps_set_off,depth');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(Array.from({ length: 25 }, (_, i) => String(7 + i)));
    const died = lines.slice(1).filter((l) => l.split(',')[1] === 'died').length;
    expect(died).toBe(JSON.parse(r.out).run.died);
  });

  it('refuses a --per-run path it cannot write before playing a game: exit 2 naming the flag and why', async () => {
    const folder = dirname(tempFile('x', ''));
    const cases: Array<[string, RegExp]> = [
      [join(folder, 'no', 'such', 'folder', 'x.csv'), /^trapsmith sim: --per-run: cannot write .*x\.csv: no such folder \(ENOENT\)$/],
      [folder, /^trapsmith sim: --per-run: cannot write .*: it is a folder \(EISDIR\)$/],
    ];
    for (const [path, message] of cases) {
      // Without --quiet: a game played would show as progress on stderr.
      const r = await run(simCommand, ['--ruleset', 'test', '--runs', '2', '--per-run', path]);
      expect(r.code, path).toBe(2);
      expect(r.err, path).toMatch(message);
      expect(r.out, path).toBe('');
    }
  });

  it('plays a variant file', async () => {
    const v = tempFile('v.json', { name: 'blunt', ruleset: 'test', settings: { spikeSides: 1 } });
    const r = await run(simCommand, ['--ruleset', 'test', '--variant', v, '--runs', '20', '--bot', 'reckless', '--format', 'json', '--quiet']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.id).toBe('test~blunt');
    const spike = j.kinds.find((k: { kind: string }) => k.kind === 'spike');
    expect(spike.damage.max).toBeLessThanOrEqual(1);
  });

  it('names what is wrong and exits 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--runs', '5'], /--ruleset is required/],
      [['--ruleset', 'nope'], /--ruleset: unknown ruleset "nope" \(known: .*test/],
      [['--ruleset', 'test', '--runs', 'many'], /--runs: expected a whole number, got "many"/],
      [['--ruleset', 'test', '--runs', '0'], /--runs: 0 is out of range/],
      [['--ruleset', 'test', '--bot', 'lazy'], /--bot: unknown bot "lazy" \(known: reckless, careful, trapper\)/],
      [['--ruleset', 'test', '--colour', 'red'], /unknown option '--colour'/],
      [['--ruleset', 'test', '--format', 'xml'], /--format: expected one of table, csv, json/],
      [['--ruleset', 'test', '--set', 'spikeSides=0'], /--set: setting "spikeSides": 0 is below the minimum 1/],
      [['--ruleset', 'test', '--variant', '/no/such/file.json'], /--variant: cannot read \/no\/such\/file\.json: ENOENT/],
      [['--ruleset', 'cdda', '--variant', tempFile('t.json', { name: 'x', ruleset: 'test' })], /is a variant of test, not cdda/],
    ];
    for (const [args, msg] of cases) {
      const r = await run(simCommand, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(msg);
    }
  });

  it('has --help', async () => {
    const r = await run(simCommand, ['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^trapsmith sim --ruleset R/);
    expect(r.out).toMatch(/--workers K/);
  });
});
