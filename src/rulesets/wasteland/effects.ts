/**
 * What a trap does when it goes off (the ruleset's `trigger`, reached by every path: entering,
 * leaving, fighting, disarming, opening, setting it off on purpose). The source: the hero "nimmt
 * Schaden anhand des Typs der Falle, die Falle wird anschließend vom Spielfeld entfernt. Außerdem
 * verfallen alle weiteren Aktionen des Helden." The damage per type is RULES.md's sandbox default:
 * caltrops 1 and one action fewer next turn, bear trap 2 and held one turn, mine 3 to everyone
 * within 1.
 */
import type { TriggerHow } from '../../core/events.ts';
import { blastCells } from '../../core/effects/blast.ts';
import { show } from '../../core/messages.ts';
import type { DamageOptions, RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { readSettings, type WastelandSettings } from './settings.ts';
import { trapNoun, type WastelandTrap } from './traps.ts';
import { endTurn, holdFast, loseActions } from './turns.ts';

/**
 * The damage a trap of this kind does to each victim (a mine: to everyone in its blast). One
 * number per kind, a setting each; the step check (stepOdds.ts) reads the same function.
 */
export function trapDamage(kind: WastelandTrap, s: WastelandSettings): number {
  return kind === 'caltrops' ? s.caltropsDamage : kind === 'bear_trap' ? s.bearTrapDamage : s.mineDamage;
}

function damageOptions(trap: Trap, victim: Actor): DamageOptions {
  // A hero's own trap earns it nothing for hurting itself.
  return { cause: `killed by ${trapNoun(trap.kind).a}`, trap, killer: trap.owner === victim.id ? null : trap.owner };
}

function caltrops(ctx: RuleContext, trap: Trap, victim: Actor): void {
  const s = readSettings(ctx.settings);
  const damage = trapDamage('caltrops', s);
  const slower = s.caltropsLostActions > 0 ? `; you lose ${s.caltropsLostActions} action${s.caltropsLostActions === 1 ? '' : 's'} next turn` : '';
  show(ctx, victim, `[The caltrops pierce your feet (${damage} damage)${slower}|{1} treads on the caltrops].`, 'trap', { seenTone: 'trap' });
  ctx.damage(victim, damage, damageOptions(trap, victim));
  loseActions(ctx, victim, s.caltropsLostActions);
}

function bearTrap(ctx: RuleContext, trap: Trap, victim: Actor): void {
  const s = readSettings(ctx.settings);
  const damage = trapDamage('bear_trap', s);
  const held = s.bearTrapHeldTurns > 0 ? ' You are held fast.' : '';
  show(ctx, victim, `The bear trap snaps shut on [your leg (${damage} damage)!${held}|{1}!]`, 'trap', { seenTone: 'trap' });
  ctx.damage(victim, damage, damageOptions(trap, victim));
  holdFast(ctx, victim, s.bearTrapHeldTurns);
}

/** Cells the mine's blast reaches (the core's blast: within the radius, walls stop it). */
export function mineCells(ctx: RuleContext, trap: Trap, radius: number): Array<[number, number]> {
  return blastCells(ctx.world, trap.x, trap.y, radius);
}

function mine(ctx: RuleContext, trap: Trap): void {
  const s = readSettings(ctx.settings);
  const cells = mineCells(ctx, trap, s.mineRadius);
  if (ctx.playerSees(trap.x, trap.y)) ctx.say('The mine explodes!', 'trap');
  ctx.emit({ type: 'effect', effect: 'blast', cells, colour: '#ff8030', source: trap.kind });
  ctx.noise(trap.x, trap.y, 100, 'an explosion');
  const inBlast = new Set(cells.map(([x, y]) => y * ctx.world.width + x));
  // Everyone in the blast, in a fixed order (the actor list), fliers too.
  const victims = ctx.world.actors.filter((a) => a.alive && inBlast.has(a.y * ctx.world.width + a.x));
  const damage = trapDamage('mine', s);
  for (const victim of victims) {
    if (victim.id === ctx.world.playerId) ctx.say(`The blast hits you (${damage} damage).`, 'bad');
    ctx.damage(victim, damage, damageOptions(trap, victim));
  }
}

/** The ruleset's `trigger`: the trap's effect, then it leaves the board; the victim's turn is over. */
export function springTrap(ctx: RuleContext, trap: Trap, actor: Actor | null, how: TriggerHow): void {
  if (ctx.playerSees(trap.x, trap.y)) ctx.reveal(trap, ctx.world.playerId, 'triggered');
  if (trap.kind === 'mine') mine(ctx, trap);
  else if (actor && trap.kind === 'caltrops') caltrops(ctx, trap, actor);
  else if (actor && trap.kind === 'bear_trap') bearTrap(ctx, trap, actor);
  // In a fight the caller knows whether the victim is the one acting; every other way it is.
  if (actor && how !== 'fight') endTurn(ctx, actor, true);
  ctx.removeTrap(trap, 'sprung');
}
