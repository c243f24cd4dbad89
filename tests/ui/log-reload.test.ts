/**
 * The message log is part of what a reload restores, exactly: every line (those said outside a
 * turn, such as a refused move, too), with its turn and its count. Cēaptūn seed 777, where a
 * kobold sets off a lightning trap within a few turns: the line that says who set it off is one
 * of those a rebuilt log lost.
 */
import { describe, expect, it } from 'vitest';
import { DIRECTIONS } from '../../src/core/world.ts';
import { SaveStore } from '../../src/share/saves.ts';
import { GameController } from '../../src/ui/game.ts';
import { ShareSession } from '../../src/ui/share/session.ts';
import { createUiStore, type UiStore } from '../../src/ui/store.ts';
import type { GameOptions } from '../../src/ui/url.ts';
import { MemoryStorage } from '../share/memoryStorage.ts';

const OPTIONS: GameOptions = { seed: '777', ruleset: 'ceaptun', width: 80, height: 40, style: 'rooms', settings: {} };

/** The keys a player pressed: a small LCG's searches and moves, "yes" to any step onto a known trap. */
function play(game: GameController, store: UiStore, n: number): void {
  let x = 2;
  const r = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  for (let i = 0; i < n && !game.world!.over; i++) {
    if (r() < 0.1) game.handle({ type: 'search' });
    else {
      const [dx, dy] = DIRECTIONS[Math.floor(r() * 8)]!;
      game.handle({ type: 'move', dx, dy });
      if (store.getState().confirm) game.handle({ type: 'yes' });
    }
  }
}

const lines = (store: UiStore) => store.getState().log.map(({ text, tone, turn, repeat }) => ({ text, tone, turn, repeat }));

describe('the log across a reload', () => {
  it('Cēaptūn seed 777, with its lightning bolt: the reloaded log is the log the player saw, line for line', async () => {
    const storage = new MemoryStorage();
    const store = createUiStore();
    const game = new GameController(store);
    game.start(OPTIONS);
    new ShareSession(game, store, new SaveStore(storage));
    play(game, store, 60);
    const before = lines(store);
    const texts = before.map((l) => l.text);
    expect(texts).toContain('The kobold sets off a lightning trap!');
    expect(texts).toContain('A bolt of lightning crackles along the floor!');
    // Said outside any turn the game records: a move into a wall is refused.
    expect(texts).toContain('There is a stone wall in the way.');
    expect(before.length).toBeGreaterThan(12);
    // The log written after the last key (a refused move writes it at the end of its task).
    await Promise.resolve();

    // The reload: a new page over the same storage starts the address's game, then resumes the save.
    const store2 = createUiStore();
    const game2 = new GameController(store2);
    game2.start(OPTIONS);
    const saves2 = new SaveStore(storage);
    const session2 = new ShareSession(game2, store2, saves2);
    const listed = saves2.list();
    if (!listed.ok) throw new Error(listed.problem.message);
    const loaded = saves2.load(listed.value[0]!.id);
    if (!loaded.ok) throw new Error(loaded.problem.message);
    expect(session2.adopt(loaded.value.save, { keptId: loaded.value.id, log: loaded.value.log }).ok).toBe(true);
    expect(game2.world!.turn).toBe(game.world!.turn);
    expect(lines(store2)).toEqual(before);
    // And it goes on as one log: the next turn's lines follow the restored ones.
    play(game2, store2, 3);
    expect(lines(store2).slice(0, before.length - 1)).toEqual(before.slice(0, -1));
  });
});
