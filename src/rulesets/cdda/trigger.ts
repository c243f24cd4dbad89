/**
 * Stepping on a trap and setting it off: the shared path for the player and monsters alike.
 * map::creature_on_trap: flying and digging monsters are immune; the victim may avoid it with the
 * avoidance dice (checks.ts); otherwise trap::trigger runs the trap's effect.
 */
import { show } from '../../core/messages.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { TriggerHow } from '../../core/events.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { getDodge, has, isPlayer, sizeOf, stat } from './actors.ts';
import { avoidCheck, monsterAvoidCheck } from './checks.ts';
import { BOOBYTRAP_BLAST, type Blast, explode, LANDMINE_BLAST } from './explosion.ts';
import { lava, ledge, pit, sinkhole, spikedPit } from './falls.ts';
import { raisedTile } from './flood.ts';
import { trapNumbers } from './harm.ts';
import { beartrap, blade, board, bubblewrap, cot, crossbow, shotgun, snare, tripwire } from './mechanical.ts';
import { dissector, drain, glow, goo, hum, portal, shadow, snake, telepad } from './strange.ts';
import { trapFacts } from './traps.ts';

type Effect = (ctx: RuleContext, trap: Trap, actor: Actor | null) => void;

/** `template`: what the hero and an onlooker are told (messages.ts). */
function mine(blast: Blast, template: string, tinySafe: boolean): Effect {
  return (ctx, trap, actor) => {
    // Tiny animals are too light to set off a land mine.
    if (tinySafe && actor && sizeOf(actor) === 'tiny') return;
    if (actor) show(ctx, actor, template, 'danger', { seenTone: 'danger' });
    ctx.removeTrap(trap, 'spent');
    explode(ctx, trap.x, trap.y, blast, trap);
  };
}

const nothing: Effect = () => {};

export const EFFECTS: Record<string, Effect> = {
  bubblewrap,
  beartrap,
  beartrap_buried: beartrap,
  board,
  tripwire,
  crossbow,
  shotgun,
  // The engine is the blade trap's passive part: it does no damage.
  engine: nothing,
  blade,
  light_snare: (ctx, trap, actor) => snare(ctx, trap, actor, false),
  heavy_snare: (ctx, trap, actor) => snare(ctx, trap, actor, true),
  landmine: mine(LANDMINE_BLAST, '[You trigger|{1} steps on] a land mine!', true),
  landmine_buried: mine(LANDMINE_BLAST, '[You trigger|{1} steps on] a land mine!', true),
  boobytrap: mine(BOOBYTRAP_BLAST, '{1} trigger[s] a booby trap!', false),
  telepad,
  goo,
  dissector,
  sinkhole,
  pit,
  spike_pit: spikedPit,
  lava,
  portal,
  ledge,
  raised_tile: raisedTile,
  glow,
  hum,
  shadow,
  drain,
  snake,
  cot,
  brazier: nothing,
  rollmat: nothing,
};

/** The trap goes off: known to the player when seen, then its effect. */
export function trigger(ctx: RuleContext, trap: Trap, actor: Actor | null, _how: TriggerHow): void {
  const playerId = ctx.world.playerId;
  if (ctx.playerSees(trap.x, trap.y) || (actor && actor.id === playerId)) ctx.reveal(trap, playerId, 'triggered');
  const effect = EFFECTS[trap.kind];
  if (!effect) throw new Error(`cdda: no effect for trap "${trap.kind}"`);
  effect(ctx, trap, actor);
  // A monster that lives through a trap remembers where it is.
  if (actor?.alive && actor.id !== playerId) ctx.reveal(trap, actor.id, 'triggered');
}

/** An actor arrives on a trap's cell: immunity, then the avoidance dice, then the trap. */
export function onEnter(ctx: RuleContext, actor: Actor, trap: Trap, _chosen: boolean): void {
  if (trapFacts(trap.kind).tool) {
    // Trap-like tools are furniture: only monsters stumble over a cot.
    if (trap.kind === 'cot' && !isPlayer(ctx.world, actor)) ctx.trigger(trap, actor, 'step');
    return;
  }
  if (!isPlayer(ctx.world, actor) && (actor.flying || has(actor, 'digging'))) return;
  const { A } = trapNumbers(ctx.ruleset, trap.kind);
  let outcome: 'avoided' | 'sprung';
  if (isPlayer(ctx.world, actor)) {
    const aware = trap.knownBy.includes(actor.id);
    outcome = sample(
      avoidCheck({ avoidance: A, dex: stat(actor, 'dex', 8), dodge: stat(actor, 'dodge'), aware, lightStep: has(actor, 'lightStep'), clumsy: has(actor, 'clumsy') }),
      ctx.rng('player'),
    );
    if (outcome === 'avoided') {
      ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
      if (aware) ctx.say(`You avoid the ${ctx.trapName(trap)}.`, 'good');
      return;
    }
  } else {
    outcome = sample(monsterAvoidCheck(A, getDodge(ctx.world, actor)), ctx.rng('traps'));
    if (outcome === 'avoided') {
      ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
      if (trap.knownBy.includes(ctx.world.playerId) && ctx.playerSees(actor.x, actor.y)) ctx.say(`The ${actor.name} avoids the ${ctx.trapName(trap)}.`, 'info');
      return;
    }
  }
  ctx.trigger(trap, actor, 'step');
}
