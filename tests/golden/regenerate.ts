/**
 * Writes the golden records again from the code as it is: `npm run golden` (games and the seed
 * catalogue). Run it only when play or generation changed on purpose, and say why in the commit
 * that changes them; `git diff tests/golden` shows what changed.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueText } from './catalogue.ts';
import { GOLDEN_RULESETS, goldenSpecs, playGolden } from './script.ts';

const here = dirname(fileURLToPath(import.meta.url));
const games = goldenSpecs().map((spec) => playGolden(spec));
writeFileSync(join(here, 'games.json'), `${JSON.stringify(games, null, 2)}\n`);
for (const ruleset of GOLDEN_RULESETS) writeFileSync(join(here, 'catalogue', `${ruleset}.txt`), catalogueText(ruleset));
process.stdout.write(`wrote ${games.length} golden games and ${GOLDEN_RULESETS.length} seed catalogues under tests/golden/\n`);
