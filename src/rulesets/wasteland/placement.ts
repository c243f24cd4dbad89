/**
 * Traps on a fresh level ("Fallen können am Beginn ... auf dem Spielfeld platziert werden"): one per
 * 100 free floor cells (at least 3), one more per level below the first, unless `trapsPerLevel` says
 * how many. Kinds by the table's weights (caltrops 3 : bear trap 2 : mine 1; a designer's kind only
 * within its depths, when it gives them). The candidate cells already exclude stairs and their
 * surroundings, doors, water, chests and monsters; traps also keep one cell apart so that no step
 * meets two.
 */
import { choice, sample } from '../../core/prob.ts';
import type { PlacementContext, Ruleset, TrapDef, TrapSpec } from '../../core/ruleset.ts';
import { chebyshev } from '../../core/world.ts';
import { readSettings } from './settings.ts';

export const CELLS_PER_TRAP = 100;

/** A trap's weight in the placement draw: its table's `weight` cell (0 or more). */
export function trapWeight(def: TrapDef): number {
  const w = def.columns.weight;
  if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) throw new Error(`traps.${def.id}.weight: expected a weight of 0 or more, got ${JSON.stringify(w)}`);
  return w;
}
export const MIN_TRAPS = 3;

/** A kind's weight on a level of `depth`: 0 outside the depths its definition gives. */
function weightAt(def: TrapDef, depth: number): number {
  const depths = def.kind?.placement.depths;
  return depths && (depth < depths[0] || depth > depths[1]) ? 0 : trapWeight(def);
}

export function trapsWanted(ctx: PlacementContext): number {
  const s = readSettings(ctx.world.settings);
  if (s.trapsPerLevel >= 0) return s.trapsPerLevel;
  return Math.max(MIN_TRAPS, Math.round(ctx.floorCells.length / CELLS_PER_TRAP)) + Math.max(0, ctx.world.depth - 1);
}

/** The traps of a fresh level, by the weights of `ruleset`'s table: the placing ruleset's own (a Lab variant's, while one plays). */
export function placeTraps(ctx: PlacementContext, ruleset: Pick<Ruleset, 'traps'>): TrapSpec[] {
  const wanted = trapsWanted(ctx);
  const cells = ctx.floorCells;
  const weights = ruleset.traps.map((t) => [weightAt(t, ctx.world.depth), t.id] as const);
  // No kind belongs at this depth: no traps here (and no draws).
  if (weights.every(([w]) => w === 0)) return [];
  const kinds = choice(weights);
  const out: TrapSpec[] = [];
  for (let tries = 0; out.length < wanted && tries < wanted * 30 && cells.length > 0; tries++) {
    const [x, y] = cells[ctx.rng.int(0, cells.length - 1)]!;
    if (out.some((t) => chebyshev(t.x, t.y, x, y) <= 1)) continue;
    out.push({ kind: sample(kinds, ctx.rng), x, y });
  }
  return out;
}
