/**
 * Key bindings: one table says which key does what, and both the input handler and the `?` help
 * overlay read it, so the help can never leave a binding out. What a key means depends on the mode
 * (playing, choosing a direction, a menu, look mode, the confirm dialog, an overlay).
 */

export type Command =
  | { type: 'move'; dx: number; dy: number }
  | { type: 'wait' }
  | { type: 'search' }
  | { type: 'disarm' }
  | { type: 'rig' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'kick' }
  | { type: 'descend' }
  /** The map's cell size one step bigger (`+`) or smaller (`-`), kept across reloads (ui/zoom.ts). */
  | { type: 'zoom'; by: 1 | -1 }
  /** Known traps drawn with a letter per kind (`G`), or in a colour-blind-safe palette (`V`): render/trapLook.ts. */
  | { type: 'trapLook'; toggle: 'glyphs' | 'palette' }
  /** What the hero carries, said in the log (`i`). */
  | { type: 'inventory' }
  /** Keys other games use that this one answers with words: `Q` (quit) and `S` (save). */
  | { type: 'explain'; key: 'Q' | 'S' }
  /** A key that means nothing in play: the log says so and where the keys are. */
  | { type: 'unknownKey'; key: string }
  /** Open or close the "around me" list of what is in view (ui/around.ts). */
  | { type: 'around' }
  /** The message history (Ctrl+P): the whole log, searchable (ui/history.ts). */
  | { type: 'history' }
  /** Travel to the stairs up (`<`); `>` travels to the stairs down when not on them. */
  | { type: 'stairsUp' }
  /** Run: walk one way until something is worth a look (Shift + a direction: ui/travelRun.ts). */
  | { type: 'run'; dx: number; dy: number }
  /** Rest until healed or something happens (Z). */
  | { type: 'rest' }
  /** Auto-explore: walk toward what has not been seen, round known traps, until something shows (ui/travelRun.ts). */
  | { type: 'explore' }
  /** Travel: choose a cell with the cursor, then Enter walks there. */
  | { type: 'travel' }
  /** Look mode's Enter when it was opened by travel: walk to the cursor. */
  | { type: 'travelHere' }
  | { type: 'pickup' }
  | { type: 'trigger' }
  /** Use an item: quaff a potion, apply a first aid kit (a list when the pack has several). */
  | { type: 'use' }
  | { type: 'look' }
  | { type: 'help' }
  | { type: 'newGame' }
  /** Show or hide the heat map of the level (ui/lab/heatToggle.ts). */
  | { type: 'heat' }
  /** Open or close the trap designer (ui/designer): d20 traps' CR, price and DCs; Place puts one in the level. */
  | { type: 'designer' }
  /** Open or close the level editor (ui/editor): draw a scenario, play it, save it. */
  | { type: 'editor' }
  /** A direction answered to a prompt (0, 0 is "here"). */
  | { type: 'direction'; dx: number; dy: number }
  | { type: 'cursor'; dx: number; dy: number }
  | { type: 'select'; index: number }
  | { type: 'yes' }
  | { type: 'no' }
  | { type: 'cancel' }
  /** The level editor (ui/editor): its brush on the cursor's cell, and a stroke undone or redone. */
  | { type: 'paint' }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Scrolls the open help overlay: by a line or a page, or to its start or end. */
  | { type: 'scroll'; by: ScrollStep };

/** How far a scroll key moves a scrolling panel (the help overlay). */
export type ScrollStep = 'lineUp' | 'lineDown' | 'pageUp' | 'pageDown' | 'start' | 'end';

/** The help overlay's scroll keys, as a browser scrolls a page: arrows, vi-keys, pages, Space. */
export const SCROLL_KEYS: Readonly<Record<string, ScrollStep>> = Object.assign(Object.create(null) as Record<string, ScrollStep>, {
  ArrowUp: 'lineUp',
  k: 'lineUp',
  ArrowDown: 'lineDown',
  j: 'lineDown',
  PageUp: 'pageUp',
  PageDown: 'pageDown',
  ' ': 'pageDown',
  Home: 'start',
  End: 'end',
});

