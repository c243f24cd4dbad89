/**
 * The cells a blast reaches, shared by every ruleset's blasts (Cēaptūn's fireball and frost,
 * Wasteland's mine): within `radius` cells (Chebyshev: diagonals count as one) and in line of
 * sight of the centre, so walls stop it; the centre always. Each cell once, by row then column,
 * so that victims and messages come in one stable order.
 */
import { fieldOfView } from '../fov.ts';
import type { World } from '../world.ts';

export function blastCells(world: World, x: number, y: number, radius: number): Array<[number, number]> {
  const seen = new Set<number>();
  const cells: Array<[number, number]> = [];
  const add = (cx: number, cy: number) => {
    // Shadowcasting reports some cells twice and uses a round radius: each cell once, square radius.
    const key = cy * world.width + cx;
    if (seen.has(key) || Math.max(Math.abs(cx - x), Math.abs(cy - y)) > radius) return;
    seen.add(key);
    cells.push([cx, cy]);
  };
  fieldOfView(world, x, y, radius, add);
  add(x, y);
  return cells.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}
