/**
 * Using what the pack carries (issue #24: "what the source gives"): Omega's potion of healing and
 * CDDA's first aid kit, played through the engine with the `use` action. Expected numbers are the
 * rules' own, counted here: a potion of power P restores random_range(10 (P + 1)) + 1 HP, uniform on
 * 1..10 (P + 1), capped at the max, and cures poison; a kit restores firstAidHeal HP to the body
 * part with the largest loss that is not broken and takes firstAidTurns turns.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { readAction } from '../../src/core/actions.ts';
import { step } from '../../src/core/engine.ts';
import { usableItems } from '../../src/core/itemUse.ts';
import { applyEvent, player } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import type { BodyPart, Traits, World } from '../../src/core/world.ts';
import { decodeActions, encodeActions } from '../../src/share/actionCodec.ts';
import { scenario } from '../support/scenario.ts';

const MAP = ['#######', '#.....#', '#..@..#', '#.....#', '#######'];

function countOf(w: World, kind: string): number {
  return player(w).inventory.find((i) => i.kind === kind)?.count ?? 0;
}

function omegaHero(hp: number, settings: Traits = {}, seed = 'potion'): World {
  return scenario({ ruleset: 'omega', seed, map: MAP, settings: { monsters: 0, regenTurns: 0, ...settings }, player: { hp, maxHp: 40 } });
}

describe('the use action', () => {
  it('is read, written in a link and read back like any other action', () => {
    expect(readAction({ type: 'use', what: 'potion-healing' })).toEqual({ type: 'use', what: 'potion-healing' });
    expect(readAction({ type: 'use' })).toMatch(/use action names an item kind/);
    expect(readAction({ type: 'use', what: 'x', dx: 1 })).toMatch(/no field "dx"/);
    const actions = [{ type: 'wait' as const }, { type: 'use' as const, what: 'first_aid' }, { type: 'use' as const, what: 'a;b%c' }, { type: 'move' as const, dx: 1, dy: 0 }];
    const text = encodeActions(actions);
    const back = decodeActions(text, 100);
    expect(back.ok && back.value).toEqual(actions);
    const cut = decodeActions('.Ufirst_aid', 100);
    expect(!cut.ok && cut.problem.message).toMatch(/use action without its closing ";"/);
  });

  it('is refused, changing nothing, for an item not carried or without a use', () => {
    const w = omegaHero(10);
    const before = JSON.stringify(w);
    expect(step(w, { type: 'use', what: 'constructor' }).refused).toMatch(/carry no constructor/);
    expect(step(w, { type: 'use', what: 'scroll-dispelling' }).refused).toMatch(/cannot use the scroll of dispelling/);
    expect(JSON.stringify(w)).toBe(before);
  });
});

describe('omega: the potion of healing', () => {
  it('the starting pack carries healingPotions of them, listed as usable', () => {
    const w = omegaHero(10, { healingPotions: 3 });
    expect(countOf(w, 'potion-healing')).toBe(3);
    const usable = usableItems(getRuleset('omega'), w.settings, player(w));
    expect(usable.map((u) => [u.kind, u.use.verb, u.use.effect])).toEqual([['potion-healing', 'quaff', 'heals 1 to 20 HP and cures poison']]);
    expect(countOf(omegaHero(10, { healingPotions: 0 }), 'potion-healing')).toBe(0);
  });

  it('cures poison', () => {
    const w = omegaHero(30);
    applyEvent(w, { type: 'actorUpdated', actor: w.playerId, changes: { status: { poisoned: 50 } } });
    expect(player(w).status.poisoned).toBe(50);
    expect(step(w, { type: 'use', what: 'potion-healing' }).refused).toBeUndefined();
    expect(player(w).status.poisoned ?? 0).toBe(0);
  });

  it('restores 1 to 20 HP at power 1, each amount about equally often, and uses one potion and one turn', () => {
    const seen = new Map<number, number>();
    const n = 1200;
    for (let i = 0; i < n; i++) {
      const w = omegaHero(5, {}, `potion-${i}`);
      const t0 = w.time;
      const r = step(w, { type: 'use', what: 'potion-healing' });
      expect(r.refused).toBeUndefined();
      const healed = player(w).hp - 5;
      seen.set(healed, (seen.get(healed) ?? 0) + 1);
      if (i === 0) {
        expect(countOf(w, 'potion-healing')).toBe(1);
        expect(w.time - t0).toBe(100);
        expect(r.events.some((e) => e.type === 'message' && e.text === 'You feel better.')).toBe(true);
      }
    }
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    // Uniform on 1..20: each value n/20 = 60 times; 3 standard deviations (sqrt(60 · 19/20) ≈ 7.5) is 22.
    for (const count of seen.values()) expect(Math.abs(count - n / 20)).toBeLessThan(23);
  });

  it('stops at the max HP, and potionPower sets the range', () => {
    const w = omegaHero(38);
    step(w, { type: 'use', what: 'potion-healing' });
    expect(player(w).hp).toBeGreaterThanOrEqual(39);
    expect(player(w).hp).toBeLessThanOrEqual(40);
    let most = 0;
    for (let i = 0; i < 300; i++) {
      const v = omegaHero(1, { potionPower: 0 }, `p0-${i}`);
      step(v, { type: 'use', what: 'potion-healing' });
      most = Math.max(most, player(v).hp - 1);
    }
    expect(most).toBe(10);
  });

  it('the last potion gone, quaffing is refused', () => {
    const w = omegaHero(5, { healingPotions: 1 });
    expect(step(w, { type: 'use', what: 'potion-healing' }).refused).toBeUndefined();
    expect(countOf(w, 'potion-healing')).toBe(0);
    expect(step(w, { type: 'use', what: 'potion-healing' }).refused).toMatch(/carry no potion-healing/);
  });
});

describe('cdda: the first aid kit', () => {
  const part = (hp: number, max = 84): BodyPart => ({ hp, max });
  function survivor(parts: Record<string, BodyPart>, settings: Traits = {}): World {
    const hp = Object.values(parts).reduce((s, p) => s + p.hp, 0);
    return scenario({ ruleset: 'cdda', seed: 'kit', map: MAP, settings: { monsters: 0, regenTurns: 0, ...settings }, player: { hp, maxHp: 6 * 84, parts } });
  }
  const whole = { head: part(84), torso: part(84), arm_l: part(84), arm_r: part(84), leg_l: part(84), leg_r: part(84) };

  it('treats the most hurt part that is not broken with firstAidHeal HP, over firstAidTurns turns', () => {
    const w = survivor({ ...whole, torso: part(70), arm_l: part(40), leg_l: part(0) }, { firstAidKits: 2, firstAidHeal: 20, firstAidTurns: 5 });
    expect(countOf(w, 'first_aid')).toBe(2);
    const t0 = w.time;
    const r = step(w, { type: 'use', what: 'first_aid' });
    expect(r.refused).toBeUndefined();
    expect(w.time - t0).toBe(500);
    const p = player(w).parts!;
    expect(p.arm_l!.hp).toBe(60);
    expect(p.torso!.hp).toBe(70);
    expect(p.leg_l!.hp).toBe(0);
    expect(player(w).hp).toBe(Object.values(p).reduce((s, x) => s + x.hp, 0));
    expect(countOf(w, 'first_aid')).toBe(1);
    // The arm is now 24 down, the torso 14: the arm again, up to its max.
    step(w, { type: 'use', what: 'first_aid' });
    expect(player(w).parts!.arm_l!.hp).toBe(80);
    expect(countOf(w, 'first_aid')).toBe(0);
  });

  it('is refused when nothing it can mend hurts: whole, or only a broken part', () => {
    expect(step(survivor(whole), { type: 'use', what: 'first_aid' }).refused).toBe('You are not hurt.');
    expect(step(survivor({ ...whole, leg_r: part(0) }), { type: 'use', what: 'first_aid' }).refused).toMatch(/broken right leg hurts: a first aid kit cannot mend a break/);
  });
});
