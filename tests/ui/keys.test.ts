import { describe, expect, it } from 'vitest';
import { type Command, type FocusKind, type KeyMode, keyGoesToGame, PLAY_BINDINGS, translateKey } from '../../src/ui/keys.ts';

// The bindings, written out here independently of the table in keys.ts.
const EXPECTED_MOVES: Array<[string, number, number]> = [
  // arrows
  ['ArrowUp', 0, -1],
  ['ArrowDown', 0, 1],
  ['ArrowLeft', -1, 0],
  ['ArrowRight', 1, 0],
  // vi-keys
  ['h', -1, 0],
  ['j', 0, 1],
  ['k', 0, -1],
  ['l', 1, 0],
  ['y', -1, -1],
  ['u', 1, -1],
  ['b', -1, 1],
  ['n', 1, 1],
  // numpad with NumLock on (digits)
  ['1', -1, 1],
  ['2', 0, 1],
  ['3', 1, 1],
  ['4', -1, 0],
  ['6', 1, 0],
  ['7', -1, -1],
  ['8', 0, -1],
  ['9', 1, -1],
  // numpad with NumLock off (navigation keys)
  ['End', -1, 1],
  ['PageDown', 1, 1],
  ['Home', -1, -1],
  ['PageUp', 1, -1],
];

const play = (key: string, extra: object = {}): Command | null => translateKey({ key, ...extra }, 'play');

describe('key bindings in play', () => {
  it.each(EXPECTED_MOVES)('%s moves (%i, %i)', (key, dx, dy) => {
    expect(play(key)).toEqual({ type: 'move', dx, dy });
  });

  it('numpad keys work whatever the event code says', () => {
    expect(play('8', { code: 'Numpad8' })).toEqual({ type: 'move', dx: 0, dy: -1 });
    expect(play('ArrowUp', { code: 'Numpad8' })).toEqual({ type: 'move', dx: 0, dy: -1 });
  });

  it.each(['.', '5', 'Clear'])('%s waits', (key) => {
    expect(play(key)).toEqual({ type: 'wait' });
  });

  it.each([
    ['s', 'search'],
    ['D', 'disarm'],
    ['R', 'rig'],
    ['o', 'open'],
    ['c', 'close'],
    ['K', 'kick'],
    ['>', 'descend'],
    ['x', 'look'],
    ['?', 'help'],
    ['N', 'newGame'],
    ['H', 'heat'],
    ['@', 'trigger'],
  ])('%s is %s', (key, type) => {
    expect(play(key)?.type).toBe(type);
  });

  it('leaves browser shortcuts alone', () => {
    expect(play('r', { ctrlKey: true })).toBeNull();
    expect(play('ArrowLeft', { altKey: true })).toBeNull();
    expect(play('l', { metaKey: true })).toBeNull();
  });

  it('answers a printable key that means nothing, and leaves the others (F5, Tab, Shift) to the browser', () => {
    expect(play('W')).toEqual({ type: 'unknownKey', key: 'W' });
    expect(play('F5')).toBeNull();
    expect(play('Tab')).toBeNull();
    expect(play('Shift')).toBeNull();
    expect(play(' ')).toBeNull();
  });

  it('no key is bound twice in play', () => {
    const seen = new Map<string, string>();
    for (const b of PLAY_BINDINGS)
      for (const k of b.keys) {
        expect(seen.has(k), `${k} bound to ${seen.get(k)} and ${b.help}`).toBe(false);
        seen.set(k, b.help);
      }
  });
});

