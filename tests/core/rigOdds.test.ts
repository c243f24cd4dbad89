/**
 * The rig menu's odds (issue #39 item 12): every rig option the player can choose says its exact
 * odds of being set, failing and going off (fraction and percent), read from the check the CLI
 * reads (`odds ceaptun rig`, `odds <ruleset> kind-rig`), or one sentence why there are none.
 * Expected numbers are counted by hand over the dice of RULES.md (Cēaptūn: 2d12 + modifier
 * against 10, a natural 2 fails and springs it, a natural 24 succeeds).
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { player } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { rigOdds, rigOddsText } from '../../src/core/stepOdds.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { scenario } from '../support/scenario.ts';
import { withKinds } from '../support/trapFiles.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

const MAP = ['#####', '#.@.#', '#####'];

/** Cēaptūn's rig by hand: of 144 ways of 2d12, set / failed / sprung at `modifier` against 10. */
function ceaptunRig(modifier: number): { set: number; failed: number; sprung: number } {
  const n = { set: 0, failed: 0, sprung: 0 };
  for (let a = 1; a <= 12; a++)
    for (let b = 1; b <= 12; b++) {
      const s = a + b;
      if (s === 2) n.sprung++;
      else if (s === 24 || s + modifier >= 10) n.set++;
      else n.failed++;
    }
  return n;
}

describe('the rig menu reads its odds', () => {
  it('Cēaptūn: each rig at the rigger\'s modifier, 2d12 counted by hand, equal to `odds ceaptun rig`', () => {
    // Dex 8: modifier -1 (no Woodcraft, no talent).
    const w = scenario({ ruleset: 'ceaptun', seed: 'rig-odds', map: MAP, player: { traits: { dex: 8 } } });
    const hero = player(w);
    const odds = rigOdds(w, hero, 'stakes');
    if (!odds || 'unread' in odds) throw new Error('no reading');
    const hand = ceaptunRig(-1);
    expect(odds.set.p).toBeCloseTo(hand.set / 144, 12);
    expect(odds.failed.p).toBeCloseTo(hand.failed / 144, 12);
    expect(odds.setOff.p).toBeCloseTo(hand.sprung / 144, 12);
    const cli = runOdds('ceaptun', 'rig', { modifier: -1 });
    expect(odds.set.p).toBe(cli.outcomes.rigged!.p);
    expect(rigOddsText(w, hero, 'stakes')).toBe(`set 69% (${cli.outcomes.rigged!.exact}), fails 31% (${cli.outcomes.failed!.exact}), sets it off on you 1% (${cli.outcomes.sprung!.exact})`);
  });

  it('a designer\'s kind with a rig check reads `kind-rig` at the rigger\'s traits; without a check, a sentence', () => {
    const id = withKinds('ceaptun', 'rig odds kinds', [
      {
        id: 'snap_board',
        name: 'snap board',
        colour: '#c0c0ff',
        hosts: ['floor'],
        placement: { weight: 0 },
        charges: 1,
        numbers: { difficulty: 5 },
        rig: { needs: [], check: { roll: '1d20', plus: ['dex'], against: 20, outcomes: [{ atLeast: 0, is: 'set' }, { atLeast: -4, is: 'failed' }, { is: 'sprung' }] } },
        effect: { do: 'damage', damage: '1' },
      },
      { id: 'plain_board', name: 'plain board', colour: '#c0c0ff', hosts: ['floor'], placement: { weight: 0 }, charges: 1, numbers: { difficulty: 5 }, rig: { needs: [] }, effect: { do: 'damage', damage: '1' } },
    ]);
    const w = scenario({ ruleset: id, seed: 'rig-odds-kind', map: MAP, player: { traits: { dex: 12 } } });
    // 1d20 + 12 >= 20: 8..20, 13 of 20; failed 4..7, 4; sprung 1..3, 3.
    expect(rigOddsText(w, player(w), 'snap_board')).toBe('set 65% (13/20), fails 20% (1/5), sets it off on you 15% (3/20)');
    expect(runOdds(id, 'kind-rig', { trap: 'snap_board', dex: 12 }).outcomes.set!.exact).toBe('13/20');
    expect(rigOddsText(w, player(w), 'plain_board')).toBe('No roll: it is set for sure.');
  });

  it('every ruleset gives every rig option it offers a reading or one sentence why not', () => {
    for (const ruleset of RULESET_IDS) {
      const w = scenario({ ruleset, seed: `rig-odds-${ruleset}`, map: MAP });
      const hero = player(w);
      for (const o of getRuleset(ruleset).rigOptions(w, hero)) {
        const text = rigOddsText(w, hero, o.id);
        expect(text, `${ruleset} ${o.id}`).not.toMatch(/^No exact reading/);
        expect(text, `${ruleset} ${o.id}`).toMatch(/^(set \d+%|No roll: .+\.$|Its odds hang on .+\.$|There is no .+\.$)/);
      }
    }
  });
});
