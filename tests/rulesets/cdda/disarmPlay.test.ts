/**
 * The disarm reading (`disarmInputs`: which check, its inputs here and now, which outcomes disarm
 * and which set the trap off) against play: thousands of real disarm actions on fresh scenarios
 * (seeds odds-0, odds-1, ...), the trap removed as disarmed and the trap set off as often as the
 * reading says, within 4.5 standard errors.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { edit, player } from '../../../src/core/level.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { cddaWorld } from './helpers.ts';

const cdda = getRuleset('cdda');

function fixture(kind: string, traits: Traits, seed: string, armed = true): World {
  const w = cddaWorld({ seed, map: ['######', '#.@^.#', '######'], traps: [{ kind, known: true }], player: { traits } });
  if (!armed)
    edit(w, (p) => {
      p.traps[0]!.armed = false;
    });
  return w;
}

/** The reading's chances of disarming and of setting the trap off. */
function reading(w: World): { success: number; setOff: number } {
  const r = cdda.disarm.read(w, player(w), w.traps[0]!);
  expect(r).not.toBeNull();
  const check = cdda.checks[r!.check]!;
  expect(check.validate?.(r!.inputs) ?? null).toBeNull();
  let success = 0;
  let setOff = 0;
  for (const o of exact(check.program(r!.inputs, resolveSettings(cdda, w.settings)))) {
    if (r!.success.includes(String(o.value))) success += o.p;
    if (r!.setOff.includes(String(o.value))) setOff += o.p;
  }
  return { success, setOff };
}

/** One real disarm action east: was the trap disarmed, was it set off? */
function attempt(w: World): { success: boolean; setOff: boolean } {
  const trap = w.traps[0]!.id;
  const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
  expect(r.refused).toBeUndefined();
  return {
    success: r.events.some((e) => e.type === 'trapRemoved' && e.trap === trap && e.why === 'disarmed'),
    setOff: r.events.some((e) => e.type === 'trapTriggered' && e.trap === trap),
  };
}

function within(seen: number, n: number, p: number, what: string): void {
  const se = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(seen / n - p), `${what}: ${seen} of ${n}, read ${p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
}

describe('cdda: the disarm reading is what play does', () => {
  for (const [kind, traits] of [
    ['crossbow', { traps: 1, per: 8, dex: 8 }],
    ['landmine', { traps: 2, per: 10, dex: 6 }],
    ['beartrap', { traps: 0, per: 9, dex: 8 }],
  ] as const) {
    it(`a known ${kind}, Traps ${traits.traps}, Per ${traits.per}, Dex ${traits.dex}: 3,000 attempts against the reading`, () => {
      const read = reading(fixture(kind, traits, 'odds-0'));
      // Both far from certain, so a wrong reading shows.
      for (const p of [read.success, read.setOff]) expect(p > 0.03 && p < 0.97, JSON.stringify(read)).toBe(true);
      const n = 3000;
      let success = 0;
      let setOff = 0;
      for (let i = 0; i < n; i++) {
        const a = attempt(fixture(kind, traits, `odds-${i}`));
        if (a.success) success++;
        if (a.setOff) setOff++;
      }
      within(success, n, read.success, 'disarmed');
      within(setOff, n, read.setOff, 'set off');
    });
  }

  it('a trap resting unarmed cannot be set off: the reading says so, and play never does', () => {
    const traits = { traps: 0, per: 9, dex: 8 };
    const read = reading(fixture('beartrap', traits, 'odds-0', false));
    expect(read.setOff).toBe(0);
    let success = 0;
    const n = 1000;
    for (let i = 0; i < n; i++) {
      const a = attempt(fixture('beartrap', traits, `odds-${i}`, false));
      expect(a.setOff).toBe(false);
      if (a.success) success++;
    }
    within(success, n, read.success, 'disarmed');
  });

  it('a cot comes down with no roll (read as certain); difficulty 99 and an unknown trap have no reading', () => {
    const cot = fixture('cot', {}, 'c');
    expect(reading(cot)).toEqual({ success: 1, setOff: 0 });
    expect(attempt(cot).success).toBe(true);
    const pit = fixture('pit', {}, 'c');
    expect(cdda.disarm.read(pit, player(pit), pit.traps[0]!)).toBeNull();
    const hidden = cddaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'crossbow' }] });
    expect(cdda.disarm.read(hidden, player(hidden), hidden.traps[0]!)).toBeNull();
  });

  it('reads the actor now: Traps skill, Per, Dex and the playing table\u2019s difficulty', () => {
    const w = fixture('landmine', { traps: 3, per: 11, dex: 9 }, 'r');
    expect(cdda.disarm.read(w, player(w), w.traps[0]!)).toEqual({
      check: 'disarm',
      inputs: { skill: 3, per: 11, dex: 9, difficulty: 10 },
      success: ['disarmed'],
      setOff: ['set_off'],
    });
    const variant = cdda.applyVariant!({ landmine: { D: 12 } });
    expect(variant.disarm.read(w, player(w), w.traps[0]!)?.inputs.difficulty).toBe(12);
  });
});
