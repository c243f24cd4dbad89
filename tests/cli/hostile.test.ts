/**
 * Hostile files (#39): a trap file nested 10,000 deep, wherever it arrives (alone, inside a
 * scenario, a replay, a save, a link, a shard), and every other file kind nested so, are refused
 * with exit 2 and a message naming the field — never an internal error from a reader that
 * recursed out of stack; and a file a Windows editor wrote (a UTF-8 byte-order mark first) reads
 * as the same file without one, for every kind the command line reads.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import LZString from 'lz-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { WORLD_VERSION } from '../../src/core/world.ts';
import { replayToText, SAVE_FORMAT } from '../../src/share/index.ts';
import { playRandomGame } from '../share/randomGame.ts';
import { runCli } from '../support/cli.ts';

const DEEP = 10_000;
const SCENARIO = 'examples/scenarios/pit-corridor.json';
const BOM = '\uFEFF';

let dir: string;
const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trapsmith-hostile-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An effect nested `n` deep, as text: JSON.stringify itself runs out of stack on such a value. */
const deepEffect = (n: number): string => `${'{"do":"all","effects":['.repeat(n)}{"do":"spent"}${']}'.repeat(n)}`;

/** A ceaptun trap file (net.json) whose first kind's effect nests `n` deep, as text. */
function deepTrapFile(n: number): string {
  const file = JSON.parse(readFileSync('examples/traps/net.json', 'utf8')) as { traps: Array<{ effect: unknown }> };
  file.traps[0]!.effect = '@effect@';
  return JSON.stringify(file).replace('"@effect@"', deepEffect(n));
}

/** pit-corridor.json carrying that trap file, as text. */
function deepScenario(n: number): string {
  const s = JSON.parse(readFileSync(SCENARIO, 'utf8')) as Record<string, unknown>;
  s.trapFile = '@file@';
  return JSON.stringify(s).replace('"@file@"', deepTrapFile(n));
}

const header = (format: string) =>
  `{"format":"${format}","version":${WORLD_VERSION},"seed":"1","ruleset":"ceaptun","settings":{},"width":18,"height":6,"style":"rooms","actions":[],"scenario":${deepScenario(DEEP)}}`;
const deepList = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

