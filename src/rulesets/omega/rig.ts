/**
 * What the player can set with the rig action: trap components (itemf i_trap(), always under the
 * player: their options say `where: 'here'`, so no direction is asked, and one given is refused)
 * and the scroll of dispelling (dispel(), in the chosen direction).
 *
 * A component needs ordinary floor with no location effect; then an identified one installs its
 * trap (looking like floor: monsters walk in, and so can its owner), an unidentified one goes off
 * at once without installing anything. Both use it up and teach its type. A non-negative dispel
 * removes a fire, teleport or disintegration trap (not the persistent fire) on an unoccupied
 * square, with no component or reward.
 *
 * Where the player can see that the square is wrong (stairs, a door, a trap they know of), the
 * option is greyed with the reason and the attempt is refused, costing nothing: the seed's "an
 * invalid position simply fails ... consumes the component" would spend a component on what the
 * menu could have said (issue 19). Only a trap the player does not know of under them still makes
 * the attempt fail and use the component up, as in the seed: refusing would tell them it is there.
 */
import type { Action } from '../../core/actions.ts';
import type { RigOption, RigReading, RuleContext } from '../../core/ruleset.ts';
import { withArticle } from '../../core/words.ts';
import { type Actor, idx, isDoor, TERRAIN_NAMES, Terrain, type World } from '../../core/world.ts';
import { setInventory } from './actor.ts';
import { playerBypasses } from './entry.ts';
import { present } from './effects.ts';
import { componentTrap, DISPEL_SCROLL, learnComponent, withoutOne } from './items.ts';
import { COMPONENTS, DISPELLABLE, HAZARDS, TRAPS, type TrapId } from './traps.ts';
import { actorAt, trapAt } from '../../core/level.ts';

const SET_PREFIX = 'set-';

/**
 * Why a component cannot be set on the actor's square, as far as the actor can tell (the terrain,
 * a trap or hazard it knows of), or null.
 */
export function squareProblem(world: World, actor: Actor): string | null {
  const t = world.terrain[idx(world, actor.x, actor.y)]!;
  if (t === Terrain.StairsUp || t === Terrain.StairsDown) return "You can't set a trap on a staircase.";
  if (isDoor(t)) return "You can't set a trap in a doorway.";
  if (t !== Terrain.Floor) return `You can't set a trap on ${t === Terrain.Water || t === Terrain.Ice ? TERRAIN_NAMES[t] : withArticle(TERRAIN_NAMES[t as Terrain] ?? 'this ground')}.`;
  const there = trapAt(world, actor.x, actor.y);
  if (there?.knownBy.includes(actor.id)) {
    const hazard = there.data.hazard;
    const what = hazard === 'fire' || hazard === 'abyss' ? HAZARDS[hazard].name : (TRAPS.find((d) => d.id === there.kind)?.name ?? 'trap');
    return `You can't set a trap here: there is already ${withArticle(what)} on this square.`;
  }
  return null;
}

/**
 * i_trap() and dispel() roll no dice: a component you know is set (unless a trap you have not
 * found is there: the attempt fails), one you do not goes off on you as you fiddle with it.
 */
export function rigReading(_world: World, actor: Actor, what: string): RigReading | null {
  if (what === 'dispel') return { unread: 'No roll: it dispels a trap of the kinds it can lift where you read it.' };
  if (!what.startsWith(SET_PREFIX)) return null;
  const item = actor.inventory.find((i) => componentTrap(i) === what.slice(SET_PREFIX.length));
  if (!item) return null;
  return item.data?.identified === true
    ? { unread: 'No roll: it is set on your square, unless a trap you have not found is there (the attempt fails).' }
    : { unread: 'No roll: not knowing what it is, you set it off on yourself as you fiddle with it.' };
}

export function rigOptions(world: World, actor: Actor): RigOption[] {
  const options: RigOption[] = [];
  const problem = squareProblem(world, actor);
  for (const item of actor.inventory) {
    const trap = componentTrap(item);
    if (!trap) continue;
    const identified = item.data?.identified === true;
    const why = item.count > 0 ? problem : `You have no ${item.name} left.`;
    options.push({
      id: `${SET_PREFIX}${trap}`,
      name: identified ? `set ${withArticle(COMPONENTS[trap]!.trueName)}` : `use the ${item.name}`,
      available: why === null,
      ...(why === null ? {} : { reason: why }),
      where: 'here',
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

/** The ruleset's `refuse` for rig actions: a component is set under you, never in a direction. */
export function rigRefusal(world: World, actor: Actor, action: Extract<Action, { type: 'rig' }>): string | null {
  if (!action.what.startsWith(SET_PREFIX) || (action.dx === 0 && action.dy === 0)) return null;
  return rigOptions(world, actor).some((o) => o.id === action.what && o.where === 'here') ? 'A trap component is set on your own square, not beside you.' : null;
}

/** i_trap(): once tried, the component is used up whatever happens, and its type is learnt. */
function setComponent(ctx: RuleContext, actor: Actor, itemId: number, kind: TrapId, identified: boolean): void {
  const world = ctx.world;
  const { x, y } = actor;
  setInventory(ctx, actor, withoutOne(actor.inventory, itemId));
  learnComponent(ctx, actor, kind);
  const valid = world.terrain[idx(world, x, y)] === Terrain.Floor && !trapAt(world, x, y);
  const report = (result: string) => ctx.emit({ type: 'rigAttempted', what: kind, actor: actor.id, x, y, result });
  if (!valid) {
    // Only a trap the player does not know of gets here (rigOptions refuses what they can see).
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
  if (x === actor.x && y === actor.y) {
    ctx.say('Nothing much seems to happen.');
    return;
  }
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
