/**
 * A designer's trap file travels inside the replay file, the link and the save: each round trip
 * gives the same file and replays to the engine's own hash; a bad or hostile embedded file is
 * refused naming its field, registers nothing and changes no save; and games without one read
 * exactly as before.
 */
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { hasRuleset, listRulesets } from '../../src/core/registry.ts';
import type { TrapFile } from '../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { MAX_TRAP_FILE_BYTES, parseTrapFile } from '../../src/core/traps/schema.ts';
import { RULES_VERSION } from '../../src/core/rulesVersion.ts';
import { deserializeWorld, serializeWorld, WORLD_VERSION, worldHash } from '../../src/core/world.ts';
import { encodeActions } from '../../src/share/actionCodec.ts';
import { parseReplayText, type ReplayFile, replayToText, SAVE_FORMAT, validateReplay } from '../../src/share/format.ts';
import { decodeLink, encodeLink } from '../../src/share/link.ts';
import { replay } from '../../src/share/replay.ts';
import { SaveStore } from '../../src/share/saves.ts';
import { playTrapFile, trapFileOf } from '../../src/share/trapFiles.ts';
import { GameController } from '../../src/ui/game.ts';
import { replayOffThread } from '../../src/ui/share/longReplay.ts';
import type { ReplayDone } from '../../src/ui/share/replayProtocol.ts';
import { ShareSession } from '../../src/ui/share/session.ts';
import { createUiStore } from '../../src/ui/store.ts';
import { memoryStorage } from './memoryStorage.ts';
import { playRandomGame } from './randomGame.ts';

const NET_TEXT = readFileSync(new URL('../../examples/traps/net.json', import.meta.url), 'utf8');
const NET = parseTrapFile(NET_TEXT, 'net.json');
const NET_ID = playTrapFile(NET, 'net.json');

/** The world the engine itself reaches: the file applied in core, then newGame and step, no share code. */
function engineHash(file: TrapFile, seed: string, actions: readonly Action[]): string {
  const id = applyTrapFile(parseTrapFile(JSON.stringify(file), 'engine'), 'engine');
  const world = newGame({ seed, ruleset: id });
  for (const a of actions) step(world, a);
  return worldHash(world);
}

function netGame(seed = 'traps-travel', attempts = 120): ReplayFile {
  return playRandomGame({ seed, ruleset: NET_ID }, attempts, 5).file();
}

const ids = () => listRulesets().map((r) => r.id).sort();

/** A game's file as JSON, with its trap file changed by `edit` (a copy: the parsed file is left alone). */
function withTrapFile(file: ReplayFile, edit: (t: Record<string, unknown>) => void): Record<string, unknown> {
  const raw = JSON.parse(replayToText(file)) as Record<string, unknown>;
  edit(raw.trapFile as Record<string, unknown>);
  return raw;
}

