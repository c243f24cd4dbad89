/**
 * The cell index of who stands where, against a plain scan of the actors: while a step runs
 * (events keep it), and across steps in which something changed the world behind its back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newGame, step } from '../../src/core/engine.ts';
import { applyEvent } from '../../src/core/events.ts';
import { beginOccupancy, endOccupancy } from '../../src/core/occupancy.ts';
import { type Actor, actorAt, DIRECTIONS, idx, isWalkable, type World } from '../../src/core/world.ts';
import '../support/testRuleset.ts';

function scan(world: World, x: number, y: number): Actor | undefined {
  return world.actors.find((a) => a.alive && a.x === x && a.y === y);
}

function expectAgrees(world: World): void {
  for (let y = 0; y < world.height; y++) for (let x = 0; x < world.width; x++) expect(actorAt(world, x, y)?.id, `${x},${y}`).toBe(scan(world, x, y)?.id);
}

describe('occupancy index', () => {
  it('agrees with a scan of the actors through moves, deaths and arrivals applied as events', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.array(fc.tuple(fc.nat(40), fc.nat(7), fc.nat(9)), { minLength: 1, maxLength: 60 }), (seed, changes) => {
        const world = newGame({ seed: `occ-${seed}`, ruleset: 'test', width: 40, height: 25 });
        beginOccupancy(world);
        try {
          for (const [who, dir, what] of changes) {
            const living = world.actors.filter((a) => a.alive);
            const a = living[who % living.length]!;
            const [dx, dy] = DIRECTIONS[dir]!;
            const x = a.x + dx;
            const y = a.y + dy;
            if (what === 0 && a.id !== world.playerId) applyEvent(world, { type: 'died', actor: a.id, cause: 'test' });
            else if (what === 1 && isWalkable(world.terrain[idx(world, x, y)]!) && !scan(world, x, y))
              applyEvent(world, { type: 'actorAdded', actor: { ...structuredClone(a), id: world.nextId++, x, y } });
            else if (isWalkable(world.terrain[idx(world, x, y)]!) && !scan(world, x, y)) applyEvent(world, { type: 'moved', actor: a.id, fromX: a.x, fromY: a.y, x, y, how: 'walk' });
            expectAgrees(world);
          }
        } finally {
          endOccupancy(world);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('two actors on one cell for a moment (a swap) drops the index, and lookups still agree', () => {
    const world = newGame({ seed: 'occ-swap', ruleset: 'test', width: 40, height: 25 });
    const [a, b] = world.actors.filter((x) => x.alive);
    beginOccupancy(world);
    const [ax, ay] = [a!.x, a!.y];
    applyEvent(world, { type: 'moved', actor: a!.id, fromX: ax, fromY: ay, x: b!.x, y: b!.y, how: 'swap' });
    expectAgrees(world);
    applyEvent(world, { type: 'moved', actor: b!.id, fromX: b!.x, fromY: b!.y, x: ax, y: ay, how: 'swap' });
    expectAgrees(world);
    endOccupancy(world);
  });

  it('a step after the world was changed directly (a test, an editor) sees the change', () => {
    const world = newGame({ seed: 'occ-direct', ruleset: 'test', width: 40, height: 25 });
    step(world, { type: 'wait' });
    // Teleport a monster by hand, outside any event, next to where it was.
    const m = world.actors.find((a) => a.alive && a.id !== world.playerId)!;
    const free = DIRECTIONS.map(([dx, dy]) => [m.x + dx, m.y + dy] as const).find(([x, y]) => isWalkable(world.terrain[idx(world, x, y)]!) && !scan(world, x, y))!;
    m.x = free[0];
    m.y = free[1];
    beginOccupancy(world);
    expectAgrees(world);
    endOccupancy(world);
  });
});
