/**
 * The Lab's whole-game sweep (src/ui/lab/gameSweepData.ts): the "Vary" field read by the CLI's
 * own parser, the points played as the columns of one batch the way the Lab's worker plays them,
 * and the curves and table held to what `trapsmith sim --vary` prints for the same runs and seeds.
 */
import { describe, expect, it } from 'vitest';
import { gameSweepTable, table } from '../../src/sim/format.ts';
import { GameSweepError, type GameSweepReport, parseGameVary, sweepPoints } from '../../src/sim/gameSweep.ts';
import { runBatch, type SimSpec } from '../../src/sim/runner.ts';
import { RUN_DEFAULTS } from '../../src/sim/runDefaults.ts';
import { bandRuns, drawBands } from '../../src/ui/lab/chartData.ts';
import { bandRange, bandText, type GameSweepPlan, labSweepReport, planGameSweep, SWEEP_METRIC_NAMES, sweepChart, sweepTableCells, varyTexts } from '../../src/ui/lab/gameSweepData.ts';
import { partialOf } from '../../src/ui/lab/spread.ts';
import { runCli } from '../support/cli.ts';
import { textTableCells } from '../support/textTable.ts';

/** The run form's spec with its defaults (no level chosen): those of the CLI's runs (RUN_DEFAULTS). */
const base = (ruleset: string): SimSpec => ({ ruleset, ...RUN_DEFAULTS });

/** As the Lab's worker plays a `sim` job, its answer cloned as postMessage would. */
async function playInLab(plan: GameSweepPlan, runs: number, seedStart: number) {
  const result = await runBatch({ columns: plan.columns, runs, seedStart, heat: false });
  return labSweepReport(plan, structuredClone(partialOf(result)), seedStart);
}

/** `trapsmith sim … --format json`, and the table it prints for that report (format.ts). */
async function cli(args: string[]): Promise<{ json: GameSweepReport; table: string }> {
  const r = await runCli(['sim', ...args, '--format', 'json', '--quiet']);
  expect(r.code, r.err).toBe(0);
  const json = JSON.parse(r.out) as GameSweepReport;
  return { json, table: gameSweepTable(json) };
}

