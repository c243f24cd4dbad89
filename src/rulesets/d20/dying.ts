/**
 * d20's dying rules (setting `dying`, default `srd`), the SRD 3.5's "Injury and Death" (the d20
 * seed does not quote them; the English SRD, "Injury and Death", says):
 *
 *   Disabled (0 hit points): "A character with 0 hit points, or one who has negative hit points
 *   but has become stable and conscious, is disabled. ... Taking move actions doesn't risk
 *   further injury, but performing any standard action (or any other strenuous action) deals 1
 *   point of damage after the completion of the act. Unless the action increased the disabled
 *   character's hit points, he is now in negative hit points and dying."
 *   Dying (−1 to −9): "A dying character is unconscious and near death. ... On the character's
 *   next turn, after being reduced to negative hit points (but not dead), and on all subsequent
 *   turns, the character must make a d% roll to see whether he becomes stable. He has a 10%
 *   chance of becoming stable. If he doesn't, he loses 1 hit point."
 *   Dead: "When your character's current hit points drop to −10 or lower, he's dead."
 *   Stable, unaided: "A character who becomes stable on his own (by making the 10% roll while
 *   dying) and who has no one to tend to him still loses hit points, just at a slower rate. He has
 *   a 10% chance each hour of becoming conscious. If he does not, he loses 1 hit point instead.
 *   ... Even once he becomes conscious and is disabled, an unaided character still does not
 *   recover hit points naturally. Instead, each day he has a 10% chance to start recovering hit
 *   points naturally (starting with that day); otherwise, he loses 1 hit point. Once an unaided
 *   character starts recovering hit points naturally, he is no longer in danger of losing hit
 *   points (even if his current hit points are negative)."
 *   Healing: "If any sort of healing cures the dying character of even 1 point of damage, he
 *   stops losing hit points and becomes stable. Healing that raises his hit points to 1 or more
 *   makes him fully functional again."
 *
 * Each of these rules is said once, here: `downRoll` is one roll of them (a dying round, a stable
 * hour, a conscious day), which play samples and `deathChance` reads exactly, to the end, for the
 * step check's reading. Play keeps the phase in `status.down` (DOWN_CODES) and the game turn of
 * the next hourly or daily roll in `status.downRoll`.
 *
 * Ours, where the SRD leaves play open:
 * - an hour is `restTurnsPerHour` turns, the ruleset's own hour of rest (healing.ts), or a true
 *   hour of 600 rounds when that is 0 (no healing does not stop the clock); a day is 24 of them;
 * - the strenuous actions (a standard action or more in the SRD's tables): attacking, searching
 *   (a full-round action), disarming, rigging, kicking a door or chest, setting off the trap
 *   underfoot, using an item. Not strenuous (move actions): moving, waiting, opening or closing,
 *   picking up, taking the stairs;
 * - monsters attack a helpless hero as any other (no coup de grace) and die at 0 as before: what
 *   traps do to monsters is measured as it was;
 * - massive damage (a single attack of 50 or more that does not kill: Fortitude DC 15 or die) is
 *   not played: the sandbox's hero of level 5 has 27 hit points, so 50 damage leaves him far below
 *   −10; it matters only for a hero above level 8 (41+ hit points), and play sums a trap's blows
 *   where the SRD asks about each attack.
 */
import { type Fraction, fraction } from '../../core/fraction.ts';
import { chance, constant, exact, iterate, type Prob } from '../../core/prob.ts';
import type { StepHarm } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';
import { type DyingRule, d20Settings } from './settings.ts';

/** "When your character's current hit points drop to −10 or lower, he's dead." */
export const DEAD_AT = -10;

/** A hero down and alive, or dead: the chain's states. */
export type DownPhase = 'dying' | 'stable' | 'disabled' | 'recovering';
// A type, not an interface: a Prob's outcome must be a plain record (prob.ts `Outcome`).
export type DownState = {
  readonly phase: DownPhase | 'dead';
  readonly hp: number;
};

