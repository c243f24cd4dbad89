/**
 * The careful bot: it searches before stepping onto cells where this ruleset tends to hide traps
 * (learnt per ruleset, see likely.ts), routes around the traps it knows of, and when a known trap
 * is in the only way, reads that trap's exact odds for itself (the ruleset's step and disarm
 * checks, core/stepOdds.ts: what the hover and the confirm window say) and disarms when the odds
 * are good (see chooseAtTrap) and steps past (or opens the door) otherwise. It fights back
 * against whatever attacks it.
 */
import type { Action } from '../../core/actions.ts';
import { refusal } from '../../core/engine.ts';
import { getRuleset } from '../../core/registry.ts';
import { type Actor, chebyshev, idx, type Trap, type World } from '../../core/world.ts';
import { disarmOdds, stepOdds } from '../../core/stepOdds.ts';
import { adjacentFoe, hero, knowledge, knownTrapAt, onStairsDown, remedy, stepInto } from './common.ts';
import { type CellClass, cellClass, likelyCells } from './likely.ts';
import { BLOCKED, type CellCost, Router, terrainCost } from './nav.ts';
import type { Bot, BotInfo } from './types.ts';

/** Extra steps the careful bot walks to avoid a known trap. */
export const KNOWN_TRAP_DETOUR = 30;
/** Disarm tries on one trap before stepping past it anyway. */
export const MAX_DISARM_TRIES = 8;
/** Searches from beside a likely cell before stepping onto it. */
export const SEARCHES_PER_CELL = 1;

const cost: CellCost = (world, x, y) => {
  if (world.chests.some((c) => c.x === x && c.y === y)) return BLOCKED;
  const base = terrainCost(world, x, y);
  if (!Number.isFinite(base)) return base;
  return knownTrapAt(world, x, y) ? base + KNOWN_TRAP_DETOUR : base;
};

export type TrapChoice = 'disarm' | 'step';

/** A disarm try this likely to set the trap off is "good odds" when it also succeeds half the time. */
export const GOOD_ODDS_SET_OFF = 0.05;

/** What the careful choice reads at a trap: the chance a step (or an opening) sets it off, and one disarm try's. */
export interface CarefulOdds {
  /** P(the step onto it, or the opening of its door, sets it off). */
  trigger: number;
  /** One disarm try: P(it is disarmed), P(it is set off); null where no check reads the try. */
  disarm: { success: number; setOff: number } | null;
}

/**
 * The careful choice at a known trap in the way, from its odds: disarm when trying until it is
 * done is less likely to set the trap off than stepping onto it (or opening its door), or when a
 * try succeeds at least half the time and sets it off at most 1 time in 20; step past otherwise.
 */
export function chooseAtTrap(odds: CarefulOdds, triesSoFar: number): TrapChoice {
  const d = odds.disarm;
  if (!d || d.success <= 0 || triesSoFar >= MAX_DISARM_TRIES) return 'step';
  const eventualSetOff = d.setOff / (d.success + d.setOff);
  if (eventualSetOff < odds.trigger) return 'disarm';
  return d.success >= 0.5 && d.setOff <= GOOD_ODDS_SET_OFF ? 'disarm' : 'step';
}

/**
 * The odds the careful choice needs, read exactly (`stepOdds`, `disarmOdds`). Where the ruleset
 * has no step reading here (a d20 proximity trap another creature is also coming into), the bot
 * assumes the step sets it off: it then disarms whenever trying until done is not certain to.
 */
export function carefulOdds(world: World, me: Actor, trap: Trap): CarefulOdds {
  const step = stepOdds(world, me, trap);
  const disarm = disarmOdds(world, me, trap);
  return { trigger: step ? 1 - (step.avoided?.p ?? 0) : 1, disarm: disarm ? { success: disarm.success.p, setOff: disarm.setOff.p } : null };
}

