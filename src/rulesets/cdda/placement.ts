/**
 * Traps on a generated level: trapDensity per 100 floor cells, kinds by weight and depth. Common
 * mechanical traps and pits everywhere; mines, dissectors and ledges from depth 2; lava and the
 * invisible magical traps from depth 3. A blade trap comes whole (engine and eight blades on a clear
 * 3x3); a raised tile records its room, which it floods; a shotgun trap is loaded with two charges.
 */
import { choice, sample } from '../../core/prob.ts';
import type { PlacementContext, Ruleset, TrapSpec } from '../../core/ruleset.ts';
import { DIRECTIONS } from '../../core/world.ts';
import { cddaSettings } from './settings.ts';

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

/**
 * The kinds placed at `depth`, by weight, from the playing table's kinds (their placement weight
 * and depths): the seed's in PLACEMENT_WEIGHTS's order (the order the draw reads them in), then
 * the rest in the table's order.
 */
export function kindsAt(ruleset: Pick<Ruleset, 'traps'>, depth: number): Array<readonly [number, string]> {
  const order = new Map(PLACEMENT_WEIGHTS.map(([kind], i) => [kind, i]));
  const kinds = ruleset.traps.flatMap((t) => (t.kind ? [t.kind] : []));
  const placed = kinds.filter((k) => k.placement.weight > 0 && depth >= (k.placement.depths?.[0] ?? 1) && depth <= (k.placement.depths?.[1] ?? Number.POSITIVE_INFINITY));
  const rank = (id: string) => order.get(id) ?? PLACEMENT_WEIGHTS.length + kinds.findIndex((k) => k.id === id);
  return placed.sort((a, b) => rank(a.id) - rank(b.id)).map((k) => [k.placement.weight, k.id] as const);
}

function chargesOf(ruleset: Pick<Ruleset, 'traps'>, id: string): number {
  return ruleset.traps.find((t) => t.id === id)?.kind?.charges ?? -1;
}

export function placeTraps(ruleset: Pick<Ruleset, 'traps'>, pc: PlacementContext): TrapSpec[] {
  const out: TrapSpec[] = [];
  const cells = pc.floorCells;
  if (cells.length === 0) return out;
  const width = pc.world.width;
  const candidate = new Set(cells.map(([x, y]) => y * width + x));
  const taken = new Set<number>();
  const wanted = Math.round((cells.length * cddaSettings(pc.world.settings).trapDensity) / 100);
  const kinds = choice(kindsAt(ruleset, pc.world.depth));
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
    } else {
      // A kind with charges is loaded with them (the shotgun's two); -1 goes off every time.
      const charges = chargesOf(ruleset, kind);
      out.push({ kind, x, y, ...(charges > 0 ? { charges } : {}) });
    }
    taken.add(i);
    placed++;
  }
  return out;
}
