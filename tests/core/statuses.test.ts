/**
 * The core's poison and slowness (core/statuses.ts), given by a designer's trap: played by the
 * engine turn by turn (1 hit point a turn while poisoned, every action twice as long while
 * slowed) and read exactly (a poison that will kill in time reads as death). Expected numbers are
 * counted by hand from the rule: 1d4 turns of poison kill one with 3 HP when the d4 shows 3 or 4.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { step } from '../../src/core/engine.ts';
import { player } from '../../src/core/level.ts';
import type { World } from '../../src/core/world.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { withKinds } from '../support/trapFiles.ts';
import { scenario } from '../support/scenario.ts';

function fileWith(ruleset: string, name: string, effect: unknown, numbers: Record<string, number | string> = { difficulty: 10 }): string {
  return withKinds(ruleset, name, [{ id: 'needle', name: 'needle plate', colour: '#60ff60', hosts: ['floor'], placement: { weight: 0 }, charges: 1, numbers, effect }]);
}

const MAP = ['#########', '#.@^....#', '#.......#', '#########'];
const EAST = { type: 'move', dx: 1, dy: 0 } as const;
const WAIT = { type: 'wait' } as const;

function onto(ruleset: string, hp: number): World {
  const w = scenario({ ruleset, seed: 'status', map: MAP, traps: [{ kind: 'needle' }], level: { danger: 0 }, player: { hp, maxHp: 40 } });
  step(w, EAST);
  return w;
}

describe('the core\'s poison', () => {
  const viper = fileWith('ceaptun', 'viper needle', { do: 'status', status: 'poisoned', turns: '3', say: '{1} [are|is] pricked by a poisoned needle!' });

  it('takes 1 hit point a turn for its turns, then wears off', () => {
    const w = onto(viper, 20);
    const hero = player(w);
    const hpAfterStep = hero.hp;
    const left = hero.status.poison!;
    expect(left).toBeGreaterThan(0);
    expect(20 - hpAfterStep + left).toBe(3);
    const said: string[] = [];
    for (let i = 0; i < 5; i++) for (const e of step(w, WAIT).events) if (e.type === 'message') said.push(e.text);
    expect(player(w).hp).toBe(17);
    expect(player(w).status.poison ?? 0).toBe(0);
    expect(said).toContain('The poison wears off.');
  });

  it('kills one with fewer hit points than its turns', () => {
    const deadly = fileWith('ceaptun', 'deadly needle', { do: 'status', status: 'poisoned', turns: '5' });
    const w = onto(deadly, 2);
    for (let i = 0; i < 6 && !w.over; i++) step(w, WAIT);
    expect(player(w).alive).toBe(false);
    expect(w.over).toMatchObject({ won: false });
  });

  it('reads exactly: 1d4 turns kill 3 HP one time in two, and the reading names the poison', () => {
    const d4 = fileWith('ceaptun', 'd4 needle', { do: 'status', status: 'poisoned', turns: '1d4' });
    const r = runOdds(d4, 'step', { trap: 'needle', hp: 3 });
    expect(r.outcomes.death!.exact).toBe('1/2');
    expect(r.outcomes.hurt!.exact).toBe('1/2');
    // Alive afterwards only with 1 or 2 turns of it: 1.5 turns on average.
    expect(r.statuses!.poisoned).toMatchObject({ exact: '1/2', meanTurns: 1.5 });
  });
});

describe('the core\'s slowness', () => {
  const glue = fileWith('ceaptun', 'glue plate', { do: 'status', status: 'slowed', turns: '4' });

  it('makes every action take twice as long while it lasts, then the pace comes back', () => {
    const w = onto(glue, 20);
    expect(player(w).status.slow).toBeGreaterThan(0);
    const took = (): number => {
      const before = player(w).nextAct;
      step(w, WAIT);
      return player(w).nextAct - before;
    };
    expect(took()).toBe(200);
    for (let i = 0; i < 4; i++) took();
    expect(player(w).status.slow ?? 0).toBe(0);
    expect(took()).toBe(100);
  });

  it('reads as a status left on the living, never as harm', () => {
    const r = runOdds(glue, 'step', { trap: 'needle', hp: 3 });
    expect(r.outcomes.unhurt!.p).toBe(1);
    expect(r.statuses!.slowed).toMatchObject({ p: 1, meanTurns: 4 });
  });
});

describe('a ruleset\'s own poison', () => {
  it('Omega poisons its hero Omega\'s way (p_poison: "You feel sick.", 3 hit points a turn), and its reading says it leaves that out', () => {
    const id = fileWith('omega', 'omega needle', { do: 'status', status: 'poisoned', turns: '2' }, { dodge: 'dart' });
    const w = scenario({ ruleset: id, seed: 'status', map: MAP, traps: [{ kind: 'needle' }], player: { hp: 30, maxHp: 40 } });
    const said = step(w, EAST).events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
    const hero = player(w);
    expect(hero.status.poisoned).toBeGreaterThan(0);
    expect(hero.status.poison).toBeUndefined();
    expect(said).toContain('You feel sick.');
    expect(runOdds(id, 'step', { trap: 'needle', hp: 5 }).leavesOut).toContain('what the poison takes in the turns after');
  });
});
