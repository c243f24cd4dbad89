/**
 * Files a flag writes (`sim --per-run FILE`, the only one): an existing file is replaced only
 * with --force, and a file the same run reads (its --variant) never, by whatever path it is named.
 */
import { linkSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simCommand } from '../../src/cli/commands/sim.ts';
import { run } from '../sim/cliHarness.ts';

const GAME = ['--ruleset', 'test', '--runs', '2', '--quiet'];
const HEADER = 'seed,outcome,turns,cause,trap_death,trap_damage,traps_set_off,depth';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'trapsmith-out-'));
}

describe('sim --per-run FILE', () => {
  it('refuses an existing file without --force, and leaves it as it was', async () => {
    const path = join(folder(), 'runs.csv');
    writeFileSync(path, 'my notes\n');
    const r = await run(simCommand, [...GAME, '--per-run', path]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`trapsmith sim: --per-run: ${path} already exists; give --force to replace it`);
    expect(r.out).toBe('');
    expect(readFileSync(path, 'utf8')).toBe('my notes\n');
  });

  it('replaces an existing file with --force', async () => {
    const path = join(folder(), 'runs.csv');
    writeFileSync(path, 'my notes\n');
    const r = await run(simCommand, [...GAME, '--per-run', path, '--force']);
    expect(r.code).toBe(0);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '2']);
  });

  it('never writes over the variant file the run reads, even with --force, by any path to it', async () => {
    const dir = folder();
    const variant = join(dir, 'v.json');
    const text = JSON.stringify({ name: 'blunt', ruleset: 'test', settings: { spikeSides: 1 } });
    writeFileSync(variant, text);
    const symlink = join(dir, 'link.json');
    symlinkSync(variant, symlink);
    const hardlink = join(dir, 'hard.json');
    linkSync(variant, hardlink);
    const paths = [variant, symlink, hardlink, join(dir, '.', 'v.json'), relative(process.cwd(), variant)];
    for (const out of paths) {
      for (const force of [[], ['--force']]) {
        const r = await run(simCommand, [...GAME, '--variant', variant, '--per-run', out, ...force]);
        expect(r.code, `${out} ${force.join('')}`).toBe(2);
        expect(r.err).toBe(`trapsmith sim: --per-run ${out} is the file this run reads as --variant ${variant}: give another file (--force never writes over an input)`);
        expect(readFileSync(variant, 'utf8')).toBe(text);
      }
    }
    // Named through the link, the variant is still the file refused as the output.
    const r = await run(simCommand, [...GAME, '--variant', symlink, '--per-run', variant, '--force']);
    expect(r.code).toBe(2);
    expect(readFileSync(variant, 'utf8')).toBe(text);
  });

  it('--force alone is refused: it only goes with --per-run or --out', async () => {
    const r = await run(simCommand, [...GAME, '--force']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('trapsmith sim: --force goes with --per-run or --out (it lets them replace a file)');
  });
});
