/**
 * Finding traps. Searching (command2.c `search()`, aux1.c `searchat()`) checks the player's square
 * and its eight neighbours; each square is checked with chance 2/3 (random_range(3) != 0), always
 * while alert, and a checked square gives up its hidden trap and its secret door. Fear prevents
 * searching. Omega has no finding in passing: `notice` only shows the player traps whose square
 * already shows TRAP (set off by a monster out of sight) once the player looks at them.
 */
import { ownFind } from '../../core/traps/spot.ts';
import { sample } from '../../core/prob.ts';
import type { FindReading, RuleContext } from '../../core/ruleset.ts';
import { type Actor, DIRECTIONS, idx, inBounds, Terrain, type Trap, type World } from '../../core/world.ts';
import { afraid, alert, isPlayer } from './actor.ts';
import { searchCheck } from './checks.ts';
import { showsTrap } from './disarm.ts';
import { quantisedFrom } from './random.ts';
import { trapAt } from '../../core/level.ts';

/** The nine squares searched: your own and the eight around it. */
const SQUARES: ReadonlyArray<readonly [number, number]> = [[0, 0], ...DIRECTIONS];

export function search(ctx: RuleContext, actor: Actor): void {
  if (!isPlayer(ctx.world, actor)) return;
  if (afraid(actor)) {
    ctx.say('You are too terror-stricken to stop to search for anything.');
    return;
  }
  const q = quantisedFrom(ctx.settings);
  const rng = ctx.rng('player');
  let found = false;
  for (const [dx, dy] of SQUARES) {
    const x = actor.x + dx;
    const y = actor.y + dy;
    if (!inBounds(ctx.world, x, y)) continue;
    // A square whose trap has a detection of its own is searched by it, in place of the square's roll (core/traps/spot.ts).
    const square = trapAt(ctx.world, x, y);
    const own = square ? ownFind(ctx, actor, square, 'search', rng) : null;
    if (!(own ?? sample(searchCheck(alert(actor), q), rng))) continue;
    if (ctx.world.terrain[idx(ctx.world, x, y)] === Terrain.DoorSecret) {
      ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.DoorClosed });
      ctx.say('You find a secret door!', 'good');
      found = true;
    }
    const trap = trapAt(ctx.world, x, y);
    // Only a square whose trap does not show TRAP: hazards are plain to see, and an abyss shown
    // after a fall turns back into a TRAP square when searched (searchat sets locchar = TRAP).
    if (!trap || trap.data.hazard !== undefined) continue;
    if (showsTrap(ctx.world, trap)) continue;
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { shown: true, shows: 'trap' } } });
    ctx.reveal(trap, actor.id, 'search');
    ctx.say('You find a trap!', 'trap');
    found = true;
  }
  // Omega itself says nothing then; a word tells the player the turn was spent searching.
  if (!found) ctx.say('You search but find nothing.');
}

/** Traps and hazards that show themselves are learnt by looking at them. */
export function notice(ctx: RuleContext, actor: Actor): void {
  if (!isPlayer(ctx.world, actor)) return;
  for (const trap of ctx.world.traps) {
    if (trap.knownBy.includes(actor.id)) continue;
    if (trap.data.shown !== true && trap.data.hazard === undefined) continue;
    if (ctx.playerSees(trap.x, trap.y)) ctx.reveal(trap, actor.id, 'seen');
  }
}

/**
 * The odds probe's fresh look: a trap not yet shown on the map (hazards always show).
 * Runs inside edit(): on the probe's copy of a world, before play, so it writes the trap directly.
 */
export function forgetFinding(_world: World, trap: Trap): void {
  if (trap.data.hazard !== undefined) return;
  trap.data.shown = false;
  delete trap.data.shows;
}

/**
 * How the player beside `trap`, not yet knowing it, would find it (the ruleset's `spotInputs`): one
 * search is the `search` check (random_range(3) != 0, for sure while alert); Omega makes no look
 * in passing (null). Null for a monster, a hazard (plain to see, never searched for) or a player
 * too afraid to search.
 */
export function spotReading(world: World, actor: Actor, trap: Trap): { search: FindReading; passing: null } | null {
  if (!isPlayer(world, actor) || trap.data.hazard !== undefined || afraid(actor)) return null;
  return { search: { check: 'search', inputs: { alert: alert(actor) }, found: ['found'] }, passing: null };
}