/** The modes that read keys differently. */
export type KeyMode = 'play' | 'direction' | 'menu' | 'look' | 'confirm' | 'help' | 'over' | 'panel' | 'editor';

/** What a key event carries that matters here (a DOM KeyboardEvent fits). */
export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

type Dir = readonly [number, number];

/** The eight directions and the keys for each: arrows, numpad (either NumLock state) and vi-keys. */
export const DIRECTION_KEYS: ReadonlyArray<{ name: string; dir: Dir; keys: readonly string[] }> = [
  { name: 'north', dir: [0, -1], keys: ['ArrowUp', 'k', '8'] },
  { name: 'south', dir: [0, 1], keys: ['ArrowDown', 'j', '2'] },
  { name: 'west', dir: [-1, 0], keys: ['ArrowLeft', 'h', '4'] },
  { name: 'east', dir: [1, 0], keys: ['ArrowRight', 'l', '6'] },
  { name: 'north-west', dir: [-1, -1], keys: ['Home', 'y', '7'] },
  { name: 'north-east', dir: [1, -1], keys: ['PageUp', 'u', '9'] },
  { name: 'south-west', dir: [-1, 1], keys: ['End', 'b', '1'] },
  { name: 'south-east', dir: [1, 1], keys: ['PageDown', 'n', '3'] },
];

/**
 * Shift with a direction key runs that way. Shifted letters are other commands (K kicks, H shows
 * the heat map), so running takes the arrows and the numpad's keys without NumLock.
 */
export const RUN_KEYS: ReadonlyArray<{ key: string; dir: Dir }> = DIRECTION_KEYS.map((d) => ({ key: d.keys[0]!, dir: d.dir }));

/** Keys that mean "here / wait": `.`, `5` and the numpad's 5 without NumLock ("Clear"). */
export const HERE_KEYS: readonly string[] = ['.', '5', 'Clear'];

export interface Binding {
  keys: readonly string[];
  help: string;
  command: Command;
}

