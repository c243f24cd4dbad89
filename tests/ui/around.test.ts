import { describe, expect, it } from 'vitest';
import { aroundLines, whereFrom } from '../../src/ui/around.ts';
import { GameController } from '../../src/ui/game.ts';
import { translateKey } from '../../src/ui/keys.ts';
import { createUiStore } from '../../src/ui/store.ts';
import { scenario } from '../support/scenario.ts';

describe('around me (X)', () => {
  it('names directions as a compass does, with the distance in moves', () => {
    expect(whereFrom(5, 5, 5, 5)).toBe('here');
    expect(whereFrom(5, 5, 6, 5)).toBe('beside you to the east');
    expect(whereFrom(5, 5, 4, 4)).toBe('beside you to the north-west');
    expect(whereFrom(5, 5, 5, 9)).toBe('4 south');
    expect(whereFrom(5, 5, 11, 6)).toBe('6 east');
    expect(whereFrom(5, 5, 8, 2)).toBe('3 north-east');
  });

  it('lists monsters, known traps with their odds, and the stairs, nearest first; hidden traps not at all', () => {
    const world = scenario({ ruleset: 'test', map: ['##########', '#@^..^.r>#', '##########'], traps: [{ kind: 'spike', known: true }, { kind: 'alarm' }], sleepingMonsters: true });
    const lines = aroundLines(world);
    // The test ruleset's spike: 1d4 from 20 hit points, never avoided: always hurts, never kills.
    expect(lines[0]).toMatch(/^spike trap: beside you to the east — .*100%/);
    expect(lines.some((l) => l.includes('alarm'))).toBe(false);
    expect(lines[1]).toBe('rat (asleep): 6 east');
    expect(lines[2]).toBe('stairs down: 7 east');
  });

  it('X opens and closes it', () => {
    expect(translateKey({ key: 'X' }, 'play')).toEqual({ type: 'around' });
    const store = createUiStore();
    const game = new GameController(store);
    game.useWorld(scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] }), { seed: 's', ruleset: 'test', width: 5, height: 3, style: 'rooms', settings: {} });
    game.handle({ type: 'around' });
    expect(store.getState().around).toBe(true);
    game.handle({ type: 'around' });
    expect(store.getState().around).toBe(false);
  });
});
