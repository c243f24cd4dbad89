import { describe, expect, it } from 'vitest';
import { WORLD_VERSION } from '../../src/core/world.ts';
import { parseReplayText, type ReplayFile, replayToText, validateReplay } from '../../src/share/format.ts';
import { LIMITS } from '../../src/share/limits.ts';
import { replay } from '../../src/share/replay.ts';
import { playRandomGame } from './randomGame.ts';

const good = (): ReplayFile => playRandomGame({ seed: 'fmt', ruleset: 'test', width: 40, height: 25 }, 60, 2).file();
const text = (f: unknown) => JSON.stringify(f);
const problem = (t: string) => {
  const r = parseReplayText(t);
  if (r.ok) throw new Error('expected a refusal');
  return r.problem;
};

describe('replay file checks', () => {
  it('a good file round-trips through its text unchanged', () => {
    const f = good();
    const r = parseReplayText(replayToText(f));
    expect(r.ok && r.value).toEqual(f);
    // One action per line, so two replays diff line by line.
    expect(replayToText(f).split('\n').filter((l) => l.startsWith('    {"type"')).length).toBe(f.actions.length);
  });

  it('truncated: every cut of a file is refused as truncated, never half-loaded', () => {
    const t = replayToText(good());
    for (const cut of [1, 10, Math.floor(t.length / 2), t.length - 3]) {
      const p = problem(t.slice(0, cut));
      expect(p.kind, `cut at ${cut}`).toBe('syntax');
      expect(p.message).toMatch(/truncated/);
    }
    expect(problem('').message).toMatch(/empty/);
    expect(problem('{"format": trapsmith').message).toMatch(/not valid JSON/);
  });

  it('wrong version, older or newer: refused with a message saying so, before any other check', () => {
    for (const version of [WORLD_VERSION - 1, WORLD_VERSION + 1]) {
      const p = problem(text({ ...good(), version, actions: 'whatever the old format was' }));
      expect(p.kind).toBe('version');
      expect(p.message).toMatch(version < WORLD_VERSION ? /older version/ : /newer version/);
      expect(p.message).toContain(`world version ${version}; this is version ${WORLD_VERSION}`);
    }
    expect(problem(text({ ...good(), version: '1' })).message).toBe('version: expected a whole number, got text "1"');
  });

  it('foreign JSON is named as not ours', () => {
    expect(problem('[1,2,3]').kind).toBe('foreign');
    expect(problem('"hello"').message).toMatch(/not a Trapsmith replay or save: it holds text "hello"/);
    const p = problem(text({ name: 'trapsmith', version: '0.1.0', dependencies: {} }));
    expect(p.kind).toBe('foreign');
    expect(p.message).toMatch(/"format" is nothing, expected "trapsmith-replay" or "trapsmith-save"/);
  });

  it('wrong types and values: each message names the field, what it should be and what it is', () => {
    const f = good();
    const cases: Array<[unknown, string]> = [
      [{ ...f, seed: 42 }, 'seed: expected text, got the number 42'],
      [{ ...f, seed: '' }, 'seed: must not be empty'],
      [{ ...f, width: 'wide' }, 'width: expected a number, got text "wide"'],
      [{ ...f, width: 80.5 }, 'width: expected a whole number, got the number 80.5'],
      [{ ...f, width: 10 }, 'width: must be a whole number from 40 to 200, got 10'],
      [{ ...f, style: 'maze' }, 'style: expected one of "rooms", "caves", got text "maze"'],
      [{ ...f, ruleset: 'chess' }, 'ruleset: unknown ruleset "chess"'],
      [{ ...f, settings: { spikeSides: 'many' } }, 'settings.spikeSides: expected a whole number, got "many"'],
      [{ ...f, settings: { nope: 1 } }, 'settings.nope: unknown setting for ruleset test'],
      [{ ...f, settings: { spikeSides: null } }, 'settings.spikeSides: expected a number, text or true/false, got null'],
      [{ ...f, actions: {} }, 'actions: expected a list, got an object'],
      [{ ...f, actions: [{ type: 'fly' }] }, 'actions[0].type: unknown action type, got text "fly"'],
      [{ ...f, actions: [{ type: 'wait' }, { type: 'move', dx: 2, dy: 0 }] }, 'actions[1].dx: must be at most 1, got the number 2'],
      [{ ...f, actions: [{ type: 'move', dx: 1 }] }, 'actions[0].dy: missing (expected a number)'],
      [{ ...f, actions: [{}] }, 'actions[0].type: missing (expected an action type)'],
      [{ ...f, hash: 'zz' }, 'hash: expected 8 lowercase hex digits, got text "zz"'],
      [{ ...f, turn: -1 }, 'turn: must be at least 0, got the number -1'],
      [{ ...f, seed: undefined }, 'seed: missing (expected text)'],
    ];
    for (const [raw, message] of cases) {
      const r = validateReplay(JSON.parse(JSON.stringify(raw)));
      expect(r.ok, message).toBe(false);
      if (!r.ok) expect(r.problem.message, message).toContain(message);
    }
  });

  it('huge: a file over the size limit is refused by its length, before parsing', () => {
    const big = `{"format":"trapsmith-replay","pad":"${'x'.repeat(LIMITS.fileChars)}"}`;
    const p = problem(big);
    expect(p.kind).toBe('size');
    expect(p.message).toMatch(/too large/);
    const many = { ...good(), actions: new Array(LIMITS.actions + 1).fill({ type: 'wait' }) };
    expect(problem(text(many)).message).toContain(`actions: too many entries (at most ${LIMITS.actions})`);
    expect(problem(text({ ...good(), seed: 's'.repeat(LIMITS.seedChars + 1) })).message).toContain('seed: too long');
  });

  it('script in names and seeds: kept as plain text, exactly, and the game replays', () => {
    const nasty = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const f = { ...good(), name: nasty };
    const r = parseReplayText(replayToText(f));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.name).toBe(nasty);
    const seeded = playRandomGame({ seed: nasty, ruleset: 'test', width: 40, height: 25 }, 40, 3).file();
    const back = parseReplayText(replayToText(seeded));
    expect(back.ok && back.value.seed).toBe(nasty);
    if (back.ok) expect(replay(back.value).hash).toBe(seeded.hash);
  });

  it('a message quotes user text safely (JSON-quoted and shortened), never raw', () => {
    const p = problem(text({ ...good(), style: `<b>${'x'.repeat(100)}` }));
    expect(p.message).toContain('got text "<b>xxxxxxxxxxxxxxxxxxxxx…"');
  });
});
