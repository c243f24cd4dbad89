/**
 * Disarming: from the trap's own cell, as the hero's only action this turn; 3 dice, 6 with a
 * detector; a shield removes the trap, no shield springs it and removes it.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import type { Traits } from '../../../src/core/world.ts';
import { scenario } from '../../support/scenario.ts';
import { ALL_BLANKS, ALL_SHIELDS, messages, ofType } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

/** The hero standing on a known trap of `kind` at the start of a turn. */
function onTrap(kind: string, settings: Traits) {
  const w = scenario({ ruleset: 'wasteland', map: ['######', '#.^..#', '#@...#', '######'], traps: [{ kind, known: true }], settings });
  // Put the hero on the trap's cell before the game starts (setting up, not playing: through edit).
  edit(w, (p) => {
    const hero = heroIn(p);
    hero.x = 2;
    hero.y = 1;
  });
  return w;
}

describe('wasteland: disarming', () => {
  it('a shield among the dice removes the trap, no damage, and the turn is over', () => {
    const w = onTrap('bear_trap', ALL_SHIELDS);
    const hp = player(w).hp;
    const r = step(w, { type: 'disarm', dx: 0, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(w.traps).toHaveLength(0);
    expect(ofType(r.events, 'trapRemoved')[0]).toMatchObject({ why: 'disarmed' });
    expect(ofType(r.events, 'disarmAttempted')[0]).toMatchObject({ result: 'disarmed' });
    expect(ofType(r.events, 'trapTriggered')).toHaveLength(0);
    expect(player(w).hp).toBe(hp);
    // The only action of the turn: nothing more until the next turn.
    expect(player(w).nextAct).toBe(100);
  });

  it('no shield springs the trap at the hero (damage) and removes it', () => {
    const w = onTrap('bear_trap', ALL_BLANKS);
    const hp = player(w).hp;
    const r = step(w, { type: 'disarm', dx: 0, dy: 0 });
    expect(w.traps).toHaveLength(0);
    expect(ofType(r.events, 'disarmAttempted')[0]).toMatchObject({ result: 'sprung' });
    expect(ofType(r.events, 'trapTriggered')[0]).toMatchObject({ how: 'disarm', actor: 1 });
    expect(ofType(r.events, 'trapRemoved')[0]).toMatchObject({ why: 'sprung' });
    expect(player(w).hp).toBe(hp - 2);
    expect(player(w).status.held).toBeGreaterThan(0);
  });

  it('rolls 3 dice without a detector and 6 with one', () => {
    const without = onTrap('caltrops', ALL_BLANKS);
    expect(messages(step(without, { type: 'disarm', dx: 0, dy: 0 }).events).join(' ')).toMatch(/You roll 3 dice: 3 blanks\./);
    const withDetector = onTrap('caltrops', { ...ALL_BLANKS, heroDetector: true });
    expect(messages(step(withDetector, { type: 'disarm', dx: 0, dy: 0 }).events).join(' ')).toMatch(/You roll 6 dice: 6 blanks\./);
  });

  it('the number of dice follows the settings', () => {
    const w = onTrap('mine', { ...ALL_SHIELDS, disarmDice: 5 });
    expect(messages(step(w, { type: 'disarm', dx: 0, dy: 0 }).events).join(' ')).toMatch(/You roll 5 dice: 5 shields\./);
  });

  it('must be done from the trap’s own cell (refused, no time passes)', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'mine', known: true }], settings: ALL_SHIELDS });
    const r = step(w, { type: 'disarm', dx: 1, dy: 0 });
    expect(r.refused).toBe('You must stand on the trap to disarm it.');
    expect(w.time).toBe(0);
    expect(w.traps).toHaveLength(1);
  });

  it('must be the only action of the turn: moving onto the trap first forbids it until the next turn', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'mine', known: true }], settings: ALL_SHIELDS });
    step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
    expect(player(w).x).toBe(2);
    expect(w.time).toBe(50);
    const r = step(w, { type: 'disarm', dx: 0, dy: 0 });
    expect(r.refused).toMatch(/only action this turn/);
    expect(w.time).toBe(50);
    step(w, { type: 'wait' });
    expect(w.time).toBe(100);
    const r2 = step(w, { type: 'disarm', dx: 0, dy: 0 });
    expect(r2.refused).toBeUndefined();
    expect(w.traps).toHaveLength(0);
    expect(player(w).nextAct).toBe(200);
  });
});
