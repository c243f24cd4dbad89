import { describe, expect, it } from 'vitest';
import { registerRuleset } from '../../src/core/registry.ts';
import type { Ruleset } from '../../src/core/ruleset.ts';
import { worldHash } from '../../src/core/world.ts';
import { SimStats } from '../../src/sim/accumulator.ts';
import { DRIFT_LEVEL, IN_PLAY_MIN_TRIES, InPlayRecorder, inPlayMoments, judgeInPlay, playInPlay, verifyInPlay } from '../../src/sim/inPlay.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { mulberry32 } from '../support/sequentialNull.ts';
import { runGame } from '../../src/sim/runner.ts';
import { binomialConsistent, binomialTails } from '../../src/sim/stats/binomial.ts';
import { verifyAll } from '../../src/sim/verify.ts';
import { testRuleset } from '../support/testRuleset.ts';
import { verifyCommand } from '../../src/cli/commands/verify.ts';
import { run } from './cliHarness.ts';

/**
 * The test ruleset with one thing wrong in play's wiring: its disarm applies the outcomes the
 * wrong way round (a disarm sets the trap off, a failure takes it down). The program play samples
 * and the check (what `odds` and `verify` read) are untouched: only playing the game shows it.
 * (Since the disarm is one moment, play cannot feed the check other inputs than its reading.)
 */
const wrongSign: Ruleset = {
  ...testRuleset,
  id: 'wrong-sign',
  name: 'Test rules, outcomes swapped in play',
  disarm: {
    ...testRuleset.disarm,
    apply(ctx, actor, trap, result) {
      ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result: String(result) });
      if (result === 'disarmed') ctx.trigger(trap, actor, 'disarm');
      else ctx.removeTrap(trap, 'disarmed');
    },
  },
};
registerRuleset(wrongSign);

const RUNS = 60;
// The planted sign is held among all the run's outcomes at 0.001 / tests: it takes more games to show.
const WRONG_RUNS = 120;

describe('verify --in-play', () => {
  it('finds the wrong sign that verify cannot see', () => {
    expect(verifyAll({ runs: 20_000, rulesets: ['wrong-sign'] }).failures).toEqual([]);
    const report = verifyInPlay({ ruleset: 'wrong-sign', bot: 'careful' }, WRONG_RUNS, 1);
    expect(report.trials.disarm).toBeGreaterThan(10);
    const drift = report.failures.filter((f) => f.moment === 'disarm');
    expect(drift.length).toBeGreaterThan(0);
    // The spike trap (difficulty 7) with skill 2: 2d6 >= 5 disarms, 30 of 36 (6 sums of 2, 3 and 4 fail).
    const spike = report.items.find((i) => i.moment === 'disarm' && i.kind === 'spike' && i.outcome === 'disarmed');
    expect(spike).toBeDefined();
    expect(JSON.parse(spike!.inputs)).toEqual({ skill: 2, difficulty: 7 });
    expect(spike!.exactFraction).toBe('5/6');
    // In play a disarm is what the check calls setting it off: 1 in 6, far below 5/6.
    expect(spike!.sampled).toBeLessThan(0.5);
    expect(spike!.ok).toBe(false);
  });

  it('finds nothing in the honest rules on the same games, every moment counted', () => {
    const report = verifyInPlay({ ruleset: 'test', bot: 'careful' }, RUNS, 1);
    expect(report.failures).toEqual([]);
    expect(report.trials.disarm).toBeGreaterThan(10);
    expect(report.trials.search).toBeGreaterThan(10);
    const search = report.items.filter((i) => i.moment === 'search' && i.outcome === 'found');
    expect(search.length).toBeGreaterThan(0);
    for (const s of search) expect(s.exactFraction).toBe('1/2');
  });

  it('d20 under its dying rules: a step is held on avoided, unhurt, hurt and fallen (down and death together)', () => {
    // Death there counts bleeding out alone, after the step: the step shows only the fall to 0 or below.
    const report = verifyInPlay({ ruleset: 'd20', bot: 'careful' }, 30, 1);
    expect(report.failures).toEqual([]);
    const outcomes = new Set(report.items.filter((i) => i.moment === 'step').map((i) => i.outcome));
    expect([...outcomes].sort()).toEqual(['avoided', 'down_or_death', 'hurt', 'unhurt']);
  });

  it('watching a game does not change it', () => {
    const spec = { ruleset: 'ceaptun', bot: 'careful' };
    const plain = runGame(spec, '7', new SimStats()).world;
    let looked = 0;
    const watched = runGame(spec, '7', new SimStats(), {
      watch: () => {
        looked++;
        return null;
      },
    }).world;
    expect(looked).toBeGreaterThan(10);
    expect(worldHash(watched)).toBe(worldHash(plain));
  });
});

