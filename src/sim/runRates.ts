// The per-run yes/no rates of a batch of games, in a module of their own: the report and the
// paired tables both read them, and neither may import the other (report.ts imports paired.ts).
import type { RunCounts } from './accumulator.ts';
import type { GameSummary } from './observer.ts';

/**
 * The per-run yes/no rates, said once: what each counts in a batch's counts and in one game.
 * The report, the precision stops, the paired differences and the assertions all read them here.
 * `trapHurt` is the rate that shows a trap mattering in every ruleset: a trap that cannot kill a
 * healthy hero (CDDA's 84 HP per part, Wasteland's 1 to 3 damage) still takes hit points.
 */
export const RUN_RATES = {
  survival: { label: 'survived', count: (rc: RunCounts) => rc.runs - rc.died, ofGame: (g: GameSummary) => g.outcome !== 'died' },
  win: { label: 'won', count: (rc: RunCounts) => rc.won, ofGame: (g: GameSummary) => g.outcome === 'won' },
  trapDeath: { label: 'killed by a trap', count: (rc: RunCounts) => rc.diedToTrap, ofGame: (g: GameSummary) => g.trapDeath !== null },
  trapHurt: { label: 'hurt by a trap', count: (rc: RunCounts) => rc.hurtByTrap, ofGame: (g: GameSummary) => g.trapDamageTaken > 0 },
} as const;
export type RunRateName = keyof typeof RUN_RATES;
