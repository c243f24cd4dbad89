/**
 * Traps on a fresh level ("Fallen können am Beginn ... auf dem Spielfeld platziert werden"): one per
 * 100 free floor cells (at least 3), one more per level below the first, unless `trapsPerLevel` says
 * how many. Kinds by the table's weights (caltrops 3 : bear trap 2 : mine 1). The candidate cells
 * already exclude stairs and their surroundings, doors, water, chests and monsters; traps also keep
 * one cell apart so that no step meets two.
 */
import { choice, sample } from '../../core/prob.ts';
import type { PlacementContext, TrapSpec } from '../../core/ruleset.ts';
import { chebyshev } from '../../core/world.ts';
import { readSettings } from './settings.ts';
import { TRAPS } from './traps.ts';

export const CELLS_PER_TRAP = 100;
export const MIN_TRAPS = 3;

export function trapsWanted(ctx: PlacementContext): number {
  const s = readSettings(ctx.world.settings);
  if (s.trapsPerLevel >= 0) return s.trapsPerLevel;
  return Math.max(MIN_TRAPS, Math.round(ctx.floorCells.length / CELLS_PER_TRAP)) + Math.max(0, ctx.world.depth - 1);
}

export function placeTraps(ctx: PlacementContext): TrapSpec[] {
  const wanted = trapsWanted(ctx);
  const cells = ctx.floorCells;
  const kinds = choice(TRAPS.map((t) => [t.columns.weight as number, t.id] as const));
  const out: TrapSpec[] = [];
  for (let tries = 0; out.length < wanted && tries < wanted * 30 && cells.length > 0; tries++) {
    const [x, y] = cells[ctx.rng.int(0, cells.length - 1)]!;
    if (out.some((t) => chebyshev(t.x, t.y, x, y) <= 1)) continue;
    out.push({ kind: sample(kinds, ctx.rng), x, y });
  }
  return out;
}
