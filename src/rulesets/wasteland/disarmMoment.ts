/**
 * Wasteland's disarm moment, said once (core/ruleset.ts `DisarmMoment`): the reading of the
 * attempt (stepOdds.ts `disarmInputsOf`), the dice it throws (checks.ts `disarmAttempt`, the
 * `disarm` check's program), and what they do. Its own module: its parts live beside their
 * neighbours (the rule of who may try in disarm.ts), and nothing but the ruleset imports it.
 */
import { show, thing } from '../../core/messages.ts';
import type { DisarmMoment } from '../../core/ruleset.ts';
import { disarmAttempt } from './checks.ts';
import { describeCounts, disarmOutcome, type FaceCounts } from './die.ts';
import { disarmProblem } from './disarm.ts';
import { disarmInputsOf } from './stepOdds.ts';
import { trapNoun } from './traps.ts';

/**
 * Wasteland's disarm moment (ruleset.ts `DisarmMoment`): the hero's dice, on the player's stream
 * (a monster's on the monsters'). The action ends the turn whatever the dice say (see turns.ts).
 */
export const DISARM: DisarmMoment<FaceCounts> = {
  read: (world, actor, trap, during) => disarmInputsOf(world, actor, trap, during),
  program: (inputs, settings) => disarmAttempt(inputs, settings),
  outcome: disarmOutcome,
  stream: (world, actor) => (actor.id === world.playerId ? 'player' : 'monsters'),
  apply(ctx, actor, trap, counts, reading) {
    const n = Number(reading.inputs.dice);
    const outcome = disarmOutcome(counts);
    ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result: outcome });
    const rolled = `{1} roll[s] ${n} ${n === 1 ? 'die' : 'dice'}: ${describeCounts(counts)}.`;
    const result = outcome === 'disarmed' ? ' A shield! {1} render[s] {2} harmless.' : ` No shield: {2} ${trap.kind === 'caltrops' ? 'go' : 'goes'} off!`;
    const tone = outcome === 'disarmed' ? 'good' : 'danger';
    show(ctx, actor, rolled + result, tone, { seenTone: tone, others: [thing(trapNoun(trap.kind, ctx.trapName(trap)).the)] });
    if (outcome === 'disarmed') ctx.removeTrap(trap, 'disarmed');
    else ctx.trigger(trap, actor, 'disarm');
  },
  without(ctx, actor, trap) {
    const problem = disarmProblem(ctx.world, actor, trap, true);
    if (problem && actor.id === ctx.world.playerId) ctx.say(problem, 'bad');
  },
};
