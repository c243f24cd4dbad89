/**
 * Chase floods reach only a little past the monster that asked; they must still give exact
 * distances wherever that monster may step, the same as a flood over the whole level.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distancesTo } from '../../src/core/brain.ts';
import { newGame } from '../../src/core/engine.ts';
import { DIRECTIONS, idx, isWalkable, Terrain, type World } from '../../src/core/world.ts';
import '../support/testRuleset.ts';
import { floodGrid } from '../../src/core/flood.ts';

function wholeFlood(world: World, x: number, y: number): Int32Array {
  const grid = Uint8Array.from(world.terrain, (t) => (isWalkable(t) || t === Terrain.DoorClosed || t === Terrain.DoorLocked ? 1 : 0));
  return floodGrid(world.width, world.height, idx(world, x, y), grid);
}

describe('chase floods', () => {
  it('are exact on the monster’s cell and every cell next to it, for any monster and target', () => {
    const world = newGame({ seed: 'floods', ruleset: 'test', width: 80, height: 40 });
    const floor: number[] = [];
    for (let i = 0; i < world.terrain.length; i++) if (isWalkable(world.terrain[i]!)) floor.push(i);
    const monster = world.actors.find((a) => a.id !== world.playerId)!;
    fc.assert(
      fc.property(fc.nat(floor.length - 1), fc.nat(floor.length - 1), (t, m) => {
        const tx = floor[t]! % world.width;
        const ty = Math.floor(floor[t]! / world.width);
        monster.x = floor[m]! % world.width;
        monster.y = Math.floor(floor[m]! / world.width);
        const near = distancesTo(world, tx, ty, monster);
        const whole = wholeFlood(world, tx, ty);
        for (const [dx, dy] of [[0, 0] as const, ...DIRECTIONS]) {
          const i = idx(world, monster.x + dx, monster.y + dy);
          expect(near[i]).toBe(whole[i]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('without a monster, cover the whole level', () => {
    const world = newGame({ seed: 'floods-2', ruleset: 'test', width: 80, height: 40 });
    const p = world.actors[0]!;
    expect(Array.from(distancesTo(world, p.x, p.y))).toEqual(Array.from(wholeFlood(world, p.x, p.y)));
  });
});
