/** Helpers every bot shares: reading the level around the player and turning a target cell into an action. */
import type { Action } from '../../core/actions.ts';
import { type Actor, chebyshev, DIRECTIONS, idx, inBounds, isVisible, Terrain, type Trap, type World } from '../../core/world.ts';
import { trapAt } from '../../core/level.ts';
import { getRuleset } from '../../core/registry.ts';
import { usableItems, useRefusal } from '../../core/itemUse.ts';

export function hero(world: World): Actor {
  const p = world.actors.find((a) => a.id === world.playerId);
  if (!p) throw new Error('world has no player');
  return p;
}

export function onStairsDown(world: World, a: Actor): boolean {
  return a.x === world.stairsDown[0] && a.y === world.stairsDown[1];
}

/** The trap on (x, y) the player knows of, if any. */
export function knownTrapAt(world: World, x: number, y: number): Trap | undefined {
  const t = trapAt(world, x, y);
  return t?.knownBy.includes(world.playerId) ? t : undefined;
}

/** A signature of what the player knows that changes routes: known traps and chests. */
export function knowledge(world: World): string {
  let s = `${world.chests.length}:`;
  for (const t of world.traps) if (t.knownBy.includes(world.playerId)) s += `${t.id},`;
  return s;
}

export function hostileAt(world: World, x: number, y: number): Actor | undefined {
  return world.actors.find((a) => a.alive && a.faction === 'hostile' && a.x === x && a.y === y);
}

/** The weakest awake hostile next to the actor (ties: lowest id), to fight back. */
export function adjacentFoe(world: World, a: Actor): Actor | undefined {
  let best: Actor | undefined;
  for (const m of world.actors) {
    if (!m.alive || m.faction !== 'hostile' || m.status.asleep) continue;
    if (chebyshev(m.x, m.y, a.x, a.y) !== 1) continue;
    if (!best || m.hp < best.hp || (m.hp === best.hp && m.id < best.id)) best = m;
  }
  return best;
}

/** Awake hostile monsters the player can see, nearest first (ties: lowest id). */
export function visibleFoes(world: World, a: Actor): Actor[] {
  return world.actors
    .filter((m) => m.alive && m.faction === 'hostile' && !m.status.asleep && isVisible(world, m.x, m.y))
    .sort((p, q) => chebyshev(p.x, p.y, a.x, a.y) - chebyshev(q.x, q.y, a.x, a.y) || p.id - q.id);
}

/** The action that takes the actor into the neighbouring cell (x, y): kick a locked door, else move. */
export function stepInto(world: World, a: Actor, x: number, y: number, confirm: boolean): Action {
  const dx = x - a.x;
  const dy = y - a.y;
  const t = inBounds(world, x, y) ? world.terrain[idx(world, x, y)] : Terrain.Wall;
  if (t === Terrain.DoorLocked) return { type: 'kick', dx, dy };
  return confirm ? { type: 'move', dx, dy, confirm: true } : { type: 'move', dx, dy };
}

export function sign(n: number): number {
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

export { DIRECTIONS };

/**
 * A careful player's mending: when hurt to under half its hit points, the first thing in the pack
 * that would mend now (a potion, a first aid kit: core/itemUse.ts), or null.
 */
export function remedy(world: World, a: Actor): Action | null {
  if (a.hp * 2 >= a.maxHp) return null;
  const ruleset = getRuleset(world.ruleset);
  const use = usableItems(ruleset, world.settings, a).find((u) => useRefusal(world, a, u.kind, ruleset) === null);
  return use ? { type: 'use', what: use.kind } : null;
}
