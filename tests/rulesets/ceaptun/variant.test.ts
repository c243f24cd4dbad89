/**
 * Play reads its numbers from the playing ruleset's trap table, so a balance-lab variant changes
 * the game and the odds; the base ruleset, on the same seeds and actions, plays the seed's.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/core/engine.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset, registerRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { applyVariant, parseVariant } from '../../../src/sim/variants.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { trapDifficulty } from '../../../src/rulesets/ceaptun/stats.ts';
import { scenario, trapOf } from '../../support/scenario.ts';
import { act, damageTo, ofType, SEEDS } from './helpers.ts';

/** A variant registered the way the Lab and `--variant` do it; returns the id worlds play it under. */
function variant(name: string, traps: Record<string, Record<string, string | number | boolean | null>>): string {
  return applyVariant(parseVariant({ name, ruleset: 'ceaptun', traps })).rulesetId;
}

describe('variants', () => {
  const hooked = ruleset.applyVariant!({ fireball: { difficulty: 11, '0–2': '3d6+1', volume: 0 }, pit: { charges: 1 } });
  registerRuleset({ ...hooked, id: 'ceaptun~test', name: 'ceaptun test variant' });

  it('the variant\'s cells change difficulty, damage, sound and charges in play', () => {
    const w = scenario({ ruleset: 'ceaptun~test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', charges: 1 }], player: { hp: 100, maxHp: 100 } });
    expect(trapDifficulty({ world: w, ruleset: getRuleset('ceaptun~test') }, trapOf(w, 'fireball'))).toBe(11);
    const events = act(w, { type: 'move', dx: 1, dy: 0 });
    const dmg = damageTo(events, 1)[0]!;
    expect(dmg).toBeGreaterThanOrEqual(4);
    expect(dmg).toBeLessThanOrEqual(19);
    expect(events.some((e) => e.type === 'noise')).toBe(false);
    const base = scenario({ ruleset: 'ceaptun', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', charges: 1 }] });
    expect(trapDifficulty({ world: base, ruleset }, trapOf(base, 'fireball'))).toBe(17);
  });

  it('the variant\'s damage check reads its dice; the original\'s does not change', () => {
    const settings = resolveSettings(ruleset, {});
    const values = (r: typeof ruleset) => exact(r.checks.damage!.program({ trap: 'fireball', danger: 0 }, settings) as never).map((o) => o.value);
    expect(values(hooked)[0]).toBe(4);
    expect(values(hooked).at(-1)).toBe(19);
    expect(values(ruleset)).toEqual([1, 2, 3, 4]);
  });

  it('a bad cell is refused with its name', () => {
    expect(() => ruleset.applyVariant!({ arrow: { '3–5': 'lots' } })).toThrow(/traps\.arrow\.3–5/);
    expect(() => ruleset.applyVariant!({ pit: { charges: 0 } })).toThrow(/traps\.pit\.charges/);
  });

  it('disarming rolls against the variant\'s difficulty: one that cannot be missed by 5 never goes off', () => {
    const easy = variant('easy spears', { spear: { difficulty: -100 } });
    const setOff = (rulesetId: string) => {
      let n = 0;
      for (const seed of SEEDS.slice(0, 40)) {
        const w = scenario({ ruleset: rulesetId, seed, map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear', known: true }], player: { hp: 100, maxHp: 100, traits: { dex: 10, disableDevice: 1 } } });
        const events = act(w, { type: 'disarm', dx: 1, dy: 0 });
        n += ofType(events, 'disarmAttempted').filter((e) => e.result === 'set_off').length;
      }
      return n;
    };
    // Difficulty 15 at modifier 0: 2d12 of 10 or less sets it off, 45 throws in 144.
    expect(setOff('ceaptun')).toBeGreaterThan(5);
    expect(setOff(easy)).toBe(0);
  });

  it('a trap\'s damage type is the variant\'s cell', () => {
    const frosty = variant('frost arrows', { arrow: { 'damage type': 'cold' } });
    const typesOfHits = (rulesetId: string) => {
      const types = new Set<string | undefined>();
      for (const seed of SEEDS.slice(0, 40)) {
        const w = scenario({ ruleset: rulesetId, seed, map: ['#######', '#.@^..#', '#######'], traps: [{ kind: 'arrow' }], player: { hp: 100, maxHp: 100 } });
        for (const e of ofType(act(w, { type: 'move', dx: 1, dy: 0 }), 'damaged')) if (e.trap !== undefined) types.add(e.damageType);
      }
      return [...types];
    };
    expect(typesOfHits('ceaptun')).toEqual(['piercing']);
    expect(typesOfHits(frosty)).toEqual(['cold']);
  });

  it('the dungeon places traps by the variant\'s weights', () => {
    const zero = Object.fromEntries(['arrow', 'spear', 'fireball', 'frost', 'lightning', 'pit', 'teleport'].map((id) => [id, { weight: 0 }]));
    const alarms = variant('only alarms', { ...zero, alarm: { weight: 1 } });
    const kinds = (rulesetId: string) => new Set(['a', 'b', 'c', 'd'].flatMap((seed) => newGame({ seed, ruleset: rulesetId }).traps.map((t) => t.kind)));
    expect([...kinds(alarms)]).toEqual(['alarm']);
    expect(kinds('ceaptun').size).toBeGreaterThan(2);
  });
});
