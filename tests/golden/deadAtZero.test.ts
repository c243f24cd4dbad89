/**
 * d20's dying rules are a setting (`dying`, default `srd` since rules version 3): under
 * `dead-at-0` the game is the game as it was before them. Each d20 golden script, played with
 * dying=dead-at-0, comes to the records made before the rules existed (`games-d20-dead-at-0.json`,
 * the d20 records of `games.json` as they were), event for event and hash for hash; the setting
 * itself is set aside from the hashed worlds (a world now carries it; the records were made before).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type GoldenRecord, goldenSpecs, playGolden } from './script.ts';

const here = dirname(fileURLToPath(import.meta.url));
const before: GoldenRecord[] = JSON.parse(readFileSync(join(here, 'games-d20-dead-at-0.json'), 'utf8'));

describe('d20 golden games under dying=dead-at-0', () => {
  const specs = goldenSpecs().filter((s) => s.ruleset === 'd20');

  it('the records cover every d20 golden game', () => {
    expect(before.map((r) => `${r.ruleset} ${r.style}`)).toEqual(specs.map((s) => `${s.ruleset} ${s.style}`));
  });

  for (const spec of specs) {
    it(`d20 on ${spec.style}: the same events and the same world as before the dying rules`, () => {
      const want = before.find((r) => r.style === spec.style);
      expect(playGolden(spec, { settings: { dying: 'dead-at-0' }, setAside: ['dying'] })).toEqual(want);
    });
  }
});
