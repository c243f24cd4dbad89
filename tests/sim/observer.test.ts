import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/core/actions.ts';
import { step } from '../../src/core/engine.ts';
import type { GameEvent } from '../../src/core/events.ts';
import type { World } from '../../src/core/world.ts';
import { SimStats } from '../../src/sim/accumulator.ts';
import { GameObserver } from '../../src/sim/observer.ts';
import { scenario } from '../support/scenario.ts';
import { player } from '../../src/core/level.ts';

/** Plays actions on a scenario world, counting each step as the runner does. */
function play(world: World, actions: Action[]): { stats: SimStats; observer: GameObserver } {
  const stats = new SimStats();
  const observer = new GameObserver(stats, world, false);
  for (const a of actions) {
    const hp = player(world).hp;
    const r = step(world, a);
    expect(r.refused).toBeUndefined();
    observer.afterStep(world, r.events, hp);
  }
  return { stats, observer };
}

const corridor = ['#######', '#@^...#', '#######'];

describe('counting one game from its events', () => {
  it('a hidden trap stepped on: an encounter, not found first, set off by the player; its damage is the hit points lost', () => {
    const w = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike' }] });
    const { stats } = play(w, [{ type: 'move', dx: 1, dy: 0 }]);
    const lost = 20 - player(w).hp;
    expect(lost).toBeGreaterThan(0);
    const k = stats.kind('spike');
    expect(k.counts).toMatchObject({ encounters: 1, foundFirst: 0, triggeredByPlayer: 1, playerStepTriggers: 1, damageTotal: lost, playerDamageTotal: lost });
    expect(k.damagePerTrigger.count).toBe(1);
    expect(k.damagePerTrigger.sum).toBe(lost);
    expect(k.playerDamagePerHit.max).toBe(lost);
  });

  it('a trap known before it went off counts as found first', () => {
    const w = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike', known: true }] });
    const { stats } = play(w, [{ type: 'move', dx: 1, dy: 0, confirm: true }]);
    expect(stats.kind('spike').counts).toMatchObject({ encounters: 1, foundFirst: 1, triggeredByPlayer: 1 });
  });

  it('a disarm that succeeds and one that sets the trap off', () => {
    // The test ruleset: 2d6 + skill against the table's difficulty (7); failing sets it off.
    const sure = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike', known: true }], player: { traits: { skill: 20 } } });
    const a = play(sure, [{ type: 'disarm', dx: 1, dy: 0 }]).stats.kind('spike');
    expect(a.counts).toMatchObject({ disarmAttempts: 1, disarmSuccesses: 1, disarmSetOffs: 0, triggeredByPlayer: 0 });
    expect(a.disarmResults).toEqual({ disarmed: 1 });
    expect(sure.traps).toHaveLength(0);

    const hopeless = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike', known: true }], player: { traits: { skill: -20 } } });
    const b = play(hopeless, [{ type: 'disarm', dx: 1, dy: 0 }]).stats.kind('spike');
    expect(b.counts).toMatchObject({ disarmAttempts: 1, disarmSuccesses: 0, disarmSetOffs: 1, triggeredByPlayer: 1, playerStepTriggers: 0 });
    expect(b.disarmResults).toEqual({ set_off: 1 });
  });

  it('a death from full hit points in one trigger is a one-go kill; from fewer it is not', () => {
    const full = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike' }], player: { hp: 1, maxHp: 1 } });
    const a = play(full, [{ type: 'move', dx: 1, dy: 0 }]);
    const summary = a.observer.finish(full, false);
    expect(summary).toMatchObject({ outcome: 'died', trapDeath: 'spike', cause: 'Killed by a spike trap' });
    expect(a.stats.kind('spike').counts).toMatchObject({ playerDeaths: 1, oneGoKillsFromFull: 1 });
    expect(a.stats.runCounts).toMatchObject({ runs: 1, died: 1, diedToTrap: 1, hurtByTrap: 1, oneGoKillsFromFull: 1 });
    expect(a.stats.causes).toEqual({ 'Killed by a spike trap': 1 });

    const hurt = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike' }], player: { hp: 1, maxHp: 20 } });
    const b = play(hurt, [{ type: 'move', dx: 1, dy: 0 }]);
    expect(b.stats.kind('spike').counts).toMatchObject({ playerDeaths: 1, oneGoKillsFromFull: 0 });
  });

  it('attributes damage to each trigger, counts kills by rigged traps, and finds "found first" from the order of events', () => {
    const w = scenario({ ruleset: 'test', map: ['#######', '#@^.^r#', '#######'], traps: [{ kind: 'spike' }, { kind: 'spike', owner: 1 }] });
    const [dungeon, rigged] = w.traps as [World['traps'][0], World['traps'][0]];
    const rat = w.actors.find((a) => a.kind === 'rat')!;
    const stats = new SimStats();
    const obs = new GameObserver(stats, w, false);
    const ev = (e: GameEvent) => e;
    // Step 1: the player searches and finds the dungeon trap, then a rat walks onto the rigged one twice.
    obs.afterStep(
      w,
      [
        ev({ type: 'trapRevealed', trap: dungeon.id, kind: 'spike', to: 1, how: 'search' }),
        ev({ type: 'trapTriggered', trap: rigged.id, kind: 'spike', actor: rat.id, x: 4, y: 1, how: 'step' }),
        ev({ type: 'damaged', actor: rat.id, amount: 2, cause: 'x', trap: rigged.id, trapKind: 'spike' }),
        ev({ type: 'trapTriggered', trap: rigged.id, kind: 'spike', actor: rat.id, x: 4, y: 1, how: 'step' }),
        ev({ type: 'damaged', actor: rat.id, amount: 3, cause: 'x', trap: rigged.id, trapKind: 'spike' }),
        ev({ type: 'died', actor: rat.id, cause: 'killed by a spike trap', trap: rigged.id, trapKind: 'spike', killer: 1 }),
      ],
      20,
    );
    // Step 2: poison from the trap, with no trigger in this step: the kind's total only.
    obs.afterStep(w, [ev({ type: 'damaged', actor: 1, amount: 1, cause: 'poison', trap: dungeon.id, trapKind: 'spike' })], 20);
    const k = stats.kind('spike');
    // The rigged trap is the player's own: no encounter. The dungeon trap was found before anything set it off.
    expect(k.counts).toMatchObject({ encounters: 1, foundFirst: 1, triggeredByMonsters: 2, monstersKilled: 1, monstersKilledByRigged: 1, damageTotal: 6, playerDamageTotal: 1 });
    expect(k.damagePerTrigger.entries()).toEqual([
      [2, 2, 1],
      [3, 3, 1],
    ]);
  });

  it('a run out of turns is a timeout; the turn count and trap damage per run are recorded', () => {
    const w = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike' }], settings: { turnLimit: 10 } });
    const actions: Action[] = [{ type: 'move', dx: 1, dy: 0 }];
    for (let i = 0; i < 12; i++) actions.push({ type: 'wait' });
    const stats = new SimStats();
    const obs = new GameObserver(stats, w, false);
    for (const a of actions) {
      if (w.over) break;
      const hp = player(w).hp;
      obs.afterStep(w, step(w, a).events, hp);
    }
    const s = obs.finish(w, false);
    expect(s.outcome).toBe('timeout');
    expect(stats.runCounts).toMatchObject({ runs: 1, timeout: 1 });
    expect(stats.turns.max).toBe(w.turn);
    expect(stats.trapDamagePerRun.sum).toBe(20 - player(w).hp);
  });

  it('a run is hurt by a trap when a trap took hit points, and not when none did', () => {
    const hurt = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike' }] });
    const a = play(hurt, [{ type: 'move', dx: 1, dy: 0 }]);
    expect(player(hurt).hp).toBeLessThan(20);
    a.observer.finish(hurt, false);
    expect(a.stats.runCounts).toMatchObject({ runs: 1, died: 0, hurtByTrap: 1 });

    const untouched = scenario({ ruleset: 'test', map: corridor, traps: [{ kind: 'spike' }] });
    const b = play(untouched, [{ type: 'wait' }]);
    b.observer.finish(untouched, false);
    expect(b.stats.runCounts).toMatchObject({ runs: 1, hurtByTrap: 0 });
  });
});
