/**
 * The rules in play: the per-turn detection roll, stepping (confirmation, the avoidance dice,
 * immune fliers), body parts (head or torso at 0 kills), the survivor, the HUD, and placement.
 */
import { describe, expect, it } from 'vitest';
import { newGame, step } from '../../../src/core/engine.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { chebyshev } from '../../../src/core/world.ts';
import { ruleset, STARTING_KIT } from '../../../src/rulesets/cdda/index.ts';
import { arrive, cddaWorld, corridor, hero, monster, overSeeds, partHp, stepEast, texts, upperTail } from './helpers.ts';
import { trapAt } from '../../../src/core/level.ts';

describe('detection in play', () => {
  it('a perceptive survivor spots a pit (V0) next to them at the end of the turn, with its direction', () => {
    const w = cddaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'pit' }], player: { traits: { per: 30, int: 30 } } });
    const r = step(w, { type: 'wait' });
    expect(texts(r.events)).toContain("You've spotted a pit to the east!");
    expect(trapAt(w, 3, 1)!.knownBy).toContain(1);
  });

  it('visibility 99 is never spotted', () => {
    const w = cddaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'glow' }], player: { traits: { per: 30, int: 30, traps: 10, profSpotting: true } } });
    for (let i = 0; i < 30; i++) step(w, { type: 'wait' });
    expect(trapAt(w, 3, 1)!.knownBy).toEqual([]);
  });

  it('one roll a turn: the seed\u2019s buried land mine next to an average survivor is found 6.68% of the time on the first turn', () => {
    const n = 600;
    const found = overSeeds(n, (seed) => cddaWorld({ seed, map: ['######', '#.@^.#', '######'], traps: [{ kind: 'landmine_buried' }] }), (w) => {
      step(w, { type: 'wait' });
      return trapAt(w, 3, 1)!.knownBy.includes(1);
    }).filter(Boolean).length;
    const p = upperTail(1.5);
    expect(Math.abs(found / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });

  it('an action that takes several turns rolls once for each: setting a land mine (275 moves) rolls twice', () => {
    const n = 1500;
    const found = overSeeds(n, (seed) => cddaWorld({ seed, map: ['#######', '#.@^..#', '#######'], traps: [{ kind: 'landmine_buried' }] }), (w) => {
      const r = step(w, { type: 'rig', what: 'landmine', dx: -1, dy: 0 });
      expect(r.refused).toBeUndefined();
      expect(Math.floor(w.time / 100)).toBe(2);
      return trapAt(w, 3, 1)!.knownBy.includes(1);
    }).filter(Boolean).length;
    // Two turns went by: two rolls, each 1 - Phi(1.5) (RULES.md: one roll every turn).
    const one = upperTail(1.5);
    const p = 1 - (1 - one) ** 2;
    expect(Math.abs(found / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });

  it('free actions buy no extra rolls, and a blind survivor rolls none', () => {
    // A buried land mine three squares off is rarely seen, so every turn rolls for it.
    const w = cddaWorld({ map: ['########', '#.@^..^#', '########'], traps: [{ kind: 'cot', known: true }, { kind: 'landmine_buried' }] });
    step(w, { type: 'wait' });
    expect(hero(w).traits.lastDetectTurn).toBe(1);
    const before = JSON.stringify(w.rng.player);
    // Taking down the cot is free (no roll of its own): no time passes, so no detection roll either.
    step(w, { type: 'disarm', dx: 1, dy: 0 });
    expect(w.time).toBe(100);
    expect(JSON.stringify(w.rng.player)).toBe(before);
    step(w, { type: 'wait' });
    expect(hero(w).traits.lastDetectTurn).toBe(2);
    expect(JSON.stringify(w.rng.player)).not.toBe(before);
    const blind = cddaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'pit' }], player: { traits: { per: 30, int: 30 }, status: { blind: 50 } } });
    step(blind, { type: 'wait' });
    expect(trapAt(blind, 3, 1)!.knownBy).toEqual([]);
  });
});

