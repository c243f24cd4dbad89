/** Trapped doors and chests: opening, kicking, unlocking, re-arming, kicked-in doors, blasts in a box. */
import { describeCell } from '../../../src/ui/look.ts';
import { describe, expect, it } from 'vitest';
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import { Terrain, terrainAt } from '../../../src/core/world.ts';
import { ruleset } from '../../../src/rulesets/ceaptun/index.ts';
import { trapOf } from '../../support/scenario.ts';
import { act, damageTo, messages, ofType, SEEDS, world } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';

const EAST = { type: 'move', dx: 1, dy: 0 } as const;

describe('trapped doors', () => {
  const map = ['#######', '#.@^..#', '#######'];

  it('go off when the door is opened, strike the opener from the door, and re-arm when shut', () => {
    const w = world({ map, traps: [{ kind: 'arrow', host: 'door' }] });
    const events = act(w, EAST);
    expect(terrainAt(w, 3, 1)).toBe(Terrain.DoorOpen);
    expect(player(w).x).toBe(2);
    expect(ofType(events, 'trapTriggered').map((e) => e.how)).toEqual(['door']);
    expect(ofType(events, 'attacked')[0]!.target).toBe(1);
    expect(messages(events)).toContain('An arrow shoots out of the wall beside the door!');
    const trap = trapOf(w, 'arrow');
    expect(trap.knownBy).toContain(1);
    expect(trap.armed).toBe(false);
    // Walking through the doorway never sets it off, and never asks.
    const through = step(w, EAST);
    expect(through.confirmTrap).toBeUndefined();
    expect(ofType(through.events, 'trapTriggered')).toEqual([]);
    expect(player(w).x).toBe(3);
    act(w, { type: 'move', dx: -1, dy: 0 });
    act(w, { type: 'close', dx: 1, dy: 0 });
    expect(trapOf(w, 'arrow').armed).toBe(true);
    const again = act(w, EAST);
    expect(ofType(again, 'trapTriggered')).toHaveLength(1);
  });

  it('go off at every kick, whether the door breaks or holds; a door kicked in takes its trap with it', () => {
    const w = world({ map, traps: [{ kind: 'spear', host: 'door' }] });
    let kicks = 0;
    while (terrainAt(w, 3, 1) === Terrain.DoorClosed && kicks < 50) {
      const events = act(w, { type: 'kick', dx: 1, dy: 0 });
      kicks++;
      expect(ofType(events, 'trapTriggered').map((e) => e.how)).toEqual(['door']);
      expect(messages(events)).toContain('A blade springs from the door!');
      if (terrainAt(w, 3, 1) === Terrain.DoorClosed) expect(trapOf(w, 'spear').armed).toBe(true);
    }
    expect(terrainAt(w, 3, 1)).toBe(Terrain.DoorBroken);
    expect(w.traps).toEqual([]);
  });

  it('go off when unlocked or picked', () => {
    for (const how of ['unlock', 'pick'] as const) {
      const w = world({ map, traps: [{ kind: 'alarm', host: 'door' }] });
      const ctx = new StepContext(w);
      ruleset.onOpen(ctx, player(w), trapOf(w, 'alarm'), how);
      expect(ctx.events.some((e) => e.type === 'noise' && e.volume === 300)).toBe(true);
      expect(trapOf(w, 'alarm').armed).toBe(false);
    }
  });

  it('a fireball bursts out on both sides of the door, even while it is still shut', () => {
    const w = world({ map: ['#######', '#.@^k.#', '#######'], traps: [{ kind: 'fireball', host: 'door', charges: 1 }], sleepingMonsters: true });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    // A kick that holds keeps the door shut; the blast reaches the far side all the same.
    const events = act(w, { type: 'kick', dx: 1, dy: 0 });
    expect(damageTo(events, 1)).toHaveLength(1);
    expect(damageTo(events, kobold.id)).toHaveLength(1);
    expect(w.traps).toEqual([]);
  });

  it('lightning runs from the door through whoever opened it', () => {
    const w = world({ map: ['########', '#k.@^.k#', '########'], traps: [{ kind: 'lightning', host: 'door', charges: 2 }], sleepingMonsters: true });
    const [near, far] = w.actors.filter((a) => a.kind === 'kobold');
    const events = act(w, EAST);
    expect(ofType(events, 'effect').find((e) => e.effect === 'line')!.cells).toEqual([[4, 1], [3, 1], [2, 1], [1, 1]]);
    expect(damageTo(events, 1)).toHaveLength(1);
    expect(damageTo(events, near!.id)).toEqual(damageTo(events, 1));
    expect(damageTo(events, far!.id)).toEqual([]);
  });

  it('searching finds a door\'s trap', () => {
    const w = world({ map, traps: [{ kind: 'arrow', host: 'door' }], player: { traits: { perception: 20, detectTraps: 200 } } });
    const events = act(w, { type: 'search' });
    expect(messages(events)).toContain('You notice that the door is trapped: an arrow trap.');
    expect(trapOf(w, 'arrow').knownBy).toContain(1);
    const t = trapOf(w, 'arrow');
    edit(w, (p) => {
      p.visible[t.y * p.width + t.x] = 1;
    });
    // Look mode then says the exact odds of opening it (tests/rulesets/ceaptun/opening.test.ts checks the numbers).
    expect(describeCell(w, ruleset, t.x, t.y)).toMatch(/^An arrow trap, on a closed door\. Opening it: it hurts you \d+% \(\d+\/\d+\); it cannot kill you\./);
  });

  it('a door\'s trap can be disarmed like any other', () => {
    const w = world({ map, traps: [{ kind: 'arrow', host: 'door', known: true }], player: { traits: { dex: 18, disableDevice: 200 } } });
    const events = act(w, { type: 'disarm', dx: 1, dy: 0 });
    const result = ofType(events, 'disarmAttempted')[0]!.result;
    expect(['disarmed', 'failed']).toContain(result);
    if (result === 'disarmed') expect(w.traps).toEqual([]);
  });
});

