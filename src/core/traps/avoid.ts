/**
 * A kind's own avoidance (its `avoid`: definition.ts AvoidSpec), one dice program read twice:
 * rolled by each ruleset's arrival at the point where it would roll its own avoidance (or, where
 * it has none, set the trap off), through `playOwnAvoidance`; and read by each ruleset's step
 * check at the same point, through `ownAvoidProgram`. What the ruleset does before that point
 * (sparing a flier, a detector's safe passage, a keyed rune) stays the ruleset's, in both.
 *
 * Its inputs are the ruleset's step inputs (`Ruleset.stepInputs`: what the step check reads off
 * the one stepping), so the number a player is shown is the one the dice are rolled against.
 */
import { show } from '../messages.ts';
import { type Prob, sample } from '../prob.ts';
import { findTrapDef } from '../registry.ts';
import type { CheckInputs, OddsCheck, ParamSpec, RuleContext } from '../ruleset.ts';
import type { Actor, Trap } from '../world.ts';
import type { AvoidOutcome, TrapKind } from './definition.ts';
import { kindCheckProgram, termNames } from './kindCheck.ts';
import { kindOddsCheck } from './kindOdds.ts';

const AVOIDED_WORDS = '{1} avoid[s] the {trap}.';

/** Whether the kind's own avoidance spares the one stepping (`inputs`: the step check's), or null where the kind has none. */
export function ownAvoidProgram(kind: TrapKind | undefined, inputs: CheckInputs): Prob<boolean> | null {
  return kind?.avoid ? kindCheckProgram(kind.avoid, kind, inputs, 'avoid').map((o) => o === 'avoided') : null;
}

/**
 * `actor` has stepped onto `trap` and reached the point where the ruleset rolls its avoidance:
 * where the kind has its own and the ruleset reads this step (its `stepInputs`), rolls it (the
 * hero on the player's stream, a monster on the traps stream), then tells of the avoidance or
 * sets the trap off, and returns true. False: the ruleset plays on with its own roll.
 */
export function playOwnAvoidance(ctx: RuleContext, actor: Actor, trap: Trap): boolean {
  const kind = findTrapDef(ctx.ruleset, trap.kind)?.kind;
  if (!kind?.avoid) return false;
  const inputs = ctx.ruleset.stepInputs?.(ctx.world, actor, trap) ?? null;
  const program = inputs ? ownAvoidProgram(kind, inputs) : null;
  if (!program) return false;
  const hero = actor.id === ctx.world.playerId;
  const outcome: AvoidOutcome = sample(program, ctx.rng(hero ? 'player' : 'traps')) ? 'avoided' : 'triggered';
  // An onlooker is told only of a trap the player knows: the words would give away one it does not.
  const tell = (template: string | undefined, tone: 'good' | 'trap'): void => {
    if (template && (hero || trap.knownBy.includes(ctx.world.playerId))) show(ctx, actor, template.replaceAll('{trap}', ctx.trapName(trap)), tone);
  };
  if (outcome === 'avoided') {
    ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
    // The one it spared stood on it: it knows it is there.
    ctx.reveal(trap, actor.id, 'passing');
    tell(kind.avoid.say?.avoided ?? kind.avoided ?? AVOIDED_WORDS, 'good');
    return true;
  }
  tell(kind.avoid.say?.triggered, 'trap');
  ctx.trigger(trap, actor, 'step');
  return true;
}

/**
 * The kinds' own avoidance as one odds check of the file's ruleset (`kind-avoid`, kindOdds.ts):
 * `--trap` the kind, the ruleset's step inputs it may read as flags (`stepParams`: its step
 * check's; left out: the kind's own number of that name, else 0 or no). Null when no kind has one.
 */
export function kindAvoidCheck(kinds: readonly TrapKind[], stepParams: readonly ParamSpec[]): OddsCheck | null {
  const names = termNames(stepParams);
  return kindOddsCheck({
    name: 'kind-avoid',
    description: "A designer's kind's own avoidance (its `avoid` in the trap file), over the ruleset's step inputs: avoided or triggered, where the ruleset would roll its own.",
    kinds: kinds.filter((k) => k.avoid),
    inputs: stepParams
      .filter((p) => names.includes(p.name))
      .map((p) => ({
        name: p.name,
        type: p.type === 'boolean' ? 'boolean' : 'number',
        ...(p.min !== undefined ? { min: p.min } : {}),
        ...(p.max !== undefined ? { max: p.max } : {}),
        description: p.description,
        fallback: p.type === 'boolean' ? false : 0,
      })),
    outcomes: ['avoided', 'triggered'],
    program: (kind, i) => kindCheckProgram(kind.avoid!, kind, i, 'avoid'),
  });
}