describe('a trap file nested 10,000 deep, wherever it arrives, and any file nested so', () => {
  // Each: the command line (files written when it runs), and the message naming the field.
  const cases: Array<[string, () => string[], RegExp]> = [
    ['a trap file', () => ['map', '--ruleset', 'ceaptun', '--seed', '1', '--traps', write('deep-traps.json', deepTrapFile(DEEP))], /--traps \S+: traps\[0\]\.effect\.effects\[0\]\.effects…: nested more than 40 deep/],
    ['a scenario (map)', () => ['map', '--scenario', write('deep-scenario.json', deepScenario(DEEP))], /--scenario \S+: trapFile\.traps\[0\]\.effect\.effects\[0\]…: nested more than 64 deep/],
    ['a scenario (sim)', () => ['sim', '--scenario', write('deep-scenario.json', deepScenario(DEEP)), '--runs', '2', '--quiet'], /--scenario \S+: trapFile\.traps\[0\]\.effect\.effects\[0\]…: nested more than 64 deep/],
    ['a replay', () => ['replay', write('deep-replay.json', header('trapsmith-replay'))], /deep-replay\.json: The file cannot be read: scenario\.trapFile\.traps\[0\]\.effect\.effects…: nested more than 64 deep/],
    ['a save', () => ['replay', write('deep-save.json', header(SAVE_FORMAT))], /deep-save\.json: The file cannot be read: scenario\.trapFile\.traps\[0\]\.effect\.effects…: nested more than 64 deep/],
    [
      'a link',
      () => ['replay', `https://example.org/#g=${LZString.compressToEncodedURIComponent(`{"v":${WORLD_VERSION},"s":"1","r":"ceaptun","o":{},"w":18,"h":6,"y":"rooms","a":"","m":${deepScenario(DEEP)}}`)}`],
      /This link's game cannot be read: scenario\.trapFile\.traps\[0\]\.effect\.effects…: nested more than 64 deep/,
    ],
    [
      'a shard',
      () => ['merge', write('deep-shard.json', `{"format":"trapsmith-shard","version":1,"shard":{"index":1,"of":1},"runs":10,"seedStart":1,"spec":{"ruleset":"ceaptun","bot":"careful","traps":${deepTrapFile(DEEP)}},"stats":{},"fingerprintMismatches":0}`)],
      /deep-shard\.json: spec\.traps\.traps\[0\]\.effect\.effects…: nested more than 64 deep/,
    ],
    ['a variant', () => ['map', '--ruleset', 'ceaptun', '--seed', '1', '--variant', write('deep-variant.json', `{"name":"v","ruleset":"ceaptun","settings":${deepList}}`)], /deep-variant\.json: settings\[0\]\[0\]\[0\]\[0\]\[0\]…: nested more than 64 deep/],
    ['an assertions file', () => ['assert', '--file', write('deep-assertions.json', `{"assertions":${deepList}}`)], /deep-assertions\.json: assertions\[0\]\[0\]\[0\]\[0\]\[0\]…: nested more than 64 deep/],
    // A million deep: V8's parser takes it; the depth check (no call stack) refuses it.
    ['a replay a million deep', () => ['replay', write('million.json', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)], /million\.json: The file cannot be read: \[0\]\[0\]\[0\]\[0\]\[0\]\[0\]…: nested more than 64 deep/],
  ];
  it.each(cases)('%s: exit 2, the message naming the field', async (_what, argv, message) => {
    const r = await runCli(argv());
    expect(r.err).not.toMatch(/internal error/);
    expect(r.err).toMatch(message);
    expect(r.code).toBe(2);
  });
});

describe('a file with a byte-order mark (what Windows editors write) reads as the same file without one', () => {
  const game = playRandomGame({ seed: 'bom', ruleset: 'test', settings: { monsters: 2 } }, 60, 3);
  const assertions = {
    assertions: [{ id: 'low-danger', ruleset: 'ceaptun', says: 'At danger 2 no pit kills a new character in one go.', exact: { check: 'damage', inputs: { danger: 2, hard: true, trap: 'pit' }, measure: 'max', expect: { lt: 'playerHp' } } }],
  };
  // Each kind: its text, and the command reading it from FILE.
  const kinds: Array<[string, () => Promise<string>, (file: string) => string[]]> = [
    ['a replay', async () => replayToText(game.file()), (f) => ['replay', f, '--format', 'json']],
    ['a save', async () => replayToText({ ...game.file(), format: SAVE_FORMAT }), (f) => ['replay', f, '--format', 'json']],
    ['a trap file', async () => readFileSync('examples/traps/net.json', 'utf8'), (f) => ['map', '--ruleset', 'ceaptun', '--seed', '1', '--traps', f]],
    ['a scenario', async () => readFileSync(SCENARIO, 'utf8'), (f) => ['map', '--scenario', f]],
    ['a variant', async () => JSON.stringify({ name: 'bom variant', ruleset: 'ceaptun', settings: { monsters: 3 } }), (f) => ['map', '--ruleset', 'ceaptun', '--seed', '1', '--variant', f]],
    ['an assertions file', async () => JSON.stringify(assertions), (f) => ['assert', '--file', f, '--format', 'json']],
    [
      'a shard',
      async () => {
        const made = await runCli(['sim', '--ruleset', 'ceaptun', '--runs', '10', '--bot', 'reckless', '--quiet', '--shard', '1/1', '--out', join(dir, 'shard.json'), '--force']);
        expect(made.code, made.err).toBe(0);
        return readFileSync(join(dir, 'shard.json'), 'utf8');
      },
      (f) => ['merge', f, '--format', 'json'],
    ],
  ];
  it.each(kinds)('%s', async (what, text, argv) => {
    const slug = what.replaceAll(' ', '-');
    const body = await text();
    const plain = await runCli(argv(write(`${slug}.json`, body)));
    expect(plain.code, plain.err).toBe(0);
    const marked = await runCli(argv(write(`${slug}-bom.json`, BOM + body)));
    expect(marked.err).toBe(plain.err);
    expect(marked.code).toBe(0);
    expect(marked.out).toBe(plain.out);
  });
});

