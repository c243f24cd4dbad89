import { describe, expect, it } from 'vitest';
import { verifyCommand } from '../../src/cli/commands/verify.ts';
import { chance, roll } from '../../src/core/prob.ts';
import { registerRuleset } from '../../src/core/registry.ts';
import type { Ruleset } from '../../src/core/ruleset.ts';
import { testRuleset } from '../support/testRuleset.ts';
import { run, tempFile } from '../sim/cliHarness.ts';

/**
 * A ruleset with two checks that drift: `cached` remembers its first rolls (an impure program:
 * the exact reading sees each face once, play sees the cache), and `biased` samples from a
 * different program than the one it claims (a float weight rounded away).
 */
const broken: Ruleset = {
  ...testRuleset,
  id: 'broken',
  name: 'Broken checks',
  checks: {
    cached: {
      name: 'cached',
      description: 'a d2 that gets stuck on its first faces',
      params: [],
      numeric: true,
      program: () => {
        let calls = 0;
        return roll(1, 2).map((v) => (calls++ < 2 ? v : 1));
      },
    },
    fair: {
      name: 'fair',
      description: 'an honest coin',
      params: [],
      outcomes: ['heads', 'tails'],
      program: () => chance(1, 2).map((h) => (h ? 'heads' : 'tails')),
    },
  },
};
registerRuleset(broken);

describe('trapsmith verify', () => {
  it('finds no drift in the registered rulesets at a modest N', async () => {
    const r = await run(verifyCommand, ['--runs', '3000', '--format', 'json']);
    const j = JSON.parse(r.out);
    // Only the deliberately broken ruleset may drift.
    const real = j.failures.filter((f: { ruleset: string }) => f.ruleset !== 'broken');
    expect(real).toEqual([]);
    expect(j.checks).toBeGreaterThanOrEqual(10);
    for (const id of ['test', 'cdda', 'omega', 'ceaptun', 'd20', 'wasteland']) expect(j.items.some((i: { ruleset: string }) => i.ruleset === id), id).toBe(true);
  }, 60_000);

  it('catches a deliberately broken check, names it and exits 1', async () => {
    const r = await run(verifyCommand, ['--ruleset', 'broken', '--runs', '2000']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/2 check readings/);
    // The exact reading sees each face once (1/2 each); play gets stuck on 1.
    expect(r.out).toMatch(/^broken\s+cached\s+\{\}\s+1\s+0\.5\s+0\.99\d+\s+\[[\d.]+, [\d.]+\]\s+NO$/m);
    expect(r.out).toMatch(/^broken\s+cached\s+\{\}\s+2\s+0\.5\s+0\.0\d+\s+\[[\de.-]+, [\d.]+\]\s+NO$/m);
    expect(r.err).toMatch(/^rules drift: broken cached 1 \(exact 0\.5, sampled 0\.99/);
    expect(r.err).not.toMatch(/fair/);
  });

  it('checks given inputs too, and is reproducible from its seed', async () => {
    const inputs = tempFile('inputs.json', { 'test/disarm': [{ skill: 0, difficulty: 12 }] });
    const a = await run(verifyCommand, ['--ruleset', 'test', '--runs', '1000', '--inputs', inputs, '--all', '--format', 'csv', '--seed', 's1']);
    const b = await run(verifyCommand, ['--ruleset', 'test', '--runs', '1000', '--inputs', inputs, '--all', '--format', 'csv', '--seed', 's1']);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    // 2d6 >= 12: 1 in 36.
    expect(a.out).toMatch(/^test,disarm,"\{""skill"":0,""difficulty"":12\}",disarmed,0\.027777777777777776,1\/36,/m);
  });

  it('names what is wrong and exits 2', async () => {
    for (const [args, msg] of [
      [['--runs', '10'], /--runs: 10 is out of range/],
      [['--ruleset', 'nope'], /--ruleset: unknown ruleset "nope"/],
      [['--inputs', '/no/file'], /--inputs: cannot read \/no\/file/],
      [['--inputs', tempFile('i.json', { 'test/disarm': { skill: 1 } })], /--inputs: expected/],
      [['--fast'], /unknown option '--fast'/],
    ] as Array<[string[], RegExp]>) {
      const r = await run(verifyCommand, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(msg);
    }
    expect((await run(verifyCommand, ['--help'])).out).toMatch(/^trapsmith verify/);
  });
});
