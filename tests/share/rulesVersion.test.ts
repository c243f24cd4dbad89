/**
 * Games made under older defaults open to the world they were made in (issue #39 item 9).
 *
 * The fixtures are true old games, made by a checkout of 99aef3b^ (before healing became a
 * default and the packs changed): a cdda replay file (with a setting changed by hand) and an omega
 * link, each played by tests/share/randomGame.ts and written by that checkout's own writers.
 * They say nothing of a rules version and know none of the settings added since.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { getRuleset } from '../../src/core/registry.ts';
import { DEFAULT_CHANGES, RULES_VERSION } from '../../src/core/rulesVersion.ts';
import type { SettingSpec } from '../../src/core/ruleset.ts';
import { parseReplayText, replayToText } from '../../src/share/format.ts';
import { decodeLink, encodeLink } from '../../src/share/link.ts';
import { divergence, replay, resume } from '../../src/share/replay.ts';
import { SimStats } from '../../src/sim/accumulator.ts';
import { parseShardFile, shardFile } from '../../src/sim/shards.ts';
import { gameQuery, parseGameUrl } from '../../src/ui/url.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('a game made before a default changed', () => {
  it('an old replay file (cdda, before healing) replays to the turn and world it recorded', () => {
    const r = parseReplayText(fixture('cdda-before-healing.replay.json'));
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.value.rules).toBe(1);
    // The defaults of its version: no healing, no first aid kit; its own setting kept.
    expect(r.value.settings).toMatchObject({ regenTurns: 0, firstAidKits: 0, lightRadius: 7 });
    const run = replay(r.value);
    expect(divergence(r.value, run)).toBeNull();
    expect(run.hash).toBe(r.value.hash);
  });

  it('an old link (omega, before healing) opens to its world; saved again, it reads back the same game', () => {
    const r = decodeLink(fixture('omega-before-healing.link.txt').trim());
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.value.settings).toMatchObject({ regenTurns: 0, healingPotions: 0 });
    const { recording, run } = resume(r.value);
    expect(divergence(r.value, run)).toBeNull();
    // Written again (a file, a link), it is still a game of version 1 without the settings it did not have.
    const text = replayToText(recording.file());
    expect(text).not.toMatch(/regenTurns|healingPotions/);
    for (const again of [parseReplayText(text), decodeLink(encodeLink(recording.file()))]) {
      if (!again.ok) throw new Error(again.problem.message);
      expect(again.value.rules).toBe(1);
      expect(replay(again.value).hashMatches).toBe(true);
    }
  });

  it('an old replay file (d20, rules version 2: dead at 0) replays to its hash, the hero dead at 0 as then', () => {
    // Made by a checkout of 6901dc5 (before the SRD's dying rules) with tests/share/randomGame.ts
    // (playRandomGame, seed old-d20-38, bot seed 38, 600 tries): an orc leaves the hero at 0 hit
    // points, dead then; under today's default (dying=srd) he would be disabled and live on.
    const r = parseReplayText(fixture('d20-before-dying.replay.json'));
    if (!r.ok) throw new Error(r.problem.message);
    expect(r.value.rules).toBe(2);
    expect(r.value.settings).toMatchObject({ dying: 'dead-at-0' });
    const run = replay(r.value);
    expect(divergence(r.value, run)).toBeNull();
    expect(run.hash).toBe(r.value.hash);
    // Played under today's rules instead, the same moves reach another world.
    const today = { ...r.value, rules: RULES_VERSION, settings: { ...r.value.settings, dying: 'srd' } };
    expect(replay(today).hash).not.toBe(r.value.hash);
  });

  it('where the rules themselves changed, the replay that misses its world says which version made it', () => {
    const file = parseReplayText(fixture('cdda-before-healing.replay.json'));
    if (!file.ok) throw new Error(file.problem.message);
    const forged = { ...file.value, hash: '00000000' };
    expect(divergence(forged, replay(forged))).toMatch(new RegExp(`made under rules version 1, and the rules changed since \\(this is version ${RULES_VERSION}\\)`));
  });

  it('a rules version this Trapsmith does not know is refused by name', () => {
    const text = fixture('cdda-before-healing.replay.json').replace('"version": 1,', `"version": 1, "rules": ${RULES_VERSION + 1},`);
    const r = parseReplayText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.message).toMatch(new RegExp(`^rules: this file was made under rules version ${RULES_VERSION + 1}`));
  });
});

describe('a default that changes later', () => {
  const spec = getRuleset('cdda').settings.find((s) => s.name === 'per') as SettingSpec;
  const original = spec.default;
  afterEach(() => {
    spec.default = original;
    DEFAULT_CHANGES.splice(DEFAULT_CHANGES.length - 1, 1);
  });

  it('an address made today still starts its game after the default changes (one line of history)', () => {
    const made = parseGameUrl('?seed=later&ruleset=cdda&s.regenTurns=3', [getRuleset('cdda')]);
    const address = gameQuery(made.options);
    expect(address).toContain(`rules=${RULES_VERSION}`);
    // The next version changes the default: the line a change of a default adds.
    spec.default = Number(original) + 3;
    DEFAULT_CHANGES.push({ version: RULES_VERSION + 1, ruleset: 'cdda', setting: 'per', old: original });
    const opened = parseGameUrl(address, [getRuleset('cdda')]);
    expect(opened.errors).toEqual([]);
    expect(opened.options.settings).toEqual({ regenTurns: 3, per: original });
  });
});

it('a shard records its rules version and every setting; one of an unknown version is refused by name', () => {
  const file = shardFile({ ruleset: 'cdda', bot: 'careful' }, 10, 1, 1, 1, new SimStats(), 0);
  expect(file.rules).toBe(RULES_VERSION);
  const specs = getRuleset('cdda').settings;
  expect(Object.keys(file.settings ?? {})).toEqual(expect.arrayContaining(specs.map((s) => s.name)));
  expect(file.settings?.regenTurns).toBe(specs.find((s) => s.name === 'regenTurns')?.default);
  const newer = JSON.stringify({ ...file, stats: { ...file.stats, runCounts: { ...file.stats.runCounts } }, rules: RULES_VERSION + 1 });
  expect(() => parseShardFile(newer, 'part.json')).toThrow(new RegExp(`part\\.json: rules: played under rules version ${RULES_VERSION + 1}`));
});
