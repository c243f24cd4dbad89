/**
 * `npm run bench`: runs every benchmark in this folder and prints the figures as Markdown.
 * `npm run bench -- --write` also replaces the measured section of bench/RESULTS.md.
 */
import '../src/rulesets/index.ts';
import '../tests/support/testRuleset.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runCoreBench, runTurnBench } from './core.ts';
import { RULESET_IDS } from '../src/rulesets/manifest.ts';

type Figures = Record<string, number | string>;

async function optional(path: string, fn: string): Promise<Figures | null> {
  if (!existsSync(new URL(path, import.meta.url))) return null;
  const mod = (await import(path)) as Record<string, () => Promise<Figures>>;
  return mod[fn] ? await mod[fn]() : null;
}

function section(title: string, figures: Figures): string {
  return `### ${title}\n\n| measure | value |\n|---|---|\n${Object.entries(figures)
    .map(([k, v]) => `| ${k} | ${v} |`)
    .join('\n')}\n`;
}

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const parts: string[] = [];
const want = (name: string) => only.length === 0 || only.includes(name);
if (want('core')) {
  parts.push(section('Core: generation, exact odds, world size', await runCoreBench()));
  parts.push(section('Core: a headless game, 80x40 levels of rooms and of caves, 20 monsters, a walker bot', await runTurnBench(['test', ...RULESET_IDS])));
}
if (want('traps')) {
  const { runTrapReadingBench } = await import('./trapReading.ts');
  parts.push(section('Exact whole-trap readings (every kind that is data)', await runTrapReadingBench()));
}
if (want('seeds')) {
  const { runSeedScanBench } = await import('./seedScan.ts');
  parts.push(section('Seed search: levels scanned against levels generated', await runSeedScanBench()));
}
if (want('cli')) {
  const { runCliStartBench } = await import('./cliStart.ts');
  parts.push(section('CLI start: trapsmith --help against a bare node', await runCliStartBench()));
}
if (want('sim-workers')) {
  const { runSimWorkersCliBench } = await import('./simWorkersCli.ts');
  parts.push(section('sim --workers 2 against two processes (the machine ceiling), 3,000 games', await runSimWorkersCliBench()));
}
if (want('lab-workers')) {
  const { runLabWorkersBench } = await import('./labWorkers.ts');
  parts.push(section('Balance Lab: 1 and 2 Web Workers in headless Chromium', await runLabWorkersBench()));
}
if (want('sim')) {
  const sim = await optional('./sim.ts', 'runSimBench');
  if (sim) parts.push(section('Balance lab simulation', sim));
}
if (want('render')) {
  const render = await optional('./render.ts', 'runRenderBench');
  if (render) parts.push(section('Renderer (headless Chromium)', render));
}
const header = `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.\n`;
const text = `${header}\n${parts.join('\n')}`;
process.stdout.write(`${text}\n`);
if (process.argv.includes('--write')) {
  const path = new URL('./RESULTS.md', import.meta.url);
  const old = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmark results\n';
  const marker = '<!-- measured -->';
  const head = old.includes(marker) ? old.slice(0, old.indexOf(marker)) : `${old.trimEnd()}\n\n`;
  writeFileSync(path, `${head}${marker}\n${text}`);
}
