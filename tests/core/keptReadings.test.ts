/**
 * The exact readings the game keeps (core/stepOdds.ts): asked again they are the same numbers,
 * and two rulesets asking the same question of the same inputs (a plate of 3 and one of 4, under
 * the same kind id, in two trap files) each get their own.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { player } from '../../src/core/level.ts';
import { stepOdds } from '../../src/core/stepOdds.ts';
import { scenario } from '../support/scenario.ts';
import { withKinds } from '../support/trapFiles.ts';

const plate = (damage: string) => ({ id: 'plate', name: 'plate', colour: '#ccc', hosts: ['floor'], placement: { weight: 0 }, charges: -1, numbers: { difficulty: 10 }, effect: { do: 'damage', damage } });

describe('kept exact readings', () => {
  it('two files with the same kind id and other numbers give their own odds, the same ones every time they are asked', () => {
    const odds = (damage: string) => {
      const id = withKinds('ceaptun', `kept plate ${damage}`, [plate(damage)]);
      const w = scenario({ ruleset: id, seed: 'kept', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'plate', known: true }], level: { danger: 0 }, player: { hp: 4, maxHp: 20 } });
      const me = player(w);
      const trap = w.traps[0]!;
      const first = stepOdds(w, me, trap)!;
      expect(stepOdds(w, me, trap)).toEqual(first);
      return first.death!.exact;
    };
    // 3 never kills 4 hit points; 4 always does (when the step past fails).
    expect(odds('3')).toEqual({ num: 0n, den: 1n });
    const deadly = odds('4');
    expect(deadly && deadly.num > 0n).toBe(true);
    expect(odds('3')).toEqual({ num: 0n, den: 1n });
  });
});
