/**
 * Traps on a fresh level, lev.c install_traps(): every free floor square gets a trap when
 * random_range(500) <= depth/6, i.e. with chance (depth/6 + 1)/500, of a kind chosen uniformly
 * among all thirteen. That is about two traps on a Trapsmith level, so the `trapRate` setting
 * multiplies the chance (default 5; 1 is Omega's own density).
 *
 * With a designer's kinds the choice is by the kinds' weights (floor kinds of weight 0 are never
 * placed): one draw of 0..total-1, which with every weight 1 (the thirteen's) is Omega's uniform
 * choice, the same draw.
 */
import type { PlacementContext, TrapDef, TrapSpec } from '../../core/ruleset.ts';
import { omegaSettings } from './settings.ts';

export function trapChance(depth: number, rate: number): number {
  return Math.min(1, (rate * (Math.trunc(depth / 6) + 1)) / 500);
}

/** The kinds the dungeon places, each with its weight. */
function placed(traps: readonly TrapDef[]): Array<{ id: string; weight: number; charges: number }> {
  return traps.flatMap((t) => {
    const k = t.kind;
    return k?.hosts.includes('floor') && k.rigged !== true && k.placement.weight > 0 ? [{ id: t.id, weight: k.placement.weight, charges: k.charges }] : [];
  });
}

export function placeTraps(p: PlacementContext, traps: readonly TrapDef[]): TrapSpec[] {
  const chance = trapChance(p.world.depth, omegaSettings(p.world.settings).trapRate);
  const out: TrapSpec[] = [];
  const kinds = placed(traps);
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  if (chance <= 0 || total <= 0) return out;
  for (const [x, y] of p.floorCells) {
    if (p.rng.uniform() >= chance) continue;
    let r = p.rng.int(0, total - 1);
    const kind = kinds.find((k) => (r -= k.weight) < 0)!;
    out.push({ kind: kind.id, x, y, ...(kind.charges !== -1 ? { charges: kind.charges } : {}) });
  }
  return out;
}
