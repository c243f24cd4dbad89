/**
 * Long random games for replay tests: a seeded random player (its own small PRNG, so the actions
 * depend only on the test's seed and the world it sees) that walks, searches, opens, kicks,
 * disarms and takes the stairs down when it stands on them.
 */
import type { Action } from '../../src/core/actions.ts';
import { chebyshev, DIRECTIONS, isWalkable, Terrain, terrainAt, type World } from '../../src/core/world.ts';
import { type GameOptions, type Recording, record } from '../../src/share/replay.ts';
import { player } from '../../src/core/level.ts';

/** mulberry32: a tiny seeded PRNG, independent of the game's streams. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomAction(world: World, rand: () => number): Action {
  const hero = player(world);
  // Fight back: a random walker that ignores what bites it dies in a few dozen turns.
  const foe = world.actors.find((a) => a.alive && a.faction === 'hostile' && chebyshev(a.x, a.y, hero.x, hero.y) === 1);
  if (foe && rand() < 0.9) return { type: 'move', dx: foe.x - hero.x, dy: foe.y - hero.y };
  if (terrainAt(world, hero.x, hero.y) === Terrain.StairsDown && rand() < 0.5) return { type: 'descend' };
  // Drift down the stairs' distance map a third of the time, so games go deeper than one level.
  const [dx, dy] = rand() < 0.35 ? towardStairs(world, hero.x, hero.y) : DIRECTIONS[Math.floor(rand() * 8)]!;
  const r = rand();
  // Mostly unconfirmed moves: onto a known trap the engine asks first (refused), and the walker
  // goes another way; now and then it steps on anyway.
  if (r < 0.78) return { type: 'move', dx, dy, ...(rand() < 0.05 ? { confirm: true } : {}) };
  if (r < 0.86) return { type: 'search' };
  if (r < 0.9) return { type: 'wait' };
  if (r < 0.93) return { type: 'open', dx, dy };
  if (r < 0.95) return { type: 'kick', dx, dy };
  if (r < 0.97) return { type: 'disarm', dx, dy };
  if (r < 0.98) return { type: 'pickup' };
  return { type: 'close', dx, dy };
}

const passable = (t: number) => isWalkable(t) || t === Terrain.DoorClosed || t === Terrain.DoorLocked;

/** A step down a breadth-first distance map from the stairs down (through doors). */
function towardStairs(world: World, x: number, y: number): readonly [number, number] {
  const dist = new Int32Array(world.width * world.height).fill(-1);
  const [sx, sy] = world.stairsDown;
  const queue = [sy * world.width + sx];
  dist[queue[0]!] = 0;
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    const cx = i % world.width;
    const cy = (i - cx) / world.width;
    for (const [ddx, ddy] of DIRECTIONS) {
      const nx = cx + ddx;
      const ny = cy + ddy;
      if (nx < 0 || ny < 0 || nx >= world.width || ny >= world.height) continue;
      const j = ny * world.width + nx;
      if (dist[j] !== -1 || !passable(world.terrain[j]!)) continue;
      dist[j] = dist[i]! + 1;
      queue.push(j);
    }
  }
  let best: readonly [number, number] = DIRECTIONS[0]!;
  let bestDist = Number.POSITIVE_INFINITY;
  for (const d of DIRECTIONS) {
    const v = dist[(y + d[1]) * world.width + x + d[0]] ?? -1;
    if (v >= 0 && v < bestDist) {
      bestDist = v;
      best = d;
    }
  }
  return best;
}

/** Plays `attempts` random actions (refused ones included: the recording keeps only the accepted). */
export function playRandomGame(opts: GameOptions, attempts: number, botSeed = 1): Recording {
  const rec = record(opts);
  const rand = prng(botSeed);
  for (let i = 0; i < attempts && !rec.world.over; i++) rec.step(randomAction(rec.world, rand));
  return rec;
}
