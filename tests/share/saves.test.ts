import { describe, expect, it } from 'vitest';
import { WORLD_VERSION, worldHash } from '../../src/core/world.ts';
import { headerOf, replayToText, type ReplayFile, SAVE_FORMAT } from '../../src/share/format.ts';
import { record, replay } from '../../src/share/replay.ts';
import { CHUNK, continues, type SaveInput, type SaveOutcome, SaveStore } from '../../src/share/saves.ts';
import { MemoryStorage } from './memoryStorage.ts';
import { prng, randomAction } from './randomGame.ts';

/** The same game stopped at `turn` (the random player tries actions until that many were accepted). */
function gameAt(turn: number, seed = 'save'): ReplayFile {
  const rec = record({ seed, ruleset: 'test', settings: { monsters: 0 } });
  const rand = prng(8);
  while (rec.world.turn < turn && !rec.world.over) rec.step(randomAction(rec.world, rand));
  return rec.file();
}

const input = (f: ReplayFile): SaveInput => ({ header: headerOf(f), actions: f.actions, turn: f.turn!, hash: f.hash! });

/** A clock the test moves: saves are ordered by when they were made. */
function clock() {
  let t = 1_700_000_000_000;
  return () => (t += 1000);
}

const must = <T>(r: { ok: true; value: T } | { ok: false; problem: { message: string } }): T => {
  if (!r.ok) throw new Error(r.problem.message);
  return r.value;
};

