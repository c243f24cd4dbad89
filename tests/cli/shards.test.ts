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
import { parseShardFile, shardRange } from '../../src/sim/shards.ts';

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
    // Its games no longer add up (the forgeries below each break one rule of the numbers).
    expect(fail([files[0]!, tampered, files[2]!, files[3]!])).toMatch(/tampered\.json: stats\.runCounts: won \+ died \+ timeout \+ stuck is 20, but runs is 3/);
    part.stats.runCounts.runs = -1;
    writeFileSync(tampered, JSON.stringify(part));
    expect(fail([tampered])).toMatch(/tampered\.json: stats\.runCounts\.runs/);
    writeFileSync(tampered, '{"format":"trapsmith-shard","__proto__":{}');
    expect(fail([tampered])).toMatch(/tampered\.json: not valid JSON/);
    expect(cli([...run, '--shard', '5/4', '--out', join(dir, 'x.json')]).stderr).toMatch(/--shard 5\/4: expected i\/n with 1 ≤ i ≤ n/);
    expect(cli([...run, '--shard', '1/4']).stderr).toMatch(/--shard needs --out FILE/);
  }, 120_000);
});

/**
 * A forged shard (issue #39 item 5): sound JSON in the right shape, but statistics no games make.
 * Each is refused, naming the file and the field, with exit 2 and no report: the report would
 * print wrong numbers or stop on an internal error.
 */
describe('merge refuses a shard whose statistics do not hold together', () => {
  const one = join(dir, 'one.json');
  const setup = cli(['sim', '--scenario', 'examples/scenarios/pit-corridor.json', '--bot', 'reckless', '--runs', '20', '--quiet', '--shard', '1/1', '--out', one, '--force']);
  // biome-ignore lint/suspicious/noExplicitAny: a forged file is any JSON, edited in place
  type Part = { stats: Record<string, any> };
  const forgeries: Array<[string, (p: Part) => void, RegExp]> = [
    ['more wins than games', (p) => (p.stats.runCounts.won += 3), /stats\.runCounts: won \+ died \+ timeout \+ stuck is 23, but runs is 20/],
    ['a histogram of more values than games', (p) => {
      const t = p.stats.turns;
      t.bins[t.bins.length - 1][1] += 1;
      t.count += 1;
      t.sum += t.max;
    }, /stats\.turns\.count: 21 values, but runCounts\.runs is 20/],
    ['bins that do not add up to the count', (p) => (p.stats.turns.bins[0][1] += 1), /stats\.turns\.count: 20, but its bins hold 21 values/],
    ['a sum the bins do not allow', (p) => (p.stats.turns.sum += 1), /stats\.turns\.sum: \d+, but its bins allow only \d+ to \d+/],
    ['an empty bin', (p) => p.stats.trapDamagePerRun.bins.push([1000, 0]), /stats\.trapDamagePerRun\.bins\[\d+\]: an empty bin/],
    ['bins out of order', (p) => p.stats.trapDamagePerRun.bins.reverse(), /stats\.trapDamagePerRun\.bins\[1\]: bin \d+ after bin \d+/],
    ['a width that is no power of two', (p) => (p.stats.turns.width = 3), /stats\.turns\.width: a bin width is a power of two, got 3/],
    ['more runs hurt by a trap than games', (p) => (p.stats.runCounts.hurtByTrap = 21), /stats\.runCounts\.hurtByTrap: 21, more than runs \(20\)/],
    ['more successes than trials in a kind rate', (p) => (p.stats.kinds.pit.counts.foundFirst = p.stats.kinds.pit.counts.encounters + 1), /stats\.kinds\.pit\.counts: \d+ successes in \d+ trials for the rate foundFirst/],
    ['more deaths than causes', (p) => {
      p.stats.runCounts.won -= 1;
      p.stats.runCounts.died += 1;
    }, /stats\.causes: add up to 0, but runCounts\.died is 1/],
    ['a kind with fewer damage values than triggers', (p) => (p.stats.kinds.pit.counts.triggeredByNone += 1), /stats\.kinds\.pit\.damagePerTrigger\.count: \d+ values, but its triggers/],
    ['a million empty bins', (p) => {
      p.stats.turns.maxBins = 1_000_000;
      p.stats.turns.bins = Array.from({ length: 1_000_000 }, (_, i) => [i, 0]);
    }, /stats\.turns\.maxBins: .*stats\.turns\.bins: /],
  ];

  it.each(forgeries)('%s', (_name, forge, message) => {
    expect(setup.status, setup.stderr).toBe(0);
    const part = JSON.parse(readFileSync(one, 'utf8')) as Part;
    forge(part);
    const forged = join(dir, 'forged.json');
    writeFileSync(forged, JSON.stringify(part));
    const r = cli(['merge', forged]);
    expect(r.stderr).toMatch(/forged\.json: /);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('the shard unforged merges; a million bins are refused by their number, before work in proportion to it', () => {
    expect(cli(['merge', one]).status).toBe(0);
    const part = JSON.parse(readFileSync(one, 'utf8')) as Part;
    part.stats.turns.maxBins = 1_000_000;
    // Every bin is itself wrong (a negative count): a refusal that names none of them read no bin,
    // so it came from the number of bins alone and not from a walk over a million of them.
    part.stats.turns.bins = Array.from({ length: 1_000_000 }, (_, i) => [i, -1]);
    const refusal = (() => {
      try {
        parseShardFile(JSON.stringify(part), 'huge.json');
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    })();
    expect(refusal).toMatch(/huge\.json: stats\.turns\.maxBins: .*expected 2048; stats\.turns\.bins: .*<=2048/);
    expect(refusal).not.toMatch(/bins\.\d/);
  }, 60_000);

  it('a folder is refused as such, exit 2', () => {
    const r = cli(['merge', dir]);
    expect(r.stderr).toMatch(/is a folder, not a shard file/);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.status).toBe(2);
  });
});
