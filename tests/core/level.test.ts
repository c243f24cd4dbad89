/**
 * The live level: its indexes (who stands where, traps by cell and id, actors by id) against plain
 * scans of the world through every kind of event, its one door for changes outside play, and the
 * write guard that catches a write anywhere else.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { StepContext } from '../../src/core/context.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { actorAt, actorById, applyEvent, edit, levelOf, trapAt, trapById } from '../../src/core/level.ts';
import { GUARD, setWriteGuard, WorldWriteError } from '../../src/core/writeGuard.ts';
import { type Actor, DIRECTIONS, idx, isWalkable, type Trap, type World } from '../../src/core/world.ts';

function scanActor(world: World, x: number, y: number): Actor | undefined {
  return world.actors.find((a) => a.alive && a.x === x && a.y === y);
}

function scanTrap(world: World, x: number, y: number): Trap | undefined {
  return world.traps.find((t) => t.x === x && t.y === y);
}

/** The level's answers, read without the guard's views, against scans of the plain world. */
function expectAgrees(world: World): void {
  const guard = GUARD.on;
  setWriteGuard(false);
  try {
    for (let y = 0; y < world.height; y++)
      for (let x = 0; x < world.width; x++) {
        expect(actorAt(world, x, y)?.id, `actor ${x},${y}`).toBe(scanActor(world, x, y)?.id);
        expect(trapAt(world, x, y)?.id, `trap ${x},${y}`).toBe(scanTrap(world, x, y)?.id);
      }
    for (const a of world.actors) expect(actorById(world, a.id)).toBe(world.actors.find((b) => b.id === a.id));
    for (const t of world.traps) expect(trapById(world, t.id)).toBe(world.traps.find((u) => u.id === t.id));
    levelOf(world).verify();
  } finally {
    setWriteGuard(guard);
  }
}

function freeNear(world: World, x: number, y: number, dir: number): [number, number] | null {
  const [dx, dy] = DIRECTIONS[dir]!;
  const nx = x + dx;
  const ny = y + dy;
  return isWalkable(world.terrain[idx(world, nx, ny)]!) && !scanActor(world, nx, ny) ? [nx, ny] : null;
}

const guardWas = GUARD.on;

