/**
 * The Digger the levels are carved with (core/digger.ts) is rot.js's, cell for cell, room for
 * room, door for door: the same seeds through rot.js's own Digger and through ours, at the
 * game's sizes and beyond.
 */
import { describe, expect, it } from 'vitest';
import { Map as RotMap, RNG } from 'rot-js';
import { SortedWallDigger } from '../../src/core/digger.ts';

type Dig = InstanceType<typeof RotMap.Digger>;

function layout(make: () => Dig, seed: number): string {
  RNG.setSeed(seed);
  const d = make();
  const cells: string[] = [];
  d.create((x, y, v) => cells.push(`${x},${y}:${v}`));
  const rooms = d.getRooms().map((r) => {
    const doors: string[] = [];
    r.getDoors((x, y) => doors.push(`${x},${y}`));
    return `${r.getLeft()},${r.getTop()}-${r.getRight()},${r.getBottom()} doors ${doors.join(' ')}`;
  });
  // What rot.js's RNG has left: the draws taken were the same ones.
  return `${cells.join(';')}|${rooms.join(';')}|${d.getCorridors().length}|next ${RNG.getUniform()}`;
}

describe('the Digger', () => {
  it('carves what rot.js carves from the same seed, at 80x40, 40x20 and 120x60 (rooms, doors, corridors, draws)', () => {
    for (const [w, h, seeds] of [
      [80, 40, 120],
      [40, 20, 60],
      [120, 60, 20],
    ] as const) {
      for (let seed = 1; seed <= seeds; seed++) {
        const options = { dugPercentage: 0.3, timeLimit: Number.POSITIVE_INFINITY };
        expect(layout(() => new SortedWallDigger(w, h, options), seed), `${w}x${h} seed ${seed}`).toBe(layout(() => new RotMap.Digger(w, h, options), seed));
      }
    }
  });
});
