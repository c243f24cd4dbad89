/**
 * Scenario tests, one group per trigger kind and per reset kind: who sets the trap off, when,
 * and what state it is left in. Dice outcomes are not the point here (see effects.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { openChest, openDoor, step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import type { Actor, World } from '../../../src/core/world.ts';
import { designedTrapData } from '../../../src/rulesets/d20/traps.ts';
import { scenario, trapOf } from '../../support/scenario.ts';
import { player } from '../../../src/core/level.ts';

const TOUGH = { hp: 10_000, maxHp: 10_000 };

function triggered(events: GameEvent[]) {
  return events.filter((e): e is Extract<GameEvent, { type: 'trapTriggered' }> => e.type === 'trapTriggered');
}
function monster(w: World, kind: string): Actor {
  const m = w.actors.find((a) => a.kind === kind);
  if (!m) throw new Error(`no ${kind}`);
  return m;
}
function worldTurn(ctx: StepContext): void {
  ctx.ruleset.onWorldTurn!(ctx);
}

describe('location trigger', () => {
  it('goes off when the player enters the cell, and a manual reset leaves it sprung', () => {
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear' }], player: TOUGH });
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    const t = triggered(r.events);
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ kind: 'spear', how: 'step', actor: 1 });
    expect(r.events.some((e) => e.type === 'attacked' && e.target === 1)).toBe(true);
    expect(trapOf(w, 'spear').armed).toBe(false);
    expect(trapOf(w, 'spear').knownBy).toContain(1);
  });

  it('a monster walking in sets it off through the same path; a flier does not', () => {
    const w = scenario({ ruleset: 'd20', map: ['######', '#@^gb#', '######'], traps: [{ kind: 'spear' }], sleepingMonsters: true, monsters: [TOUGH, TOUGH] });
    const trap = trapOf(w, 'spear');
    const ctx = new StepContext(w);
    const bat = monster(w, 'bat');
    ctx.moveActor(monster(w, 'goblin'), bat.x, 2, 'teleport', false); // out of the way
    ctx.moveActor(bat, trap.x, trap.y, 'walk');
    expect(triggered(ctx.events)).toHaveLength(0);
    ctx.moveActor(bat, 4, 1, 'walk');
    const goblin = monster(w, 'goblin');
    ctx.moveActor(goblin, trap.x, trap.y, 'walk');
    expect(triggered(ctx.events)).toEqual([expect.objectContaining({ actor: goblin.id, how: 'step' })]);
    // The goblin now knows the trap (it went off under it).
    expect(trap.knownBy).toContain(goblin.id);
  });
});

describe('proximity trigger', () => {
  it('goes off when the player comes within its radius, without stepping on it', () => {
    const w = scenario({ ruleset: 'd20', map: ['#######', '#@.^..#', '#######'], traps: [{ kind: 'arrow' }], player: TOUGH });
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(player(w).x).toBe(2);
    expect(triggered(r.events)).toEqual([expect.objectContaining({ kind: 'arrow', how: 'proximity', actor: 1 })]);
  });

  it('fliers set it off too', () => {
    const w = scenario({ ruleset: 'd20', map: ['#########', '#@...^.b#', '#########'], traps: [{ kind: 'arrow' }], sleepingMonsters: true, monsters: [TOUGH] });
    const ctx = new StepContext(w);
    const bat = monster(w, 'bat');
    const trap = trapOf(w, 'arrow');
    ctx.moveActor(bat, trap.x + 1, trap.y, 'walk');
    worldTurn(ctx);
    expect(triggered(ctx.events)).toEqual([expect.objectContaining({ actor: bat.id, how: 'proximity' })]);
  });

  it('a creature already within reach does not set it off; one that comes back does', () => {
    const w = scenario({ ruleset: 'd20', map: ['#########', '#@....^g#', '#########'], traps: [{ kind: 'burning_hands' }], sleepingMonsters: true, monsters: [TOUGH] });
    const goblin = monster(w, 'goblin');
    const trap = trapOf(w, 'burning_hands');
    const ctx = new StepContext(w);
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { occupants: String(goblin.id) } } });
    worldTurn(ctx);
    expect(triggered(ctx.events)).toHaveLength(0);
    ctx.moveActor(goblin, trap.x - 3, trap.y, 'teleport', false);
    worldTurn(ctx);
    ctx.moveActor(goblin, trap.x - 1, trap.y, 'walk');
    worldTurn(ctx);
    expect(triggered(ctx.events)).toEqual([expect.objectContaining({ actor: goblin.id })]);
  });
});

describe('sound and visual triggers (magic traps)', () => {
  const soundTrap = designedTrapData({ magic: 'device', trigger: 'sound', 'spell-level': 1, 'caster-level': 1, 'automatic-reset': true, damage: '1d4' });
  const visualTrap = designedTrapData({ magic: 'device', trigger: 'visual', 'spell-level': 1, 'caster-level': 1, 'automatic-reset': true, damage: '1d4' });

  it('a sound trigger hears a noisy creature and not a silent one (Listen +15 against Move Silently)', () => {
    for (const [ms, expected] of [
      [-100, 1],
      [100, 0],
    ] as const) {
      const w = scenario({ ruleset: 'd20', map: ['########', '#@..^.g#', '########'], traps: [{ kind: 'designed', data: soundTrap }], sleepingMonsters: true, monsters: [{ ...TOUGH, traits: { moveSilently: ms } }] });
      const ctx = new StepContext(w);
      const goblin = monster(w, 'goblin');
      ctx.moveActor(goblin, 5, 1, 'walk');
      worldTurn(ctx);
      expect(triggered(ctx.events), `Move Silently ${ms}`).toHaveLength(expected);
    }
  });

  it('a visual trigger needs a line of sight to the creature', () => {
    const w = scenario({
      ruleset: 'd20',
      map: ['########', '#^#..g.#', '#.#....#', '#......#', '#@.....#', '########'],
      traps: [{ kind: 'designed', data: visualTrap }],
      sleepingMonsters: true,
      monsters: [TOUGH],
    });
    const ctx = new StepContext(w);
    const goblin = monster(w, 'goblin');
    ctx.moveActor(goblin, 3, 1, 'walk'); // 2 cells away, behind the wall
    worldTurn(ctx);
    ctx.moveActor(goblin, 3, 2, 'walk'); // still 2 away and still behind it
    worldTurn(ctx);
    expect(triggered(ctx.events)).toHaveLength(0);
    ctx.moveActor(goblin, 2, 3, 'walk'); // 2 cells away, in plain view
    worldTurn(ctx);
    expect(triggered(ctx.events)).toEqual([expect.objectContaining({ actor: goblin.id })]);
  });
});

describe('touch trigger: doors and chests', () => {
  it('opening a trapped door sets it off', () => {
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'swinging_block', host: 'door' }], player: TOUGH });
    const r = step(w, { type: 'open', dx: 1, dy: 0 });
    expect(triggered(r.events)).toEqual([expect.objectContaining({ kind: 'swinging_block', how: 'door', actor: 1 })]);
  });

  it('opening a trapped chest sets it off; kicking it does not spring a needle in its lock', () => {
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'poison_needle', host: 'chest' }], player: TOUGH });
    const ctx = new StepContext(w);
    const chest = w.chests[0]!;
    openChest(ctx, player(w), chest.id, 'kick');
    expect(triggered(ctx.events)).toHaveLength(0);
    const w2 = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'poison_needle', host: 'chest' }], player: TOUGH });
    const r = step(w2, { type: 'open', dx: 1, dy: 0 });
    expect(triggered(r.events)).toEqual([expect.objectContaining({ kind: 'poison_needle', how: 'chest', actor: 1 })]);
  });

  it('a monster opening a trapped door sets it off too', () => {
    const w = scenario({ ruleset: 'd20', map: ['######', '#@.^g#', '######'], traps: [{ kind: 'swinging_block', host: 'door' }], sleepingMonsters: true, monsters: [TOUGH] });
    const ctx = new StepContext(w);
    const goblin = monster(w, 'goblin');
    openDoor(ctx, goblin, 3, 1, 'open');
    expect(triggered(ctx.events)).toEqual([expect.objectContaining({ actor: goblin.id, how: 'door' })]);
  });
});

describe('timed trigger', () => {
  it('fires every timedPeriod rounds at whoever stands in its reach', () => {
    const w = scenario({
      ruleset: 'd20',
      map: ['#####', '#@^.#', '#####'],
      traps: [{ kind: 'pendulum', data: { timer: 3 } }],
      player: TOUGH,
      settings: { timedPeriod: 4 },
    });
    // Stepping onto it does nothing: only time sets it off.
    let r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(triggered(r.events)).toHaveLength(0);
    const fired: number[] = [];
    for (let round = 2; round <= 12; round++) {
      r = step(w, { type: 'wait' });
      for (const t of triggered(r.events)) {
        expect(t).toMatchObject({ how: 'timed', actor: 1 });
        fired.push(round);
      }
    }
    expect(fired).toEqual([3, 7, 11]);
  });
});

describe('spell trigger', () => {
  it('a glyph goes off for whoever passes over it, fliers included, but not the dungeon\'s own monsters', () => {
    const w = scenario({ ruleset: 'd20', map: ['#######', '#@.^gb#', '#######'], traps: [{ kind: 'glyph_blast' }], sleepingMonsters: true, monsters: [TOUGH, { ...TOUGH, faction: 'neutral' }] });
    const trap = trapOf(w, 'glyph_blast');
    const ctx = new StepContext(w);
    const goblin = monster(w, 'goblin');
    ctx.moveActor(goblin, trap.x, trap.y, 'walk');
    expect(triggered(ctx.events)).toHaveLength(0);
    ctx.moveActor(goblin, 2, 1, 'walk');
    const bat = monster(w, 'bat');
    ctx.moveActor(bat, trap.x, trap.y, 'walk');
    expect(triggered(ctx.events)).toEqual([expect.objectContaining({ actor: bat.id, how: 'step' })]);
    // A spell trap has no reset: it is spent.
    expect(w.traps.some((t) => t.kind === 'glyph_blast')).toBe(false);
  });

  it('a fire trap goes off when the player opens its door, not when a monster of the dungeon does', () => {
    const w = scenario({ ruleset: 'd20', map: ['######', '#@^.g#', '######'], traps: [{ kind: 'fire_trap', host: 'door' }], sleepingMonsters: true, monsters: [TOUGH], player: TOUGH });
    const ctx = new StepContext(w);
    openDoor(ctx, monster(w, 'goblin'), 2, 1, 'open');
    expect(triggered(ctx.events)).toHaveLength(0);
    const r = step(w, { type: 'open', dx: 1, dy: 0 });
    expect(r.refused).toBe('That door is already open.');
    const w2 = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fire_trap', host: 'door' }], player: TOUGH });
    const r2 = step(w2, { type: 'open', dx: 1, dy: 0 });
    expect(triggered(r2.events)).toEqual([expect.objectContaining({ kind: 'fire_trap', how: 'door', actor: 1 })]);
    expect(w2.traps).toHaveLength(0);
  });
});

describe('resets', () => {
  it('manual: someone has to reset it (the rig "reset" option), which takes resetRounds', () => {
    const w = scenario({ ruleset: 'd20', map: ['######', '#@^..#', '######'], traps: [{ kind: 'spear' }], player: TOUGH, settings: { resetRounds: 10 } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    step(w, { type: 'move', dx: 1, dy: 0 });
    const trap = trapOf(w, 'spear');
    expect(trap.armed).toBe(false);
    // Another pass does nothing while it is sprung.
    expect(triggered(step(w, { type: 'move', dx: -1, dy: 0, confirm: true }).events)).toHaveLength(0);
    step(w, { type: 'move', dx: 1, dy: 0 });
    const before = w.time;
    const r = step(w, { type: 'rig', what: 'reset', dx: -1, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(trap.armed).toBe(true);
    expect(w.time - before).toBe(10 * 100);
  });

  it('automatic: ready again after autoResetRounds', () => {
    const w = scenario({ ruleset: 'd20', map: ['######', '#@^..#', '######'], traps: [{ kind: 'scything_blade' }], player: TOUGH, settings: { autoResetRounds: 2 } });
    // Sprung in round 0: the end of round 0 and of round 1 pass before it is ready, in round 2.
    step(w, { type: 'move', dx: 1, dy: 0 });
    const trap = trapOf(w, 'scything_blade');
    expect(trap.armed).toBe(false);
    expect(trap.data.rearmIn).toBe(1);
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(trap.armed).toBe(true);
    const r = step(w, { type: 'move', dx: -1, dy: 0, confirm: true });
    expect(triggered(r.events)).toHaveLength(1);
  });

  it('repair: broken until a Craft (trapmaking) check repairs it', () => {
    const w = scenario({ ruleset: 'd20', map: ['######', '#@^..#', '######'], traps: [{ kind: 'stone_blocks' }], player: { ...TOUGH, traits: { craft: 100 } } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    const trap = trapOf(w, 'stone_blocks');
    expect(trap.armed).toBe(false);
    expect(trap.data.broken).toBe(true);
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(step(w, { type: 'rig', what: 'reset', dx: -1, dy: 0 }).refused).toBeDefined();
    const r = step(w, { type: 'rig', what: 'repair', dx: -1, dy: 0 });
    expect(r.refused).toBeUndefined();
    expect(trap.armed).toBe(true);
    expect(trap.data.broken).toBe(false);
  });

  it('none: the trap is gone once sprung', () => {
    const data = designedTrapData({ trigger: 'location', reset: 'none', attack: 10, damage: '2d6', 'multiple-targets': true });
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'designed', data }], player: TOUGH });
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(triggered(r.events)).toHaveLength(1);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'trapRemoved', why: 'sprung' }));
    expect(w.traps).toHaveLength(0);
  });
});

describe('touch attached and designed traps', () => {
  it('a designed touch (attached) trap on a chest goes off when the chest is opened', () => {
    const data = designedTrapData({ trigger: 'touch-attached', reset: 'manual', poison: 'nitharit', 'search-dc': 25, 'disable-dc': 19 });
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'designed', host: 'chest', data }], player: TOUGH });
    const r = step(w, { type: 'open', dx: 1, dy: 0 });
    expect(triggered(r.events)).toEqual([expect.objectContaining({ kind: 'designed', how: 'chest', actor: 1 })]);
    // Contact poison: the secondary (3d6 Con) comes a minute (10 rounds) later, whatever the first
    // save did; the round of the opening has already passed when the step returns.
    expect(player(w).status.poison_nitharit).toBe(9);
  });
});

describe('timed trigger with nobody in reach', () => {
  it('swings where the player can see it (and so is found) without counting as a trap going off', () => {
    const w = scenario({ ruleset: 'd20', map: ['#####', '#@.^#', '#####'], traps: [{ kind: 'pendulum', data: { timer: 1 } }], player: TOUGH });
    const r = step(w, { type: 'wait' });
    expect(triggered(r.events)).toHaveLength(0);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'trapRevealed', how: 'seen', to: 1 }));
    expect(trapOf(w, 'pendulum').data.timer).toBe(4);
  });
});

describe('the once-a-round pass over the traps', () => {
  it('sees a change made between rounds: a counter set after a quiet round counts down from the next one', () => {
    const w = scenario({ ruleset: 'd20', map: ['######', '#@.^.#', '######'], traps: [{ kind: 'scything_blade' }], player: TOUGH });
    const trap = trapOf(w, 'scything_blade');
    const ctx = new StepContext(w);
    // A quiet round: nothing counts down, and the pass remembers that.
    worldTurn(ctx);
    expect(ctx.events).toHaveLength(0);
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: false, data: { rearmIn: 2 } } });
    worldTurn(ctx);
    expect(trap.data.rearmIn).toBe(1);
    worldTurn(ctx);
    expect(trap.armed).toBe(true);
  });

  it('sees a change made during the round: a trap re-armed by an earlier trap in the same pass counts down at once', () => {
    // Two automatic traps; the first ticks, then (standing in for any effect of the pass) the
    // second gets a counter while the first pass is under way.
    const w = scenario({
      ruleset: 'd20',
      map: ['#######', '#@^.^.#', '#######'],
      traps: [
        { kind: 'scything_blade', data: { rearmIn: 2 } },
        { kind: 'scything_blade' },
      ],
      player: TOUGH,
    });
    const [first, second] = w.traps;
    const ctx = new StepContext(w);
    worldTurn(ctx);
    expect(first!.data.rearmIn).toBe(1);
    const original = ctx.emit.bind(ctx);
    let once = false;
    ctx.emit = (ev) => {
      original(ev);
      if (!once && ev.type === 'trapChanged' && ev.trap === first!.id) {
        once = true;
        original({ type: 'trapChanged', trap: second!.id, changes: { armed: false, data: { rearmIn: 3 } } });
      }
    };
    worldTurn(ctx);
    expect(first!.armed).toBe(true);
    // Later in the same array, so the same pass reaches it: 3 → 2 this very round.
    expect(second!.data.rearmIn).toBe(2);
  });
});
