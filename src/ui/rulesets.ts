/**
 * Rulesets for the page, loaded as they are needed. Each ruleset's code is its own chunk: the page
 * loads the one the link asks for, draws the level, and then loads `src/rulesets/index.ts` (which
 * registers all five) in the background. A first visit therefore downloads one ruleset, not five.
 * The ids, their order (the first is the default) and the names come from the manifest.
 */
import { registerRuleset } from '../core/registry.ts';
import type { Ruleset } from '../core/ruleset.ts';
import { RULESET_IDS, RULESET_MANIFEST } from '../rulesets/manifest.ts';

export { RULESET_IDS };

/** Each ruleset's `name`, as the page shows it ("Cēaptūn", never the id "ceaptun"). */
const DISPLAY_NAMES: ReadonlyMap<string, string> = new Map(RULESET_MANIFEST.map((e) => [e.id, e.name]));

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
  const entry = RULESET_MANIFEST.find((e) => e.id === id);
  if (!entry) throw new Error(`unknown ruleset "${id}"`);
  const { ruleset } = await entry.load();
  registerRuleset(ruleset);
  return ruleset;
}

/** Loads all five through `src/rulesets/index.ts` (which registers them), in their order. */
export async function loadAllRulesets(): Promise<Ruleset[]> {
  const { RULESETS } = await import('../rulesets/index.ts');
  return [...RULESETS];
}
