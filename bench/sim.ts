/**
 * The balance lab's benchmark (`npm run bench -- sim`, or `npx tsx bench/sim.ts`):
 *
 * - games per second of `trapsmith sim` at K = 1 (this process) and K = 2 (worker threads, the
 *   pool started and warmed first) for each ruleset, on 80×40 levels, with the careful bot, and
 *   how busy each worker was meanwhile (event-loop utilisation: near 100% means the workers had
 *   work all along, so a speed-up below 2 comes from the machine's cores, not from the runner);
 * - memory for 1,000 vs 100,000 runs. Playing 100,000 whole games takes too long for a benchmark,
 *   so the streaming accumulator is measured directly: 40 real games are played once with their
 *   events recorded, then those recordings are counted again and again (a fresh observer each
 *   time, as for a new game) into one accumulator, 1,000 and 100,000 times. Reported: the size of
 *   the accumulator's data form (what workers send) and the heap after a forced collection when
 *   the process runs with --expose-gc (else the heap as it stands). Real batches of 1,000 and
 *   5,000 short games (turn limit 60) are measured too, the peak heap sampled after every chunk.
 */
import '../src/rulesets/index.ts';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { step } from '../src/core/engine.ts';
import type { GameEvent } from '../src/core/events.ts';
import { listRulesets } from '../src/core/registry.ts';
import type { World } from '../src/core/world.ts';
import { SimStats } from '../src/sim/accumulator.ts';
import { getBot } from '../src/sim/bots/index.ts';
import { NodeWorkerPool } from '../src/sim/nodePool.ts';
import { GameObserver } from '../src/sim/observer.ts';
import { runBatch, type SimSpec, startWorld } from '../src/sim/runner.ts';
import { RULESET_IDS } from '../src/rulesets/manifest.ts';

type Figures = Record<string, number | string>;

const RULESETS = RULESET_IDS;
/** Games each process or worker plays before the clock starts. */
const WARM_UP = 100;

function heapMB(): number {
  const g = (globalThis as { gc?: () => void }).gc;
  g?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

function round(x: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

async function gamesPerSecond(ruleset: string, runs: number, figures: Figures): Promise<void> {
  const columns: SimSpec[] = [{ ruleset, bot: 'careful' }];
  // Warm this process (module compilation, the JIT, the careful bot's per-ruleset calibration);
  // the workers get as many games each, so both sides start equally warm.
  await runBatch({ columns, runs: WARM_UP, seedStart: 1_000_000 });
  let t = performance.now();
  let cpu = process.cpuUsage();
  await runBatch({ columns, runs, seedStart: 1 });
  const oneWall = (performance.now() - t) / 1000;
  const oneCpu = cpuSeconds(cpu);
  const one = runs / oneWall;
  const pool = new NodeWorkerPool(2);
  let busy: number[] = [];
  let twoWall = 1;
  let twoCpu = 0;
  try {
    await runBatch({ columns, runs: 2 * WARM_UP, seedStart: 1_000_000, executor: pool, parallel: 2 });
    const marks = pool.marks();
    t = performance.now();
    cpu = process.cpuUsage();
    await runBatch({ columns, runs, seedStart: 1, executor: pool, parallel: 2 });
    twoWall = (performance.now() - t) / 1000;
    twoCpu = cpuSeconds(cpu);
    busy = pool.utilization(marks);
  } finally {
    await pool.close();
  }
  const two = runs / twoWall;
  figures[`${ruleset}: K=2 workers busy`] = busy.map((u) => `${Math.round(100 * u)}%`).join(' / ');
  figures[`${ruleset}: games/s, K=1`] = round(one);
  figures[`${ruleset}: games/s, K=2`] = round(two);
  figures[`${ruleset}: K=2 / K=1`] = round(two / one, 2);
  // CPU the process got (all its threads): under 2 cores for K=2 means the machine was shared.
  figures[`${ruleset}: cores used, K=1 / K=2`] = `${round(oneCpu / oneWall, 2)} / ${round(twoCpu / twoWall, 2)}`;
  figures[`${ruleset}: games per CPU-second, K=1 / K=2`] = `${round(runs / oneCpu)} / ${round(runs / twoCpu)}`;
  const ceiling = runs / (await twoProcesses(ruleset, runs));
  figures[`${ruleset}: machine ceiling: two separate K=1 processes at once / K=1`] = round(ceiling / one, 2);
  figures[`${ruleset}: K=2 / that ceiling`] = round(two / ceiling, 2);
}

/**
 * The machine's own ceiling for two-way parallelism, with no runner involved: two separate
 * processes, each a plain K=1 run on half the seeds, timed from a common start. Returns the
 * seconds until both are done.
 */
async function twoProcesses(ruleset: string, runs: number): Promise<number> {
  const half = Math.ceil(runs / 2);
  const children = [1, 1 + half].map((seedStart) =>
    spawn(process.execPath, ['--import', 'tsx', new URL('./simProcess.ts', import.meta.url).pathname, ruleset, String(half), String(seedStart), String(WARM_UP)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const lines = children.map((child) => {
    const queue: string[] = [];
    const waiters: Array<(line: string) => void> = [];
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const w = waiters.shift();
        if (w) w(line);
        else queue.push(line);
      }
    });
    return () => new Promise<string>((resolve) => (queue.length > 0 ? resolve(queue.shift()!) : waiters.push(resolve)));
  });
  await Promise.all(lines.map((next) => next()));
  for (const child of children) child.stdin.write('go\n');
  const results = await Promise.all(lines.map(async (next) => JSON.parse(await next()) as { wall: number }));
  return Math.max(...results.map((r) => r.wall));
}

interface Recording {
  world: World;
  steps: Array<{ events: GameEvent[]; hp: number }>;
}

function record(spec: SimSpec, seed: string): Recording {
  const world = startWorld(spec, seed);
  const start = startWorld(spec, seed);
  const bot = getBot(spec.bot).create(world);
  const steps: Recording['steps'] = [];
  for (let i = 0; i < 20_000 && !world.over; i++) {
    const a = bot.act(world);
    if (!a) break;
    const hp = world.actors.find((x) => x.id === world.playerId)!.hp;
    const r = step(world, a);
    if (!r.refused) steps.push({ events: r.events.filter((e) => e.type !== 'levelEntered' && e.type !== 'rng'), hp });
  }
  // The observer reads the world for positions only: the final world serves every replay.
  return { world: Object.assign(start, { over: world.over, turn: world.turn, actors: world.actors }), steps };
}

function accumulate(recordings: Recording[], games: number): { bytes: number; heap: number } {
  const stats = new SimStats();
  for (let g = 0; g < games; g++) {
    const rec = recordings[g % recordings.length]!;
    const obs = new GameObserver(stats, rec.world, false);
    for (const s of rec.steps) obs.afterStep(rec.world, s.events, s.hp);
    obs.finish(rec.world, false);
  }
  return { bytes: JSON.stringify(stats.toData()).length, heap: heapMB() };
}

async function peakHeap(runs: number): Promise<number> {
  let peak = 0;
  await runBatch({
    columns: [{ ruleset: 'ceaptun', bot: 'reckless', turnLimit: 60 }],
    runs,
    seedStart: 1,
    onMerged: () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed / 2 ** 20);
    },
  });
  return peak;
}

