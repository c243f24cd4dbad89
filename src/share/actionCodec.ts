/**
 * A compact text form of a list of actions, for links: one or a few characters per action, so a
 * long game still fits in a URL after compression. Directions are numpad digits (7 8 9 / 4 5 6 /
 * 1 2 3, 5 = here), which is also how a roguelike player reads them.
 *
 *   digit      move (a "!" before it: the player confirmed stepping onto a known trap)
 *   .          wait          s  search      >  descend      g  pick up      @  set off the trap beneath
 *   D O C K    disarm, open, close, kick, each followed by a digit
 *   R          rig: a digit, then the trap id percent-encoded, then ";"
 *   U          use an item: its kind percent-encoded, then ";"
 *
 * `decodeActions(encodeActions(a))` gives `a` back, except that `confirm: false` on a move comes
 * back as no `confirm` at all (the engine reads both alike).
 */
import { type Action, RIG_NAME_MAX } from '../core/actions.ts';
import { fail, ok, type Result } from './problem.ts';

const DIGITS: Record<string, readonly [number, number]> = {
  '7': [-1, -1],
  '8': [0, -1],
  '9': [1, -1],
  '4': [-1, 0],
  '5': [0, 0],
  '6': [1, 0],
  '1': [-1, 1],
  '2': [0, 1],
  '3': [1, 1],
};

function digitOf(dx: number, dy: number): string {
  for (const [d, [x, y]] of Object.entries(DIGITS)) if (x === dx && y === dy) return d;
  throw new Error(`no direction ${dx},${dy}`);
}

const SIMPLE: Record<string, Action['type']> = { '.': 'wait', s: 'search', '>': 'descend', g: 'pickup', '@': 'trigger' };
const SIMPLE_CODE: Partial<Record<Action['type'], string>> = Object.fromEntries(Object.entries(SIMPLE).map(([c, t]) => [t, c]));
const DIRECTED: Record<string, 'disarm' | 'open' | 'close' | 'kick'> = { D: 'disarm', O: 'open', C: 'close', K: 'kick' };
const DIRECTED_CODE: Record<string, string> = Object.fromEntries(Object.entries(DIRECTED).map(([c, t]) => [t, c]));

export function encodeAction(a: Action): string {
  switch (a.type) {
    case 'move':
      return `${a.confirm ? '!' : ''}${digitOf(a.dx, a.dy)}`;
    case 'disarm':
    case 'open':
    case 'close':
    case 'kick':
      return `${DIRECTED_CODE[a.type]}${digitOf(a.dx, a.dy)}`;
    case 'rig':
      return `R${digitOf(a.dx, a.dy)}${encodeURIComponent(a.what)};`;
    case 'use':
      return `U${encodeURIComponent(a.what)};`;
    default:
      return SIMPLE_CODE[a.type]!;
  }
}

export function encodeActions(actions: readonly Action[]): string {
  return actions.map(encodeAction).join('');
}

/**
 * The percent-encoded name from `start` up to its ";" (a rig's trap id, a use's item kind): the
 * name and where the next action starts, or why it does not read.
 */
function nameAt(text: string, start: number, what: string, action: string): { what: string; next: number } | string {
  const end = text.indexOf(';', start);
  if (end < 0) return `${action} without its closing ";" (the link may be cut short)`;
  let name: string;
  try {
    name = decodeURIComponent(text.slice(start, end));
  } catch {
    return `${what} badly escaped`;
  }
  if (name.length < 1 || name.length > RIG_NAME_MAX) return `${what} must have 1 to ${RIG_NAME_MAX} characters`;
  return { what: name, next: end + 1 };
}

/** Parses the compact form; a bad character is named with its position (counted from 1). */
export function decodeActions(text: string, maxActions: number): Result<Action[]> {
  const out: Action[] = [];
  const bad = (i: number, why: string) => fail<Action[]>('field', `moves: ${why} at character ${i + 1}`);
  let i = 0;
  while (i < text.length) {
    if (out.length >= maxActions) return fail('size', `moves: more than ${maxActions} actions`);
    const c = text[i]!;
    const dir = (at: number): readonly [number, number] | undefined => DIGITS[text[at] ?? ''];
    if (c === '!') {
      const d = dir(i + 1);
      if (!d) return bad(i + 1, 'expected a direction digit after "!"');
      out.push({ type: 'move', dx: d[0], dy: d[1], confirm: true });
      i += 2;
    } else if (DIGITS[c]) {
      const d = DIGITS[c]!;
      out.push({ type: 'move', dx: d[0], dy: d[1] });
      i += 1;
    } else if (SIMPLE[c]) {
      out.push({ type: SIMPLE[c] } as Action);
      i += 1;
    } else if (DIRECTED[c]) {
      const d = dir(i + 1);
      if (!d) return bad(i + 1, `expected a direction digit after "${c}"`);
      out.push({ type: DIRECTED[c]!, dx: d[0], dy: d[1] });
      i += 2;
    } else if (c === 'R') {
      const d = dir(i + 1);
      if (!d) return bad(i + 1, 'expected a direction digit after "R"');
      const name = nameAt(text, i + 2, 'a trap name', 'a rig action');
      if (typeof name === 'string') return bad(i, name);
      out.push({ type: 'rig', what: name.what, dx: d[0], dy: d[1] });
      i = name.next;
    } else if (c === 'U') {
      const name = nameAt(text, i + 1, 'an item kind', 'a use action');
      if (typeof name === 'string') return bad(i, name);
      out.push({ type: 'use', what: name.what });
      i = name.next;
    } else {
      return bad(i, `unknown action code ${JSON.stringify(c)}`);
    }
  }
  return ok(out);
}
