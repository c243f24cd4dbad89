/**
 * What d20's once-a-round pass has to look at, worked out once and kept while the level's traps do
 * not change: every trap's profile, whether it counts anything down (re-arming, an onset, a flood,
 * a timer) and which cells are flooded. Most rounds nothing has changed since the last, and the
 * pass reads this instead of every trap's loose `data`.
 *
 * The index is derived, never saved, and kept by the live level (`Level.trapView`), which drops it
 * at the next trap event. The pass checks `isCurrent` before each use, so a change made during
 * the pass itself (a trap going off, a flood starting) sends it back to the traps.
 */
import { levelOf } from '../../core/level.ts';
import type { Trap, World } from '../../core/world.ts';
import { num } from './actors.ts';
import { floodedCells } from './effects.ts';
import { profileOf, type TrapProfile, rulesetOf } from './traps.ts';

export interface RoundIndex {
  /** The level's count of trap changes when it was made. */
  readonly at: number;
  /** By position in `traps`: each trap's profile, and whether its counters have work this round. */
  readonly profiles: readonly TrapProfile[];
  readonly counting: readonly boolean[];
  /** The cells under a flood trap's water ("x,y"), or null when no trap is flooding (most rounds). */
  readonly wet: ReadonlySet<string> | null;
}

/** Does the trap count anything down this round: re-arming, an onset delay, a flood, or a timer? */
export function countsDown(trap: Trap, p: TrapProfile): boolean {
  return num(trap.data, 'rearmIn') > 0 || num(trap.data, 'onsetLeft') > 0 || num(trap.data, 'floodLeft') > 0 || p.trigger === 'timed';
}

/** The cells under a flood trap's water, or null when no trap is flooding. */
export function wetCells(traps: readonly Trap[]): Set<string> | null {
  let wet: Set<string> | null = null;
  for (const trap of traps) {
    if (typeof trap.data.flooded !== 'string' || trap.data.flooded === '') continue;
    wet ??= new Set();
    for (const [x, y] of floodedCells(trap)) wet.add(`${x},${y}`);
  }
  return wet;
}

/** The key the level keeps this index under. */
const ROUND_INDEX = {};

/** The index for the world's traps as they are now (made again only when they have changed). */
export function roundIndex(world: World): RoundIndex {
  const level = levelOf(world);
  return level.trapView(ROUND_INDEX, () => {
    const traps = world.traps;
    const ruleset = rulesetOf(world);
    const profiles = traps.map((t) => profileOf(ruleset, t));
    return { at: level.trapChanges, profiles, counting: traps.map((t, i) => countsDown(t, profiles[i]!)), wet: wetCells(traps) };
  });
}

/** Does the index still describe the world's traps (no trap event since it was made)? */
export function isCurrent(world: World, index: RoundIndex): boolean {
  return levelOf(world).trapChanges === index.at;
}
