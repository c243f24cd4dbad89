/**
 * Entering a trapped cell, on small maps: one die (a skull springs the trap, removes it and ends the
 * hero's turn), no roll with a detector, monsters through the same path, and the traps' effects.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { scenario } from '../../support/scenario.ts';
import { ALL_BLANKS, ALL_SKULLS, messages, ofType } from './helpers.ts';
import { player } from '../../../src/core/level.ts';

const CORRIDOR = ['#######', '#@^...#', '#######'];

describe('wasteland: entering a trapped cell', () => {
  it('a skull springs the trap: damage, the trap leaves the board, the rest of the turn is lost', () => {
    const w = scenario({ ruleset: 'wasteland', map: CORRIDOR, traps: [{ kind: 'bear_trap' }], settings: ALL_SKULLS });
    const hp = player(w).hp;
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(player(w).x).toBe(2);
    expect(player(w).hp).toBe(hp - 2);
    expect(w.traps).toHaveLength(0);
    expect(ofType(r.events, 'trapTriggered')[0]).toMatchObject({ kind: 'bear_trap', actor: 1, how: 'step' });
    expect(ofType(r.events, 'trapRemoved')[0]).toMatchObject({ why: 'sprung' });
    // Two actions a turn: a plain move would take half the turn (50 ticks); the skull takes all of it.
    expect(player(w).nextAct).toBe(100);
    expect(messages(r.events).join(' ')).toMatch(/skull/);
  });

  it('no skull: the trap stays and the hero acts on (a second action in the same turn)', () => {
    const w = scenario({ ruleset: 'wasteland', map: CORRIDOR, traps: [{ kind: 'mine' }], settings: ALL_BLANKS });
    const hp = player(w).hp;
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).hp).toBe(hp);
    expect(w.traps).toHaveLength(1);
    expect(ofType(r.events, 'trapAvoided')).toHaveLength(1);
    expect(player(w).nextAct).toBe(50);
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).nextAct).toBe(100);
    expect(w.traps).toHaveLength(1);
  });

  it('with a detector in the pack there is no roll at all', () => {
    const w = scenario({ ruleset: 'wasteland', map: CORRIDOR, traps: [{ kind: 'mine' }], settings: { ...ALL_SKULLS, heroDetector: true } });
    const hp = player(w).hp;
    const trapsStream = JSON.stringify(w.rng.traps);
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(2);
    expect(player(w).hp).toBe(hp);
    expect(w.traps).toHaveLength(1);
    expect(ofType(r.events, 'trapAvoided')).toHaveLength(1);
    expect(ofType(r.events, 'trapTriggered')).toHaveLength(0);
    // Nothing was drawn from the trap stream: no die was rolled.
    expect(JSON.stringify(w.rng.traps)).toBe(trapsStream);
    expect(player(w).nextAct).toBe(50);
  });

  it('a detector given as a scenario item works the same (the pack, not the setting, counts)', () => {
    const w = scenario({
      ruleset: 'wasteland',
      map: CORRIDOR,
      traps: [{ kind: 'caltrops' }],
      settings: ALL_SKULLS,
      player: { inventory: [{ id: 500, kind: 'detector', name: 'detector', count: 1, x: -1, y: -1 }] },
    });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(w.traps).toHaveLength(1);
  });

  it('caltrops: 1 damage and one action fewer in the next turn', () => {
    const w = scenario({ ruleset: 'wasteland', map: CORRIDOR, traps: [{ kind: 'caltrops' }], settings: ALL_SKULLS });
    const hp = player(w).hp;
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).hp).toBe(hp - 1);
    expect(player(w).nextAct).toBe(100);
    // Next turn: one of the two actions is lost, so the first action ends the turn.
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(3);
    expect(player(w).nextAct).toBe(200);
    // The turn after: both actions again.
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).nextAct).toBe(250);
  });

  it('caltrops cost a hero with one action a whole turn', () => {
    const w = scenario({ ruleset: 'wasteland', map: CORRIDOR, traps: [{ kind: 'caltrops' }], settings: { ...ALL_SKULLS, heroActions: 1 } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    // Turn 0 ends with the caltrops, turn 1 is lost: the hero acts again at the start of turn 2.
    expect(w.time).toBe(200);
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(3);
    expect(player(w).nextAct).toBe(300);
  });

  it('bear trap: 2 damage and held fast for the next turn (moves are spent struggling), free the turn after', () => {
    const w = scenario({ ruleset: 'wasteland', map: CORRIDOR, traps: [{ kind: 'bear_trap' }], settings: ALL_SKULLS });
    step(w, { type: 'move', dx: 1, dy: 0 });
    const r1 = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(messages(r1.events)).toContain('You struggle to get free.');
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(2);
    expect(w.time).toBe(200);
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(3);
  });

  it('the hold ends after one turn even when the hero never tried to move', () => {
    const w = scenario({ ruleset: 'wasteland', map: CORRIDOR, traps: [{ kind: 'bear_trap' }], settings: ALL_SKULLS });
    step(w, { type: 'move', dx: 1, dy: 0 });
    step(w, { type: 'wait' });
    step(w, { type: 'wait' });
    expect(w.time).toBe(200);
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(3);
  });

  it('mine: 3 damage to everyone within 1 cell, diagonals included, and no one further', () => {
    const w = scenario({
      ruleset: 'wasteland',
      map: ['########', '#@^.r..#', '#..k...#', '########'],
      traps: [{ kind: 'mine' }],
      settings: ALL_SKULLS,
      sleepingMonsters: true,
    });
    const rat = w.actors.find((a) => a.kind === 'rat')!;
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    const hits = ofType(r.events, 'damaged').filter((e) => e.trapKind === 'mine');
    expect(hits.map((e) => [e.actor, e.amount]).sort()).toEqual([
      [1, 3],
      [kobold.id, 3],
    ]);
    expect(hits.some((e) => e.actor === rat.id)).toBe(false);
    expect(ofType(r.events, 'effect').some((e) => e.effect === 'blast')).toBe(true);
  });

  it('a monster sets a trap off through the same path', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['########', '#@...^g#', '########'], traps: [{ kind: 'bear_trap' }], settings: ALL_SKULLS });
    const goblin = w.actors.find((a) => a.kind === 'goblin')!;
    const hp = goblin.hp;
    const events = [];
    for (let i = 0; i < 4 && w.traps.length > 0; i++) events.push(...step(w, { type: 'wait' }).events);
    expect(ofType(events, 'trapTriggered')[0]).toMatchObject({ actor: goblin.id, how: 'step', kind: 'bear_trap' });
    expect(goblin.hp).toBe(hp - 2);
    expect(goblin.x).toBe(5);
    expect(goblin.status.held).toBeGreaterThan(0);
    expect(w.traps).toHaveLength(0);
  });

  it('fliers pass over floor traps', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['########', '#@...^b#', '########'], traps: [{ kind: 'mine' }], settings: ALL_SKULLS });
    for (let i = 0; i < 4; i++) step(w, { type: 'wait' });
    const bat = w.actors.find((a) => a.kind === 'bat')!;
    expect(bat.x).toBeLessThan(5);
    expect(w.traps).toHaveLength(1);
  });
});
