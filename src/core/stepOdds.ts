/**
 * Exact odds of stepping onto a trap, for the one who steps: the ruleset's `step` check (a whole
 * trap read exactly, from the programs play samples) fed with the live situation its
 * `stepInputs` reads off the world. What the confirm window and the hover say.
 */
import { type Fraction, fractionToString } from './fraction.ts';
import { exact } from './prob.ts';
import { getRuleset, resolveSettings } from './registry.ts';
import type { Actor, Trap, World } from './world.ts';

export interface StepOutcome {
  p: number;
  /** The exact probability; null where the check reads a float distribution. */
  exact: Fraction | null;
}

/** The step check's outcomes (avoided, unhurt, hurt, death), each with its probability. */
export type StepOdds = Record<string, StepOutcome>;

/** The exact odds of `actor` stepping onto `trap` now, or null where the ruleset has no step reading. */
export function stepOdds(world: World, actor: Actor, trap: Trap): StepOdds | null {
  const ruleset = getRuleset(world.ruleset);
  const check = ruleset.checks.step;
  const inputs = ruleset.stepInputs?.(world, actor, trap) ?? null;
  if (!check || !inputs || check.validate?.(inputs)) return null;
  const out: StepOdds = {};
  for (const name of check.outcomes ?? []) out[name] = { p: 0, exact: { num: 0n, den: 1n } };
  for (const o of exact(check.program(inputs, resolveSettings(ruleset, world.settings)))) out[String(o.value)] = { p: o.p, exact: o.exact };
  return out;
}

/** "35%", "<1%", ">99%", "0%", "100%". */
export function percentText(p: number): string {
  return p === 0 ? '0%' : p === 1 ? '100%' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(100 * p)}%`;
}

/** A probability in words for a player: the percent, and the fraction beside it when it is short ("2% (1/48)"). */
export function chanceText(o: StepOutcome): string {
  const pct = percentText(o.p);
  if (!o.exact || o.p === 0 || o.p === 1) return pct;
  const f = fractionToString(o.exact);
  return f.length <= 9 ? `${pct} (${f})` : pct;
}

/** One line for the confirm window: "You avoid it 75% (3/4); it kills you 2% (1/48)." */
export function stepOddsSentence(odds: StepOdds): string {
  const parts: string[] = [];
  const avoided = odds.avoided;
  if (avoided && avoided.p > 0) parts.push(`you avoid it ${chanceText(avoided)}`);
  const hurt = odds.hurt;
  if (hurt && hurt.p > 0) parts.push(`it hurts you ${chanceText(hurt)}`);
  const death = odds.death;
  parts.push(death && death.p > 0 ? `it kills you ${chanceText(death)}` : 'it cannot kill you');
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
