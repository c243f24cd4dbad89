/** Calls a CLI command directly with captured output, as the dispatcher would. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from '../../src/cli/io.ts';

export interface Ran {
  code: number;
  out: string;
  err: string;
}

export async function run(cmd: Command, argv: string[]): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cmd(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A file in a fresh temporary folder. */
export function tempFile(name: string, content: string | object): string {
  const dir = mkdtempSync(join(tmpdir(), 'trapsmith-'));
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
