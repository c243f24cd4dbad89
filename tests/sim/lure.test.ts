import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { mindOf, type MonsterMind } from '../../src/core/world.ts';
import { evaluateAssertions, parseAssertions } from '../../src/sim/assertions.ts';
import { LureLedger, lureSentence } from '../../src/sim/lure.ts';
import { runBatch } from '../../src/sim/runner.ts';
import { columnReport } from '../../src/sim/report.ts';
import { GameController } from '../../src/ui/game.ts';
import { createUiStore } from '../../src/ui/store.ts';
import { player } from '../../src/core/level.ts';
import { scenario } from '../support/scenario.ts';

/** A corridor: the player, floor, a spike trap (the test ruleset's, 1d4), floor, a rat. */
const corridor = () => scenario({ ruleset: 'test', map: ['##########', '#>@..^..r#', '##########'], traps: [{ kind: 'spike' }], settings: { goalDepth: 1 } });

const mind = (mode: MonsterMind['mode'], x = 0, y = 0): MonsterMind => mindOf({ mode, targetX: x, targetY: y, patience: 5 });

describe('the lure ledger', () => {
  const world = corridor();
  const pid = world.playerId;
  const rat = world.actors.find((a) => a.id !== pid)!.id;
  const trap = world.traps[0]!.id;
  /** The player's own action ends with its `acted` and the view; the monsters' turns follow. */
  const playerEnd: GameEvent[] = [
    { type: 'acted', actor: pid, nextAct: 100 },
    { type: 'viewUpdated' },
  ];
  const hurt = (amount = 2): GameEvent => ({ type: 'damaged', actor: rat, amount, cause: 'a spike trap', trap, trapKind: 'spike' });
  const died: GameEvent = { type: 'died', actor: rat, cause: 'a spike trap', trap, trapKind: 'spike', killer: null };

  it('counts a hunter hurt and killed by a trap, not a wanderer', () => {
    const l = new LureLedger(world);
    l.afterStep(world, [...playerEnd, hurt()]);
    expect(l.total().hurt).toBe(0);
    l.afterStep(world, [...playerEnd, { type: 'actorUpdated', actor: rat, changes: { ai: mind('hunt') } }, hurt(), hurt(1), died]);
    // Two blows of one going-off: one monster hurt once.
    expect(l.total()).toEqual({ hurt: 1, killed: 1, hurtByRigged: 0, killedByRigged: 0 });
    expect(lureSentence(l.total())).toBe('Traps hurt 1 monster and killed 1 that were hunting you or following your noise.');
  });

  it("follows the player's noise, not another's; a hunter searching where it saw you stays lured; fleeing ends it", () => {
    const l = new LureLedger(world);
    const noise: GameEvent = { type: 'noise', x: 3, y: 1, volume: 40, source: 'a door being kicked' };
    const toNoise: GameEvent = { type: 'actorUpdated', actor: rat, changes: { ai: mind('investigate', 3, 1) } };
    // A noise in a monster's turn (after the player's action): not the player's.
    l.afterStep(world, [...playerEnd, noise, toNoise, hurt()]);
    expect(l.total().hurt).toBe(0);
    // The player's own noise: lured.
    l.afterStep(world, [noise, toNoise, ...playerEnd, hurt()]);
    expect(l.total().hurt).toBe(1);
    // Investigating with no noise (where it last saw the player): still lured.
    l.afterStep(world, [...playerEnd, { type: 'actorUpdated', actor: rat, changes: { ai: mind('investigate', 5, 1) } }, hurt()]);
    expect(l.total().hurt).toBe(2);
    l.afterStep(world, [...playerEnd, { type: 'actorUpdated', actor: rat, changes: { ai: mind('flee') } }, hurt()]);
    expect(l.total().hurt).toBe(2);
  });

  it("tells the player's rigged traps apart, and goes on from its data as if never stopped", () => {
    const l = new LureLedger(world);
    const rigged = { ...world.traps[0]!, id: 999, owner: pid };
    l.afterStep(world, [{ type: 'trapPlaced', trap: rigged }, ...playerEnd, { type: 'actorUpdated', actor: rat, changes: { ai: mind('hunt') } }]);
    const resumed = new LureLedger(world, JSON.parse(JSON.stringify(l.toData())));
    for (const x of [l, resumed]) x.afterStep(world, [...playerEnd, { ...hurt(), trap: 999 } as GameEvent, { ...died, trap: 999 } as GameEvent]);
    expect(resumed.total()).toEqual({ hurt: 1, killed: 1, hurtByRigged: 1, killedByRigged: 1 });
    expect(resumed.toData()).toEqual(l.toData());
    expect(lureSentence(resumed.total())).toBe('Traps hurt 1 monster and killed 1 that were hunting you or following your noise (your own traps: 1 hurt, 1 killed).');
  });

  it('in play: a rat hunting the player down a corridor steps on the spike; the end screen says so', () => {
    const store = createUiStore();
    const game = new GameController(store);
    const world = game.useWorld(corridor(), { seed: 'scenario', ruleset: 'test', width: 10, height: 3, style: 'rooms', settings: {} });
    const rat = () => world.actors.find((a) => a.id !== world.playerId)!;
    for (let i = 0; i < 10 && rat().x > 3; i++) game.handle({ type: 'wait' });
    // The rat came for the player over the spike (it knew nothing of it), which hurt it.
    expect(rat().x).toBe(3);
    expect(rat().hp).toBeLessThan(rat().maxHp);
    game.handle({ type: 'move', dx: -1, dy: 0 });
    game.handle({ type: 'descend' });
    const over = store.getState().over;
    expect(over?.won).toBe(true);
    expect(over?.lure?.sentence).toMatch(/^Traps hurt 1 monster/);
    expect(over?.lure?.kinds).toEqual([{ name: 'spike trap', hurt: 1, killed: expect.any(Number) }]);
    expect(player(world).alive).toBe(true);
  });
});

describe('the lure ledger in sim and assertions', () => {
  it("the trapper bot's rigged traps kill monsters that hunt it; the counts stay within the kills", async () => {
    const spec = { ruleset: 'cdda', bot: 'trapper' };
    const r = await runBatch({ columns: [spec], runs: 60, seedStart: 1 });
    const report = columnReport(spec, r.columns[0]!);
    const lure = report.run.lure;
    expect(lure.killedByRigged).toBeGreaterThan(0);
    for (const k of report.kinds) {
      expect(k.counts.luredKilled).toBeLessThanOrEqual(k.counts.monstersKilled);
      expect(k.counts.luredKilledByRigged).toBeLessThanOrEqual(k.counts.monstersKilledByRigged);
      expect(k.counts.luredKilledByRigged).toBeLessThanOrEqual(k.counts.luredKilled);
    }
    expect(lure.killed).toBe(report.kinds.reduce((n, k) => n + k.counts.luredKilled, 0));
    const file = parseAssertions(
      { assertions: [{ id: 'cdda/rigged-lures', ruleset: 'cdda', says: 'rigged traps kill monsters that hunt the trapper', sim: { bot: 'trapper', runs: 60, metric: 'luredKilledByRigged', trap: '*', expect: { ge: 1 } } }] },
      'test',
    );
    const [result] = await evaluateAssertions(file);
    expect(result!.status).toBe('pass');
    expect(result!.value).toBe(lure.killedByRigged);
  });
});