describe('trapped chests', () => {
  const loot = () => [
    { id: 900, kind: 'gold', name: 'gold coin', count: 20, x: -1, y: -1 },
    { id: 901, kind: 'arrow', name: 'arrow', count: 3, x: -1, y: -1 },
    { id: 902, kind: 'gem', name: 'gem', count: 1, x: -1, y: -1 },
  ];

  it('go off when the chest is opened; then it opens', () => {
    const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spear', host: 'chest' }], chestItems: [loot()] });
    const events = act(w, EAST);
    expect(ofType(events, 'trapTriggered').map((e) => e.how)).toEqual(['chest']);
    expect(messages(events)).toContain('A blade springs from the chest!');
    expect(w.chests[0]!.open).toBe(true);
    expect(player(w).inventory.find((i) => i.kind === 'gem')?.count).toBe(1);
    expect(trapOf(w, 'spear').armed).toBe(false);
  });

  it('go off when the chest is kicked open', () => {
    const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'alarm', host: 'chest' }], chestItems: [loot()] });
    const events = act(w, { type: 'kick', dx: 1, dy: 0 });
    expect(ofType(events, 'noise').map((n) => n.volume)).toContain(300);
    expect(w.chests[0]!.open).toBe(true);
  });

  it('a fireball or frost trap blows the chest apart and destroys part of what it held', () => {
    for (const kind of ['fireball', 'frost']) {
      const none = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind, host: 'chest', charges: 1 }], chestItems: [loot()], settings: { chestBlastLoss: 100 } });
      const events = act(none, EAST);
      expect(messages(events)).toContain('The chest is blown apart!');
      expect(none.chests).toEqual([]);
      expect(none.traps).toEqual([]);
      expect(none.items).toEqual([]);
      expect(player(none).inventory.some((i) => i.kind === 'gem')).toBe(false);
      expect(damageTo(events, 1)).toHaveLength(1);

      const all = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind, host: 'chest', charges: 1 }], chestItems: [loot()], settings: { chestBlastLoss: 0 } });
      act(all, EAST);
      expect(all.items.map((i) => [i.kind, i.count, i.x, i.y])).toEqual([['gold', 20, 2, 1], ['arrow', 3, 2, 1], ['gem', 1, 2, 1]]);
    }
    // At the default half, over many chests some stacks survive and some do not.
    let kept = 0;
    let total = 0;
    for (const seed of SEEDS.slice(0, 60)) {
      const w = world({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'fireball', host: 'chest', charges: 1 }], chestItems: [loot()], seed, player: { hp: 100 } });
      act(w, EAST);
      kept += w.items.length;
      total += 3;
    }
    expect(kept / total).toBeGreaterThan(0.3);
    expect(kept / total).toBeLessThan(0.7);
  });

  it('go off on a bad disarm, a fireball blowing the chest apart', () => {
    let found = false;
    for (const seed of SEEDS) {
      const w = world({
        map: ['#####', '#@^.#', '#####'],
        traps: [{ kind: 'fireball', host: 'chest', charges: 1, known: true }],
        chestItems: [loot()],
        seed,
        player: { hp: 50, traits: { dex: 3, disableDevice: 1 } },
      });
      const events = act(w, { type: 'disarm', dx: 1, dy: 0 });
      if (ofType(events, 'disarmAttempted')[0]!.result !== 'set_off') continue;
      found = true;
      expect(messages(events)).toContain('You set off the fireball trap!');
      expect(w.chests).toEqual([]);
      expect(ofType(events, 'trapTriggered').map((e) => e.how)).toEqual(['disarm']);
      break;
    }
    expect(found).toBe(true);
  });
});
