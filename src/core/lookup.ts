/**
 * Looking a user's name up (a command, a check, a setting, a trap, a column, a bot, an outcome).
 * A plain object inherits names of its own from Object.prototype — `constructor`, `__proto__`,
 * `toString`, `hasOwnProperty`, `valueOf`, ... — so `table[name]` finds a function for them and
 * `name in table` says yes. Every lookup by a name from outside goes through here (or through a
 * Map): only an object's own properties count.
 */
import { InputError } from './errors.ts';

/** `map[name]` when `name` is one of its own properties, else undefined. */
export function own<V>(map: Readonly<Record<string, V>>, name: string): V | undefined {
  return Object.hasOwn(map, name) ? map[name] : undefined;
}

/** An empty object without a prototype: a record filled from a user's names (`--set __proto__=1` is then an ordinary key). */
export function nullRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/** An unknown name from outside: "unknown check "x" for ruleset cdda (known: a, b, c)". */
export class UnknownNameError extends InputError {
  override name = 'UnknownNameError';
  constructor(
    readonly kind: string,
    readonly given: string,
    readonly known: readonly string[],
    where = '',
  ) {
    super(`unknown ${kind} ${JSON.stringify(given)}${where ? ` ${where}` : ''} (known: ${known.join(', ') || 'none'})`);
  }
}

/**
 * The entry named `name`, or an UnknownNameError naming the known ones. `where` follows the name
 * in the message ("for ruleset cdda").
 */
export function lookupOrThrow<V>(kind: string, map: Readonly<Record<string, V>> | ReadonlyMap<string, V>, name: string, where = ''): V {
  if (map instanceof Map) {
    const v = map.get(name);
    if (v !== undefined) return v;
    throw new UnknownNameError(kind, name, [...map.keys()], where);
  }
  const record = map as Readonly<Record<string, V>>;
  const v = own(record, name);
  if (v !== undefined) return v;
  throw new UnknownNameError(kind, name, Object.keys(record), where);
}

/**
 * Where a user's JSON value holds a `__proto__` key ("traps.__proto__"), or null. JSON.parse keeps
 * it as data, but it is the one key a plain object cannot hold (assigning it sets the prototype)
 * and zod's records drop it without a word; checked before the schema, a file naming it is
 * refused at that path rather than read as if the key were not there. Iterative: nesting depth
 * costs no stack.
 */
export function protoKeyPath(value: unknown): string | null {
  const stack: Array<{ v: unknown; path: string }> = [{ v: value, path: '' }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        stack.push({ v: item, path: path ? `${path}.${i}` : String(i) });
      });
      continue;
    }
    for (const key of Object.keys(v)) {
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__') return at;
      stack.push({ v: (v as Record<string, unknown>)[key], path: at });
    }
  }
  return null;
}
