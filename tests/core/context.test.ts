import { describe, expect, it } from 'vitest';
import { StepContext } from '../../src/core/context.ts';
import { step } from '../../src/core/engine.ts';
import { cloneWorld, mindWith, serializeWorld, Terrain, terrainAt } from '../../src/core/world.ts';
import { scenario } from '../support/scenario.ts';
import { applyEvents, actorById, edit, player } from '../../src/core/level.ts';
import { actorIn, heroIn } from '../support/heroIn.ts';

describe('the trap-resolution core', () => {
  it('charges: a trap with 2 charges fires twice, then is gone', () => {
    const w = scenario({ ruleset: 'test', map: ['######', '#@^..#', '######'], traps: [{ kind: 'spike', charges: 2 }], player: { hp: 100 } });
    const ctx = new StepContext(w);
    const trap = w.traps[0]!;
    expect(ctx.spendCharge(trap)).toBe(true);
    expect(w.traps[0]!.charges).toBe(1);
    expect(ctx.spendCharge(w.traps[0]!)).toBe(false);
    expect(w.traps).toHaveLength(0);
    expect(ctx.events.map((e) => e.type)).toEqual(['trapChanged', 'trapRemoved']);
  });

  it('a creature killed by a trap drops what it carried; the kill earns the trap owner its experience', () => {
    const w = scenario({ ruleset: 'test', map: ['######', '#@.k.#', '######'], sleepingMonsters: true });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    edit(w, (p) => {
      actorIn(p, kobold.id).inventory = [{ id: 99, kind: 'arrow', name: 'arrow', count: 2, x: -1, y: -1 }];
    });
    const ctx = new StepContext(w);
    const trap = ctx.placeTrap({ kind: 'spike', x: 3, y: 1 }, w.playerId);
    expect(trap.knownBy).toEqual([w.playerId]);
    ctx.damage(actorById(w, kobold.id)!, 1000, { cause: 'killed by a spike trap', trap, killer: trap.owner });
    expect(actorById(w, kobold.id)!.alive).toBe(false);
    expect(w.items.some((i) => i.kind === 'arrow' && i.x === 3 && i.y === 1 && i.count === 2)).toBe(true);
    expect(player(w).xp).toBe(kobold.xp);
  });

  it('status, traits and mind changes are events that, applied to the world as it was, give the world as it is', () => {
    const w = scenario({ ruleset: 'test', map: ['######', '#@.k.#', '######'], sleepingMonsters: true });
    const before = cloneWorld(w);
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    const hero = player(w);
    const ctx = new StepContext(w);
    ctx.emit({ type: 'actorUpdated', actor: kobold.id, changes: { status: { held: 2, asleep: 0 } } });
    ctx.emit({ type: 'actorUpdated', actor: hero.id, changes: { traits: { passX: 1, passY: 1, note: 'x' } } });
    ctx.emit({ type: 'actorUpdated', actor: hero.id, changes: { traits: { passX: 2 } } });
    const mind = mindWith(kobold.ai, { mode: 'hunt', targetX: 1, targetY: 1 });
    ctx.emit({ type: 'actorUpdated', actor: kobold.id, changes: { ai: mind } });
    expect(player(w).traits).toMatchObject({ passX: 2, passY: 1, note: 'x' });
    expect(kobold.status).toEqual({ held: 2 });
    // The world holds its own mind, not the event's object.
    expect(kobold.ai).toEqual(mind);
    expect(kobold.ai).not.toBe(mind);
    applyEvents(before, ctx.events);
    expect(serializeWorld(before)).toBe(serializeWorld(w));
  });

  it('a dungeon trap kill earns nothing', () => {
    const w = scenario({ ruleset: 'test', map: ['######', '#@.k.#', '######'], sleepingMonsters: true });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    const ctx = new StepContext(w);
    ctx.damage(kobold, 1000, { cause: 'killed by a spike trap', killer: null });
    expect(player(w).xp).toBe(0);
  });

  it('doors: opening sets off the door trap; closing re-arms it; a kicked-in door takes its trap', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'dart', host: 'door' }], player: { hp: 100 } });
    const r = step(w, { type: 'open', dx: 1, dy: 0 });
    expect(r.events.some((e) => e.type === 'trapTriggered' && e.how === 'door')).toBe(true);
    expect(terrainAt(w, 2, 1)).toBe(Terrain.DoorOpen);
    step(w, { type: 'close', dx: 1, dy: 0 });
    expect(terrainAt(w, 2, 1)).toBe(Terrain.DoorClosed);
    let broken = false;
    for (let i = 0; i < 40 && !broken; i++) {
      const k = step(w, { type: 'kick', dx: 1, dy: 0 });
      expect(k.events.some((e) => e.type === 'trapTriggered')).toBe(true);
      broken = terrainAt(w, 2, 1) === Terrain.DoorBroken;
    }
    expect(broken).toBe(true);
    expect(w.traps).toHaveLength(0);
  });

  it('chests: opening sets off the chest trap and gives what it held', () => {
    const w = scenario({
      ruleset: 'test',
      map: ['#####', '#@^.#', '#####'],
      traps: [{ kind: 'dart', host: 'chest' }],
      chestItems: [[{ id: 50, kind: 'gold', name: 'gold coin', count: 7, x: -1, y: -1 }]],
      player: { hp: 100 },
    });
    const r = step(w, { type: 'open', dx: 1, dy: 0 });
    expect(r.events.some((e) => e.type === 'trapTriggered' && e.how === 'door')).toBe(true);
    expect(player(w).inventory.find((i) => i.kind === 'gold')?.count).toBe(7);
  });

  it('descending the stairs makes the next level from the same seed, the player carried over', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@>.#', '#####'], player: { hp: 17 } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    step(w, { type: 'descend' });
    expect(w.depth).toBe(2);
    expect(player(w).hp).toBe(17);
    expect(w.width).toBe(40);
    expect(player(w).x).toBe(w.stairsUp[0]);
  });
});