describe('a trap file in a recorded game', () => {
  it('a game on a trap file ruleset carries the whole file: the replay file round trips and replays to the engine’s hash', () => {
    expect(NET_ID).toBe('ceaptun+net-trap');
    const file = netGame();
    expect(file.actions.length).toBeGreaterThan(20);
    expect(file.ruleset).toBe(NET_ID);
    expect(file.trapFile).toEqual(NET);
    const back = parseReplayText(replayToText(file));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value).toEqual(file);
    const run = replay(back.value);
    expect(run.hashMatches).toBe(true);
    expect(run.hash).toBe(engineHash(NET, file.seed, file.actions));
    // The file's kinds are played: the same seed under plain Cēaptūn is another world.
    const plain = playRandomGame({ seed: file.seed, ruleset: 'ceaptun' }, 0).file();
    expect(replay({ ...file, ruleset: 'ceaptun', trapFile: undefined, actions: [] }).hash).toBe(plain.hash);
    expect(replay({ ...file, actions: [] }).hash).not.toBe(plain.hash);
  });

  it('the link carries the whole file, compressed with the rest, and opens the same game', () => {
    const file = netGame();
    const payload = encodeLink(file);
    const expanded = JSON.parse(LZString.decompressFromEncodedURIComponent(payload)) as Record<string, unknown>;
    expect(expanded.k).toEqual(NET);
    expect(payload.length).toBeLessThan(JSON.stringify(expanded).length);
    const back = decodeLink(payload);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.trapFile).toEqual(NET);
    expect(back.value.actions).toEqual(file.actions);
    expect(replay(back.value).hash).toBe(engineHash(NET, file.seed, file.actions));
  });

  it('opening a game registers its trap file: a file this process never saw plays from the replay alone', () => {
    const fresh = { ...JSON.parse(NET_TEXT), name: 'Net trap from a replay' };
    const id = 'ceaptun+net-trap-from-a-replay';
    expect(hasRuleset(id)).toBe(false);
    const actions: Action[] = [{ type: 'search' }, { type: 'wait' }, { type: 'move', dx: 1, dy: 0 }];
    const text = JSON.stringify({ format: 'trapsmith-replay', version: WORLD_VERSION, rules: RULES_VERSION, seed: 'fresh', ruleset: id, settings: {}, width: 80, height: 40, style: 'rooms', actions, trapFile: fresh });
    const r = parseReplayText(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(hasRuleset(id)).toBe(true);
    expect(trapFileOf(id)?.name).toBe('Net trap from a replay');
    expect(replay(r.value).hash).toBe(engineHash(fresh, 'fresh', actions));
  });

  it('the save keeps the file: it loads back, replays to the engine’s hash, and a turn more appends without rewriting the header', () => {
    const storage = memoryStorage();
    const saves = new SaveStore(storage);
    const rec = playRandomGame({ seed: 'traps-save', ruleset: NET_ID }, 80, 3);
    const file = rec.file(SAVE_FORMAT);
    const w = saves.write(file);
    expect(w.ok).toBe(true);
    if (!w.ok) return;
    const head = JSON.parse(storage.data.get(`trapsmith.saves.g.${w.value.id}.head`)!) as Record<string, unknown>;
    expect(head.trapFile).toEqual(NET);
    const loaded = new SaveStore(storage).load(w.value.id);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.save.trapFile).toEqual(NET);
    expect(replay(loaded.value.save).hash).toBe(engineHash(NET, file.seed, file.actions));
    // The store that loaded it appends: the header reads the same as it was written.
    const store = new SaveStore(storage);
    const again = store.load(w.value.id);
    if (!again.ok) throw new Error(again.problem.message);
    rec.step({ type: 'search' });
    storage.written.length = 0;
    const more = store.save(w.value.id, { header: again.value.save, actions: rec.actions, turn: rec.world.turn, hash: worldHash(rec.world) });
    expect(more.ok && more.value.id).toBe(w.value.id);
    expect(storage.written.filter((k) => k.endsWith('.head'))).toEqual([]);
    expect(new SaveStore(storage).trapFileFor(NET_ID, 'traps-save')).toEqual(NET);
    expect(new SaveStore(storage).trapFileFor('ceaptun')).toBeUndefined();
  });

  it('the page’s share session records a game started on a trap file, and autosaves it with the file', () => {
    const store = createUiStore();
    const game = new GameController(store);
    game.start({ seed: 'traps-page', ruleset: NET_ID, width: 60, height: 30, style: 'rooms', settings: {} });
    const storage = memoryStorage();
    const session = new ShareSession(game, store, new SaveStore(storage));
    for (const dx of [1, 1, -1, 0]) game.handle({ type: 'move', dx, dy: dx === 0 ? 1 : 0 });
    game.handle({ type: 'search' });
    const file = session.file();
    expect(file?.trapFile).toEqual(NET);
    expect(file?.hash).toBe(worldHash(game.world!));
    const kept = new SaveStore(storage);
    const list = kept.list();
    if (!list.ok) throw new Error(list.problem.message);
    const loaded = kept.load(list.value[0]!.id);
    expect(loaded.ok && loaded.value.save.trapFile).toEqual(NET);
    expect(loaded.ok && replay(loaded.value.save).hash).toBe(worldHash(game.world!));
  });
});

