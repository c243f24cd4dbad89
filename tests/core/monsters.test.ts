import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import { getRuleset, registerRuleset } from '../../src/core/registry.ts';
import type { Ruleset } from '../../src/core/ruleset.ts';
import { scenario } from '../support/scenario.ts';
import '../support/testRuleset.ts';
import { actorById, player } from '../../src/core/level.ts';

// A variant of the test ruleset in which monsters know every trap.
const knowing: Ruleset = { ...getRuleset('test'), id: 'test-knowing', monsterKnowsTrap: () => true };
registerRuleset(knowing);

// The kobold must come left to the player: straight through the trap cell, or round it by the
// row below (same length). Only a monster that knows the trap should take the way round.
const MAP = ['#########', '#@..^..k#', '#.......#', '#########'];

describe('monsters', () => {
  it('walk onto a trap they do not know of', () => {
    const seen = new Set<string>();
    // The route is straight along row 1 unless a random tie-break picks the row below; over seeds one takes the trap cell.
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const w = scenario({ ruleset: 'test', seed, map: MAP, traps: [{ kind: 'spike' }], monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 20 } }] });
      const kobold = w.actors.find((a) => a.kind === 'kobold')!;
      for (let i = 0; i < 6; i++) {
        step(w, { type: 'wait' });
        const k = actorById(w, kobold.id)!;
        seen.add(`${k.x},${k.y}`);
      }
    }
    expect(seen.has('4,1')).toBe(true);
  });

  it('route round a trap they know of (a path cost, not a wall)', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const w = scenario({ ruleset: 'test-knowing', seed, map: MAP, traps: [{ kind: 'spike' }], monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 20 } }] });
      const kobold = w.actors.find((a) => a.kind === 'kobold')!;
      for (let i = 0; i < 6; i++) {
        step(w, { type: 'wait' });
        const k = actorById(w, kobold.id)!;
        expect(`${k.x},${k.y}`).not.toBe('4,1');
      }
    }
  });

  it('a trap they know of is still crossed when there is no other way', () => {
    const w = scenario({
      ruleset: 'test-knowing',
      map: ['#########', '#@..^..k#', '#########'],
      traps: [{ kind: 'alarm' }],
      monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 20 } }],
    });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    for (let i = 0; i < 8; i++) step(w, { type: 'wait' });
    expect(actorById(w, kobold.id)!.x).toBeLessThan(4);
  });

  it('a noise wakes sleepers and draws them to look', () => {
    const w = scenario({ ruleset: 'test', map: ['###########', '#@^......r#', '###########'], traps: [{ kind: 'alarm' }], sleepingMonsters: true });
    const rat = w.actors.find((a) => a.kind === 'rat')!;
    expect(rat.status.asleep).toBe(1);
    step(w, { type: 'move', dx: 1, dy: 0 });
    const after = actorById(w, rat.id)!;
    expect(after.status.asleep).toBeUndefined();
    expect(['investigate', 'hunt']).toContain(after.ai.mode);
  });

  it('hunt the player they see and attack when adjacent', () => {
    const w = scenario({ ruleset: 'test', map: ['#######', '#@...o#', '#######'] });
    for (let i = 0; i < 6 && player(w).hp === player(w).maxHp; i++) step(w, { type: 'wait' });
    expect(player(w).hp).toBeLessThan(player(w).maxHp);
  });

  it('a death records its cause', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }], player: { hp: 1 } });
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(w.over?.cause).toBe('Killed by a spike trap');
  });
});

