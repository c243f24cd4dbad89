// Headless turns of this checkout against another one built beside it (`git worktree add ../base
// <commit>`, with its own node_modules or a link to ours), side by side in one run: for each
// ruleset and level style, processes of bench/turnsProcess.ts alternate between the two trees,
// three each, and the medians are compared.
//   node bench/abTurns.mjs ../base [test,cdda,omega,ceaptun,d20,wasteland]
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const [other, list] = process.argv.slice(2);
if (!other) {
  process.stderr.write('usage: node bench/abTurns.mjs OTHER_CHECKOUT [RULESET,...]\n');
  process.exit(2);
}
const trees = { base: resolve(other), this: resolve(import.meta.dirname, '..') };
const rulesets = (list ?? 'test,cdda,omega,ceaptun,d20,wasteland').split(',');
const PROCESSES = 3;
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const style of ['rooms', 'caves'])
  for (const r of rulesets) {
    const got = { base: [], this: [] };
    for (let k = 0; k < PROCESSES; k++)
      for (const t of ['base', 'this']) {
        const text = execFileSync(process.execPath, ['--import', 'tsx', 'bench/turnsProcess.ts', r, style], { cwd: trees[t], encoding: 'utf8' });
        got[t].push(JSON.parse(text).turnsPerSecond);
      }
    const b = median(got.base);
    const m = median(got.this);
    const each = (a) => a.map(Math.round).join(', ');
    process.stdout.write(`| ${style} | ${r} | ${Math.round(b)} (${each(got.base)}) | ${Math.round(m)} (${each(got.this)}) | ${((m / b - 1) * 100).toFixed(1)}% |\n`);
  }
