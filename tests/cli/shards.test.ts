/**
 * Shards that merge (sim/shards.ts, deploy/README.md): 4 shards of one run played as separate
 * processes, as a CI matrix or an Indexed Job plays them, and `trapsmith merge` of their files
 * prints one run's report byte for byte, in every format and in any order of the files; a
 * missing, repeated, foreign or tampered shard is named and exits 2.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shardRange } from '../../src/sim/shards.ts';

const bin = new URL('../../src/cli/trapsmith.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'trapsmith-shards-'));
// A variant as well, so the merge must read the column's own names back.
const variant = join(dir, 'deep.json');
writeFileSync(variant, JSON.stringify({ name: 'deep pits', ruleset: 'ceaptun', traps: { pit: { difficulty: 20 } } }));
const run = ['sim', '--scenario', 'examples/scenarios/pit-corridor.json', '--variant', variant, '--bot', 'reckless', '--runs', '90', '--seed-start', '7', '--quiet'];

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
}

/** Runs the shards at once, each its own process, as a batch engine would. */
async function shards(n: number, extra: string[] = []): Promise<string[]> {
  const files = Array.from({ length: n }, (_, i) => join(dir, `part-${n}-${i + 1}${extra.join('')}.json`));
  await Promise.all(
    files.map(
      (file, i) =>
        new Promise<void>((ok, fail) => {
          const p = spawn(process.execPath, [bin, ...run, ...extra, '--shard', `${i + 1}/${n}`, '--out', file, '--force'], { stdio: ['ignore', 'ignore', 'pipe'] });
          let err = '';
          p.stderr.on('data', (d) => {
            err += String(d);
          });
          p.on('close', (code) => (code === 0 ? ok() : fail(new Error(`shard ${i + 1}: ${err}`))));
        }),
    ),
  );
  return files;
}

describe('sim --shard and merge', () => {
  it('cuts the seeds into whole chunks in order, the last shard taking the rest', () => {
    const parts = [1, 2, 3, 4].map((i) => shardRange(90, 7, i, 4));
    expect(parts).toEqual([
      { seedStart: 7, runs: 20 },
      { seedStart: 27, runs: 20 },
      { seedStart: 47, runs: 20 },
      { seedStart: 67, runs: 30 },
    ]);
  });

  it('4 shards in 4 processes merge to one run’s report, byte for byte, in every format and any order', async () => {
    const files = await shards(4);
    for (const format of ['json', 'table', 'csv']) {
      const one = cli([...run, '--format', format]);
      expect(one.status, one.stderr).toBe(0);
      const merged = cli(['merge', files[2]!, files[0]!, files[3]!, files[1]!, '--format', format]);
      expect(merged.status, merged.stderr).toBe(0);
      expect(merged.stdout).toBe(one.stdout);
    }
    expect(JSON.parse(cli(['merge', ...files, '--format', 'json']).stdout)).toMatchObject({ seedStart: 7, id: 'ceaptun~deep-pits', run: { runs: 90 } });
  }, 120_000);

  it('names a missing, repeated, foreign or tampered shard, and exits 2', async () => {
    const files = await shards(4);
    const fail = (args: string[]) => {
      const r = cli(['merge', ...args]);
      expect(r.status).toBe(2);
      return r.stderr;
    };
    expect(fail(files.slice(0, 3))).toMatch(/shard 4\/4 missing/);
    expect(fail([files[0]!, files[0]!, files[1]!, files[2]!, files[3]!])).toMatch(/shard 1\/4 again/);
    const [other] = await shards(2, ['--bot', 'careful']);
    expect(fail([...files.slice(0, 3), other!])).toMatch(/a shard of another run than/);
    const tampered = join(dir, 'tampered.json');
    const part = JSON.parse(readFileSync(files[1]!, 'utf8'));
    part.stats.runCounts.runs = 3;
    writeFileSync(tampered, JSON.stringify(part));
    expect(fail([files[0]!, tampered, files[2]!, files[3]!])).toMatch(/tampered\.json: shard 2\/4 holds 3 games, its range has 20/);
    part.stats.runCounts.runs = -1;
    writeFileSync(tampered, JSON.stringify(part));
    expect(fail([tampered])).toMatch(/tampered\.json: stats\.runCounts\.runs/);
    writeFileSync(tampered, '{"format":"trapsmith-shard","__proto__":{}');
    expect(fail([tampered])).toMatch(/tampered\.json: not valid JSON/);
    expect(cli([...run, '--shard', '5/4', '--out', join(dir, 'x.json')]).stderr).toMatch(/--shard 5\/4: expected i\/n with 1 ≤ i ≤ n/);
    expect(cli([...run, '--shard', '1/4']).stderr).toMatch(/--shard needs --out FILE/);
  }, 120_000);
});
