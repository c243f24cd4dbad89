import type { Actor, World } from '../../src/core/world.ts';

/**
 * The player of a plain world, found by a scan: for a fixture's `edit(world, (w) => …)`, where
 * the level's lookups would hand out read-only views (the write guard is on in the unit tests).
 */
export function heroIn(w: World): Actor {
  const hero = w.actors.find((a) => a.id === w.playerId);
  if (!hero) throw new Error('the world has no player');
  return hero;
}

/** The actor with this id in a plain world, found by a scan (see heroIn). */
export function actorIn(w: World, id: number): Actor {
  const a = w.actors.find((b) => b.id === id);
  if (!a) throw new Error(`the world has no actor ${id}`);
  return a;
}