describe('keys in the other modes', () => {
  const t = (key: string, mode: KeyMode) => translateKey({ key }, mode);

  it('the level editor: directions move its cursor, Enter and Space draw, Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, Esc closes', () => {
    expect(translateKey({ key: 'l' }, 'editor')).toEqual({ type: 'cursor', dx: 1, dy: 0 });
    expect(translateKey({ key: 'ArrowUp' }, 'editor')).toEqual({ type: 'cursor', dx: 0, dy: -1 });
    expect(translateKey({ key: 'Enter' }, 'editor')).toEqual({ type: 'paint' });
    expect(translateKey({ key: ' ' }, 'editor')).toEqual({ type: 'paint' });
    expect(translateKey({ key: 'z', ctrlKey: true }, 'editor')).toEqual({ type: 'undo' });
    expect(translateKey({ key: 'Z', ctrlKey: true, shiftKey: true }, 'editor')).toEqual({ type: 'redo' });
    expect(translateKey({ key: 'y', ctrlKey: true }, 'editor')).toEqual({ type: 'redo' });
    expect(translateKey({ key: 'z', metaKey: true }, 'editor')).toEqual({ type: 'undo' });
    expect(translateKey({ key: 'Escape' }, 'editor')).toEqual({ type: 'cancel' });
    // The game's own keys mean nothing while the editor is open, and Ctrl+Z is the browser's elsewhere.
    expect(translateKey({ key: 's' }, 'editor')).toBeNull();
    expect(translateKey({ key: 'z', ctrlKey: true }, 'play')).toBeNull();
    expect(translateKey({ key: 'z', ctrlKey: true, altKey: true }, 'editor')).toBeNull();
    expect(translateKey({ key: 'E' }, 'play')).toEqual({ type: 'editor' });
  });

  it('a direction prompt takes directions, . or 5 for here, Esc to cancel', () => {
    expect(t('u', 'direction')).toEqual({ type: 'direction', dx: 1, dy: -1 });
    expect(t('Home', 'direction')).toEqual({ type: 'direction', dx: -1, dy: -1 });
    expect(t('.', 'direction')).toEqual({ type: 'direction', dx: 0, dy: 0 });
    expect(t('5', 'direction')).toEqual({ type: 'direction', dx: 0, dy: 0 });
    expect(t('Escape', 'direction')).toEqual({ type: 'cancel' });
    expect(t('s', 'direction')).toBeNull();
  });

  it('a menu takes letters a..z as indices', () => {
    expect(t('a', 'menu')).toEqual({ type: 'select', index: 0 });
    expect(t('c', 'menu')).toEqual({ type: 'select', index: 2 });
    expect(t('Escape', 'menu')).toEqual({ type: 'cancel' });
    expect(t('A', 'menu')).toBeNull();
  });

  it('look mode moves the cursor and leaves on Esc, x or q; Enter walks to the cursor (when travel opened it: the game tells)', () => {
    expect(t('j', 'look')).toEqual({ type: 'cursor', dx: 0, dy: 1 });
    for (const k of ['Escape', 'x', 'q']) expect(t(k, 'look')).toEqual({ type: 'cancel' });
    expect(t('Enter', 'look')).toEqual({ type: 'travelHere' });
  });

  it('the confirm dialog: y steps, n and Esc stay back, Enter is left to the focused button', () => {
    expect(t('y', 'confirm')).toEqual({ type: 'yes' });
    expect(t('n', 'confirm')).toEqual({ type: 'no' });
    expect(t('Escape', 'confirm')).toEqual({ type: 'no' });
    expect(t('Enter', 'confirm')).toBeNull();
    // Movement keys do nothing while it is open (h is not an answer).
    expect(t('h', 'confirm')).toBeNull();
    expect(t('ArrowRight', 'confirm')).toBeNull();
  });

  it('help closes on Esc or ?, the end screen opens a new game', () => {
    expect(t('Escape', 'help')).toEqual({ type: 'cancel' });
    expect(t('?', 'help')).toEqual({ type: 'cancel' });
    expect(t('N', 'over')).toEqual({ type: 'newGame' });
    expect(t('l', 'over')).toBeNull();
    // After a death, H still shows where runs of this level ended.
    expect(t('H', 'over')).toEqual({ type: 'heat' });
    // h is a move west, not the heat map, and nothing else takes H.
    expect(t('h', 'over')).toBeNull();
    for (const mode of ['direction', 'menu', 'look', 'confirm', 'help', 'panel'] as const) expect(t('H', mode)).toBeNull();
  });
});

describe('the help scrolls by keyboard', () => {
  const t = (key: string) => translateKey({ key }, 'help');

  it.each([
    ['ArrowDown', 'lineDown'],
    ['j', 'lineDown'],
    ['ArrowUp', 'lineUp'],
    ['k', 'lineUp'],
    ['PageDown', 'pageDown'],
    [' ', 'pageDown'],
    ['PageUp', 'pageUp'],
    ['Home', 'start'],
    ['End', 'end'],
  ])('%s scrolls it (%s)', (key, by) => {
    expect(t(key)).toEqual({ type: 'scroll', by });
  });

  it('q, ? and Esc still close it; other keys and names of Object.prototype mean nothing there', () => {
    for (const k of ['q', '?', 'Escape']) expect(t(k)).toEqual({ type: 'cancel' });
    for (const k of ['l', 'toString', 'constructor', '__proto__']) expect(t(k)).toBeNull();
  });
});

describe('focus decides where keys go (keyGoesToGame)', () => {
  const goes = (focus: FocusKind, key: string) => keyGoesToGame(focus, { key });
  // Every key the game reads in some mode, and then some.
  const keys = ['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'h', 'k', '8', '.', 's', 'R', 'N', '?', 'y', 'a', 'Enter', ' '];

  it('nothing focused (the page, the map) or a game dialog: every key is the game\'s', () => {
    for (const k of [...keys, 'Escape']) expect(goes('game', k), k).toBe(true);
  });

  it('a field, the focused log or a panel keep every key but Escape', () => {
    for (const focus of ['text', 'region'] as const) {
      for (const k of keys) expect(goes(focus, k), `${focus} ${k}`).toBe(false);
      expect(goes(focus, 'Escape')).toBe(true);
    }
  });

  it('a button keeps the keys that press it (Enter, Space), and only those', () => {
    expect(goes('button', 'Enter')).toBe(false);
    expect(goes('button', ' ')).toBe(false);
    for (const k of keys.filter((k) => k !== 'Enter' && k !== ' ')) expect(goes('button', k), k).toBe(true);
    expect(goes('button', 'Escape')).toBe(true);
  });
});
