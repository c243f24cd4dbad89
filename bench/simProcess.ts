/**
 * One plain single-threaded `sim` run in its own process, for the machine-ceiling measure of
 * bench/sim.ts: `tsx bench/simProcess.ts RULESET RUNS SEED_START WARM_UP`. It warms up, prints
 * "ready", waits for a line on stdin (so that two such processes start their timed runs
 * together), plays RUNS games and prints {"wall": s, "cpu": s} as JSON.
 */
import '../src/rulesets/index.ts';
import { createInterface } from 'node:readline';
import { runBatch, type SimSpec } from '../src/sim/runner.ts';

const [ruleset = 'ceaptun', runsText = '100', seedText = '1', warmText = '100'] = process.argv.slice(2);
const columns: SimSpec[] = [{ ruleset, bot: 'careful' }];
await runBatch({ columns, runs: Number(warmText), seedStart: 2_000_000 });
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
await new Promise<void>((go) => lines.once('line', () => go()));
lines.close();
const t = performance.now();
const cpu = process.cpuUsage();
await runBatch({ columns, runs: Number(runsText), seedStart: Number(seedText) });
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ wall: (performance.now() - t) / 1000, cpu: (used.user + used.system) / 1e6 })}\n`);
