/**
 * A kind's own detection (its `spot`): a dice program in the trap file over the ruleset's reading
 * of a look (a search beside it, a look in passing), rolled where each ruleset rolls its own to
 * find that trap and read by the spotting odds. Expected numbers are counted by hand over the
 * d20's faces; the engine's searches are held against them.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { player, trapAt } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { spotOdds } from '../../src/core/stepOdds.ts';
import type { World } from '../../src/core/world.ts';
import { scenario } from '../support/scenario.ts';
import { withKinds } from '../support/trapFiles.ts';

/** A d20 plus the reading's `term` (and `extra`) against 14: found on a margin of 0 or more. */
function spotOn(term: string, extra = 0) {
  return { roll: '1d20', plus: [term, extra], against: 14, outcomes: [{ atLeast: 0, is: 'found' }, { is: 'missed' }] };
}

/** Each ruleset that rolls to find a trap, the numbers its kinds need, a reading's input to add, and the look its search action makes. */
const CASES = [
  { ruleset: 'ceaptun', numbers: { difficulty: 12 }, term: 'modifier', extra: 4 },
  { ruleset: 'cdda', numbers: { P: null, V: 4, A: 6, D: 4, noise: 0, returns: '', notes: 'a test plate' }, term: 'per', extra: -2 },
  { ruleset: 'd20', numbers: { trigger: 'location', reset: 'automatic', attack: 10, damage: '1d6', 'search-dc': 20, 'disable-dc': 20 }, term: 'bonus', extra: -10 },
  { ruleset: 'omega', numbers: { player: 'a test plate', monster: 'the same' }, term: 'alert', extra: 5 },
] as const;

const MAP = ['#####', '#@^.#', '#####'];

function besideIt(id: string, seed: string): World {
  return scenario({ ruleset: id, seed, map: MAP, traps: [{ kind: 'plate' }], level: { danger: 0 } });
}

function plate(c: (typeof CASES)[number]) {
  return { id: 'plate', name: 'pressure plate', colour: '#a0a0ff', hosts: ['floor'], placement: { weight: 0 }, charges: -1, numbers: c.numbers, spot: spotOn(c.term, c.extra), effect: { do: 'damage', damage: '1' } };
}

/** The d20's faces (of 20) whose total with `shift` reaches 14. */
function faces(shift: number): number {
  let n = 0;
  for (let r = 1; r <= 20; r++) if (r + shift >= 14) n++;
  return n;
}

describe("a kind's own detection", () => {
  for (const c of CASES) {
    const id = withKinds(c.ruleset, `spot plate ${c.ruleset}`, [plate(c)]);

    it(`${c.ruleset}: a search beside it reads the d20 + ${c.term} + ${c.extra} against 14, counted by hand`, () => {
      const w = besideIt(id, 'read');
      const trap = trapAt(w, 2, 1)!;
      const reading = getRuleset(id).spotInputs!(w, player(w), trap)!.search!;
      const x = reading.inputs[c.term];
      const value = typeof x === 'boolean' ? (x ? 1 : 0) : (x as number);
      const expected = faces(value + c.extra) / 20;
      const odds = spotOdds(w, player(w), trap)!;
      expect(odds.search!.p).toBeCloseTo(expected, 12);
      expect(odds.search!.p).toBeGreaterThan(0);
      expect(odds.search!.p).toBeLessThan(1);
    });

    it(`${c.ruleset}: the engine's searches find it as often as it reads (1,500 searches)`, () => {
      const first = besideIt(id, 'find-0');
      const p = spotOdds(first, player(first), trapAt(first, 2, 1)!)!.search!.p;
      const n = 1500;
      let found = 0;
      for (let i = 0; i < n; i++) {
        const w = besideIt(id, `find-${i}`);
        step(w, { type: 'search' });
        if (trapAt(w, 2, 1)!.knownBy.includes(w.playerId)) found++;
      }
      expect(Math.abs(found / n - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n));
    });
  }

  it("d20's taking 20 rolls no dice: the SRD's rule stands over a kind's own detection, in the reading and in play", () => {
    const id = withKinds('d20', 'spot plate d20', [plate(CASES[2])]);
    const w = scenario({ ruleset: id, seed: 'take20', map: MAP, traps: [{ kind: 'plate' }], settings: { take20: true } });
    const trap = trapAt(w, 2, 1)!;
    const bonus = player(w).traits.search as number;
    // Taking 20: found exactly when 20 + Search reaches the kind's Search DC (20), whatever its own check says.
    const found = 20 + bonus >= 20;
    expect(spotOdds(w, player(w), trap)!.search!.p).toBe(found ? 1 : 0);
    step(w, { type: 'search' });
    expect(trapAt(w, 2, 1)!.knownBy.includes(w.playerId)).toBe(found);
  });

  it("Cēaptūn's look in passing reads its own penalty through the reading's `passing`", () => {
    const id = withKinds('ceaptun', 'spot passing', [
      { ...plate(CASES[0]), spot: { roll: '1d20', plus: ['modifier', -4, '-passing', '-passing', '-passing'], against: 10, outcomes: [{ atLeast: 0, is: 'found' }, { is: 'missed' }] } },
    ]);
    const w = besideIt(id, 'passing');
    const trap = trapAt(w, 2, 1)!;
    const m = getRuleset(id).spotInputs!(w, player(w), trap)!.search!.inputs.modifier as number;
    const odds = spotOdds(w, player(w), trap)!;
    const count = (shift: number) => [...Array(20).keys()].filter((r) => r + 1 + shift >= 10).length / 20;
    expect(odds.search!.p).toBeCloseTo(count(m - 4), 12);
    expect(odds.passing!.p).toBeCloseTo(count(m - 7), 12);
  });

  it('every ruleset that rolls to find names the inputs its readings give; Wasteland, which rolls none, refuses a detection by field', () => {
    for (const c of CASES) {
      const r = getRuleset(c.ruleset);
      const kind = r.traps.find((t) => t.id !== 'designed' && (t.kind?.hosts ?? ['floor']).includes('floor'))!.id;
      const w = scenario({ ruleset: c.ruleset, seed: 'names', map: MAP, traps: [{ kind }] });
      const readings = r.spotInputs!(w, player(w), w.traps[0]!)!;
      for (const reading of [readings.search, readings.passing]) {
        if (!reading || reading.certain) continue;
        const names = Object.keys(reading.inputs).filter((k) => typeof reading.inputs[k] !== 'string');
        expect(names.sort(), c.ruleset).toEqual([...r.spotInputNames!].sort());
      }
    }
    expect(() => withKinds('wasteland', 'spot wasteland', [{ ...plate(CASES[0]), charges: 1, numbers: { source: 'a test', effect: 'one wound', area: 'its cell' } }])).toThrow(
      /traps\[0\]\.spot: wasteland reads no spotting inputs/,
    );
    expect(() => withKinds('ceaptun', 'spot bad', [{ ...plate(CASES[0]), spot: { ...spotOn('visibility'), say: { found: 'x' } } }])).toThrow(/traps\[0\]\.spot/);
    expect(() => withKinds('ceaptun', 'spot bad 2', [{ ...plate(CASES[0]), spot: spotOn('visibility') }])).toThrow(/traps\[0\]\.spot\.plus\[0\]: ceaptun's spotting inputs and this kind's numbers have no "visibility"/);
  });
});
