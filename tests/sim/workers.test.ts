/**
 * `--workers K` is cut to the work: a worker plays whole chunks of CHUNK_SIZE games, so more
 * workers than chunks sit idle (each a thread with its own copy of the game), and more than two
 * per core only share the cores. The numbers expected here are counted by hand from those rules.
 */
import { describe, expect, it } from 'vitest';
import { simCommand } from '../../src/cli/commands/sim.ts';
import { compareCommand } from '../../src/cli/commands/compare.ts';
import { assertCommand } from '../../src/cli/commands/assert.ts';
import { CHUNK_SIZE, WORKERS_PER_CORE, workerPlan } from '../../src/sim/runner.ts';
import { run, tempFile } from './cliHarness.ts';

describe('workerPlan', () => {
  it('keeps what was asked when there is work for it', () => {
    expect(CHUNK_SIZE).toBe(10);
    expect(WORKERS_PER_CORE).toBe(2);
    expect(workerPlan(1, 1, 2)).toEqual({ workers: 1, why: null });
    expect(workerPlan(3, 1000, 8)).toEqual({ workers: 3, why: null });
    // 40 games: 4 chunks; 4 cores: up to 8.
    expect(workerPlan(4, 40, 4)).toEqual({ workers: 4, why: null });
  });

  it('uses no more workers than chunks: 2 games are one chunk, 25 games three, 41 five', () => {
    expect(workerPlan(64, 2, 2)).toEqual({ workers: 1, why: '2 games make 1 chunk of up to 10, and each worker plays whole chunks' });
    expect(workerPlan(64, 1, 64)).toEqual({ workers: 1, why: '1 game makes 1 chunk of up to 10, and each worker plays whole chunks' });
    expect(workerPlan(8, 25, 8).workers).toBe(3);
    expect(workerPlan(8, 41, 8).workers).toBe(5);
    expect(workerPlan(8, 0, 8)).toEqual({ workers: 1, why: 'no games to play' });
  });

  it('uses at most two per core', () => {
    expect(workerPlan(64, 10_000, 2)).toEqual({ workers: 4, why: 'at most 2 per core, and this machine has 2' });
    expect(workerPlan(64, 10_000, 1).workers).toBe(2);
    expect(workerPlan(20, 10_000, 16).workers).toBe(20);
  });
});

describe('--workers beyond the work, on the command line', () => {
  it('sim --workers 64 for 2 games plays in this process and says so; the result is that of --workers 1', async () => {
    const args = ['--ruleset', 'test', '--runs', '2', '--format', 'json', '--quiet'];
    const many = await run(simCommand, [...args, '--workers', '64']);
    const one = await run(simCommand, args);
    expect(many.code).toBe(0);
    expect(many.err).toBe('--workers 64: using 1 (2 games make 1 chunk of up to 10, and each worker plays whole chunks)');
    expect(many.out).toBe(one.out);
    expect(one.err).toBe('');
  });

  it('compare and assert cut it the same way', async () => {
    const c = await run(compareCommand, ['--rulesets', 'test,cdda', '--runs', '3', '--workers', '9', '--quiet', '--format', 'json']);
    expect(c.code).toBe(0);
    expect(c.err).toBe('--workers 9: using 1 (3 games make 1 chunk of up to 10, and each worker plays whole chunks)');
    const file = tempFile('a.json', {
      assertions: [
        { id: 'a', ruleset: 'test', says: 's', sim: { runs: 2, metric: 'survival', expect: { ge: 0 } } },
        { id: 'b', ruleset: 'test', says: 's', sim: { runs: 3, metric: 'win', expect: { ge: 0 } } },
      ],
    });
    const a = await run(assertCommand, ['--file', file, '--workers', '5', '--quiet']);
    expect(a.code).toBe(0);
    expect(a.err).toBe('--workers 5: using 1 (3 games make 1 chunk of up to 10, and each worker plays whole chunks)');
  });
});
