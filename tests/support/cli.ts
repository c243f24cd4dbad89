/** The `trapsmith` command line in-process, for the CLI tests: exit code, stdout and stderr as text. */
import { main } from '../../src/cli/main.ts';
import type { CliIO } from '../../src/cli/io.ts';

export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' };
  const code = await main(argv, cli);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
