/**
 * The mechanical traps, set off by the player walking in (a survivor who never avoids them) or at
 * a monster through ctx.trigger: bubble wrap, bear traps, spiked board, tripwire, crossbow,
 * shotgun, spinning blades, snares, the cot. Numbers from the seed (and CDDA's code where it is
 * silent); random ones are checked over many seeds against their ranges and rates.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { getDodge } from '../../../src/rulesets/cdda/actors.ts';
import { corridor, cddaWorld, damageTo, fire, hero, monster, monsterOn, noises, overSeeds, partHp, stepEast, texts, totalDamage } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

const FULL = 60 + 3 * 8;

function itemsAt(w: ReturnType<typeof corridor>, x: number, y: number): string[] {
  return w.items
    .filter((i) => i.x === x && i.y === y)
    .flatMap((i) => Array.from({ length: i.count }, () => i.kind))
    .sort();
}

describe('bubble wrap', () => {
  it('pops with 18 noise and is gone; a tiny animal does not pop it', () => {
    const w = corridor('bubblewrap');
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You step on some bubble wrap!');
    expect(noises(ev)).toContain(18);
    expect(w.traps).toHaveLength(0);
    const rat = monsterOn('bubblewrap', 'r');
    expect(noises(fire(rat, 'bubblewrap', monster(rat)))).toEqual([]);
    expect(rat.traps).toHaveLength(1);
  });

  it('wakes a sleeping survivor next to it when 2d20 < 18 - distance (120/400 at distance 1)', () => {
    const woke = overSeeds(
      400,
      (seed) => {
        const w = monsterOn('bubblewrap', 'k', { seed });
        edit(w, (plain) => {
          const p = heroIn(plain);
          p.x = 6;
          p.y = 2;
          p.status = { ...p.status, asleep: 50 };
        });
        return w;
      },
      (w) => {
        fire(w, 'bubblewrap', monster(w));
        return (hero(w).status.asleep ?? 0) === 0;
      },
    ).filter(Boolean).length;
    // Binomial(400, 0.3): mean 120, sd 9.2.
    expect(woke).toBeGreaterThan(120 - 40);
    expect(woke).toBeLessThan(120 + 40);
  });
});

describe('bear trap', () => {
  it('player: 10-16 to one leg, SNAP (8 noise), works once and leaves the bear trap', () => {
    const runs = overSeeds(40, (seed) => corridor('beartrap', { seed }), (w) => ({ w, ev: stepEast(w) }));
    const amounts = new Set<number>();
    const legs = new Set<string>();
    for (const { w, ev } of runs) {
      expect(texts(ev)).toContain('A bear trap closes on your foot!');
      expect(noises(ev)).toContain(8);
      const d = damageTo(ev, 1);
      expect(d).toHaveLength(1);
      expect(['leg_l', 'leg_r']).toContain(d[0]!.part);
      expect(d[0]!.amount).toBeGreaterThanOrEqual(10);
      expect(d[0]!.amount).toBeLessThanOrEqual(16);
      amounts.add(d[0]!.amount);
      legs.add(d[0]!.part!);
      expect(w.traps).toHaveLength(0);
      expect(itemsAt(w, 4, 1)).toEqual(['beartrap']);
      expect(hero(w).status.beartrap ?? 0).toBe(0);
    }
    expect(legs.size).toBe(2);
    expect(amounts.size).toBeGreaterThanOrEqual(5);
  });

  it('the buried bear trap does the same', () => {
    const w = corridor('beartrap_buried');
    const ev = stepEast(w);
    expect(texts(ev)).toContain('A bear trap closes on your foot!');
    expect(itemsAt(w, 4, 1)).toEqual(['beartrap']);
  });

  it('monster: 35 damage, then Trapped 8-15 turns: no moves, dodge halved', () => {
    const w = monsterOn('beartrap', 'o', { monsters: [{ hp: 100, maxHp: 100, traits: { dodge: 4 } }], sleepingMonsters: false });
    const orc = monster(w);
    expect(getDodge(w, orc)).toBe(4);
    fire(w, 'beartrap', orc);
    expect(orc.hp).toBe(65);
    const held = orc.status.beartrap! - 1;
    expect(held).toBeGreaterThanOrEqual(8);
    expect(held).toBeLessThanOrEqual(15);
    expect(getDodge(w, orc)).toBe(2);
    expect(itemsAt(w, 5, 2)).toEqual(['beartrap']);
    // It hunts the player it sees, but stays put for exactly its Trapped turns.
    let stuck = 0;
    for (let t = 0; t < 20 && orc.x === 5 && orc.y === 2; t++) {
      step(w, { type: 'wait' });
      if (orc.x === 5 && orc.y === 2) stuck++;
    }
    expect(stuck).toBe(held);
  });

  it('monster: 35 kills an orc (15 HP) and the trap is left on the floor; tiny animals do not set it off', () => {
    const w = monsterOn('beartrap', 'o');
    fire(w, 'beartrap', monster(w));
    expect(monster(w).alive).toBe(false);
    expect(itemsAt(w, 5, 2)).toEqual(['beartrap']);
    const rat = monsterOn('beartrap', 'r');
    fire(rat, 'beartrap', monster(rat));
    expect(rat.traps).toHaveLength(1);
    expect(monster(rat).hp).toBe(4);
  });

  it('with bearTrapHoldsPlayer the player is Trapped 8-15 turns and cannot walk away', () => {
    const w = corridor('beartrap', { settings: { bearTrapHoldsPlayer: true } });
    stepEast(w);
    const held = hero(w).status.beartrap! - 1;
    expect(held).toBeGreaterThanOrEqual(8);
    expect(held).toBeLessThanOrEqual(15);
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You struggle to get free.');
    expect(hero(w).x).toBe(4);
  });
});

describe('spiked board', () => {
  it('player: 6-10 to each foot (each leg\u2019s HP); the board stays', () => {
    for (const { w, ev } of overSeeds(20, (seed) => corridor('board', { seed }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(texts(ev)).toContain('You step on a spiked board!');
      const d = damageTo(ev, 1);
      expect(d.map((x) => x.part)).toEqual(['leg_l', 'leg_r']);
      for (const x of d) {
        expect(x.amount).toBeGreaterThanOrEqual(6);
        expect(x.amount).toBeLessThanOrEqual(10);
      }
      expect(partHp(w, 'leg_l')).toBe(FULL - d[0]!.amount);
      expect(trapAt(w, 4, 1)?.kind).toBe('board');
    }
  });

  it('monster: 6-10 and 80 moves lost', () => {
    const w = monsterOn('board', 'O');
    const ogre = monster(w);
    const ev = fire(w, 'board', ogre);
    const dmg = totalDamage(ev, ogre.id);
    expect(dmg).toBeGreaterThanOrEqual(6);
    expect(dmg).toBeLessThanOrEqual(10);
    // 80 moves at the ogre's speed 90: round(80 x 100 / 90) ticks.
    expect(ogre.nextAct).toBe(Math.round(8000 / 90));
  });
});

describe('tripwire', () => {
  it('player: pushed to a free square by the wire, 150 moves lost, every part hurt 1-4 when rng(5,20) > Dex', () => {
    for (const { w, ev } of overSeeds(20, (seed) => corridor('tripwire', { seed }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(texts(ev)).toContain('You trip over a tripwire!');
      expect([3, 5]).toContain(hero(w).x);
      // The step's 100 moves and the wire's 150.
      expect(hero(w).nextAct).toBe(250);
      // Dex 0: rng(5, 20) > 0 always, so all six parts lose the same 1-4.
      const d = damageTo(ev, 1);
      expect(d).toHaveLength(6);
      expect(new Set(d.map((x) => x.amount)).size).toBe(1);
      expect(d[0]!.amount).toBeGreaterThanOrEqual(1);
      expect(d[0]!.amount).toBeLessThanOrEqual(4);
      expect(trapAt(w, 4, 1)?.kind).toBe('tripwire');
    }
  });

  it('Dex 20 is never hurt (rng(5, 20) > 20 never holds); a monster always takes 1-4', () => {
    const w = corridor('tripwire', { player: { traits: { dex: 20 } } });
    expect(damageTo(fire(w, 'tripwire', hero(w)), 1)).toEqual([]);
    for (const m of overSeeds(20, (seed) => monsterOn('tripwire', 'O', { seed }), (w) => totalDamage(fire(w, 'tripwire', monster(w)), monster(w).id))) {
      expect(m).toBeGreaterThanOrEqual(1);
      expect(m).toBeLessThanOrEqual(4);
    }
  });
});

describe('crossbow trap', () => {
  it('player: misses 25%, else the dodge check (rng(8,20) > dodge); 20-30 to a random part; leaves crossbow, string and (mostly) a bolt', () => {
    const runs = overSeeds(240, (seed) => corridor('crossbow', { seed }), (w) => ({ w, ev: stepEast(w) }));
    let hits = 0;
    let boltsAfterHit = 0;
    for (const { w, ev } of runs) {
      const d = damageTo(ev, 1);
      expect(w.traps).toHaveLength(0);
      const items = itemsAt(w, 4, 1);
      expect(items).toEqual(expect.arrayContaining(['crossbow', 'string_36']));
      if (d.length === 0) {
        expect(texts(ev)).toContain('You dodge the shot!');
        expect(items).toContain('bolt_steel');
        continue;
      }
      hits++;
      expect(d).toHaveLength(1);
      expect(['leg_l', 'leg_r', 'torso', 'head']).toContain(d[0]!.part);
      expect(d[0]!.amount).toBeGreaterThanOrEqual(20);
      expect(d[0]!.amount).toBeLessThanOrEqual(30);
      if (items.includes('bolt_steel')) boltsAfterHit++;
    }
    // Dex 0 and no Dodge: get_dodge 0, the dodge check always fails; 75% hit. Binomial(240, 0.75): mean 180, sd 6.7.
    expect(hits).toBeGreaterThan(180 - 30);
    expect(hits).toBeLessThan(180 + 30);
    // 90% of hits still drop the bolt.
    expect(boltsAfterHit / hits).toBeGreaterThan(0.8);
    expect(boltsAfterHit / hits).toBeLessThan(0.97);
  });

  it('a dodge of 20 always passes the check', () => {
    for (const ev of overSeeds(30, (seed) => corridor('crossbow', { seed, player: { traits: { dodge: 20 } } }), (w) => fire(w, 'crossbow', hero(w)))) {
      expect(damageTo(ev, 1)).toEqual([]);
      expect(texts(ev)).toContain('You dodge the shot!');
    }
  });

  it('monster: no dodge, but it misses 25% of the time', () => {
    const hits = overSeeds(200, (seed) => monsterOn('crossbow', 'O', { seed, monsters: [{ hp: 200, maxHp: 200 }] }), (w) => totalDamage(fire(w, 'crossbow', monster(w)), monster(w).id)).filter((d) => {
      if (d > 0) {
        expect(d).toBeGreaterThanOrEqual(20);
        expect(d).toBeLessThanOrEqual(30);
      }
      return d > 0;
    }).length;
    expect(hits).toBeGreaterThan(150 - 30);
    expect(hits).toBeLessThan(150 + 30);
  });
});

describe('shotgun trap', () => {
  it('two charges: a single shot (40-60) leaves one, a double (80-120) or the last charge spends it and leaves string and shotgun', () => {
    let singles = 0;
    let doubles = 0;
    for (const { w, ev } of overSeeds(200, (seed) => corridor('shotgun', { seed, charges: 2 }), (w) => ({ w, ev: fire(w, 'shotgun', hero(w)) }))) {
      expect(noises(ev)).toContain(60);
      const d = totalDamage(ev, 1);
      if (w.traps.length === 1) {
        singles++;
        expect(w.traps[0]!.charges).toBe(1);
        expect(d).toBeGreaterThanOrEqual(40);
        expect(d).toBeLessThanOrEqual(60);
        const last = fire(w, 'shotgun', hero(w));
        expect(totalDamage(last, 1)).toBeLessThanOrEqual(60);
        expect(w.traps).toHaveLength(0);
      } else {
        doubles++;
        expect(d).toBeGreaterThanOrEqual(80);
        expect(d).toBeLessThanOrEqual(120);
      }
      expect(itemsAt(w, 4, 1)).toEqual(['shotgun_sawn', 'string_36']);
    }
    // Str 8: one_in(8) or one_in(12) = 1/8 + 7/8 x 1/12 = 19/96 doubles (39.6 of 200, sd 5.6); rng(5, 50) > 0 always hits.
    expect(singles + doubles).toBe(200);
    expect(doubles).toBeGreaterThan(40 - 22);
    expect(doubles).toBeLessThan(40 + 22);
  });

  it('a dodge of 50 passes rng(5, 50) > dodge every time', () => {
    for (const ev of overSeeds(20, (seed) => corridor('shotgun', { seed, charges: 2, player: { traits: { dodge: 50 } } }), (w) => fire(w, 'shotgun', hero(w)))) {
      expect(damageTo(ev, 1)).toEqual([]);
      expect(texts(ev)).toContain('You dodge the shot!');
    }
  });

  it('monster: always hit in the torso; a huge share of doubles for a tiny animal is 1/8 + 7/8 x 1/100', () => {
    const doubles = overSeeds(200, (seed) => monsterOn('shotgun', 'O', { seed, monsters: [{ hp: 500, maxHp: 500 }] }), (w) => totalDamage(fire(w, 'shotgun', monster(w)), monster(w).id)).filter((d) => {
      expect(d).toBeGreaterThanOrEqual(40);
      return d > 60;
    }).length;
    // Large: 1/8 + 7/8 x 1/8 = 15/64 (46.9 of 200, sd 6).
    expect(doubles).toBeGreaterThan(47 - 24);
    expect(doubles).toBeLessThan(47 + 24);
  });
});

describe('spinning blade', () => {
  it('player: 12-30 to the torso; a monster takes 30 cut + 12 bash; the blade stays', () => {
    for (const { w, ev } of overSeeds(20, (seed) => corridor('blade', { seed }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(texts(ev)).toContain('A blade swings out and hacks your torso!');
      const d = damageTo(ev, 1);
      expect(d).toHaveLength(1);
      expect(d[0]!.part).toBe('torso');
      expect(d[0]!.amount).toBeGreaterThanOrEqual(12);
      expect(d[0]!.amount).toBeLessThanOrEqual(30);
      expect(trapAt(w, 4, 1)?.kind).toBe('blade');
    }
    const w = monsterOn('blade', 'O', { monsters: [{ hp: 100, maxHp: 100 }] });
    fire(w, 'blade', monster(w));
    expect(monster(w).hp).toBe(58);
  });

  it('the engine itself does nothing', () => {
    const w = corridor('engine');
    const ev = fire(w, 'engine', hero(w));
    expect(damageTo(ev, 1)).toEqual([]);
    expect(w.traps).toHaveLength(1);
  });
});

describe('snares', () => {
  it('light: the player\u2019s leg is caught for 10-20 turns; string and trigger are left', () => {
    const w = corridor('light_snare');
    const ev = stepEast(w);
    expect(texts(ev)).toContain('A snare closes on your leg.');
    const turns = hero(w).status.lightsnare! - 1;
    expect(turns).toBeGreaterThanOrEqual(10);
    expect(turns).toBeLessThanOrEqual(20);
    expect(itemsAt(w, 4, 1)).toEqual(['snare_trigger', 'string_36']);
    expect(texts(stepEast(w))).toContain('You struggle to get free.');
    expect(hero(w).x).toBe(4);
  });

  it('light: holds up to MEDIUM (a kobold 100-150 turns, an orc 20-30), not a LARGE ogre; kills a tiny rat with 10', () => {
    const kobold = monsterOn('light_snare', 'k');
    fire(kobold, 'light_snare', monster(kobold));
    expect(monster(kobold).status.lightsnare! - 1).toBeGreaterThanOrEqual(100);
    expect(monster(kobold).status.lightsnare! - 1).toBeLessThanOrEqual(150);
    const orc = monsterOn('light_snare', 'o');
    fire(orc, 'light_snare', monster(orc));
    expect(monster(orc).status.lightsnare! - 1).toBeGreaterThanOrEqual(20);
    expect(monster(orc).status.lightsnare! - 1).toBeLessThanOrEqual(30);
    const ogre = monsterOn('light_snare', 'O');
    const ev = fire(ogre, 'light_snare', monster(ogre));
    expect(texts(ev)).toContain('The snare has no effect on the ogre!');
    expect(monster(ogre).status.lightsnare ?? 0).toBe(0);
    const rat = monsterOn('light_snare', 'r');
    fire(rat, 'light_snare', monster(rat));
    expect(monster(rat).alive).toBe(false);
  });

  it('heavy: holds up to LARGE (an ogre 20-30 turns), leaves rope and trigger; the player\u2019s leg takes 35', () => {
    const ogre = monsterOn('heavy_snare', 'O');
    fire(ogre, 'heavy_snare', monster(ogre));
    expect(monster(ogre).status.heavysnare! - 1).toBeGreaterThanOrEqual(20);
    expect(monster(ogre).status.heavysnare! - 1).toBeLessThanOrEqual(30);
    expect(itemsAt(ogre, 5, 2)).toEqual(['rope_6', 'snare_trigger']);
    const w = corridor('heavy_snare');
    const ev = stepEast(w);
    const d = damageTo(ev, 1);
    expect(d).toHaveLength(1);
    expect(['leg_l', 'leg_r']).toContain(d[0]!.part);
    expect(d[0]!.amount).toBe(35);
    expect(hero(w).status.heavysnare! - 1).toBeGreaterThanOrEqual(20);
  });
});

describe('trap-like tools', () => {
  it('a monster stumbles over a cot (100 moves); the player walks over cot, brazier and roll mat untouched', () => {
    const w = monsterOn('cot', 'O');
    const ogre = monster(w);
    const ev = fire(w, 'cot', ogre);
    expect(ogre.nextAct).toBe(Math.round(10000 / 90));
    expect(w.traps).toHaveLength(1);
    expect(ev.some((e) => e.type === 'damaged')).toBe(false);
    for (const kind of ['cot', 'brazier', 'rollmat']) {
      const c = cddaWorld({ map: ['#####', '#@^.#', '#####'], traps: [{ kind, known: true }] });
      const r = stepEast(c);
      expect(hero(c).x).toBe(2);
      expect(r.some((e) => e.type === 'trapTriggered' || e.type === 'damaged')).toBe(false);
    }
  });
});
