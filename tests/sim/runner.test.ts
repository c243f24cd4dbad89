import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { getBot } from '../../src/sim/bots/index.ts';
import { NodeWorkerPool } from '../../src/sim/nodePool.ts';
import { CHUNK_SIZE, levelFingerprint, runBatch, runChunk, startWorld, type SimSpec } from '../../src/sim/runner.ts';
import { parseVariant } from '../../src/sim/variants.ts';

const testRulesetModule = fileURLToPath(new URL('../support/testRuleset.ts', import.meta.url));

describe('batches of games', () => {
  it('one seed always plays the same game', () => {
    const spec: SimSpec = { ruleset: 'test', bot: 'careful' };
    const a = runChunk({ index: 0, seedStart: 5, count: 3, columns: [spec], perRun: true });
    const b = runChunk({ index: 0, seedStart: 5, count: 3, columns: [spec], perRun: true });
    expect(a).toEqual(b);
    expect(a.runs![0]!.map((r) => r.seed)).toEqual(['5', '6', '7']);
  });

  it('merging chunks in seed order gives the numbers of the whole batch', async () => {
    const spec: SimSpec = { ruleset: 'test', bot: 'reckless' };
    const runs = CHUNK_SIZE + 7;
    const batch = await runBatch({ columns: [spec], runs, seedStart: 100 });
    expect(batch.runsDone).toBe(runs);
    expect(batch.columns[0]!.runCounts.runs).toBe(runs);
    // Per-run summaries of the same seeds, one chunk at a time, add up to the batch's run counts.
    const first = runChunk({ index: 0, seedStart: 100, count: CHUNK_SIZE, columns: [spec], perRun: true });
    const second = runChunk({ index: 1, seedStart: 100 + CHUNK_SIZE, count: 7, columns: [spec], perRun: true });
    const all = [...first.runs![0]!, ...second.runs![0]!];
    expect(all.filter((r) => r.outcome === 'died').length).toBe(batch.columns[0]!.runCounts.died);
    expect(all.reduce((s, r) => s + r.turns, 0)).toBe(batch.columns[0]!.turns.sum);
    expect(all.reduce((s, r) => s + r.trapDamageTaken, 0)).toBe(batch.columns[0]!.trapDamagePerRun.sum);
  });

  it('two worker threads give exactly the result of one process, under every ruleset', async () => {
    const pool = new NodeWorkerPool(2, [testRulesetModule]);
    try {
      for (const [ruleset, bot, runs] of [
        ['test', 'trapper', 3 * CHUNK_SIZE + 5],
        ['cdda', 'careful', 2 * CHUNK_SIZE],
        ['omega', 'trapper', 2 * CHUNK_SIZE],
        ['ceaptun', 'trapper', 2 * CHUNK_SIZE],
        ['d20', 'careful', 2 * CHUNK_SIZE],
        ['wasteland', 'trapper', 2 * CHUNK_SIZE],
      ] as const) {
        const columns: SimSpec[] = [{ ruleset, bot }];
        const one = await runBatch({ columns, runs, seedStart: 1 });
        let progress = 0;
        const two = await runBatch({ columns, runs, seedStart: 1, executor: pool, parallel: 2, onProgress: (d) => (progress = d) });
        expect(JSON.stringify(two.columns[0]!.toData()), ruleset).toBe(JSON.stringify(one.columns[0]!.toData()));
        expect(progress).toBe(runs);
      }
    } finally {
      await pool.close();
    }
  }, 180_000);

  it('a batch can stop between chunks, keeping the seeds it finished', async () => {
    let merged = 0;
    const r = await runBatch({
      columns: [{ ruleset: 'test', bot: 'reckless' }],
      runs: 3 * CHUNK_SIZE,
      onMerged: () => merged++,
      cancelled: () => merged >= 1,
    });
    expect(r.cancelled).toBe(true);
    expect(r.runsDone).toBe(CHUNK_SIZE);
    expect(r.columns[0]!.runCounts.runs).toBe(CHUNK_SIZE);
  });

  it('the heat map of one level counts every trigger there, cell by cell', async () => {
    const spec: SimSpec = { ruleset: 'test', bot: 'reckless', levelSeed: 'heat' };
    const r = await runBatch({ columns: [spec], runs: 12, heat: true });
    const s = r.columns[0]!;
    const heat = s.heat!;
    const level = startWorld(spec, '1');
    expect(heat.width).toBe(level.width);
    let triggers = 0;
    for (const k of s.kinds.values()) triggers += k.counts.triggeredByPlayer + k.counts.triggeredByMonsters + k.counts.triggeredByNone;
    expect(heat.fired.reduce((a, b) => a + b, 0)).toBe(triggers);
    // Triggers happen only where the level has traps.
    heat.fired.forEach((n, i) => {
      if (n > 0) expect(level.traps.some((t) => t.y * level.width + t.x === i)).toBe(true);
    });
    expect(heat.playerDeaths.reduce((a, b) => a + b, 0)).toBe(s.runCounts.died);
  });
});

