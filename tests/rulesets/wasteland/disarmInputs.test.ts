/**
 * The disarm reading (`disarmInputs`: the `disarm` check, its inputs for this hero and trap now,
 * which outcomes remove the trap and which set it off) against play: thousands of real disarm
 * actions on fresh scenarios remove the trap and set it off as often as the reading says, within
 * 4.5 standard errors; and the reading is null exactly where the game refuses the attempt.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { edit, player, trapAt } from '../../../src/core/level.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import type { DisarmReading } from '../../../src/core/ruleset.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { heroIn } from '../../support/heroIn.ts';
import { scenario } from '../../support/scenario.ts';

const wasteland = getRuleset('wasteland');

/** The hero standing on a known trap of `kind` at the start of a turn (placed there while setting up, through edit). */
function onTrap(kind: string, settings: Traits, seed: string, known = true): World {
  const w = scenario({ ruleset: 'wasteland', seed, map: ['######', '#.^..#', '#@...#', '######'], traps: [{ kind, known }], settings: { trapsVisible: known, ...settings } });
  edit(w, (p) => {
    const hero = heroIn(p);
    hero.x = 2;
    hero.y = 1;
  });
  return w;
}

function reading(w: World): DisarmReading | null {
  return wasteland.disarm.read(w, player(w), trapAt(w, 2, 1)!);
}

/** The reading's chance of the outcomes in `names`, exactly as `trapsmith odds` reads the check. */
function chanceOf(w: World, r: DisarmReading, names: readonly string[]): number {
  const check = wasteland.checks[r.check]!;
  expect(check.validate?.(r.inputs) ?? null).toBeNull();
  return exact(check.program(r.inputs, resolveSettings(wasteland, w.settings)))
    .filter((o) => names.includes(String(o.value)))
    .reduce((p, o) => p + o.p, 0);
}

const CASES: Array<{ kind: string; settings: Traits; dice: number; success: number }> = [
  // RULES.md: 3 dice (6 with a detector); the default die's shield 2 faces in 6: 19/27 and 665/729.
  { kind: 'bear_trap', settings: {}, dice: 3, success: 19 / 27 },
  { kind: 'caltrops', settings: { heroDetector: true }, dice: 6, success: 665 / 729 },
  { kind: 'mine', settings: { skullFaces: 1, shieldFaces: 1, blankFaces: 4, disarmDice: 2 }, dice: 2, success: 11 / 36 },
  { kind: 'caltrops', settings: { skullFaces: 0, shieldFaces: 1, blankFaces: 5, heroDetector: true, detectorDisarmDice: 4 }, dice: 4, success: 671 / 1296 },
];

describe('wasteland: the disarm reading is what play does', () => {
  for (const c of CASES) {
    it(`${c.kind}, settings ${JSON.stringify(c.settings)}: 3,000 disarms of the engine against the reading`, () => {
      const first = onTrap(c.kind, c.settings, 'odds-0');
      const r = reading(first)!;
      expect(r).toMatchObject({ check: 'disarm', success: ['disarmed'], setOff: ['sprung'] });
      expect(r.inputs.dice).toBe(c.dice);
      const success = chanceOf(first, r, r.success);
      const setOff = chanceOf(first, r, r.setOff);
      expect(success).toBeCloseTo(c.success, 12);
      expect(success + setOff).toBeCloseTo(1, 12);
      const n = 3000;
      let disarmed = 0;
      let sprung = 0;
      for (let i = 0; i < n; i++) {
        const w = onTrap(c.kind, c.settings, `odds-${i}`);
        const hero = w.playerId;
        const res = step(w, { type: 'disarm', dx: 0, dy: 0 });
        expect(res.refused).toBeUndefined();
        if (res.events.some((e) => e.type === 'trapRemoved' && e.why === 'disarmed')) disarmed++;
        if (res.events.some((e) => e.type === 'trapTriggered' && e.how === 'disarm' && e.actor === hero)) sprung++;
      }
      expect(disarmed + sprung).toBe(n);
      for (const [name, p, seen] of [
        ['success', success, disarmed],
        ['set off', setOff, sprung],
      ] as const) {
        const se = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(seen / n - p), `${name}: ${seen} of ${n}, read ${p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      }
    });
  }

  it('is null exactly where the game refuses the attempt: off the trap, after another action, a trap not known', () => {
    // Beside the trap, not on it.
    const beside = scenario({ ruleset: 'wasteland', map: ['######', '#.^..#', '#@...#', '######'], traps: [{ kind: 'mine', known: true }] });
    expect(wasteland.disarm.read(beside, player(beside), trapAt(beside, 2, 1)!)).toBeNull();
    expect(step(beside, { type: 'disarm', dx: 1, dy: -1 }).refused).toMatch(/stand on the trap/);
    // On it, but the hero has acted this turn.
    const acted = onTrap('mine', {}, 'odds-0');
    expect(reading(acted)).not.toBeNull();
    expect(step(acted, { type: 'search' }).refused).toBeUndefined();
    expect(reading(acted)).toBeNull();
    expect(step(acted, { type: 'disarm', dx: 0, dy: 0 }).refused).toMatch(/only action this turn/);
    // On a trap the hero does not know of (hidden traps: a variant of the board).
    const hidden = onTrap('mine', {}, 'odds-0', false);
    expect(trapAt(hidden, 2, 1)!.knownBy).not.toContain(hidden.playerId);
    expect(reading(hidden)).toBeNull();
    expect(step(hidden, { type: 'disarm', dx: 0, dy: 0 }).refused).toMatch(/know of no trap/);
  });
});
