/**
 * The Balance Lab's worker refuses code made from strings, whatever the host sends.
 *
 * A dedicated worker loaded from the site's URL takes its Content-Security-Policy from its own
 * response headers (HTML's "initialize a worker global scope's policy container"; only blob: and
 * data: workers inherit the page's): index.html's meta policy never reaches it, and on a host that
 * sends no header the worker has none. public/_headers gives it the page's policy where the host
 * reads that file; everywhere else, this module (the worker's first import) takes eval away from
 * the worker's own globals: `eval`, the Function constructors (plain, async, generator) and string
 * timers throw. Nothing in the worker compiles code: zod is told so (jitless), PixiJS is not loaded.
 */
import { z } from 'zod';

z.config({ jitless: true });

const REFUSED = 'the Balance Lab worker runs no code made from strings (no eval)';

function refuse(): never {
  throw new EvalError(REFUSED);
}

/** The constructor, still itself for `instanceof` and its prototype, refusing to be called or constructed. */
function locked<T extends object>(ctor: T): T {
  return new Proxy(ctor, { apply: refuse, construct: refuse });
}

const scope = globalThis as unknown as Record<string, unknown>;
// Each kind of function reaches its constructor through its prototype (`(async () => {}).constructor`).
const kinds = [() => {}, async () => {}, function* () {}, async function* () {}];
for (const f of kinds) {
  const proto = Object.getPrototypeOf(f) as { constructor: object };
  Object.defineProperty(proto, 'constructor', { value: locked(proto.constructor), writable: false, configurable: false });
}
Object.defineProperty(globalThis, 'Function', { value: Function.prototype.constructor, writable: false, configurable: false });
Object.defineProperty(globalThis, 'eval', { value: locked(scope.eval as object), writable: false, configurable: false });
for (const name of ['setTimeout', 'setInterval'] as const) {
  const timer = scope[name] as (handler: unknown, ...rest: unknown[]) => number;
  scope[name] = (handler: unknown, ...rest: unknown[]) => (typeof handler === 'string' ? refuse() : timer.call(globalThis, handler, ...rest));
}
