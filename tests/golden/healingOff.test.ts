/**
 * Healing off is the game as it was before healing existed (issue #24): each golden script, played
 * with every healing setting at 0, comes to the records made before healing was added
 * (`games-healing-off.json`, the old `games.json` kept as it was), event for event and hash for hash.
 * Healing off means no regeneration and no remedy (potion, first aid kit) in the starting pack.
 * The healing settings themselves are set aside from the hashed worlds: a world now carries them,
 * and the old records were made before they existed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type GoldenRecord, goldenSpecs, playGolden } from './script.ts';

const here = dirname(fileURLToPath(import.meta.url));
const before: GoldenRecord[] = JSON.parse(readFileSync(join(here, 'games-healing-off.json'), 'utf8'));

/**
 * Each ruleset's healing settings: the values that turn its healing off (no regeneration, no remedy
 * in the starting pack), and the settings of a remedy that, with none carried, play no part.
 */
const HEALING_OFF: Readonly<Record<string, { off: Readonly<Record<string, number>>; unused: readonly string[] }>> = {
  cdda: { off: { regenTurns: 0, firstAidKits: 0 }, unused: ['firstAidHeal', 'firstAidTurns'] },
  omega: { off: { regenTurns: 0, healingPotions: 0 }, unused: ['potionPower'] },
  ceaptun: { off: { regenTurns: 0 }, unused: [] },
  d20: { off: { restTurnsPerHour: 0 }, unused: [] },
  wasteland: { off: { regenTurns: 0 }, unused: [] },
};

/**
 * Defaults changed since those records were made, at their old values (issue #39: d20's hero was a
 * level-3 rogue who died at 0 hit points, Wasteland's had 20 hit points): the records are of the
 * game as it was then. `ADDED` of them are settings that did not exist then: set aside from the hashes.
 */
const OLD_DEFAULTS: Readonly<Record<string, Readonly<Record<string, number | string>>>> = {
  d20: { playerLevel: 3, dying: 'dead-at-0' },
  wasteland: { heroHp: 20 },
};
const ADDED: Readonly<Record<string, readonly string[]>> = { d20: ['dying'] };

describe('golden games with healing off', () => {
  it('the old records cover every golden game', () => {
    expect(before.map((r) => `${r.ruleset} ${r.style}`)).toEqual(goldenSpecs().map((s) => `${s.ruleset} ${s.style}`));
  });

  for (const spec of goldenSpecs()) {
    it(`${spec.ruleset} on ${spec.style}: the same events and the same world as before healing existed`, () => {
      const { off, unused } = HEALING_OFF[spec.ruleset]!;
      const want = before.find((r) => r.ruleset === spec.ruleset && r.style === spec.style);
      expect(playGolden(spec, { settings: { ...(OLD_DEFAULTS[spec.ruleset] ?? {}), ...off }, setAside: [...Object.keys(off), ...unused, ...(ADDED[spec.ruleset] ?? [])] })).toEqual(want);
    });
  }
});
