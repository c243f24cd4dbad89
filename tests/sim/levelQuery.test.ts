/**
 * The level predicate language of `trapsmith seeds --where`, over facts built by hand (so each
 * expected answer is counted here, not by the code under test), and its messages for bad input.
 */
import { describe, expect, it } from 'vitest';
import type { LevelFacts, TrapFacts } from '../../src/core/levelFacts.ts';
import { parseLevelQuery, QueryError } from '../../src/sim/levelQuery.ts';

function trap(id: number, kind: string, room: number | null, more: Partial<TrapFacts> = {}): TrapFacts {
  return { id, kind, name: `${kind} trap`, x: id, y: 1, host: 'floor', known: false, room, corridor: room === null, ...more };
}

const FACTS: LevelFacts = {
  format: 'trapsmith-level',
  version: 1,
  ruleset: 'ceaptun',
  seed: '7',
  depth: 3,
  width: 80,
  height: 40,
  style: 'rooms',
  level: { danger: 12, tier: 3 },
  rooms: [
    { id: 0, x1: 1, y1: 1, x2: 5, y2: 3 },
    { id: 1, x1: 10, y1: 1, x2: 12, y2: 9 },
  ],
  doors: [
    { x: 6, y: 2, state: 'closed', trapped: true },
    { x: 9, y: 2, state: 'locked', trapped: false },
    { x: 9, y: 5, state: 'open', trapped: true },
  ],
  stairs: { up: [2, 2], down: [11, 8] },
  chests: [{ x: 3, y: 3, locked: true, trapped: false, room: 0 }],
  traps: [trap(1, 'fireball', 0), trap(2, 'fireball', 0), trap(3, 'fireball', 1), trap(4, 'pit', null, { known: true }), trap(5, 'fireball', 0), trap(6, 'pit', 1, { host: 'door', corridor: false })],
  monsters: Array.from({ length: 4 }, (_, i) => ({ id: 20 + i, kind: i < 3 ? 'rat' : 'orc', name: i < 3 ? 'rat' : 'orc', x: 11, y: 2 + i, room: 1 })),
  player: { x: 2, y: 2, hp: 20 },
};

const holds = (expr: string, facts: LevelFacts = FACTS) => parseLevelQuery(expr).test(facts);

describe('the level predicate language', () => {
  it('counts with grouping: three fireball traps share room 0, not four; one pit in each place', () => {
    expect(holds('count(trap.kind = "fireball" and trap.room = same) >= 3')).toBe(true);
    expect(holds('count(trap.kind = "fireball" and trap.room = same) >= 4')).toBe(false);
    expect(holds('count(trap.kind = "fireball") = 4')).toBe(true);
    // The pit on the corridor has room null: a group of nulls is not counted.
    expect(holds('count(trap.kind = "pit" and trap.room = same) = 1')).toBe(true);
  });

  it('a singular thing outside count holds for some one of them', () => {
    expect(holds('trap.kind = "pit" and trap.corridor')).toBe(true);
    // No single trap is both a fireball and on the corridor.
    expect(holds('trap.kind = "fireball" and trap.corridor')).toBe(false);
    expect(holds('trap.kind = "pit" and trap.host = "door"')).toBe(true);
    expect(holds('trap.known and trap.kind = "fireball"')).toBe(false);
    expect(holds('room.height > 5')).toBe(true);
    expect(holds('room.width > 5')).toBe(false);
  });

  it('plurals count, plural.FIELD counts those with it; level, player and and/or/not', () => {
    expect(holds('doors.trapped >= 2')).toBe(true);
    expect(holds('doors.trapped >= 3')).toBe(false);
    expect(holds('monsters >= 4 and monsters < 5')).toBe(true);
    expect(holds('count(monster.kind = "orc") = 1')).toBe(true);
    expect(holds('level.danger >= 10 and depth = 3 and style = "rooms" and player.hp = 20')).toBe(true);
    expect(holds('not (level.danger >= 10) or chests.locked = 2')).toBe(false);
    expect(holds('traps.known = 1 and rooms = 2 and chests = 1')).toBe(true);
    expect(holds('level.nothing = null')).toBe(true);
    expect(holds('count(door.state = "locked") = 1 and not count(door.state = "secret")')).toBe(true);
  });

  it('a bad expression names the token and its column', () => {
    const cases: Array<[string, RegExp]> = [
      ['count(trap.kind = ) >= 3', /at column 19: expected a value .* got "\)"/],
      ['trap.colour = "red"', /at column 1: expected a field of a trap \(id, kind, name, x, y, host, known, hidden, room, corridor\), got "trap.colour"/],
      ['traps >= 2 and', /at column 15: expected a value .* got the end/],
      ['trap.kind = "pit" and door.trapped', /at column 23: expected trap fields only .* one kind of thing per count or predicate/],
      ['trap.room = same', /at column 13: expected same only inside count/],
      ['count(trap.room = same or trap.kind = "pit") > 1', /expected same once in a count, joined to the rest by and/],
      ['count(traps > 1)', /expected a count of traps, doors, chests, monsters or rooms/],
      ['monsters >= 10 ]', /at column 16: unexpected "\]"/],
      ['constructor', /at column 1: expected a name/],
      ['__proto__.x = 1', /at column 1: expected a name/],
      ['trap.kind = "pit" trap.corridor', /at column 19: expected and, or, or the end/],
    ];
    for (const [expr, message] of cases) {
      expect(() => parseLevelQuery(expr), expr).toThrow(QueryError);
      expect(() => parseLevelQuery(expr), expr).toThrow(message);
    }
    expect(() => parseLevelQuery('x'.repeat(2001))).toThrow(/at most 2000/);
  });
});
