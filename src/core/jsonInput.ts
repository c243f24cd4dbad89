/**
 * A user's JSON file (a trap file, a scenario) read the one way every such format reads it: its
 * size first, then JSON, then no `__proto__` key anywhere (lookup.ts `protoKeyPath`), then any
 * check of the raw tree its format needs before the schema walks it (a nesting limit), then the
 * zod schema, each problem named by its field (`traps[2].effect.damage: …`).
 */
import type { z } from 'zod';
import { protoKeyPath } from './lookup.ts';

/** `traps[2].effect.damage`: a zod path as a designer reads it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(top level)';
}

/** The file's value by `schema`, or every problem found (the first step that fails stops the reading). */
export function readJsonInput<T>(input: string | unknown, schema: z.ZodType<T>, maxBytes: number, before?: (raw: unknown) => string | null): { value: T } | { problems: string[] } {
  let raw: unknown = input;
  if (typeof input === 'string') {
    if (input.length > maxBytes) return { problems: [`the file is ${input.length} bytes, at most ${maxBytes} (limit)`] };
    try {
      raw = JSON.parse(input);
    } catch (e) {
      return { problems: [`not valid JSON (${(e as Error).message})`] };
    }
  }
  const proto = protoKeyPath(raw);
  if (proto) return { problems: [`${proto}: "__proto__" cannot be a name here`] };
  const early = before?.(raw);
  if (early) return { problems: [early] };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`) };
  return { value: parsed.data };
}
