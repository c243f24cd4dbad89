/**
 * Traps on a fresh level, lev.c install_traps(): every free floor square gets a trap when
 * random_range(500) <= depth/6, i.e. with chance (depth/6 + 1)/500, of a kind chosen uniformly
 * among all thirteen. That is about two traps on a Trapsmith level, so the `trapRate` setting
 * multiplies the chance (default 5; 1 is Omega's own density).
 */
import type { PlacementContext, TrapSpec } from '../../core/ruleset.ts';
import { numberSetting } from './settings.ts';
import { TRAP_IDS } from './traps.ts';

export function trapChance(depth: number, rate: number): number {
  return Math.min(1, (rate * (Math.trunc(depth / 6) + 1)) / 500);
}

export function placeTraps(p: PlacementContext): TrapSpec[] {
  const chance = trapChance(p.world.depth, numberSetting(p.world.settings, 'trapRate'));
  const out: TrapSpec[] = [];
  if (chance <= 0) return out;
  for (const [x, y] of p.floorCells) {
    if (p.rng.uniform() >= chance) continue;
    out.push({ kind: TRAP_IDS[p.rng.int(0, TRAP_IDS.length - 1)]!, x, y });
  }
  return out;
}
