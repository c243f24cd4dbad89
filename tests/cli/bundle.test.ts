/**
 * The bundled CLI (src/cli/bundle.mjs → dist-cli/): plain JavaScript that needs no TypeScript
 * compiler at run time, and the same program as the sources run through tsx — the same output,
 * errors and exit codes, workers included. The `trapsmith` command runs the bundle only while
 * its stamp matches the sources.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the CLI's, with no types.
import { sourceStamp } from '../../src/cli/sourceStamp.mjs';

const root = new URL('../../', import.meta.url).pathname;
const bundled = join(root, 'dist-cli/trapsmith.js');
const viaTsx = join(root, 'src/cli/trapsmith.mjs');

beforeAll(() => {
  // Built only when stale (CI builds it at npm ci): a fresh bundle may be in use by other tests.
  let fresh = false;
  try {
    fresh = JSON.parse(readFileSync(join(root, 'dist-cli/stamp.json'), 'utf8')).sources === (sourceStamp as (d: string) => string)(join(root, 'src'));
  } catch {
    fresh = false;
  }
  if (!fresh) execFileSync(process.execPath, [join(root, 'src/cli/bundle.mjs')]);
}, 60_000);

const both = (args: string[]) => {
  const a = spawnSync(process.execPath, [bundled, ...args], { encoding: 'utf8', cwd: root });
  const b = spawnSync(process.execPath, [viaTsx, ...args], { encoding: 'utf8', cwd: root, env: { ...process.env, TRAPSMITH_TSX: '1' } });
  return { bundle: { status: a.status, out: a.stdout, err: a.stderr }, tsx: { status: b.status, out: b.stdout, err: b.stderr } };
};

describe('the bundled CLI', () => {
  it('says and does what the sources do: output, errors and exit codes, with workers', () => {
    const lines = [
      ['--help'],
      ['nonsense'],
      ['odds', 'ceaptun', 'disarm', '--difficulty', '17', '--modifier', '2', '--format', 'json'],
      ['odds', 'nope'],
      ['map', '--ruleset', 'd20', '--seed', 'bundle'],
      ['sim', '--scenario', 'examples/scenarios/pit-corridor.json', '--runs', '30', '--workers', '2', '--quiet', '--format', 'json'],
      ['seeds', '--ruleset', 'ceaptun', '--where', 'monsters >= 3', '--limit', '2', '--scan', '20'],
      ['assert', '--ruleset', 'ceaptun', '--runs', '20', '--format', 'json'],
      ['sim', '--ruleset', 'ceaptun', '--vary', 'traps.nope.difficulty=1..2'],
    ];
    // Progress lines on stderr come by the clock (seeds reports once a second), not by the program.
    const steady = (x: { status: number | null; out: string; err: string }) => ({ ...x, err: x.err.split('\n').filter((l) => !/^seeds: \d+ levels looked at, \d+ found$/.test(l)).join('\n') });
    for (const args of lines) {
      const r = both(args);
      expect(steady(r.bundle), args.join(' ')).toEqual(steady(r.tsx));
    }
    expect(both(['--help']).bundle.status).toBe(0);
    expect(both(['nonsense']).bundle.status).toBe(2);
  }, 120_000);

  it('is plain JavaScript: no TypeScript file and no tsx but for test modules handed to the workers', () => {
    const files = readdirSync(join(root, 'dist-cli'));
    expect(files).toContain('nodeWorkerBoot.mjs');
    for (const f of files.filter((n) => n.endsWith('.js'))) {
      const text = readFileSync(join(root, 'dist-cli', f), 'utf8');
      expect(text, f).not.toMatch(/from ["'][^"']+\.ts["']|import\(["'][^"']+\.ts["']\)|tsx\/esm/);
    }
    expect(readFileSync(join(root, 'dist-cli/nodeWorkerBoot.mjs'), 'utf8')).toMatch(/if \(workerData\?\.modules\?\.length\) \(await import\('tsx\/esm\/api'\)\)\.register\(\);/);
  });

  it('its stamp changes with any edit, new file or removed file under src', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trapsmith-stamp-'));
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a/x.ts'), '1');
    const stamp = sourceStamp as (d: string) => string;
    const first = stamp(dir);
    expect(stamp(dir)).toBe(first);
    utimesSync(join(dir, 'a/x.ts'), new Date(), new Date(Date.now() + 5000));
    const edited = stamp(dir);
    expect(edited).not.toBe(first);
    writeFileSync(join(dir, 'y.ts'), '2');
    utimesSync(join(dir, 'y.ts'), new Date(0), new Date(0));
    const added = stamp(dir);
    expect(added).not.toBe(edited);
    rmSync(join(dir, 'y.ts'));
    expect(stamp(dir)).toBe(edited);
  });
});
