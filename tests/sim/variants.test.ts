import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { applyVariant, parseVariant, VariantError, variantRulesetId } from '../../src/sim/variants.ts';
import { scenario } from '../support/scenario.ts';

function message(input: unknown): string {
  try {
    parseVariant(input, 'v.json');
  } catch (e) {
    expect(e).toBeInstanceOf(VariantError);
    return (e as Error).message;
  }
  throw new Error('expected the variant to be refused');
}

describe('variants', () => {
  it('name the bad field when a file is wrong', () => {
    expect(message('{ "name": ')).toMatch(/^v\.json: not valid JSON/);
    expect(message({ ruleset: 'test' })).toMatch(/^v\.json: name: /);
    expect(message({ name: 'x', ruleset: 'test', colour: 'red' })).toMatch(/colour/);
    expect(message({ name: 'x', ruleset: 'nope' })).toBe('v.json: ruleset: unknown ruleset "nope"');
    expect(message({ name: 'x', ruleset: 'test', settings: { spikeSide: 4 } })).toMatch(/^v\.json: settings\.spikeSide: no such setting for ruleset test/);
    expect(message({ name: 'x', ruleset: 'test', settings: { spikeSides: 0 } })).toMatch(/^v\.json: settings\.spikeSides: 0 is below the minimum 1/);
    expect(message({ name: 'x', ruleset: 'test', traps: { spikes: { difficulty: 3 } } })).toMatch(/^v\.json: traps\.spikes: no such trap in test \(traps: spike, alarm, dart\)/);
    expect(message({ name: 'x', ruleset: 'test', traps: { spike: { difficutly: 3 } } })).toMatch(/^v\.json: traps\.spike\.difficutly: no such column/);
    expect(message({ name: 'x', ruleset: 'test', traps: { spike: { difficulty: 'hard' } } })).toBe('v.json: traps.spike.difficulty: expected a number like 7, got "hard"');
    expect(message({ name: 'x', ruleset: 'test', traps: { spike: { difficulty: 7.5 } } })).toBe('v.json: traps.spike.difficulty: expected a whole number like 7, got 7.5');
    expect(message({ name: 'x', ruleset: 'test', traps: { spike: { damage: 'lots' } } })).toMatch(/traps\.spike\.damage: expected dice like "1d4"/);
  });

  it('play under their own ruleset id, with the changed table in play', () => {
    const v = parseVariant({ name: 'Easy Spikes', ruleset: 'test', traps: { spike: { difficulty: 2, damage: '1d2' } } });
    expect(variantRulesetId(v)).toBe('test~easy-spikes');
    const { rulesetId } = applyVariant(v);
    expect(getRuleset(rulesetId).traps.find((t) => t.id === 'spike')!.columns).toMatchObject({ difficulty: 2, damage: '1d2' });
    // The base ruleset is untouched.
    expect(getRuleset('test').traps.find((t) => t.id === 'spike')!.columns.difficulty).toBe(7);
    // The test ruleset reads the difficulty from its table: with skill 0, 2d6 >= 7 fails 15 times in 36
    // on the original, 2d6 >= 2 never fails on the variant. Disarm 30 times each.
    const outcomes = (ruleset: string) => {
      let setOff = 0;
      for (let i = 0; i < 30; i++) {
        const w = scenario({ ruleset, seed: `v${i}`, map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }], player: { traits: { skill: 0 } } });
        const events = step(w, { type: 'disarm', dx: 1, dy: 0 }).events;
        if (events.some((e) => e.type === 'trapTriggered')) setOff++;
      }
      return setOff;
    };
    expect(outcomes(rulesetId)).toBe(0);
    expect(outcomes('test')).toBeGreaterThan(0);
  });

  it('refuse two different variants under one name', () => {
    applyVariant(parseVariant({ name: 'twin', ruleset: 'test', settings: { spikeSides: 5 } }));
    expect(() => applyVariant(parseVariant({ name: 'twin', ruleset: 'test', settings: { spikeSides: 6 } }))).toThrow(/two different variants are both named "twin"/);
    // The same content again is fine.
    expect(applyVariant(parseVariant({ name: 'twin', ruleset: 'test', settings: { spikeSides: 5 } })).rulesetId).toBe('test~twin');
  });

  it('use the ruleset\'s own applyVariant hook when it has one', () => {
    const base = getRuleset('test');
    const seen: unknown[] = [];
    const withHook = { ...base, id: 'test-hooked', applyVariant: (o: Record<string, Record<string, unknown>>) => {
        seen.push(o);
        return { ...base, name: 'changed by hook' };
      },
    };
    // Registered only for this test, under its own id.
    return import('../../src/core/registry.ts').then(({ registerRuleset }) => {
      registerRuleset(withHook);
      const v = parseVariant({ name: 'h', ruleset: 'test-hooked', traps: { dart: { difficulty: 9 } } });
      const r = applyVariant(v);
      expect(r.usesHook).toBe(true);
      expect(seen).toEqual([{ dart: { difficulty: 9 } }]);
      expect(getRuleset(r.rulesetId).id).toBe('test-hooked~h');
    });
  });
});
