/** Finding traps: searching, in passing, seeing and hearing them go off; look mode. */
import { describe, expect, it } from 'vitest';
import { edit } from '../../../src/core/level.ts';
import type { World } from '../../../src/core/world.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { describeCell } from '../../../src/ui/look.ts';
import { trapOf } from '../../support/scenario.ts';
import { act, messages, ofType, SEEDS, world } from './helpers.ts';

const keen = { perception: 20, detectTraps: 200 };

describe('searching', () => {
  it('checks the hidden traps next to you: 2d12 + Perception modifier + Detect traps vs difficulty', () => {
    const w = world({ map: ['######', '#@^.^#', '######'], traps: [{ kind: 'pit' }, { kind: 'arrow' }], player: { traits: keen } });
    const events = act(w, { type: 'search' });
    expect(messages(events)).toContain('You find a pit.');
    expect(ofType(events, 'trapRevealed').map((e) => [e.kind, e.how])).toEqual([['pit', 'search']]);
    expect(trapOf(w, 'arrow').knownBy).toEqual([]);
    expect(w.time).toBe(100);
  });

  it('finds as often as the check says', () => {
    let found = 0;
    for (const seed of SEEDS) {
      // Perception 10, Detect traps 0: 2d12 against the arrow trap's 14, 66/144.
      const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'arrow' }], seed, player: { traits: { perception: 10, detectTraps: 0, passX: 1, passY: 1 } } });
      if (ofType(act(w, { type: 'search' }), 'trapRevealed').length > 0) found++;
    }
    expect(found).toBeGreaterThan(183 - 40);
    expect(found).toBeLessThan(183 + 40);
  });

  it('says so when it finds nothing', () => {
    const w = world({ map: ['######', '#@.^.#', '######'], traps: [{ kind: 'pit' }], player: { traits: keen } });
    expect(messages(act(w, { type: 'search' }))).toContain('You search but find nothing.');
  });
});

describe('finding in passing', () => {
  it('moving next to a hidden trap makes the check at a penalty', () => {
    const w = world({ map: ['######', '#@.^.#', '######'], traps: [{ kind: 'pit' }], player: { traits: keen } });
    const events = act(w, { type: 'move', dx: 1, dy: 0 });
    expect(ofType(events, 'trapRevealed').map((e) => e.how)).toEqual(['passing']);
    const blind = world({ map: ['######', '#@.^.#', '######'], traps: [{ kind: 'pit' }], settings: { passingPenalty: 24 }, player: { traits: { perception: 10, detectTraps: 0 } } });
    act(blind, { type: 'move', dx: 1, dy: 0 });
    expect(trapOf(blind, 'pit').knownBy).toEqual([]);
  });

  it('standing still does not check again', () => {
    // Find a seed where the first check misses, then wait beside the trap: it stays hidden.
    for (const seed of SEEDS) {
      const w = world({ map: ['######', '#@.^.#', '######'], traps: [{ kind: 'arrow' }], seed, player: { traits: { perception: 14, detectTraps: 0 } } });
      act(w, { type: 'move', dx: 1, dy: 0 });
      if (trapOf(w, 'arrow').knownBy.length > 0) continue;
      for (let i = 0; i < 20; i++) act(w, { type: 'wait' });
      expect(trapOf(w, 'arrow').knownBy).toEqual([]);
      return;
    }
    throw new Error('no seed missed');
  });

  it('where the player starts counts as passed: no look in passing before the first move', () => {
    // A keen player next to a trap from the start: waiting never finds it in passing, moving does.
    let byWaiting = 0;
    let byMoving = 0;
    for (const seed of SEEDS.slice(0, 100)) {
      const still = world({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'pit' }], seed, player: { traits: keen } });
      byWaiting += ofType(act(still, { type: 'wait' }), 'trapRevealed').length;
      const moving = world({ map: ['######', '#@.^.#', '######'], traps: [{ kind: 'pit' }], seed, player: { traits: keen } });
      byMoving += ofType(act(moving, { type: 'move', dx: 1, dy: 0 }), 'trapRevealed').length;
    }
    expect(byWaiting).toBe(0);
    expect(byMoving).toBeGreaterThan(50);
  });
});

describe('seeing and hearing a trap go off', () => {
  it('a creature seen setting a trap off makes it known', () => {
    const w = world({ map: ['########', '#@...^k#', '########'], traps: [{ kind: 'spear' }] });
    const events = act(w, { type: 'wait' });
    expect(messages(events)).toContain('The kobold sets off a spear trap!');
    expect(trapOf(w, 'spear').knownBy).toEqual([1]);
    expect(ofType(events, 'trapRevealed').map((e) => e.how)).toEqual(['seen']);
  });

  it('one that goes off out of sight stays hidden, though you may hear it', () => {
    // The kobold is behind a wall corner, 6 cells away: within the bowstring's 8 cells of earshot.
    const map = ['#########', '#@......#', '#######.#', '#######.#', '#######^#', '#######k#', '#########'];
    const w = world({ map, traps: [{ kind: 'arrow' }], monsters: [{ ai: { mode: 'investigate', targetX: 1, targetY: 1, patience: 30 } }] });
    const events = act(w, { type: 'wait' });
    expect(ofType(events, 'trapTriggered')).toHaveLength(1);
    expect(trapOf(w, 'arrow').knownBy).toEqual([]);
    expect(messages(events)).toContain('You hear the twang of a bowstring.');
  });

  it('the blast of a fireball is seen where you can see part of it, the trap staying hidden', () => {
    const map = ['#########', '#@......#', '#######.#', '#######^#', '#######k#', '#########'];
    const w = world({ map, traps: [{ kind: 'fireball', charges: 1 }], settings: { lightRadius: 30 }, monsters: [{ ai: { mode: 'investigate', targetX: 1, targetY: 1, patience: 30 } }] });
    const events = act(w, { type: 'wait' });
    expect(messages(events)).toContain('You see a burst of flame.');
    expect(ofType(events, 'trapRevealed')).toEqual([]);
  });
});

describe('look mode', () => {
  const lookAt = (w: World, x: number, y: number) => describeCell(w, ruleset, x, y);
  it('names a known trap and what stands on it', () => {
    const w = world({ map: ['######', '#@^.k#', '######'], traps: [{ kind: 'fireball', known: true }] });
    expect(lookAt(w, 2, 1)).toMatch(/^A fireball trap, on stone floor\. Stepping on it: you avoid it \d+% \(\d+\/\d+\); it hurts you .*\.$/);
    const k = w.actors.find((a) => a.kind === 'kobold')!;
    const pit = world({ map: ['######', '#@.^k#', '######'], traps: [{ kind: 'pit', known: true }] });
    edit(pit, (p) => {
      p.actors.find((a) => a.kind === 'kobold')!.x = 3;
    });
    expect(lookAt(pit, 3, 1)).toBe('A kobold (hostile, unhurt), on a pit, on stone floor.');
    expect(lookAt(w, k.x, k.y)).toBe('A kobold (hostile, unhurt), on stone floor.');
    // A hidden trap is not named.
    const hidden = world({ map: ['######', '#@^..#', '######'], traps: [{ kind: 'pit' }] });
    expect(lookAt(hidden, 2, 1)).toBe('Stone floor.');
  });
});
