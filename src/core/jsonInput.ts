/**
 * JSON from outside (a trap file, a scenario, a variant, an assertions file, a replay, a save, a
 * link, a shard) read the one way: one leading byte-order mark dropped (what Windows editors
 * write), its size, then JSON, then how deep its lists and objects nest — all before anything
 * walks the tree recursively (zod does, per level; so do JSON.stringify and the effect readers),
 * so a file nested 10,000 deep is refused by name instead of exhausting the stack. `readJsonInput`
 * then refuses a `__proto__` key anywhere (lookup.ts `protoKeyPath`), runs any check of the raw
 * tree its format needs, and the zod schema, each problem named by its field
 * (`traps[2].effect.damage: …`).
 */
import type { z } from 'zod';
import { protoKeyPath } from './lookup.ts';

/**
 * How deep lists and objects may nest in any file read. Far above every real file (the deepest
 * shipped one, CDDA's traps.json, nests 14 deep; a trap file may nest 40, schema.ts, and a save
 * carries it two levels down) and far below what costs a recursive reader its stack (thousands).
 */
export const MAX_JSON_DEPTH = 64;

/** The byte-order mark U+FEFF: a Windows editor's UTF-8 file starts with it; it is no part of the JSON. */
const BOM = 0xfeff;

/** `text` without one leading byte-order mark. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}

/** `traps[2].effect.damage`: a zod path as a designer reads it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(top level)';
}

/**
 * A problem of a file read inside another (`traps[0].effect: …` of a scenario's trap file) as a
 * problem of the outer file's `field`: `trapFile.traps[0].effect: …`.
 */
export function underField(field: string, issue: string): string {
  const top = /^\(top level\): /.exec(issue);
  if (top) return `${field}: ${issue.slice(top[0].length)}`;
  return /^[A-Za-z_$][\w$-]*(?:\[\d+\]|\.[\w$-]+)*(?:…)?: /.test(issue) ? `${field}.${issue}` : `${field}: ${issue}`;
}

/** The path a message names for a value nested too deep: its first steps (the rest would fill the screen). */
const PATH_SHOWN = 6;

/**
 * Where `value` nests lists and objects more than `maxDepth` deep — `traps[0].effect.effects[0]…:
 * nested more than 40 deep …` — or null. Iterative (a stack of its own): any depth costs no call
 * stack, and the path is rebuilt only for the one value it names.
 */
export function nestingProblem(value: unknown, maxDepth: number): string | null {
  interface At {
    v: unknown;
    depth: number;
    key: PropertyKey | null;
    up: At | null;
  }
  const stack: At[] = [{ v: value, depth: 0, key: null, up: null }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (at.v === null || typeof at.v !== 'object') continue;
    if (at.depth >= maxDepth) {
      const path: PropertyKey[] = [];
      for (let a: At | null = at; a?.key != null; a = a.up) path.unshift(a.key);
      const shown = fieldPath(path.slice(0, PATH_SHOWN)) + (path.length > PATH_SHOWN ? '…' : '');
      return `${shown}: nested more than ${maxDepth} deep (lists and objects within each other); no such file nests so deep`;
    }
    if (Array.isArray(at.v)) for (const [i, v] of at.v.entries()) stack.push({ v, depth: at.depth + 1, key: i, up: at });
    else for (const [k, v] of Object.entries(at.v)) stack.push({ v, depth: at.depth + 1, key: k, up: at });
  }
  return null;
}

export type JsonText = { ok: true; value: unknown } | { ok: false; problem: 'size' | 'syntax' | 'depth'; message: string; why?: string };

/**
 * JSON text from outside, parsed: one leading byte-order mark dropped, at most `maxChars`
 * characters (checked before parsing), nested at most `maxDepth` deep (checked before anything
 * else walks it). A problem's message names it (`not valid JSON (…)`, with the parser's `why`).
 */
export function parseJsonText(input: string, maxChars: number, maxDepth = MAX_JSON_DEPTH): JsonText {
  // "bytes" as the command line measures a file; here UTF-16 code units, never fewer.
  if (input.length > maxChars) return { ok: false, problem: 'size', message: `the file is ${input.length} bytes, at most ${maxChars} (limit)` };
  const text = withoutBom(input);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // A parser out of stack on deep nesting throws a RangeError, not a SyntaxError.
    if (e instanceof RangeError) return { ok: false, problem: 'depth', message: `nested more than ${maxDepth} deep (lists and objects within each other); no such file nests so deep` };
    const why = (e as Error).message;
    return { ok: false, problem: 'syntax', message: `not valid JSON (${why})`, why };
  }
  const deep = nestingProblem(value, maxDepth);
  if (deep) return { ok: false, problem: 'depth', message: deep };
  return { ok: true, value };
}

/**
 * A value from outside (JSON text, or a value parsed already, as a link or a save holds a trap
 * file), checked as a file is: its nesting, its size as JSON text, no `__proto__` key. The
 * value, or the one problem found.
 */
export function readJsonValue(input: string | unknown, maxChars: number, maxDepth = MAX_JSON_DEPTH): { value: unknown } | { problem: string } {
  let raw: unknown = input;
  if (typeof input === 'string') {
    const read = parseJsonText(input, maxChars, maxDepth);
    if (!read.ok) return { problem: read.message };
    raw = read.value;
  } else {
    const deep = nestingProblem(raw, maxDepth);
    if (deep) return { problem: deep };
    // Measured only once its depth is known to be small (JSON.stringify recurses).
    const chars = JSON.stringify(raw)?.length ?? 0;
    if (chars > maxChars) return { problem: `too large (${chars.toLocaleString('en')} characters as JSON; at most ${maxChars.toLocaleString('en')}) (limit)` };
  }
  const proto = protoKeyPath(raw);
  if (proto) return { problem: `${proto}: "__proto__" cannot be a name here` };
  return { value: raw };
}

/** The file's value by `schema`, or every problem found (the first step that fails stops the reading). */
export function readJsonInput<T>(
  input: string | unknown,
  schema: z.ZodType<T>,
  maxBytes: number,
  opts: { maxDepth?: number; before?: (raw: unknown) => string | null } = {},
): { value: T } | { problems: string[] } {
  const read = readJsonValue(input, maxBytes, opts.maxDepth);
  if ('problem' in read) return { problems: [read.problem] };
  const early = opts.before?.(read.value);
  if (early) return { problems: [early] };
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${fieldPath(i.path)}: ${i.message}`) };
  return { value: parsed.data };
}
