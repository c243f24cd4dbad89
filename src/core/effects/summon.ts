/**
 * Summoning, shared by every ruleset's summoning traps and alarms (CDDA's shadows, d20's summon
 * monster trap, Omega's demon princes): monsters made by the core's `makeMonster` and added to the
 * world by an `actorAdded` event, on cells a free-cell search gives, one at a time in a stable order.
 *
 * Every monster costs one `newId` (a `nextId` event) and one `actorAdded` event, in that order.
 * Nothing here draws randomness: where the cells are drawn, the ruleset's `pick` draws.
 */
import { makeMonster } from '../mapgen.ts';
import type { MonsterKind, RuleContext } from '../ruleset.ts';
import type { Actor, MonsterMind } from '../world.ts';
import { type FreeCellOptions, freeCells } from './freeCells.ts';

/** How a summoned monster starts. */
export interface Summoned {
  /** Ticks from now until it first acts: 1, right after whoever acts now; 100, a turn later. */
  actsIn: number;
  /** It hunts toward (x, y) and gives up after `patience` turns of getting no closer; null: it wanders from where it appears. */
  hunts: { x: number; y: number; patience: number } | null;
  /** Statuses it starts with (d20's `summoned` rounds), over the fresh monster's none. */
  status?: Record<string, number>;
}

/**
 * One monster of `kind` at (x, y), added now. Returns the event's payload: the world holds its own
 * copy (look it up by the payload's id to read it later).
 */
export function summonAt(ctx: RuleContext, kind: MonsterKind, x: number, y: number, as: Summoned): Actor {
  const fresh = makeMonster(kind, ctx.newId(), x, y, ctx.ruleset, ctx.settings);
  const ai: MonsterMind = as.hunts
    ? { mode: 'hunt', targetX: as.hunts.x, targetY: as.hunts.y, patience: as.hunts.patience }
    : { mode: 'wander', targetX: x, targetY: y, patience: 0 };
  // The actorAdded payload being built: the monster is in the world only once the event adds it.
  // Spread over the fresh monster, so the fields keep makeMonster's order.
  const m: Actor = as.status
    ? { ...fresh, status: { ...fresh.status, ...as.status }, nextAct: ctx.world.time + as.actsIn, ai }
    : { ...fresh, nextAct: ctx.world.time + as.actsIn, ai };
  ctx.emit({ type: 'actorAdded', actor: m });
  return m;
}

/** A summoning: what, how many, where, and which of the cells each one takes. */
export interface Summoning extends Summoned {
  kind: MonsterKind;
  /** How many at most: fewer when the cells run out. */
  count: number;
  /** The cells they may appear on, searched once before the first appears (freeCells.ts). */
  where: FreeCellOptions;
  /**
   * Which of the `n` cells not yet taken the next one takes (0-based, below n; asked only when
   * n > 0): a draw, or 0 for the first in the search's order. A taken cell leaves the list, the
   * rest keep their order, so no two share a cell.
   */
  pick: (n: number) => number;
  /** Called after each one is added, before the next is picked (a message, say). */
  onEach?: (m: Actor) => void;
}

/** Up to `count` monsters, each on a cell of the search, one after another; the payloads added, in order. */
export function summon(ctx: RuleContext, s: Summoning): Actor[] {
  const cells = freeCells(ctx.world, s.where);
  const made: Actor[] = [];
  for (let i = 0; i < s.count && cells.length > 0; i++) {
    const k = s.pick(cells.length);
    if (!Number.isInteger(k) || k < 0 || k >= cells.length) throw new RangeError(`summon: pick(${cells.length}) gave ${k}, not a cell index`);
    const [x, y] = cells.splice(k, 1)[0]!;
    const m = summonAt(ctx, s.kind, x, y, s);
    made.push(m);
    s.onEach?.(m);
  }
  return made;
}