/** Everything the player can do from the map, in the order the help shows it. */
export const PLAY_BINDINGS: readonly Binding[] = [
  ...DIRECTION_KEYS.map((d) => ({ keys: d.keys, help: `move or attack ${d.name}`, command: { type: 'move', dx: d.dir[0], dy: d.dir[1] } as Command })),
  { keys: HERE_KEYS, help: 'wait a turn', command: { type: 'wait' } },
  { keys: ['s'], help: 'search around you for traps', command: { type: 'search' } },
  { keys: ['D'], help: 'disarm a trap (then a direction, or . for here)', command: { type: 'disarm' } },
  { keys: ['R'], help: 'rig or set a trap (pick from the list, then a direction)', command: { type: 'rig' } },
  { keys: ['o'], help: 'open a door or chest (then a direction; the only one next to you at once)', command: { type: 'open' } },
  { keys: ['c'], help: 'close a door (then a direction; the only open one next to you at once)', command: { type: 'close' } },
  { keys: ['K'], help: 'kick a door or chest (then a direction; the only one next to you at once)', command: { type: 'kick' } },
  { keys: ['>'], help: 'go down the stairs (elsewhere: travel to the stairs down, if you have seen them)', command: { type: 'descend' } },
  { keys: ['<'], help: 'travel to the stairs up', command: { type: 'stairsUp' } },
  { keys: ['z'], help: 'explore: walk toward what you have not seen, round the traps you know (by their odds); stops before a known trap to ask, and when a trap, a monster or an item comes into view or you are hurt', command: { type: 'explore' } },
  { keys: ['Z'], help: 'rest: wait until healed (a ruleset that heals: see the New game settings), stopping when something comes into view or you are hurt', command: { type: 'rest' } },
  { keys: ['_'], help: 'travel: move the cursor to a cell, then Enter walks there by the same route rules as explore', command: { type: 'travel' } },
  { keys: [',', 'g'], help: 'pick up what lies here', command: { type: 'pickup' } },
  { keys: ['q', 'a'], help: 'use an item: quaff a potion of healing (Omega), apply a first aid kit (CDDA); a list when you carry more than one kind', command: { type: 'use' } },
  { keys: ['@'], help: 'set off the square beneath you on purpose (Omega)', command: { type: 'trigger' } },
  { keys: ['x'], help: 'look around (move the cursor; a right-click or Shift+click on the map looks too)', command: { type: 'look' } },
  { keys: ['N'], help: 'new game', command: { type: 'newGame' } },
  { keys: ['H'], help: 'heat map of this level: where traps fired and actors died in simulated runs (H again hides it)', command: { type: 'heat' } },
  { keys: ['T'], help: 'trap designer (d20): CR, price and DCs as you edit, SRD samples; Place puts the trap in the level', command: { type: 'designer' } },
  { keys: ['E'], help: 'level editor: draw this level or a blank one, place traps and monsters, then play, simulate or save it', command: { type: 'editor' } },
  { keys: ['+', '='], help: 'zoom in: bigger map cells (kept in this browser)', command: { type: 'zoom', by: 1 } },
  { keys: ['-'], help: 'zoom out: smaller map cells', command: { type: 'zoom', by: -1 } },
  { keys: ['i'], help: 'what you carry, in the log (the HUD shows it too)', command: { type: 'inventory' } },
  { keys: ['Q'], help: 'quitting: there is nothing to quit; N starts a new game, and this one stays kept', command: { type: 'explain', key: 'Q' } },
  { keys: ['S'], help: 'saving: every turn is saved in this browser; Share exports a file or a link', command: { type: 'explain', key: 'S' } },
  { keys: ['X'], help: 'around me: what is in view as text, nearest first (monsters; known traps with their direction, distance and odds; items; stairs), read out by screen readers as it changes', command: { type: 'around' } },
  { keys: ['G'], help: 'traps: a letter of its own for each kind, so no two kinds look alike (G again: their own glyphs)', command: { type: 'trapLook', toggle: 'glyphs' } },
  { keys: ['V'], help: 'traps: a colour-blind-safe palette (V again: their own colours)', command: { type: 'trapLook', toggle: 'palette' } },
  { keys: ['?'], help: 'this help', command: { type: 'help' } },
];

