import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { CliIO } from '../../src/cli/io.ts';

function io(stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => stdin };
  return { cli, out, err };
}

describe('trapsmith CLI', () => {
  it('map: same arguments, same output; a legend names every trap', async () => {
    const a = io();
    const b = io();
    expect(await main(['map', '--ruleset', 'test', '--seed', '7'], a.cli)).toBe(0);
    expect(await main(['map', '--ruleset', 'test', '--seed', '7'], b.cli)).toBe(0);
    expect(a.out.join('\n')).toBe(b.out.join('\n'));
    const text = a.out.join('\n');
    const carets = text.split('\n').slice(1, 41).join('').split('^').length - 1;
    const legend = text.split('\n').filter((l) => l.startsWith('^ ')).length;
    expect(carets).toBeGreaterThan(0);
    expect(legend).toBeGreaterThanOrEqual(carets);
  });

  it('odds: JSON outcomes that sum to 1, with exact fractions', async () => {
    const r = io();
    expect(await main(['odds', 'test', 'disarm', '--skill', '2', '--difficulty', '9'], r.cli)).toBe(0);
    const json = JSON.parse(r.out[0]!) as { outcomes: Record<string, { p: number; exact: string }> };
    // 2d6 >= 7: 21/36 = 7/12, counted by hand.
    expect(json.outcomes.disarmed!.exact).toBe('7/12');
    expect(json.outcomes.set_off!.exact).toBe('5/12');
  });

  it('odds --batch -: one result per line, a bad line answers an error and the rest go on', async () => {
    const r = io(
      [
        JSON.stringify({ ruleset: 'test', check: 'disarm', inputs: { skill: 0, difficulty: 12 } }),
        'not json',
        JSON.stringify({ ruleset: 'test', check: 'nope', inputs: {} }),
        JSON.stringify({ ruleset: 'test', check: 'spike', inputs: {} }),
      ].join('\n'),
    );
    expect(await main(['odds', '--batch', '-'], r.cli)).toBe(0);
    expect(r.out).toHaveLength(4);
    expect(JSON.parse(r.out[0]!).outcomes.disarmed.exact).toBe('1/36');
    expect(JSON.parse(r.out[1]!).error).toMatch(/not JSON/);
    expect(JSON.parse(r.out[2]!).error).toMatch(/unknown check "nope"/);
    expect(JSON.parse(r.out[3]!).mean).toBe(2.5);
    expect(JSON.parse(r.out[3]!).meanExact).toBe('5/2');
  });

  it('bad input exits 2 with a message naming what is wrong', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['frobnicate'], /unknown command "frobnicate"/],
      [['odds', 'nosuch', 'disarm'], /unknown ruleset "nosuch"/],
      [['odds', 'test', 'nosuch'], /unknown check "nosuch"/],
      [['odds', 'test', 'disarm', '--skil', '1', '--difficulty', '3'], /unknown option --skil/],
      [['odds', 'test', 'disarm', '--skill', 'x', '--difficulty', '3'], /--skill: expected a number/],
      [['map', '--ruleset', 'test', '--seed', '1', '--style', 'maze'], /--style must be one of rooms, caves/],
      [['map', '--ruleset', 'test', '--seed', '1', '--bogus'], /bogus/],
      [['traps', 'test', '--format', 'xml'], /--format must be one of json, table/],
    ];
    for (const [argv, message] of cases) {
      const r = io();
      expect(await main(argv, r.cli), argv.join(' ')).toBe(2);
      expect(r.err.join('\n')).toMatch(message);
    }
  });

  it('--help on every command', async () => {
    for (const name of ['map', 'odds', 'traps']) {
      const r = io();
      expect(await main([name, '--help'], r.cli)).toBe(0);
      expect(r.out.join('\n')).toMatch(/Usage: trapsmith/);
    }
  });

  it('traps: the table as JSON carries ids, names, glyphs, colours and columns', async () => {
    const r = io();
    expect(await main(['traps', 'test', '--format', 'json'], r.cli)).toBe(0);
    const json = JSON.parse(r.out.join('\n')) as { traps: Array<{ id: string; columns: Record<string, unknown> }> };
    expect(json.traps.map((t) => t.id)).toEqual(['spike', 'alarm', 'dart']);
    expect(json.traps[0]!.columns.difficulty).toBe(7);
  });
});
