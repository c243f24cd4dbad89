/**
 * The cost-to-go flood (core/route.ts): settled only as far as it is asked, it gives every cell the
 * cost the whole flood gives it, whatever order the cells are asked in; and the whole flood is
 * shortest paths, checked against a plain relaxation to a fixed point (Bellman-Ford) on levels
 * with costs of every kind (fractions, blocked cells, several goals).
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { newGame } from '../../src/core/engine.ts';
import { BLOCKED, type CellCost, CostToGo, costToGoals } from '../../src/core/route.ts';
import { DIRECTIONS, Terrain, type World } from '../../src/core/world.ts';

/** A cost from the cell's coordinates: blocked on walls and on every 7th cell, else 1 to 3.5 in halves. */
const cost: CellCost = (w, x, y) => {
  const t = w.terrain[y * w.width + x]!;
  if (t === Terrain.Wall || (x * 31 + y * 17) % 7 === 0) return BLOCKED;
  return 1 + ((x * 13 + y * 7) % 6) / 2;
};

function bellmanFord(w: World, goals: Array<[number, number]>): Float64Array {
  const dist = new Float64Array(w.width * w.height).fill(BLOCKED);
  for (const [x, y] of goals) dist[y * w.width + x] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let y = 0; y < w.height; y++)
      for (let x = 0; x < w.width; x++) {
        const c = cost(w, x, y);
        const d = dist[y * w.width + x]!;
        if (!Number.isFinite(c) || !Number.isFinite(d)) continue;
        for (const [dx, dy] of DIRECTIONS) {
          const ux = x + dx;
          const uy = y + dy;
          if (ux < 0 || uy < 0 || ux >= w.width || uy >= w.height) continue;
          const u = uy * w.width + ux;
          if (d + c < dist[u]!) {
            dist[u] = d + c;
            changed = true;
          }
        }
      }
  }
  return dist;
}

describe('cost to go', () => {
  for (const seed of ['a', 'b', 'c']) {
    it(`seed ${seed}: the whole flood is shortest paths, and asking cell by cell in any order gives the same numbers`, () => {
      const w = newGame({ ruleset: 'ceaptun', seed, width: 40, height: 25 } as never);
      const goals: Array<[number, number]> = [w.stairsDown, [w.actors[0]!.x, w.actors[0]!.y]];
      const whole = costToGoals(w, goals, cost);
      expect(Array.from(whole)).toEqual(Array.from(bellmanFord(w, goals)));
      // Nearest the goals first, then from the far end, then scattered: each a fresh lazy field.
      const n = w.width * w.height;
      for (const order of [Array.from({ length: n }, (_, i) => i), Array.from({ length: n }, (_, i) => n - 1 - i), Array.from({ length: n }, (_, i) => (i * 97) % n)]) {
        const lazy = new CostToGo(w, goals, cost);
        for (const i of order) expect(lazy.at(i), `cell ${i}`).toBe(whole[i]);
      }
    });
  }
});