describe('compare: common random numbers', () => {
  // The same rules under another name, and the same with a harder spike: only trap numbers differ.
  const same = parseVariant({ name: 'same', ruleset: 'test' });
  const sharper = parseVariant({ name: 'sharper', ruleset: 'test', settings: { spikeSides: 12 } });

  it('every column starts each seed on the same map with the same monsters', async () => {
    const columns: SimSpec[] = [
      { ruleset: 'test', bot: 'careful' },
      { ruleset: 'test', variant: sharper, bot: 'careful' },
    ];
    const r = await runBatch({ columns, runs: 10 });
    expect(r.fingerprintMismatches).toBe(0);
    for (const seed of ['1', '2', '3']) {
      const a = startWorld(columns[0]!, seed);
      const b = startWorld(columns[1]!, seed);
      expect(levelFingerprint(b)).toBe(levelFingerprint(a));
      expect(Array.from(b.terrain)).toEqual(Array.from(a.terrain));
      expect(b.actors.map((m) => [m.kind, m.x, m.y])).toEqual(a.actors.map((m) => [m.kind, m.x, m.y]));
      expect(b.traps.map((t) => [t.kind, t.x, t.y])).toEqual(a.traps.map((t) => [t.kind, t.x, t.y]));
    }
  });

  it('identical rules give identical games, event for event', async () => {
    for (const seed of ['4', '9']) {
      const logs = [{ ruleset: 'test', bot: 'careful' } as SimSpec, { ruleset: 'test', variant: same, bot: 'careful' } as SimSpec].map((spec) => {
        const w = startWorld(spec, seed);
        const bot = getBot('careful').create(w);
        const log: string[] = [];
        for (let i = 0; i < 400 && !w.over; i++) {
          const a = bot.act(w);
          if (!a) break;
          for (const e of step(w, a).events) if (e.type !== 'levelEntered') log.push(JSON.stringify(e));
        }
        return log;
      });
      expect(logs[1]).toEqual(logs[0]);
    }
    const r = await runBatch({ columns: [{ ruleset: 'test', bot: 'careful' }, { ruleset: 'test', variant: same, bot: 'careful' }], runs: 8 });
    const d = r.paired[0]!.data;
    expect(d.survived.onlyFirst + d.survived.onlySecond).toBe(0);
    expect(d.turns.sum).toBe(0);
    expect(d.turns.sumSq).toBe(0);
  });

  it('monsters make the same choices until the rules make the games differ', () => {
    // Under sharper spikes the games diverge only after some spike trap does damage.
    const monsterMoves = (spec: SimSpec, seed: string) => {
      const w = startWorld(spec, seed);
      const bot = getBot('reckless').create(w);
      const moves: string[] = [];
      for (let i = 0; i < 300 && !w.over; i++) {
        const a = bot.act(w);
        if (!a) break;
        const events: GameEvent[] = step(w, a).events;
        let spikeHurt = false;
        for (const e of events) {
          if (e.type === 'moved' && e.actor !== w.playerId) moves.push(`${e.actor}:${e.x},${e.y}`);
          if (e.type === 'damaged' && e.trapKind === 'spike') spikeHurt = true;
        }
        if (spikeHurt) break;
      }
      return moves;
    };
    let compared = 0;
    for (const seed of ['1', '2', '3', '4', '5', '6']) {
      const a = monsterMoves({ ruleset: 'test', bot: 'reckless' }, seed);
      const b = monsterMoves({ ruleset: 'test', variant: sharper, bot: 'reckless' }, seed);
      expect(b).toEqual(a);
      compared += a.length;
    }
    expect(compared).toBeGreaterThan(50);
  });
});
