/**
 * Who knows where the traps are. On the board a trap is a visible token ("Ein Feld auf dem eine
 * Falle liegt kann betreten werden"): with `trapsVisible` (the default) the player learns every trap
 * in view, and monsters know them all. With it off (a variant the source does not have) traps are
 * found by searching the cells around you, by a detector on the cells next to its carrier, or
 * when they go off. A detector carrier fears no trap, so monsters with one walk straight over them.
 */
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, chebyshev, type Trap, type World } from '../../core/world.ts';
import { hasDetector } from './hero.ts';
import { readSettings } from './settings.ts';
import { trapNoun } from './traps.ts';

function listNames(ctx: RuleContext, traps: Trap[]): string {
  const names = traps.map((t) => trapNoun(t.kind, ctx.trapName(t)).a);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The ruleset's `notice`: once per player step, traps come into view (or into the detector's range). */
export function notice(ctx: RuleContext, actor: Actor): void {
  if (actor.id !== ctx.world.playerId) return;
  const visible = readSettings(ctx.settings).trapsVisible;
  // Every step asks, and most steps find nothing: the lists and the detector's look at the
  // inventory only when there is something to find.
  let detector: boolean | undefined;
  let seen: Trap[] | undefined;
  let detected: Trap[] | undefined;
  for (const trap of ctx.world.traps) {
    if (trap.knownBy.includes(actor.id)) continue;
    if (visible && ctx.playerSees(trap.x, trap.y)) (seen ??= []).push(trap);
    else if (chebyshev(actor.x, actor.y, trap.x, trap.y) <= 1 && (detector ??= hasDetector(actor))) (detected ??= []).push(trap);
  }
  if (seen) for (const trap of seen) ctx.reveal(trap, actor.id, 'seen');
  if (detected) for (const trap of detected) ctx.reveal(trap, actor.id, 'passing');
  if (seen) ctx.say(`You see ${listNames(ctx, seen)}.`, 'trap');
  if (detected) ctx.say(`Your detector finds ${listNames(ctx, detected)} next to you.`, 'trap');
}

/** The ruleset's `search`: every trap on your cell and the eight around it is found. */
export function search(ctx: RuleContext, actor: Actor): void {
  const found = ctx.world.traps.filter((t) => !t.knownBy.includes(actor.id) && chebyshev(actor.x, actor.y, t.x, t.y) <= 1);
  for (const trap of found) ctx.reveal(trap, actor.id, 'search');
  if (actor.id !== ctx.world.playerId) return;
  ctx.say(found.length > 0 ? `You search around you and find ${listNames(ctx, found)}.` : 'You search around you and find no traps.', found.length > 0 ? 'trap' : 'info');
}

/** The ruleset's `monsterKnowsTrap`: does the monster route round this trap? */
export function monsterKnowsTrap(world: World, monster: Actor, trap: Trap): boolean {
  if (hasDetector(monster)) return false;
  if (trap.owner === monster.id || trap.knownBy.includes(monster.id)) return true;
  return readSettings(world.settings).trapsVisible;
}
