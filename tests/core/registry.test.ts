/**
 * Derived rulesets (a trap file's, a variant's) are registered once per id: the same content is
 * the same ruleset, other content under the id is refused, and a ruleset dropped can be made anew.
 */
import { describe, expect, it } from 'vitest';
import { getRuleset, hasRuleset, registerDerived, unregisterRuleset } from '../../src/core/registry.ts';

describe('registerDerived', () => {
  const base = getRuleset('test');
  const clash = () => new Error('clash');

  it('makes a ruleset once per id and content, refuses other content under the id, and makes it again once dropped', () => {
    let made = 0;
    const make = () => {
      made++;
      return { ...base, name: 'derived' };
    };
    expect(registerDerived('test~registry', 'a', make, clash)).toBe(true);
    expect(getRuleset('test~registry').name).toBe('derived');
    expect(getRuleset('test~registry').id).toBe('test~registry');
    expect(registerDerived('test~registry', 'a', make, clash)).toBe(false);
    expect(made).toBe(1);
    expect(() => registerDerived('test~registry', 'b', make, clash)).toThrow('clash');
    unregisterRuleset('test~registry');
    expect(hasRuleset('test~registry')).toBe(false);
    expect(registerDerived('test~registry', 'b', make, clash)).toBe(true);
    expect(made).toBe(2);
  });

  it('registers nothing when making the ruleset throws', () => {
    expect(() =>
      registerDerived('test~broken', 'a', () => {
        throw new Error('bad file');
      }, clash),
    ).toThrow('bad file');
    expect(hasRuleset('test~broken')).toBe(false);
  });
});
