/**
 * A kind's own disarm check (core/traps/disarm.ts): a dice program in the trap file, over the
 * ruleset's own disarm inputs, played in place of the ruleset's roll and read exactly by the
 * disarm odds. Expected numbers are counted by hand over the dice (2d12: 144 ways), and a d20
 * kind whose check is the SRD's own (d20 + bonus vs DC, failing by 5 or more springs it) reads as
 * d20's own disarm check does.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { exact } from '../../src/core/prob.ts';
import { edit, player, trapAt } from '../../src/core/level.ts';
import { getRuleset, resolveSettings } from '../../src/core/registry.ts';
import { disarmOdds } from '../../src/core/stepOdds.ts';
import type { World } from '../../src/core/world.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { withKinds } from '../support/trapFiles.ts';
import { scenario } from '../support/scenario.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

const OUTCOMES = [
  { atLeast: 0, is: 'disarmed' },
  { atLeast: -5, is: 'failed' },
  { is: 'sprung' },
];

function fileWith(ruleset: string, name: string, disarm: unknown, numbers: Record<string, number | string> = { difficulty: 12 }): string {
  return withKinds(ruleset, name, [{ id: 'latch', name: 'latch trap', colour: '#c0c0ff', hosts: ['floor'], placement: { weight: 0 }, charges: -1, numbers, disarm, effect: { do: 'damage', damage: '1' } }]);
}

const MAP = ['#####', '#@^.#', '#####'];

function beside(ruleset: string, seed: string, traits = {}): World {
  return scenario({ ruleset, seed, map: MAP, traps: [{ kind: 'latch', known: true }], level: { danger: 0 }, player: { hp: 1000, maxHp: 1000, traits } });
}

/** The ways of 2d12 whose total plus `shift` is at least `target` (of 144). */
function ways(shift: number, target: number): number {
  let n = 0;
  for (let a = 1; a <= 12; a++) for (let b = 1; b <= 12; b++) if (a + b + shift >= target) n++;
  return n;
}