describe('the Vary field', () => {
  it('reads one or two expressions, a pasted command line too', () => {
    expect(varyTexts('  traps.fireball.difficulty=10..24:2 ')).toEqual(['traps.fireball.difficulty=10..24:2']);
    expect(varyTexts('--vary set.playerHp=4..16:4 --vary=traps.fireball.difficulty=10..20:5')).toEqual(['set.playerHp=4..16:4', 'traps.fireball.difficulty=10..20:5']);
    expect(varyTexts('set.playerHp=4..16:4, set.playerDex=10..14:2; ')).toEqual(['set.playerHp=4..16:4', 'set.playerDex=10..14:2']);
  });

  it('gives the points sim --vary plays, the base run settings in each column', () => {
    const plan = planGameSweep('set.playerHp=4..16:4', base('ceaptun'));
    const expected = sweepPoints('ceaptun', [parseGameVary('set.playerHp=4..16:4')]);
    expect(plan.points.map((p) => p.values)).toEqual([{ 'set.playerHp': 4 }, { 'set.playerHp': 8 }, { 'set.playerHp': 12 }, { 'set.playerHp': 16 }]);
    expect(plan.columns.map((c) => c.variant)).toEqual(expected.map((p) => p.variant));
    for (const c of plan.columns) expect({ ...c, variant: undefined }).toEqual({ ...base('ceaptun'), variant: undefined });
  });

  it('refuses a bad range with the parser’s own words', () => {
    const refusal = (text: string) => {
      try {
        planGameSweep(text, base('ceaptun'));
      } catch (e) {
        expect(e).toBeInstanceOf(GameSweepError);
        return (e as Error).message;
      }
      throw new Error(`${text} was not refused`);
    };
    const parserSays = (text: string) => {
      try {
        sweepPoints('ceaptun', [parseGameVary(text)]);
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error(`the parser takes ${text}`);
    };
    for (const bad of ['traps.fireball.difficulty=10..24:0', 'difficulty=10..24', 'traps.nosuchtrap.difficulty=1..3', 'set.playerHp=1..100']) expect(refusal(bad)).toContain(parserSays(bad).replace(/^--vary\s+/, ''));
    expect(refusal('traps.fireball.difficulty=10..24:0')).toBe('traps.fireball.difficulty=10..24:0: difficulty: the step must not be 0');
    expect(refusal('set.playerHp=1..100')).toMatch(/at most 60/);
    expect(refusal('   ')).toMatch(/one or two ranges/);
    expect(refusal('set.playerHp=4..8 set.playerDex=10..12 set.playerArmour=0..1')).toMatch(/once or twice \(got 3\)/);
  });
});

describe('a sweep in the Lab gives the CLI’s numbers', () => {
  it('one --vary: the table is sim --vary’s, the curves its JSON’s values, Wilson and paired intervals', async () => {
    const vary = 'set.playerHp=4..16:4';
    const { json, table: cliTable } = await cli(['--ruleset', 'ceaptun', '--vary', vary, '--runs', '24', '--seed-start', '5']);
    const lab = await playInLab(planGameSweep(vary, base('ceaptun')), 24, 5);

    // The table, cell for cell as the CLI printed it.
    const cells = sweepTableCells(lab);
    const [caption, printed] = cliTable.split('\n\n') as [string, string];
    expect(cells.caption).toBe(caption);
    const fromCli = textTableCells(printed);
    expect(cells.header).toEqual(fromCli.header);
    expect(cells.rows).toEqual(fromCli.rows);
    expect(cells.rows.map((r) => r[0])).toEqual(['4', '8', '12', '16']);

    // The curves: x the varied value, y and band the CLI's numbers.
    const survival = sweepChart(lab, 'survival', 'value');
    expect(survival.xs).toEqual(json.points.map((p) => p['set.playerHp']));
    expect(survival.series).toHaveLength(1);
    expect(survival.series[0]!.y).toEqual(json.columns.map((c) => c.run.survival.p));
    expect(survival.series[0]!.lo).toEqual(json.columns.map((c) => c.run.survival.lo));
    expect(survival.series[0]!.hi).toEqual(json.columns.map((c) => c.run.survival.hi));
    expect(sweepChart(lab, 'trapDeath', 'value').series[0]!.y).toEqual(json.columns.map((c) => c.run.trapDeath.p));
    const damage = sweepChart(lab, 'trapDamage', 'value').series[0]!;
    expect(damage.y).toEqual(json.columns.map((c) => c.run.trapDamagePerRun.mean));
    // A mean's band: the first point's mean plus the paired interval of the difference.
    const first = json.columns[0]!.run.trapDamagePerRun.mean;
    json.differences.forEach((d, i) => {
      expect(damage.lo[i + 1]).toBeCloseTo(first! + d.run.trapDamage.lo!, 12);
      expect(damage.hi[i + 1]).toBeCloseTo(first! + d.run.trapDamage.hi!, 12);
    });
    // The differences: 0 at the first point, then the CLI's paired differences.
    const diff = sweepChart(lab, 'survival', 'difference').series[0]!;
    expect(diff.y).toEqual([0, ...json.differences.map((d) => d.run.survivalRate.diff)]);
    expect(diff.lo).toEqual([0, ...json.differences.map((d) => d.run.survivalRate.lo)]);
    expect(diff.hi).toEqual([0, ...json.differences.map((d) => d.run.survivalRate.hi)]);
    expect(sweepChart(lab, 'turns', 'difference').series[0]!.y).toEqual([0, ...json.differences.map((d) => d.run.turns.diff)]);
    // More hit points never kill the careful bot more often on the same seeds.
    expect(survival.series[0]!.y[3]!).toBeGreaterThan(survival.series[0]!.y[0]!);
    for (const m of SWEEP_METRIC_NAMES) expect(sweepChart(lab, m, 'value').series[0]!.y).toHaveLength(4);
  }, 120_000);

  it('two --vary: one curve per value of the second, each point at its place in the CLI’s grid', async () => {
    const varies = ['set.playerHp=4..12:4', 'traps.fireball.difficulty=10..24:14'];
    const { json, table: cliTable } = await cli(['--ruleset', 'ceaptun', ...varies.flatMap((v) => ['--vary', v]), '--runs', '10']);
    const lab = await playInLab(planGameSweep(varies.join(' '), base('ceaptun')), 10, 1);
    expect(sweepTableCells(lab).rows).toEqual(textTableCells(cliTable.split('\n\n')[1]!).rows);
    const c = sweepChart(lab, 'survival', 'value');
    expect(c.xs).toEqual([4, 8, 12]);
    expect(c.series.map((s) => s.label)).toEqual(['traps.fireball.difficulty = 10', 'traps.fireball.difficulty = 24']);
    c.series.forEach((s, j) => {
      s.y.forEach((y, i) => {
        const at = json.points.findIndex((p) => p['set.playerHp'] === c.xs[i] && p['traps.fireball.difficulty'] === [10, 24][j]);
        expect(y).toBe(json.columns[at]!.run.survival.p);
      });
    });
    expect(c.note).toBeNull();
  }, 120_000);
});

describe('the curves’ pieces', () => {
  it('a text table comes back as its cells', () => {
    const header = ['x', 'survived', 'Δ'];
    const rows = [
      ['4', '53.3% [36.1–69.8%]', '(first point)'],
      ['16', '90.0% [74.4–96.5%]', '+36.7 pts [18.5, 52.7]'],
      ['160', '9.0% [4.4–16.5%]', ''],
    ];
    expect(textTableCells(table(header, rows))).toEqual({ header, rows });
  });

  it('the band is drawn as one shape per run of points with both ends, a lone point as a thin bar', () => {
    const calls: string[] = [];
    const ctx = {
      fillStyle: '',
      globalAlpha: 1,
      beginPath: () => calls.push('begin'),
      moveTo: (x: number, y: number) => calls.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`L${x},${y}`),
      closePath: () => calls.push('close'),
      fill: () => calls.push('fill'),
      save: () => {},
      restore: () => {},
    };
    expect(bandRuns([0, 1, null, 3, 4, 5], [1, 2, 3, 4, null, 6])).toEqual([[0, 1], [3], [5]]);
    drawBands(ctx, [0, 1, 2], [{ lo: [0.1, 0.2, 0.3], hi: [0.5, 0.6, 0.7], colour: '#123456' }], (v) => v * 100, (v) => 100 - v * 100, 1);
    expect(calls).toEqual(['begin', 'M0,50', 'L100,40', 'L200,30', 'L200,70', 'L100,80', 'L0,90', 'close', 'fill']);
    calls.length = 0;
    drawBands(ctx, [0, 1], [{ lo: [null, 0.2], hi: [null, 0.6], colour: '#123456' }], (v) => v * 100, (v) => 100 - v * 100, 1);
    expect(calls).toEqual(['begin', 'M98,40', 'L102,40', 'L102,80', 'L98,80', 'close', 'fill']);
  });

  it('the y range holds the bands; legend text reads as the tables do', () => {
    expect(bandRange([{ label: 'a', y: [0.1, 0.2], lo: [0.05, 0.1], hi: [0.15, 0.3] }], true, 'value')).toEqual([0, 1]);
    const [lo, hi] = bandRange([{ label: 'a', y: [0, -0.1], lo: [0, -0.3], hi: [0, 0.2] }], true, 'difference');
    expect(lo).toBeLessThan(-0.3);
    expect(hi).toBeGreaterThan(0.2);
    expect(bandText(0.533, 0.361, 0.698, true, 'value')).toBe('53.3% [36.1–69.8%]');
    expect(bandText(0.2, 0.055, 0.332, true, 'difference')).toBe('+20.0 pts [5.5, 33.2]');
    expect(bandText(0.2, 0.2, 0.2, false, 'value')).toBe('0.20');
    expect(bandText(null, null, null, false, 'value')).toBe('—');
  });
});