describe('locked doors', () => {
  const map = ['#####', '#@^.#', '#####'];
  const lockedWithTrap = (inventory: Array<{ kind: string; name: string }>, seed = 'locked') => {
    const w = scenario({ ruleset: 'test', seed, map, traps: [{ kind: 'dart', host: 'door' }], player: { hp: 100 } });
    w.terrain[1 * w.width + 2] = Terrain.DoorLocked;
    edit(w, (p) => {
      heroIn(p).inventory = inventory.map((i, n) => ({ ...i, id: 500 + n, count: 1, x: -1, y: -1 }));
    });
    return w;
  };

  it('without a key or picks the door is refused and no time passes', () => {
    const w = lockedWithTrap([]);
    const r = step(w, { type: 'open', dx: 1, dy: 0 });
    expect(r.refused).toMatch(/locked/);
    expect(w.turn).toBe(0);
  });

  it('a key unlocks and opens it, and the door trap goes off at whoever unlocked it', () => {
    const w = lockedWithTrap([{ kind: 'key', name: 'iron key' }]);
    const r = step(w, { type: 'open', dx: 1, dy: 0 });
    expect(terrainAt(w, 2, 1)).toBe(Terrain.DoorOpen);
    expect(r.events.some((e) => e.type === 'trapTriggered' && e.actor === w.playerId)).toBe(true);
  });

  it('lock picks open it one try in three; every try sets off the door trap', () => {
    let opened = 0;
    let tries = 0;
    const perDoor = new Set<number>();
    for (const seed of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']) {
      const w = lockedWithTrap([{ kind: 'lockpicks', name: 'set of lock picks' }], seed);
      let here = 0;
      for (let i = 0; i < 30 && terrainAt(w, 2, 1) === Terrain.DoorLocked; i++) {
        const r = step(w, { type: 'open', dx: 1, dy: 0 });
        tries++;
        here++;
        expect(r.events.some((e) => e.type === 'trapTriggered')).toBe(true);
      }
      if (terrainAt(w, 2, 1) === Terrain.DoorOpen) opened++;
      perDoor.add(here);
    }
    expect(opened).toBe(8);
    // Different seeds, different numbers of tries: the picks really roll.
    expect(perDoor.size).toBeGreaterThan(1);
    // Geometric with p = 1/3: 8 doors take 24 tries on average; far fewer or far more means a wrong chance.
    expect(tries).toBeGreaterThan(8);
    expect(tries).toBeLessThan(80);
  });
});
