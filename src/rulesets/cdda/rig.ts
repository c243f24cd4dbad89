/**
 * Setting traps from trap items (and placing the trap-like tools). The seed: traps go only on a
 * perfectly flat surface, one per tile; setting one costs P x 25 + 100 move points and awards P
 * practice; "If you choose a place that already contains an invisible trap, that trap will be
 * triggered. In any case, you can not set a trap on another trap." Bear traps and land mines may be
 * buried with a shovel (their buried rows of the table). The blade trap needs a clear 3x3 square
 * centred two tiles away: its engine in the middle, spinning blades around it.
 */
import type { Action } from '../../core/actions.ts';
import type { RigOption, RigReading, RuleContext, Ruleset } from '../../core/ruleset.ts';
import { type Actor, chestAt, DIRECTIONS, inBounds, Terrain, terrainAt, type Traits, type World } from '../../core/world.ts';
import { withArticle } from '../../core/words.ts';
import { isPlayer } from './actors.ts';
import { carries, trapNumbers, useOne } from './harm.ts';
import { cddaSettings } from './settings.ts';
import { practice } from './skill.ts';
import { itemName, trapFacts } from './traps.ts';
import { actorAt, trapAt } from '../../core/level.ts';

export interface RigKind {
  /** Option id: the trap it makes. */
  id: string;
  /** The item it uses up. */
  item: string;
  verb: 'set' | 'bury' | 'place';
  /** A tool needed besides the item. */
  needs?: string;
  /** Where the seed gives "?" for P, the setting that stands in. */
  practiceSetting?: 'lightSnarePractice' | 'heavySnarePractice';
  charges?: number;
}

export const RIGS: readonly RigKind[] = [
  { id: 'bubblewrap', item: 'bubblewrap', verb: 'set' },
  { id: 'beartrap', item: 'beartrap', verb: 'set' },
  { id: 'beartrap_buried', item: 'beartrap', verb: 'bury', needs: 'shovel' },
  { id: 'board', item: 'nailboard', verb: 'set' },
  { id: 'tripwire', item: 'tripwire', verb: 'set' },
  { id: 'crossbow', item: 'crossbow_trap', verb: 'set' },
  { id: 'shotgun', item: 'shotgun_trap', verb: 'set', charges: 2 },
  { id: 'engine', item: 'blade_trap', verb: 'set' },
  { id: 'light_snare', item: 'light_snare_kit', verb: 'set', practiceSetting: 'lightSnarePractice' },
  { id: 'heavy_snare', item: 'heavy_snare_kit', verb: 'set', practiceSetting: 'heavySnarePractice' },
  { id: 'landmine', item: 'landmine', verb: 'set' },
  { id: 'landmine_buried', item: 'landmine', verb: 'bury', needs: 'shovel' },
  { id: 'boobytrap', item: 'boobytrap', verb: 'set' },
  { id: 'cot', item: 'cot', verb: 'place' },
  { id: 'brazier', item: 'brazier', verb: 'place' },
  { id: 'rollmat', item: 'rollmat', verb: 'place' },
];

export function rigKind(id: string): RigKind | undefined {
  return RIGS.find((r) => r.id === id);
}

/** Practice awarded for setting it (P of the playing ruleset's table), 0 for the trap-like tools. */
export function rigPractice(ruleset: Pick<Ruleset, 'traps'>, settings: Traits, r: RigKind): number {
  if (trapFacts(r.id).tool) return 0;
  if (r.practiceSetting) return cddaSettings(settings)[r.practiceSetting];
  return trapNumbers(ruleset, r.id).P ?? 0;
}

/** "Movement points required to set up a particular trap are equal to the awarded practice percents multiplied by 25, plus an additional 100." */
export function rigMoves(practicePoints: number): number {
  return practicePoints * 25 + 100;
}

/** The seed rolls no dice to set a trap: only a hidden trap already there changes how it ends. */
export function rigReading(_world: World, _actor: Actor, what: string): RigReading | null {
  return rigKind(what) ? { unread: 'No roll: it is set, unless a trap you have not found is there (that one goes off).' } : null;
}

