/**
 * The teleport pad's landing is one program read twice: play (strange.ts `telepad`) samples the
 * program the `teleport` and `step` checks read exactly (teleport.ts). Two tests hold that:
 *
 *  - play's landing IS the program's draw: on the traps stream as play finds it, the program's
 *    sample names the square play then puts the survivor on (a loop of play's own, even one with
 *    the same odds, fails this);
 *  - under a known truth, on small hand-made levels with k empty, m blocked and c monster squares,
 *    the classes come out of thousands of set-offs as often as the exact reading says, within a
 *    99.9% interval each; and the exact reading is game::teleport's, computed here from the rule
 *    (15 draws of the 625 squares while impassable; the first passable one taken, a monster's or
 *    the own too; 15 impassable: the last).
 */
import { describe, expect, it } from 'vitest';
import { edit, player } from '../../../src/core/level.ts';
import { exact, sample } from '../../../src/core/prob.ts';
import { Stream } from '../../../src/core/rng.ts';
import type { World } from '../../../src/core/world.ts';
import { type Landing, LANDINGS, landingProgram, landingSquareProgram, landingSquares } from '../../../src/rulesets/cdda/teleport.ts';
import { heroIn } from '../../support/heroIn.ts';
import { cddaWorld, fire } from './helpers.ts';

/** Small rooms (the pad east of the hero): most of the 625 squares are off the map, so walls come up often. */
const LEVELS: Record<string, readonly string[]> = {
  'a 5 x 5 room, two monsters': ['#######', '#.k...#', '#.....#', '#..@^.#', '#...o.#', '#.....#', '#######'],
  'a 9 x 9 room with four pillars and six monsters': [
    '###########',
    '#.k.....r.#',
    '#.........#',
    '#..#...#..#',
    '#...k.....#',
    '#....@^...#',
    '#.o.......#',
    '#..#...#..#',
    '#.....g...#',
    '#...b.....#',
    '###########',
  ],
  'a 3 x 3 room, four monsters around the pad': ['#####', '#k.k#', '#@^.#', '#k.o#', '#####'],
};

/** The level with the survivor standing on the pad, everyone asleep; `seed` picks the streams. */
function onPad(map: readonly string[], seed: string): World {
  const w = cddaWorld({ seed, map: [...map], traps: [{ kind: 'telepad' }], sleepingMonsters: true });
  const pad = w.traps[0]!;
  edit(w, (plain) => {
    const h = heroIn(plain);
    h.x = pad.x;
    h.y = pad.y;
  });
  return w;
}

/** What setting the pad off did, read from the world and the events alone. */
function landed(w: World): { at: Landing; x: number; y: number } {
  const hero = player(w);
  const pad = w.traps[0]!;
  const ev = fire(w, 'telepad', hero);
  const died = ev.flatMap((e) => (e.type === 'died' ? [e.actor] : []));
  const now = player(w);
  if (died.includes(w.playerId)) return { at: 'blocked', x: now.x, y: now.y };
  if (died.length > 0) return { at: 'monster', x: now.x, y: now.y };
  if (now.x === pad.x && now.y === pad.y) return { at: 'self', x: now.x, y: now.y };
  return { at: 'empty', x: now.x, y: now.y };
}

/** game::teleport's odds of each class, from the rule (not the program): P(all 15 impassable) = (m/625)^15, else the first passable one. */
function byHand(k: number, m: number): Record<Landing, number> {
  const walled = (m / 625) ** 15;
  const passable = 625 - m;
  return { empty: ((1 - walled) * k) / passable, monster: ((1 - walled) * (624 - k - m)) / passable, self: (1 - walled) / passable, blocked: walled };
}

describe('cdda teleport pad: play samples the program the readings read', () => {
  it('play lands where the program, drawn on the traps stream play finds, says: the class and the very square', () => {
    const map = LEVELS['a 9 x 9 room with four pillars and six monsters']!;
    const seen = new Set<Landing>();
    for (let i = 0; i < 300; i++) {
      const w = onPad(map, `struct-${i}`);
      const hero = player(w);
      const squares = landingSquares(w, hero.id, hero.x, hero.y);
      const want = sample(landingSquareProgram(squares), new Stream(w.rng.traps));
      const [x, y] = want.at === 'self' ? [hero.x, hero.y] : squares[want.at][want.index]!;
      const got = landed(w);
      expect(got.at, `seed struct-${i}`).toBe(want.at);
      // Into a wall the survivor dies where it stood; anywhere else it is on the square drawn.
      if (want.at !== 'blocked') expect([got.x, got.y], `seed struct-${i}`).toEqual([x, y]);
      seen.add(got.at);
    }
    // Every class came up, so each branch of play was held to the program.
    expect([...seen].sort()).toEqual([...LANDINGS].sort());
  });

  for (const [name, map] of Object.entries(LEVELS)) {
    it(`${name}: the classes of 2,000 set-offs against the exact reading (game::teleport's), within 99.9% each`, () => {
      const first = onPad(map, 'freq-0');
      const hero = player(first);
      const squares = landingSquares(first, hero.id, hero.x, hero.y);
      const k = squares.empty.length;
      const m = squares.blocked.length;
      const c = squares.monster.length;
      expect(k + m + c).toBe(624);
      expect(c).toBeGreaterThan(0);
      // Counted from the map by hand: everything off the map or a wall is blocked.
      const inside = map.join('').split('').filter((ch) => ch !== '#').length;
      expect(m).toBe(625 - inside);
      const read = Object.fromEntries(exact(landingProgram(k, m)).map((o) => [o.value, o.p])) as Record<Landing, number>;
      const truth = byHand(k, m);
      for (const l of LANDINGS) expect(read[l] ?? 0, l).toBeCloseTo(truth[l], 12);
      const n = 2000;
      const counts: Record<Landing, number> = { empty: 0, monster: 0, self: 0, blocked: 0 };
      for (let i = 0; i < n; i++) counts[landed(onPad(map, `freq-${i}`)).at]++;
      for (const l of LANDINGS) {
        const p = truth[l];
        // 99.9% two-sided: 3.29 standard errors.
        const half = 3.29 * Math.sqrt((p * (1 - p)) / n) + 1e-9;
        expect(Math.abs(counts[l] / n - p), `${l}: ${counts[l]} of ${n}, read ${p}`).toBeLessThanOrEqual(half);
      }
    });
  }
});
