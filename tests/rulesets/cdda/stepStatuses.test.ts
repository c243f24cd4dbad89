/**
 * CDDA's step check reads the holds a survivor is left in, now that the bear traps and snares are
 * data: the snares' rng(20, 30) and rng(10, 20) turns (the seed's code of its era) have means 25
 * and 15; the bear trap holds the survivor only with bearTrapHoldsPlayer; a hold is not counted
 * for one the step kills.
 */
import { describe, expect, it } from 'vitest';
import '../../../src/rulesets/index.ts';
import { runOdds } from '../../../src/sim/odds.ts';
import { floorKind, withKinds } from '../../support/trapFiles.ts';

describe('cdda: the step check reads the holds', () => {
  it('a snare holds whoever it does not spare: the heavy 25 turns on average, the light 15', () => {
    for (const [trap, mean] of [
      ['heavy_snare', 25],
      ['light_snare', 15],
    ] as const) {
      const r = runOdds('cdda', 'step', { trap, head: 40, torso: 40 });
      const caught = 1 - r.outcomes.avoided!.p;
      expect(r.statuses?.held?.p, trap).toBeCloseTo(caught, 12);
      expect(r.statuses?.held?.meanTurns, trap).toBeCloseTo(mean, 9);
      expect(r.leavesOut ?? []).not.toContain('how long the hold lasts');
    }
  });

  it('the bear trap holds the survivor only with bearTrapHoldsPlayer (8-15 turns: 11.5 on average)', () => {
    expect(runOdds('cdda', 'step', { trap: 'beartrap', head: 40, torso: 40 }).statuses ?? {}).toEqual({});
    const held = runOdds('cdda', 'step', { trap: 'beartrap', head: 40, torso: 40 }, { bearTrapHoldsPlayer: true }).statuses?.held;
    expect(held?.meanTurns).toBeCloseTo(11.5, 9);
  });

  it('a hold is left only on one who lives: 10 to the torso then held 3 turns, at a torso of 10 and of 11', () => {
    const id = withKinds('cdda', 'crushing hold', [
      floorKind('press', { V: 1, A: 0, D: 1 }, { do: 'all', effects: [{ do: 'damage', damage: '10', part: 'torso' }, { do: 'status', status: 'held', turns: '3' }] }),
    ]);
    const dies = runOdds(id, 'step', { trap: 'press', head: 40, torso: 10 });
    expect(dies.statuses ?? {}).toEqual({});
    const lives = runOdds(id, 'step', { trap: 'press', head: 40, torso: 11 });
    expect(lives.statuses?.held?.p).toBeCloseTo(1 - lives.outcomes.avoided!.p, 12);
    expect(lives.statuses?.held?.meanTurns).toBe(3);
  });
});