export function rigOptions(_world: World, actor: Actor): RigOption[] {
  return RIGS.map((r) => {
    const name = trapFacts(r.id).name;
    const hasItem = carries(actor, r.item);
    const hasTool = !r.needs || carries(actor, r.needs);
    const available = hasItem && hasTool;
    return {
      id: r.id,
      name,
      available,
      ...(available ? {} : { reason: !hasItem ? `You need ${withArticle(itemName(r.item))}.` : `You need ${withArticle(itemName(r.needs!))} to dig with.` }),
    };
  });
}

/** The cells a rig at direction (dx, dy) covers: one cell, or the blade trap's 3x3 two tiles away. */
export function rigCells(actor: Actor, r: RigKind, dx: number, dy: number): { centre: [number, number]; cells: Array<[number, number]> } {
  if (r.id !== 'engine') return { centre: [actor.x + dx, actor.y + dy], cells: [[actor.x + dx, actor.y + dy]] };
  const cx = actor.x + 2 * dx;
  const cy = actor.y + 2 * dy;
  return { centre: [cx, cy], cells: [[cx, cy], ...DIRECTIONS.map(([ex, ey]): [number, number] => [cx + ex, cy + ey])] };
}

function flat(world: World, x: number, y: number): boolean {
  return inBounds(world, x, y) && terrainAt(world, x, y) === Terrain.Floor && !chestAt(world, x, y);
}

/** Why a rig cannot go there (nothing happens, no time passes); null when it may be tried. */
export function rigRefusal(world: World, actor: Actor, action: Extract<Action, { type: 'rig' }>): string | null {
  const r = rigKind(action.what);
  if (!r) return null;
  const item = itemName(r.item);
  if (action.dx === 0 && action.dy === 0) return `Yeah.  Place the ${item} at your feet.  Real damn smart move.`;
  const { cells } = rigCells(actor, r, action.dx, action.dy);
  for (const [x, y] of cells) {
    if (!flat(world, x, y)) return r.id === 'engine' ? 'That trap needs a 3x3 space to be clear, centered two tiles from you.' : `You can't place a ${item} there: it needs flat floor.`;
    const trap = trapAt(world, x, y);
    if (trap?.knownBy.includes(actor.id)) return `You can't place a ${item} there.  It contains a trap already.`;
    const other = actorAt(world, x, y);
    if (other && other.id !== actor.id) return `There's a ${other.name} in the way.`;
  }
  return null;
}

export function rig(ctx: RuleContext, actor: Actor, what: string, x: number, y: number): void {
  const r = rigKind(what);
  if (!r) return;
  const { centre, cells } = rigCells(actor, r, x - actor.x, y - actor.y);
  // An unseen trap where the new one would go is set off instead.
  for (const [cx, cy] of cells) {
    const hidden = trapAt(ctx.world, cx, cy);
    if (hidden && !hidden.knownBy.includes(actor.id)) {
      ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x: centre[0], y: centre[1], result: 'triggered' });
      if (isPlayer(ctx.world, actor)) ctx.say(`You trigger a ${ctx.trapName(hidden)}!`, 'bad');
      ctx.trigger(hidden, actor, 'rig');
      return;
    }
  }
  useOne(ctx, actor, r.item);
  const name = trapFacts(r.id).name;
  if (r.id === 'engine') {
    ctx.placeTrap({ kind: 'engine', x: centre[0], y: centre[1] }, actor.id);
    for (const [bx, by] of cells.slice(1)) ctx.placeTrap({ kind: 'blade', x: bx, y: by }, actor.id);
  } else ctx.placeTrap({ kind: r.id, x: centre[0], y: centre[1], ...(r.charges ? { charges: r.charges } : {}) }, actor.id);
  ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x: centre[0], y: centre[1], result: 'set' });
  if (isPlayer(ctx.world, actor)) ctx.say(r.verb === 'bury' ? `You bury the ${itemName(r.item)}.` : `You ${r.verb} the ${r.id === 'engine' ? itemName(r.item) : name}.`, 'good');
  practice(ctx, actor, rigPractice(ctx.ruleset, ctx.settings, r));
}
