/**
 * The statuses a whole-trap reading gives (core/traps/read.ts `readFate`, the step check's
 * `statuses`): held, asleep, lost actions, each with its chance and mean turns for one who lives
 * through the step. Expected numbers are counted from the seeds' rules and the example files.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { exact } from '../../src/core/prob.ts';
import { readFate } from '../../src/core/traps/read.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { readFileSync } from 'node:fs';
import { CEAPTUN_DIALECT } from '../../src/rulesets/ceaptun/dialect.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { trapFileOf } from '../support/trapFiles.ts';

const net = () => parseTrapFile(readFileSync(new URL('../../examples/traps/net.json', import.meta.url), 'utf8'), 'net.json');

describe('statuses in the exact reading', () => {
  it('Wasteland: a skull (3 of 6 faces) springs the bear trap, held 1 turn; 2 damage kills one with 2 HP, who is held by nothing', () => {
    const alive = runOdds('wasteland', 'step', { trap: 'bear_trap', hp: 5 });
    expect(alive.statuses).toEqual({ held: { p: 0.5, exact: '1/2', meanTurns: 1 } });
    expect(runOdds('wasteland', 'step', { trap: 'bear_trap', hp: 2 }).statuses).toEqual({});
    // Caltrops: 1 action lost next turn, on a skull.
    expect(runOdds('wasteland', 'step', { trap: 'caltrops', hp: 5 }).statuses).toEqual({ lostActions: { p: 0.5, exact: '1/2', meanTurns: 1 } });
    // A mine gives none.
    expect(runOdds('wasteland', 'step', { trap: 'mine', hp: 9 }).statuses).toEqual({});
  });

  it('Cēaptūn: the net holds 1d4+1 turns (3.5 on average); known and stepped past with dodge 2 (75%), it holds 1 time in 4', () => {
    const id = applyTrapFile(net(), 'net.json');
    expect(runOdds(id, 'step', { trap: 'net', hp: 5 }).statuses).toEqual({ held: { p: 1, exact: '1/1', meanTurns: 3.5 } });
    expect(runOdds(id, 'step', { trap: 'net', hp: 5, known: true, dodge: 2 }).statuses).toEqual({ held: { p: 0.25, exact: '1/4', meanTurns: 3.5 } });
    // The built-in spear trap leaves no status.
    expect(runOdds('ceaptun', 'step', { trap: 'spear', hp: 5 }).statuses).toEqual({});
  });

  it('a fate joins its parts as play does: lost actions add up, a hold lasts the longer', () => {
    const kind = trapFileOf('ceaptun', 'fate', [
      {
        id: 'glue',
        name: 'glue',
        colour: '#fff',
        hosts: ['floor'],
        placement: { weight: 1 },
        charges: 1,
        numbers: { difficulty: 10 },
        effect: {
          do: 'all',
          effects: [
            { do: 'status', status: 'held', turns: '2' },
            { do: 'status', status: 'held', turns: '1d2' },
            { do: 'status', status: 'lostActions', turns: '1' },
            { do: 'chance', percent: 50, effect: { do: 'status', status: 'lostActions', turns: '2' } },
          ],
        },
      },
    ]).traps[0]!;
    const fates = exact(readFate(kind, CEAPTUN_DIALECT, {}, {}))
      .map((o) => [JSON.stringify(o.value), o.exact] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    // held max(2, 1d2) = 2 always; lost actions 1, or 3 half the time.
    expect(fates).toEqual([
      [JSON.stringify({ damage: 0, statuses: { held: 2, lostActions: 1 } }), { num: 1n, den: 2n }],
      [JSON.stringify({ damage: 0, statuses: { held: 2, lostActions: 3 } }), { num: 1n, den: 2n }],
    ]);
  });
});