export class CarefulBot implements Bot {
  readonly name: string = 'careful';
  protected readonly router = new Router(cost);
  /** Searches made beside each cell, per level: `${depth}:${index}`. */
  private readonly searched = new Map<string, number>();
  private readonly disarmTries = new Map<number, number>();
  private readonly oddsCache = new Map<string, CarefulOdds>();
  /** Traps whose disarm the game refused from where we stood: we step past them. */
  private readonly noDisarm = new Set<number>();
  private lastDisarm: number | null = null;
  /**
   * Where this ruleset hides traps at the depth being played (likely.ts). A game keeps its
   * ruleset, settings, size and style, so the depth alone says when to look again.
   */
  private likely: { depth: number; classes: ReadonlySet<CellClass> } | null = null;

  act(world: World): Action | null {
    const me = hero(world);
    if (onStairsDown(world, me)) return { type: 'descend' };
    const foe = adjacentFoe(world, me);
    if (foe) return { type: 'move', dx: foe.x - me.x, dy: foe.y - me.y };
    return remedy(world, me) ?? this.travel(world, me);
  }

  /** One step of the way to the stairs, with the care above. */
  protected travel(world: World, me: Actor): Action | null {
    const next = this.router.next(world, me, world.stairsDown, knowledge(world));
    if (!next) return null;
    const [nx, ny] = next;
    const trap = knownTrapAt(world, nx, ny);
    if (trap && trap.host.kind !== 'chest') {
      if (this.atTrap(world, me, trap) === 'disarm') {
        this.disarmTries.set(trap.id, (this.disarmTries.get(trap.id) ?? 0) + 1);
        this.lastDisarm = trap.id;
        return { type: 'disarm', dx: nx - me.x, dy: ny - me.y };
      }
      return stepInto(world, me, nx, ny, true);
    }
    if (this.wantsSearch(world, nx, ny)) {
      this.markSearched(world, me);
      return { type: 'search' };
    }
    return stepInto(world, me, nx, ny, false);
  }

  refused(_world: World, action: Action, _reason: string): void {
    // A refused disarm (e.g. the ruleset wants you on the trap's cell): step past that trap.
    if (action.type === 'disarm' && this.lastDisarm !== null) this.noDisarm.add(this.lastDisarm);
  }

  protected odds(world: World, me: Actor, trap: Trap): CarefulOdds {
    const key = `${trap.id}|${me.x},${me.y}|${me.hp}`;
    let o = this.oddsCache.get(key);
    if (!o) {
      o = carefulOdds(world, me, trap);
      this.oddsCache.set(key, o);
    }
    return o;
  }

  private atTrap(world: World, me: Actor, trap: Trap): TrapChoice {
    if (this.noDisarm.has(trap.id)) return 'step';
    const action = { type: 'disarm' as const, dx: trap.x - me.x, dy: trap.y - me.y };
    if (refusal(world, me, action, getRuleset(world.ruleset))) {
      this.noDisarm.add(trap.id);
      return 'step';
    }
    return chooseAtTrap(this.odds(world, me, trap), this.disarmTries.get(trap.id) ?? 0);
  }

  private wantsSearch(world: World, x: number, y: number): boolean {
    if (this.likely?.depth !== world.depth) this.likely = { depth: world.depth, classes: likelyCells(world).likely };
    if (!this.likely.classes.has(cellClass(world, x, y))) return false;
    return (this.searched.get(`${world.depth}:${idx(world, x, y)}`) ?? 0) < SEARCHES_PER_CELL;
  }

  /** A search covers the cells around the searcher. */
  private markSearched(world: World, me: Actor): void {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = me.x + dx;
        const y = me.y + dy;
        if (x < 0 || y < 0 || x >= world.width || y >= world.height || chebyshev(x, y, me.x, me.y) > 1) continue;
        const key = `${world.depth}:${idx(world, x, y)}`;
        this.searched.set(key, (this.searched.get(key) ?? 0) + 1);
      }
  }
}

export const careful: BotInfo = {
  name: 'careful',
  description:
    'Searches where this ruleset hides traps, routes around known traps, disarms when the exact odds (the ruleset\'s step and disarm checks) are good and steps past otherwise; fights back.',
  create: () => new CarefulBot(),
};
