import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertCommand, DEFAULT_ASSERTIONS } from '../../src/cli/commands/assert.ts';
import { findCheck, runOdds } from '../../src/sim/odds.ts';
import { getRuleset, hasRuleset } from '../../src/core/registry.ts';
import { parseAssertions } from '../../src/sim/assertions.ts';
import { run, tempFile } from '../sim/cliHarness.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

/** Ways 2d6 can total `t` or more, out of 36 (the test ruleset's disarm: 2d6 + skill vs difficulty). */
function ways(t: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= t) n++;
  return n;
}

const file = {
  assertions: [
    {
      id: 'exact-pass',
      ruleset: 'test',
      says: 'skill 2 disarms a difficulty-7 trap 5 times in 6',
      exact: { check: 'disarm', inputs: { skill: 2, difficulty: 7 }, measure: 'P(disarmed)', expect: { eq: `${ways(5)}/36` } },
    },
    {
      id: 'exact-fail',
      ruleset: 'test',
      says: 'skill 2 sets off fewer than 1 in 10 tries',
      exact: { check: 'disarm', inputs: { skill: 2 }, forEach: { difficulty: [3, 5, 7] }, measure: 'P(set_off)', expect: { lt: 0.1 } },
    },
    { id: 'max-vs-hp', ruleset: 'test', says: 'a spike never takes all your hit points', exact: { check: 'spike', measure: 'max', expect: { lt: 'playerHp' } } },
    {
      id: 'sim-pass',
      ruleset: 'test',
      says: 'spikes always fire underfoot',
      sim: { bot: 'reckless', runs: 20, metric: 'stepTrigger', trap: 'spike', expect: { eq: 1 } },
    },
    { id: 'missing-check', ruleset: 'test', says: 'no such check', exact: { check: 'detect', measure: 'P(seen)', expect: { le: 1 } } },
  ],
};

