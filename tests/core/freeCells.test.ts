/**
 * The core free-cell search on small drawn worlds, every expected list worked out by hand from the
 * map: which cells each test lets through, and the order each `order` gives.
 */
import { describe, expect, it } from 'vitest';
import { freeCells, isFreeCell, nearestFreeCell, plainFloor } from '../../src/core/effects/freeCells.ts';
import { chebyshev } from '../../src/core/world.ts';
import { scenario } from '../support/scenario.ts';

// x: 0123456
//    #######   y0  a rat at (2,1), a spike trap at (4,1)
//    #.r.^.#   y1
//    #=@.C.#   y2  ice at (1,2), the hero at (2,2), a chest at (4,2) (floor beneath it)
//    #.'.k>#   y3  an open door at (2,3), a dead kobold at (4,3), stairs down at (5,3)
//    #######   y4
const MIXED = ['#######', '#.r.^.#', '#=@.C.#', "#.'.k>#", '#######'];
const mixed = () => scenario({ ruleset: 'test', map: MIXED, traps: [{ kind: 'spike' }], monsters: [{}, { alive: false }] });

// A 5x5 room of plain floor, the hero in the middle at (3,3).
const ROOM = ['#######', '#.....#', '#.....#', '#..@..#', '#.....#', '#.....#', '#######'];
const room = () => scenario({ ruleset: 'test', map: ROOM });
const anything = () => true;