describe('the kept games', () => {
  it('every game is kept: a game played, then two links opened, all three are listed and each resumes at its hash', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s, { now: clock() });
    const own = gameAt(20);
    const linkA = gameAt(15, 'link-a');
    const linkB = gameAt(12, 'link-b');
    const ids = [own, linkA, linkB].map((f) => must(store.save(null, input(f))).id);
    const listed = must(store.list());
    expect(listed.map((g) => g.seed)).toEqual(['link-b', 'link-a', 'save']);
    expect(listed.map((g) => g.turn)).toEqual([12, 15, 20]);
    const back = must(store.load(ids[0]!));
    expect(back.save.format).toBe(SAVE_FORMAT);
    expect(back.save.actions).toEqual(own.actions);
    expect(replay(back.save).hash).toBe(own.hash);
  });

  it('playing on appends to the game: one entry, and a turn rewrites only the open chunk, the index and the log', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s, { now: clock() });
    const rec = record({ seed: 'long', ruleset: 'test', settings: { monsters: 0, turnLimit: 100_000 } });
    let id: string | null = null;
    const rand = prng(3);
    const writes: string[][] = [];
    // Across chunk boundaries (a chunk holds CHUNK actions).
    while (rec.actions.length < CHUNK * 2 + 5) {
      const before = rec.actions.length;
      // Waits and searches only: a game that never ends, whatever the dice.
      rec.step(rand() < 0.5 ? { type: 'wait' } : { type: 'search' });
      if (rec.actions.length === before) throw new Error('refused');
      s.written.length = 0;
      id = must(store.save(id, { header: rec.header, actions: rec.actions, turn: rec.world.turn, hash: worldHash(rec.world), log: [{ text: `turn ${rec.world.turn}`, tone: 'info', turn: rec.world.turn, repeat: 1 }] })).id;
      writes.push([...s.written]);
    }
    expect(must(store.list())).toHaveLength(1);
    // After the first save, each turn writes three keys: the chunk the new action went to, the index, the log.
    for (const [i, keys] of writes.slice(1).entries()) {
      const n = i + 2;
      const chunk = Math.floor((n - 1) / CHUNK);
      expect(keys.sort(), `save ${n}`).toEqual([`trapsmith.saves.g.${id}.a.${chunk}`, `trapsmith.saves.g.${id}.log`, 'trapsmith.saves.index'].sort());
    }
    const back = must(store.load(id!));
    expect(back.save.actions).toEqual(rec.actions);
    expect(replay(back.save).hash).toBe(worldHash(rec.world));
    expect(back.log).toEqual([{ text: `turn ${rec.world.turn}`, tone: 'info', turn: rec.world.turn, repeat: 1 }]);
    // A fresh store (a reload) reads it and appends to it.
    const again = new SaveStore(s, { now: clock() });
    must(again.load(id!));
    rec.step({ type: 'wait' });
    s.written.length = 0;
    expect(must(again.save(id, { header: rec.header, actions: rec.actions, turn: rec.world.turn, hash: worldHash(rec.world) })).id).toBe(id);
    expect(s.written.filter((k) => k.includes('.a.'))).toHaveLength(1);
    expect(must(again.load(id!)).save.actions).toEqual(rec.actions);
  });

  it('bounded: the oldest game is named before it is dropped, and the drop is said too', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s, { now: clock(), limits: { games: 3 } });
    const games = ['one', 'two', 'three', 'four'].map((seed, i) => gameAt(5 + i, seed));
    expect(must(store.save(null, input(games[0]!))).notices).toEqual([]);
    expect(must(store.save(null, input(games[1]!))).notices).toEqual([]);
    // The third fills the list: the oldest is named now, before anything goes.
    const third = must(store.save(null, input(games[2]!)));
    expect(third.notices).toHaveLength(1);
    expect(third.notices[0]!.text).toMatch(/^Your test game of seed one, turn 5, will be dropped to make room|^Your test game of seed one, turn 5 will be dropped to make room/);
    expect(store.atRisk()?.seed).toBe('one');
    expect(must(store.list()).map((g) => g.seed)).toContain('one');
    // Said once, not every turn.
    expect(must(store.save(third.id, input(games[2]!))).notices).toEqual([]);
    // The fourth takes its place, and says so.
    const fourth = must(store.save(null, input(games[3]!)));
    expect(fourth.notices.map((n) => n.text)).toContainEqual(expect.stringMatching(/^Your test game of seed one, turn 5 was dropped to make room/));
    expect(must(store.list()).map((g) => g.seed).sort()).toEqual(['four', 'three', 'two']);
    expect([...s.data.keys()].filter((k) => k.includes('.g.') && !must(store.list()).some((g) => k.includes(g.id)))).toEqual([]);
    // Dropped by the player: gone, and the list has room again.
    const two = must(store.list()).find((g) => g.seed === 'two')!;
    must(store.drop(two.id));
    expect(must(store.list()).map((g) => g.seed).sort()).toEqual(['four', 'three']);
    expect(store.atRisk()).toBeNull();
  });

  it('bounded by size too: a growing game names the oldest before the room runs out, then drops it', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s, { now: clock(), limits: { chars: 1000 } });
    const small = must(store.save(null, input(gameAt(40, 'small'))));
    expect(small.notices).toEqual([]);
    const rec = record({ seed: 'grows', ruleset: 'test', settings: { monsters: 0 } });
    let id: string | null = null;
    const said: string[] = [];
    let warnedAt = -1;
    let droppedAt = -1;
    for (let turn = 1; turn <= 900 && droppedAt < 0; turn++) {
      rec.step({ type: 'wait' });
      const out: SaveOutcome = must(store.save(id, { header: rec.header, actions: rec.actions, turn: rec.world.turn, hash: worldHash(rec.world) }));
      id = out.id;
      for (const n of out.notices) said.push(n.text);
      if (warnedAt < 0 && out.notices.some((n) => /seed small, turn 40 will be dropped to make room/.test(n.text))) warnedAt = turn;
      if (out.notices.some((n) => /seed small, turn 40 was dropped to make room/.test(n.text))) droppedAt = turn;
    }
    expect(warnedAt, said.join('\n')).toBeGreaterThan(0);
    expect(droppedAt).toBeGreaterThan(warnedAt);
    expect(must(store.list()).map((g) => g.seed)).toEqual(['grows']);
  });

  it('a damaged game is set aside under its own key; a second damaged one does not replace the first', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s, { now: clock() });
    const a = must(store.save(null, input(gameAt(10, 'a')))).id;
    const b = must(store.save(null, input(gameAt(10, 'b')))).id;
    const c = must(store.save(null, input(gameAt(10, 'c')))).id;
    s.setItem(`trapsmith.saves.g.${a}.a.0`, '6x6');
    s.setItem(`trapsmith.saves.g.${b}.head`, '{"format":"trapsmith-save","vers');
    const ra = store.load(a);
    expect(!ra.ok && ra.problem.message).toMatch(/^The saved game test game of seed a, turn 10 could not be used \(moves: unknown action code "x" at character 2\); it is set aside as damaged/);
    const rb = store.load(b);
    expect(!rb.ok && rb.problem.message).toMatch(/header is not readable/);
    const damaged = store.damaged();
    expect(damaged).toHaveLength(2);
    expect(damaged[0]!.id).not.toBe(damaged[1]!.id);
    const texts = damaged.map((d) => store.rawDamaged(d.id)!);
    expect(texts.some((t) => t.includes('6x6'))).toBe(true);
    expect(texts.some((t) => t.includes('{\\"format\\":\\"trapsmith-save\\",\\"vers'))).toBe(true);
    // The good one is untouched, and the list holds only it.
    expect(must(store.list()).map((g) => g.id)).toEqual([c]);
    expect(must(store.load(c)).save.seed).toBe('c');
    // Dropped by choice only.
    must(store.dropDamaged(damaged[0]!.id));
    expect(store.damaged()).toHaveLength(1);
  });

  it('two tabs over one storage: each keeps the other\'s game, and a game played on in both is kept twice, never overwritten', () => {
    const s = new MemoryStorage();
    const tabA = new SaveStore(s, { now: clock() });
    const tabB = new SaveStore(s, { now: clock() });
    const x = must(tabA.save(null, input(gameAt(10, 'x')))).id;
    const y = must(tabB.save(null, input(gameAt(10, 'y')))).id;
    // A plays on: B's game stays.
    must(tabA.save(x, input(gameAt(12, 'x'))));
    expect(must(tabB.list()).map((g) => `${g.seed}@${g.turn}`).sort()).toEqual(['x@12', 'y@10']);
    // Both tabs resume y (a reload in each), then both play on.
    must(tabA.load(y));
    must(tabB.load(y));
    must(tabA.save(y, input(gameAt(14, 'y'))));
    const other = { ...gameAt(11, 'y') };
    const forked = must(tabB.save(y, input(other)));
    expect(forked.id).not.toBe(y);
    expect(forked.notices[0]!.text).toMatch(/also played on in another tab\. Both are kept/);
    const games = must(tabA.list());
    expect(games.map((g) => `${g.seed}@${g.turn}`).sort()).toEqual(['x@12', 'y@11', 'y@14']);
    expect(must(tabA.load(y)).save.hash).toBe(gameAt(14, 'y').hash);
    // Each tab goes on writing its own: A appends to y, B to its fork.
    must(tabA.save(y, input(gameAt(15, 'y'))));
    expect(must(tabB.save(forked.id, input(gameAt(12, 'y')))).id).toBe(forked.id);
    expect(must(tabB.list()).map((g) => `${g.seed}@${g.turn}`).sort()).toEqual(['x@12', 'y@12', 'y@15']);
  });

  it('migrates the first version\'s current, backup and damaged slots: nobody\'s old save is lost', () => {
    const s = new MemoryStorage();
    const current = gameAt(20, 'current');
    const backup = gameAt(15, 'backup');
    s.setItem('trapsmith.save.current', replayToText({ ...current, format: SAVE_FORMAT }));
    s.setItem('trapsmith.save.backup', replayToText({ ...backup, format: SAVE_FORMAT }));
    s.setItem('trapsmith.save.damaged', '{"format":"trapsmith-save","version":');
    const store = new SaveStore(s, { now: clock() });
    const listed = must(store.list());
    expect(listed.map((g) => g.seed)).toEqual(['current', 'backup']);
    expect(must(store.load(listed[0]!.id)).save.hash).toBe(current.hash);
    expect(must(store.load(listed[1]!.id)).save.actions).toEqual(backup.actions);
    expect(store.damaged().map((d) => store.rawDamaged(d.id))).toEqual(['{"format":"trapsmith-save","version":']);
    expect(s.getItem('trapsmith.save.current')).toBeNull();
    expect(s.getItem('trapsmith.save.backup')).toBeNull();
    expect(s.getItem('trapsmith.save.damaged')).toBeNull();
    // A damaged current slot is kept as damaged, not dropped.
    const s2 = new MemoryStorage();
    s2.setItem('trapsmith.save.current', '{"format":"trapsmith-save"');
    const store2 = new SaveStore(s2, { now: clock() });
    expect(must(store2.list())).toEqual([]);
    expect(store2.damaged()[0]!.why).toMatch(/truncated/);
    expect(store2.rawDamaged(store2.damaged()[0]!.id)).toBe('{"format":"trapsmith-save"');
  });

  it('never writes a bad save: the good ones stay as they were', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s, { now: clock() });
    const id = must(store.save(null, input(gameAt(10)))).id;
    const before = new Map(s.data);
    const bad: ReplayFile[] = [
      { ...gameAt(5), seed: '' },
      { ...gameAt(5), version: WORLD_VERSION + 1 },
      { ...gameAt(5), ruleset: 'nope' },
      { ...gameAt(5), actions: [{ type: 'move', dx: 5, dy: 0 }] },
      { ...gameAt(5), settings: { ...gameAt(5).settings, turnLimit: 1_000_000 } },
    ];
    for (const f of bad) {
      const r = store.save(null, input(f));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problem.message).toMatch(/^The game was not saved: /);
      expect(s.data).toEqual(before);
    }
    // Nor a bad action appended to a good game.
    const on = gameAt(10);
    const r = store.save(id, { ...input(on), actions: [...on.actions, { type: 'move', dx: 2, dy: 0 }] });
    expect(!r.ok && r.problem.message).toBe('The game was not saved: actions[10]: dx and dy must each be -1, 0 or 1');
    expect(s.data).toEqual(before);
  });

  it('a full storage refuses the write and keeps the previous save whole', () => {
    const s = new MemoryStorage();
    const store = new SaveStore(s, { now: clock() });
    const id = must(store.save(null, input(gameAt(10)))).id;
    const before = new Map(s.data);
    s.full = true;
    const r = store.save(id, input(gameAt(20)));
    expect(!r.ok && r.problem).toEqual({ kind: 'storage', message: 'The browser refused to store the save (it is full: drop a kept game in Share to make room); the previous save is kept.' });
    expect(s.data).toEqual(before);
    expect(must(store.load(id)).save.turn).toBe(10);
  });

  it('no storage, or a locked one: a message instead of an exception', () => {
    const none = new SaveStore(null);
    expect(!none.write(gameAt(3)).ok && 'refused').toBe('refused');
    const s = new MemoryStorage();
    s.locked = true;
    const r = new SaveStore(s).list();
    expect(!r.ok && r.problem.kind).toBe('storage');
    expect(!r.ok && r.problem.message).toMatch(/refused to read its storage \(SecurityError/);
  });

  it('continues: the same seed with other moves is another game', () => {
    const a = gameAt(30);
    const diverging = { ...a, actions: [...a.actions.slice(0, 10), { type: 'wait' as const }], turn: undefined, hash: undefined };
    expect(continues(a, diverging)).toBe(false);
    expect(continues({ ...a, actions: a.actions.slice(0, 10) }, a)).toBe(true);
    expect(continues(a, { ...a, settings: { ...a.settings, spikeSides: 9 } })).toBe(false);
  });
});

