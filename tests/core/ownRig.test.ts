/**
 * A designer's kind the player sets (its `rig`): an option of the rig menu beside the ruleset's
 * own, its materials used up, its check over the rigger's traits read exactly (`kind-rig`) and
 * played by the engine's rig action. Expected numbers are counted by hand over the d20's faces.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { player, trapAt } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import type { World } from '../../src/core/world.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { scenario } from '../support/scenario.ts';
import { withKinds } from '../support/trapFiles.ts';

/** 1d20 + dex against 24: set on 0 or more, failed on -5 or more, else sprung. With Cēaptūn's Dex 14: set on 10..20, failed on 5..9, sprung on 1..4. */
const CHECK = { roll: '1d20', plus: ['dex'], against: 24, outcomes: [{ atLeast: 0, is: 'set' }, { atLeast: -5, is: 'failed' }, { is: 'sprung' }] };

function board(rig: unknown, id = 'spike_board') {
  return { id, name: 'spike board', colour: '#c08040', hosts: ['floor'], placement: { weight: 0 }, charges: 2, numbers: { difficulty: 12 }, rig, effect: { do: 'damage', damage: '1d4' } };
}

const MAP = ['#####', '#@..#', '#####'];

const id = withKinds('ceaptun', 'spike board', [board({ needs: [{ kind: 'plank', name: 'plank', count: 1 }], check: CHECK })]);

function withPlanks(seed: string, planks: number): World {
  const inventory = planks > 0 ? [{ id: 900, kind: 'plank', name: 'plank', count: planks, x: -1, y: -1 }] : [];
  return scenario({ ruleset: id, seed, map: MAP, traps: [], player: { hp: 40, maxHp: 40, inventory } });
}

describe("a designer's kind the player sets", () => {
  it('reads exactly over the rigger\'s traits (kind-rig), counted by hand', () => {
    const r = runOdds(id, 'kind-rig', { trap: 'spike_board', dex: 14 });
    expect(r.outcomes.set!.exact).toBe('11/20');
    expect(r.outcomes.failed!.exact).toBe('1/4');
    expect(r.outcomes.sprung!.exact).toBe('1/5');
  });

  it('is in the rig menu, greyed out with what is missing when the pack lacks it', () => {
    const none = withPlanks('menu', 0);
    const greyed = getRuleset(id).rigOptions(none, player(none)).find((o) => o.id === 'spike_board')!;
    expect(greyed.available).toBe(false);
    expect(greyed.reason).toBe('You need 1 plank to set a spike board.');
    expect(step(none, { type: 'rig', what: 'spike_board', dx: 1, dy: 0 }).refused).toBe('You need 1 plank to set a spike board.');
    const one = withPlanks('menu', 1);
    expect(getRuleset(id).rigOptions(one, player(one)).find((o) => o.id === 'spike_board')!.available).toBe(true);
    // The ruleset's own options are still there.
    expect(getRuleset(id).rigOptions(one, player(one)).some((o) => o.id !== 'spike_board')).toBe(true);
    expect(step(one, { type: 'rig', what: 'spike_board', dx: 0, dy: -1 }).refused).toBe('A trap can only be set on open floor.');
  });

  it('plays as often as it reads: 1,500 rig actions of the engine, each ending as its outcome says', () => {
    const n = 1500;
    const seen = { set: 0, failed: 0, sprung: 0 };
    for (let i = 0; i < n; i++) {
      const w = withPlanks(`rig-${i}`, 2);
      const r = step(w, { type: 'rig', what: 'spike_board', dx: 1, dy: 0 });
      expect(r.refused).toBeUndefined();
      const attempt = r.events.find((e) => e.type === 'rigAttempted');
      const result = attempt?.type === 'rigAttempted' ? (attempt.result as keyof typeof seen) : 'failed';
      seen[result]++;
      const trap = trapAt(w, 2, 1);
      const planks = player(w).inventory.find((it) => it.kind === 'plank')?.count ?? 0;
      if (result === 'failed') {
        expect(trap).toBeUndefined();
        expect(planks).toBe(2);
      } else {
        expect(trap?.kind).toBe('spike_board');
        expect(trap?.owner).toBe(w.playerId);
        expect(trap?.knownBy).toContain(w.playerId);
        expect(planks).toBe(1);
        expect(r.events.some((e) => e.type === 'trapTriggered' && e.how === 'rig')).toBe(result === 'sprung');
      }
    }
    for (const [name, p] of [
      ['set', 11 / 20],
      ['failed', 1 / 4],
      ['sprung', 1 / 5],
    ] as const)
      expect(Math.abs(seen[name] / n - p), name).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n));
  });

  it('a bad rig is refused naming the field: a trait the character lacks, a kind of the ruleset\'s own', () => {
    expect(() => withKinds('ceaptun', 'bad rig 1', [board({ needs: [], check: { ...CHECK, plus: ['craft'] } })])).toThrow(/traps\[0\]\.rig\.check: "craft" is neither a number of this kind nor a trait of ceaptun's character \(dex, perception/);
    expect(() => withKinds('ceaptun', 'bad rig 2', [board({ needs: [], check: CHECK }, 'pit')])).toThrow(/traps\[0\]\.rig: pit is one of ceaptun's own kinds/);
    expect(() => withKinds('ceaptun', 'bad rig 3', [board({ needs: [{ kind: 'Plank!', name: 'plank', count: 1 }] })])).toThrow(/traps\[0\]\.rig\.needs\[0\]\.kind/);
  });
});
