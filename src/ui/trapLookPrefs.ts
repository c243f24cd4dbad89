/**
 * The player's trap-look options (render/trapLook.ts), kept in this browser: `G` turns distinct
 * glyphs on and off, `V` the colour-blind-safe palette. A stored value that is not one of ours is
 * read as off.
 */
import type { TrapLookOptions } from '../render/trapLook.ts';

export const TRAP_LOOK_KEY = 'trapsmith.trapLook';

export function keptTrapLook(storage: Pick<Storage, 'getItem'> | null): TrapLookOptions {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(TRAP_LOOK_KEY) ?? null;
  } catch {
    raw = null;
  }
  const words = new Set((raw ?? '').split(','));
  return { distinctGlyphs: words.has('glyphs'), safePalette: words.has('palette') };
}

export function keepTrapLook(storage: Pick<Storage, 'setItem'> | null, look: TrapLookOptions): void {
  const words = [...(look.distinctGlyphs ? ['glyphs'] : []), ...(look.safePalette ? ['palette'] : [])];
  try {
    storage?.setItem(TRAP_LOOK_KEY, words.join(','));
  } catch {
    // Not kept: the option lasts for this page.
  }
}
