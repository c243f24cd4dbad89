/**
 * Omega's one random primitive, `random_range(k)` (util.c), as a dice program.
 *
 *   random_range(k) = k == 0 ? 0 : ((RANDFUNCTION() % 10000) * k) / 10000
 *
 * RULES.md: use the ideal reading (uniform on 0..k-1) unless bit-exact emulation is wanted; the
 * `emulateRandomRange` setting switches to the literal quantised form, which makes e.g. the seed's
 * 27/65 disarm chance 4154/10000. Every check of the ruleset is built from this, so play and the
 * odds tables read the same program either way.
 */
import { constant, type Prob, uniform } from '../../core/prob.ts';
import type { Traits } from '../../core/world.ts';
import { omegaSettings } from './settings.ts';

/** `random_range(k)`: ideal (uniform on 0..k-1) or quantised through 10000 like Omega's code. */
export function randomRange(k: number, quantised: boolean): Prob<number> {
  if (!Number.isInteger(k)) throw new RangeError(`random_range: k must be a whole number, got ${k}`);
  // Omega returns 0 for k == 0; a negative k never occurs in the trap code but reads as 0 too.
  if (k <= 0) return constant(0);
  if (!quantised) return uniform(0, k - 1);
  return uniform(0, 9999).map((u) => Math.floor((u * k) / 10000));
}

/** Is `random_range` read literally (the `emulateRandomRange` setting)? */
export function quantisedFrom(settings: Traits): boolean {
  return omegaSettings(settings).emulateRandomRange;
}
