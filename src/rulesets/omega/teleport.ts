/**
 * Moving actors the way Omega's trap effects do: findspace() (a free floor square), the dangerous
 * p_teleport(-1) (any square of the map; anything but floor or an open door kills), m_teleport()
 * (sleeping monsters stay), and the horse lost or killed.
 *
 * Landing does not set off what is there: p_teleport() never calls the square's move function, so
 * every move here passes `resolve = false`.
 */
import { type FreeCellTests, freeCells, isFreeCell, plainFloor } from '../../core/effects/freeCells.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, Terrain, type Trap, type World } from '../../core/world.ts';
import { setTraits } from './actor.ts';
import { pDeath } from './damage.ts';
import { randomRange } from './random.ts';

/** A free floor square (findspace(): FLOOR with no creature; no chest either, which the core cannot share). */
export const FREE_FLOOR: FreeCellTests = { terrain: plainFloor, noActor: true, noChest: true };

/** findspace(&x, &y, -1): a free floor square chosen uniformly among them by rows (null on a full map). */
export function findSpace(ctx: RuleContext, stream: 'traps' | 'monsters' = 'traps'): [number, number] | null {
  const cells = freeCells(ctx.world, FREE_FLOOR);
  if (cells.length === 0) return null;
  return cells[ctx.rng(stream).int(0, cells.length - 1)]!;
}

/** p_teleport(0): to a free floor square. */
export function teleportSafely(ctx: RuleContext, actor: Actor): void {
  const to = findSpace(ctx);
  if (to) ctx.moveActor(actor, to[0], to[1], 'teleport', false);
}

/** Floor or an open (or broken-open) door: what a dangerous teleport lands on alive. */
function openGround(t: number): boolean {
  return t === Terrain.Floor || t === Terrain.DoorOpen || t === Terrain.DoorBroken;
}

/** The squares a dangerous teleport of `actor` lands on alive: open ground, nobody else there (the mover's own square counts), no chest. */
export function survivableTests(actor: Actor): FreeCellTests {
  return { terrain: openGround, noActor: true, mover: actor.id, noChest: true };
}

/** May a dangerous teleport end on this square? Floor or an open (or broken-open) door, and nobody else there. */
export function survivableSquare(world: World, actor: Actor, x: number, y: number): boolean {
  return isFreeCell(world, x, y, survivableTests(actor));
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