describe('a kind\'s own disarm check', () => {
  const id = fileWith('ceaptun', 'latch', { roll: '2d12', plus: ['modifier', -8], against: 'difficulty', outcomes: OUTCOMES });

  it('reads exactly over the ruleset\'s inputs: 2d12 + modifier - 8 vs difficulty, counted by hand', () => {
    const w = beside(id, 'read', { disableDevice: 4 });
    const reading = getRuleset(id).disarm.read(w, player(w), trapAt(w, 2, 1)!)!;
    const m = reading.inputs.modifier as number;
    const d = reading.inputs.difficulty as number;
    const odds = disarmOdds(w, player(w), trapAt(w, 2, 1)!)!;
    const disarmed = ways(m - 8, d);
    const failed = ways(m - 8, d - 5) - disarmed;
    expect(odds.success.p).toBeCloseTo(disarmed / 144, 12);
    expect(odds.setOff.p).toBeCloseTo((144 - disarmed - failed) / 144, 12);
    expect(odds.success.p).toBeGreaterThan(0);
    expect(odds.setOff.p).toBeGreaterThan(0);
  });

  it('plays as often as it reads: 2,000 disarm actions of the engine', () => {
    const first = beside(id, 'play-0', { disableDevice: 4 });
    const odds = disarmOdds(first, player(first), trapAt(first, 2, 1)!)!;
    const n = 2000;
    let disarmed = 0;
    let sprung = 0;
    for (let i = 0; i < n; i++) {
      const w = beside(id, `play-${i}`, { disableDevice: 4 });
      const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
      expect(r.refused).toBeUndefined();
      const attempt = r.events.find((e) => e.type === 'disarmAttempted');
      const result = attempt?.type === 'disarmAttempted' ? attempt.result : '';
      if (result === 'disarmed') {
        disarmed++;
        expect(w.traps).toEqual([]);
        expect(r.events.some((e) => e.type === 'message' && e.text === 'You disarm the latch trap.')).toBe(true);
      }
      if (result === 'sprung') {
        sprung++;
        expect(r.events.some((e) => e.type === 'trapTriggered' && e.how === 'disarm')).toBe(true);
      }
    }
    for (const [seen, p] of [
      [disarmed, odds.success.p],
      [sprung, odds.setOff.p],
    ] as const)
      expect(Math.abs(seen / n - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
  });

  it('is a check of the file\'s ruleset too (kind-disarm), for odds and verify: 2d12 - 8 + 10 against 13, by hand', () => {
    const r = runOdds(id, 'kind-disarm', { trap: 'latch', modifier: 10, difficulty: 13 });
    // 2d12 + 2 >= 13: 2d12 >= 11, 99 of 144; failed: 2d12 from 6 to 10, 45 - 10 = 35 ways; sprung: 2d12 <= 5, 10 ways.
    expect(r.outcomes.disarmed!.exact).toBe('11/16');
    expect(r.outcomes.failed!.exact).toBe('35/144');
    expect(r.outcomes.sprung!.exact).toBe('5/72');
    expect(runOdds(id, 'kind-disarm', { trap: 'latch', modifier: 10, difficulty: 13, armed: false }).outcomes.sprung!.p).toBe(0);
  });

  it('a trap that is not set cannot be sprung: that outcome fails instead', () => {
    const w = beside(id, 'unset', { disableDevice: 4 });
    w.traps[0]!.armed = false;
    const odds = disarmOdds(w, player(w), w.traps[0]!)!;
    expect(odds.setOff.p).toBe(0);
  });

  it('the SRD\'s own rule as data reads as d20\'s own disarm check', () => {
    const srd = fileWith('d20', 'srd latch', { roll: '1d20', plus: ['bonus'], against: 'dc', outcomes: [{ atLeast: 0, is: 'disarmed' }, { atLeast: -4, is: 'failed' }, { is: 'sprung' }] }, { 'search-dc': 20, 'disable-dc': 20, trigger: 'location', reset: 'manual', attack: 10, damage: '1d6' });
    const w = scenario({ ruleset: srd, seed: 'srd', map: MAP, traps: [{ kind: 'latch', known: true }], player: { hp: 100, maxHp: 100 } });
    const trap = trapAt(w, 2, 1)!;
    const reading = getRuleset(srd).disarm.read(w, player(w), trap)!;
    const d20 = getRuleset('d20');
    const own = exact(d20.checks.disarm!.program(reading.inputs, resolveSettings(d20, w.settings)));
    const p = (v: string) => own.filter((o) => o.value === v).reduce((s, o) => s + o.p, 0);
    const odds = disarmOdds(w, player(w), trap)!;
    expect(odds.success.p).toBeCloseTo(p('disarmed'), 12);
    expect(odds.setOff.p).toBeCloseTo(p('sprung'), 12);
  });

  it('a bad check is refused naming the field: an unknown input, outcomes out of order, a last outcome with a bound', () => {
    expect(() => fileWith('ceaptun', 'bad 1', { roll: '2d12', plus: ['skill'], against: 'difficulty', outcomes: OUTCOMES })).toThrow(/traps\[0\]\.disarm\.plus\[0\]: ceaptun's disarm inputs and this kind's numbers have no "skill" \(known: difficulty, modifier\)/);
    expect(() => fileWith('ceaptun', 'bad 2', { roll: '2d12', against: 'difficulty', outcomes: [{ atLeast: -5, is: 'failed' }, { atLeast: 0, is: 'disarmed' }, { is: 'sprung' }] })).toThrow(/traps\[0\]\.disarm\.outcomes\[1\]\.atLeast: expected less than the one before/);
    expect(() => fileWith('ceaptun', 'bad 3', { roll: '2d12', against: 'difficulty', outcomes: [{ atLeast: 0, is: 'disarmed' }, { atLeast: -3, is: 'sprung' }] })).toThrow(/traps\[0\]\.disarm\.outcomes\[1\]\.atLeast: the last outcome takes the rest/);
    expect(() => fileWith('ceaptun', 'bad 4', { roll: 'lots', against: 'difficulty', outcomes: OUTCOMES })).toThrow(/traps\[0\]\.disarm\.roll/);
  });
});

describe('every ruleset names the disarm inputs its readings give', () => {
  for (const id of RULESET_IDS) {
    it(`${id}: a live disarm reading has exactly the inputs disarmInputNames lists`, () => {
      const r = getRuleset(id);
      const kind = r.traps.find((t) => t.id !== 'designed' && (t.kind?.hosts ?? ['floor']).includes('floor'))!.id;
      // Omega disarms a trap it has found and shown on the map; Wasteland from the trap's own cell.
      const data = id === 'omega' ? { shown: true, shows: 'trap' } : undefined;
      const w = scenario({ ruleset: id, seed: 'names', map: MAP, traps: [{ kind, known: true, ...(data ? { data } : {}) }], player: { hp: 100, maxHp: 100 } });
      if (id === 'wasteland')
        edit(w, (e) => {
          e.actors.find((a) => a.id === e.playerId)!.x = 2;
        });
      const trap = w.traps.find((t) => t.kind === kind)!;
      const reading = r.disarm.read(w, player(w), trap);
      expect(reading, `${id} ${kind}`).not.toBeNull();
      expect(Object.keys(reading!.inputs).filter((k) => k !== 'trap').sort()).toEqual([...r.disarmInputNames!].sort());
    });
  }
});
