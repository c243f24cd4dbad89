import { describe, expect, it } from 'vitest';
import { DIRECTIONS, worldHash } from '../../src/core/world.ts';
import { parseReplayText } from '../../src/share/format.ts';
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
    const saved = parseReplayText(storage.data.get('trapsmith.save.current')!);
    expect(saved.ok && saved.value.hash).toBe(worldHash(game.world!));
    expect(saved.ok && saved.value.format).toBe('trapsmith-save');
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
    const saved = parseReplayText(storage.data.get('trapsmith.save.current')!);
    expect(saved.ok && saved.value.hash).toBe(worldHash(game.world!));
  });

  it('a new game starts a new recording; the saved one becomes the backup once the new game is saved', () => {
    const { game, storage, session } = setUp();
    playCommands(game, 30, 2);
    const first = session.file()!;
    game.start({ ...OPTIONS, seed: 'second' });
    expect(session.file()!.actions).toEqual([]);
    playCommands(game, 5, 3);
    const backup = parseReplayText(storage.data.get('trapsmith.save.backup')!);
    expect(backup.ok && backup.value.hash).toBe(first.hash);
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
