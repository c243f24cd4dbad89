/**
 * How known traps are told apart on the map. By default a trap is its table's glyph in its table's
 * colour, and in four rulesets nearly every kind is a `^` told apart by colour alone. Two options,
 * each the player's (ui/trapLookPrefs.ts), kept in this browser:
 * - distinct glyphs: each kind of the ruleset's table gets a letter of its own (its name's first
 *   letter free, else its next, else any free letter or digit), so no two kinds look alike
 *   whatever the colours. A letter a monster is drawn with (r, k, b, …) is never a trap's, so a
 *   trap is not taken for a rat;
 * - a colour-blind-safe palette: the kinds' colours become Okabe and Ito's eight, which stay apart
 *   under the common colour-vision deficiencies, in table order.
 * The assignment depends only on the ruleset's table, so a kind looks the same in every game of it.
 */
import { MONSTER_KINDS } from '../core/monsters.ts';
import type { Ruleset } from '../core/ruleset.ts';

export interface TrapLookOptions {
  distinctGlyphs: boolean;
  safePalette: boolean;
}

export const PLAIN_LOOK: TrapLookOptions = { distinctGlyphs: false, safePalette: false };

/** Okabe & Ito (2008), "Color Universal Design": orange, sky blue, bluish green, yellow, blue, vermilion, reddish purple, grey. */
export const SAFE_PALETTE: readonly string[] = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7', '#bbbbbb'];

const SPARE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const assigned = new WeakMap<Ruleset['traps'], Map<string, string>>();

/** Each kind's own letter (see the module comment), by kind id. */
export function distinctGlyphs(traps: Ruleset['traps']): Map<string, string> {
  const hit = assigned.get(traps);
  if (hit) return hit;
  const used = new Set<string>(MONSTER_KINDS.map((m) => m.glyph));
  const monsters = used.size;
  const out = new Map<string, string>();
  for (const t of traps) {
    if (out.has(t.id)) continue;
    const fromName = [...t.name.toLowerCase()].filter((c) => /[a-z]/.test(c));
    const pick = [...fromName, ...fromName.map((c) => c.toUpperCase()), ...SPARE].find((c) => !used.has(c)) ?? '?';
    used.add(pick);
    out.set(t.id, pick);
  }
  // More kinds than free glyphs would repeat '?': no ruleset comes near (62 less the monsters').
  if (out.size > SPARE.length - monsters) throw new RangeError(`${out.size} trap kinds: more than the ${SPARE.length - monsters} glyphs that tell them apart`);
  assigned.set(traps, out);
  return out;
}

/** A kind's place in its table (for the palette), or -1. */
function tableIndex(traps: Ruleset['traps'], kind: string): number {
  return traps.findIndex((t) => t.id === kind);
}

/** The glyph and colour a known trap of `kind` is drawn in, given what its table (or the ruleset) says. */
export function trapLook(ruleset: Ruleset, kind: string, base: { glyph: string; colour: string }, opts: TrapLookOptions): { glyph: string; colour: string } {
  const glyph = opts.distinctGlyphs ? (distinctGlyphs(ruleset.traps).get(kind) ?? base.glyph) : base.glyph;
  const i = tableIndex(ruleset.traps, kind);
  const colour = opts.safePalette && i >= 0 ? SAFE_PALETTE[i % SAFE_PALETTE.length]! : base.colour;
  return { glyph, colour };
}