/** A stand-in for the link replay worker that answers with `answer` (what replayWorker.ts would post). */
function fakeWorker(answer: ReplayDone): Worker {
  const listeners: Array<(e: MessageEvent) => void> = [];
  return {
    addEventListener: (type: string, fn: (e: MessageEvent) => void) => {
      if (type === 'message') listeners.push(fn);
    },
    postMessage: () =>
      queueMicrotask(() => {
        for (const fn of listeners) fn({ data: answer } as MessageEvent);
      }),
    terminate: () => {},
  } as unknown as Worker;
}

describe('a long link replayed off the page', () => {
  /** The worker's answer for a game whose trap file this page has never registered (another name, so another ruleset). */
  function answerFor(name: string, edit: (t: Record<string, unknown>) => void = () => {}): { done: ReplayDone; id: string } {
    const file = netGame('traps-long', 40);
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const id = `ceaptun+${slug}`;
    const world = deserializeWorld(serializeWorld(replay(file).world).replace(`"ruleset":"${NET_ID}"`, `"ruleset":"${id}"`));
    const trapFile = JSON.parse(JSON.stringify({ ...NET, name })) as Record<string, unknown>;
    edit(trapFile);
    const { actions, ...rest } = file;
    const done: ReplayDone = {
      type: 'done',
      file: { ...rest, ruleset: id, trapFile: trapFile as unknown as TrapFile, hash: worldHash(world) },
      actions: encodeActions(actions),
      accepted: encodeActions(actions),
      world: serializeWorld(world),
      log: [],
      played: actions.length,
      refused: 0,
      hash: worldHash(world),
      turn: world.turn,
      hashMatches: true,
      turnMatches: true,
      lure: replay(file).lure,
    };
    return { done, id };
  }

  it('registers the game’s trap file on the page too, so the game plays on here', async () => {
    const { done, id } = answerFor('Net trap off the page');
    expect(hasRuleset(id)).toBe(false);
    const r = await replayOffThread('payload', () => {}, () => fakeWorker(done)).done;
    expect('ok' in r && r.ok).toBe(true);
    expect(hasRuleset(id)).toBe(true);
    if (!('ok' in r) || !r.ok) return;
    expect(r.value.file.trapFile?.name).toBe('Net trap off the page');
    expect(r.value.result.recording.file().trapFile?.name).toBe('Net trap off the page');
  });

  it('refuses an answer whose trap file does not read, naming the field', async () => {
    const { done, id } = answerFor('Net trap bad off the page', (t) => ((t.traps as Array<{ colour: string }>)[0]!.colour = 'red'));
    const r = await replayOffThread('payload', () => {}, () => fakeWorker(done)).done;
    expect('ok' in r && !r.ok && r.problem.message).toMatch(/^trapFile\.traps\[0\]\.colour: expected a colour/);
    expect(hasRuleset(id)).toBe(false);
  });
});

