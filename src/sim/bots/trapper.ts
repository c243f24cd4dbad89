/**
 * The trapper bot: travels like the careful bot, and when an awake monster it can see comes for
 * it from a few cells away, it rigs or sets a trap (whatever the ruleset offers it now, first in
 * the ruleset's list) on the cell between them, steps back so the trap lies in the monster's way,
 * and waits for the monster to walk onto it — monsters know nothing of the player's traps. In a
 * ruleset without rigging, or without the means, it is the careful bot.
 */
import type { Action } from '../../core/actions.ts';
import { canEnter, refusal } from '../../core/engine.ts';
import { getRuleset } from '../../core/registry.ts';
import { type Actor, chebyshev, DIRECTIONS, isWalkable, terrainAt, type World } from '../../core/world.ts';
import { adjacentFoe, hero, onStairsDown, sign, visibleFoes } from './common.ts';
import { CarefulBot } from './careful.ts';
import { cellClass } from './likely.ts';
import type { Bot, BotInfo } from './types.ts';
import { trapAt } from '../../core/level.ts';

/** Rig when the monster is this far (cells): far enough to step back before it arrives. */
export const LURE_MIN_DISTANCE = 3;
export const LURE_MAX_DISTANCE = 7;
/** Turns to wait for a lured monster before moving on. */
export const LURE_PATIENCE = 10;
/** Rigging tries per level (failed checks, interruptions). */
export const RIGS_PER_LEVEL = 4;
/** Of those, ambushes: a trap left behind in a corridor for whatever follows. */
export const AMBUSHES_PER_LEVEL = 2;

interface Lure {
  monster: number;
  trapCell: [number, number];
  /** The cell to back off to, once the trap is rigged. */
  retreat: [number, number] | null;
  waited: number;
  rigged: boolean;
}

export class TrapperBot extends CarefulBot implements Bot {
  override readonly name = 'trapper';
  private lure: Lure | null = null;
  private rigsTried = new Map<number, number>();
  private ambushes = new Map<number, number>();
  /** Where the player stood before its last move, per level. */
  private previous: { depth: number; x: number; y: number } | null = null;

  override act(world: World): Action | null {
    const me = hero(world);
    if (onStairsDown(world, me)) return { type: 'descend' };
    const lured = this.continueLure(world, me);
    if (lured) return lured;
    const foe = adjacentFoe(world, me);
    if (foe) return { type: 'move', dx: foe.x - me.x, dy: foe.y - me.y };
    const rig = this.startLure(world, me) ?? this.ambush(world, me);
    if (rig) return rig;
    const here = { depth: world.depth, x: me.x, y: me.y };
    const action = this.travel(world, me);
    if (action?.type === 'move') this.previous = here;
    return action;
  }

  /**
   * With no monster in sight, in a corridor, leave a trap on the cell just walked: monsters that
   * hunt the player follow its way and walk onto it.
   */
  private ambush(world: World, me: Actor): Action | null {
    const prev = this.previous;
    if (!prev || prev.depth !== world.depth || chebyshev(prev.x, prev.y, me.x, me.y) !== 1) return null;
    if ((this.ambushes.get(world.depth) ?? 0) >= AMBUSHES_PER_LEVEL || (this.rigsTried.get(world.depth) ?? 0) >= RIGS_PER_LEVEL) return null;
    if (visibleFoes(world, me).length > 0 || cellClass(world, prev.x, prev.y) !== 'corridor') return null;
    if (!isWalkable(terrainAt(world, prev.x, prev.y)) || trapAt(world, prev.x, prev.y) || !canEnter(world, me, prev.x, prev.y)) return null;
    const ruleset = getRuleset(world.ruleset);
    const option = ruleset.rigOptions(world, me).find((o) => o.available);
    if (!option) return null;
    const action: Action = { type: 'rig', what: option.id, dx: prev.x - me.x, dy: prev.y - me.y };
    if (refusal(world, me, action, ruleset)) return null;
    this.previous = null;
    this.ambushes.set(world.depth, (this.ambushes.get(world.depth) ?? 0) + 1);
    this.rigsTried.set(world.depth, (this.rigsTried.get(world.depth) ?? 0) + 1);
    return action;
  }

