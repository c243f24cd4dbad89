/** Where the dungeon hides its traps, on generated levels and on a hand-made placement context. */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/core/engine.ts';
import { Stream } from '../../../src/core/rng.ts';
import type { PlacementContext } from '../../../src/core/ruleset.ts';
import { chebyshev, Terrain, terrainAt, type World } from '../../../src/core/world.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';

const RIGGED = ['tripwire', 'stake', 'pitfall'];

function floorCells(w: World): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = 0; y < w.height; y++) for (let x = 0; x < w.width; x++) if (terrainAt(w, x, y) === Terrain.Floor) out.push([x, y]);
  return out;
}

describe('placement on generated levels', () => {
  it('a few traps on every level, never on or next to stairs, on floor only, doors and chests as the rules say', () => {
    let doorTraps = 0;
    let chestTraps = 0;
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      for (const style of ['rooms', 'caves'] as const) {
        const w = newGame({ seed, ruleset: 'ceaptun', style });
        const floor = w.traps.filter((t) => t.host.kind === 'floor');
        expect(floor.length).toBeGreaterThanOrEqual(w.settings.trapsPerLevel as number);
        expect(w.settings.trapsPerLevel).toBe(4);
        for (const t of w.traps) {
          expect(RIGGED).not.toContain(t.kind);
          expect(chebyshev(t.x, t.y, ...w.stairsUp)).toBeGreaterThan(1);
          expect(chebyshev(t.x, t.y, ...w.stairsDown)).toBeGreaterThan(1);
          if (t.host.kind === 'floor') expect(terrainAt(w, t.x, t.y)).toBe(Terrain.Floor);
          if (t.host.kind === 'door') {
            doorTraps++;
            expect([Terrain.DoorClosed, Terrain.DoorLocked]).toContain(terrainAt(w, t.x, t.y));
            expect(t.kind).not.toBe('pit');
          }
          if (t.host.kind === 'chest') {
            chestTraps++;
            const host = t.host;
            expect(w.chests.some((c) => c.id === host.chest && c.x === t.x && c.y === t.y)).toBe(true);
            expect(t.kind).not.toBe('pit');
          }
          expect(t.charges).toBe(t.kind === 'fireball' || t.kind === 'frost' ? 1 : t.kind === 'lightning' ? 2 : -1);
        }
        expect(new Set(w.traps.map((t) => `${t.x},${t.y}`)).size).toBe(w.traps.length);
      }
    }
    expect(doorTraps).toBeGreaterThan(0);
    expect(chestTraps).toBeGreaterThan(0);
  });

  it('the settings set how many, and whether a level shows its traps from the start', () => {
    const none = newGame({ seed: 'x', ruleset: 'ceaptun', settings: { trapsPerLevel: 0, roomTrapChance: 0, doorTrapChance: 0, chestTrapChance: 0 } });
    expect(none.traps).toEqual([]);
    const shown = newGame({ seed: 'x', ruleset: 'ceaptun', settings: { knownLevelChance: 1 } });
    expect(shown.traps.length).toBeGreaterThan(0);
    expect(shown.traps.every((t) => t.knownBy.includes(shown.playerId))).toBe(true);
    const hidden = newGame({ seed: 'x', ruleset: 'ceaptun', settings: { knownLevelChance: 0 } });
    expect(hidden.traps.every((t) => t.knownBy.length === 0)).toBe(true);
  });

  it('deeper levels are more dangerous', () => {
    expect(ruleset.levelInfo(1, { dangerPerDepth: 4, dangerAtTop: 0 }, 'rooms')).toEqual({ danger: 0, tier: 0 });
    expect(ruleset.levelInfo(4, { dangerPerDepth: 4, dangerAtTop: 0 }, 'rooms')).toEqual({ danger: 12, tier: 3 });
    expect(ruleset.levelInfo(9, { dangerPerDepth: 4, dangerAtTop: 0 }, 'rooms')).toEqual({ danger: 32, tier: 6 });
  });
});

describe('placeTraps on a hand-made context', () => {
  const base = newGame({ seed: 'p', ruleset: 'ceaptun', settings: { trapsPerLevel: 0 } });

  function context(overrides: Partial<PlacementContext>, settings: Record<string, number> = {}): PlacementContext {
    const world = { ...base, settings: { ...base.settings, ...settings }, traps: [] };
    return { world, rng: Stream.fromSeed(7), floorCells: floorCells(base), doorCells: [], chests: [], patrolCells: new Set(), rooms: [], ...overrides };
  }

  it('never on a monster\'s patrol route, nor next to stairs, even when offered', () => {
    const cells = floorCells(base);
    const patrol = new Set(cells.filter((_, i) => i % 2 === 0).map(([x, y]) => y * base.width + x));
    const specs = ruleset.placeTraps(context({ patrolCells: patrol }, { trapsPerLevel: 60 }));
    expect(specs).toHaveLength(60);
    for (const s of specs) {
      expect(patrol.has(s.y * base.width + s.x)).toBe(false);
      expect(chebyshev(s.x, s.y, ...base.stairsUp)).toBeGreaterThan(1);
      expect(chebyshev(s.x, s.y, ...base.stairsDown)).toBeGreaterThan(1);
    }
  });

  it('none on water (that can freeze) or ice, and a secret door is never trapped', () => {
    const world = { ...base, terrain: base.terrain.slice() };
    const cells = floorCells(base);
    for (const [x, y] of cells.slice(0, 200)) world.terrain[y * base.width + x] = Terrain.Water;
    const [sx, sy] = cells[300]!;
    world.terrain[sy * base.width + sx] = Terrain.DoorSecret;
    const ctx = { ...context({}, { trapsPerLevel: 400, doorTrapChance: 1 }), doorCells: [[sx, sy]] as Array<[number, number]> };
    ctx.world = { ...ctx.world, terrain: world.terrain };
    const specs = ruleset.placeTraps(ctx);
    for (const s of specs) expect(ctx.world.terrain[s.y * base.width + s.x]).toBe(Terrain.Floor);
  });

  it('some rooms hide their own trap near their middle', () => {
    const rooms = [{ x1: 10, y1: 10, x2: 14, y2: 12 }];
    const cells: Array<[number, number]> = [];
    for (let y = 10; y <= 12; y++) for (let x = 10; x <= 14; x++) cells.push([x, y]);
    const w = { ...base, terrain: base.terrain.slice(), stairsUp: [1, 1] as [number, number], stairsDown: [2, 1] as [number, number] };
    for (const [x, y] of cells) w.terrain[y * base.width + x] = Terrain.Floor;
    const specs = ruleset.placeTraps({ ...context({ rooms, floorCells: cells }, { roomTrapChance: 1 }), world: { ...w, settings: { ...base.settings, roomTrapChance: 1, trapsPerLevel: 0 } } });
    expect(specs.map((s) => [s.x, s.y])).toEqual([[12, 11]]);
  });
});
