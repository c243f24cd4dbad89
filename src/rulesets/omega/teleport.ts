/**
 * Moving actors the way Omega's trap effects do: findspace() (a free floor square), the dangerous
 * p_teleport(-1) (any square of the map; anything but floor or an open door kills), m_teleport()
 * (sleeping monsters stay), and the horse lost or killed.
 *
 * Landing does not set off what is there: p_teleport() never calls the square's move function, so
 * every move here passes `resolve = false`.
 */
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, chestAt, idx, Terrain, type Trap, type World } from '../../core/world.ts';
import { setTraits } from './actor.ts';
import { pDeath } from './damage.ts';
import { randomRange } from './random.ts';
import { actorAt } from '../../core/level.ts';

/** Free floor squares (findspace(): FLOOR with no creature; no chest either, which the core cannot share). */
export function freeFloorCells(world: World): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = 0; y < world.height; y++)
    for (let x = 0; x < world.width; x++) {
      if (world.terrain[idx(world, x, y)] !== Terrain.Floor) continue;
      if (actorAt(world, x, y) || chestAt(world, x, y)) continue;
      out.push([x, y]);
    }
  return out;
}

/** findspace(&x, &y, -1): a free floor square chosen uniformly (null on a full map). */
export function findSpace(ctx: RuleContext, stream: 'traps' | 'monsters' = 'traps'): [number, number] | null {
  const cells = freeFloorCells(ctx.world);
  if (cells.length === 0) return null;
  return cells[ctx.rng(stream).int(0, cells.length - 1)]!;
}

/** p_teleport(0): to a free floor square. */
export function teleportSafely(ctx: RuleContext, actor: Actor): void {
  const to = findSpace(ctx);
  if (to) ctx.moveActor(actor, to[0], to[1], 'teleport', false);
}

/** May a dangerous teleport end on this square? Floor or an open (or broken-open) door, and nobody there. */
export function survivableSquare(world: World, actor: Actor, x: number, y: number): boolean {
  const t = world.terrain[idx(world, x, y)];
  if (t !== Terrain.Floor && t !== Terrain.DoorOpen && t !== Terrain.DoorBroken) return false;
  const other = actorAt(world, x, y);
  return (!other || other.id === actor.id) && !chestAt(world, x, y);
}

/** p_teleport(-1): x = random_range(WIDTH), y = random_range(LENGTH); a solid object kills. */
export function teleportDangerously(ctx: RuleContext, player: Actor, quantised: boolean, trap?: Trap): void {
  const rng = ctx.rng('traps');
  const x = sample(randomRange(ctx.world.width, quantised), rng);
  const y = sample(randomRange(ctx.world.height, quantised), rng);
  if (!survivableSquare(ctx.world, player, x, y)) {
    ctx.say('You teleported into a solid object....', 'danger');
    ctx.say('You are dead!', 'danger');
    pDeath(ctx, player, 'teleportation into a solid object', trap);
    return;
  }
  ctx.moveActor(player, x, y, 'teleport', false);
}

/** m_teleport(): an awake monster goes to a free floor square; a sleeping one stays. */
export function teleportMonster(ctx: RuleContext, monster: Actor): void {
  if ((monster.status.asleep ?? 0) > 0) return;
  const to = findSpace(ctx);
  if (to) ctx.moveActor(monster, to[0], to[1], 'teleport', false);
}

/** resetgamestatus(MOUNTED): the horse is dead or gone. */
export function loseMount(ctx: RuleContext, player: Actor): void {
  setTraits(ctx, player, { mounted: false, horseHp: 0 });
}
