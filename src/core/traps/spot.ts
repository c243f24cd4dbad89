/**
 * A kind's own detection (its `spot`: definition.ts SpotSpec), one dice program read twice:
 * rolled by each ruleset's look for hidden traps at the point where it rolls its own for that
 * trap (`ownFind`), and read by the spotting odds (core/stepOdds.ts `spotOdds`). Its inputs are
 * the ruleset's own reading of that look (`Ruleset.spotInputs`: a search beside it, or a look in
 * passing), so the ruleset still says who looks, when, and from where; a look the ruleset makes
 * with no dice (`FindReading.certain`: d20's taking 20, a search that cannot find it) stands.
 */
import { type Prob, sample } from '../prob.ts';
import type { Random } from '../rng.ts';
import { findTrapDef } from '../registry.ts';
import type { FindReading, OddsCheck, RuleContext } from '../ruleset.ts';
import type { Actor, Trap } from '../world.ts';
import type { SpotOutcome, TrapKind } from './definition.ts';
import { kindCheckProgram } from './kindCheck.ts';
import { kindOddsCheck, numberInputs } from './kindOdds.ts';

/** How the look `reading` ends for a trap of `kind` by its own detection; null where the kind has none or the look rolls no dice. */
export function ownSpotProgram(kind: TrapKind | undefined, reading: FindReading | null): Prob<SpotOutcome> | null {
  if (!kind?.spot || !reading || reading.certain) return null;
  return kindCheckProgram(kind.spot, kind, reading.inputs, 'spot');
}

/**
 * `actor` looks for the hidden `trap` (`look`: a search, or in passing) where the ruleset would
 * roll to find it: whether the kind's own detection finds it, drawn from `rng` (the stream the
 * ruleset's own roll draws from), or null where it has none (the ruleset rolls its own).
 */
export function ownFind(ctx: RuleContext, actor: Actor, trap: Trap, look: 'search' | 'passing', rng: Random): boolean | null {
  const kind = findTrapDef(ctx.ruleset, trap.kind)?.kind;
  if (!kind?.spot) return null;
  const readings = ctx.ruleset.spotInputs?.(ctx.world, actor, trap) ?? null;
  const program = ownSpotProgram(kind, readings ? readings[look] : null);
  return program ? sample(program, rng) === 'found' : null;
}

/**
 * The kinds' own detection as one odds check of the file's ruleset (`kind-spot`, kindOdds.ts):
 * `--trap` the kind, the ruleset's spotting inputs as flags (`inputNames`; left out: the kind's own
 * number of that name, else 0). Null when no kind has one.
 */
export function kindSpotCheck(kinds: readonly TrapKind[], inputNames: readonly string[]): OddsCheck | null {
  return kindOddsCheck({
    name: 'kind-spot',
    description: "A designer's kind's own detection (its `spot` in the trap file), over the ruleset's reading of a look: found or missed, where the ruleset would roll its own.",
    kinds: kinds.filter((k) => k.spot),
    inputs: numberInputs(inputNames, 'spotting'),
    outcomes: ['found', 'missed'],
    program: (kind, i) => kindCheckProgram(kind.spot!, kind, i, 'spot'),
  });
}
