import { describe, expect, it } from 'vitest';
import { DIRECTIONS, worldHash } from '../../src/core/world.ts';
import { replay } from '../../src/share/replay.ts';
import { SaveStore, type StorageLike } from '../../src/share/saves.ts';
import { GameController } from '../../src/ui/game.ts';
import { ShareSession, sameGame, optionsOf } from '../../src/ui/share/session.ts';
import { createUiStore } from '../../src/ui/store.ts';
import type { GameOptions } from '../../src/ui/url.ts';
import { scenario } from '../support/scenario.ts';
import { playRandomGame, prng } from './randomGame.ts';

const OPTIONS: GameOptions = { seed: 'ui-session', ruleset: 'test', width: 40, height: 25, style: 'rooms', settings: { monsters: 0 } };

function mapStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

/** What a reload finds: the saves as another page (a new SaveStore) reads them, newest first. */
function kept(storage: StorageLike) {
  const listed = new SaveStore(storage).list();
  if (!listed.ok) throw new Error(listed.problem.message);
  return listed.value;
}

function loadLatest(storage: StorageLike) {
  const store = new SaveStore(storage);
  const r = store.load(kept(storage)[0]!.id);
  if (!r.ok) throw new Error(r.problem.message);
  return r.value;
}

function setUp(opts: GameOptions = OPTIONS, reveal = false) {
  const store = createUiStore();
  const game = new GameController(store);
  game.start(opts, { reveal });
  const storage = mapStorage();
  const session = new ShareSession(game, store, new SaveStore(storage));
  return { store, game, storage, session };
}

/** Presses movement commands in the game (as the keys would), with a few searches and waits. */
function playCommands(game: GameController, n: number, seed: number): void {
  const rand = prng(seed);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.1) game.handle({ type: 'search' });
    else if (r < 0.15) game.handle({ type: 'wait' });
    else {
      const [dx, dy] = DIRECTIONS[Math.floor(rand() * 8)]!;
      game.handle({ type: 'move', dx, dy });
      // A "Really step onto ...?" question: answer yes half the time.
      if (game.store.getState().confirm) game.handle({ type: rand() < 0.5 ? 'yes' : 'no' });
    }
  }
}

describe('the share session in the page', () => {
  it('records what the player does: the game so far replays to the running world, and is autosaved every turn', () => {
    const { game, storage, session } = setUp();
    playCommands(game, 150, 1);
    const file = session.file()!;
    expect(file.turn).toBe(game.world!.turn);
    expect(file.actions.length).toBe(game.world!.turn);
    expect(replay(file).hash).toBe(worldHash(game.world!));
    const saved = loadLatest(storage).save;
    expect(saved.hash).toBe(worldHash(game.world!));
    expect(saved.format).toBe('trapsmith-save');
    expect(kept(storage)).toHaveLength(1);
  });

  it('moves made before the share code loaded are recorded too: the player may be quicker than the page', () => {
    const store = createUiStore();
    const game = new GameController(store);
    game.start(OPTIONS);
    // Played before the session exists (it loads after the first level is drawn).
    playCommands(game, 12, 7);
    expect(game.world!.turn).toBeGreaterThan(0);
    const storage = mapStorage();
    const session = new ShareSession(game, store, new SaveStore(storage));
    expect(session.unrecorded).toBeNull();
    playCommands(game, 10, 8);
    const file = session.file()!;
    expect(file.turn).toBe(game.world!.turn);
    expect(replay(file).hash).toBe(worldHash(game.world!));
    expect(loadLatest(storage).save.hash).toBe(worldHash(game.world!));
  });

  it('a new game starts a new recording, kept beside the first: both are on the list', () => {
    const { game, storage, session } = setUp();
    playCommands(game, 30, 2);
    const first = session.file()!;
    game.start({ ...OPTIONS, seed: 'second' });
    expect(session.file()!.actions).toEqual([]);
    playCommands(game, 5, 3);
    const games = kept(storage);
    expect(games.map((g) => g.seed)).toEqual(['second', 'ui-session']);
    expect(games[1]!.hash).toBe(first.hash);
  });

  it('a resumed game goes on being saved into its own place in the list, not as a new game', () => {
    const { game, storage, session } = setUp();
    playCommands(game, 20, 2);
    // A reload: a new page over the same storage resumes the kept game.
    const store2 = createUiStore();
    const game2 = new GameController(store2);
    game2.start({ ...OPTIONS, seed: 'fresh-page' });
    const saves2 = new SaveStore(storage);
    const session2 = new ShareSession(game2, store2, saves2);
    const loaded = saves2.load(kept(storage)[0]!.id);
    if (!loaded.ok) throw new Error(loaded.problem.message);
    expect(session2.adopt(loaded.value.save, { keptId: loaded.value.id, log: loaded.value.log }).ok).toBe(true);
    playCommands(game2, 10, 4);
    expect(kept(storage)).toHaveLength(1);
    expect(loadLatest(storage).save.hash).toBe(worldHash(game2.world!));
    expect(session.keptId).toBe(session2.keptId);
  });

  it('adopting a file makes it the running game at its hash, to play on; a file that no longer replays says so', () => {
    const { game, store, session } = setUp();
    const file = playRandomGame({ seed: 'adopt-me', ruleset: 'test', settings: { monsters: 3 } }, 400, 4).file();
    expect(session.adopt(file).ok).toBe(true);
    expect(worldHash(game.world!)).toBe(file.hash);
    expect(game.options?.seed).toBe('adopt-me');
    playCommands(game, 20, 5);
    expect(replay(session.file()!).hash).toBe(worldHash(game.world!));
    const edited = { ...file, hash: file.hash === '00000000' ? '00000001' : '00000000' };
    expect(session.adopt(edited).ok).toBe(true);
    expect(store.getState().notices.at(-1)?.text).toMatch(/but recorded 0000000[01]: the rules changed since it was made/);
  });

  it('the debug reveal and worlds not made from a seed are played but not recorded, and say why', () => {
    const revealed = setUp(OPTIONS, true);
    expect(revealed.session.recording).toBeNull();
    expect(revealed.session.unrecorded).toMatch(/Every trap is revealed/);
    playCommands(revealed.game, 5, 6);
    expect(revealed.storage.data.size).toBe(0);
    const { game, session } = setUp();
    game.useWorld(scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] }), OPTIONS);
    expect(session.recording).toBeNull();
    expect(session.unrecorded).toMatch(/did not start from a seed/);
  });

  it('sameGame compares a save with the URL options (settings that differ from the defaults)', () => {
    const { session } = setUp();
    const header = session.file()!;
    expect(sameGame(header, OPTIONS)).toBe(true);
    expect(optionsOf(header).settings).toEqual({ monsters: 0 });
    expect(sameGame(header, { ...OPTIONS, seed: 'x' })).toBe(false);
    expect(sameGame(header, { ...OPTIONS, settings: {} })).toBe(false);
    expect(sameGame(header, { ...OPTIONS, width: 41 })).toBe(false);
  });
});