describe('a damaged list of kept games (issue #39 item 8)', () => {
  for (const [what, garbled] of [
    ['not JSON', '{"v":1,"games":[{"id":'],
    ['its list not a list', '{"v":1,"games":{"0":"a game"},"damaged":[]}'],
  ] as const) {
    it(`${what}: the games are found again from their own data, and the store says so once`, () => {
      const s = new MemoryStorage();
      const store = new SaveStore(s, { now: clock() });
      const a = gameAt(20, 'kept-a');
      const b = gameAt(12, 'kept-b');
      for (const f of [a, b]) must(store.save(null, input(f)));
      s.setItem('trapsmith.saves.index', garbled);
      const again = new SaveStore(s, { now: clock() });
      const listed = must(again.list());
      expect(listed.map((g) => [g.seed, g.turn, g.hash, g.actions]).sort()).toEqual(
        [a, b].map((f) => [f.seed, f.turn, f.hash, f.actions.length]).sort(),
      );
      expect(again.takeNotices()).toEqual([expect.stringMatching(/^The list of kept games in this browser was damaged; its 2 games were found again from their own data/)]);
      expect(again.takeNotices()).toEqual([]);
      // Each loads and plays on from where it stood; the damaged list is kept aside to export.
      for (const g of listed) expect(replay(must(again.load(g.id)).save).hashMatches).toBe(true);
      expect(again.damaged().map((d) => again.rawDamaged(d.id))).toEqual([garbled]);
    });
  }

  it('the page tells of a kept game once, not on every reload', () => {
    const store = new SaveStore(new MemoryStorage());
    expect([store.firstTelling('g1'), store.firstTelling('g1'), store.firstTelling('g2')]).toEqual([true, false, true]);
  });
});
