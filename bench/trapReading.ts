/**
 * The exact whole-trap reading (the `step` check) of every trap kind of every ruleset and of the
 * example files, at heavy inputs: Cēaptūn's deepest danger tier (the most dice), every talent,
 * and hit points (CDDA: head and torso) over a range; a kind only on doors or chests is read
 * opened (`opening`). A kind its step check does not read (CDDA's teleport pad: its own
 * `teleport` check) is counted apart. Each kind is read 20 times at 20 hit point
 * totals (the reading itself keeps nothing; the dice sums it builds on are cached in prob.ts, so
 * the first reading of a kind, "cold", also pays for its sums). Figures: the slowest kind's median
 * and the slowest cold reading. `npm run bench -- traps`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getRuleset } from '../src/core/registry.ts';
import { applyTrapFile } from '../src/core/traps/files.ts';
import { parseTrapFile } from '../src/core/traps/schema.ts';
import { runOdds } from '../src/sim/odds.ts';
import { RULESET_IDS } from '../src/rulesets/manifest.ts';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function runTrapReadingBench(): Promise<Record<string, number | string>> {
  const dir = new URL('../examples/traps/', import.meta.url);
  const rulesets = [...RULESET_IDS];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) rulesets.push(applyTrapFile(parseTrapFile(readFileSync(new URL(f, dir), 'utf8'), f), f));
  const times: Array<[string, number]> = [];
  const cold: Array<[string, number]> = [];
  const unread: string[] = [];
  for (const id of rulesets) {
    const r = getRuleset(id);
    const params = new Set((r.checks.step?.params ?? []).map((p) => p.name));
    for (const t of r.traps) {
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) {
        const heavy: Record<string, unknown> = id.startsWith('ceaptun')
          ? { hp: 20 + i, danger: 30, dodge: 2, armour: 2, known: true, 'trap-sense': true, ward: 10, 'light-step': true }
          : { hp: 1 + i, head: 10 + i, torso: 20 + 2 * i };
        const inputs: Record<string, unknown> = { trap: t.id };
        for (const [k, v] of Object.entries(heavy)) if (params.has(k)) inputs[k] = v;
        // A kind only on doors or chests is opened, where the check reads an opening (--opening).
        if (params.has('opening') && t.kind && !t.kind.hosts.includes('floor')) inputs.opening = true;
        const start = performance.now();
        try {
          runOdds(id, 'step', inputs);
        } catch {
          break;
        }
        ms.push(performance.now() - start);
      }
      if (ms.length < 20) {
        unread.push(`${id} ${t.id}`);
        continue;
      }
      times.push([`${id} ${t.id}`, median(ms)]);
      cold.push([`${id} ${t.id}`, ms[0]!]);
    }
  }
  times.sort((a, b) => b[1] - a[1]);
  cold.sort((a, b) => b[1] - a[1]);
  const out: Record<string, number | string> = {
    'kinds read': times.length,
    'kinds the step check does not read': unread.length > 0 ? `${unread.length}: ${unread.join(', ')}` : 0,
    'slowest kind': times[0]![0],
    'slowest reading (median of 20), ms': Number(times[0]![1].toFixed(2)),
    'slowest cold first reading': `${cold[0]![0]}: ${cold[0]![1].toFixed(2)} ms`,
  };
  for (const [name, t] of times.slice(1, 4)) out[`next: ${name}, ms`] = Number(t.toFixed(2));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await import('../src/rulesets/index.ts');
  console.log(await runTrapReadingBench());
}