describe('stepping on traps', () => {
  it('a visible trap asks for confirmation first', () => {
    const w = corridor('beartrap', { known: true });
    const r = step(w, { type: 'move', dx: 1, dy: 0 });
    expect(r.confirmTrap?.name).toBe('bear trap');
    expect(hero(w).x).toBe(3);
  });

  it('a nimble survivor aware of a 3d1 trap always avoids it (ties go to the victim)', () => {
    // The engine (A 0) rolls 3d[0]: 0-3; Dex 8 rolls 3-24: Dex 1 rolls exactly 3, never below.
    const w = cddaWorld({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'engine', known: true }], player: { traits: { dex: 1 } } });
    const r = stepEast(w);
    expect(r.some((e) => e.type === 'trapAvoided')).toBe(true);
    expect(texts(r)).toContain('You avoid the spinning blade engine.');
  });

  it('fliers are immune: a bat crosses a bear trap untouched', () => {
    const w = cddaWorld({ map: ['#######', '#@.b^.#', '#######'], traps: [{ kind: 'beartrap' }], sleepingMonsters: true });
    const bat = monster(w);
    const ctx = arrive(w, bat, 4, 1);
    expect(ctx.events.some((e) => e.type === 'trapTriggered' || e.type === 'trapAvoided')).toBe(false);
    expect(w.traps).toHaveLength(1);
  });

  it('a monster walking in rolls 3d[dodge + 1] against 3d[A], and a sprung trap goes off at it', () => {
    let sprung = 0;
    const n = 300;
    for (const w of overSeeds(n, (seed) => cddaWorld({ seed, map: ['#######', '#@.O^.#', '#######'], traps: [{ kind: 'board' }], monsters: [{ hp: 500, maxHp: 500, traits: { dodge: 0 } }], sleepingMonsters: true }), (w) => w)) {
      const ctx = arrive(w, monster(w), 4, 1);
      if (ctx.events.some((e) => e.type === 'trapTriggered')) sprung++;
      else expect(ctx.events.some((e) => e.type === 'trapAvoided')).toBe(true);
    }
    // 3d1 = 3 against 3d6 (spiked board A 6): avoided only on three ones, 1/216.
    expect(sprung).toBeGreaterThan(n - 6);
  });
});

describe('body parts', () => {
  it('six parts of 60 + 3 x Str HP; the actor\u2019s HP is their sum', () => {
    const w = corridor('board', { settings: { str: 10 } });
    for (const p of ['head', 'torso', 'arm_l', 'arm_r', 'leg_l', 'leg_r']) expect(partHp(w, p)).toBe(90);
    expect(hero(w).hp).toBe(540);
  });

  it('a torso at 0 kills; legs at 0 do not', () => {
    const legs = corridor('lava', { settings: { partHpBase: 10, str: 0 } });
    stepEast(legs);
    expect(partHp(legs, 'leg_l')).toBe(0);
    expect(hero(legs).alive).toBe(true);
    const torso = corridor('blade', { settings: { partHpBase: 10, str: 0 } });
    const ev = stepEast(torso);
    expect(hero(torso).alive).toBe(false);
    expect(torso.over?.cause).toBe('Killed by a spinning blade');
    expect(texts(ev)).toContain('You die... Killed by a spinning blade.');
  });
});

describe('the survivor and the HUD', () => {
  it('starts with stats from the settings, trap items to set and two first aid kits', () => {
    const spec = ruleset.player(resolveSettings(getRuleset('cdda')));
    expect(spec.traits).toMatchObject({ per: 8, int: 8, dex: 8, str: 8, traps: 0, dodge: 0, focus: 50 });
    expect(spec.speed).toBe(100);
    expect(spec.inventory!.map((i) => [i.kind, i.count])).toEqual([...STARTING_KIT.map(([k, n]) => [k, n]), ['first_aid', 2]]);
  });

  it('the HUD shows each part, the stats, the Traps skill and conditions', () => {
    const w = corridor('pit');
    stepEast(w);
    const lines = ruleset.hud(w, hero(w));
    const labels = lines.map((l) => l.label);
    expect(labels).toEqual(expect.arrayContaining(['Head', 'Torso', 'Left arm', 'Right arm', 'Left leg', 'Right leg', 'Traps', 'Condition']));
    expect(lines.find((l) => l.label === 'Condition')!.value).toContain('in a pit');
  });
});

describe('placement', () => {
  it('about trapDensity traps per 100 floor cells, whole blade traps, loaded shotguns, flooding tiles with their room', () => {
    for (const seed of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) {
      const w = newGame({ seed, ruleset: 'cdda' });
      expect(w.traps.length).toBeGreaterThanOrEqual(5);
      for (const t of w.traps) {
        if (t.kind === 'engine') {
          expect(w.traps.filter((b) => b.kind === 'blade' && chebyshev(b.x, b.y, t.x, t.y) === 1)).toHaveLength(8);
        }
        if (t.kind === 'shotgun') expect(t.charges).toBe(2);
        if (t.kind === 'raised_tile') expect(typeof t.data.x1).toBe('number');
        // Depth 1 has none of the deeper kinds.
        expect(['landmine', 'landmine_buried', 'boobytrap', 'dissector', 'ledge', 'lava', 'glow', 'hum', 'shadow', 'drain', 'snake']).not.toContain(t.kind);
      }
    }
    const dense = newGame({ seed: 'p1', ruleset: 'cdda', settings: { trapDensity: 0 } });
    expect(dense.traps).toHaveLength(0);
  });
});
