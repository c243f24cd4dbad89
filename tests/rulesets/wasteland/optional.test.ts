/**
 * The source's optional rules, as settings (off by default): roll before leaving a trapped cell, and
 * roll before a fight on one (attacking from it or being attacked on it).
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import type { Traits } from '../../../src/core/world.ts';
import { scenario } from '../../support/scenario.ts';
import { ALL_SKULLS, ofType } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';

/** The hero moved onto the known caltrops at (2,1) before the game starts (setting up, not playing). */
function onCaltrops(settings: Traits, map = ['######', '#@^..#', '######'], sleepingMonsters = false) {
  const w = scenario({ ruleset: 'wasteland', map, traps: [{ kind: 'caltrops', known: true }], settings, sleepingMonsters });
  // The hero starts on the trap (through the edit door: a fixture changed outside play).
  edit(w, (world) => {
    const hero = world.actors.find((a) => a.id === world.playerId)!;
    hero.x = 2;
    hero.y = 1;
  });
  return w;
}

describe('wasteland: optional rule, rolling before leaving a trapped cell', () => {
  it('is off by default: the hero walks off without a roll', () => {
    const w = onCaltrops(ALL_SKULLS);
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(3);
    expect(w.traps).toHaveLength(1);
    expect(ofType(r.events, 'trapTriggered')).toHaveLength(0);
  });

  it('when on, a skull springs the trap before the move: the hero stays, is hurt and loses the turn', () => {
    const w = onCaltrops({ ...ALL_SKULLS, rollOnLeave: true });
    const hp = player(w).hp;
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(2);
    expect(player(w).hp).toBe(hp - 1);
    expect(w.traps).toHaveLength(0);
    expect(ofType(r.events, 'trapTriggered')[0]).toMatchObject({ how: 'leave', actor: 1 });
    expect(ofType(r.events, 'moved')).toHaveLength(0);
    expect(player(w).nextAct).toBe(100);
  });

  it('a detector spares the leaving roll (setting detectorCoversOptional, on by default)', () => {
    const spared = onCaltrops({ ...ALL_SKULLS, rollOnLeave: true, heroDetector: true });
    step(spared, { type: 'move', dx: 1, dy: 0 });
    expect(player(spared).x).toBe(3);
    expect(spared.traps).toHaveLength(1);
    const rolls = onCaltrops({ ...ALL_SKULLS, rollOnLeave: true, heroDetector: true, detectorCoversOptional: false });
    step(rolls, { type: 'move', dx: 1, dy: 0 });
    expect(player(rolls).x).toBe(2);
    expect(rolls.traps).toHaveLength(0);
  });
});

describe('wasteland: optional rule, rolling before a fight on a trapped cell', () => {
  const FIGHT = ['######', '#@^g.#', '######'];

  it('is off by default: the attack happens and the trap stays', () => {
    const w = onCaltrops(ALL_SKULLS, FIGHT, true);
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(ofType(r.events, 'attacked').filter((e) => e.attacker === 1)).toHaveLength(1);
    expect(w.traps).toHaveLength(1);
  });

  it('an attacker on the trap rolls first: a skull springs it and calls the attack off', () => {
    const w = onCaltrops({ ...ALL_SKULLS, rollBeforeFight: true }, FIGHT, true);
    const hp = player(w).hp;
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(ofType(r.events, 'trapTriggered')[0]).toMatchObject({ how: 'fight', actor: 1 });
    expect(ofType(r.events, 'attacked').filter((e) => e.attacker === 1)).toHaveLength(0);
    expect(player(w).hp).toBe(hp - 1);
    expect(w.traps).toHaveLength(0);
    expect(player(w).nextAct).toBe(100);
  });

  it('a hero attacked on the trap rolls too: a skull springs it on the defender and ends its turn', () => {
    const w = onCaltrops({ ...ALL_SKULLS, rollBeforeFight: true }, FIGHT, false);
    const goblin = w.actors.find((a) => a.kind === 'goblin')!;
    // The hero waits (half a turn); the goblin, hunting, attacks the hero standing on the caltrops.
    const r = step(w, { type: 'wait' });
    expect(ofType(r.events, 'trapTriggered')[0]).toMatchObject({ how: 'fight', actor: 1 });
    expect(ofType(r.events, 'attacked').filter((e) => e.attacker === goblin.id).length).toBeGreaterThan(0);
    expect(w.traps).toHaveLength(0);
    // The hero's second action of turn 0 is forfeit: it acts next at the start of turn 1.
    expect(w.time).toBe(100);
    expect(player(w).nextAct).toBe(100);
  });
});