describe('the free-cell tests', () => {
  it("Cēaptūn's teleport targets: plain floor, no living actor, no chest, no trap, not the teleported one's cell, by rows", () => {
    const w = mixed();
    const hero = w.actors.find((a) => a.id === w.playerId)!;
    const teleport = (except: readonly [number, number]) => freeCells(w, { terrain: plainFloor, noActor: true, noChest: true, noTrap: true, except });
    // Not the rat (2,1), the trap (4,1), the hero (2,2), the chest (4,2); not ice, the door or the
    // stairs. The dead kobold's cell (4,3) is free.
    expect(teleport([hero.x, hero.y])).toEqual([
      [1, 1],
      [3, 1],
      [5, 1],
      [3, 2],
      [5, 2],
      [1, 3],
      [3, 3],
      [4, 3],
    ]);
    // `except` takes its cell out whatever stands there: an empty floor cell too.
    expect(teleport([3, 2])).toEqual([
      [1, 1],
      [3, 1],
      [5, 1],
      [5, 2],
      [1, 3],
      [3, 3],
      [4, 3],
    ]);
  });

  it('walkable terrain by default (ice, open doors, stairs); only the tests asked for are asked', () => {
    const w = mixed();
    expect(freeCells(w, { noActor: true, noChest: true })).toEqual([
      [1, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [1, 2],
      [3, 2],
      [5, 2],
      [1, 3],
      [2, 3],
      [3, 3],
      [4, 3],
      [5, 3],
    ]);
    // No test but the terrain: the rat's, the hero's and the chest's cells too.
    expect(freeCells(w, {})).toHaveLength(15);
    expect(freeCells(w, { noChest: true })).toHaveLength(14);
  });

  it("the mover's own cell does not count as taken; another's does", () => {
    const w = mixed();
    const tests = { terrain: plainFloor, noActor: true, mover: w.playerId };
    expect(isFreeCell(w, 2, 2, tests)).toBe(true);
    expect(isFreeCell(w, 2, 1, tests)).toBe(false);
    expect(isFreeCell(w, 2, 2, { terrain: plainFloor, noActor: true })).toBe(false);
  });

  it("a trap test as a function refuses only the traps it picks out (the cell's first trap)", () => {
    // x: 0123456;  a spike trap at (2,1), an alarm trap at (4,1).
    const w = scenario({ ruleset: 'test', map: ['#######', '#.^.^.#', '#.@...#', '#######'], traps: [{ kind: 'spike' }, { kind: 'alarm' }] });
    const row1 = (noTrap: Parameters<typeof freeCells>[1]['noTrap']) => freeCells(w, { noTrap, near: { x: 3, y: 1, radius: 2 } }).filter(([, y]) => y === 1);
    expect(row1((t) => t.kind === 'spike')).toEqual([
      [1, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(row1(true)).toEqual([
      [1, 1],
      [3, 1],
      [5, 1],
    ]);
    expect(row1(false)).toHaveLength(5);
  });

  it('isFreeCell: nothing outside the map is free, whatever the tests', () => {
    const w = room();
    for (const [x, y] of [
      [-1, 3],
      [3, -1],
      [7, 3],
      [3, 7],
    ] as const)
      expect(isFreeCell(w, x, y, { terrain: anything })).toBe(false);
    expect(isFreeCell(w, 0, 0, { terrain: anything })).toBe(true);
  });
});

describe('the regions and orders', () => {
  it('rows over the square around a centre', () => {
    expect(freeCells(room(), { near: { x: 3, y: 3, radius: 1 } })).toEqual([
      [2, 2],
      [3, 2],
      [4, 2],
      [2, 3],
      [3, 3],
      [4, 3],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('spiral: the centre, then each ring clockwise from north (ring 1 is DIRECTIONS)', () => {
    const w = room();
    expect(freeCells(w, { near: { x: 3, y: 3, radius: 1 }, order: 'spiral' })).toEqual([
      [3, 3],
      [3, 2],
      [4, 2],
      [4, 3],
      [4, 4],
      [3, 4],
      [2, 4],
      [2, 3],
      [2, 2],
    ]);
    const ring2 = freeCells(w, { near: { x: 3, y: 3, radius: 2 }, order: 'spiral' }).slice(9);
    expect(ring2).toEqual([
      [3, 1],
      [4, 1],
      [5, 1],
      [5, 2],
      [5, 3],
      [5, 4],
      [5, 5],
      [4, 5],
      [3, 5],
      [2, 5],
      [1, 5],
      [1, 4],
      [1, 3],
      [1, 2],
      [1, 1],
      [2, 1],
    ]);
  });

  it('distance: the centre, then each ring by rows', () => {
    const cells = freeCells(room(), { near: { x: 3, y: 3, radius: 2 }, order: 'distance' });
    expect(cells.slice(0, 9)).toEqual([
      [3, 3],
      [2, 2],
      [3, 2],
      [4, 2],
      [2, 3],
      [4, 3],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
    expect(cells.slice(9, 14)).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(cells.slice(14, 16)).toEqual([
      [1, 2],
      [5, 2],
    ]);
    expect(cells.slice(-5)).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
    expect(cells).toHaveLength(25);
  });

  it('distance with no radius: the whole map, the same as sorting its rows by distance (a stable sort)', () => {
    const w = mixed();
    const tests = { terrain: plainFloor, noActor: true, noChest: true };
    const byRows = freeCells(w, tests);
    const sorted = [...byRows].sort((a, b) => chebyshev(a[0], a[1], 5, 3) - chebyshev(b[0], b[1], 5, 3));
    expect(freeCells(w, { ...tests, near: { x: 5, y: 3 }, order: 'distance' })).toEqual(sorted);
    // By hand, from the stairs (5,3): (5,2) and (4,3) at 1, by rows; then (3,1), (4,1) (a trap is
    // no matter here), (5,1), (3,2), (3,3) at 2; then (1,1) and (1,3) at 4.
    expect(sorted).toEqual([
      [5, 2],
      [4, 3],
      [3, 1],
      [4, 1],
      [5, 1],
      [3, 2],
      [3, 3],
      [1, 1],
      [1, 3],
    ]);
  });

  it('cells off the map are never returned, even where every terrain would do', () => {
    const w = room();
    expect(freeCells(w, { terrain: anything, near: { x: 0, y: 0, radius: 1 }, order: 'spiral' })).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
    expect(freeCells(w, { terrain: anything, near: { x: 6, y: 6, radius: 1 } })).toEqual([
      [5, 5],
      [6, 5],
      [5, 6],
      [6, 6],
    ]);
    expect(freeCells(w, { terrain: anything })).toHaveLength(49);
  });
});

describe('the nearest free cell', () => {
  it('the first of the distance order: nearest, then by rows; null when none is within the radius', () => {
    const w = mixed();
    const tests = { terrain: plainFloor, noActor: true, noChest: true };
    // From the hero (2,2): (1,1) and (3,1), (3,2), (1,3), (3,3) are at 1; (1,1) is first by rows.
    expect(nearestFreeCell(w, 2, 2, tests)).toEqual([1, 1]);
    // From (5,3) (the stairs): (5,2) at 1 before (4,3).
    expect(nearestFreeCell(w, 5, 3, tests)).toEqual([5, 2]);
    // On the trap (4,1): its own cell unless traps count; else (3,1), first of ring 1 by rows.
    expect(nearestFreeCell(w, 4, 1, tests)).toEqual([4, 1]);
    expect(nearestFreeCell(w, 4, 1, { ...tests, noTrap: true })).toEqual([3, 1]);
    expect(nearestFreeCell(w, 2, 2, { terrain: (t) => t === 99 })).toBeNull();
    // Radius 0: the centre only (the stairs are not plain floor; the dead kobold's cell is free).
    expect(nearestFreeCell(w, 5, 3, { ...tests, radius: 0 })).toBeNull();
    expect(nearestFreeCell(w, 4, 3, { ...tests, radius: 0 })).toEqual([4, 3]);
  });
});
