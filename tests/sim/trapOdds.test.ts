import { describe, expect, it } from 'vitest';
import { trapOddsLines } from '../../src/ui/lab/trapOdds.ts';
import { scenario } from '../support/scenario.ts';

describe('the odds shown when hovering a known trap', () => {
  it('spotting, setting it off, damage, death and disarming, read from the rules', () => {
    // Test ruleset: the spike always fires for 1d4; disarm 2d6 + 2 >= 7 (30 in 36); search 1 in 2.
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }], player: { hp: 3, maxHp: 20 } });
    const lines = trapOddsLines(w, 2, 1, 1000);
    expect(lines[0]).toBe('Spike trap — odds for you (1000 tries of the rules)');
    expect(lines[1]).toMatch(/^Spotting: (4[5-9]|5[0-5])% per search beside it, 0% in passing$/);
    expect(lines[2]).toBe('Stepping on it: sets it off 100%');
    // Death from 3 HP: a 3 or a 4 on 1d4, one time in two.
    const m = /^Expected damage: (\d\.\d); death from your 3 HP: (\d+)%$/.exec(lines[3]!);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(2.4);
    expect(Number(m![1])).toBeLessThanOrEqual(2.6);
    expect(Number(m![2])).toBeGreaterThanOrEqual(45);
    expect(Number(m![2])).toBeLessThanOrEqual(55);
    const d = /^Disarming: (\d+)% success, (\d+)% sets it off$/.exec(lines[4]!);
    expect(Math.abs(Number(d![1]) + Number(d![2]) - 100)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(d![1]) - 83)).toBeLessThanOrEqual(4);
  });

  it('says nothing about a trap the player does not know of', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }] });
    expect(trapOddsLines(w, 2, 1)).toEqual([]);
    expect(trapOddsLines(w, 3, 1)).toEqual([]);
  });
});
