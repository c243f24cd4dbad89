import { describe, expect, it } from 'vitest';
import { verifyCommand } from '../../src/cli/commands/verify.ts';
import { chance, roll } from '../../src/core/prob.ts';
import { listRulesets, registerRuleset } from '../../src/core/registry.ts';
import type { Ruleset } from '../../src/core/ruleset.ts';
import { testRuleset } from '../support/testRuleset.ts';
import { readTypical } from '../../src/sim/verify.ts';
import { zForFamily } from '../../src/sim/stats/wilson.ts';
import { run, tempFile } from '../sim/cliHarness.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

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
    for (const id of ['test', ...RULESET_IDS]) expect(j.items.some((i: { ruleset: string }) => i.ruleset === id), id).toBe(true);
  }, 60_000);

  it('draws every interval at the quantile that holds the run\'s outcomes together at 99.9%', async () => {
    const r = await run(verifyCommand, ['--ruleset', 'test', '--runs', '1000', '--format', 'json']);
    const j = JSON.parse(r.out);
    expect(j.z).toBeCloseTo(zForFamily(0.999, j.items.length), 9);
    expect(j.z).toBeGreaterThan(3.29);
  });

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

  it('--inputs naming no check, or an input its check refuses, exits 2 naming it, not "skipped"', async () => {
    for (const [inputs, message] of [
      [{ 'test/nope': [{}] }, /"test\/nope": unknown check "nope" for ruleset test/],
      [{ 'ceaptun/nope': [{}] }, /"ceaptun\/nope": unknown check "nope" for ruleset ceaptun/],
      [{ 'nope/disarm': [{}] }, /"nope\/disarm": unknown ruleset "nope"/],
      [{ disarm: [{}] }, /"disarm": expected "ruleset\/check"/],
      [{ 'test/disarm': [{ skill: 1, difficulty: 7 }, { skill: 'x', difficulty: 3 }] }, /"test\/disarm" #2: --skill: expected a whole number, got "x"/],
      [{ 'ceaptun/disarm': [{ difficulty: 'x' }] }, /"ceaptun\/disarm" #1: --difficulty: expected a whole number, got "x"/],
      [{ 'test/disarm': [{ skill: 1 }] }, /"test\/disarm" #1: check disarm needs --difficulty/],
      [{ 'test/disarm': [7] }, /"test\/disarm" #1: expected an object of inputs, got 7/],
    ] as Array<[object, RegExp]>) {
      const path = tempFile('inputs.json', inputs);
      // An input for a ruleset not selected is still checked: the file is wrong either way.
      const r = await run(verifyCommand, ['--ruleset', 'test', '--runs', '100', '--inputs', path]);
      expect(r.code, JSON.stringify(inputs)).toBe(2);
      expect(r.err, JSON.stringify(inputs)).toMatch(new RegExp(`^trapsmith verify: --inputs ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${message.source}`));
      expect(r.out, JSON.stringify(inputs)).toBe('');
    }
  });

  it("reads every real check where its outcomes are uncertain, so a drifting sampler shows", () => {
    // omega difficulty is a table lookup (lev.c difficulty()): no dice, one value by design;
    // wasteland find has no roll (a visible token is seen, a search finds every trap around you).
    const constant = new Set(['omega/difficulty', 'wasteland/find']);
    for (const r of listRulesets().filter((x) => RULESET_IDS.includes(x.id)))
      for (const check of Object.values(r.checks)) {
        const id = `${r.id}/${check.name}`;
        const readings = readTypical(r.id, check, {});
        expect(readings.length, id).toBeGreaterThan(0);
        if (constant.has(id)) continue;
        for (const reading of readings) {
          const ps = Object.values(reading.outcomes).map((o) => o.p);
          const at = `${id} ${JSON.stringify(reading.inputs)}`;
          if (check.numeric) expect(ps.filter((p) => p > 0).length, at).toBeGreaterThanOrEqual(2);
          else expect(ps.filter((p) => p > 0.01 && p < 0.99).length, at).toBeGreaterThanOrEqual(2);
        }
      }
  });

  it('samples d20 at +5 against DC 15, at both naturals, and at 2d6+1 and 1d4 darts of 1d6+1', async () => {
    const r = await run(verifyCommand, ['--ruleset', 'd20', '--runs', '2000', '--all', '--format', 'json']);
    expect(r.code).toBe(0);
    const items: Array<{ check: string; inputs: Record<string, unknown>; outcome: string; exactFraction: string }> = JSON.parse(r.out).items;
    const exactOf = (check: string, inputs: Record<string, unknown>, outcome: string) =>
      items.find((i) => i.check === check && i.outcome === outcome && Object.entries(inputs).every(([k, v]) => i.inputs[k] === v))?.exactFraction;
    // d20 + 5 >= 15 on naturals 10..20: 11 of 20. A save at +0 against 25: only the natural 20.
    // An attack at +12 against AC 10: only the natural 1 misses.
    expect(exactOf('check', { bonus: 5, dc: 15, kind: 'skill' }, 'success')).toBe('11/20');
    expect(exactOf('check', { bonus: 0, dc: 25, kind: 'save' }, 'success')).toBe('1/20');
    expect(exactOf('check', { bonus: 12, dc: 10, kind: 'attack' }, 'success')).toBe('19/20');
    // Disable Device +5 against 15: disarmed on 10..20 (11), failed on 6..9 (4), sprung on 1..5 (5).
    expect(exactOf('disarm', { bonus: 5, dc: 15 }, 'disarmed')).toBe('11/20');
    expect(exactOf('disarm', { bonus: 5, dc: 15 }, 'failed')).toBe('1/5');
    expect(exactOf('disarm', { bonus: 5, dc: 15 }, 'sprung')).toBe('1/4');
    // 2d6 + 1 averages 8; 1d4 darts (2.5) of 1d6 + 1 (4.5) average 45/4.
    expect(exactOf('damage', { dice: '2d6+1' }, 'mean')).toBe('8/1');
    expect(exactOf('damage', { dice: '1d4*1d6+1' }, 'mean')).toBe('45/4');
  });
});

