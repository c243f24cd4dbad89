/**
 * Traps on a generated level: trapDensity per 100 floor cells, kinds by weight and depth. Common
 * mechanical traps and pits everywhere; mines, dissectors and ledges from depth 2; lava and the
 * invisible magical traps from depth 3. A blade trap comes whole (engine and eight blades on a clear
 * 3x3); a raised tile records its room, which it floods; a shotgun trap is loaded with two charges.
 */
import { choice, sample } from '../../core/prob.ts';
import type { PlacementContext, TrapSpec } from '../../core/ruleset.ts';
import { DIRECTIONS } from '../../core/world.ts';
import { num } from './settings.ts';

/** [kind, weight, first depth]. */
export const PLACEMENT_WEIGHTS: ReadonlyArray<readonly [string, number, number]> = [
  ['bubblewrap', 3, 1],
  ['beartrap', 6, 1],
  ['beartrap_buried', 4, 1],
  ['board', 5, 1],
  ['tripwire', 6, 1],
  ['crossbow', 4, 1],
  ['shotgun', 3, 1],
  ['engine', 1, 1],
  ['light_snare', 3, 1],
  ['heavy_snare', 2, 1],
  ['pit', 6, 1],
  ['spike_pit', 4, 1],
  ['telepad', 2, 1],
  ['goo', 2, 1],
  ['sinkhole', 2, 1],
  ['portal', 1, 1],
  ['raised_tile', 1, 1],
  ['landmine', 2, 2],
  ['landmine_buried', 3, 2],
  ['boobytrap', 2, 2],
  ['dissector', 1, 2],
  ['ledge', 1, 2],
  ['lava', 1, 3],
  ['glow', 1, 3],
  ['hum', 1, 3],
  ['shadow', 1, 3],
  ['drain', 1, 3],
  ['snake', 1, 3],
];

export function kindsAt(depth: number): Array<readonly [number, string]> {
  return PLACEMENT_WEIGHTS.filter(([, , from]) => depth >= from).map(([kind, w]) => [w, kind] as const);
}

export function placeTraps(pc: PlacementContext): TrapSpec[] {
  const out: TrapSpec[] = [];
  const cells = pc.floorCells;
  if (cells.length === 0) return out;
  const width = pc.world.width;
  const candidate = new Set(cells.map(([x, y]) => y * width + x));
  const taken = new Set<number>();
  const wanted = Math.round((cells.length * num(pc.world.settings, 'trapDensity')) / 100);
  const kinds = choice(kindsAt(pc.world.depth));
  for (let placed = 0, tries = 0; placed < wanted && tries < wanted * 20; tries++) {
    const kind = sample(kinds, pc.rng);
    const [x, y] = cells[pc.rng.int(0, cells.length - 1)]!;
    const i = y * width + x;
    if (taken.has(i)) continue;
    if (kind === 'engine') {
      const ring = DIRECTIONS.map(([dx, dy]) => [x + dx, y + dy] as const);
      if (!ring.every(([rx, ry]) => candidate.has(ry * width + rx) && !taken.has(ry * width + rx))) continue;
      out.push({ kind: 'engine', x, y });
      taken.add(i);
      for (const [rx, ry] of ring) {
        out.push({ kind: 'blade', x: rx, y: ry });
        taken.add(ry * width + rx);
      }
      placed++;
      continue;
    }
    if (kind === 'raised_tile') {
      const room = pc.rooms.find((r) => x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2);
      if (!room) continue;
      out.push({ kind, x, y, data: { x1: room.x1, y1: room.y1, x2: room.x2, y2: room.y2 } });
    } else out.push({ kind, x, y, ...(kind === 'shotgun' ? { charges: 2 } : {}) });
    taken.add(i);
    placed++;
  }
  return out;
}
