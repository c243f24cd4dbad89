/**
 * Land mines and booby traps: the seed's figures ("explosion by itself deals up to 15-45" for
 * power 10, "27-81" for power 18) from CDDA's explosion of its era: radius floor(sqrt(power/4)),
 * 3 x power at the centre, 3 x power / distance around it; shrapnel charges that fly up to 12 (mine)
 * or 40 (booby trap) squares and deal 20-60.
 */
import { describe, expect, it } from 'vitest';
import { edit } from '../../../src/core/level.ts';
import { blastDamage, blastRadius, lineFrom } from '../../../src/rulesets/cdda/explosion.ts';
import { heroIn } from '../../support/heroIn.ts';
import { cddaWorld, corridor, damageTo, fire, hero, monster, monsterOn, noises, overSeeds, stepEast, texts } from './helpers.ts';

describe('the blast', () => {
  it('radius 1 for a land mine (power 10), 2 for a booby trap (18); 3 x power at the centre, divided by distance around it', () => {
    expect(blastRadius(10)).toBe(1);
    expect(blastRadius(18)).toBe(2);
    expect(blastDamage(10, 0)).toBe(30);
    expect(blastDamage(10, 1)).toBe(30);
    expect(blastDamage(18, 0)).toBe(54);
    expect(blastDamage(18, 2)).toBe(27);
  });

  it('lines start next to their origin and end on the target', () => {
    expect(lineFrom(0, 0, 3, 0)).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(lineFrom(0, 0, 2, 2)).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(lineFrom(5, 5, 5, 5)).toEqual([]);
  });
});

describe('land mine', () => {
  it('on the player: torso 15-45, head, arms and legs 10-30 each; 100 noise; the mine is gone', () => {
    for (const { w, ev } of overSeeds(30, (seed) => corridor('landmine', { seed }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(texts(ev)).toEqual(expect.arrayContaining(['You trigger a land mine!', 'You\u2019re caught in the explosion!']));
      expect(noises(ev)).toContain(100);
      expect(w.traps).toHaveLength(0);
      // Shrapnel flies out from the centre and never hits the one standing on it.
      const d = damageTo(ev, 1);
      const by: Record<string, number> = {};
      for (const x of d) by[x.part!] = (by[x.part!] ?? 0) + x.amount;
      expect(Object.keys(by).sort()).toEqual(['arm_l', 'arm_r', 'head', 'leg_l', 'leg_r', 'torso']);
      expect(by.torso).toBeGreaterThanOrEqual(15);
      expect(by.torso).toBeLessThanOrEqual(45);
      for (const part of ['head', 'arm_l', 'arm_r', 'leg_l', 'leg_r']) {
        expect(by[part]).toBeGreaterThanOrEqual(10);
        expect(by[part]).toBeLessThanOrEqual(30);
      }
    }
  });

  it('a monster next to it takes 15-45 from the blast (plus any shrapnel of 20-60); a tiny animal does not set it off', () => {
    for (const { w, ev } of overSeeds(
      30,
      (seed) => cddaWorld({ seed, map: ['#######', '#@....#', '#..^O.#', '#.....#', '#######'], traps: [{ kind: 'landmine' }], monsters: [{ hp: 1000, maxHp: 1000 }], sleepingMonsters: true }),
      (w) => ({ w, ev: fire(w, 'landmine', hero(w)) }),
    )) {
      const d = damageTo(ev, monster(w).id).map((x) => x.amount);
      expect(d.length).toBeGreaterThanOrEqual(1);
      expect(d[0]).toBeGreaterThanOrEqual(15);
      expect(d[0]).toBeLessThanOrEqual(45);
      for (const s of d.slice(1)) {
        expect(s).toBeGreaterThanOrEqual(20);
        expect(s).toBeLessThanOrEqual(60);
      }
    }
    const rat = monsterOn('landmine', 'r');
    fire(rat, 'landmine', monster(rat));
    expect(rat.traps).toHaveLength(1);
  });

  it('shrapnel is stopped by walls: a sealed pocket around the mine keeps the far room clean', () => {
    for (const w of overSeeds(
      20,
      (seed) => cddaWorld({ seed, map: ['#########', '#@#.....#', '#^#..O..#', '###.....#', '#########'], traps: [{ kind: 'landmine' }], sleepingMonsters: true }),
      (w) => {
        edit(w, (p) => {
          heroIn(p).y = 2;
        });
        fire(w, 'landmine', hero(w));
        return w;
      },
    )) {
      expect(monster(w).hp).toBe(monster(w).maxHp);
    }
  });
});

describe('booby trap', () => {
  it('power 18: torso 27-81 at the centre, a monster two squares away takes 13-40 (dam 27), plus shrapnel', () => {
    for (const { w, ev } of overSeeds(
      20,
      (seed) => cddaWorld({ seed, map: ['#########', '#.......#', '#.@^..O.#', '#.......#', '#########'], traps: [{ kind: 'boobytrap' }], monsters: [{ hp: 1000, maxHp: 1000 }], sleepingMonsters: true }),
      (w) => {
        edit(w, (p) => {
          heroIn(p).x = 3;
        });
        return { w, ev: fire(w, 'boobytrap', hero(w)) };
      },
    )) {
      expect(noises(ev)).toContain(180);
      const torso = damageTo(ev, 1).filter((x) => x.part === 'torso')[0]!.amount;
      expect(torso).toBeGreaterThanOrEqual(27);
      expect(torso).toBeLessThanOrEqual(81);
      // The ogre at distance 3 is outside the radius-2 blast: only shrapnel (20-60 per charge) can reach it.
      for (const x of damageTo(ev, monster(w).id)) {
        expect(x.amount).toBeGreaterThanOrEqual(20);
        expect(x.amount).toBeLessThanOrEqual(60);
      }
    }
  });

  it('a monster two squares from a booby trap is in the blast: rng(13, 40)', () => {
    for (const { w, ev } of overSeeds(
      20,
      (seed) => cddaWorld({ seed, map: ['#########', '#@......#', '#..^.O..#', '#.......#', '#########'], traps: [{ kind: 'boobytrap' }], monsters: [{ hp: 1000, maxHp: 1000 }], sleepingMonsters: true }),
      (w) => ({ w, ev: fire(w, 'boobytrap', monster(w)) }),
    )) {
      const first = damageTo(ev, monster(w).id)[0]!.amount;
      expect(first).toBeGreaterThanOrEqual(13);
      expect(first).toBeLessThanOrEqual(40);
    }
  });
});
