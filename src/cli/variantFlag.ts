/**
 * `--variant FILE` for commands that only need a variant's settings. The balance lab's variant
 * module (src/sim/variant.ts) owns the schema; until a variant carries settings for this ruleset,
 * this reads its `settings` object.
 */
import { readFileSync } from 'node:fs';
import type { Traits } from '../core/world.ts';
import { UsageError } from './io.ts';

export function loadVariantSettings(path: string, rulesetId: string): Traits {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`--variant ${path}: ${(e as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null) throw new UsageError(`--variant ${path}: not a JSON object`);
  const v = raw as { ruleset?: unknown; settings?: unknown };
  if (v.ruleset !== undefined && v.ruleset !== rulesetId) throw new UsageError(`--variant ${path}: it is a variant of ${String(v.ruleset)}, not ${rulesetId}`);
  if (v.settings !== undefined && (typeof v.settings !== 'object' || v.settings === null)) throw new UsageError(`--variant ${path}: "settings" must be an object`);
  return (v.settings ?? {}) as Traits;
}
