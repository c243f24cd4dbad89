/**
 * The false-difference rate of `compare --precision`'s stop, the rule before #39 (each paired 95%
 * interval on its own, read every 100 games) against the always-valid one (sim/stats/sequential.ts):
 * simulated runs of two equal columns (a baseline and one other, paired by seed), several
 * precisions, rates and pairings, each played until its rule is settled or 20,000 seeds. The share
 * of runs that claim a difference (there is none) and the mean games played, as a markdown table.
 * `npx tsx bench/sequentialStop.ts [runs per row, default 500]`.
 */
import { falseClaims, newRule, nullTruths, oldRule } from '../tests/support/sequentialNull.ts';

const runs = Number(process.argv[2] ?? 500);
const CAP = 20_000;
// Precision, survival rate, trap death rate, share of seeds the other column plays as the baseline.
const ROWS: Array<[number, number, number, number]> = [
  [0.05, 0.7, 0.05, 0.8],
  [0.02, 0.7, 0.05, 0.8],
  [0.02, 0.5, 0.3, 0.6],
  [0.01, 0.9, 0.02, 0.9],
];
const pct = (k: number) => `${((100 * k) / runs).toFixed(1)}%`;
console.log(`| ±P | survival | trap death | same | old rule: false claims (mean games) | always-valid: false claims (mean games) |`);
console.log('|---|---|---|---|---|---|');
for (const [i, [precision, survival, trapDeath, same]] of ROWS.entries()) {
  const truths = nullTruths(survival, trapDeath, same, 1);
  const old = falseClaims(truths, oldRule, precision, CAP, runs, 1000 + i);
  const now = falseClaims(truths, newRule, precision, CAP, runs, 1000 + i);
  console.log(`| ${precision} | ${survival} | ${trapDeath} | ${same} | ${pct(old.wrong)} (${Math.round(old.meanRuns)}) | ${pct(now.wrong)} (${Math.round(now.meanRuns)}) |`);
}