describe('a bad embedded trap file', () => {
  const file = netGame('traps-bad', 30);
  const cases: Array<[string, () => Record<string, unknown>, RegExp, string]> = [
    ['a bad field', () => withTrapFile(file, (t) => ((t.traps as Array<{ effect: Record<string, unknown> }>)[0]!.effect.turns = 'lots')), /^trapFile\.traps\[0\]\.effect\.turns: expected dice like "2d6", got "lots"/, 'field'],
    ['a missing field', () => withTrapFile(file, (t) => delete (t.traps as Array<Record<string, unknown>>)[0]!.effect), /^trapFile\.traps\[0\]\.effect: /, 'field'],
    [
      'a "__proto__" key',
      () => {
        const text = replayToText(file).replace('"difficulty": 14', '"__proto__": { "polluted": true }, "difficulty": 14');
        expect(text).toContain('__proto__');
        return JSON.parse(text) as Record<string, unknown>;
      },
      /^trapFile\.traps\.0\.numbers\.__proto__: "__proto__" cannot be a name here/,
      'field',
    ],
    ['a file too large', () => withTrapFile(file, (t) => (t.description = 'x'.repeat(MAX_TRAP_FILE_BYTES))), /^trapFile: too large \(262,[0-9,]+ characters; at most 262,144\)/, 'size'],
    [
      'an unknown ruleset',
      () => ({ ...withTrapFile(file, (t) => (t.ruleset = 'nethack')), ruleset: 'nethack+net-trap' }),
      /^trapFile\.ruleset: "nethack" is not a ruleset that plays trap files \(cdda, omega, ceaptun, d20, wasteland\)/,
      'field',
    ],
    // The test ruleset (tests/support) is the one that plays none.
    ['a ruleset that plays no trap files', () => ({ ...withTrapFile(file, (t) => (t.ruleset = 'test')), ruleset: 'test+net-trap' }), /^trapFile\.ruleset: test does not play trap files yet/, 'field'],
    // Cēaptūn's net given to CDDA: CDDA's own checks refuse the numbers it does not read.
    ['a kind its ruleset cannot play', () => ({ ...withTrapFile(file, (t) => (t.ruleset = 'cdda')), ruleset: 'cdda+net-trap' }), /^trapFile\.traps\[0\]\.numbers/, 'field'],
    ['a header of another ruleset than its file’s', () => ({ ...withTrapFile(file, () => {}), ruleset: 'ceaptun' }), /^ruleset: expected "ceaptun\+net-trap", the ruleset of its trap file/, 'field'],
    [
      'a trap file ruleset without its file',
      () => {
        const raw = withTrapFile(file, () => {});
        delete raw.trapFile;
        return raw;
      },
      /^trapFile: missing \(ruleset "ceaptun\+net-trap" plays a trap file/,
      'field',
    ],
    ['not an object', () => ({ ...withTrapFile(file, () => {}), trapFile: JSON.stringify(NET) }), /^trapFile: expected a trap file \(an object\), got text "/, 'field'],
  ];

  it.each(cases)('%s: refused naming the field, in a replay file and in a link, registering nothing', (_what, make, message, kind) => {
    const before = ids();
    const raw = make();
    const fromFile = parseReplayText(JSON.stringify(raw));
    expect(fromFile.ok).toBe(false);
    if (fromFile.ok) return;
    expect(fromFile.problem.message).toMatch(message);
    expect(fromFile.problem.kind).toBe(kind);
    const compact = { v: raw.version, s: raw.seed, r: raw.ruleset, o: raw.settings, w: raw.width, h: raw.height, y: raw.style, a: '', ...(raw.trapFile !== undefined ? { k: raw.trapFile } : {}) };
    const fromLink = decodeLink(LZString.compressToEncodedURIComponent(JSON.stringify(compact)));
    expect(!fromLink.ok && fromLink.problem.message).toMatch(message);
    expect(ids()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a save with one is not written, nor is a file with one imported: every kept game stays as it was', () => {
    const storage = memoryStorage();
    const saves = new SaveStore(storage);
    const good = saves.write({ ...netGame('traps-kept', 20), format: SAVE_FORMAT });
    expect(good.ok).toBe(true);
    const snapshot = new Map(storage.data);
    for (const [what, make, message] of cases) {
      const raw = make();
      expect(validateReplay(raw).ok).toBe(false);
      // A game handed to the store in this page is a header: one without its file takes the file
      // its ruleset plays here (headerOf). Outside input was refused above, before any store.
      if (what === 'a trap file ruleset without its file') continue;
      const written = saves.write({ ...(raw as unknown as ReplayFile), format: SAVE_FORMAT });
      expect(written.ok ? 'written' : written.problem.message).toMatch(new RegExp(`^The game was not saved: ${message.source.slice(1)}`));
    }
    expect(storage.data).toEqual(snapshot);
  });

  it('a kept game whose file’s name another file has taken in this page is kept as it is, not set aside as damaged', () => {
    const storage = memoryStorage();
    const saves = new SaveStore(storage);
    const w = saves.write({ ...netGame('traps-clash', 20), format: SAVE_FORMAT });
    if (!w.ok) throw new Error(w.problem.message);
    // Another page wrote the same name with other traps (here: a header edited to other numbers).
    const key = `trapsmith.saves.g.${w.value.id}.head`;
    storage.data.set(key, storage.data.get(key)!.replace('"difficulty":14', '"difficulty":15'));
    const snapshot = new Map(storage.data);
    const r = new SaveStore(storage).load(w.value.id);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.kind).toBe('conflict');
    expect(r.problem.message).toMatch(/cannot be played in this page now: trapFile\.name: another trap file named "Net trap" .*reload the page/);
    expect(storage.data).toEqual(snapshot);
  });
});

describe('games without a trap file read as before', () => {
  it('a replay file and a link of the format before trap files load, and a new one of a built-in ruleset is written the same', () => {
    const actions: Action[] = [{ type: 'search' }, { type: 'move', dx: 0, dy: 1 }, { type: 'wait' }];
    const old = { format: 'trapsmith-replay', version: WORLD_VERSION, seed: 'old', ruleset: 'ceaptun', settings: { lightRadius: 7 }, width: 60, height: 30, style: 'caves', actions };
    const r = parseReplayText(JSON.stringify(old));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.hasOwn(r.value, 'trapFile')).toBe(false);
    expect(replay(r.value).hash).toBe(
      (() => {
        // Made before rules versions were kept: version 1, without the settings it did not have yet.
        expect(r.value.rules).toBe(1);
        const w = newGame({ seed: 'old', ruleset: 'ceaptun', settings: r.value.settings, width: 60, height: 30, style: 'caves' });
        for (const a of actions) step(w, a);
        const settings = { ...w.settings };
        for (const name of r.value.absent ?? []) delete settings[name];
        return worldHash({ ...w, settings });
      })(),
    );
    // The link of before: exactly these keys. A built-in game's link today adds only its rules' version (u).
    const rec = playRandomGame({ seed: 'old-link', ruleset: 'omega' }, 40, 2).file();
    expect(rec.trapFile).toBeUndefined();
    const payload = encodeLink(rec);
    const expanded = JSON.parse(LZString.decompressFromEncodedURIComponent(payload)) as Record<string, unknown>;
    expect(Object.keys(expanded)).toEqual(['v', 'u', 's', 'r', 'o', 'w', 'h', 'y', 'a', 't', 'x']);
    const before = { v: rec.version, s: rec.seed, r: rec.ruleset, o: rec.settings, w: rec.width, h: rec.height, y: rec.style, a: expanded.a, t: rec.turn, x: rec.hash };
    const oldPayload = LZString.compressToEncodedURIComponent(JSON.stringify(before));
    const opened = decodeLink(oldPayload);
    expect(opened.ok && replay(opened.value).hashMatches).toBe(true);
    // A save header without the field loads.
    const storage = memoryStorage();
    const w = new SaveStore(storage).write({ ...rec, format: SAVE_FORMAT });
    if (!w.ok) throw new Error(w.problem.message);
    expect(storage.data.get(`trapsmith.saves.g.${w.value.id}.head`)).not.toContain('trapFile');
    const loaded = new SaveStore(storage).load(w.value.id);
    expect(loaded.ok && replay(loaded.value.save).hashMatches).toBe(true);
  });
});
