/**
 * Actions: what an actor wants to do. The player's come from input or a replay, monsters' from
 * their brain, a bot's from its policy; all go through `perform` in `engine.ts`.
 */
import { z } from 'zod';

// zod compiles its object parsers with `new Function` unless told not to, and even its probe for
// eval is reported as a violation of the page's Content-Security-Policy (no 'unsafe-eval'). The
// engine imports this module in every entry (page, workers, Node) before any file is parsed, so
// the setting is made here, once, before zod's first parse anywhere.
z.config({ jitless: true });

export type Action =
  | { type: 'move'; dx: number; dy: number; /** The player confirmed stepping onto a known trap. */ confirm?: boolean }
  | { type: 'wait' }
  | { type: 'search' }
  | { type: 'disarm'; dx: number; dy: number }
  | { type: 'rig'; what: string; dx: number; dy: number }
  | { type: 'open'; dx: number; dy: number }
  | { type: 'close'; dx: number; dy: number }
  | { type: 'kick'; dx: number; dy: number }
  | { type: 'descend' }
  | { type: 'pickup' }
  /** Set off the trap beneath you on purpose (Omega's '@'). */
  | { type: 'trigger' }
  /** Use one carried item of this kind: quaff a potion, apply a first aid kit (core/itemUse.ts). */
  | { type: 'use'; what: string };

/** A direction component: one cell at most, so no action reaches past a neighbour. */
const dir = z.number().int().min(-1).max(1);

/** The longest trap id a rig action, or item kind a use action, may name (every ruleset's ids are far shorter). */
export const RIG_NAME_MAX = 40;

/**
 * Schema for actions arriving from outside (replays, links, batch files) and, through
 * `readAction`, for every action the engine is handed. Strict: a field the action does not have
 * is refused, not dropped, so what is recorded is what was played.
 */
export const actionSchema: z.ZodType<Action> = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('move'), dx: dir, dy: dir, confirm: z.boolean().optional() }),
  z.strictObject({ type: z.literal('wait') }),
  z.strictObject({ type: z.literal('search') }),
  z.strictObject({ type: z.literal('disarm'), dx: dir, dy: dir }),
  z.strictObject({ type: z.literal('rig'), what: z.string().min(1).max(RIG_NAME_MAX), dx: dir, dy: dir }),
  z.strictObject({ type: z.literal('open'), dx: dir, dy: dir }),
  z.strictObject({ type: z.literal('close'), dx: dir, dy: dir }),
  z.strictObject({ type: z.literal('kick'), dx: dir, dy: dir }),
  z.strictObject({ type: z.literal('descend') }),
  z.strictObject({ type: z.literal('pickup') }),
  z.strictObject({ type: z.literal('trigger') }),
  z.strictObject({ type: z.literal('use'), what: z.string().min(1).max(RIG_NAME_MAX) }),
]) as z.ZodType<Action>;

/** The fields each action type has besides `type` (the same shapes as `actionSchema`). */
interface Shape {
  directed: boolean;
  what: boolean;
  confirm: boolean;
}

const plain: Shape = { directed: false, what: false, confirm: false };
const directed: Shape = { directed: true, what: false, confirm: false };
/** Looked up in a Map, so `constructor` or `__proto__` is no action type. */
const SHAPES = new Map<string, Shape>([
  ['move', { directed: true, what: false, confirm: true }],
  ['wait', plain],
  ['search', plain],
  ['disarm', directed],
  ['rig', { directed: true, what: true, confirm: false }],
  ['open', directed],
  ['close', directed],
  ['kick', directed],
  ['descend', plain],
  ['pickup', plain],
  ['trigger', plain],
  ['use', { directed: false, what: true, confirm: false }],
]);

export const ACTION_TYPES: readonly string[] = [...SHAPES.keys()];

/** A short printable account of a value for a refusal ("text \"fly\"", "the number 2", "a list"). */
function shown(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `text ${JSON.stringify(v.length > 24 ? `${v.slice(0, 24)}…` : v)}`;
  if (typeof v === 'number') return Number.isFinite(v) ? `the number ${v}` : String(v);
  if (typeof v === 'object') return 'an object';
  return typeof v === 'bigint' || typeof v === 'symbol' ? `a ${typeof v}` : String(v);
}

