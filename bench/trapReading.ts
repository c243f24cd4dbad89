/**
 * The exact whole-trap reading of every trap kind that is data (Cēaptūn's and Wasteland's, and
 * the example files'), at its heaviest inputs: the deepest danger tier (the most dice) and a hit
 * point total in the middle of the damage's range. Each reading is made fresh (no cache), 20
 * times; the figure is the median, and the slowest kind's. `npm run bench -- traps`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getRuleset } from '../src/core/registry.ts';
import { applyTrapFile } from '../src/core/traps/files.ts';
import { parseTrapFile } from '../src/core/traps/schema.ts';
import { runOdds } from '../src/sim/odds.ts';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function runTrapReadingBench(): Promise<Record<string, number | string>> {
  const dir = new URL('../examples/traps/', import.meta.url);
  const rulesets = ['ceaptun', 'wasteland'];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) rulesets.push(applyTrapFile(parseTrapFile(readFileSync(new URL(f, dir), 'utf8'), f), f));
  const times: Array<[string, number]> = [];
  for (const id of rulesets) {
    const r = getRuleset(id);
    for (const t of r.traps) {
      const inputs: Record<string, unknown> = id.startsWith('ceaptun')
        ? { trap: t.id, hp: 20, danger: 30, dodge: 2, armour: 2, known: true, 'trap-sense': true, ward: 10, 'light-step': true }
        : { trap: t.id, hp: 2 };
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        runOdds(id, 'step', inputs);
        ms.push(performance.now() - start);
      }
      times.push([`${id} ${t.id}`, median(ms)]);
    }
  }
  times.sort((a, b) => b[1] - a[1]);
  const out: Record<string, number | string> = { 'kinds read': times.length, 'slowest kind': times[0]![0], 'slowest reading (median of 20), ms': Number(times[0]![1].toFixed(2)) };
  for (const [name, t] of times.slice(1, 4)) out[`next: ${name}, ms`] = Number(t.toFixed(2));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await import('../src/rulesets/index.ts');
  console.log(await runTrapReadingBench());
}
