import { describe, expect, it } from 'vitest';
import { worldToAscii } from '../../src/core/ascii.ts';
import { generateLevel } from '../../src/core/mapgen.ts';
import { chebyshev, deserializeWorld, idx, isWalkable, serializeWorld, Terrain } from '../../src/core/world.ts';
import { floodDistances } from '../../src/core/flood.ts';

describe('map generation', () => {
  for (const style of ['rooms', 'caves'] as const) {
    it(`${style}: every walkable cell is reachable from the up stairs (doors passable)`, () => {
      for (const seed of ['a', 'b', 'c']) {
        const w = generateLevel({ seed, ruleset: 'test', style });
        const start = idx(w, ...w.stairsUp);
        const pass = (i: number) => isWalkable(w.terrain[i]!) || w.terrain[i] === Terrain.DoorClosed || w.terrain[i] === Terrain.DoorLocked || w.terrain[i] === Terrain.DoorSecret;
        const dist = floodDistances(w.width, w.height, start, pass);
        for (let i = 0; i < w.terrain.length; i++) if (isWalkable(w.terrain[i]!)) expect(dist[i]).toBeGreaterThanOrEqual(0);
        expect(w.terrain[idx(w, ...w.stairsDown)]).toBe(Terrain.StairsDown);
      }
    });
  }

  it('the same seed gives the same level; another seed another', () => {
    const a = generateLevel({ seed: 'same', ruleset: 'test' });
    const b = generateLevel({ seed: 'same', ruleset: 'test' });
    expect(serializeWorld(a)).toBe(serializeWorld(b));
    expect(worldToAscii(generateLevel({ seed: 'other', ruleset: 'test' }))).not.toEqual(worldToAscii(a));
  });

  it('two rulesets on one seed share the map and the monsters (common random numbers)', () => {
    const a = generateLevel({ seed: 'crn', ruleset: 'test' });
    const b = generateLevel({ seed: 'crn', ruleset: 'ceaptun' });
    expect(Array.from(a.terrain)).toEqual(Array.from(b.terrain));
    expect(a.actors.map((m) => [m.kind, m.x, m.y])).toEqual(b.actors.map((m) => [m.kind, m.x, m.y]));
  });

  it('sizes from 40x25 to 200x200; bad sizes are refused with a message', () => {
    expect(generateLevel({ seed: 's', ruleset: 'test', width: 40, height: 25 }).terrain.length).toBe(1000);
    expect(() => generateLevel({ seed: 's', ruleset: 'test', width: 39, height: 25 })).toThrow(/width must be/);
    expect(() => generateLevel({ seed: 's', ruleset: 'test', width: 40, height: 201 })).toThrow(/height must be/);
  });

  it('no trap on or next to the stairs; at most one floor trap per cell; nobody starts in a wall', () => {
    for (const seed of ['t1', 't2', 't3', 't4']) {
      const w = generateLevel({ seed, ruleset: 'test' });
      const cells = new Set<string>();
      for (const t of w.traps) {
        expect(chebyshev(t.x, t.y, ...w.stairsUp)).toBeGreaterThan(1);
        expect(chebyshev(t.x, t.y, ...w.stairsDown)).toBeGreaterThan(1);
        const key = `${t.x},${t.y},${t.host.kind}`;
        expect(cells.has(key)).toBe(false);
        cells.add(key);
      }
      for (const a of w.actors) expect(isWalkable(w.terrain[idx(w, a.x, a.y)]!)).toBe(true);
    }
  });

  it('a 200x200 world with 50 monsters serialises under 2 MB and round-trips exactly', () => {
    const w = generateLevel({ seed: 'big', ruleset: 'test', width: 200, height: 200, settings: { monsters: 50 } });
    const text = serializeWorld(w);
    expect(w.actors.filter((a) => a.faction === 'hostile').length).toBe(50);
    expect(text.length).toBeLessThan(2_000_000);
    expect(serializeWorld(deserializeWorld(text))).toBe(text);
  });
});

describe('distance floods', () => {
  it('the unrolled grid flood equals the plain flood', async () => {
    const { floodGrid } = await import('../../src/core/flood.ts');
    for (const seed of ['f1', 'f2']) {
      const w = generateLevel({ seed, ruleset: 'test', style: seed === 'f1' ? 'rooms' : 'caves' });
      const grid = new Uint8Array(w.terrain.length).map((_, i) => (isWalkable(w.terrain[i]!) ? 1 : 0));
      const start = idx(w, ...w.stairsUp);
      expect(Array.from(floodGrid(w.width, w.height, start, grid))).toEqual(Array.from(floodDistances(w.width, w.height, start, (i) => grid[i] === 1)));
    }
  });
});
