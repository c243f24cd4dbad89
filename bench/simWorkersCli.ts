/**
 * `sim --workers 2` against the machine's own ceiling, as #23 measures it: wall clock from the
 * command's start to its end over 3,000 games, the ceiling being two single-threaded `sim`
 * processes on half the seeds each, started together (done when both are). One process on all
 * the seeds is timed too. The bundled CLI (dist-cli/, built first) runs every side, and the three
 * are alternated so a busy moment of the machine falls on each alike.
 */
import { execFileSync, spawn } from 'node:child_process';

const bin = new URL('../src/cli/trapsmith.mjs', import.meta.url).pathname;
const RUNS = 3000;
const ROUNDS = 3;

function sim(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'sim', '--quiet', '--format', 'json', ...args], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`sim ${args.join(' ')} exited ${code}`))));
  });
}

async function seconds(run: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await run();
  return (performance.now() - t) / 1000;
}

export async function runSimWorkersCliBench(ruleset = 'ceaptun'): Promise<Record<string, string>> {
  execFileSync(process.execPath, [new URL('../src/cli/bundle.mjs', import.meta.url).pathname]);
  const base = ['--ruleset', ruleset];
  const half = RUNS / 2;
  const one: number[] = [];
  const two: number[] = [];
  const ceiling: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    two.push(await seconds(() => sim([...base, '--runs', String(RUNS), '--workers', '2'])));
    ceiling.push(await seconds(() => Promise.all([sim([...base, '--runs', String(half), '--seed-start', '1']), sim([...base, '--runs', String(half), '--seed-start', String(1 + half)])])));
    one.push(await seconds(() => sim([...base, '--runs', String(RUNS)])));
  }
  const best = (xs: number[]) => Math.min(...xs);
  const list = (xs: number[]) => xs.map((x) => `${x.toFixed(1)} s`).join(', ');
  return {
    [`${ruleset}, ${RUNS} games: one process`]: list(one),
    [`${ruleset}, ${RUNS} games: two processes on half the seeds each, together (the ceiling)`]: list(ceiling),
    [`${ruleset}, ${RUNS} games: sim --workers 2`]: list(two),
    'sim --workers 2 against the ceiling (best of each; target ≥ 95%)': `${((100 * best(ceiling)) / best(two)).toFixed(0)}%`,
    'the ceiling against one process (best of each)': `${(best(one) / best(ceiling)).toFixed(2)}×`,
  };
}
