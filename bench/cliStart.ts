/**
 * How fast the `trapsmith` command starts (#23: at most 2× a bare `node -e 1`): `trapsmith --help`
 * through the bundle (dist-cli/, built first if stale), through tsx (TRAPSMITH_TSX=1), and
 * `node -e 1`, each the median of 15 runs, interleaved so a busy moment hits all three alike.
 */
import { execFileSync, spawnSync } from 'node:child_process';

const bin = new URL('../src/cli/trapsmith.mjs', import.meta.url).pathname;

function wall(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runCliStartBench(): Promise<Record<string, string>> {
  execFileSync(process.execPath, [new URL('../src/cli/bundle.mjs', import.meta.url).pathname]);
  const bare: number[] = [];
  const bundled: number[] = [];
  const tsx: number[] = [];
  for (let i = 0; i < 15; i++) {
    bare.push(wall(['-e', '1']));
    bundled.push(wall([bin, '--help']));
    tsx.push(wall([bin, '--help'], { ...process.env, TRAPSMITH_TSX: '1' }));
  }
  const b = median(bare);
  return {
    'node -e 1 (median of 15)': `${b.toFixed(0)} ms`,
    'trapsmith --help, bundled': `${median(bundled).toFixed(0)} ms (${(median(bundled) / b).toFixed(2)}× node -e 1; target ≤ 2×)`,
    'trapsmith --help, TypeScript through tsx': `${median(tsx).toFixed(0)} ms (${(median(tsx) / b).toFixed(2)}×)`,
  };
}
