import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, type Action } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { scenario } from '../support/scenario.ts';
import { cloneWorld, DIRECTIONS, deserializeWorld, idx, isWalkable, serializeWorld, type World } from '../../src/core/world.ts';
import { applyEvents } from '../../src/core/level.ts';
import { everyActionFor, furnish } from '../support/everyAction.ts';

function checkInvariants(w: World): void {
  const cells = new Set<number>();
  for (const a of w.actors) {
    if (!a.alive) continue;
    expect(Number.isNaN(a.hp)).toBe(false);
    expect(isWalkable(w.terrain[idx(w, a.x, a.y)]!)).toBe(true);
    const i = idx(w, a.x, a.y);
    expect(cells.has(i)).toBe(false);
    cells.add(i);
  }
  const trapCells = new Set<string>();
  for (const t of w.traps) {
    const key = `${t.x},${t.y},${t.host.kind}`;
    expect(trapCells.has(key)).toBe(false);
    trapCells.add(key);
  }
}

describe('the engine', () => {
  it('properties over random sequences of every action: invariants hold and events replayed onto the old world give the new world', () => {
    const played = new Set<string>();
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 60 }), (seed, numbers) => {
        const w = newGame({ seed, ruleset: 'test', width: 40, height: 25 });
        furnish(w);
        for (const n of numbers) {
          const before = cloneWorld(w);
          const a = everyActionFor(w, n);
          played.add(a.type);
          const r = step(w, a);
          checkInvariants(w);
          applyEvents(before, r.events);
          expect(serializeWorld(before)).toBe(serializeWorld(w));
          if (w.over) break;
        }
      }),
      { numRuns: 25, seed: 7 },
    );
    expect([...played].sort()).toEqual([...ACTION_TYPES].sort());
  });

  it('determinism: same seed and actions give the identical world; save mid-game, load, continue gives the same end', () => {
    const actions: Action[] = [];
    for (let i = 0; i < 300; i++) {
      const d = DIRECTIONS[(i * 7 + (i >> 3)) % 8]!;
      actions.push(i % 17 === 0 ? { type: 'search' } : { type: 'move', dx: d[0], dy: d[1], confirm: true });
    }
    const run = (from: World, list: Action[]) => {
      for (const a of list) if (!from.over) step(from, a);
      return from;
    };
    const a = run(newGame({ seed: 'det', ruleset: 'test' }), actions);
    const b = run(newGame({ seed: 'det', ruleset: 'test' }), actions);
    expect(serializeWorld(a)).toBe(serializeWorld(b));
    const half = run(newGame({ seed: 'det', ruleset: 'test' }), actions.slice(0, 150));
    const resumed = run(deserializeWorld(serializeWorld(half)), actions.slice(150));
    expect(serializeWorld(resumed)).toBe(serializeWorld(a));
  });

  it('going down the stairs, a game kept in memory plays on as one saved and loaded before every step', () => {
    // The new level brings new actors: the turn order kept between steps must start over.
    const straight = scenario({ ruleset: 'test', map: ['#######', '#@>..g#', '#.....#', '#######'] });
    let reloaded = deserializeWorld(serializeWorld(straight));
    const actions: Action[] = [{ type: 'move', dx: 1, dy: 0 }, { type: 'descend' }];
    for (let i = 0; i < 60; i++) actions.push(i % 5 === 0 ? { type: 'wait' } : { type: 'move', dx: DIRECTIONS[i % 8]![0], dy: DIRECTIONS[i % 8]![1], confirm: true });
    for (const action of actions) {
      if (straight.over) break;
      step(straight, action);
      step(reloaded, action);
      expect(serializeWorld(reloaded)).toBe(serializeWorld(straight));
      reloaded = deserializeWorld(serializeWorld(reloaded));
    }
    expect(straight.depth).toBe(2);
    expect(straight.actors.filter((a) => a.alive && a.faction === 'hostile').length).toBeGreaterThan(0);
  });

  it('an impossible action is refused with a reason and costs no time', () => {
    const w = newGame({ seed: 'walls', ruleset: 'test' });
    const text = serializeWorld(w);
    const r = step(w, { type: 'descend' });
    expect(r.refused).toBe('There are no stairs down here.');
    expect(serializeWorld(w)).toBe(text);
  });

  it('monsters take turns: the clock runs and monsters move while the player waits', () => {
    const w = newGame({ seed: 'monsters', ruleset: 'test', settings: { monsters: 10 } });
    const start = w.actors.filter((a) => a.faction === 'hostile').map((a) => `${a.x},${a.y}`);
    for (let i = 0; i < 20; i++) step(w, { type: 'wait' });
    expect(w.turn).toBe(20);
    expect(w.time).toBeGreaterThanOrEqual(2000);
    const now = w.actors.filter((a) => a.faction === 'hostile').map((a) => `${a.x},${a.y}`);
    expect(now).not.toEqual(start);
  });
});

