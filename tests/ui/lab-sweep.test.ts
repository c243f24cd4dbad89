/**
 * The lab's sweeps (src/ui/lab/sweepData.ts over sim/sweep.ts): a 2-D grid of exact odds as a table
 * (rows the first input, columns the second) and as curves (one per value of the second input),
 * checked cell by cell against a brute-force count over the dice of RULES.md's ceaptun disarm rule.
 */
import { describe, expect, it } from 'vitest';
import { runSweep } from '../../src/sim/sweep.ts';
import { MAX_CURVES, spread, sweepCsv, sweepCurves, sweepMeasures, sweepTable } from '../../src/ui/lab/sweepData.ts';
import { bruteDisarm } from '../support/ceaptunBrute.ts';


const pct = (p: number) => `${(100 * p).toFixed(2)}%`;

describe('2-D sweeps', () => {
  const difficulties = [12, 15, 18, 21];
  const modifiers = [0, 4, 8];
  const r = runSweep('ceaptun', 'disarm', {}, [
    { name: 'difficulty', from: 12, to: 21, step: 3 },
    { name: 'modifier', from: 0, to: 8, step: 4 },
  ]);

  it('the grid table: a row per difficulty, a column per modifier, each cell the exact probability', () => {
    const t = sweepTable(r, 'set_off');
    expect(t.header).toEqual(['difficulty \\ modifier', '0', '4', '8']);
    expect(t.rows.map((row) => row[0])).toEqual(difficulties.map(String));
    difficulties.forEach((d, i) => {
      modifiers.forEach((m, j) => {
        expect(t.rows[i]![j + 1]).toBe(pct(bruteDisarm(d, m).set_off));
      });
    });
    // Another measure reads other numbers from the same grid.
    expect(sweepTable(r, 'disarmed').rows[0]![1]).toBe(pct(bruteDisarm(12, 0).disarmed));
  });

  it('the curves: x is the first input, one curve per value of the second', () => {
    const c = sweepCurves(r, 'disarmed');
    expect(c.xName).toBe('difficulty');
    expect(c.xs).toEqual(difficulties);
    expect(c.percent).toBe(true);
    expect(c.note).toBeNull();
    expect(c.series.map((s) => s.label)).toEqual(['modifier = 0', 'modifier = 4', 'modifier = 8']);
    c.series.forEach((s, j) => {
      s.y.forEach((y, i) => {
        expect(y).toBeCloseTo(bruteDisarm(difficulties[i]!, modifiers[j]!).disarmed, 12);
      });
    });
    // More training never lowers the odds of disarming, and a harder trap never raises them.
    for (const s of c.series) for (let i = 1; i < s.y.length; i++) expect(s.y[i]!).toBeLessThanOrEqual(s.y[i - 1]!);
  });

  it('the measures are the outcomes, and the CSV has one row per cell and outcome', () => {
    expect(sweepMeasures(r)).toEqual(['disarmed', 'failed', 'set_off']);
    const lines = sweepCsv(r).split('\n');
    expect(lines[0]).toBe('difficulty,modifier,outcome,p,exact');
    expect(lines).toHaveLength(1 + difficulties.length * modifiers.length * 3);
    // Difficulty 21 with modifier 0: set off on totals 2..16 (natural 2 included): rolls
    // 1 + 2 + ... + 12 for sums 2..13, then 11 + 10 + 9 for 14..16: 108 of 144 = 3/4.
    const row = lines.find((l) => l.startsWith('21,0,set_off,'))!;
    expect(row.split(',')[4]).toBe('3/4');
  });

  it('a second input with many values draws at most MAX_CURVES of them, first and last kept, and says so', () => {
    const wide = runSweep('ceaptun', 'disarm', {}, [
      { name: 'difficulty', from: 10, to: 20, step: 5 },
      { name: 'modifier', from: 0, to: 29, step: 1 },
    ]);
    const c = sweepCurves(wide);
    expect(c.series).toHaveLength(MAX_CURVES);
    expect(c.series[0]!.label).toBe('modifier = 0');
    expect(c.series.at(-1)!.label).toBe('modifier = 29');
    expect(c.note).toMatch(/16 of the 30 values of modifier/);
    expect(sweepTable(wide).header).toHaveLength(31);
    expect(spread(5, 16)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(spread(100, 7)).size).toBe(7);
  });
});

describe('1-D sweeps and numeric checks', () => {
  it('a 1-D sweep draws every outcome over the input, and its table has a column per outcome', () => {
    const r = runSweep('ceaptun', 'disarm', { modifier: '4' }, [{ name: 'difficulty', from: 10, to: 14, step: 2 }]);
    const c = sweepCurves(r);
    expect(c.series.map((s) => s.label)).toEqual(['disarmed', 'failed', 'set_off']);
    expect(c.series[2]!.y).toEqual([10, 12, 14].map((d) => bruteDisarm(d, 4).set_off));
    const t = sweepTable(r);
    expect(t.header).toEqual(['difficulty', 'P(disarmed)', 'P(failed)', 'P(set_off)']);
    expect(t.rows[1]).toEqual(['12', ...(['disarmed', 'failed', 'set_off'] as const).map((o) => pct(bruteDisarm(12, 4)[o]))]);
  });

  it('a numeric check shows its mean first, as a plain number', () => {
    const r = runSweep('ceaptun', 'damage', { trap: 'arrow' }, [
      { name: 'danger', from: 0, to: 2, step: 1 },
      { name: 'ward', from: 0, to: 50, step: 25 },
    ]);
    expect(sweepMeasures(r)[0]).toBe('mean');
    const c = sweepCurves(r);
    expect(c.percent).toBe(false);
    expect(c.series[0]!.y[0]).toBe(r.cells[0]!.mean!.p);
    expect(sweepTable(r).rows[0]![1]).toBe(r.cells[0]!.mean!.p.toFixed(3));
  });
});
