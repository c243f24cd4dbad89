/**
 * Play changes only on purpose: the scripted golden games and the seed catalogue, compared with the
 * records checked in beside this file. When a difference is intended, `npm run golden` writes the
 * records again and the commit says why.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogueText } from './catalogue.ts';
import { GOLDEN_RULESETS, type GoldenRecord, goldenSpecs, playGolden } from './script.ts';
import { ACTION_TYPES } from '../../src/core/actions.ts';

const here = dirname(fileURLToPath(import.meta.url));
const recorded: GoldenRecord[] = JSON.parse(readFileSync(join(here, 'games.json'), 'utf8'));

describe('golden games', () => {
  it('the records cover every ruleset and map style', () => {
    expect(recorded.map((r) => `${r.ruleset} ${r.style}`)).toEqual(goldenSpecs().map((s) => `${s.ruleset} ${s.style}`));
  });

  for (const spec of goldenSpecs()) {
    it(`${spec.ruleset} on ${spec.style}: the same events and the same world as recorded`, () => {
      const want = recorded.find((r) => r.ruleset === spec.ruleset && r.style === spec.style);
      expect(want, 'no record: run npm run golden').toBeDefined();
      // The whole record at once: a difference shows the counts and the first checkpoint that moved.
      expect(playGolden(spec)).toEqual(want);
    });
  }

  it('the script plays every kind of action the game has somewhere among the records', () => {
    const played = new Set(recorded.flatMap((r) => Object.keys(r.played)));
    for (const type of ACTION_TYPES) expect(played, type).toContain(type);
  });
});

describe('seed catalogue', () => {
  for (const ruleset of GOLDEN_RULESETS) {
    it(`${ruleset}: seeds 1..50 make the levels recorded`, () => {
      expect(catalogueText(ruleset)).toBe(readFileSync(join(here, 'catalogue', `${ruleset}.txt`), 'utf8'));
    });
  }
});
