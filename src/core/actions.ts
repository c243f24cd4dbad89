/**
 * Actions: what an actor wants to do. The player's come from input or a replay, monsters' from
 * their brain, a bot's from its policy; all go through `perform` in `engine.ts`.
 */
import { z } from 'zod';

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
  | { type: 'trigger' };

const dir = z.number().int().min(-1).max(1);

/** Schema for actions arriving from outside (replays, links, batch files). */
export const actionSchema: z.ZodType<Action> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), dx: dir, dy: dir, confirm: z.boolean().optional() }),
  z.object({ type: z.literal('wait') }),
  z.object({ type: z.literal('search') }),
  z.object({ type: z.literal('disarm'), dx: dir, dy: dir }),
  z.object({ type: z.literal('rig'), what: z.string().min(1).max(40), dx: dir, dy: dir }),
  z.object({ type: z.literal('open'), dx: dir, dy: dir }),
  z.object({ type: z.literal('close'), dx: dir, dy: dir }),
  z.object({ type: z.literal('kick'), dx: dir, dy: dir }),
  z.object({ type: z.literal('descend') }),
  z.object({ type: z.literal('pickup') }),
  z.object({ type: z.literal('trigger') }),
]) as z.ZodType<Action>;

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
    default:
      return a.type;
  }
}
