/**
 * Action points in the scheduler: a hero acts `heroActions` times a turn (one turn = 100 ticks);
 * monsters are opposing heroes whose action points scale with their speed.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { scenario } from '../../support/scenario.ts';
import { player } from '../../../src/core/level.ts';

const ruleset = getRuleset('wasteland');

describe('wasteland: action points', () => {
  it('two actions a turn by default: each move takes half the turn', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['########', '#@.....#', '########'] });
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      step(w, { type: 'move', dx: 1, dy: 0 });
      times.push(player(w).nextAct);
    }
    expect(times).toEqual([50, 100, 150, 200]);
    expect(player(w).x).toBe(5);
  });

  it('three actions a turn fill the turn exactly and the fourth starts the next', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['########', '#@.....#', '########'], settings: { heroActions: 3 } });
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      step(w, { type: 'move', dx: 1, dy: 0 });
      times.push(player(w).nextAct);
    }
    expect(times).toEqual([33, 66, 100, 133]);
  });

  it('the engine counts each action in its round; a sleeper, not acting, is not counted', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['##########', '#@......Z#', '##########'], sleepingMonsters: true });
    const counts: Array<[number | undefined, number | undefined]> = [];
    for (let i = 0; i < 3; i++) {
      step(w, { type: 'move', dx: 1, dy: 0 });
      counts.push([player(w).actRound, player(w).roundActs]);
    }
    expect(counts).toEqual([
      [0, 1],
      [0, 2],
      [1, 1],
    ]);
    const zombie = w.actors.find((a) => a.kind === 'zombie')!;
    expect(zombie.status.asleep).toBeGreaterThan(0);
    expect([zombie.actRound, zombie.roundActs]).toEqual([undefined, undefined]);
  });

  it('monsters get the hero’s action points scaled by speed: bat 3, goblin 2, ogre 2, zombie 1', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['#######', '#@bgOZ#', '#######'], sleepingMonsters: true });
    const ap = (kind: string) => w.actors.find((a) => a.kind === kind)!.traits.actionPoints;
    // Speeds 150, 100, 90, 60 times 2 actions, rounded.
    expect([ap('bat'), ap('goblin'), ap('ogre'), ap('zombie')]).toEqual([3, 2, 2, 1]);
    expect(player(w).traits.actionPoints).toBe(2);
  });

  it('a monster with two actions moves twice per turn of the hero', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['############', '#@.......g.#', '############'] });
    const goblin = w.actors.find((a) => a.kind === 'goblin')!;
    const x0 = goblin.x;
    // Two hero actions = one turn; the hunting goblin walks two cells in it.
    step(w, { type: 'wait' });
    step(w, { type: 'wait' });
    expect(x0 - goblin.x).toBe(2);
  });

  it('the HUD shows the actions left, the die, the detector, the traps carried and the odds', () => {
    const w = scenario({ ruleset: 'wasteland', map: ['#####', '#@..#', '#####'] });
    const hud = () => Object.fromEntries(ruleset.hud(w, player(w)).map((l) => [l.label, l.value]));
    expect(hud().Actions).toBe('2 of 2 left this turn');
    expect(hud().Die).toBe('3 skull, 2 shield, 1 blank');
    expect(hud().Detector).toBe('no');
    expect(hud()['Traps carried']).toBe('caltrops 2, bear trap 1, mine 1');
    expect(hud().Odds).toBe('enter: springs 1/2; disarm (3 dice): 19/27');
    step(w, { type: 'move', dx: 1, dy: 0 });
    expect(hud().Actions).toBe('1 of 2 left this turn');
  });
});
