/**
 * Finding traps: an active search and finding in passing (RULES sandbox default: 2d12 +
 * Perception modifier + Detect traps bonus vs the trap's difficulty, at a penalty in passing).
 */
import { ownFind } from '../../core/traps/spot.ts';
import { sample } from '../../core/prob.ts';
import type { FindReading, RuleContext, Ruleset } from '../../core/ruleset.ts';
import { type Actor, DIRECTIONS, type Trap, type World } from '../../core/world.ts';
import { searchProgram } from './checks.ts';
import { ceaptunSettings } from './settings.ts';
import { searchModifier, trapDifficulty } from './stats.ts';
import { isHero, withArticle } from './words.ts';
import { setTraits } from './traits.ts';

function foundText(ctx: RuleContext, trap: Trap): string {
  const name = withArticle(ctx.trapName(trap));
  if (trap.host.kind === 'door') return `You notice that the door is trapped: ${name}.`;
  if (trap.host.kind === 'chest') return `You notice that the chest is trapped: ${name}.`;
  return `You find ${name}.`;
}

/** Checks every hidden trap next to the actor (floor, door or chest); returns how many were found. */
export function findAround(ctx: RuleContext, actor: Actor, penalty: number, how: 'search' | 'passing'): number {
  const world = ctx.world;
  const modifier = searchModifier(actor.traits, ctx.settings) - penalty;
  let found = 0;
  for (const [dx, dy] of DIRECTIONS) {
    const x = actor.x + dx;
    const y = actor.y + dy;
    for (const trap of world.traps.filter((t) => t.x === x && t.y === y)) {
      if (trap.knownBy.includes(actor.id)) continue;
      // A kind with a detection of its own rolls it here in place of the search check (core/traps/spot.ts).
      const own = ownFind(ctx, actor, trap, how, ctx.rng('player'));
      if (!(own ?? sample(searchProgram(modifier, trapDifficulty(ctx, trap)), ctx.rng('player')) === 'found')) continue;
      ctx.reveal(trap, actor.id, how);
      if (isHero(ctx, actor)) ctx.say(foundText(ctx, trap), 'trap');
      found++;
    }
  }
  return found;
}

export function search(ctx: RuleContext, actor: Actor): void {
  const found = findAround(ctx, actor, 0, 'search');
  if (found === 0 && isHero(ctx, actor)) ctx.say('You search but find nothing.');
}

/** Where the player starts counts as passed already: the first look in passing comes after a move. */
export function startPassing(ctx: RuleContext, actor: Actor): void {
  if (actor.traits.passX !== undefined) return;
  setTraits(ctx, actor, { passX: actor.x, passY: actor.y });
}

/** Finding in passing: once after each move to a new cell, at the passing penalty. */
export function noticeInPassing(ctx: RuleContext, actor: Actor): void {
  if (actor.traits.passX === actor.x && actor.traits.passY === actor.y) return;
  setTraits(ctx, actor, { passX: actor.x, passY: actor.y });
  findAround(ctx, actor, ceaptunSettings(ctx.settings).passingPenalty, 'passing');
}

/**
 * The search check's readings of `actor` finding `trap` from beside it (the ruleset's
 * `spotInputs`): one active search, and the look in passing at its penalty, as `findAround` rolls
 * them.
 */
export function spotReading(ruleset: Pick<Ruleset, 'traps'>, world: World, actor: Actor, trap: Trap): { search: FindReading; passing: FindReading } {
  const difficulty = trapDifficulty({ world, ruleset }, trap);
  const modifier = searchModifier(actor.traits, world.settings);
  return {
    search: { check: 'search', inputs: { difficulty, modifier, passing: false }, found: ['found'] },
    passing: { check: 'search', inputs: { difficulty, modifier, passing: true }, found: ['found'] },
  };
}

/**
 * The odds probe's fresh look: the roll in passing is made on arriving at a cell, not while staying.
 * Runs inside edit(): on the probe's copy of a world, before play, so it writes the actor directly.
 */
export function forgetFinding(_world: World, _trap: Trap, actor: Actor, moment: 'arrived' | 'stayed'): void {
  if (moment === 'stayed') {
    actor.traits.passX = actor.x;
    actor.traits.passY = actor.y;
  } else {
    delete actor.traits.passX;
    delete actor.traits.passY;
  }
}
