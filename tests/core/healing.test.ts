/**
 * The core's healing (core/healing.ts) as a function of one actor: never above maxHp, never the
 * dead, body parts healed part by part with the whole HP their sum, a broken part left broken,
 * and a loss no part took healed as a pool of its own.
 */
import { describe, expect, it } from 'vitest';
import { healChanges, regenerationEvery } from '../../src/core/healing.ts';
import type { Actor, BodyPart } from '../../src/core/world.ts';
import { scenario } from '../support/scenario.ts';
import { player } from '../../src/core/level.ts';
import './../support/testRuleset.ts';

function hero(changes: Partial<Actor>): Actor {
  const w = scenario({ ruleset: 'test', map: ['###', '#@#', '###'] });
  return { ...player(w), ...changes };
}

describe('healChanges', () => {
  it('heals the amount, never above maxHp', () => {
    expect(healChanges(hero({ hp: 5, maxHp: 10 }), 3)).toEqual({ hp: 8 });
    expect(healChanges(hero({ hp: 9, maxHp: 10 }), 3)).toEqual({ hp: 10 });
    expect(healChanges(hero({ hp: 10, maxHp: 10 }), 3)).toBeNull();
  });

  it('never heals the dead, nor heals 0', () => {
    expect(healChanges(hero({ hp: 0, maxHp: 10, alive: false }), 3)).toBeNull();
    expect(healChanges(hero({ hp: 5, maxHp: 10 }), 0)).toBeNull();
  });

  it('body parts: each hurt part heals up to its max, a broken one not at all, the whole HP gains what they gain', () => {
    const parts: Record<string, BodyPart> = { torso: { hp: 10, max: 20 }, head: { hp: 19, max: 20 }, leg: { hp: 0, max: 20 } };
    const c = healChanges(hero({ hp: 29, maxHp: 60, parts }), 2)!;
    expect(c.parts).toEqual({ torso: { hp: 12, max: 20 }, head: { hp: 20, max: 20 }, leg: { hp: 0, max: 20 } });
    expect(c.hp).toBe(32);
    // The world's parts are not touched: the changes are a new record.
    expect(parts.torso!.hp).toBe(10);
  });

  it('body parts: only broken parts hurt heals nothing; a loss no part took heals as a pool of its own', () => {
    expect(healChanges(hero({ hp: 40, maxHp: 60, parts: { torso: { hp: 20, max: 20 }, head: { hp: 20, max: 20 }, leg: { hp: 0, max: 20 } } }), 2)).toBeNull();
    // Parts sum to 40 but the hp is 37 (poison, which names no part): 2 of those 3 come back.
    const c = healChanges(hero({ hp: 37, maxHp: 60, parts: { torso: { hp: 20, max: 20 }, head: { hp: 20, max: 20 }, leg: { hp: 0, max: 20 } } }), 2)!;
    expect(c.hp).toBe(39);
  });
});

describe('regenerationEvery', () => {
  it('reads regenTurns: 1 hit point every that many turns, none at 0 or without it', () => {
    expect(regenerationEvery({ regenTurns: 12 })).toEqual({ every: 12, amount: 1 });
    expect(regenerationEvery({ regenTurns: 0 })).toBeNull();
    expect(regenerationEvery({})).toBeNull();
  });
});
