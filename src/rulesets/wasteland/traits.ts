/**
 * Every trait the wasteland rules set on an actor (core/traits.ts): a hero's action points per
 * turn (monsters: scaled by their speed) and a monster's detector.
 */
import type { RulesetTraits, TraitTable } from '../../core/traits.ts';

export const WASTELAND_TRAITS = {
  actionPoints: { kind: 'int', min: 1, max: 100, meaning: "Actions per turn (the hero's heroActions; a monster's scaled by its speed)." },
  detector: { kind: 'boolean', meaning: 'Carries a detector (a monster; the hero carries one as an item).' },
} as const satisfies TraitTable;

/** The traits a wasteland writer may set: declared names only (the core's too), each of its kind. */
export type WastelandTraits = RulesetTraits<typeof WASTELAND_TRAITS>;