  override refused(world: World, action: Action, reason: string): void {
    if (action.type === 'rig') this.lure = null;
    super.refused(world, action, reason);
  }

  private continueLure(world: World, me: Actor): Action | null {
    const l = this.lure;
    if (!l) return null;
    const m = world.actors.find((a) => a.id === l.monster);
    const trap = trapAt(world, l.trapCell[0], l.trapCell[1]);
    const ours = trap !== undefined && trap.owner === me.id;
    if (!l.rigged) {
      // The rig action has been taken: did a trap of ours appear?
      l.rigged = true;
      if (!ours) {
        this.lure = null;
        return null;
      }
    }
    if (!m?.alive || !ours || l.waited >= LURE_PATIENCE || chebyshev(m.x, m.y, me.x, me.y) <= 1) {
      this.lure = null;
      return null;
    }
    if (l.retreat && canEnter(world, me, l.retreat[0], l.retreat[1]) && !trapAt(world, l.retreat[0], l.retreat[1])) {
      const [rx, ry] = l.retreat;
      l.retreat = null;
      return { type: 'move', dx: rx - me.x, dy: ry - me.y };
    }
    l.retreat = null;
    l.waited++;
    return { type: 'wait' };
  }

  private startLure(world: World, me: Actor): Action | null {
    const tries = this.rigsTried.get(world.depth) ?? 0;
    if (tries >= RIGS_PER_LEVEL) return null;
    const foe = visibleFoes(world, me).find((m) => {
      const d = chebyshev(m.x, m.y, me.x, me.y);
      return d >= LURE_MIN_DISTANCE && d <= LURE_MAX_DISTANCE && !m.flying;
    });
    if (!foe) return null;
    const ruleset = getRuleset(world.ruleset);
    const option = ruleset.rigOptions(world, me).find((o) => o.available);
    if (!option) return null;
    const dx = sign(foe.x - me.x);
    const dy = sign(foe.y - me.y);
    const cx = me.x + dx;
    const cy = me.y + dy;
    if (!isWalkable(terrainAt(world, cx, cy)) || trapAt(world, cx, cy) || !canEnter(world, me, cx, cy)) return null;
    const action: Action = { type: 'rig', what: option.id, dx, dy };
    if (refusal(world, me, action, ruleset)) return null;
    this.rigsTried.set(world.depth, tries + 1);
    this.lure = { monster: foe.id, trapCell: [cx, cy], retreat: this.retreatCell(world, me, foe, [cx, cy]), waited: 0, rigged: false };
    return action;
  }

  /** The free neighbour farthest from the monster (not the trap's cell, not a known trap). */
  private retreatCell(world: World, me: Actor, foe: Actor, trapCell: [number, number]): [number, number] | null {
    let best: [number, number] | null = null;
    let bestD = chebyshev(me.x, me.y, foe.x, foe.y);
    for (const [dx, dy] of DIRECTIONS) {
      const x = me.x + dx;
      const y = me.y + dy;
      if (x === trapCell[0] && y === trapCell[1]) continue;
      if (!canEnter(world, me, x, y) || trapAt(world, x, y)) continue;
      const d = chebyshev(x, y, foe.x, foe.y);
      if (d > bestD) {
        bestD = d;
        best = [x, y];
      }
    }
    return best;
  }
}

export const trapper: BotInfo = {
  name: 'trapper',
  description:
    'Travels like careful; when an awake monster comes at it from 3–7 cells, rigs the first trap the ruleset offers between them, steps back and waits for it; with none in sight, leaves traps behind it in corridors for whatever follows.',
  create: () => new TrapperBot(),
};
