/** Creatures set traps off through the same paths: stepping, doors, being made way for; deaths and drops. */
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { Terrain, terrainAt } from '../../../src/core/world.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { trapOf } from '../../support/scenario.ts';
import { act, actor, damageTo, messages, ofType, SEEDS, world } from './helpers.ts';
import { player } from '../../../src/core/level.ts';

describe('monsters and traps', () => {
  it('a hunting creature walks onto a hidden pit: hurt, and it loses its next action', () => {
    const w = world({ map: ['#########', '#@....^k#', '#########'], traps: [{ kind: 'pit' }] });
    const k = w.actors.find((a) => a.kind === 'kobold')!;
    expect(ruleset.monsterKnowsTrap(w, k, trapOf(w, 'pit'))).toBe(false);
    const events = act(w, { type: 'wait' });
    expect(actor(w, k.id).x).toBe(6);
    expect(damageTo(events, k.id)).toHaveLength(1);
    expect(messages(events)).toContain('The kobold falls into the pit.');
    // It fell in on its first turn; its next turn is spent climbing out: still there after the player's next wait.
    act(w, { type: 'wait' });
    expect(actor(w, k.id).x).toBe(6);
    act(w, { type: 'wait' });
    expect(actor(w, k.id).x).toBe(5);
  });

  it('an arrow trap attacks the creature that set it off, against its own Defence', () => {
    const w = world({ map: ['#########', '#@....^k#', '#########'], traps: [{ kind: 'arrow' }] });
    const k = w.actors.find((a) => a.kind === 'kobold')!;
    const events = act(w, { type: 'wait' });
    expect(ofType(events, 'attacked').find((e) => e.attacker === null)!.target).toBe(k.id);
  });

  it('a creature that opens a trapped door sets it off', () => {
    const w = world({
      map: ['#########', '#@...^.g#', '#########'],
      traps: [{ kind: 'spear', host: 'door' }],
      monsters: [{ ai: { mode: 'investigate', targetX: 1, targetY: 1, patience: 30 } }],
    });
    const g = w.actors.find((a) => a.kind === 'goblin')!;
    let events = act(w, { type: 'wait' });
    for (let i = 0; i < 3 && ofType(events, 'trapTriggered').length === 0; i++) events = act(w, { type: 'wait' });
    expect(ofType(events, 'trapTriggered').map((e) => [e.actor, e.how])).toEqual([[g.id, 'door']]);
    expect(terrainAt(w, 5, 1)).toBe(Terrain.DoorOpen);
    expect(ofType(events, 'attacked').find((e) => e.attacker === null)!.target).toBe(g.id);
  });

  it('someone who makes way for you onto a trap sets it off too (no step-past for them)', () => {
    const w = world({ map: ['######', '#@^k.#', '######'], traps: [{ kind: 'alarm', known: true }], player: { traits: { dex: 40 } } });
    const ally = w.actors.find((a) => a.kind === 'kobold')!;
    const ctx = new StepContext(w);
    ctx.moveActor(ally, 2, 1, 'swap');
    expect(ctx.events.filter((e) => e.type === 'trapTriggered')).toHaveLength(1);
  });

  it('a creature killed by a trap drops what it carried; the kill earns the player nothing', () => {
    const w = world({
      map: ['######', '#@.^r#', '######'],
      traps: [{ kind: 'fireball', charges: 1 }],
      level: { danger: 30 },
      player: { hp: 500, maxHp: 500 },
      monsters: [{ inventory: [{ id: 77, kind: 'gem', name: 'gem', count: 1, x: -1, y: -1 }] }],
    });
    const r = w.actors.find((a) => a.kind === 'rat')!;
    const events = act(w, { type: 'wait' });
    expect(ofType(events, 'died').map((e) => [e.actor, e.trapKind, e.killer])).toEqual([[r.id, 'fireball', null]]);
    expect(w.items.map((i) => [i.kind, i.x, i.y])).toEqual([['gem', 3, 1]]);
    expect(player(w).xp).toBe(0);
  });

  it('a trap you rigged yourself earns you the kill', () => {
    for (const seed of SEEDS) {
      const w = world({
        map: ['######', '#@.^r#', '######'],
        traps: [{ kind: 'stake', owner: 1, known: true, charges: 2 }],
        seed,
        monsters: [{ hp: 1 }],
      });
      const r = w.actors.find((a) => a.kind === 'rat')!;
      const events = act(w, { type: 'wait' });
      const died = ofType(events, 'died');
      if (died.length === 0) continue;
      expect(died.map((e) => [e.actor, e.killer])).toEqual([[r.id, 1]]);
      expect(player(w).xp).toBe(r.xp);
      expect(trapOf(w, 'stake').charges).toBe(1);
      return;
    }
    throw new Error('the stake never killed');
  });
});