export async function runSimBench(opts: { runs?: number } = {}): Promise<Figures> {
  const runs = opts.runs ?? 400;
  const figures: Figures = {
    machine: `${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at start`,
    'games per measure': `${runs} (careful bot, 80×40 rooms, depth 1, seeds 1–${runs})`,
  };
  for (const r of RULESETS) if (listRulesets().some((x) => x.id === r)) await gamesPerSecond(r, runs, figures);

  const recordings = Array.from({ length: 40 }, (_, i) => record({ ruleset: 'ceaptun', bot: 'careful' }, String(i + 1)));
  const base = heapMB();
  const small = accumulate(recordings, 1_000);
  const large = accumulate(recordings, 100_000);
  figures['memory method'] = `accumulator fed 1,000 and 100,000 replayed games (40 recorded ceaptun games, careful bot)${(globalThis as { gc?: unknown }).gc ? ', heap after gc' : ', heap without gc (run node with --expose-gc for tighter numbers)'}`;
  figures['accumulator data, 1,000 games (bytes)'] = small.bytes;
  figures['accumulator data, 100,000 games (bytes)'] = large.bytes;
  figures['heap above baseline, 1,000 games (MB)'] = round(small.heap - base, 2);
  figures['heap above baseline, 100,000 games (MB)'] = round(large.heap - base, 2);
  figures['peak heap, real batch of 1,000 short games (MB)'] = round(await peakHeap(1_000));
  figures['peak heap, real batch of 5,000 short games (MB)'] = round(await peakHeap(5_000));
  figures['load average at end'] = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return figures;
}

if (process.argv[1] && /bench[\\/]sim\.ts$/.test(process.argv[1])) {
  const figures = await runSimBench({ runs: Number(process.argv[2] ?? 100) });
  process.stdout.write(`| measure | value |\n|---|---|\n${Object.entries(figures)
    .map(([k, v]) => `| ${k} | ${v} |`)
    .join('\n')}\n`);
}
