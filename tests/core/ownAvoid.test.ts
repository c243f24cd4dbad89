/**
 * A kind's own avoidance (its `avoid`): a dice program in the trap file over the ruleset's step
 * inputs, rolled where each ruleset rolls its own avoidance (or would simply set the trap off)
 * and read by each ruleset's step check at the same point. Expected numbers are counted by hand
 * over the d20's faces; the engine's steps are held against them.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { player, trapAt } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { stepOdds } from '../../src/core/stepOdds.ts';
import type { World } from '../../src/core/world.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { scenario } from '../support/scenario.ts';
import { withKinds } from '../support/trapFiles.ts';

/** A d20 plus the ruleset's input `term` against 12: avoided on a margin of 0 or more. */
function avoidOn(term: string) {
  return { roll: '1d20', plus: [term], against: 12, outcomes: [{ atLeast: 0, is: 'avoided' }, { is: 'triggered' }], say: { avoided: '{1} hop[s] off the {trap}.' } };
}

/** Each ruleset, the numbers its kinds need, and a step input to add. */
const CASES = [
  { ruleset: 'ceaptun', numbers: { difficulty: 12 }, term: 'dodge', traits: { dex: 16 } },
  { ruleset: 'cdda', numbers: { P: null, V: 4, A: 6, D: 4, noise: 0, returns: '', notes: 'a test plate' }, term: 'dex', traits: {} },
  { ruleset: 'd20', numbers: { trigger: 'location', reset: 'automatic', attack: 10, damage: '1d6', 'search-dc': 20, 'disable-dc': 20 }, term: 'ref', traits: {} },
  { ruleset: 'omega', numbers: { player: 'a test plate', monster: 'the same' }, term: 'level', traits: {} },
  { ruleset: 'wasteland', numbers: { source: 'a test', effect: 'one wound', area: 'its cell' }, term: 'skull-faces', traits: {}, charges: 1 },
] as const;

const MAP = ['#####', '#@^.#', '#####'];

function onto(id: string, seed: string, traits: Record<string, number | boolean | string>): World {
  // CDDA's survivor keeps its body's hit points (the whole is the sum of its parts).
  const hp = id.startsWith('cdda') ? {} : { hp: 60, maxHp: 60 };
  return scenario({ ruleset: id, seed, map: MAP, traps: [{ kind: 'plate' }], level: { danger: 0 }, player: { ...hp, traits } });
}

describe("a kind's own avoidance, in every ruleset", () => {
  for (const c of CASES) {
    const id = withKinds(c.ruleset, `plate ${c.ruleset}`, [
      { id: 'plate', name: 'pressure plate', colour: '#a0a0ff', hosts: ['floor'], placement: { weight: 0 }, charges: 'charges' in c ? c.charges : -1, numbers: c.numbers, avoid: avoidOn(c.term), effect: { do: 'damage', damage: '1' } },
    ]);

    it(`${c.ruleset}: the step reading's "avoided" is the d20 + ${c.term} against 12, counted by hand`, () => {
      const w = onto(id, 'read', c.traits);
      const trap = trapAt(w, 2, 1)!;
      const inputs = getRuleset(id).stepInputs!(w, player(w), trap)!;
      const x = inputs[c.term];
      const value = typeof x === 'boolean' ? (x ? 1 : 0) : (x as number);
      let faces = 0;
      for (let r = 1; r <= 20; r++) if (r + value - 12 >= 0) faces++;
      const odds = stepOdds(w, player(w), trap)!;
      expect(odds.avoided!.p).toBeCloseTo(faces / 20, 12);
      expect(odds.avoided!.p).toBeGreaterThan(0);
      expect(odds.avoided!.p).toBeLessThan(1);
      // Set off, the plate's 1 damage hurts and never kills (60 HP; CDDA's torso and head).
      expect(odds.hurt!.p).toBeCloseTo(1 - faces / 20, 12);
      expect(odds.death?.p ?? 0).toBe(0);
      // The check of the file's ruleset reads the same from the same inputs (what `trapsmith odds` prints).
      const cli = runOdds(id, 'step', Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined)));
      expect(cli.outcomes.avoided!.p).toBeCloseTo(faces / 20, 12);
    });

    it(`${c.ruleset}: the engine's steps onto it are avoided as often as it reads (1,500 steps)`, () => {
      const first = onto(id, 'play-0', c.traits);
      const p = stepOdds(first, player(first), trapAt(first, 2, 1)!)!.avoided!.p;
      const n = 1500;
      let avoided = 0;
      for (let i = 0; i < n; i++) {
        const w = onto(id, `play-${i}`, c.traits);
        const r = step(w, { type: 'move', dx: 1, dy: 0 });
        const spared = r.events.some((e) => e.type === 'trapAvoided');
        const sprung = r.events.some((e) => e.type === 'trapTriggered');
        expect(spared !== sprung, `step ${i}: exactly one of avoided and set off`).toBe(true);
        if (spared) {
          avoided++;
          expect(r.events.some((e) => e.type === 'message' && e.text === 'You hop off the pressure plate.')).toBe(true);
        }
      }
      expect(Math.abs(avoided / n - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n));
    });
  }

  it("what a ruleset spares before any roll stays spared: Wasteland's detector, d20's flier (read and played)", () => {
    for (const [c, who] of [
      [CASES[4], { traits: { detector: true } }],
      [CASES[2], { flying: true }],
    ] as const) {
      const id = withKinds(c.ruleset, `plate ${c.ruleset}`, [
        { id: 'plate', name: 'pressure plate', colour: '#a0a0ff', hosts: ['floor'], placement: { weight: 0 }, charges: 'charges' in c ? c.charges : -1, numbers: c.numbers, avoid: avoidOn(c.term), effect: { do: 'damage', damage: '1' } },
      ]);
      for (let i = 0; i < 40; i++) {
        const w = scenario({ ruleset: id, seed: `spared-${i}`, map: MAP, traps: [{ kind: 'plate' }], player: { hp: 60, maxHp: 60, ...who } });
        if (i === 0) expect(stepOdds(w, player(w), trapAt(w, 2, 1)!)!.avoided!.p, c.ruleset).toBe(1);
        const r = step(w, { type: 'move', dx: 1, dy: 0 });
        expect(r.events.some((e) => e.type === 'trapTriggered'), c.ruleset).toBe(false);
        expect(player(w).hp).toBe(60);
      }
    }
  });

  it('a bad avoidance is refused naming the field: an input the step check does not have, an outcome it cannot reach', () => {
    const kind = (avoid: unknown) => [{ id: 'plate', name: 'pressure plate', colour: '#a0a0ff', hosts: ['floor'], placement: { weight: 0 }, charges: -1, numbers: { difficulty: 12 }, avoid, effect: { do: 'damage', damage: '1' } }];
    expect(() => withKinds('ceaptun', 'bad avoid 1', kind(avoidOn('agility')))).toThrow(/traps\[0\]\.avoid\.plus\[0\]: ceaptun's step inputs and this kind's numbers have no "agility" \(known: hp, danger, dodge/);
    expect(() => withKinds('ceaptun', 'bad avoid 2', kind({ ...avoidOn('dodge'), outcomes: [{ atLeast: 0, is: 'avoided' }, { is: 'disarmed' }] }))).toThrow(/traps\[0\]\.avoid\.outcomes\[1\]\.is/);
    expect(() => withKinds('ceaptun', 'bad avoid 3', kind({ ...avoidOn('dodge'), say: { sprung: 'no' } }))).toThrow(/traps\[0\]\.avoid\.say/);
  });
});
