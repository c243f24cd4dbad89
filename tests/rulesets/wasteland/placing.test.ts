/**
 * Placing traps: within 1 cell (diagonals count), not across an obstacle, on a free cell (no hero,
 * tower, pond or other trap), as the hero's only action that turn, from the traps the hero carries.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { scenario } from '../../support/scenario.ts';
import { ALL_SKULLS, ofType } from './helpers.ts';
import { player } from '../../../src/core/level.ts';

const ruleset = getRuleset('wasteland');

function count(kind: string, w: ReturnType<typeof scenario>): number {
  return player(w).inventory.filter((i) => i.kind === kind).reduce((n, i) => n + i.count, 0);
}

describe('wasteland: placing traps', () => {
  it('the hero starts with traps to place (2 caltrops, 1 bear trap, 1 mine) and no detector', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['####', '#@.#', '####'] });
    expect(count('caltrops', w)).toBe(2);
    expect(count('bear_trap', w)).toBe(1);
    expect(count('mine', w)).toBe(1);
    expect(count('detector', w)).toBe(0);
    expect(ruleset.rigOptions(w, player(w)).map((o) => [o.id, o.available])).toEqual([
      ['caltrops', true],
      ['bear_trap', true],
      ['mine', true],
    ]);
  });

  it('places a carried trap on a diagonal neighbour; it is the only action of the turn', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['#####', '#@..#', '#...#', '#####'] });
    const r = step(w, { type: 'rig', what: 'caltrops', dx: 1, dy: 1 });
    expect(r.refused).toBeUndefined();
    expect(w.traps).toHaveLength(1);
    expect(w.traps[0]).toMatchObject({ kind: 'caltrops', x: 2, y: 2, owner: 1 });
    expect(w.traps[0]!.knownBy).toContain(1);
    expect(count('caltrops', w)).toBe(1);
    expect(ofType(r.events, 'rigAttempted')[0]).toMatchObject({ result: 'placed' });
    expect(player(w).nextAct).toBe(100);
    // The last mine leaves the pack.
    step(w, { type: 'rig', what: 'mine', dx: 1, dy: 0 });
    expect(count('mine', w)).toBe(0);
    const mine = ruleset.rigOptions(w, player(w)).find((o) => o.id === 'mine')!;
    expect(mine.available).toBe(false);
    expect(step(w, { type: 'rig', what: 'mine', dx: 0, dy: 1 }).refused).toBe('You carry no mine.');
  });

  it('not after another action in the same turn', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['######', '#@...#', '######'] });
    step(w, { type: 'move', dx: 1, dy: 0 });
    const r = step(w, { type: 'rig', what: 'caltrops', dx: 1, dy: 0 });
    expect(r.refused).toMatch(/only action this turn/);
    expect(w.traps).toHaveLength(0);
    expect(w.time).toBe(50);
  });

  it('not across an obstacle on a diagonal', () => {
    // The wall at (2,1) stands between the hero at (1,1) and the cell (2,2).
    const w = scenario({ ruleset: 'wasteland', map: ['#####', '#@#.#', '#...#', '#####'] });
    const r = step(w, { type: 'rig', what: 'caltrops', dx: 1, dy: 1 });
    expect(r.refused).toBe('A trap may not be placed across an obstacle.');
    expect(w.traps).toHaveLength(0);
    // Straight down there is nothing in between.
    expect(step(w, { type: 'rig', what: 'caltrops', dx: 0, dy: 1 }).refused).toBeUndefined();
  });

  it('only on a free cell: not on a hero, the stairs (tower), a pond, another trap, a wall, a doorway or the own cell', () => {
    const w = scenario({
      ruleset: 'wasteland',
      map: ['#####', "#~>'#", '#@^g#', '#...#', '#####'],
      traps: [{ kind: 'mine', known: true }],
      sleepingMonsters: true,
    });
    const refused = (dx: number, dy: number) => step(w, { type: 'rig', what: 'caltrops', dx, dy }).refused;
    expect(refused(0, -1)).toBe('No trap may go in a pond.');
    expect(refused(1, -1)).toBe('No trap may go on the stairs.');
    expect(refused(1, 0)).toBe('There is already a trap there.');
    expect(refused(-1, 0)).toMatch(/stone wall/);
    expect(refused(0, 0)).toMatch(/own cell/);
    expect(w.time).toBe(0);
    expect(w.traps).toHaveLength(1);
    // A hero (the kobold stands two cells away, so move the hero next to it first) and a doorway.
    const w2 = scenario({ ruleset: 'wasteland', map: ["#'##", '#@g#', '####'], sleepingMonsters: true });
    expect(step(w2, { type: 'rig', what: 'caltrops', dx: 1, dy: 0 }).refused).toBe('No trap may go where a hero stands.');
    expect(step(w2, { type: 'rig', what: 'caltrops', dx: 0, dy: -1 }).refused).toMatch(/doorways/);
  });

  it('placing onto a trap the hero did not know of finds it instead; the turn is spent, the trap kept', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'bear_trap' }], settings: { trapsVisible: false } });
    const r = step(w, { type: 'rig', what: 'caltrops', dx: 1, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(ofType(r.events, 'rigAttempted')[0]).toMatchObject({ result: 'occupied' });
    expect(w.traps).toHaveLength(1);
    expect(w.traps[0]!.knownBy).toContain(1);
    expect(count('caltrops', w)).toBe(2);
    expect(player(w).nextAct).toBe(100);
  });

  it('a placed trap catches a monster that walks onto it', () => {
    const w = scenario({
      ruleset: 'wasteland',
      map: ['#########', '#@.....g#', '#########'],
      settings: { ...ALL_SKULLS, trapsVisible: false },
    });
    const goblin = w.actors.find((a) => a.kind === 'goblin')!;
    const hp = goblin.hp;
    step(w, { type: 'rig', what: 'mine', dx: 1, dy: 0 });
    const events = [];
    for (let i = 0; i < 8 && w.traps.length > 0; i++) events.push(...step(w, { type: 'wait' }).events);
    expect(ofType(events, 'trapTriggered')[0]).toMatchObject({ actor: goblin.id, kind: 'mine' });
    expect(goblin.hp).toBeLessThanOrEqual(hp - 3);
    // The hero stood next to its own mine and is caught in the blast too.
    expect(ofType(events, 'damaged').some((e) => e.actor === 1 && e.trapKind === 'mine')).toBe(true);
  });
});
