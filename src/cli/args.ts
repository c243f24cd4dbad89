/** Argument parsing shared by the commands: node:util parseArgs, strict, with our error messages. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { nullRecord } from '../core/lookup.ts';
import { readWhole } from '../core/numbers.ts';
import { UsageError } from './io.ts';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
}

/**
 * `--depth -1` as `--depth=-1`: parseArgs would take "-1" for an option and refuse the flag as
 * missing its value; joined, the value reaches the flag's own check, which names its range.
 */
export function joinNegativeValues(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const name = a.startsWith('--') && !a.includes('=') ? a.slice(2) : null;
    if (name && Object.hasOwn(options, name) && options[name]!.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

export function parse(argv: string[], options: Options, allowPositionals = true): Parsed {
  try {
    const all: Options = { help: { type: 'boolean', short: 'h' }, ...options };
    const r = parseArgs({ args: joinNegativeValues(argv, all), options: all, allowPositionals, strict: true });
    return { values: r.values as Parsed['values'], positionals: r.positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^.*?: /, '').replace(/\. To specify.*$/s, ''));
  }
}

/** An integer flag within bounds (read by core/numbers.ts: not 0x30, not 4e1, not " 12 "), or a UsageError naming the flag. */
export function intFlag(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = readWhole(raw);
  if (n === null || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

export function oneOf<T extends string>(name: string, raw: string | undefined, values: readonly T[], fallback: T): T {
  if (raw === undefined) return fallback;
  if (!(values as readonly string[]).includes(raw)) throw new UsageError(`--${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

/**
 * Free-form `--name value` pairs (a check's inputs): a flag followed by a value, or a bare flag
 * (true). Values may be negative numbers. Returns the pairs and the positionals.
 */
export function looseFlags(argv: string[], known: Set<string>): { flags: Record<string, string | true>; known: Record<string, string | true>; positionals: string[] } {
  // Null-prototype: `--__proto__ 5` is then a flag like any other, which the check refuses by name.
  const flags: Record<string, string | true> = nullRecord();
  const knownOut: Record<string, string | true> = nullRecord();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (!name) throw new UsageError(`bad option "${a}"`);
      let value: string | true = true;
      if (eq >= 0) value = a.slice(eq + 1);
      else if (i + 1 < argv.length && (!argv[i + 1]!.startsWith('--') || /^-?\d/.test(argv[i + 1]!.slice(0, 2)))) value = argv[++i]!;
      (known.has(name) ? knownOut : flags)[name] = value;
    } else positionals.push(a);
  }
  return { flags, known: knownOut, positionals };
}
