/**
 * `--variant FILE` for map, odds and traps: the file is checked against the variant schema
 * (a bad field is named), registered as its own ruleset id, and used in place of the base ruleset.
 */
import type { Traits } from '../core/world.ts';
import { applyVariant, type Variant, VariantError } from '../sim/variants.ts';
import { UsageError } from './io.ts';
import { loadVariant } from './labSupport.ts';

/** `on`: the ruleset id it plays on, when a trap file (`--traps`) gave one. */
export function useVariant(path: string, rulesetId: string, on: string = rulesetId): { rulesetId: string; settings: Traits } {
  return useLoadedVariant(loadVariant(path, on === rulesetId ? undefined : on), path, rulesetId, on);
}

/** `useVariant` for a variant already read from `path`. */
export function useLoadedVariant(v: Variant, path: string, rulesetId: string, on: string = rulesetId): { rulesetId: string; settings: Traits } {
  if (v.ruleset !== rulesetId) throw new UsageError(`--variant ${path}: it is a variant of ${v.ruleset}, not ${rulesetId}`);
  try {
    const applied = applyVariant(v, on);
    return { rulesetId: applied.rulesetId, settings: applied.settings };
  } catch (e) {
    if (e instanceof VariantError) throw new UsageError(e.message);
    throw e;
  }
}
