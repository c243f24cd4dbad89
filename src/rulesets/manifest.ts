/**
 * The rulesets, listed once: their ids, the names the page shows, and how each is loaded. The
 * first is the default. Everything that needs the list reads it here: `./index.ts` (which registers
 * all of them, in this order, for the CLI, the workers, the tests and the page's background load),
 * the page's ruleset menu and its one-ruleset first load (`src/ui/rulesets.ts`), the golden games,
 * the benchmarks and the tests. Each ruleset takes its own id and name from its entry.
 *
 * A loader is a literal `import()` so that the bundler makes each ruleset a chunk of its own: a
 * first visit downloads the ruleset its link asks for, not five.
 */
import type { Ruleset } from '../core/ruleset.ts';

export interface RulesetEntry {
  readonly id: string;
  /** The name the page shows ("Cēaptūn", never the id), known before the ruleset's code is loaded. */
  readonly name: string;
  readonly load: () => Promise<{ ruleset: Ruleset }>;
}

export const RULESET_MANIFEST: readonly RulesetEntry[] = [
  { id: 'cdda', name: 'Cataclysm: DDA', load: () => import('./cdda/index.ts') },
  { id: 'omega', name: 'Omega 0.90.4', load: () => import('./omega/index.ts') },
  { id: 'ceaptun', name: 'Cēaptūn', load: () => import('./ceaptun/index.ts') },
  { id: 'd20', name: 'd20 3.5 SRD traps', load: () => import('./d20/index.ts') },
  { id: 'wasteland', name: 'Wasteland Battles', load: () => import('./wasteland/index.ts') },
];

/** The rulesets' ids, in the manifest's order. */
export const RULESET_IDS: readonly string[] = RULESET_MANIFEST.map((e) => e.id);

/** A ruleset's id and name from its entry (each ruleset's `index.ts` spreads it into its definition). */
export function manifestEntry(id: string): { id: string; name: string } {
  const entry = RULESET_MANIFEST.find((e) => e.id === id);
  if (!entry) throw new Error(`src/rulesets/manifest.ts lists no ruleset "${id}"`);
  return { id: entry.id, name: entry.name };
}
