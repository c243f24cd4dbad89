/**
 * Rulesets for the page, loaded as they are needed. Each ruleset's code is its own chunk: the page
 * loads the one the link asks for, draws the level, and then loads `src/rulesets/index.ts` (which
 * registers all five) in the background. A first visit therefore downloads one ruleset, not five.
 *
 * The ids and their order mirror `src/rulesets/index.ts` (the first is the default), and each
 * display name is its ruleset's `name`, known before its chunk is loaded; a test checks that the two
 * lists agree.
 */
import { registerRuleset } from '../core/registry.ts';
import type { Ruleset } from '../core/ruleset.ts';

type RulesetModule = { ruleset: Ruleset };

export const RULESET_LOADERS: ReadonlyArray<readonly [string, () => Promise<RulesetModule>]> = [
  ['cdda', () => import('../rulesets/cdda/index.ts')],
  ['omega', () => import('../rulesets/omega/index.ts')],
  ['ceaptun', () => import('../rulesets/ceaptun/index.ts')],
  ['d20', () => import('../rulesets/d20/index.ts')],
  ['wasteland', () => import('../rulesets/wasteland/index.ts')],
];

export const RULESET_IDS: readonly string[] = RULESET_LOADERS.map(([id]) => id);

/** Each ruleset's `name`, as the page shows it ("Cēaptūn", never the id "ceaptun"). */
const DISPLAY_NAMES: ReadonlyMap<string, string> = new Map([
  ['cdda', 'Cataclysm: DDA'],
  ['omega', 'Omega 0.90.4'],
  ['ceaptun', 'Cēaptūn'],
  ['d20', 'd20 3.5 SRD traps'],
  ['wasteland', 'Wasteland Battles'],
]);

/**
 * The name the page shows for a ruleset id: its display name, or the id itself in quotes when
 * the page knows no such ruleset (a file or link from elsewhere).
 */
export function rulesetDisplayName(id: string): string {
  return DISPLAY_NAMES.get(id) ?? `"${id}"`;
}

/** The ruleset a query string asks for, when it names a known one; else the default. */
export function requestedRuleset(search: string): string {
  const id = new URLSearchParams(search).get('ruleset');
  return id !== null && RULESET_IDS.includes(id) ? id : RULESET_IDS[0]!;
}

/** Loads and registers one ruleset. */
export async function loadRuleset(id: string): Promise<Ruleset> {
  const loader = RULESET_LOADERS.find(([k]) => k === id)?.[1];
  if (!loader) throw new Error(`unknown ruleset "${id}"`);
  const { ruleset } = await loader();
  registerRuleset(ruleset);
  return ruleset;
}

/** Loads all five through `src/rulesets/index.ts` (which registers them), in their order. */
export async function loadAllRulesets(): Promise<Ruleset[]> {
  const { RULESETS } = await import('../rulesets/index.ts');
  return [...RULESETS];
}
