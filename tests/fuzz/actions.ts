/**
 * What the fuzz hands to `step`: mostly actions a player could choose (moves, searches, disarms,
 * rigs by the ruleset's own ids, doors, pickups, stairs, the trap beneath), sometimes malformed
 * ones from a catalogue of everything a script could pass instead. A step is recorded as a
 * `StepSpec`: the action itself when it is JSON, else the catalogue's name for it, so a failing
 * game prints as JSON and plays again from that list.
 */
import type { Action } from '../../src/core/actions.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { chebyshev, DIRECTIONS, idx, isWalkable, Terrain, terrainAt, type World } from '../../src/core/world.ts';
import { floodDistances } from '../../src/core/flood.ts';
import { player } from '../../src/core/level.ts';

export type StepSpec = Action | { malformed: string };

/** Every value here must be refused by `step` (the schema refuses it), changing nothing. */
const MALFORMED = new Map<string, () => unknown>([
  ['type fly', () => ({ type: 'fly' })],
  ['type constructor', () => ({ type: 'constructor' })],
  ['type __proto__', () => JSON.parse('{"type":"__proto__"}')],
  ['type toString', () => ({ type: 'toString' })],
  ['type empty', () => ({ type: '' })],
  ['type MOVE', () => ({ type: 'MOVE', dx: 1, dy: 0 })],
  ['type missing', () => ({ dx: 1, dy: 0 })],
  ['type number', () => ({ type: 7 })],
  ['move dx 2', () => ({ type: 'move', dx: 2, dy: 0 })],
  ['move dy -2', () => ({ type: 'move', dx: 0, dy: -2 })],
  ['move dx 0.5', () => ({ type: 'move', dx: 0.5, dy: 0 })],
  ['move dx NaN', () => ({ type: 'move', dx: Number.NaN, dy: 1 })],
  ['move dy Infinity', () => ({ type: 'move', dx: 1, dy: Number.POSITIVE_INFINITY })],
  ['move dx text', () => ({ type: 'move', dx: '1', dy: 0 })],
  ['move dx null', () => ({ type: 'move', dx: null, dy: 0 })],
  ['move without dy', () => ({ type: 'move', dx: 1 })],
  ['move extra field', () => ({ type: 'move', dx: 1, dy: 0, run: 5 })],
  ['move confirm text', () => ({ type: 'move', dx: 1, dy: 0, confirm: 'yes' })],
  ['disarm dx 3', () => ({ type: 'disarm', dx: 3, dy: 0 })],
  ['open dy NaN', () => ({ type: 'open', dx: 0, dy: Number.NaN })],
  ['close without dx', () => ({ type: 'close', dy: 1 })],
  ['kick dx -1e9', () => ({ type: 'kick', dx: -1e9, dy: 0 })],
  ['rig constructor', () => ({ type: 'rig', what: 'constructor', dx: 1, dy: 0 })],
  ['rig __proto__', () => ({ type: 'rig', what: '__proto__', dx: 0, dy: 0 })],
  ['rig toString', () => ({ type: 'rig', what: 'toString', dx: 0, dy: 1 })],
  ['rig unknown trap', () => ({ type: 'rig', what: 'no such trap', dx: 1, dy: 1 })],
  ['rig empty name', () => ({ type: 'rig', what: '', dx: 1, dy: 0 })],
  ['rig long name', () => ({ type: 'rig', what: 'x'.repeat(41), dx: 1, dy: 0 })],
  ['rig name number', () => ({ type: 'rig', what: 5, dx: 1, dy: 0 })],
  ['rig dx 2', () => ({ type: 'rig', what: 'x', dx: 2, dy: 0 })],
  ['wait with dx', () => ({ type: 'wait', dx: 1 })],
  ['search extra', () => ({ type: 'search', what: 'x' })],
  ['move nowhere', () => ({ type: 'move', dx: 0, dy: 0 })],
  ['null', () => null],
  ['undefined', () => undefined],
  ['text', () => 'move'],
  ['number', () => 8],
  ['boolean', () => true],
  ['list', () => []],
  ['list of an action', () => [{ type: 'wait' }]],
  ['function', () => () => ({ type: 'wait' })],
  ['inherited wait', () => Object.create({ type: 'wait' })],
  ['inherited direction', () => Object.assign(Object.create({ dx: 1, dy: 0 }), { type: 'move' })],
  ['class instance', () => new (class Act { type = 'search'; })()],
  ['JSON __proto__ field', () => JSON.parse('{"type":"wait","__proto__":{"type":"move"}}')],
  ['hidden dx', () => Object.defineProperty({ type: 'move', dy: 0 }, 'dx', { value: 1, enumerable: false })],
  ['Map', () => new Map([['type', 'wait']])],
]);

export const MALFORMED_NAMES: readonly string[] = [...MALFORMED.keys()];