/** The other modes' keys, for the help overlay. */
export const MODE_HELP: ReadonlyArray<{ mode: string; lines: ReadonlyArray<readonly [string, string]> }> = [
  { mode: 'Direction prompts', lines: [['direction keys', 'that way'], ['. 5', 'here (your own cell)'], ['Esc', 'never mind']] },
  { mode: 'Rig list, use list', lines: [['a b c ...', 'choose; greyed entries say what you lack'], ['Esc', 'close']] },
  { mode: 'Look mode', lines: [['direction keys', 'move the cursor'], ['Esc x q Enter', 'leave look mode']] },
  { mode: 'Message history (Ctrl+P)', lines: [['type', 'show only the messages with those words'], ['↑ ↓ PgUp PgDn', 'scroll'], ['Esc Ctrl+P', 'close']] },
  { mode: 'Running', lines: [['Shift + ↑ ↓ ← → Home PgUp End PgDn', 'run that way: stops at a branch, a door, an item, a monster in view, before a known trap, or when hurt']] },
  { mode: 'Travel (_)', lines: [['direction keys', 'move the cursor'], ['Enter', 'walk there'], ['Esc', 'never mind']] },
  {
    mode: 'Mouse and touch',
    lines: [
      ['a click or a tap on the map', 'beside you: that move (an attack, a door, the question before a known trap); on you: wait; further: travel there'],
      ['a right-click, Shift+click or long press', 'look at that cell'],
    ],
  },
  {
    mode: 'Forced moves',
    lines: [
      ['a push, a teleport, a fall', 'no question is asked: the trap where you land is met as one you did not choose to step onto (no careful step past it)'],
      ['travel and explore', 'never step onto a known trap or open a known trapped door or chest without asking'],
    ],
  },
  {
    mode: '"Really step onto ...?"',
    lines: [
      ['y', 'step onto it'],
      ['n Esc', 'stay back (chosen at first; Enter takes the chosen button)'],
      ['holding a direction key', 'stops short of a known trap instead of asking'],
    ],
  },
  {
    mode: 'Placing a designed trap (T, then Place in the level)',
    lines: [['direction keys', 'the cell that way'], ['. 5', 'your own cell'], ['a click on the map', 'that cell (a door or chest there hosts the trap)'], ['Esc', 'never mind']],
  },
  {
    mode: 'Level editor (New game, Scenarios, Level editor…)',
    lines: [
      ['direction keys', 'move the cursor'],
      ['Enter Space', 'the brush on the cursor’s cell'],
      ['a click or a drag on the map', 'the brush on those cells (Move: from the first cell to the last)'],
      ['Ctrl+Z  Ctrl+Y Ctrl+Shift+Z', 'undo, redo'],
      ['Esc', 'close the editor; the game is as you left it'],
    ],
  },
  {
    mode: 'Replay viewer (Share, Watch as replay)',
    lines: [['Space', 'play or pause'], ['→ ←', 'one turn on or back'], ['Home End', 'the start or the end'], ['Esc', 'close it; the game is as you left it']],
  },
  {
    mode: 'This help',
    lines: [['↑ ↓ j k PgUp PgDn Space Home End', 'scroll'], ['Esc ? q', 'close']],
  },
  { mode: 'Overlays', lines: [['Esc', 'close help, the new game panel, the trap designer, Share or the rig list']] },
  {
    mode: 'Focus (Tab, or a click on the log or a panel)',
    lines: [
      ['keys', 'go to what has the focus: the log scrolls, a field types; the game takes none of them'],
      ['Esc', 'closes the panel, or gives the keys back to the map (a click on the map does too)'],
    ],
  },
];

/** The display name of a key in the help ("ArrowUp" -> "↑"). */
export function keyLabel(key: string): string {
  const names: Record<string, string> = {
    ArrowUp: '↑',
    ArrowDown: '↓',
    ArrowLeft: '←',
    ArrowRight: '→',
    Home: 'Home',
    End: 'End',
    PageUp: 'PgUp',
    PageDown: 'PgDn',
    Clear: 'num 5',
  };
  return names[key] ?? key;
}

export function directionOf(key: string): Dir | null {
  for (const d of DIRECTION_KEYS) if (d.keys.includes(key)) return d.dir;
  return null;
}

