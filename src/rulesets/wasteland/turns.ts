/**
 * Action points in the core's scheduler. A wasteland turn is one round of the scheduler clock
 * (TICKS_PER_TURN ticks); a hero with N action points acts N times in it, each action taking an
 * equal share of what is left of the round. Rules that end a hero's turn ("alle weiteren Aktionen
 * verfallen", placing and disarming as the only action) send the hero to the start of the next
 * round. Monsters are opposing heroes: the same rules, with action points from their speed.
 *
 * The core counts each actor's finished actions per round (`countsActions`: `actor.actRound`,
 * `actor.roundActs`, kept by the `acted` event that ends each action, so no event of ours per
 * action). The rest lives in `actor.status` (changed only through events, and only when a trap
 * has something to say):
 * - turnLost:  actions lost in the actor's current turn (caltrops);
 * - slowed:    actions to lose in the actor's next turn (caltrops sprung this turn);
 * - turnOver:  the current action ends the actor's turn (a trap went off);
 * - heldUntil: the round from which a bear trap's victim is free again (core `held` until then).
 * A turn's first action moves `slowed` into `turnLost` and frees a victim whose time is up.
 */
import { TICKS_PER_TURN, turnOf } from '../../core/scheduler.ts';
import type { Action } from '../../core/actions.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, NO_STATUS, type World } from '../../core/world.ts';
import { readSettings } from './settings.ts';

/** The round a time falls in: the core's world turn. */
export const roundOf = turnOf;

/** The scheduler time of the actor's current (or next) action, as the engine reckons it. */
export function actorTime(world: World, actor: Actor): number {
  return Math.max(actor.nextAct, world.time);
}

/** Action points per turn: the actor's own trait, else the hero's setting. */
export function actionPoints(world: World, actor: Actor): number {
  const ap = actor.traits.actionPoints;
  if (typeof ap === 'number' && ap >= 1) return Math.floor(ap);
  return readSettings(world.settings).heroActions;
}

/**
 * Actions the actor has finished in the round of its current (or next) action: asked before it
 * acts (refusals, options, HUD), those it has taken this turn; asked during an action, those
 * before it.
 */
export function actionsTaken(world: World, actor: Actor): number {
  return actor.actRound === roundOf(actorTime(world, actor)) ? (actor.roundActs ?? 0) : 0;
}

/** Actions the actor has left this turn, asked before it acts. */
export function actionsLeft(world: World, actor: Actor): number {
  // Before its turn's first action `slowed` has not yet become `turnLost`.
  const lost = actionsTaken(world, actor) > 0 ? (actor.status.turnLost ?? 0) : (actor.status.slowed ?? 0);
  return Math.max(0, actionPoints(world, actor) - actionsTaken(world, actor) - lost);
}

/** Is the action being performed now the actor's first this turn? Asked DURING an action. */
export function isFirstActionNow(world: World, actor: Actor): boolean {
  return actionsTaken(world, actor) === 0;
}

/**
 * Start of each action (the ruleset's `onTurn`). On a turn's first action: what was lost last
 * turn is lost now, a bear trap's victim whose time is up goes free, a turn ended early is over.
 */
export function beginAction(ctx: RuleContext, actor: Actor): void {
  const round = roundOf(actorTime(ctx.world, actor));
  if (actor.actRound === round) return;
  const st = actor.status;
  // Most turns there is nothing to carry over: asked first, as every actor's every turn asks it.
  if (st === NO_STATUS) return;
  if (st.slowed === undefined && st.turnLost === undefined && st.heldUntil === undefined && st.turnOver === undefined) return;
  // The engine skips this turn (a lost action, asleep): nothing is taken, the turn has not begun.
  if ((st.lostActions ?? 0) > 0 || (st.asleep ?? 0) > 0) return;
  const changes: Record<string, number> = {};
  // Caltrops sprung last turn cost actions now; 0 removes the entry.
  if (st.slowed !== undefined || st.turnLost !== undefined) changes.turnLost = st.slowed ?? 0;
  if (st.slowed !== undefined) changes.slowed = 0;
  if (st.heldUntil !== undefined && round >= st.heldUntil) {
    changes.held = 0;
    changes.heldUntil = 0;
  }
  if (st.turnOver !== undefined) changes.turnOver = 0;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: changes } });
}

/** Does this action, by the rules, end the actor's turn whatever happens? */
function endsTurnByRule(action: Action): boolean {
  // "Ein Held der eine Falle platzieren / unschädlich machen möchte ... darf auch danach keine Aktion mehr ausführen."
  return action.type === 'disarm' || action.type === 'rig';
}

/**
 * Ticks the action takes (the ruleset's `actionCost`; the engine asks after the action): an equal
 * share of what is left of the round, or all of it when the turn is over.
 */
export function actionCost(world: World, actor: Actor, action: Action): number {
  const t = actorTime(world, actor);
  const round = roundOf(t);
  const end = (round + 1) * TICKS_PER_TURN;
  // This action and those finished before it (as `actionsTaken`, its round in hand); `beginAction`
  // has made `turnLost` this turn's.
  const used = (actor.actRound === round ? (actor.roundActs ?? 0) : 0) + 1;
  const st = actor.status;
  const left = actionPoints(world, actor) - used - (st === NO_STATUS ? 0 : (st.turnLost ?? 0));
  if (endsTurnByRule(action) || (st !== NO_STATUS && (st.turnOver ?? 0) > 0) || left <= 0) return end - t;
  return Math.max(1, Math.floor((end - t) / (left + 1)));
}

/**
 * Ends the actor's turn: "Außerdem verfallen alle weiteren Aktionen des Helden." `acting`: the actor
 * is performing the current action (its cost then runs to the end of the round); otherwise (a
 * defender in a fight) its next action moves to the next round.
 */
export function endTurn(ctx: RuleContext, actor: Actor, acting: boolean): void {
  if (!actor.alive) return;
  if (acting) {
    if (!actor.status.turnOver) ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { turnOver: 1 } } });
    return;
  }
  const end = (roundOf(ctx.world.time) + 1) * TICKS_PER_TURN;
  if (actor.nextAct < end) ctx.emit({ type: 'acted', actor: actor.id, nextAct: end });
}

/**
 * The actor loses `n` actions in its next turn(s). Whole turns go to the core's `lostActions`
 * (which skips turns), the rest to `slowed` (fewer actions in the next turn it plays).
 */
export function loseActions(ctx: RuleContext, actor: Actor, n: number): void {
  if (!actor.alive || n <= 0) return;
  const ap = actionPoints(ctx.world, actor);
  const total = (actor.status.slowed ?? 0) + n;
  const turns = Math.floor(total / ap);
  const changes: Record<string, number> = { slowed: total % ap };
  if (turns > 0) changes.lostActions = (actor.status.lostActions ?? 0) + turns;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: changes } });
}

/** The actor is held fast for its next `turns` turns: every move then is spent struggling. */
export function holdFast(ctx: RuleContext, actor: Actor, turns: number): void {
  if (!actor.alive || turns <= 0) return;
  const ap = actionPoints(ctx.world, actor);
  const round = roundOf(ctx.world.time);
  ctx.emit({
    type: 'actorUpdated',
    actor: actor.id,
    changes: { status: { held: Math.max(actor.status.held ?? 0, ap * turns), heldUntil: Math.max(actor.status.heldUntil ?? 0, round + turns + 1) } },
  });
}