const isDir = (v: unknown): v is -1 | 0 | 1 => v === -1 || v === 0 || v === 1;

/**
 * Checks an action from anyone (a file, a link, a script calling `step`) and returns a fresh copy
 * of it, or a sentence saying what is wrong. Accepts exactly what `actionSchema` accepts (a
 * property test holds the two equal), by hand because it runs on every step of every game and a
 * hand check costs a fraction of a zod parse. Stricter than zod on objects no file can hold: only a plain
 * object's own fields count (nothing read through a prototype), each read once (a getter cannot
 * answer differently later), and the copy is what the engine then acts on.
 */
export function readAction(input: unknown): Action | string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return `An action is an object with a type; got ${shown(input)}.`;
  const proto: unknown = Object.getPrototypeOf(input);
  if (proto !== Object.prototype && proto !== null) return 'An action is a plain object (its fields its own, not inherited).';
  const o = input as Record<string, unknown>;
  const type = Object.hasOwn(o, 'type') ? o.type : undefined;
  const shape = typeof type === 'string' ? SHAPES.get(type) : undefined;
  if (!shape) return `There is no action of type ${shown(type)} (the types: ${ACTION_TYPES.join(', ')}).`;
  let fields = 1;
  let dx = 0;
  let dy = 0;
  if (shape.directed) {
    const x = Object.hasOwn(o, 'dx') ? o.dx : undefined;
    const y = Object.hasOwn(o, 'dy') ? o.dy : undefined;
    if (!isDir(x)) return `A ${type} action's dx is -1, 0 or 1; got ${shown(x)}.`;
    if (!isDir(y)) return `A ${type} action's dy is -1, 0 or 1; got ${shown(y)}.`;
    // -0 is the number 0 (zod's int() takes it too); the copy holds plain 0.
    dx = x === 0 ? 0 : x;
    dy = y === 0 ? 0 : y;
    fields += 2;
  }
  let what = '';
  if (shape.what) {
    const w = Object.hasOwn(o, 'what') ? o.what : undefined;
    const named = type === 'use' ? 'an item kind' : 'a trap';
    if (typeof w !== 'string' || w.length < 1 || w.length > RIG_NAME_MAX) return `A ${type} action names ${named} (what: text of 1 to ${RIG_NAME_MAX} characters); got ${shown(w)}.`;
    what = w;
    fields++;
  }
  let confirm: boolean | undefined;
  let hasConfirm = false;
  if (shape.confirm && Object.hasOwn(o, 'confirm')) {
    const c = o.confirm;
    if (c !== undefined && typeof c !== 'boolean') return `A move action's confirm is true or false; got ${shown(c)}.`;
    confirm = c;
    hasConfirm = true;
    fields++;
  }
  const keys = Object.keys(o);
  if (keys.length !== fields) {
    const known = ['type', ...(shape.directed ? ['dx', 'dy'] : []), ...(shape.what ? ['what'] : []), ...(shape.confirm ? ['confirm'] : [])];
    const extra = keys.filter((k) => !known.includes(k));
    // Every known field was read above as the object's own: a count that differs means fields
    // it should not have, or a known one that is own but not enumerable.
    return extra.length > 0
      ? `A ${type} action has no field ${extra.map((k) => JSON.stringify(k)).join(', ')} (its fields: ${known.join(', ')}).`
      : `A ${type} action's fields must be plain enumerable fields.`;
  }
  switch (type as Action['type']) {
    case 'move':
      return hasConfirm ? { type: 'move', dx, dy, confirm } : { type: 'move', dx, dy };
    case 'rig':
      return { type: 'rig', what, dx, dy };
    case 'use':
      return { type: 'use', what };
    case 'disarm':
    case 'open':
    case 'close':
    case 'kick':
      return { type: type as 'disarm', dx, dy };
    default:
      return { type: type as 'wait' };
  }
}

export function describeAction(a: Action): string {
  switch (a.type) {
    case 'move':
    case 'disarm':
    case 'open':
    case 'close':
    case 'kick':
      return `${a.type} ${a.dx},${a.dy}`;
    case 'rig':
      return `rig ${a.what} ${a.dx},${a.dy}`;
    case 'use':
      return `use ${a.what}`;
    default:
      return a.type;
  }
}