describe('the live level', () => {
  afterEach(() => setWriteGuard(guardWas));

  it('its indexes agree with scans of the world through moves, deaths, revivals, arrivals and trap events', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.array(fc.tuple(fc.nat(40), fc.nat(7), fc.nat(11)), { minLength: 1, maxLength: 60 }), (seed, changes) => {
        const world = newGame({ seed: `level-${seed}`, ruleset: 'test', width: 40, height: 25 });
        let nextId = world.nextId;
        for (const [who, dir, what] of changes) {
          const a = world.actors[who % world.actors.length]!;
          const to = freeNear(world, a.x, a.y, dir);
          const trap = world.traps[who % Math.max(1, world.traps.length)];
          if (what === 0 && a.id !== world.playerId && a.alive) applyEvent(world, { type: 'died', actor: a.id, cause: 'test' });
          else if (what === 1 && !a.alive && !scanActor(world, a.x, a.y)) applyEvent(world, { type: 'actorUpdated', actor: a.id, changes: { alive: true } });
          else if (what === 2 && to) applyEvent(world, { type: 'actorAdded', actor: { ...structuredClone(a), alive: true, id: nextId++, x: to[0], y: to[1] } });
          else if (what === 3 && to)
            applyEvent(world, { type: 'trapPlaced', trap: { id: nextId++, kind: 'spike', x: to[0], y: to[1], host: { kind: 'floor' }, charges: -1, owner: null, knownBy: [], armed: true, data: {} } });
          else if (what === 4 && trap) applyEvent(world, { type: 'trapRemoved', trap: trap.id, kind: trap.kind, why: 'spent' });
          else if (what === 5 && trap) {
            const spot = freeNear(world, trap.x, trap.y, dir);
            if (spot) applyEvent(world, { type: 'trapChanged', trap: trap.id, changes: { x: spot[0], y: spot[1] } });
          } else if (what === 6 && a.alive && a.id !== world.playerId) applyEvent(world, { type: 'actorUpdated', actor: a.id, changes: { alive: false } });
          else if (to) applyEvent(world, { type: 'moved', actor: a.id, fromX: a.x, fromY: a.y, x: to[0], y: to[1], how: 'walk' });
          expectAgrees(world);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('two actors on one cell for a moment (a swap): the first in list order stands there, and after the swap each is where it went', () => {
    setWriteGuard(false);
    const world = newGame({ seed: 'level-swap', ruleset: 'test', width: 40, height: 25 });
    const [a, b] = world.actors.filter((x) => x.alive);
    const [ax, ay] = [a!.x, a!.y];
    const [bx, by] = [b!.x, b!.y];
    applyEvent(world, { type: 'moved', actor: b!.id, fromX: bx, fromY: by, x: ax, y: ay, how: 'swap' });
    expect(actorAt(world, ax, ay)).toBe(a);
    expect(actorAt(world, bx, by)).toBeUndefined();
    applyEvent(world, { type: 'moved', actor: a!.id, fromX: ax, fromY: ay, x: bx, y: by, how: 'swap' });
    expect(actorAt(world, ax, ay)).toBe(b);
    expect(actorAt(world, bx, by)).toBe(a);
    expectAgrees(world);
  });

  it('edit is the door for changes outside play: the indexes follow, and the next step sees them', () => {
    const world = newGame({ seed: 'level-edit', ruleset: 'test', width: 40, height: 25 });
    step(world, { type: 'wait' });
    const m = world.actors.find((a) => a.alive && a.id !== world.playerId)!;
    const to = DIRECTIONS.map((_, d) => freeNear(world, m.x, m.y, d)).find((c) => c !== null)!;
    edit(world, (w) => {
      const own = w.actors.find((a) => a.id === m.id)!;
      own.x = to[0];
      own.y = to[1];
    });
    expect(actorAt(world, to[0], to[1])?.id).toBe(m.id);
    expectAgrees(world);
    step(world, { type: 'wait' });
    expectAgrees(world);
  });

  it('under the write guard, a write outside apply throws where it happens, naming the field', () => {
    const world = newGame({ seed: 'level-guard', ruleset: 'test', width: 40, height: 25 });
    setWriteGuard(true);
    const ctx = new StepContext(world);
    const hero = actorById(ctx.world, world.playerId)!;
    expect(() => {
      hero.hp = 1;
    }).toThrow(WorldWriteError);
    expect(() => {
      (hero.status as Record<string, number>).held = 2;
    }).toThrow(/"held"/);
    expect(() => ctx.world.traps.push(ctx.world.traps[0]!)).toThrow(WorldWriteError);
    expect(() => ctx.world.terrain.fill(0)).toThrow(WorldWriteError);
    expect(() => Object.assign(ctx.world.actors[0]!.traits, { x: 1 })).toThrow(WorldWriteError);
    // Through the one writer the change goes in, and the view reads it.
    const hp = hero.hp;
    ctx.emit({ type: 'damaged', actor: hero.id, amount: 3, cause: 'test' });
    expect(hero.hp).toBe(hp - 3);
    expect(actorById(ctx.world, hero.id)).toBe(hero);
  });

  it("under the write guard, a step after a write behind the level's back refuses to run and says why", () => {
    const world = newGame({ seed: 'level-behind', ruleset: 'test', width: 40, height: 25 });
    step(world, { type: 'wait' });
    const m = world.actors.find((a) => a.alive && a.id !== world.playerId)!;
    const to = DIRECTIONS.map((_, d) => freeNear(world, m.x, m.y, d)).find((c) => c !== null)!;
    m.x = to[0];
    m.y = to[1];
    setWriteGuard(true);
    expect(() => step(world, { type: 'wait' })).toThrow(/outside Level\.apply or Level\.edit/);
  });
});
