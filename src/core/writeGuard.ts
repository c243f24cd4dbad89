/**
 * The write guard, for tests: while it is on, the world a step hands to the rules (`ctx.world`,
 * and every actor, trap, item and chest the level's lookups return) is a read-only view, so that a
 * write anywhere but in `Level.apply` or `Level.edit` throws where it happens, naming the field.
 * The level itself works on the plain objects behind the views. Off (in play), nothing is wrapped
 * and the only cost is one test of `GUARD.on` per lookup.
 *
 * Views are made once per object (`viewOf` is a function of the object), so identity holds: two
 * lookups of one actor give one view, and comparing views compares the objects behind them.
 */

/** Whether lookups and steps hand out read-only views. Only tests turn it on (`setWriteGuard`). */
export const GUARD = { on: false };

export function setWriteGuard(on: boolean): void {
  GUARD.on = on;
}

/** Thrown for a write through a guarded view. */
export class WorldWriteError extends Error {
  constructor(what: string) {
    super(`${what} outside Level.apply or Level.edit: a world changes only through its events`);
    this.name = 'WorldWriteError';
  }
}

const views = new WeakMap<object, object>();
const targets = new WeakMap<object, object>();

/** Typed-array methods that write into the array. */
const WRITING_METHODS = new Set(['set', 'fill', 'copyWithin', 'sort', 'reverse']);

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null;
}

const handler: ProxyHandler<object> = {
  get(target, key) {
    const value: unknown = Reflect.get(target, key, target);
    if (isObject(value)) return viewOf(value);
    if (typeof value === 'function' && ArrayBuffer.isView(target)) {
      // A typed array's methods need the array itself as `this`; the writing ones are refused.
      if (typeof key === 'string' && WRITING_METHODS.has(key)) {
        return () => {
          throw new WorldWriteError(`${key}() on a grid`);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    }
    return value;
  },
  set(_target, key) {
    throw new WorldWriteError(`a write of "${String(key)}"`);
  },
  defineProperty(_target, key) {
    throw new WorldWriteError(`a write of "${String(key)}"`);
  },
  deleteProperty(_target, key) {
    throw new WorldWriteError(`a delete of "${String(key)}"`);
  },
  setPrototypeOf() {
    throw new WorldWriteError('a change of prototype');
  },
};

/** The read-only view of `value` (itself when it is no object, or already a view). */
export function viewOf<T>(value: T): T {
  if (!isObject(value) || targets.has(value)) return value;
  let view = views.get(value);
  if (!view) {
    view = new Proxy(value, handler);
    views.set(value, view);
    targets.set(view, value);
  }
  return view as T;
}

/** The object behind a view (itself when it is none). */
export function unviewed<T>(value: T): T {
  if (!isObject(value)) return value;
  return (targets.get(value) as T | undefined) ?? value;
}

/**
 * A deep copy of `value` made of plain objects, reading through views: what the level writes into
 * a world when an event's payload was built from views (a mind spread from a viewed mind, an
 * inventory mapped from viewed items). Plain data only: objects, arrays, typed arrays, primitives.
 */
export function plainCopy<T>(value: T): T {
  const v = unviewed(value);
  if (!isObject(v)) return v;
  if (ArrayBuffer.isView(v)) return (v as unknown as Uint8Array).slice() as unknown as T;
  if (Array.isArray(v)) return v.map((x: unknown) => plainCopy(x)) as unknown as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) out[key] = plainCopy((v as Record<string, unknown>)[key]);
  return out as T;
}
