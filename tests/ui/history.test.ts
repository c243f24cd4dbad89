import { describe, expect, it } from 'vitest';
import { GameController } from '../../src/ui/game.ts';
import { countText, matchingLines } from '../../src/ui/history.ts';
import { translateKey } from '../../src/ui/keys.ts';
import { createUiStore, LOG_LIMIT } from '../../src/ui/store.ts';
import { scenario } from '../support/scenario.ts';

describe('the message history', () => {
  it('Ctrl+P opens it from play, from the end screen and toggles it; a plain p is no command (it is answered as an unknown key)', () => {
    expect(translateKey({ key: 'p', ctrlKey: true }, 'play')).toEqual({ type: 'history' });
    expect(translateKey({ key: 'P', ctrlKey: true, shiftKey: true }, 'over')).toEqual({ type: 'history' });
    expect(translateKey({ key: 'p', ctrlKey: true }, 'panel')).toEqual({ type: 'history' });
    expect(translateKey({ key: 'p' }, 'play')).toEqual({ type: 'unknownKey', key: 'p' });
    expect(translateKey({ key: 'p', ctrlKey: true, altKey: true }, 'play')).toBeNull();
    const store = createUiStore();
    const game = new GameController(store);
    game.useWorld(scenario({ ruleset: 'test', map: ['#####', '#@..#', '#####'] }), { seed: 's', ruleset: 'test', width: 5, height: 3, style: 'rooms', settings: {} });
    game.handle({ type: 'history' });
    expect(store.getState().overlay).toBe('history');
    expect(store.getState().mode).toBe('panel');
    // Keys of play do nothing under it; Esc (cancel) or Ctrl+P again closes it.
    game.handle({ type: 'move', dx: 1, dy: 0 });
    expect(game.world!.turn).toBe(0);
    game.handle({ type: 'history' });
    expect(store.getState().overlay).toBeNull();
    game.handle({ type: 'history' });
    game.handle({ type: 'cancel' });
    expect(store.getState().overlay).toBeNull();
  });

  it('finds the lines holding every word searched for, in any case, in order', () => {
    const lines = [{ text: 'A kobold steps on a lightning trap!' }, { text: 'The bolt hits you.' }, { text: 'You search.' }, { text: 'Lightning strikes the kobold.' }];
    expect(matchingLines(lines, 'lightning').map((l) => l.text)).toEqual([lines[0]!.text, lines[3]!.text]);
    expect(matchingLines(lines, 'KOBOLD trap')).toEqual([lines[0]]);
    expect(matchingLines(lines, '  ')).toEqual(lines);
    expect(matchingLines(lines, 'dragon')).toEqual([]);
  });

  it('counts what it shows, and says when the log is at its limit', () => {
    expect(countText(3, 3)).toBe('3 lines');
    expect(countText(1, 1)).toBe('1 line');
    expect(countText(2, 40)).toBe('2 of 40 lines');
    expect(countText(5, LOG_LIMIT)).toBe(`5 of ${LOG_LIMIT} lines (the last ${LOG_LIMIT}: older lines are not kept)`);
  });
});
