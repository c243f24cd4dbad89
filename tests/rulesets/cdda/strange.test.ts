/**
 * Teleport pad, goo pit, dissector, shimmering portal, raised tile flooding, and the
 * visibility-99 magical traps (glow, hum, shadow, drain, snake).
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { chebyshev, idx, isWalkable, Terrain } from '../../../src/core/world.ts';
import { cddaWorld, corridor, damageTo, fire, hero, monster, monsterOn, noises, overSeeds, stepEast, texts, totalDamage } from './helpers.ts';
import { edit, trapAt } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

const OPEN = ['############################', ...Array.from({ length: 12 }, (_, i) => (i === 5 ? '#..........@^..............#' : '#..........................#')), '############################'];

describe('teleport pad', () => {
  it('the player lands on an empty walkable square within 12, with 8 noise', () => {
    for (const { w, ev } of overSeeds(20, (seed) => cddaWorld({ seed, map: OPEN, traps: [{ kind: 'telepad' }], player: { traits: { dex: 0, clumsy: true } } }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(texts(ev)).toContain('The air shimmers around you...');
      expect(noises(ev)).toContain(8);
      const p = hero(w);
      expect(p.alive).toBe(true);
      expect(chebyshev(p.x, p.y, 12, 6)).toBeLessThanOrEqual(12);
      expect(isWalkable(w.terrain[idx(w, p.x, p.y)]!)).toBe(true);
      expect(trapAt(w, 12, 6)?.kind).toBe('telepad');
    }
  });

  it('with no square in reach to stand in but its own, the player teleports into the rock and dies (unless one of the 15 draws is its own square: 1 - (624/625)^15, 2.4%; not this seed)', () => {
    const w = cddaWorld({ map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'telepad' }] });
    edit(w, (plain) => {
      heroIn(plain).x = 2;
      plain.terrain[idx(plain, 1, 1)] = Terrain.Wall;
      plain.terrain[idx(plain, 3, 1)] = Terrain.Wall;
    });
    const p = hero(w);
    const ev = fire(w, 'telepad', p);
    expect(texts(ev).some((t) => /^You teleport into the middle of a /.test(t))).toBe(true);
    expect(p.alive).toBe(false);
    expect(w.over?.won).toBe(false);
  });

  it('a monster whose nine first tries hit rock explodes', () => {
    const w = monsterOn('telepad', 'O');
    edit(w, (p) => {
      for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) if (!(x === 5 && y === 2) && !(x === 1 && y === 1)) p.terrain[idx(p, x, y)] = Terrain.Wall;
    });
    // Only the player's square is open, and a monster counts it as blocked.
    fire(w, 'telepad', monster(w));
    expect(monster(w).alive).toBe(false);
  });
});

describe('goo pit', () => {
  it('player: Slimed; 30% of the time 0-5 to each foot; the goo is used up', () => {
    let hurt = 0;
    for (const { w, ev } of overSeeds(200, (seed) => corridor('goo', { seed }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(texts(ev)).toContain('You step in a puddle of thick goo.');
      expect(hero(w).status.slimed).toBeGreaterThan(0);
      expect(w.traps).toHaveLength(0);
      if (texts(ev).includes('The acidic goo eats away at your feet.')) {
        hurt++;
        for (const d of damageTo(ev, 1)) expect(d.amount).toBeLessThanOrEqual(5);
      } else expect(damageTo(ev, 1)).toEqual([]);
    }
    // Binomial(200, 0.3): mean 60, sd 6.5.
    expect(hurt).toBeGreaterThan(60 - 26);
    expect(hurt).toBeLessThan(60 + 26);
  });

  it('a monster becomes a blob with 15 less than a blob\u2019s speed (85) and as much health; a blob gains 15 speed', () => {
    const w = monsterOn('goo', 'k');
    const m = monster(w);
    fire(w, 'goo', m);
    expect(m.kind).toBe('blob');
    expect(m.speed).toBe(70);
    expect(m.hp).toBe(70);
    const again = cddaWorld({ map: ['#####', '#@^k#', '#####'], traps: [{ kind: 'goo' }], monsters: [{ kind: 'blob', speed: 70 }] });
    fire(again, 'goo', monster(again));
    expect(monster(again).speed).toBe(85);
    expect(monster(again).hp).toBe(85);
  });
});

describe('dissector', () => {
  it('player: every part hurt up to 10 (hands, feet), 12 (arms, legs), 15 (head), 20 (torso); 10 noise', () => {
    for (const ev of overSeeds(20, (seed) => corridor('dissector', { seed }), (w) => stepEast(w))) {
      expect(noises(ev)).toContain(10);
      const d = damageTo(ev, 1);
      // Hands and feet hurt their arm's and leg's HP: two hits on each limb.
      expect(d.map((x) => x.part)).toEqual(['head', 'torso', 'arm_l', 'arm_r', 'arm_l', 'arm_r', 'leg_l', 'leg_r', 'leg_l', 'leg_r']);
      const max = [15, 20, 12, 12, 10, 10, 12, 12, 10, 10];
      d.forEach((x, i) => {
        expect(x.amount).toBeGreaterThanOrEqual(1);
        expect(x.amount).toBeLessThanOrEqual(max[i]!);
      });
    }
  });

  it('60 to a monster; a robot is spared', () => {
    const w = monsterOn('dissector', 'O', { monsters: [{ hp: 100, maxHp: 100 }] });
    expect(totalDamage(fire(w, 'dissector', monster(w)), monster(w).id)).toBe(60);
    const robot = monsterOn('dissector', 'O', { monsters: [{ traits: { robotic: true } }] });
    expect(totalDamage(fire(robot, 'dissector', monster(robot)), monster(robot).id)).toBe(0);
  });
});

describe('shimmering portal', () => {
  it('does nothing', () => {
    const w = corridor('portal');
    const ev = stepEast(w);
    expect(damageTo(ev, 1)).toEqual([]);
    expect(hero(w).x).toBe(4);
    expect(w.traps).toHaveLength(1);
  });
});

describe('raised tile', () => {
  const ROOM = ['#########', '#.......#', '#..@^...#', '#.......#', '#########'];

  it('only the player sets it off; the room floods from the tile, full in floodTurns turns after a 3-turn delay', () => {
    const w = cddaWorld({ map: ROOM, traps: [{ kind: 'raised_tile' }], player: { traits: { dex: 0, clumsy: true } }, settings: { floodTurns: 4 } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('You step on a loose tile, and water starts to flood the room!');
    const water = () => Array.from(w.terrain).filter((t) => t === Terrain.Water).length;
    const counts: number[] = [];
    for (let i = 0; i < 10; i++) {
      step(w, { type: 'wait' });
      counts.push(water());
    }
    // Nothing for the delay, then growing, then all 21 floor cells of the room.
    expect(counts[0]).toBe(0);
    expect(Math.max(...counts)).toBe(21);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    expect(new Set(counts).size).toBeGreaterThanOrEqual(4);
    expect(w.traps).toHaveLength(0);
  });

  it('a monster on it does nothing', () => {
    const w = monsterOn('raised_tile', 'O');
    fire(w, 'raised_tile', monster(w));
    expect(w.traps[0]!.armed).toBe(true);
  });
});

describe('the magical traps (visibility 99)', () => {
  it('drain: every body part loses 1', () => {
    const ev = stepEast(corridor('drain'));
    expect(texts(ev)).toContain('You feel your life force sapping away.');
    expect(damageTo(ev, 1).map((d) => d.amount)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('glow: 30% radiation 10-30, else 25% a flash, else harmless flashes', () => {
    const n = 400;
    let rad = 0;
    let flash = 0;
    for (const { w, ev } of overSeeds(n, (seed) => corridor('glow', { seed }), (w) => ({ w, ev: stepEast(w) }))) {
      const t = texts(ev);
      if (t.includes('You\u2019re bathed in radiation!')) {
        rad++;
        expect(hero(w).traits.radiation).toBeGreaterThanOrEqual(10);
        expect(hero(w).traits.radiation).toBeLessThanOrEqual(30);
      } else if (t.includes('A blinding flash strikes you!')) {
        flash++;
        expect(hero(w).status.blind).toBeGreaterThan(0);
      } else expect(t).toContain('Small flashes surround you.');
    }
    expect(Math.abs(rad / n - 0.3)).toBeLessThan(0.1);
    expect(Math.abs(flash / n - 0.7 * 0.25)).toBeLessThan(0.08);
  });

  it('hum: a noise of 1-200', () => {
    for (const ev of overSeeds(20, (seed) => corridor('hum', { seed }), (w) => stepEast(w))) {
      const v = noises(ev);
      expect(v).toHaveLength(1);
      expect(v[0]).toBeGreaterThanOrEqual(1);
      expect(v[0]).toBeLessThanOrEqual(200);
    }
  });

  it('shadow: only the player; a shadow forms nearby and the trap is gone', () => {
    const w = cddaWorld({ map: OPEN, traps: [{ kind: 'shadow' }], player: { traits: { dex: 0, clumsy: true } } });
    const ev = stepEast(w);
    expect(texts(ev)).toContain('A shadow forms nearby.');
    const s = w.actors.find((a) => a.kind === 'shadow')!;
    expect(chebyshev(s.x, s.y, 12, 6)).toBe(5);
    expect(w.traps).toHaveLength(0);
    const m = monsterOn('shadow', 'O');
    fire(m, 'shadow', monster(m));
    expect(m.actors).toHaveLength(2);
  });

  it('snake: a shadow snake for the player, always a hiss of 10; the trap is destroyed 16% of the time', () => {
    let destroyed = 0;
    for (const { w, ev } of overSeeds(300, (seed) => cddaWorld({ seed, map: OPEN, traps: [{ kind: 'snake' }], player: { traits: { dex: 0, clumsy: true } } }), (w) => ({ w, ev: stepEast(w) }))) {
      expect(noises(ev)).toContain(10);
      expect(w.actors.some((a) => a.kind === 'shadow_snake')).toBe(true);
      if (w.traps.length === 0) destroyed++;
    }
    // Binomial(300, 0.16): mean 48, sd 6.3.
    expect(destroyed).toBeGreaterThan(48 - 25);
    expect(destroyed).toBeLessThan(48 + 25);
  });
});
