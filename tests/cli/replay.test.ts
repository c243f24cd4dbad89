import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { WORLD_VERSION } from '../../src/core/world.ts';
import { linkUrl, replayToText } from '../../src/share/index.ts';
import { replay } from '../../src/share/replay.ts';
import { playRandomGame } from '../share/randomGame.ts';

function io(stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => stdin };
  return { cli, out, err };
}

let dir: string;
const game = playRandomGame({ seed: 'cli', ruleset: 'test', settings: { monsters: 4 } }, 700, 12);
const file = game.file();
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trapsmith-replay-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('trapsmith replay', () => {
  it('prints the log and the final hash, which matches the recorded game', async () => {
    const r = io();
    expect(await main(['replay', write('game.json', replayToText(file))], r.cli)).toBe(0);
    const lines = r.out.join('\n').split('\n');
    expect(lines[0]).toBe(`Replay ruleset test, seed "cli", 80x40 rooms, ${file.actions.length} actions`);
    expect(lines.at(-1)).toBe(`Hash ${file.hash} (matches the recorded hash)`);
    // The log is the messages of the live game, turn by turn.
    const logged = lines.filter((l) => /^Turn \d+: /.test(l));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).toEqual(replay(file).log.map((l) => `Turn ${l.turn}: ${l.text}`));
  });

  it('--to-turn N --format json: the state at turn N', async () => {
    const r = io();
    expect(await main(['replay', write('g.json', replayToText(file)), '--to-turn', '100', '--format', 'json'], r.cli)).toBe(0);
    const json = JSON.parse(r.out[0]!);
    expect(json.turn).toBe(100);
    expect(json.hash).toBe(replay(file, 100).hash);
    expect(json.hash).not.toBe(file.hash);
    expect(json.log.every((l: { turn: number }) => l.turn <= 100)).toBe(true);
  });

  it('reads standard input and game links', async () => {
    const a = io(replayToText(file));
    expect(await main(['replay', '-', '--format', 'json'], a.cli)).toBe(0);
    expect(JSON.parse(a.out[0]!).hash).toBe(file.hash);
    const b = io();
    expect(await main(['replay', linkUrl('https://example.org/trapsmith/', file), '--format', 'json'], b.cli)).toBe(0);
    expect(JSON.parse(b.out[0]!).hash).toBe(file.hash);
  });

  it('bad files and flags exit 2 with a message naming the problem', async () => {
    const t = replayToText(file);
    const cases: Array<[string[], RegExp]> = [
      [[write('cut.json', t.slice(0, t.length / 2))], /cut\.json: The file ends too early: it looks truncated/],
      [[write('old.json', JSON.stringify({ ...file, version: WORLD_VERSION - 1 }))], /made with an older version of Trapsmith/],
      [[write('types.json', JSON.stringify({ ...file, seed: 7 }))], /seed: expected text, got the number 7/],
      [[write('foreign.json', '{"name":"package"}')], /not a Trapsmith replay or save/],
      [[join(dir, 'missing.json')], /cannot read ".*missing\.json": no such file/],
      [[write('ok.json', t), '--to-turn', 'ten'], /--to-turn must be a whole number/],
      [[write('ok2.json', t), '--to-turn', String(file.turn! + 1)], new RegExp(`past the end of the replay \\(it ends at turn ${file.turn}\\)`)],
      [[write('ok3.json', t), '--format', 'xml'], /--format must be one of text, json/],
      [[], /replay needs a FILE/],
    ];
    for (const [argv, message] of cases) {
      const r = io();
      expect(await main(['replay', ...argv], r.cli), argv.join(' ')).toBe(2);
      expect(r.err.join('\n'), argv.join(' ')).toMatch(message);
    }
  });

  it('a huge file is refused by its size without being read', async () => {
    const p = join(dir, 'huge.json');
    writeFileSync(p, 'x'.repeat(8_000_001));
    const r = io();
    expect(await main(['replay', p], r.cli)).toBe(2);
    expect(r.err.join('\n')).toMatch(/the file is too large \(8,000,001 bytes/);
  });

  it('a replay that does not reach its recorded hash exits 1 and says why', async () => {
    const r = io();
    const edited = { ...file, hash: file.hash === 'abcdef01' ? 'abcdef02' : 'abcdef01' };
    expect(await main(['replay', write('edited.json', replayToText(edited))], r.cli)).toBe(1);
    expect(r.err.join('\n')).toMatch(/but recorded abcdef0[12]: the rules changed since it was made/);
  });

  it('--help', async () => {
    const r = io();
    expect(await main(['replay', '--help'], r.cli)).toBe(0);
    expect(r.out.join('\n')).toMatch(/^Usage: trapsmith replay FILE/);
  });
});
