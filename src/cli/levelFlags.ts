/**
 * The flags that name a generated level, shared by `map` and `seeds`: the ruleset (with a trap
 * file or a variant), its size and style. Each bad value is a UsageError naming its flag.
 */
import { checkSize } from '../core/mapgen.ts';
import { getRuleset } from '../core/registry.ts';
import type { MapStyle, Traits } from '../core/world.ts';
import { intFlag, oneOf } from './args.ts';
import { UsageError } from './io.ts';
import type { TrapFile } from '../core/traps/definition.ts';
import type { Variant } from '../sim/variants.ts';
import { loadVariant } from './labSupport.ts';
import { applyTrapFileFlag, loadTrapFile } from './trapsFlag.ts';
import { useLoadedVariant } from './variantFlag.ts';

export const LEVEL_FLAGS = {
  ruleset: { type: 'string' },
  width: { type: 'string' },
  height: { type: 'string' },
  style: { type: 'string' },
  variant: { type: 'string' },
  traps: { type: 'string' },
} as const;

export interface LevelFlags {
  /** The ruleset named. */
  ruleset: string;
  /** The ruleset as played: a trap file's or a variant's, else the one named. */
  rulesetId: string;
  settings: Traits;
  /** The files read, for a worker to register as this process did. */
  traps: TrapFile | null;
  variant: Variant | null;
  width: number;
  height: number;
  style: MapStyle;
}

export function levelFlags(command: string, values: Record<string, unknown>): LevelFlags {
  const named = values.ruleset as string | undefined;
  if (!named) throw new UsageError(`${command} needs --ruleset`);
  try {
    getRuleset(named);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const width = intFlag('width', values.width as string | undefined, 80, 40, 200);
  const height = intFlag('height', values.height as string | undefined, 40, 25, 200);
  const style = oneOf('style', values.style as string | undefined, ['rooms', 'caves'] as const, 'rooms');
  const sizeError = checkSize(width, height);
  if (sizeError) throw new UsageError(sizeError);
  const trapsPath = typeof values.traps === 'string' ? values.traps : null;
  const traps = trapsPath === null ? null : loadTrapFile(trapsPath);
  const on = traps && trapsPath !== null ? applyTrapFileFlag(traps, trapsPath, named) : named;
  const variantPath = typeof values.variant === 'string' ? values.variant : null;
  const variant = variantPath === null ? null : loadVariant(variantPath, on === named ? undefined : on);
  const played = variant && variantPath !== null ? useLoadedVariant(variant, variantPath, named, on) : { rulesetId: on, settings: {} };
  return { ruleset: named, rulesetId: played.rulesetId, settings: played.settings, traps, variant, width, height, style };
}
