/** Play reads its numbers from the trap table, so a balance-lab variant changes the game and the odds. */
import { describe, expect, it } from 'vitest';
import { exact } from '../../../src/core/prob.ts';
import { registerRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { trapDifficulty } from '../../../src/rulesets/ceaptun/stats.ts';
import { scenario, trapOf } from '../../support/scenario.ts';
import { act, damageTo } from './helpers.ts';

describe('variants', () => {
  const variant = ruleset.applyVariant!({ fireball: { difficulty: 11, '0–2': '3d6+1', volume: 0 }, pit: { charges: 1 } });
  registerRuleset({ ...variant, id: 'ceaptun~test', name: 'ceaptun test variant' });

  it('the variant\'s cells change difficulty, damage, sound and charges in play', () => {
    const w = scenario({ ruleset: 'ceaptun~test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', charges: 1 }], player: { hp: 100, maxHp: 100 } });
    expect(trapDifficulty(w, trapOf(w, 'fireball'))).toBe(11);
    const events = act(w, { type: 'move', dx: 1, dy: 0 });
    const dmg = damageTo(events, 1)[0]!;
    expect(dmg).toBeGreaterThanOrEqual(4);
    expect(dmg).toBeLessThanOrEqual(19);
    expect(events.some((e) => e.type === 'noise')).toBe(false);
    const base = scenario({ ruleset: 'ceaptun', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', charges: 1 }] });
    expect(trapDifficulty(base, trapOf(base, 'fireball'))).toBe(17);
  });

  it('the variant\'s damage check reads its dice; the original\'s does not change', () => {
    const settings = resolveSettings(ruleset, {});
    const values = (r: typeof ruleset) => exact(r.checks.damage!.program({ trap: 'fireball', danger: 0 }, settings) as never).map((o) => o.value);
    expect(values(variant)[0]).toBe(4);
    expect(values(variant).at(-1)).toBe(19);
    expect(values(ruleset)).toEqual([1, 2, 3, 4]);
  });

  it('a bad cell is refused with its name', () => {
    expect(() => ruleset.applyVariant!({ arrow: { '3–5': 'lots' } })).toThrow(/traps\.arrow\.3–5/);
    expect(() => ruleset.applyVariant!({ pit: { charges: 0 } })).toThrow(/traps\.pit\.charges/);
  });
});
