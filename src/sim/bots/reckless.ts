/**
 * The reckless bot: straight for the stairs down. It steps onto known traps without a second
 * thought, fights only what stands in its way, and never searches or disarms: the baseline of
 * what traps do to someone who ignores them.
 */
import type { Action } from '../../core/actions.ts';
import type { World } from '../../core/world.ts';
import { hero, knowledge, onStairsDown, stepInto } from './common.ts';
import { BLOCKED, type CellCost, Router, terrainCost } from './nav.ts';
import type { Bot, BotInfo } from './types.ts';

const cost: CellCost = (world, x, y) => (world.chests.some((c) => c.x === x && c.y === y) ? BLOCKED : terrainCost(world, x, y));

export class RecklessBot implements Bot {
  readonly name = 'reckless';
  private readonly router = new Router(cost);

  act(world: World): Action | null {
    const me = hero(world);
    if (onStairsDown(world, me)) return { type: 'descend' };
    const next = this.router.next(world, me, world.stairsDown, knowledge(world));
    if (!next) return null;
    return stepInto(world, me, next[0], next[1], true);
  }
}

export const reckless: BotInfo = {
  name: 'reckless',
  description: 'Straight for the stairs: steps on known traps, never searches or disarms, fights only what blocks the way.',
  create: () => new RecklessBot(),
};
