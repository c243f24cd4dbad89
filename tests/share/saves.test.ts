import { describe, expect, it } from 'vitest';
import { WORLD_VERSION } from '../../src/core/world.ts';
import { parseReplayText, type ReplayFile } from '../../src/share/format.ts';
import { continues, SaveStore, type StorageLike } from '../../src/share/saves.ts';
import { record } from '../../src/share/replay.ts';
import { prng, randomAction } from './randomGame.ts';

/** A Map-backed Storage, with switches to make it fail like a full or locked browser storage. */
class MemoryStorage implements StorageLike {
  readonly data = new Map<string, string>();
  full = false;
  locked = false;
  getItem(k: string): string | null {
    if (this.locked) throw new Error('SecurityError: access denied');
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    if (this.locked) throw new Error('SecurityError: access denied');
    if (this.full) {
      const e = new Error('quota');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.data.set(k, v);
  }
  removeItem(k: string): void {
    this.data.delete(k);
  }
}

/** The same game stopped at `turn` (the random player tries actions until that many were accepted). */
function gameAt(turn: number, seed = 'save'): ReplayFile {
  const rec = record({ seed, ruleset: 'test', settings: { monsters: 0 } });
  const rand = prng(8);
  while (rec.world.turn < turn && !rec.world.over) rec.step(randomAction(rec.world, rand));
  return rec.file();
}

const turnOf = (text: string | null) => {
  const r = parseReplayText(text ?? '');
  return r.ok ? r.value.turn : null;
};
const seedOf = (text: string | null) => {
  const r = parseReplayText(text ?? '');
  return r.ok ? r.value.seed : null;
};

describe('the save store', () => {
  it('a save of another game makes the current one the backup; playing on replaces only the current one', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s);
    const [a10, a20, b10, b20] = [gameAt(10), gameAt(20), gameAt(10, 'other'), gameAt(20, 'other')];
    expect(store.write(a10).ok).toBe(true);
    expect(turnOf(s.getItem(store.keys.current))).toBe(10);
    expect(s.getItem(store.keys.backup)).toBeNull();
    // Playing on: the same game, further.
    expect(store.write(a20).ok).toBe(true);
    expect(turnOf(s.getItem(store.keys.current))).toBe(20);
    expect(s.getItem(store.keys.backup)).toBeNull();
    // Another game: the previous one is kept as the backup ...
    expect(store.write(b10).ok).toBe(true);
    expect(seedOf(s.getItem(store.keys.current))).toBe('other');
    expect(seedOf(s.getItem(store.keys.backup))).toBe('save');
    expect(turnOf(s.getItem(store.keys.backup))).toBe(20);
    // ... while the new game goes on ...
    expect(store.write(b20).ok).toBe(true);
    expect(turnOf(s.getItem(store.keys.backup))).toBe(20);
    expect(seedOf(s.getItem(store.keys.backup))).toBe('save');
    // ... until yet another game replaces it.
    expect(store.write(a10).ok).toBe(true);
    expect(seedOf(s.getItem(store.keys.backup))).toBe('other');
    const loaded = store.load();
    expect(loaded.ok && loaded.value?.from).toBe('current');
    expect(loaded.ok && loaded.value?.save.hash).toBe(a10.hash);
    expect(loaded.ok && loaded.value?.save.format).toBe('trapsmith-save');
    const backup = store.read('backup');
    expect(backup.ok && backup.value?.hash).toBe(b20.hash);
  });

  it('the same seed with other moves is another game, not a continuation', () => {
    const a = gameAt(30);
    const diverging = { ...a, actions: [...a.actions.slice(0, 10), { type: 'wait' as const }], turn: undefined, hash: undefined };
    expect(continues(a, diverging)).toBe(false);
    expect(continues({ ...a, actions: a.actions.slice(0, 10) }, a)).toBe(true);
    expect(continues(a, { ...a, settings: { ...a.settings, spikeSides: 9 } })).toBe(false);
    const s = new MemoryStorage();
    const store = new SaveStore(s);
    store.write(a);
    store.write(diverging);
    expect(turnOf(s.getItem(store.keys.backup))).toBe(30);
  });

  it('never writes a bad save: the good ones stay as they were', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s);
    store.write(gameAt(10));
    store.write(gameAt(20));
    const before = new Map(s.data);
    const bad: ReplayFile[] = [
      { ...gameAt(5), seed: '' },
      { ...gameAt(5), version: WORLD_VERSION + 1 },
      { ...gameAt(5), ruleset: 'nope' },
      { ...gameAt(5), actions: [{ type: 'move', dx: 5, dy: 0 }] },
    ];
    for (const f of bad) {
      const r = store.write(f);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problem.message).toMatch(/^The game was not saved: /);
      expect(s.data).toEqual(before);
    }
  });

  it('a full storage refuses the write and keeps the previous save whole', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s);
    store.write(gameAt(10));
    const before = new Map(s.data);
    s.full = true;
    const r = store.write(gameAt(20));
    expect(!r.ok && r.problem).toEqual({ kind: 'storage', message: 'The browser refused to store the save (it is full); the previous save is kept.' });
    expect(s.data).toEqual(before);
    const loaded = store.load();
    expect(loaded.ok && loaded.value?.save.turn).toBe(10);
  });

  it('a damaged current save: load falls back to the backup, and the damaged text is kept aside, not over the backup', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s);
    store.write(gameAt(10, 'first'));
    store.write(gameAt(20));
    const damaged = s.getItem(store.keys.current)!.slice(0, 100);
    s.setItem(store.keys.current, damaged);
    const loaded = store.load();
    expect(loaded.ok).toBe(true);
    if (!loaded.ok || !loaded.value) return;
    expect(loaded.value.from).toBe('backup');
    expect(loaded.value.save.seed).toBe('first');
    expect(loaded.value.notice).toMatch(/The last save could not be used \(The file ends too early/);
    expect(s.getItem(store.keys.damaged)).toBe(damaged);
    // The next write does not move the damaged save over the good backup.
    store.write(gameAt(30));
    expect(seedOf(s.getItem(store.keys.backup))).toBe('first');
    expect(turnOf(s.getItem(store.keys.current))).toBe(30);
    expect(store.raw('damaged')).toBe(damaged);
  });

  it('damaged with no backup: a message, nothing deleted', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s);
    s.setItem(store.keys.current, '{"format":"trapsmith-save","version":');
    const r = store.load();
    expect(!r.ok && r.problem.message).toMatch(/^The last save could not be used: The file ends too early/);
    expect(s.getItem(store.keys.current)).toBe('{"format":"trapsmith-save","version":');
  });

  it('no storage, or a locked one: a message instead of an exception', () => {
    const none = new SaveStore(null);
    expect(!none.write(gameAt(3)).ok && 'refused').toBe('refused');
    const s = new MemoryStorage();
    s.locked = true;
    const store = new SaveStore(s);
    const r = store.load();
    expect(!r.ok && r.problem.kind).toBe('storage');
    expect(!r.ok && r.problem.message).toMatch(/refused to read its storage \(SecurityError/);
  });

  it('nothing saved: load gives null', () => {
    const store = new SaveStore(new MemoryStorage());
    expect(store.load()).toEqual({ ok: true, value: null });
    expect(store.read('backup')).toEqual({ ok: true, value: null });
  });
});
