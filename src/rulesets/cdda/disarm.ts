/**
 * Disarming (0.F map::disarm_trap): traps of difficulty 99 cannot be disarmed ("looks too
 * dangerous to mess with"); avoidance 0 and difficulty 0 (the trap-like tools) are taken down with
 * no roll; otherwise the disarm roll (checks.ts) disarms, fails safely or sets the trap off on the
 * one disarming it. Disarming the blade trap's engine takes its blades too. A free action unless
 * the disarmMoves setting says otherwise.
 */
import type { Prob } from '../../core/prob.ts';
import type { CheckInputs, DisarmMoment, DisarmReading, RuleContext, Ruleset } from '../../core/ruleset.ts';
import { type Actor, type Trap, type World, chebyshev } from '../../core/world.ts';
import { stat } from './actors.ts';
import { classifyDisarm, type DisarmOutcome, disarmPractice, disarmRoll, UNDISARMABLE } from './checks.ts';
import { dropItems, trapNumbers } from './harm.ts';
import { practice } from './skill.ts';
import { factsIn, kindIn } from './traps.ts';

export function tooDangerous(name: string): string {
  return `The ${name} looks too dangerous to mess with.`;
}

function takeApart(ctx: RuleContext, trap: Trap): void {
  ctx.removeTrap(trap, 'disarmed');
  if (trap.kind === 'engine') {
    for (const blade of ctx.world.traps.filter((t) => t.kind === 'blade' && chebyshev(t.x, t.y, trap.x, trap.y) <= 1)) ctx.removeTrap(blade, 'disarmed');
  }
  dropItems(ctx, trap.x, trap.y, factsIn(ctx.ruleset, trap.kind).returns);
}

/** The disarm roll's inputs for `actor` at `trap`: Traps skill, Per, Dex and the playing table's difficulty. */
function disarmInputs(ruleset: Pick<Ruleset, 'traps'>, actor: Actor, trap: Trap): { skill: number; per: number; dex: number; difficulty: number } {
  return { skill: stat(actor, 'traps'), per: stat(actor, 'per', 8), dex: stat(actor, 'dex', 8), difficulty: trapNumbers(ruleset, trap.kind).D };
}

/**
 * A trap resting unarmed (never one in play: the raised tile that floods is not disarmable)
 * cannot be set off: the roll that would set it off fails instead.
 */
function canSetOff(trap: Trap): boolean {
  return trap.armed;
}

/**
 * The disarm check as play rolls it for `actor` at `trap` now (the moment's `read`).
 * A trap-like tool (avoidance and difficulty 0) comes down with no roll, as the check at
 * difficulty 0 reads it (always disarmed). Null where the game refuses: a trap the actor does not
 * know, or one of difficulty 99.
 */
export function disarmReading(ruleset: Pick<Ruleset, 'traps'>, _world: World, actor: Actor, trap: Trap): DisarmReading | null {
  if (!trap.knownBy.includes(actor.id) || !kindIn(ruleset, trap.kind)) return null;
  const inputs = disarmInputs(ruleset, actor, trap);
  if (inputs.difficulty >= UNDISARMABLE) return null;
  return { check: 'disarm', inputs, success: ['disarmed'], setOff: canSetOff(trap) ? ['set_off'] : [] };
}

/** One attempt: the roll as drawn (its practice turns on it) and what it comes to. */
export type DisarmFate = { roll: number; result: DisarmOutcome };

/** The attempt over the `disarm` check's inputs (odds.ts): what play samples, and the check reads by result. */
export function disarmAttempt(i: CheckInputs): Prob<DisarmFate> {
  const n = (name: string, fallback: number): number => (typeof i[name] === 'number' ? (i[name] as number) : fallback);
  const difficulty = n('difficulty', 0);
  return disarmRoll(n('skill', 0), n('per', 8), n('dex', 8)).map((roll) => ({ roll, result: classifyDisarm(roll, difficulty) }));
}

/** A trap-like tool (avoidance and difficulty 0) comes down with no roll. */
function isTool(ruleset: Pick<Ruleset, 'traps'>, trap: Trap): boolean {
  const { A, D } = trapNumbers(ruleset, trap.kind);
  return A === 0 && D === 0;
}

/** CDDA's disarm moment over the playing table (ruleset.ts `DisarmMoment`). */
export function disarmMoment(ruleset: Pick<Ruleset, 'traps'>): DisarmMoment<DisarmFate> {
  return {
    // A tool is read as the check at difficulty 0 reads it (always disarmed), and played with no roll.
    read: (world, actor, trap, during) => (during && kindIn(ruleset, trap.kind) && isTool(ruleset, trap) ? null : disarmReading(ruleset, world, actor, trap)),
    program: disarmAttempt,
    outcome: (fate) => fate.result,
    apply(ctx, actor, trap, fate, reading) {
      const difficulty = Number(reading.inputs.difficulty);
      const outcome = fate.result === 'set_off' && !canSetOff(trap) ? 'failed' : fate.result;
      ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result: outcome });
      practice(ctx, actor, disarmPractice(outcome, fate.roll, difficulty, Number(reading.inputs.skill)));
      if (outcome === 'disarmed') {
        ctx.say('You disarm the trap!', 'good');
        takeApart(ctx, trap);
      } else if (outcome === 'failed') {
        ctx.say('You fail to disarm the trap.', 'info');
      } else {
        ctx.say('You fail to disarm the trap, and you set it off!', 'bad');
        ctx.trigger(trap, actor, 'disarm');
      }
    },
    without(ctx, actor, trap) {
      const name = ctx.trapName(trap);
      if (trapNumbers(ctx.ruleset, trap.kind).D >= UNDISARMABLE) {
        ctx.say(tooDangerous(name), 'info');
        return;
      }
      // A tool: taken down with no roll.
      ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result: 'taken_down' });
      ctx.say(`You take down the ${name}.`, 'good');
      takeApart(ctx, trap);
    },
  };
}
