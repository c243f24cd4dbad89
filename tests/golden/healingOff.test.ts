/**
 * Healing off is the game as it was before healing existed (issue #24): each golden script, played
 * with every healing setting at 0, comes to the records made before healing was added
 * (`games-healing-off.json`, the old `games.json` kept as it was), event for event and hash for hash.
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

/** Each ruleset's healing settings, and the value that turns its healing off. */
const HEALING_OFF: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  cdda: { regenTurns: 0 },
  omega: { regenTurns: 0 },
  ceaptun: { regenTurns: 0 },
  d20: { restTurnsPerHour: 0 },
  wasteland: { regenTurns: 0 },
};

describe('golden games with healing off', () => {
  it('the old records cover every golden game', () => {
    expect(before.map((r) => `${r.ruleset} ${r.style}`)).toEqual(goldenSpecs().map((s) => `${s.ruleset} ${s.style}`));
  });

  for (const spec of goldenSpecs()) {
    it(`${spec.ruleset} on ${spec.style}: the same events and the same world as before healing existed`, () => {
      const off = HEALING_OFF[spec.ruleset]!;
      const want = before.find((r) => r.ruleset === spec.ruleset && r.style === spec.style);
      expect(playGolden(spec, { settings: off, setAside: Object.keys(off) })).toEqual(want);
    });
  }
});