describe('stepping onto items', () => {
  it('the player is told what lies where it steps, and nothing on a bare cell', async () => {
    const { scenario } = await import('../support/scenario.ts');
    const w = scenario({ ruleset: 'test', map: ['######', '#@...#', '######'] });
    w.items.push({ id: 90, kind: 'key', name: 'key', count: 1, x: 2, y: 1 }, { id: 91, kind: 'arrow', name: 'arrow', count: 3, x: 2, y: 1 }, { id: 92, kind: 'orb', name: 'orb', count: 1, x: 3, y: 1 });
    const said = (a: Action) => step(w, a).events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
    expect(said({ type: 'move', dx: 1, dy: 0 })).toContain('You see a key and 3 arrows here.');
    expect(said({ type: 'move', dx: 1, dy: 0 })).toContain('You see an orb here.');
    expect(said({ type: 'move', dx: 1, dy: 0 }).some((t) => t.startsWith('You see'))).toBe(false);
  });
});

describe('the words of a death by a monster', () => {
  it('take the article the name needs: "killed by an orc"', async () => {
    const { scenario } = await import('../support/scenario.ts');
    const { StepContext } = await import('../../src/core/context.ts');
    const { attack } = await import('../../src/core/engine.ts');
    const w = scenario({ ruleset: 'test', map: ['#####', '#@o.#', '#####'], player: { hp: 1 } });
    const orc = w.actors.find((a) => a.id !== w.playerId)!;
    orc.name = 'orc';
    orc.melee = { n: 1, sides: 1, bonus: 5 };
    // Attack until a blow lands (a blow hits three times in four).
    for (let i = 0; i < 50 && !w.over; i++) attack(new StepContext(w), orc, w.actors.find((a) => a.id === w.playerId)!);
    expect(w.over?.cause).toBe('Killed by an orc');
  });
});

describe('chests', () => {
  it('say what was inside in plain words: counts, plurals and articles', async () => {
    const { scenario } = await import('../support/scenario.ts');
    const items = [
      { id: 80, kind: 'gold', name: 'gold coins', count: 29, x: -1, y: -1 },
      { id: 81, kind: 'arrow', name: 'arrow', count: 1, x: -1, y: -1 },
      { id: 82, kind: 'key', name: 'iron key', count: 1, x: -1, y: -1 },
    ];
    const w = scenario({ ruleset: 'test', map: ['#####', '#@C.#', '#####'], chestItems: [items] });
    const said = step(w, { type: 'open', dx: 1, dy: 0 }).events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
    expect(said).toContain('You open the chest: 29 gold coins, an arrow and an iron key.');
  });

  it('a chest trap that kills the one opening it ends the action: nothing is opened or taken', async () => {
    const { scenario } = await import('../support/scenario.ts');
    const item = { id: 80, kind: 'arrow', name: 'arrow', count: 3, x: -1, y: -1 };
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'dart', host: 'chest', known: true }], chestItems: [[item]], player: { hp: 1 } });
    const events = step(w, { type: 'open', dx: 1, dy: 0 }).events;
    expect(w.over?.cause).toBe('Killed by a dart trap');
    expect(events.some((e) => e.type === 'chestChanged')).toBe(false);
    expect(w.actors.find((a) => a.id === w.playerId)!.inventory.some((i) => i.kind === 'arrow')).toBe(false);
  });
});

describe('winning', () => {
  it('going down from the last level wins, named by the depth the player was on', async () => {
    const { scenario } = await import('../support/scenario.ts');
    const w = scenario({ ruleset: 'test', map: ['#####', '#@>.#', '#####'], settings: { goalDepth: 1 } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    step(w, { type: 'descend' });
    expect(w.over).toMatchObject({ won: true, cause: 'Reached the bottom of the dungeon at depth 1' });
    expect(w.depth).toBe(1);
  });
});
