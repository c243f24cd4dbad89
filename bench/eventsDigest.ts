/**
 * Every event of whole bot games, messages included, hashed: the play side of a side-by-side
 * comparison with a checkout of main (bench/readingsDigest.ts is the readings', bench/simDigest.sh
 * the reports'). A sim report counts what the traps did; this sees every line the log says too.
 *
 *   npx tsx bench/eventsDigest.ts [--rulesets d20] [--games 60]
 *
 * Per ruleset, bot and depth (2 and 4): `games` games from seed 7, each game's events in order,
 * as canonical JSON, into one FNV-1a hash, and how many events there were. Nothing is timed.
 */
import { parseArgs } from 'node:util';
import '../src/rulesets/index.ts';
import { canonicalJson } from '../tests/golden/script.ts';
import { RULESET_IDS } from '../src/rulesets/manifest.ts';
import { SimStats } from '../src/sim/accumulator.ts';
import { runGame, seedFor } from '../src/sim/runner.ts';

const { values } = parseArgs({ options: { rulesets: { type: 'string' }, games: { type: 'string', default: '60' } } });
const rulesets = values.rulesets ? values.rulesets.split(',') : [...RULESET_IDS];
const games = Number(values.games);

function fnv(h: number, text: string): number {
  let x = h;
  for (let i = 0; i < text.length; i++) {
    x ^= text.charCodeAt(i);
    x = Math.imul(x, 0x01000193) >>> 0;
  }
  return x;
}

for (const ruleset of rulesets) {
  for (const bot of ['careful', 'reckless']) {
    for (const depth of [2, 4]) {
      let h = 0x811c9dc5;
      let count = 0;
      const spec = { ruleset, bot, depth };
      for (let i = 0; i < games; i++) {
        const stats = new SimStats();
        runGame(spec, seedFor(7, i), stats, {
          watch: () => (_w, events) => {
            count += events.length;
            h = fnv(h, canonicalJson(events));
          },
        });
      }
      console.log(`${ruleset} ${bot} depth ${depth}: ${count} events, fnv ${h.toString(16).padStart(8, '0')}`);
    }
  }
}
