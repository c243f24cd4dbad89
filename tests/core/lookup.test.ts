import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { lookupOrThrow, nullRecord, own, protoKeyPath, UnknownNameError } from '../../src/core/lookup.ts';

const JS_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe('own-property lookups', () => {
  const table: Record<string, number> = { a: 1, b: 2 };

  it("finds a table's own entries and none of the names every object inherits", () => {
    expect(own(table, 'a')).toBe(1);
    for (const n of JS_NAMES) {
      expect(table[n], n).not.toBeUndefined(); // what a plain lookup would find
      expect(own(table, n), n).toBeUndefined();
    }
  });

  it('lookupOrThrow names the kind, the name and the known ones, for a record and a Map', () => {
    expect(lookupOrThrow('check', table, 'b')).toBe(2);
    expect(lookupOrThrow('bot', new Map([['x', 7]]), 'x')).toBe(7);
    for (const n of JS_NAMES) {
      expect(() => lookupOrThrow('check', table, n, 'for ruleset r')).toThrow(`unknown check "${n}" for ruleset r (known: a, b)`);
      expect(() => lookupOrThrow('bot', new Map([['x', 7]]), n)).toThrow(`unknown bot "${n}" (known: x)`);
    }
    const e = (() => {
      try {
        lookupOrThrow('thing', {}, 'y');
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(UnknownNameError);
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toBe('unknown thing "y" (known: none)');
  });

  it('a null-prototype record keeps "__proto__" as an ordinary key', () => {
    const name = '__proto__';
    const r = nullRecord<string>();
    r[name] = 'x';
    expect(Object.keys(r)).toEqual(['__proto__']);
    const plain: Record<string, string> = {};
    plain[name] = 'x';
    expect(Object.keys(plain)).toEqual([]);
  });

  it('protoKeyPath finds a "__proto__" key at any depth of parsed JSON, and nothing else', () => {
    expect(protoKeyPath(JSON.parse('{"a":{"b":[1,{"__proto__":2}]}}'))).toBe('a.b.1.__proto__');
    expect(protoKeyPath(JSON.parse('{"__proto__":{}}'))).toBe('__proto__');
    expect(protoKeyPath(JSON.parse('{"constructor":1,"toString":{"valueOf":[]}}'))).toBeNull();
    expect(protoKeyPath(5)).toBeNull();
    // Deep nesting costs no stack.
    expect(protoKeyPath(JSON.parse(`${'['.repeat(20_000)}{"__proto__":1}${']'.repeat(20_000)}`))).toMatch(/\.__proto__$/);
  });
});
