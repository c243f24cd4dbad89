/**
 * Registers the rulesets of the manifest with the core's registry, in the manifest's order.
 * Import this once at an entry point (the CLI, a worker, a test's setup, the page's background
 * load).
 *
 * The modules are imported statically here, not through the manifest's loaders: the CLI and the
 * tests need every ruleset registered as soon as this import returns, and the page's workers are
 * single classic scripts (no top-level await). Which rulesets there are, their order and their
 * names stay the manifest's: a ruleset the manifest lists and this file does not import stops
 * every entry point at once with its name, and one imported here that the manifest does not list
 * is never registered.
 */
import { registerRuleset } from '../core/registry.ts';
import type { Ruleset } from '../core/ruleset.ts';
import { ruleset as cdda } from './cdda/index.ts';
import { ruleset as ceaptun } from './ceaptun/index.ts';
import { ruleset as d20 } from './d20/index.ts';
import { RULESET_MANIFEST } from './manifest.ts';
import { ruleset as omega } from './omega/index.ts';
import { ruleset as wasteland } from './wasteland/index.ts';

const imported = new Map<string, Ruleset>([cdda, ceaptun, d20, omega, wasteland].map((r) => [r.id, r]));

export const RULESETS: readonly Ruleset[] = RULESET_MANIFEST.map((e) => {
  const r = imported.get(e.id);
  if (!r) throw new Error(`src/rulesets/index.ts imports no module for the ruleset "${e.id}" that src/rulesets/manifest.ts lists`);
  return r;
});
for (const r of RULESETS) registerRuleset(r);
