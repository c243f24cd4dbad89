import { describe, expect, it } from 'vitest';
import { sweepCommand } from '../../src/cli/commands/sweep.ts';
import { runSweep, type Vary } from '../../src/sim/sweep.ts';
import { run } from '../sim/cliHarness.ts';

/** P(2d6 >= t) by enumerating the 36 faces. */
function atLeast2d6(t: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= t) n++;
  return n / 36;
}

describe('trapsmith sweep', () => {
  it('1-D: a row per value, a column per outcome, each the exact odds', async () => {
    const r = await run(sweepCommand, ['test', 'disarm', '--vary', 'skill=0..6', '--difficulty', '9', '--format', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.axes).toEqual([{ name: 'skill', values: [0, 1, 2, 3, 4, 5, 6] }]);
    expect(j.outcomes).toEqual(['disarmed', 'set_off']);
    for (const cell of j.cells) expect(cell.outcomes.disarmed.p).toBeCloseTo(atLeast2d6(9 - cell.at.skill), 12);
    const t = await run(sweepCommand, ['test', 'disarm', '--vary', 'skill=0..6:3', '--difficulty', '9']);
    expect(t.out.split('\n')[0]).toMatch(/^skill\s+disarmed\s+set_off$/);
    expect(t.out).toMatch(/^\s*3\s+72\.22%\s+27\.78%$/m); // 2d6 >= 6: 26/36
  });

  it('2-D: a grid of one outcome', async () => {
    const r = await run(sweepCommand, ['test', 'disarm', '--vary', 'skill=0..2', '--vary', 'difficulty=5..9:2', '--outcome', 'set_off']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/P\(set_off\) by skill \(rows\) and difficulty \(columns\)/);
    const rows = r.out.split('\n').slice(3);
    expect(rows).toHaveLength(3);
    const cells = rows[2]!.trim().split(/\s+/);
    // skill 2: difficulty 5, 7, 9 -> set off when 2d6 < 3, < 5, < 7.
    expect(cells).toEqual(['2', ...[3, 5, 7].map((t) => `${(100 * (1 - atLeast2d6(t))).toFixed(2)}%`)]);
    const c = await run(sweepCommand, ['test', 'disarm', '--vary', 'skill=0..1', '--vary', 'difficulty=7..7', '--format', 'csv']);
    // 2d6 >= 7: 21 of 36; 2d6 >= 6: 26 of 36.
    expect(atLeast2d6(7)).toBe(21 / 36);
    expect(atLeast2d6(6)).toBe(26 / 36);
    expect(c.out.split('\n')).toEqual(['skill,difficulty,outcome,p,exact', `0,7,disarmed,${7 / 12},7/12`, `0,7,set_off,${5 / 12},5/12`, `1,7,disarmed,${13 / 18},13/18`, `1,7,set_off,${5 / 18},5/18`]);
  });

  it('numeric checks sweep their mean (ceaptun arrow damage by danger, from the seed\'s table)', async () => {
    const r = await run(sweepCommand, ['ceaptun', 'damage', '--trap', 'arrow', '--vary', 'danger=0..30:10', '--format', 'json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    // Seed 002: arrow trap 1d2 at 0–2, 2d4 at 10–14, 2d6 at 15–21, 4d6 at 30+.
    expect(j.cells.map((c: { mean: { p: number } }) => c.mean.p)).toEqual([1.5, 5, 7, 14]);
    const t = await run(sweepCommand, ['test', 'disarm', '--vary', 'skill=1..2', '--difficulty', '7', '--outcome', 'mean']);
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/--outcome mean: disarm is not a numeric check/);
  });

  it('names what is wrong and exits 2', async () => {
    for (const [args, msg] of [
      [['test'], /usage: trapsmith sweep <ruleset> <check>/],
      [['nope', 'disarm', '--vary', 'skill=1..2'], /ruleset: unknown ruleset "nope"/],
      [['test', 'nope', '--vary', 'skill=1..2'], /unknown check "nope" for ruleset test/],
      [['test', 'disarm', '--vary', 'skil=1..2', '--difficulty', '7'], /--vary skil: check disarm has no input "skil" \(inputs: skill, difficulty\)/],
      [['test', 'disarm', '--vary', 'skill=1-2', '--difficulty', '7'], /expected name=from\.\.to/],
      [['test', 'disarm', '--vary', 'skill=1..2:0', '--difficulty', '7'], /the step must not be 0/],
      [['test', 'disarm', '--vary', 'skill=1..5:-1', '--difficulty', '7'], /never goes from 1 to 5/],
      [['test', 'disarm', '--vary', 'skill=1..2'], /check disarm needs --difficulty/],
      [['test', 'disarm', '--vary', 'skill=1..2', '--difficulty', '7', '--luck', '3'], /unknown option '--luck'/],
      [['test', 'disarm', '--difficulty', '7'], /give one or two --vary/],
      [['test', 'disarm', '--vary', 'skill=1..2', '--difficulty', '7', '--outcome', 'boom'], /has no outcome "boom"/],
      [['wasteland', 'disarm', '--vary', 'dice=5000..5001'], /^trapsmith sweep: --vary dice: --dice must be from 1 to 20, got 5000$/],
    ] as Array<[string[], RegExp]>) {
      const r = await run(sweepCommand, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(msg);
    }
    expect((await run(sweepCommand, ['--help'])).out).toMatch(/^trapsmith sweep <ruleset> <check>/);
  });
});

describe('runSweep refuses a bad range whoever asks (the lab calls it directly)', () => {
  it('a step of 0, the wrong way, or a grid too big is refused before any cell is made', () => {
    const sweep = (v: Vary) => () => runSweep('test', 'disarm', { difficulty: '7' }, [v]);
    expect(sweep({ name: 'skill', from: 1, to: 5, step: 0 })).toThrow(/skill: the step must not be 0/);
    expect(sweep({ name: 'skill', from: 5, to: 1, step: 1 })).toThrow(/a step of 1 never goes from 5 to 1/);
    expect(sweep({ name: 'skill', from: 0, to: 1e9, step: 1 })).toThrow(/the grid has 1000000001 cells; at most 20000/);
    expect(sweep({ name: 'skill', from: 1, to: 2, step: Number.NaN })).toThrow(/must be numbers/);
    expect(runSweep('test', 'disarm', { difficulty: '7' }, [{ name: 'skill', from: 6, to: 0, step: -3 }]).axes[0]!.values).toEqual([6, 3, 0]);
  });
});
