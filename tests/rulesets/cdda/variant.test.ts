/**
 * A balance-lab variant of cdda plays its own P, V, A and D: in play (avoidance, disarming,
 * setting traps) and in the hooks handed only the world (refusals, move costs, look mode). Each
 * test plays the base ruleset on the same seeds and actions beside it.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import type { Action } from '../../../src/core/actions.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { applyVariant, parseVariant, VariantError } from '../../../src/sim/variants.ts';
import { ruleset } from '../../../src/rulesets/cdda/index.ts';
import { scenario } from '../../support/scenario.ts';
import { hero } from './helpers.ts';
import { trapAt } from '../../../src/core/level.ts';

/** A variant registered the way the Lab and `--variant` do it; returns the id worlds play it under. */
function variant(name: string, traps: Record<string, Record<string, string | number | boolean | null>>): string {
  return applyVariant(parseVariant({ name, ruleset: 'cdda', traps })).rulesetId;
}

const ROOM = ['#########', '#.......#', '#.@.....#', '#.......#', '#########'];
const DISARM_EAST: Action = { type: 'disarm', dx: 1, dy: 0 };

describe('cdda variants', () => {
  it('setting a trap costs the variant\'s P x 25 + 100 move points and awards its P in practice', () => {
    const heavy = variant('heavy bear traps', { beartrap: { P: 10 } });
    for (const [rulesetId, P] of [['cdda', 4], [heavy, 10]] as const) {
      const w = scenario({ ruleset: rulesetId, map: ROOM });
      expect(step(w, { type: 'rig', what: 'beartrap', dx: 1, dy: 0 }).refused).toBeUndefined();
      expect(hero(w).nextAct).toBe(P * 25 + 100);
      expect(hero(w).traits.trapsExercise).toBe(P);
    }
  });

  it('look mode reads the variant\'s visibility, avoidance and difficulty', () => {
    const plain = variant('plain bear traps', { beartrap: { V: 0, A: 3, D: 1 } });
    const look = (rulesetId: string) => {
      const w = scenario({ ruleset: rulesetId, map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'beartrap', known: true }] });
      return getRuleset(rulesetId).describeTrap!(w, trapAt(w, 2, 1)!).name;
    };
    expect(look('cdda')).toBe('a bear trap (visibility 2, avoidance 7, difficulty 3)');
    expect(look(plain)).toBe('a bear trap (visibility 0, avoidance 3, difficulty 1)');
  });

  it('the refusal of a trap too dangerous to disarm reads the variant\'s difficulty', () => {
    const swapped = variant('safe pits and wild bear traps', { pit: { D: 5 }, beartrap: { D: 99 } });
    const refused = (rulesetId: string, kind: string) => {
      const w = scenario({ ruleset: rulesetId, seed: 'd', map: ['######', '#.@^.#', '######'], traps: [{ kind, known: true }] });
      return step(w, DISARM_EAST).refused ?? null;
    };
    expect(refused('cdda', 'pit')).toBe('The pit looks too dangerous to mess with.');
    expect(refused('cdda', 'beartrap')).toBeNull();
    expect(refused(swapped, 'pit')).toBeNull();
    expect(refused(swapped, 'beartrap')).toBe('The bear trap looks too dangerous to mess with.');
  });

  it('stepping on a trap rolls against the variant\'s avoidance', () => {
    // Avoidance 0: the trap's dice roll 0, below any survivor's 3 dice (ties go to the victim).
    const limp = variant('limp bubble wrap', { bubblewrap: { A: 0 } });
    const sprung = (rulesetId: string) => {
      let n = 0;
      for (let i = 0; i < 30; i++) {
        const w = scenario({ ruleset: rulesetId, seed: `a${i}`, map: ['######', '#.@^.#', '######'], traps: [{ kind: 'bubblewrap' }] });
        n += step(w, { type: 'move', dx: 1, dy: 0 }).events.filter((e) => e.type === 'trapTriggered').length;
      }
      return n;
    };
    // 6d8 against the survivor's 3d8: the base trap mostly goes off.
    expect(sprung('cdda')).toBeGreaterThan(15);
    expect(sprung(limp)).toBe(0);
  });

  it('a cell of a column play does not read is refused, naming it; a bad number too', () => {
    expect(() => variant('loud', { bubblewrap: { noise: 50 } })).toThrow(VariantError);
    expect(() => variant('loud', { bubblewrap: { noise: 50 } })).toThrow(/traps\.bubblewrap\.noise: play does not read this column \(a variant changes P, V, A, D\)/);
    // The hook itself, handed cells no variant file would pass (files keep a number a number).
    expect(() => ruleset.applyVariant!({ beartrap: { P: 'x' } })).toThrow(/traps\.beartrap\.P: expected a number or an empty cell, got "x"/);
    expect(() => ruleset.applyVariant!({ beartrap: { A: null } })).toThrow(/traps\.beartrap\.A: expected a number, got null/);
  });
});
