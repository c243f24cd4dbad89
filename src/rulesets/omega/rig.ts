/**
 * What the player can set with the rig action: trap components (itemf i_trap(), always under the
 * player, whatever the direction) and the scroll of dispelling (dispel(), in the chosen direction).
 *
 * A component needs ordinary floor with no location effect; then an identified one installs its
 * trap (looking like floor: monsters walk in, and so can its owner), an unidentified one goes off
 * at once without installing anything, an invalid square simply fails. All three use it up and
 * teach its type. A non-negative dispel removes a fire, teleport or disintegration trap (not the
 * persistent fire) on an unoccupied square, with no component or reward.
 */
import type { RigOption, RuleContext } from '../../core/ruleset.ts';
import { type Actor, actorAt, idx, Terrain, trapAt, type World } from '../../core/world.ts';
import { setInventory } from './actor.ts';
import { playerBypasses } from './entry.ts';
import { present } from './effects.ts';
import { componentTrap, DISPEL_SCROLL, learnComponent, withoutOne } from './items.ts';
import { COMPONENTS, DISPELLABLE, type TrapId } from './traps.ts';

const SET_PREFIX = 'set-';

export function rigOptions(_world: World, actor: Actor): RigOption[] {
  const options: RigOption[] = [];
  for (const item of actor.inventory) {
    const trap = componentTrap(item);
    if (!trap) continue;
    const identified = item.data?.identified === true;
    options.push({
      id: `${SET_PREFIX}${trap}`,
      name: identified ? `set a ${COMPONENTS[trap]!.trueName}` : `use the ${item.name}`,
      available: item.count > 0,
    });
  }
  const scroll = actor.inventory.find((i) => i.kind === DISPEL_SCROLL);
  if (scroll) options.push({ id: 'dispel', name: 'read a scroll of dispelling (choose a direction)', available: scroll.count > 0 });
  return options;
}

export function rig(ctx: RuleContext, actor: Actor, what: string, x: number, y: number): void {
  if (what === 'dispel') {
    readDispel(ctx, actor, x, y);
    return;
  }
  if (!what.startsWith(SET_PREFIX)) return;
  const item = actor.inventory.find((i) => componentTrap(i) === what.slice(SET_PREFIX.length));
  const trap = item ? componentTrap(item) : null;
  if (!item || !trap) return;
  setComponent(ctx, actor, item.id, trap, item.data?.identified === true);
}

/** i_trap(): the component is used up whatever happens, and its type is learnt. */
function setComponent(ctx: RuleContext, actor: Actor, itemId: number, kind: TrapId, identified: boolean): void {
  const world = ctx.world;
  const { x, y } = actor;
  setInventory(ctx, actor, withoutOne(actor.inventory, itemId));
  learnComponent(ctx, actor, kind);
  const valid = world.terrain[idx(world, x, y)] === Terrain.Floor && !trapAt(world, x, y);
  const report = (result: string) => ctx.emit({ type: 'rigAttempted', what: kind, actor: actor.id, x, y, result });
  if (!valid) {
    ctx.say('Your attempt fails.');
    report('failed');
    return;
  }
  if (!identified) {
    ctx.say('Fiddling with the thing, you have a small accident....', 'danger');
    report('accident');
    // p_movefunction(o->aux) with no trap installed: the effect runs through a trap record that
    // is gone again afterwards, unless the square became a hazard (fire) or was used up.
    const tmp = ctx.placeTrap({ kind, x, y, data: { accident: true } }, null);
    if (!playerBypasses(actor, tmp, 'rig')) ctx.trigger(tmp, actor, 'rig');
    if (present(ctx.world, tmp) && ctx.world.traps.find((t) => t.id === tmp.id)?.data.hazard === undefined) ctx.removeTrap(tmp, 'spent');
    return;
  }
  ctx.say('You successfully set a trap at your location.', 'good');
  report('set');
  ctx.placeTrap({ kind, x, y, data: { set: true } }, actor.id);
}

/** dispel(blessing 0) at (x, y). */
function readDispel(ctx: RuleContext, actor: Actor, x: number, y: number): void {
  const scroll = actor.inventory.find((i) => i.kind === DISPEL_SCROLL);
  if (!scroll) return;
  setInventory(ctx, actor, withoutOne(actor.inventory, scroll.id));
  // Your own square: the scroll would lift curses from what you use; nothing here is cursed.
  if (x === actor.x && y === actor.y) return;
  if (actorAt(ctx.world, x, y)) {
    // A monster's level must be under blessing x 3 = 0: none is.
    ctx.say('The monster ignores the effect!');
    return;
  }
  const trap = trapAt(ctx.world, x, y);
  if (trap && trap.data.hazard === undefined && (DISPELLABLE as readonly string[]).includes(trap.kind)) {
    ctx.removeTrap(trap, 'dispelled');
    ctx.emit({ type: 'rigAttempted', what: 'dispel', actor: actor.id, x, y, result: 'dispelled' });
    return;
  }
  ctx.say('Nothing much seems to happen.');
}
