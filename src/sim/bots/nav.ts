/**
 * Route finding for bots: one Dijkstra flood from the goal over cell costs, then each step goes
 * to the neighbour with the least cost-to-go. The bot knows the level's layout and its stairs (as
 * a player who has the map would) but only the traps the player knows of: hidden traps are floor.
 */
import { type Actor, chestAt, DIRECTIONS, idx, inBounds, type World } from '../../core/world.ts';
import { levelOf } from '../../core/level.ts';
import { BLOCKED, type CellCost, CostToGo, costToGo, terrainSteps } from '../../core/route.ts';

export { BLOCKED, type CellCost, costToGo };

/** What a locked door costs a bot in steps: it kicks the door open, which takes turns (a weight, as before, not a count). */
const LOCKED_DOOR_STEPS = 6;

/** Terrain cost as the player sees the map: doors cost the turn(s) to open or kick them. */
export function terrainCost(world: World, x: number, y: number): number {
  if (!inBounds(world, x, y)) return BLOCKED;
  return terrainSteps(world.terrain[idx(world, x, y)]!, LOCKED_DOOR_STEPS);
}

/**
 * A cached cost-to-go field that starts again when the level, its terrain or the bot's knowledge
 * changes, flooded only out to the cells the bot has asked about (core/route.ts `CostToGo`).
 */
export class Router {
  private key = '';
  private field: CostToGo | null = null;

  constructor(private readonly cost: CellCost) {}

  fieldFor(world: World, goal: [number, number], knowledge: string): CostToGo {
    const key = `${world.depth}|${levelOf(world).terrainChanges}|${goal[0]},${goal[1]}|${knowledge}`;
    if (!this.field || key !== this.key) {
      this.field = new CostToGo(world, [goal], this.cost);
      this.key = key;
    }
    return this.field;
  }

  /** The neighbour of `actor` to step to next, or null when the goal cannot be reached. */
  next(world: World, actor: Actor, goal: [number, number], knowledge: string): [number, number] | null {
    const field = this.fieldFor(world, goal, knowledge);
    let best: [number, number] | null = null;
    let bestScore = BLOCKED;
    for (const [dx, dy] of DIRECTIONS) {
      const x = actor.x + dx;
      const y = actor.y + dy;
      if (!inBounds(world, x, y)) continue;
      const c = this.cost(world, x, y);
      const d = field.at(idx(world, x, y));
      const score = c + d;
      if (score < bestScore) {
        bestScore = score;
        best = [x, y];
      }
    }
    return best;
  }
}

/** Cells a bot can never walk into on its own: chests (they are opened, not entered). */
export function blockedByChest(world: World, x: number, y: number): boolean {
  return chestAt(world, x, y) !== undefined;
}
