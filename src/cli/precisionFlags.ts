/**
 * `--precision P [--metric M,...] [--max-runs N]` (sim, compare): the stop rule of a precision
 * stop (sim/precision.ts), read and checked; null without `--precision`.
 */
import { UsageError } from './io.ts';
import { str, type Values } from './labSupport.ts';
import { COMPARE_PRECISION_LEVEL, COMPARE_PRECISION_RULE, PRECISION_STEP } from '../sim/precision.ts';

/** compare's and sim --vary's precision rule, as their --help states it (wrapped to the help's column). */
export const PRECISION_RULE_HELP = wrap(`The rule: ${COMPARE_PRECISION_RULE}: a run claims a difference that is not there at most ${100 * COMPARE_PRECISION_LEVEL}% of the time, at whatever look it stops`);

function wrap(text: string, indent = 22, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** `--precision`, `--metric`, `--max-runs`: the stop rule, or null without `--precision`. */
export function precisionFlags<M extends string>(values: Values, known: readonly M[]): { target: number; metrics: M[]; maxRuns: number } | null {
  const raw = str(values, 'precision');
  if (raw === undefined) {
    for (const f of ['metric', 'max-runs']) if (str(values, f) !== undefined) throw new UsageError(`--${f} goes with --precision`);
    return null;
  }
  const target = Number(raw);
  if (!/^\d*\.?\d+(e-?\d+)?$/i.test(raw.trim()) || !(target > 0 && target < 0.5)) throw new UsageError(`--precision: expected a number above 0 and below 0.5 (a half-width, 0.01 for ±1%), got ${JSON.stringify(raw)}`);
  if (str(values, 'runs') !== undefined) throw new UsageError('--runs cannot go with --precision: the precision decides how many games (cap them with --max-runs)');
  const names = (str(values, 'metric') ?? known.join(',')).split(',').map((m) => m.trim());
  for (const m of names) if (!(known as readonly string[]).includes(m)) throw new UsageError(`--metric: no rate ${JSON.stringify(m)} (${known.join(', ')})`);
  const maxRaw = str(values, 'max-runs') ?? '100000';
  const maxRuns = Number(maxRaw);
  if (!/^\d+$/.test(maxRaw) || maxRuns < PRECISION_STEP || maxRuns > 10_000_000) throw new UsageError(`--max-runs: expected a whole number from ${PRECISION_STEP} to 10000000, got ${JSON.stringify(maxRaw)}`);
  return { target, metrics: [...new Set(names)] as M[], maxRuns };
}