describe('trapsmith assert', () => {
  it('checks exactly and by simulation, says which failed and by how much, and exits 1', async () => {
    const r = await run(assertCommand, ['--file', tempFile('a.json', file), '--format', 'json', '--quiet']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    const by = Object.fromEntries(j.results.map((x: { id: string }) => [x.id, x]));
    expect(by['exact-pass']).toMatchObject({ status: 'pass', exact: '5/6' });
    // The worst case is difficulty 7: set off when 2d6 < 5, 6 in 36.
    expect(by['exact-fail']).toMatchObject({ status: 'fail', at: { difficulty: 7 }, exact: '1/6' });
    expect(by['exact-fail'].margin).toBeCloseTo(0.1 - (36 - ways(5)) / 36, 12);
    expect(by['exact-fail'].message).toMatch(/P\(set_off\) = 0\.1667 \(1\/6\) at difficulty=7, expected < 0\.1: off by 0\.06667/);
    expect(by['max-vs-hp']).toMatchObject({ status: 'pass', value: 4, expected: '< 20 (playerHp)' });
    expect(by['sim-pass'].status).toBe('pass');
    expect(by['sim-pass'].interval[1]).toBe(1);
    expect(by['missing-check']).toMatchObject({ status: 'error' });
    expect(by['missing-check'].message).toMatch(/unknown check "detect"/);
    expect(j).toMatchObject({ passed: 3, failed: 2 });
    expect(r.err).toMatch(/failed: exact-fail — skill 2 sets off fewer than 1 in 10 tries P\(set_off\)/);
    expect(r.err).toMatch(/could not check: missing-check/);
  });

  it('exits 0 when every assertion holds, and prints a table', async () => {
    const ok = { assertions: file.assertions.filter((a) => a.id === 'exact-pass' || a.id === 'max-vs-hp') };
    const r = await run(assertCommand, ['--file', tempFile('ok.json', ok)]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ok\s+exact-pass\s+exact\s+P\(disarmed\) = 0\.8333 \(5\/6\): = 30\/36 holds$/m);
    expect(r.out).toMatch(/2 of 2 hold\./);
  });

  it('checks assertions of a variant\'s ruleset on the variant', async () => {
    const v = tempFile('v.json', { name: 'v', ruleset: 'test', settings: { spikeSides: 30 } });
    const r = await run(assertCommand, ['--file', tempFile('hp.json', { assertions: [file.assertions[2]] }), '--variant', v]);
    expect(r.code).toBe(1);
    // A whole number reads as one: "30", not "30 (30/1)".
    expect(r.out).toMatch(/max = 30, expected < 20 \(playerHp\): off by 10/);
  });

  it('refuses a bad file, naming the field', async () => {
    const bad = tempFile('bad.json', { assertions: [{ id: 'x', ruleset: 'test', says: 's', exact: { check: 'disarm', measure: 'P(a)', expect: { lt: 'lots' } } }] });
    const r = await run(assertCommand, ['--file', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/assertions\.0\.exact\.expect\.lt/);
    const both = tempFile('both.json', { assertions: [{ id: 'x', ruleset: 'test', says: 's' }] });
    expect((await run(assertCommand, ['--file', both])).err).toMatch(/give exactly one of "exact" or "sim"/);
    const perTrap = tempFile('pt.json', { assertions: [{ id: 'x', ruleset: 'test', says: 's', sim: { runs: 1, metric: 'stepTrigger', expect: { eq: 1 } } }] });
    expect((await run(assertCommand, ['--file', perTrap])).err).toMatch(/metric stepTrigger is per trap: give "trap"/);
    expect((await run(assertCommand, ['--file', '/no/file'])).err).toMatch(/--file: cannot read \/no\/file: ENOENT/);
    expect((await run(assertCommand, ['--help'])).out).toMatch(/^trapsmith assert/);
  });

  it('ships a default file with assertions for every ruleset, each naming a real check and its inputs', () => {
    const defaults = parseAssertions(readFileSync(DEFAULT_ASSERTIONS, 'utf8'));
    const rulesets = new Set(defaults.assertions.map((a) => a.ruleset));
    for (const id of RULESET_IDS) expect(rulesets.has(id), id).toBe(true);
    for (const a of defaults.assertions) {
      expect(hasRuleset(a.ruleset)).toBe(true);
      if (!a.exact) continue;
      const check = findCheck(a.ruleset, a.exact.check);
      for (const name of [...Object.keys(a.exact.inputs ?? {}), ...Object.keys(a.exact.forEach ?? {})])
        expect(check.params.map((p) => p.name), `${a.id}: --${name}`).toContain(name);
    }
    expect(getRuleset('ceaptun').checks.damage).toBeDefined();
  });

  it('the default exact assertions hold for the rulesets as they are', async () => {
    const exactOnly = parseAssertions(readFileSync(DEFAULT_ASSERTIONS, 'utf8'));
    exactOnly.assertions = exactOnly.assertions.filter((a) => a.exact);
    const r = await run(assertCommand, ['--file', tempFile('exact.json', exactOnly), '--format', 'json', '--quiet']);
    const j = JSON.parse(r.out);
    expect(j.results.filter((x: { status: string }) => x.status !== 'pass')).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('an unknown --ruleset, or one the file has no assertions of, exits 2 instead of "0 of 0 hold"', async () => {
    const path = tempFile('a.json', file);
    for (const [args, message] of [
      [['--ruleset', 'nope'], /^trapsmith assert: --ruleset: unknown ruleset "nope" \(known: .*cdda/],
      [['--ruleset', 'CDDA'], /^trapsmith assert: --ruleset: unknown ruleset "CDDA"/],
      [['--file', path, '--ruleset', 'cdda'], /^trapsmith assert: --ruleset: .*a\.json has no assertions of cdda$/],
    ] as Array<[string[], RegExp]>) {
      const r = await run(assertCommand, [...args, '--quiet']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(message);
      expect(r.out, args.join(' ')).toBe('');
    }
  });

  it('a value exactly on a strict bound says so, not "off by 0"', async () => {
    // Skill 0 against difficulty 7: 2d6 >= 7 in 21 of 36 rolls, 7/12, and 7/12 is not < 7/12.
    expect(ways(7)).toBe(21);
    const onBound = { assertions: [{ id: 'on-bound', ruleset: 'test', says: 's', exact: { check: 'disarm', inputs: { skill: 0, difficulty: 7 }, measure: 'P(disarmed)', expect: { lt: '7/12' } } }] };
    const r = await run(assertCommand, ['--file', tempFile('b.json', onBound)]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/P\(disarmed\) = 0\.5833 \(7\/12\), expected < 7\/12: exactly on the bound, which is excluded/);
    expect(r.out + r.err).not.toMatch(/off by 0\b/);
  });

  it("ceaptun's careful-disarm bound is the exact odds of the hardest first-level try; every simulated default holds at its own run count", async () => {
    const defaults = parseAssertions(readFileSync(DEFAULT_ASSERTIONS, 'utf8'));
    const careful = defaults.assertions.find((a) => a.id === 'ceaptun/careful-disarms-rarely-set-off')!;
    // Every ceaptun trap at danger 0 has difficulty 18 or less (seed 002's table: teleport 18 is the top).
    const difficulties = getRuleset('ceaptun').traps.map((t) => t.columns.difficulty as number);
    expect(Math.max(...difficulties)).toBe(18);
    // The new character, Dex 14 (+2) and Disable device 30 (+2), sets off a try at 18 when
    // 2d12 + 4 <= 13, i.e. 2d12 <= 9: 1 + 2 + ... + 8 = 36 of the 144 rolls, 1/4.
    let short = 0;
    for (let a = 1; a <= 12; a++) for (let b = 1; b <= 12; b++) if (a + b + 4 <= 18 - 5) short++;
    expect(short).toBe(36);
    expect(runOdds('ceaptun', 'disarm', { dex: 14, 'disable-device': 30, difficulty: 18 }).outcomes.set_off!.exact).toBe('1/4');
    expect(careful.sim!.expect).toEqual({ lt: '1/4' });
    // Every simulated assertion of the file, each at its own run count.
    const simOnly = { assertions: defaults.assertions.filter((a) => a.sim) };
    const r = await run(assertCommand, ['--file', tempFile('sim.json', simOnly), '--format', 'json', '--quiet']);
    const results: Array<{ id: string; status: string; value: number }> = JSON.parse(r.out).results;
    expect(results.filter((x) => x.status !== 'pass')).toEqual([]);
    expect(r.code).toBe(0);
    expect(results.find((x) => x.id === careful.id)!.value).toBeLessThan(1 / 4);
  }, 120_000);
});

