/**
 * Pits, spiked pits, sinkholes, ledges and lava: falling in and getting stuck, falling a level,
 * burning by material.
 */
import { describe, expect, it } from 'vitest';
import { ruleset } from '../../../src/rulesets/cdda/index.ts';
import { arrive, cddaWorld, corridor, damageTo, fire, hero, monster, monsterOn, overSeeds, partHp, stepEast, texts, totalDamage } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';
import { actorIn } from '../../support/heroIn.ts';

const FULL = 60 + 3 * 8;

describe('pit', () => {
  it('player (no dodge): 10-20 damage d to both legs, every part rng(d/2, d) too; stuck in the pit', () => {
    for (const { w, ev } of overSeeds(20, (seed) => corridor('pit', { seed }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(texts(ev)).toEqual(expect.arrayContaining(['You fall in a pit!', 'You hurt yourself!']));
      const d = damageTo(ev, 1);
      // hurtall first (six parts, one amount), then each leg the full damage.
      expect(d).toHaveLength(8);
      const all = d[0]!.amount;
      const full = d[6]!.amount;
      expect(full).toBeGreaterThanOrEqual(10);
      expect(full).toBeLessThanOrEqual(20);
      expect(all).toBeGreaterThanOrEqual(Math.floor(full / 2));
      expect(all).toBeLessThanOrEqual(full);
      expect(d.slice(0, 6).every((x) => x.amount === all)).toBe(true);
      expect(d.slice(6).map((x) => x.part)).toEqual(['leg_l', 'leg_r']);
      expect(hero(w).status.in_pit).toBe(1);
      expect(trapAt(w, 4, 1)?.kind).toBe('pit');
    }
  });

  it('dodge lowers the damage by rng(dodge, 5 dodge): Dex 20 and Dodge 10 (get_dodge 20) always land nimbly', () => {
    const w = corridor('pit', { player: { traits: { dex: 20, dodge: 10 } } });
    const ev = fire(w, 'pit', hero(w));
    expect(texts(ev)).toContain('You land nimbly.');
    expect(damageTo(ev, 1)).toEqual([]);
  });

  it('Bird Wings: a safe fall', () => {
    const w = corridor('pit', { player: { traits: { birdWings: true } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You flap your wings and flutter down gracefully.');
    expect(damageTo(ev, 1)).toEqual([]);
  });

  it('climbing out fails when rng(0, 40) > Str + Dex / 2: Str 40 always gets out, Str -100 never', () => {
    const strong = corridor('pit', { player: { traits: { str: 40, birdWings: true } } });
    stepEast(strong);
    const out = stepEast(strong);
    expect(texts(out)).toContain('You escape the pit!');
    expect(hero(strong).x).toBe(5);
    expect(hero(strong).status.in_pit ?? 0).toBe(0);
    const weak = corridor('pit', { player: { traits: { str: -100, birdWings: true } } });
    stepEast(weak);
    for (let i = 0; i < 5; i++) {
      const ev = stepEast(weak);
      expect(texts(ev)).toContain('You try to escape the pit, but slip back in.');
      expect(hero(weak).x).toBe(4);
    }
    // Each try costs its move.
    expect(hero(weak).nextAct).toBe(600);
  });

  it('Str 8, Dex 0: each try fails with probability 28/41', () => {
    let fails = 0;
    let tries = 0;
    for (const w of overSeeds(200, (seed) => corridor('pit', { seed, player: { traits: { birdWings: true } } }), (w) => w)) {
      stepEast(w);
      tries++;
      if (texts(stepEast(w)).includes('You try to escape the pit, but slip back in.')) fails++;
    }
    expect(Math.abs(fails / tries - 28 / 41)).toBeLessThan(4 * Math.sqrt(((28 / 41) * (13 / 41)) / tries));
  });

  it('monster: 10-20 and 1000 moves lost; a tiny animal is not hurt', () => {
    const w = monsterOn('pit', 'O', { monsters: [{ hp: 100, maxHp: 100 }] });
    const ogre = monster(w);
    const d = totalDamage(fire(w, 'pit', ogre), ogre.id);
    expect(d).toBeGreaterThanOrEqual(10);
    expect(d).toBeLessThanOrEqual(20);
    expect(ogre.nextAct).toBe(Math.round(100000 / 90));
    const rat = monsterOn('pit', 'r');
    expect(totalDamage(fire(rat, 'pit', monster(rat)), monster(rat).id)).toBe(0);
  });
});

describe('spiked pit', () => {
  it('player: 20-50 to one leg, arm or torso unless rng(5, 30) < dodge; stuck; the spears break 25% of the time into a pit, each spear dropping 30%', () => {
    let broke = 0;
    const parts = new Set<string>();
    const runs = overSeeds(240, (seed) => corridor('spike_pit', { seed }), (w) => ({ w, ev: stepEast(w) }));
    for (const { w, ev } of runs) {
      const d = damageTo(ev, 1);
      expect(d).toHaveLength(1);
      expect(['leg_l', 'leg_r', 'arm_l', 'arm_r', 'torso']).toContain(d[0]!.part);
      parts.add(d[0]!.part!);
      expect(d[0]!.amount).toBeGreaterThanOrEqual(20);
      expect(d[0]!.amount).toBeLessThanOrEqual(50);
      expect(hero(w).status.in_pit).toBe(1);
      const kind = trapAt(w, 4, 1)!.kind;
      if (kind === 'pit') {
        broke++;
        expect(texts(ev)).toContain('The spears break!');
        expect(trapAt(w, 4, 1)!.knownBy).toContain(1);
        const spears = w.items.filter((i) => i.kind === 'spear_wood').reduce((s, i) => s + i.count, 0);
        expect(spears).toBeLessThanOrEqual(4);
      } else expect(kind).toBe('spike_pit');
    }
    expect(parts.size).toBe(5);
    // Binomial(240, 1/4): mean 60, sd 6.7.
    expect(broke).toBeGreaterThan(60 - 27);
    expect(broke).toBeLessThan(60 + 27);
  });

  it('a dodge of 30 avoids the spikes (rng(5, 30) < 30 + Dex / 2)', () => {
    const w = corridor('spike_pit', { player: { traits: { dodge: 30 } } });
    const ev = fire(w, 'spike_pit', hero(w));
    expect(texts(ev)).toContain('You avoid the spikes within.');
    expect(damageTo(ev, 1)).toEqual([]);
  });

  it('monster: 20-50 and 1000 moves lost', () => {
    const w = monsterOn('spike_pit', 'O', { monsters: [{ hp: 100, maxHp: 100 }] });
    const d = totalDamage(fire(w, 'spike_pit', monster(w)), monster(w).id);
    expect(d).toBeGreaterThanOrEqual(20);
    expect(d).toBeLessThanOrEqual(50);
  });
});

describe('sinkhole', () => {
  it('without a rope the player sinks a level', () => {
    const w = corridor('sinkhole', { settings: { startingKit: false } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You sink into the sinkhole!');
    expect(w.depth).toBe(2);
  });

  it('with a 30 ft rope, a sure throw (Throw 12) and pull (Unarmed 7): pulled to safety, the sinkhole becomes a pit', () => {
    const w = corridor('sinkhole', { player: { traits: { throw: 12, unarmed: 7 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toEqual(expect.arrayContaining(['The rope catches something!', 'You pull yourself to safety!  The sinkhole collapses.']));
    expect(w.depth).toBe(1);
    expect(trapAt(w, 4, 1)?.kind).toBe('pit');
    expect([3, 5]).toContain(hero(w).x);
  });

  it('a throw that cannot reach 12 misses: the player sinks and, with Str + Dex < 3, loses the rope', () => {
    const w = corridor('sinkhole', { player: { traits: { str: 0, dex: 0 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('Your throw misses completely, and you sink!');
    expect(w.depth).toBe(2);
    expect(hero(w).inventory.some((i) => i.kind === 'rope_30')).toBe(false);
  });

  it('too weak to pull (Unarmed 0, Str 0 after a sure throw): you sink and the rope is lost', () => {
    const w = corridor('sinkhole', { player: { traits: { throw: 12, str: 0 } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You\u2019re not strong enough to pull yourself out...');
    expect(w.depth).toBe(2);
    expect(hero(w).inventory.some((i) => i.kind === 'rope_30')).toBe(false);
  });

  it('a monster falls out of the level', () => {
    const w = monsterOn('sinkhole', 'O');
    fire(w, 'sinkhole', monster(w));
    expect(monster(w).alive).toBe(false);
  });
});

describe('ledge', () => {
  it('the player falls a level; it is lethal to any monster; fliers are immune', () => {
    const w = corridor('ledge');
    expect(texts(stepEast(w))).toContain('You fall down a level!');
    expect(w.depth).toBe(2);
    const ogre = monsterOn('ledge', 'O', { monsters: [{ hp: 500, maxHp: 500 }] });
    fire(ogre, 'ledge', monster(ogre));
    expect(monster(ogre).alive).toBe(false);
    const bat = cddaWorld({ map: ['#######', '#@.b^.#', '#######'], traps: [{ kind: 'ledge' }] });
    const b = monster(bat);
    expect(b.flying).toBe(true);
    const ctx = arrive(bat, b, 4, 1);
    expect(ctx.events.some((e) => e.type === 'trapTriggered')).toBe(false);
    expect(b.alive).toBe(true);
  });
});

describe('lava', () => {
  it('player: 20 to each foot and leg, so 40 off each leg\u2019s HP', () => {
    const w = corridor('lava');
    const ev = stepEast(w);
    expect(texts(ev)).toContain('The lava burns you horribly!');
    expect(partHp(w, 'leg_l')).toBe(FULL - 40);
    expect(partHp(w, 'leg_r')).toBe(FULL - 40);
    expect(partHp(w, 'torso')).toBe(FULL);
  });

  it('monsters by material: flesh 50, veggy 80, steel 5', () => {
    for (const [material, dmg] of [
      ['flesh', 50],
      ['veggy', 80],
      ['steel', 5],
    ] as const) {
      const w = monsterOn('lava', 'O', { monsters: [{ hp: 500, maxHp: 500, traits: { material } }] });
      expect(totalDamage(fire(w, 'lava', monster(w)), monster(w).id)).toBe(dmg);
    }
  });

  it('monsters know to go round lava, open pits and ledges (not a tiny one round a pit), and traps that went off under them', () => {
    const w = cddaWorld({ map: ['#########', '#@^^^^^.#', '#..O.r..#', '#########'], traps: [{ kind: 'lava' }, { kind: 'pit' }, { kind: 'ledge' }, { kind: 'beartrap' }, { kind: 'board' }] });
    const ogre = w.actors.find((a) => a.kind === 'ogre')!;
    const rat = w.actors.find((a) => a.kind === 'rat')!;
    const at = (x: number) => trapAt(w, x, 1)!;
    expect(ruleset.monsterKnowsTrap(w, ogre, at(2))).toBe(true);
    expect(ruleset.monsterKnowsTrap(w, ogre, at(3))).toBe(true);
    expect(ruleset.monsterKnowsTrap(w, ogre, at(4))).toBe(true);
    expect(ruleset.monsterKnowsTrap(w, rat, at(3))).toBe(false);
    expect(ruleset.monsterKnowsTrap(w, ogre, at(5))).toBe(false);
    edit(w, (p) => {
      const o = actorIn(p, ogre.id);
      o.hp = o.maxHp = 500;
    });
    fire(w, 'board', ogre);
    expect(ruleset.monsterKnowsTrap(w, ogre, at(6))).toBe(true);
  });
});