/** Where a roll's 10% leads: a dying hero stabilises, a stable one wakes (disabled), a conscious one starts recovering. */
const TEN_PERCENT_LEADS: Readonly<Record<DownPhase, DownPhase | null>> = { dying: 'stable', stable: 'disabled', disabled: 'recovering', recovering: null };

/** The SRD's d% roll of 10% (stabilise, wake, start recovering). */
const TEN_PERCENT = chance(1, 10);

/**
 * One roll of the rules for a hero down: on each of a dying hero's turns, each hour of a stable
 * one, each day of one conscious at negative hit points: 10% to move on (stable, conscious,
 * recovering), else 1 hit point lost, dead at −10. Null where no roll is made: recovering,
 * dead, or at 0 hit points or more (disabled at 0 loses nothing while he does nothing).
 */
export function downRoll(s: DownState): Prob<DownState> | null {
  if (s.phase === 'dead' || s.hp >= 0) return null;
  const leads = TEN_PERCENT_LEADS[s.phase];
  if (!leads) return null;
  return TEN_PERCENT.map((yes): DownState => (yes ? { phase: leads, hp: s.hp } : s.hp - 1 <= DEAD_AT ? { phase: 'dead', hp: s.hp - 1 } : { phase: s.phase, hp: s.hp - 1 }));
}

const knownChances = new Map<number, Fraction>();

/**
 * The exact chance that a hero left at `hp` hit points (after the blow: 0 or fewer) dies of it
 * alone, with nobody to help and nothing else hurting him: dead at once at −10 or fewer, never at
 * 0 (disabled, he does nothing strenuous), else dying at `hp`, the rolls of `downRoll` read to the
 * end (an absorbing chain: every roll moves on or loses a hit point, so it ends).
 */
export function deathChance(hp: number): Fraction {
  if (hp <= DEAD_AT) return fraction(1);
  if (hp >= 0) return fraction(0);
  const known = knownChances.get(hp);
  if (known) return known;
  const end = exact(iterate<DownState>({ phase: 'dying', hp }, downRoll));
  const dead = end.find((o) => o.value.phase === 'dead')?.exact ?? fraction(0);
  knownChances.set(hp, dead);
  return dead;
}

/**
 * The step check's harm of `damage` to a hero at `hp` (the reading's end), under the dying rule:
 * unhurt, hurt (left at 1 or more), down (left at 0 to −9 and lives, alone) or death (at once, or
 * bleeding out alone: `deathChance`). Under `dead-at-0`, damage of `hp` or more is death.
 */
export function harmAfter(hp: number, damage: number, rule: DyingRule): Prob<StepHarm> {
  if (rule === 'dead-at-0') return constant(damage >= hp ? 'death' : damage > 0 ? 'hurt' : 'unhurt');
  if (damage <= 0) return constant('unhurt');
  const left = hp - damage;
  if (left >= 1) return constant('hurt');
  const death = deathChance(left);
  if (death.num === 0n) return constant('down');
  if (death.num === death.den) return constant('death');
  return chance(death.num, death.den).map((dies): StepHarm => (dies ? 'death' : 'down'));
}

/** The game turns of an hour of the dying rules: the ruleset's hour of rest, or 600 rounds when rest is off. */
export function hourTurns(settings: Traits): number {
  const perHour = d20Settings(settings).restTurnsPerHour;
  return perHour > 0 ? perHour : TRUE_HOUR;
}

/** A true hour in rounds of 6 seconds. */
export const TRUE_HOUR = 600;
/** A day in hours. */
export const DAY_HOURS = 24;

/** `status.down`: the phase of a hero below 1 hit point (absent at 1 or more, and disabled at 0 from a blow). */
export const DOWN_CODES: Readonly<Record<DownPhase, number>> = { dying: 1, stable: 2, disabled: 3, recovering: 4 };

/** The phase a `status.down` code says, or null. */
export function phaseOfCode(code: number | undefined): DownPhase | null {
  for (const [phase, c] of Object.entries(DOWN_CODES)) if (c === code) return phase as DownPhase;
  return null;
}