/** Translates a key in a mode to a command; null when the key means nothing there. */
export function translateKey(ev: KeyLike, mode: KeyMode): Command | null {
  const key = ev.key;
  // The editor's undo and redo are the shortcuts every editor has.
  if (mode === 'editor' && (ev.ctrlKey || ev.metaKey) && !ev.altKey) {
    const k = key.toLowerCase();
    if (k === 'z') return { type: ev.shiftKey ? 'redo' : 'undo' };
    if (k === 'y') return { type: 'redo' };
  }
  // Ctrl+P is the message history, as in NetHack and Crawl (never the browser's Print here).
  if ((mode === 'play' || mode === 'over' || mode === 'panel') && ev.ctrlKey && !ev.altKey && !ev.metaKey && key.toLowerCase() === 'p') return { type: 'history' };
  // Browser and OS shortcuts (Ctrl+R, Alt+Left, ...) are left alone.
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return null;
  const dir = directionOf(key);
  switch (mode) {
    case 'play': {
      if (ev.shiftKey) {
        const run = RUN_KEYS.find((r) => r.key === key);
        if (run) return { type: 'run', dx: run.dir[0], dy: run.dir[1] };
      }
      for (const b of PLAY_BINDINGS) if (b.keys.includes(key)) return b.command;
      // A printable key that means nothing here is answered (Shift, Tab, F-keys are not keys to answer).
      return key.length === 1 && key !== ' ' ? { type: 'unknownKey', key } : null;
    }
    case 'direction':
      if (dir) return { type: 'direction', dx: dir[0], dy: dir[1] };
      if (HERE_KEYS.includes(key)) return { type: 'direction', dx: 0, dy: 0 };
      if (key === 'Escape') return { type: 'cancel' };
      return null;
    case 'menu': {
      if (key === 'Escape') return { type: 'cancel' };
      if (key.length === 1 && key >= 'a' && key <= 'z') return { type: 'select', index: key.charCodeAt(0) - 97 };
      return null;
    }
    case 'look':
      if (dir) return { type: 'cursor', dx: dir[0], dy: dir[1] };
      // Enter walks to the cursor when travel opened the cursor (the game tells the two apart).
      if (key === 'Enter') return { type: 'travelHere' };
      if (key === 'Escape' || key === 'x' || key === 'q') return { type: 'cancel' };
      return null;
    case 'confirm':
      // Enter is left to the focused button of the dialog (Stay back, unless the player tabbed away).
      if (key === 'y' || key === 'Y') return { type: 'yes' };
      if (key === 'n' || key === 'N' || key === 'Escape') return { type: 'no' };
      return null;
    case 'help':
      if (key === 'Escape' || key === '?' || key === 'q') return { type: 'cancel' };
      if (Object.hasOwn(SCROLL_KEYS, key)) return { type: 'scroll', by: SCROLL_KEYS[key]! };
      return null;
    case 'over':
      if (key === 'N' || key === 'Enter') return { type: 'newGame' };
      if (key === '?') return { type: 'help' };
      // The heat map helps most after a death: where did the runs like this one end?
      if (key === 'H') return { type: 'heat' };
      return null;
    case 'panel':
      if (key === 'Escape') return { type: 'cancel' };
      return null;
    case 'editor':
      if (dir) return { type: 'cursor', dx: dir[0], dy: dir[1] };
      if (key === 'Enter' || key === ' ') return { type: 'paint' };
      if (key === 'Escape') return { type: 'cancel' };
      return null;
  }
}

/**
 * What has the keyboard focus, as far as the game's keys care (app.ts reads it off the DOM):
 * - `game`: nothing in particular (the page, the map), or a dialog of the game's own that reads
 *   the mode's keys (the confirm window, the rig list, the help, the end screen);
 * - `text`: a field that types (input, select, textarea, contenteditable);
 * - `region`: anything else that takes keys of its own: a scrollable region (the message log), a
 *   panel (New game, the designer, Share) or anything focusable inside one;
 * - `button`: a button or link outside those (the header's), which owns Enter and Space only.
 */
export type FocusKind = 'game' | 'text' | 'region' | 'button';

/**
 * The one rule for where a key goes: to the game's key table (`translateKey`) or to what has the
 * focus. Focus decides: a field, a scrolling region or a panel keeps every key but Escape, which
 * still closes the panel or dialog open over the map; a button keeps the keys that press it.
 */
export function keyGoesToGame(focus: FocusKind, ev: KeyLike): boolean {
  if (ev.key === 'Escape') return true;
  switch (focus) {
    case 'game':
      return true;
    case 'button':
      return ev.key !== 'Enter' && ev.key !== ' ';
    case 'text':
    case 'region':
      return false;
  }
}

/** The menu letter of the i-th entry of a list (a, b, c, ...). */
export function menuLetter(i: number): string {
  return String.fromCharCode(97 + i);
}
