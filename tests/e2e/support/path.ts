import { DIRECTIONS } from '../../../src/core/world.ts';

/**
 * Route finding over the debug hook's map text, for tests that must walk somewhere (next to a
 * known trap). Breadth-first over 8 directions; closed doors are passable (walking into one opens
 * it first), known traps and everything solid are not.
 */
const PASSABLE = new Set(['.', "'", '<', '>', '~', '=', '/', '+']);

export type Step = readonly [number, number];

export function passable(map: readonly string[], x: number, y: number): boolean {
  return y >= 0 && y < map.length && x >= 0 && x < map[y]!.length && PASSABLE.has(map[y]![x]!);
}

/** Steps from `from` to the nearest cell where `goal` holds, avoiding `blocked` cells; null if none. */
export function route(map: readonly string[], from: Step, goal: (x: number, y: number) => boolean, blocked: ReadonlySet<string>): Step[] | null {
  const key = (x: number, y: number) => `${x},${y}`;
  const prev = new Map<string, [string, Step] | null>([[key(from[0], from[1]), null]]);
  const queue: Step[] = [from];
  while (queue.length > 0) {
    const [x, y] = queue.shift()!;
    if (goal(x, y) && !(x === from[0] && y === from[1])) {
      const steps: Step[] = [];
      let k = key(x, y);
      for (let p = prev.get(k); p; p = prev.get(k)) {
        steps.unshift(p[1]);
        k = p[0];
      }
      return steps;
    }
    for (const [dx, dy] of DIRECTIONS) {
      const nx = x + dx;
      const ny = y + dy;
      const k = key(nx, ny);
      if (prev.has(k) || blocked.has(k) || !passable(map, nx, ny)) continue;
      prev.set(k, [key(x, y), [dx, dy]]);
      queue.push([nx, ny]);
    }
  }
  return null;
}

/** The vi-key for a step. */
export function viKey([dx, dy]: Step): string {
  const keys: Record<string, string> = { '0,-1': 'k', '0,1': 'j', '-1,0': 'h', '1,0': 'l', '-1,-1': 'y', '1,-1': 'u', '-1,1': 'b', '1,1': 'n' };
  return keys[`${dx},${dy}`]!;
}