/** The value a spec stands for: the action, or a fresh malformed value from the catalogue. */
export function specValue(spec: StepSpec): unknown {
  if ('malformed' in spec) {
    const make = MALFORMED.get(spec.malformed);
    if (!make) throw new Error(`no malformed action called ${JSON.stringify(spec.malformed)} (known: ${MALFORMED_NAMES.join(', ')})`);
    return make();
  }
  return spec;
}

export type Rand = () => number;

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const anyDir = (rand: Rand): readonly [number, number] => (rand() < 0.06 ? [0, 0] : pick(rand, DIRECTIONS));
const passable = (t: number) => isWalkable(t) || t === Terrain.DoorClosed || t === Terrain.DoorLocked;

/** A step toward the stairs down (through doors), so games go deeper than one level. */
function towardStairs(world: World, x: number, y: number): readonly [number, number] | null {
  const dist = floodDistances(world.width, world.height, idx(world, ...world.stairsDown), (i) => passable(world.terrain[i]!));
  let best: readonly [number, number] | null = null;
  let bestDist = dist[idx(world, x, y)]!;
  if (bestDist < 0) return null;
  for (const d of DIRECTIONS) {
    const nx = x + d[0];
    const ny = y + d[1];
    if (nx < 0 || ny < 0 || nx >= world.width || ny >= world.height) continue;
    const v = dist[idx(world, nx, ny)]!;
    if (v >= 0 && v < bestDist) {
      bestDist = v;
      best = d;
    }
  }
  return best;
}

/** A direction toward a neighbouring cell that satisfies `want`, else a random one. */
function toward(world: World, x: number, y: number, rand: Rand, want: (t: number, cx: number, cy: number) => boolean): readonly [number, number] {
  const near = DIRECTIONS.filter(([dx, dy]) => want(terrainAt(world, x + dx, y + dy), x + dx, y + dy));
  return near.length > 0 && rand() < 0.8 ? pick(rand, near) : anyDir(rand);
}

/** A valid action (by the schema; the engine may still refuse it, as a wall in the way). */
export function validAction(world: World, rand: Rand): Action {
  const hero = player(world);
  const foe = world.actors.find((a) => a.alive && a.faction === 'hostile' && chebyshev(a.x, a.y, hero.x, hero.y) === 1);
  if (foe && rand() < 0.7) return { type: 'move', dx: foe.x - hero.x, dy: foe.y - hero.y };
  if (terrainAt(world, hero.x, hero.y) === Terrain.StairsDown && rand() < 0.3) return { type: 'descend' };
  if (rand() < 0.5 && world.items.some((i) => i.x === hero.x && i.y === hero.y)) return { type: 'pickup' };
  const r = rand();
  if (r < 0.6) {
    const down = rand() < 0.3 ? towardStairs(world, hero.x, hero.y) : null;
    const [dx, dy] = down ?? anyDir(rand);
    const c = rand();
    return c < 0.1 ? { type: 'move', dx, dy, confirm: true } : c < 0.13 ? { type: 'move', dx, dy, confirm: false } : { type: 'move', dx, dy };
  }
  if (r < 0.66) return { type: 'search' };
  if (r < 0.7) return { type: 'wait' };
  if (r < 0.75) {
    const [dx, dy] = toward(world, hero.x, hero.y, rand, (_t, cx, cy) => world.traps.some((t) => t.x === cx && t.y === cy && t.knownBy.includes(hero.id)));
    return { type: 'disarm', dx, dy };
  }
  if (r < 0.81) {
    const options = getRuleset(world.ruleset).rigOptions(world, hero);
    const [dx, dy] = anyDir(rand);
    if (options.length === 0) return { type: 'rig', what: 'nothing-to-rig', dx, dy };
    // Available ones mostly; unavailable ones too (they must be refused with their reason).
    const usable = options.filter((o) => o.available);
    const option = usable.length > 0 && rand() < 0.8 ? pick(rand, usable) : pick(rand, options);
    return { type: 'rig', what: option.id, dx, dy };
  }
  if (r < 0.86) {
    const [dx, dy] = toward(world, hero.x, hero.y, rand, (t) => t === Terrain.DoorClosed || t === Terrain.DoorLocked);
    return { type: 'open', dx, dy };
  }
  if (r < 0.89) {
    const [dx, dy] = toward(world, hero.x, hero.y, rand, (t) => t === Terrain.DoorOpen);
    return { type: 'close', dx, dy };
  }
  if (r < 0.92) {
    const [dx, dy] = toward(world, hero.x, hero.y, rand, (t) => t === Terrain.DoorClosed || t === Terrain.DoorLocked);
    return { type: 'kick', dx, dy };
  }
  if (r < 0.95) return { type: 'trigger' };
  if (r < 0.98) return { type: 'pickup' };
  return { type: 'descend' };
}

/** The next step: valid with probability 1 - `malformedShare`, else a malformed one. */
export function nextSpec(world: World, rand: Rand, malformedShare: number): StepSpec {
  if (rand() < malformedShare) return { malformed: pick(rand, MALFORMED_NAMES) };
  return validAction(world, rand);
}
