import type { GameEvent } from '../src/core/events.ts';

export const results: string[] = [];
let fails = 0;

export function checkP(name: string, k: number, n: number, p: number): void {
  const mean = n * p;
  const sd = Math.sqrt(n * p * (1 - p));
  let z: number;
  if (sd === 0) z = k === mean ? 0 : Infinity;
  else z = (k - mean) / sd;
  const bad = Math.abs(z) > 4;
  if (bad) fails++;
  const line = `${bad ? 'FAIL' : 'ok  '} ${name}: ${k}/${n} = ${(k / n).toFixed(4)} expected ${p.toFixed(4)} z=${z.toFixed(2)}`;
  results.push(line);
  console.log(line);
}

/** Compare a whole distribution value-by-value. expected: map value -> prob. */
export function checkDist(name: string, samples: number[], expected: Map<number, number>): void {
  const n = samples.length;
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  const keys = new Set([...counts.keys(), ...expected.keys()]);
  let worst = 0;
  let worstKey = NaN;
  let chi = 0;
  let df = -1;
  for (const k of [...keys].sort((a, b) => a - b)) {
    const p = expected.get(k) ?? 0;
    const c = counts.get(k) ?? 0;
    if (p === 0) {
      if (c > 0) {
        worst = Infinity;
        worstKey = k;
      }
      continue;
    }
    const z = (c - n * p) / Math.sqrt(n * p * (1 - p));
    if (Math.abs(z) > Math.abs(worst)) {
      worst = z;
      worstKey = k;
    }
    chi += (c - n * p) ** 2 / (n * p);
    df++;
  }
  const bad = !(Math.abs(worst) <= 4);
  if (bad) fails++;
  const obs = [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([k, c]) => `${k}:${c}`).join(' ');
  const line = `${bad ? 'FAIL' : 'ok  '} ${name}: n=${n} chi2=${chi.toFixed(1)} df=${df} worst z=${worst.toFixed(2)} at ${worstKey} | obs ${obs.length > 300 ? obs.slice(0, 300) + '...' : obs}`;
  results.push(line);
  console.log(line);
}

export function note(s: string): void {
  results.push(`note ${s}`);
  console.log(`note ${s}`);
}

export function checkTrue(name: string, cond: boolean, detail = ''): void {
  if (!cond) fails++;
  const line = `${cond ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`;
  results.push(line);
  console.log(line);
}

export function failCount(): number {
  return fails;
}

export function uniformDist(lo: number, hi: number, weight = 1): Map<number, number> {
  const m = new Map<number, number>();
  for (let v = lo; v <= hi; v++) m.set(v, weight / (hi - lo + 1));
  return m;
}

export function ofType<T extends GameEvent['type']>(events: readonly GameEvent[], t: T): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === t);
}