describe('trapsmith verify --in-play', () => {
  it('exits 1 on the planted wrong sign, naming the moment, the kind and the inputs', async () => {
    // Depth 1, whose spike (difficulty 7) the drift below names: runs start at depth 4 by default since issue #39.
    const r = await run(verifyCommand, ['--in-play', '--ruleset', 'wrong-sign', '--depth', '1', '--runs', String(WRONG_RUNS), '--quiet']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^wrong-sign: 120 games \(careful bot, seeds from 1\): \d+ disarms, \d+ searches of a hidden trap, \d+ steps onto a trap in \d+ groups( \(fewer than 25 tries: [a-z, ]+\))?: [1-9]\d* outcomes drift$/m);
    expect(r.out).toMatch(/^\d+ outcomes held together at 99.9%: each at \d\.\d+e-\d \(two-sided, exact binomial\)$/m);
    expect(r.err).toMatch(/rules drift in play: .*wrong-sign disarm spike disarmed \(exact 0\.8333, in play \d+\/\d+\) at \{"skill":2,"difficulty":7\}/);
  });

  it('passes the honest rules, the same report every time, in every format', async () => {
    const args = ['--in-play', '--ruleset', 'test', '--runs', '30', '--quiet', '--all'];
    const a = await run(verifyCommand, [...args, '--format', 'json']);
    const b = await run(verifyCommand, [...args, '--format', 'json']);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    const j = JSON.parse(a.out) as { reports: Array<{ ruleset: string; items: unknown[]; failures: unknown[] }> };
    expect(j.reports.map((r) => r.ruleset)).toEqual(['test']);
    expect(j.reports[0]!.items.length).toBeGreaterThan(0);
    const c = await run(verifyCommand, [...args, '--format', 'csv']);
    expect(c.out.split('\n')[0]).toBe('ruleset,moment,kind,inputs,outcome,exact,exact_fraction,k,n,sampled,lo999,hi999,ok');
    expect(c.out.split('\n').length).toBe(j.reports[0]!.items.length + 1);
  });

  it('names what is wrong and exits 2', async () => {
    for (const [args, msg] of [
      [['--workers', '2'], /--workers: verify --in-play plays its games in this process/],
      [['--ruleset', 'constructor'], /--ruleset: unknown ruleset "constructor"/],
      [['--runs', '0'], /--runs: 0 is out of range/],
      [['--bot', 'lazy'], /--bot/],
      [['--ruleset', 'test', '--ruleset', 'cdda', '--set', 'spikeSides=2'], /--set: give one --ruleset/],
    ] as Array<[string[], RegExp]>) {
      const r = await run(verifyCommand, ['--in-play', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(msg);
    }
  });
});

/** A recorder holding `groups` synthetic groups of `n` tries each, outcome "yes" at `p`, counts drawn from the truth. */
function plantedRecorder(groups: number, n: number, p: number, rnd: () => number): InPlayRecorder {
  const r = new InPlayRecorder();
  for (let g = 0; g < groups; g++) {
    let k = 0;
    for (let i = 0; i < n; i++) if (rnd() < p) k++;
    r.groups.set(`search|pit|${g}`, { moment: 'search', kind: 'pit', inputs: String(g), odds: { yes: { p, exact: null }, no: { p: 1 - p, exact: null } }, n, counts: { yes: k, no: n - k } });
  }
  return r;
}

describe('verify --in-play holds its groups together', () => {
  it('at 99.9% for the whole run: each test at 0.001 / tests', () => {
    const rnd = mulberry32(11);
    const played = [0, 1].map((i) => ({ spec: { ruleset: 'test', bot: 'careful' }, seedStart: 1, runs: 1, parts: [], recorder: plantedRecorder(100 + i * 50, 20, 0.3, rnd) }));
    const judged = judgeInPlay(played);
    // 250 groups of two outcomes each.
    expect(judged.tests).toBe(500);
    expect(judged.level).toBe(0.999);
    expect(judged.alpha).toBeCloseTo(0.001 / 500, 15);
    for (const r of judged.reports) for (const i of r.items) expect(i.ok).toBe(binomialConsistent(i.k, i.n, i.exact, 0.001 / 500));
  });

  it('so that honest play over hundreds of groups cries drift at most about once in 1000 runs', () => {
    // 300 groups of 20 tries (d20's 300 games make about 280): under the truth, a run with any drift.
    const rnd = mulberry32(5);
    const runs = 200;
    let drift = 0;
    for (let k = 0; k < runs; k++) {
      const { reports } = judgeInPlay([{ spec: { ruleset: 'test', bot: 'careful' }, seedStart: 1, runs: 1, parts: [], recorder: plantedRecorder(300, 20, 0.3, rnd) }]);
      if (reports[0]!.failures.length > 0) drift++;
    }
    // At most 1 - DRIFT_LEVEL of runs: under the count Binomial(200, 0.001) reaches with chance 1/1000 (3).
    let bound = 0;
    while (binomialTails(bound, runs, 1 - DRIFT_LEVEL).above > 0.001) bound++;
    expect(drift).toBeLessThan(bound);
  });
});

describe('verify --in-play sizes its default run', () => {
  it('every built-in ruleset reads all three moments', () => {
    for (const r of RULESETS) expect(inPlayMoments(r.id), r.id).toEqual(['disarm', 'search', 'step']);
  });

  it("plays until each of Wasteland's moments has its tries: steps and disarms as it comes, searches with the traps hidden", { timeout: 120_000 }, () => {
    const played = playInPlay({ ruleset: 'wasteland', bot: 'careful' }, 1, null);
    expect(played.parts.map((p) => p.settings)).toEqual([{}, { trapsVisible: false }]);
    for (const m of ['disarm', 'search', 'step'] as const) expect(played.recorder.trials[m], m).toBeGreaterThanOrEqual(IN_PLAY_MIN_TRIES);
    // It stops at the first hundred that has them all.
    expect(played.runs % 100).toBe(0);
    const { reports } = judgeInPlay([played]);
    expect(reports[0]!.thin).toEqual([]);
    expect(reports[0]!.failures).toEqual([]);
    // The disarms are made standing on the trap, as Wasteland asks: its dice, 3 without a detector.
    const disarm = reports[0]!.items.find((i) => i.moment === 'disarm' && i.outcome === 'disarmed' && JSON.parse(i.inputs).dice === 3);
    // 1 − (4/6)³ = 19/27 with 2 shield faces of 6 (RULES.md, Wasteland).
    expect(disarm?.exactFraction).toBe('19/27');
  });
});

describe('exact binomial tails', () => {
  it('match counts done by hand', () => {
    // One trial of a 4% outcome: it happens 4% of the time, it does not 96%.
    expect(binomialTails(1, 1, 0.04).above).toBeCloseTo(0.04, 12);
    expect(binomialTails(0, 1, 0.04).below).toBeCloseTo(0.96, 12);
    // No heads in 10 fair tosses: 1/1024; at most one: 11/1024.
    expect(binomialTails(0, 10, 0.5).below).toBeCloseTo(1 / 1024, 12);
    expect(binomialTails(1, 10, 0.5).below).toBeCloseTo(11 / 1024, 12);
    expect(binomialTails(10, 10, 0.5).above).toBeCloseTo(1 / 1024, 12);
  });

  it('call a one-off rare outcome consistent, and a run of them not', () => {
    expect(binomialConsistent(1, 1, 0.04, 0.001)).toBe(true);
    // Three 4% outcomes in three trials: 0.04^3 = 6.4e-5, under 0.0005.
    expect(binomialConsistent(3, 3, 0.04, 0.001)).toBe(false);
    expect(binomialConsistent(0, 5, 0, 0.001)).toBe(true);
    expect(binomialConsistent(1, 5, 0, 0.001)).toBe(false);
  });
});
