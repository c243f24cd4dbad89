/**
 * Traps for a fresh level, picked by CR for the depth: a level's CR is its depth plus `crOffset`
 * (at least 1); traps of that CR are the likeliest, easier ones less so, harder ones never. Floor
 * traps go on floor cells (room-filling ones where a whole 3 x 3 is open), touch traps on closed
 * doors and chests. Only the placement stream is drawn from.
 */
import { choice, sample } from '../../core/prob.ts';
import type { PlacementContext, TrapSpec } from '../../core/ruleset.ts';
import { chebyshev, isWalkable, type LevelInfo, Terrain, terrainAt, type Traits, type World } from '../../core/world.ts';
import { d20Settings } from './settings.ts';
import { type D20TrapKind, type Host, TRAP_KINDS, profileOfD20Kind } from './traps.ts';
import { occupantsText } from './triggers.ts';

export function levelCr(depth: number, crOffset: number): number {
  return Math.max(1, depth + crOffset);
}

export function crOfLevel(level: LevelInfo): number {
  return typeof level.cr === 'number' ? level.cr : 1;
}

/** How likely a trap of CR `cr` is on a level of CR `levelCr`: 4 at the level's CR, 1 well below, 0 above. */
export function crWeight(cr: number, level: number): number {
  if (cr > level) return 0;
  return Math.max(1, 4 - (level - cr));
}

/** Floor traps that may sit at the bottom of a pit (set off by the fall). */
export const PIT_BOTTOMS: ReadonlyArray<{ kind: string; minCr: number }> = [
  { kind: 'poison_dart', minCr: 1 },
  { kind: 'spear', minCr: 1 },
  { kind: 'glyph_blast', minCr: 4 },
];

/**
 * A CR first (weighted by `crWeight` against the level's CR, or against the highest CR on offer when
 * the level is deeper than the table goes), then one of the traps of that CR, evenly: so a CR with
 * many traps is not likelier than one with few.
 */
function pick(rng: PlacementContext['rng'], kinds: readonly D20TrapKind[], level: number): D20TrapKind | null {
  const byCr = new Map<number, D20TrapKind[]>();
  for (const k of kinds) {
    const cr = profileOfD20Kind(k).cr;
    if (cr > level) continue;
    byCr.set(cr, [...(byCr.get(cr) ?? []), k]);
  }
  if (byCr.size === 0) return null;
  const top = Math.max(...byCr.keys());
  const crs = [...byCr.keys()].sort((a, b) => a - b);
  const cr = sample(choice(crs.map((c) => [crWeight(c, top), c] as const)), rng);
  const group = byCr.get(cr)!;
  return group[rng.int(0, group.length - 1)]!;
}

function kindsFor(kinds: readonly D20TrapKind[], host: Host): D20TrapKind[] {
  return kinds.filter((k) => k.kind.placement.weight > 0 && k.play.hosts.includes(host));
}

/** Is the whole square of `radius` around (x, y) open floor (for a room-filling trap)? */
function openArea(world: World, x: number, y: number, radius: number): boolean {
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++) if (!isWalkable(terrainAt(world, x + dx, y + dy)) || terrainAt(world, x + dx, y + dy) !== Terrain.Floor) return false;
  return true;
}

/** Per-trap data a fresh trap needs: a timed trap's first swing, a proximity trap's present company. */
function initialData(ctx: PlacementContext, kind: D20TrapKind, x: number, y: number, level: number): Traits {
  const p = profileOfD20Kind(kind);
  const s = d20Settings(ctx.world.settings);
  const data: Traits = {};
  if (p.trigger === 'timed') data.timer = ctx.rng.int(1, s.timedPeriod);
  if (p.trigger === 'proximity' || p.trigger === 'sound' || p.trigger === 'visual') {
    // Creatures already standing within reach have not "approached" it.
    data.occupants = occupantsText(ctx.world.actors.filter((a) => a.alive && chebyshev(a.x, a.y, x, y) <= p.triggerRadius));
  }
  if (p.effect === 'pit' && ctx.rng.uniform() < s.pitBottomChance) {
    const bottoms = PIT_BOTTOMS.filter((b) => b.minCr <= level);
    data.bottom = bottoms[ctx.rng.int(0, bottoms.length - 1)]!.kind;
  }
  return data;
}

export function placeTraps(ctx: PlacementContext, kinds: readonly D20TrapKind[] = TRAP_KINDS): TrapSpec[] {
  const s = d20Settings(ctx.world.settings);
  const level = crOfLevel(ctx.world.level);
  const out: TrapSpec[] = [];
  const used = new Set<string>();
  const floorKinds = kindsFor(kinds, 'floor');
  const wanted = s.trapsPerLevel >= 0 ? s.trapsPerLevel : Math.max(4, Math.round(ctx.floorCells.length / 70));
  for (let tries = 0; out.length < wanted && tries < wanted * 20 && ctx.floorCells.length > 0; tries++) {
    const kind = pick(ctx.rng, floorKinds, level);
    if (!kind) break;
    const [x, y] = ctx.floorCells[ctx.rng.int(0, ctx.floorCells.length - 1)]!;
    if (used.has(`${x},${y}`)) continue;
    const p = profileOfD20Kind(kind);
    if ((p.effect === 'liquid' || p.effect === 'gas') && !openArea(ctx.world, x, y, p.radius)) continue;
    used.add(`${x},${y}`);
    out.push({ kind: kind.id, x, y, data: initialData(ctx, kind, x, y, level) });
  }
  const doorKinds = kindsFor(kinds, 'door');
  for (const [x, y] of ctx.doorCells) {
    const t = terrainAt(ctx.world, x, y);
    if (t !== Terrain.DoorClosed && t !== Terrain.DoorLocked) continue;
    if (ctx.rng.uniform() >= s.doorTrapChance) continue;
    const kind = pick(ctx.rng, doorKinds, level);
    if (kind) out.push({ kind: kind.id, x, y, host: { kind: 'door' } });
  }
  const chestKinds = kindsFor(kinds, 'chest');
  for (const chest of ctx.chests) {
    if (ctx.rng.uniform() >= s.chestTrapChance) continue;
    const kind = pick(ctx.rng, chestKinds, level);
    if (kind) out.push({ kind: kind.id, x: chest.x, y: chest.y, host: { kind: 'chest', chest: chest.id } });
  }
  return out;
}