describe('unknown names are refused, naming the known ones', () => {
  const EXAMPLES: Record<string, string> = { cdda: 'cdda-rusty-jaws', d20: 'd20-crossbow-gallery', ceaptun: 'fire-rune', omega: 'omega-pendulum', wasteland: 'wasteland-pits' };
  /** The ruleset's example trap file changed by `edit`, written; the `map` command line reading it. */
  const mapWith = (ruleset: string, name: string, edit: (kind: Record<string, unknown>) => void): string[] => {
    const file = JSON.parse(readFileSync(`examples/traps/${EXAMPLES[ruleset]}.json`, 'utf8')) as { name: string; traps: Array<Record<string, unknown>> };
    // A name of its own: a file played in this process is not refused for another of its name.
    file.name = `${file.name} ${name}`;
    edit(file.traps[0]!);
    return ['map', '--ruleset', ruleset, '--seed', '1', '--traps', write(`${ruleset}-${name}.json`, JSON.stringify(file))];
  };
  const rulesets = Object.keys(EXAMPLES);

  it.each(rulesets)("a kind's numbers in %s: constructor, toString and a typo", async (ruleset) => {
    const r = await runCli(mapWith(ruleset, 'numbers', (k) => (k.numbers = { ...(k.numbers as object), constructor: 1, toString: 2, difficulyt: 3 })));
    expect(r.code, r.err).toBe(2);
    // Each ruleset in its words, with what a kind may have: "(a kind has …", "the designer's inputs are …", "(its table describes it: …".
    for (const name of ['constructor', 'toString', 'difficulyt']) expect(r.err).toMatch(new RegExp(`traps\\[0\\]\\.numbers\\.${name}: [^;]*reads? no [^;]*(\\(a kind has|; the designer's inputs are|\\(its table describes it)`));
  });

  it.each(rulesets)('an if on a setting %s has not', async (ruleset) => {
    const r = await runCli(mapWith(ruleset, 'if-setting', (k) => (k.effect = { do: 'if', if: { not: { setting: 'bearTrapHoldsPlayr' } }, effect: k.effect })));
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(new RegExp(`traps\\[0\\]\\.effect\\.if\\.not\\.setting: unknown setting "bearTrapHoldsPlayr" of ${ruleset} \\(known: lightRadius, monsters, goalDepth, turnLimit, `));
  });

  it.each(rulesets)('a $name that is no whole-number setting of %s', async (ruleset) => {
    const r = await runCli(mapWith(ruleset, 'dollar', (k) => (k.effect = { do: 'all', effects: [k.effect, { do: 'summon', monster: 'kobold', count: '$kobolds', radius: 1 }] })));
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(new RegExp(`traps\\[0\\]\\.effect\\.effects\\[1\\]\\.count: "\\$kobolds" is not a whole-number setting of ${ruleset} \\(`));
  });

  it('seeds --where level.NAME the ruleset’s levels lack: exit 2 before any level is made', async () => {
    const r = await runCli(['seeds', '--ruleset', 'ceaptun', '--where', 'level.nope > 3', '--scan', '300']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--where: at column 1: expected level\.NAME, a name of the ruleset's levels \(level\.danger, level\.tier\), got "level\.nope"/);
    expect(r.err).not.toMatch(/levels looked at/);
    // A name it has still reads.
    const ok = await runCli(['seeds', '--ruleset', 'ceaptun', '--where', 'level.danger = 0', '--scan', '1', '--format', 'json']);
    expect(ok.code, ok.err).toBe(0);
  });
});