describe('rounds', () => {
  it('a wandering monster walks its rounds, back and forth, going round whoever is in the way', async () => {
    const { newGame } = await import('../../src/core/engine.ts');
    // A light radius of 1: the player sees nobody, so nobody leaves its rounds to hunt.
    const w = newGame({ seed: 'rounds', ruleset: 'test', settings: { lightRadius: 1, monsters: 12 } });
    for (const a of w.actors) delete a.status.asleep;
    const walkers = w.actors.filter((a) => a.faction === 'hostile' && (a.ai.route?.length ?? 0) > 3);
    expect(walkers.length).toBeGreaterThan(2);
    const turnedBack = new Set<number>();
    let onRoute = 0;
    let seen = 0;
    for (let t = 0; t < 150; t++) {
      step(w, { type: 'wait' });
      for (const m of walkers) {
        const now = actorById(w, m.id)!;
        if (!now.alive || now.ai.mode !== 'wander') continue;
        seen++;
        if (now.ai.route!.includes(now.y * w.width + now.x)) onRoute++;
        if (now.ai.dir === -1) turnedBack.add(m.id);
      }
    }
    // Off the route only for a step or two round another walker.
    expect(onRoute / seen).toBeGreaterThan(0.9);
    expect(turnedBack.size).toBeGreaterThan(walkers.length / 2);
  });

  // The kobold's route runs east along one row from x = 2; a sleeping rat lies across it at x = 3.
  // The player, far off, sees nothing (light radius 1), so the kobold keeps to its rounds.
  const routeRow = (width: number, y: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => y * width + from + i);

  it('steps round a creature on its route by a side cell and rejoins the route beyond it', () => {
    const map = ['##############', '#............#', '#.kr.........#', '#...........@#', '##############'];
    const route = routeRow(14, 2, 2, 8);
    const w = scenario({ ruleset: 'test', map, settings: { lightRadius: 1 }, monsters: [{ ai: { mode: 'wander', targetX: 8, targetY: 2, patience: 0, route, dir: 1 } }, { status: { asleep: 1 } }] });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    const cells: string[] = [];
    for (let t = 0; t < 4; t++) {
      step(w, { type: 'wait' });
      const k = actorById(w, kobold.id)!;
      cells.push(`${k.x},${k.y}`);
    }
    // Off the route for one step (row 1 or 3, beside the rat), then back on it beyond the rat.
    expect(['3,1', '3,3']).toContain(cells[0]);
    expect(cells.slice(1)).toEqual(['4,2', '5,2', '6,2']);
  });

  it('in a corridor with no way round it turns back rather than wait for the creature in its way', () => {
    const map = ['##############', '#..kr.......@#', '##############'];
    const route = routeRow(14, 1, 1, 8);
    const w = scenario({ ruleset: 'test', map, settings: { lightRadius: 1 }, monsters: [{ ai: { mode: 'wander', targetX: 8, targetY: 1, patience: 0, route, dir: 1 } }, { status: { asleep: 1 } }] });
    const kobold = w.actors.find((a) => a.kind === 'kobold')!;
    step(w, { type: 'wait' });
    // Blocked with no side cell: it stays this turn and turns round.
    expect(actorById(w, kobold.id)).toMatchObject({ x: 3, y: 1, ai: { dir: -1 } });
    step(w, { type: 'wait' });
    expect(actorById(w, kobold.id)).toMatchObject({ x: 2, y: 1 });
  });

  it('two walking their rounds who meet in a corridor turn back instead of waiting for each other for ever', () => {
    const map = ['##############', '#.k.....k...@#', '##############'];
    const route = routeRow(14, 1, 1, 10);
    const w = scenario({
      ruleset: 'test',
      map,
      settings: { lightRadius: 1 },
      monsters: [{ ai: { mode: 'wander', targetX: 10, targetY: 1, patience: 0, route, dir: 1 } }, { ai: { mode: 'wander', targetX: 1, targetY: 1, patience: 0, route, dir: -1 } }],
    });
    const [a, b] = w.actors.filter((m) => m.kind === 'kobold').map((m) => m.id);
    let met = false;
    let stillTogether = 0;
    let longest = 0;
    for (let t = 0; t < 30; t++) {
      const before = [actorById(w, a!)!.x, actorById(w, b!)!.x];
      step(w, { type: 'wait' });
      const after = [actorById(w, a!)!.x, actorById(w, b!)!.x];
      const adjacent = Math.abs(after[0]! - after[1]!) === 1;
      met ||= adjacent;
      stillTogether = adjacent && before[0] === after[0] && before[1] === after[1] ? stillTogether + 1 : 0;
      longest = Math.max(longest, stillTogether);
    }
    expect(met).toBe(true);
    // Face to face they stand at most the turn they turn round.
    expect(longest).toBeLessThanOrEqual(1);
  });

  it('an investigator that cannot get closer gives up after its patience and goes back to wandering', () => {
    // A rat cannot open the door between it and the noise.
    const map = ['##########', '#r..+...@#', '##########'];
    const patience = 5;
    const w = scenario({ ruleset: 'test', map, settings: { lightRadius: 1 }, monsters: [{ ai: { mode: 'investigate', targetX: 6, targetY: 1, patience } }] });
    const rat = w.actors.find((m) => m.kind === 'rat')!;
    const modes: string[] = [];
    for (let t = 0; t < patience + 6; t++) {
      step(w, { type: 'wait' });
      modes.push(actorById(w, rat.id)!.ai.mode);
    }
    // Two steps up to the door, then `patience` turns of waiting at it.
    expect(actorById(w, rat.id)!.x).toBe(3);
    expect(modes.indexOf('wander')).toBe(2 + patience - 1);
    // It gives the noise up for good: it idles where it gave up, not back at the door for ever.
    expect(actorById(w, rat.id)!.ai).toMatchObject({ targetX: 3, targetY: 1 });
  });

  it('ceaptun keeps its traps off every route a monster walks ("never where a creature walks its rounds")', async () => {
    const { newGame } = await import('../../src/core/engine.ts');
    for (const seed of ['r1', 'r2', 'r3', 'r4', 'r5']) {
      const w = newGame({ seed, ruleset: 'ceaptun' });
      const rounds = new Set(w.actors.flatMap((a) => a.ai.route ?? []));
      for (const t of w.traps) if (t.host.kind === 'floor') expect(rounds.has(t.y * w.width + t.x)).toBe(false);
    }
  });
});
