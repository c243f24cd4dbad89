// Lines of each ruleset: its TypeScript (code: lines that are neither blank nor comment) and its
// trap data (traps.json), and how many of its trap kinds' effects are data over the core's
// vocabulary rather than a named custom effect at the top. For a checkout given as the argument
// (default: this one), so two checkouts can be compared side by side:
//   node bench/rulesetLines.mjs [DIR]
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? '.';
// The checkout's rulesets are its folders under src/rulesets (an older checkout has no manifest to read).
const rulesets = readdirSync(join(root, 'src/rulesets'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function codeLines(text) {
  let n = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      if (!line.includes('*/')) inBlock = true;
      continue;
    }
    n++;
  }
  return n;
}

/** Effects named custom anywhere in a kind's tree, and kinds whose tree names none. */
function kindsOf(file) {
  const { traps } = JSON.parse(readFileSync(file, 'utf8'));
  const customIn = (e) => e.do === 'custom' || (e.effects ?? []).some(customIn) || (e.effect ? customIn(e.effect) : false) || (e.otherwise ? customIn(e.otherwise) : false);
  const whole = traps.filter((t) => !customIn(t.effect)).length;
  const top = traps.filter((t) => t.effect.do === 'custom').length;
  return { kinds: traps.length, whole, top };
}

console.log(`| ruleset | TypeScript code lines | traps.json lines | kinds | wholly data | a custom effect at the top |`);
console.log(`|---|---|---|---|---|---|`);
for (const r of rulesets) {
  const dir = join(root, 'src', 'rulesets', r);
  const ts = readdirSync(dir).filter((f) => f.endsWith('.ts')).reduce((sum, f) => sum + codeLines(readFileSync(join(dir, f), 'utf8')), 0);
  const json = join(dir, 'traps.json');
  const data = existsSync(json) ? readFileSync(json, 'utf8').split('\n').length - 1 : 0;
  const k = existsSync(json) ? kindsOf(json) : { kinds: '-', whole: '-', top: '-' };
  console.log(`| ${r} | ${ts} | ${data} | ${k.kinds} | ${k.whole} | ${k.top} |`);
}
