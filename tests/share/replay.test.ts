import { describe, expect, it } from 'vitest';
import { newGame, step } from '../../src/core/engine.ts';
import { deserializeWorld, serializeWorld, type Traits, worldHash } from '../../src/core/world.ts';
import { ReplayCursor } from '../../src/share/cursor.ts';
import { parseReplayText, replayToText } from '../../src/share/format.ts';
import { divergence, record, replay, resume } from '../../src/share/replay.ts';
import { playRandomGame, prng, randomAction } from './randomGame.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

describe('replays', () => {
  it('long random games replay to their recorded hash, through the file text, on every ruleset', () => {
    const games: Array<{ ruleset: string; settings: Traits; attempts: number }> = [
      { ruleset: 'test', settings: {}, attempts: 3000 },
      { ruleset: 'test', settings: { monsters: 0 }, attempts: 3000 },
      ...RULESET_IDS.map((ruleset) => ({ ruleset, settings: {}, attempts: 500 })),
    ];
    let deepest = 0;
    for (const [n, g] of games.entries()) {
      const rec = playRandomGame({ seed: `long-${n}`, ruleset: g.ruleset, settings: g.settings }, g.attempts, n + 1);
      const file = rec.file();
      deepest = Math.max(deepest, rec.world.depth);
      // The recorded hash is the live world's, and the file names the turn it reached.
      expect(file.hash).toBe(worldHash(rec.world));
      expect(file.turn).toBe(rec.world.turn);
      const parsed = parseReplayText(replayToText(file));
      expect(parsed.ok, g.ruleset).toBe(true);
      if (!parsed.ok) continue;
      const run = replay(parsed.value);
      expect(run.hash, `${g.ruleset} ${JSON.stringify(g.settings)}`).toBe(file.hash);
      expect(serializeWorld(run.world)).toBe(serializeWorld(rec.world));
      expect(run.hashMatches).toBe(true);
      expect(run.turnMatches).toBe(true);
      expect(run.refused).toBe(0);
      expect(divergence(parsed.value, run)).toBeNull();
    }
    // The games are long enough to leave the first level (levelEntered is replayed too).
    expect(deepest).toBeGreaterThan(1);
  });

  it('the recording keeps only accepted actions; each is one turn', () => {
    const rec = record({ seed: 'refusals', ruleset: 'test', width: 40, height: 25 });
    const rand = prng(9);
    let refused = 0;
    for (let i = 0; i < 300 && !rec.world.over; i++) if (rec.step(randomAction(rec.world, rand)).refused) refused++;
    expect(refused).toBeGreaterThan(0);
    expect(rec.actions.length).toBe(rec.world.turn);
  });

  it('--to-turn: replaying to turn N gives the world a live game had at turn N', () => {
    const rec = record({ seed: 'to-turn', ruleset: 'test', settings: { monsters: 0 } });
    const rand = prng(4);
    const hashes = new Map<number, string>([[0, worldHash(rec.world)]]);
    while (rec.world.turn < 400 && !rec.world.over) {
      rec.step(randomAction(rec.world, rand));
      hashes.set(rec.world.turn, worldHash(rec.world));
    }
    const file = rec.file();
    for (const turn of [0, 1, 57, 200, rec.world.turn]) {
      const run = replay(file, turn);
      expect(run.turn).toBe(turn);
      expect(run.hash).toBe(hashes.get(turn));
    }
  });

  it('the viewer cursor: stepping, jumping back and forth all land on the straight replay', () => {
    const rec = playRandomGame({ seed: 'cursor', ruleset: 'test', settings: { monsters: 0 } }, 900, 5);
    const file = rec.file();
    const straight = new Map<number, string>();
    for (const t of [0, 3, 150, 333, 420, file.turn!]) straight.set(t, replay(file, t).hash);
    const cursor = new ReplayCursor(file, 50);
    for (const t of [333, 3, 420, 150, 0, file.turn!, 150]) {
      cursor.seek(t);
      expect(cursor.turn, `seek ${t}`).toBe(t);
      expect(cursor.hash(), `seek ${t}`).toBe(straight.get(t));
    }
    cursor.seek(0);
    let steps = 0;
    while (cursor.next()) steps++;
    expect(cursor.atEnd).toBe(true);
    expect(steps).toBe(file.actions.length);
    expect(cursor.hash()).toBe(file.hash);
    // Past the end clamps to the end.
    cursor.seek(file.turn! + 1000);
    expect(cursor.hash()).toBe(file.hash);
  });

  it('resume: play on from a replayed game exactly as if never interrupted', () => {
    const rand = prng(11);
    const whole = record({ seed: 'resume', ruleset: 'test', settings: { monsters: 2 } });
    const actions = [];
    for (let i = 0; i < 400 && !whole.world.over; i++) {
      const a = randomAction(whole.world, rand);
      actions.push(a);
      whole.step(a);
    }
    const half = record({ seed: 'resume', ruleset: 'test', settings: { monsters: 2 } });
    for (const a of actions.slice(0, 200)) if (!half.world.over) half.step(a);
    const parsed = parseReplayText(replayToText(half.file()));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const { recording, run } = resume(parsed.value);
    expect(run.hashMatches).toBe(true);
    for (const a of actions.slice(200)) if (!recording.world.over) recording.step(a);
    expect(worldHash(recording.world)).toBe(worldHash(whole.world));
    expect(recording.file().actions).toEqual(whole.file().actions);
  });

  it('a replay that no longer plays its game says so instead of silently diverging', () => {
    const rec = playRandomGame({ seed: 'diverge', ruleset: 'test', settings: { monsters: 0 } }, 300, 6);
    const file = rec.file();
    const edited = { ...file, hash: file.hash === '00000000' ? '00000001' : '00000000' };
    expect(divergence(edited, replay(edited))).toMatch(/reached world [0-9a-f]{8}, but recorded 0000000[01]/);
    const otherTurn = { ...file, turn: file.turn! + 5 };
    expect(divergence(otherTurn, replay(otherTurn))).toMatch(new RegExp(`reached turn ${file.turn}, but recorded turn ${file.turn! + 5}`));
    const otherSeed = { ...file, seed: 'not the same seed' };
    expect(divergence(otherSeed, replay(otherSeed))).not.toBeNull();
  });

  it('the hash is of the serialised world: a world loaded from its text hashes the same', () => {
    const w = newGame({ seed: 'h', ruleset: 'test', width: 40, height: 25 });
    step(w, { type: 'search' });
    expect(worldHash(deserializeWorld(serializeWorld(w)))).toBe(worldHash(w));
  });
});
