/** A file a flag names (`--traps FILE`, `--scenario FILE`), read as text: its size checked first, a failure a UsageError naming the flag. */
import { readFileSync, statSync } from 'node:fs';
import { UsageError } from './io.ts';

export function readFlagFile(flag: string, path: string, maxBytes: number): string {
  try {
    const size = statSync(path).size;
    if (size > maxBytes) throw new UsageError(`--${flag} ${path}: the file is ${size} bytes, at most ${maxBytes} (limit)`);
    return readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--${flag}: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
