/**
 * The world's lookups against the plain scans they stand for. `trapAt` reads an index kept per
 * traps array: it must agree with "the first trap in list order on that cell" whatever the events
 * did to the traps (placed, removed, moved, changed) and for every cell, on or off the map.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { emptyWorld, type Trap, type World } from '../../src/core/world.ts';
import { initialStreams } from '../../src/core/rng.ts';
import { scenario } from '../support/scenario.ts';
import '../support/testRuleset.ts';
import { applyEvent, levelOf, trapAt } from '../../src/core/level.ts';

const W = 7;
const H = 5;

function trap(id: number, x: number, y: number): Trap {
  return { id, kind: 'dart', x, y, host: { kind: 'floor' }, charges: -1, owner: null, knownBy: [], armed: true, data: {} };
}

function scan(world: World, x: number, y: number): Trap | undefined {
  return world.traps.find((t) => t.x === x && t.y === y);
}

type TrapChange =
  | { kind: 'place'; x: number; y: number }
  | { kind: 'stack'; which: number }
  | { kind: 'remove'; which: number }
  | { kind: 'move'; which: number; x: number; y: number }
  | { kind: 'data'; which: number };

// Coordinates a little past the edges too: a trap off the map must never answer for a cell on it.
const coord = (n: number) => fc.integer({ min: -1, max: n });
const changeArb: fc.Arbitrary<TrapChange> = fc.oneof(
  fc.record({ kind: fc.constant('place' as const), x: coord(W), y: coord(H) }),
  // A second trap on a cell that has one: the first in list order answers.
  fc.record({ kind: fc.constant('stack' as const), which: fc.nat(20) }),
  fc.record({ kind: fc.constant('remove' as const), which: fc.nat(20) }),
  fc.record({ kind: fc.constant('move' as const), which: fc.nat(20), x: coord(W), y: coord(H) }),
  fc.record({ kind: fc.constant('data' as const), which: fc.nat(20) }),
);

describe('the world', () => {
  it('trapAt gives the first trap in list order on a cell, through any trap events, on and off the map', () => {
    const template = scenario({ ruleset: 'test', map: ['#######', '#@....#', '#.....#', '#.....#', '#######'] });
    fc.assert(
      fc.property(fc.array(changeArb, { maxLength: 40 }), (changes) => {
        const world = emptyWorld({ ...template, rng: initialStreams('traps') });
        let nextId = 100;
        for (const change of changes) {
          const target = change.kind === 'place' ? undefined : world.traps[change.which % Math.max(1, world.traps.length)];
          if (change.kind === 'place') applyEvent(world, { type: 'trapPlaced', trap: trap(nextId++, change.x, change.y) });
          else if (target && change.kind === 'stack') applyEvent(world, { type: 'trapPlaced', trap: trap(nextId++, target.x, target.y) });
          else if (target && change.kind === 'remove') applyEvent(world, { type: 'trapRemoved', trap: target.id, kind: target.kind, why: 'disarmed' });
          else if (target && change.kind === 'move') applyEvent(world, { type: 'trapChanged', trap: target.id, changes: { x: change.x, y: change.y } });
          else if (target && change.kind === 'data') applyEvent(world, { type: 'trapChanged', trap: target.id, changes: { armed: false, data: { n: 1 } } });
          for (let y = -1; y <= H; y++)
            for (let x = -1; x <= W; x++) {
              const onMap = x >= 0 && y >= 0 && x < W && y < H;
              // Ids name the trap (the lookup hands out a read-only view of it under the write guard).
              expect(trapAt(world, x, y)?.id).toBe(onMap ? scan(world, x, y)?.id : undefined);
            }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('trapChanged merges data key by key and copies objects, so the world shares nothing with the event', () => {
    const world = emptyWorld({ ...scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] }), rng: initialStreams('traps') });
    applyEvent(world, { type: 'trapPlaced', trap: { ...trap(7, 2, 1), data: { rearmIn: 3, name: 'old' } } });
    const knownBy = [1];
    const host = { kind: 'floor' as const };
    const ev = { type: 'trapChanged' as const, trap: 7, changes: { armed: false, knownBy, host, data: { rearmIn: 2 } } };
    applyEvent(world, ev);
    const t = world.traps[0]!;
    expect(t).toMatchObject({ armed: false, knownBy: [1], host: { kind: 'floor' }, data: { rearmIn: 2, name: 'old' } });
    knownBy.push(2);
    expect(t.knownBy).toEqual([1]);
    expect(t.host).not.toBe(host);
    // A change of data alone leaves every other field as it was.
    applyEvent(world, { type: 'trapChanged', trap: 7, changes: { data: { name: 'new' } } });
    expect(world.traps[0]).toMatchObject({ armed: false, knownBy: [1], data: { rearmIn: 2, name: 'new' } });
  });

  it("the level's count of trap changes moves with every trap event and with nothing else", () => {
    const world = emptyWorld({ ...scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] }), rng: initialStreams('traps') });
    let last = levelOf(world).trapChanges;
    const moved = (ev: GameEvent): boolean => {
      applyEvent(world, ev);
      const now = levelOf(world).trapChanges;
      const changed = now !== last;
      last = now;
      return changed;
    };
    expect(moved({ type: 'trapPlaced', trap: trap(7, 2, 1) })).toBe(true);
    expect(moved({ type: 'trapChanged', trap: 7, changes: { data: { n: 1 } } })).toBe(true);
    expect(moved({ type: 'trapRevealed', trap: 7, kind: 'dart', to: 1, how: 'search' })).toBe(true);
    expect(moved({ type: 'clock', time: 5, turn: 1 })).toBe(false);
    expect(moved({ type: 'message', text: 'hello', tone: 'info' })).toBe(false);
    expect(moved({ type: 'trapRemoved', trap: 7, kind: 'dart', why: 'disarmed' })).toBe(true);
  });
});
