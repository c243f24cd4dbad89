/**
 * The core summoning on small drawn worlds: which cells the monsters take, in which order, what
 * they start as, and the events that add them.
 */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../src/core/context.ts';
import { plainFloor } from '../../src/core/effects/freeCells.ts';
import { summon, summonAt } from '../../src/core/effects/summon.ts';
import { actorById, edit } from '../../src/core/level.ts';
import { monsterKind } from '../../src/core/monsters.ts';
import { scenario } from '../support/scenario.ts';

const goblin = monsterKind('goblin')!;

// x: 01234
//    #####   y0
//    #.k.#   y1  a kobold at (2,1)
//    #.@C#   y2  the hero at (2,2), a chest at (3,2)
//    #...#   y3
//    #####   y4
const MAP = ['#####', '#.k.#', '#.@C#', '#...#', '#####'];
const world = () => scenario({ ruleset: 'test', map: MAP });
const around = { noActor: true, noChest: true, near: { x: 2, y: 2, radius: 1 }, order: 'spiral' as const };

describe('summoning', () => {
  it('summonAt: one nextId, then one actorAdded of a monster of the kind, where asked, starting as asked', () => {
    const w = world();
    edit(w, (p) => {
      p.time = 500;
    });
    const ctx = new StepContext(w);
    const id = w.nextId;
    const m = summonAt(ctx, goblin, 1, 3, { actsIn: 100, hunts: { x: 2, y: 2, patience: 20 }, status: { summoned: 5 } });
    expect(ctx.events.map((e) => e.type)).toEqual(['nextId', 'actorAdded']);
    expect(m).toMatchObject({ id, kind: 'goblin', name: goblin.name, hp: goblin.hp, x: 1, y: 3, nextAct: 600, faction: 'hostile', alive: true });
    expect(m.status).toEqual({ summoned: 5 });
    expect(m.ai).toEqual({ mode: 'hunt', targetX: 2, targetY: 2, patience: 20 });
    // The world holds its own copy.
    const held = actorById(w, id)!;
    expect(held).not.toBe(m);
    expect(held).toMatchObject({ x: 1, y: 3, nextAct: 600, status: { summoned: 5 } });
  });

  it('summonAt with no quarry: it wanders from where it appears, with no status', () => {
    const ctx = new StepContext(world());
    const m = summonAt(ctx, goblin, 3, 3, { actsIn: 1, hunts: null });
    expect(m.ai).toEqual({ mode: 'wander', targetX: 3, targetY: 3, patience: 0 });
    expect(m.status).toEqual({});
    expect(m.nextAct).toBe(1);
  });

  it('the first cells of the search in turn with pick 0: around the hero clockwise from north, past the kobold and the chest', () => {
    const w = world();
    const ctx = new StepContext(w);
    const made = summon(ctx, { kind: goblin, count: 3, where: around, pick: () => 0, actsIn: 1, hunts: null });
    // Ring 1 clockwise from north: (2,1) kobold, (3,1), (3,2) chest, (3,3), (2,3), (1,3), (1,2), (1,1).
    expect(made.map((m) => [m.x, m.y])).toEqual([
      [3, 1],
      [3, 3],
      [2, 3],
    ]);
    expect(ctx.events.map((e) => e.type)).toEqual(['nextId', 'actorAdded', 'nextId', 'actorAdded', 'nextId', 'actorAdded']);
  });

  it('a taken cell leaves the list and the rest keep their order: pick sees the shrinking count', () => {
    const w = world();
    const ctx = new StepContext(w);
    const asked: number[] = [];
    const seen: number[] = [];
    const made = summon(ctx, {
      kind: goblin,
      count: 3,
      where: around,
      pick: (n) => {
        asked.push(n);
        return n - 1;
      },
      actsIn: 1,
      hunts: null,
      onEach: (m) => seen.push(m.id),
    });
    // Free: (3,1), (3,3), (2,3), (1,3), (1,2), (1,1); the last each time.
    expect(asked).toEqual([6, 5, 4]);
    expect(made.map((m) => [m.x, m.y])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(seen).toEqual(made.map((m) => m.id));
  });

  it('fewer than asked when the cells run out, and pick is never asked of none', () => {
    const w = world();
    const ctx = new StepContext(w);
    let asks = 0;
    const made = summon(ctx, {
      kind: goblin,
      count: 10,
      where: { ...around, terrain: plainFloor },
      pick: () => {
        asks++;
        return 0;
      },
      actsIn: 1,
      hunts: null,
    });
    expect(made).toHaveLength(6);
    expect(asks).toBe(6);
    expect(new Set(made.map((m) => `${m.x},${m.y}`)).size).toBe(6);
  });

  it('refuses a pick outside the list', () => {
    const ctx = new StepContext(world());
    expect(() => summon(ctx, { kind: goblin, count: 1, where: around, pick: (n) => n, actsIn: 1, hunts: null })).toThrow(RangeError);
  });
});
