import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { MONSTER_KINDS } from '../../src/core/monsters.ts';
import { getRuleset, listRulesets } from '../../src/core/registry.ts';
import { distinctGlyphs, PLAIN_LOOK, SAFE_PALETTE, trapLook } from '../../src/render/trapLook.ts';
import { translateKey } from '../../src/ui/keys.ts';
import { keepTrapLook, keptTrapLook, TRAP_LOOK_KEY } from '../../src/ui/trapLookPrefs.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

const BUILT_IN = RULESET_IDS;

describe('telling known traps apart', () => {
  it('by default most kinds of four rulesets share the ^, told apart by colour alone (the problem)', () => {
    const carets = BUILT_IN.filter((id) => getRuleset(id).traps.filter((t) => t.glyph === '^').length > 1);
    expect(carets.length).toBeGreaterThanOrEqual(4);
  });

  it('with distinct glyphs on, no two kinds of any ruleset render alike (glyph and colour), with or without the safe palette', () => {
    for (const r of listRulesets().filter((r) => BUILT_IN.includes(r.id))) {
      for (const safePalette of [false, true]) {
        const looks = r.traps.map((t) => trapLook(r, t.id, { glyph: t.glyph, colour: t.colour }, { distinctGlyphs: true, safePalette }));
        const keys = looks.map((l) => `${l.glyph}|${l.colour}`);
        expect(new Set(keys).size, `${r.id} ${safePalette}`).toBe(r.traps.length);
        // The glyphs alone already differ: colour is never needed.
        expect(new Set(looks.map((l) => l.glyph)).size, r.id).toBe(r.traps.length);
        for (const l of looks) {
          expect(l.glyph).toMatch(/^[A-Za-z0-9]$/);
          // Never a monster's letter.
          expect(MONSTER_KINDS.map((m) => m.glyph)).not.toContain(l.glyph);
        }
      }
    }
  });

  it("takes a kind's name's first free letter, the same for every game of the ruleset", () => {
    const r = getRuleset('ceaptun');
    const g = distinctGlyphs(r.traps);
    const first = r.traps[0]!;
    const monsterLetters = MONSTER_KINDS.map((m) => m.glyph);
    expect(g.get(first.id)).toBe([...first.name.toLowerCase()].find((c) => /[a-z]/.test(c) && !monsterLetters.includes(c)));
    expect(distinctGlyphs(r.traps)).toBe(g);
    expect(trapLook(r, first.id, { glyph: '^', colour: '#123456' }, PLAIN_LOOK)).toEqual({ glyph: '^', colour: '#123456' });
    expect(trapLook(r, first.id, { glyph: '^', colour: '#123456' }, { distinctGlyphs: false, safePalette: true }).colour).toBe(SAFE_PALETTE[0]);
  });

  it('G and V toggle the options, kept in this browser', () => {
    expect(translateKey({ key: 'G' }, 'play')).toEqual({ type: 'trapLook', toggle: 'glyphs' });
    expect(translateKey({ key: 'V' }, 'play')).toEqual({ type: 'trapLook', toggle: 'palette' });
    const items = new Map<string, string>();
    const s = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    expect(keptTrapLook(s)).toEqual(PLAIN_LOOK);
    keepTrapLook(s, { distinctGlyphs: true, safePalette: false });
    expect(items.get(TRAP_LOOK_KEY)).toBe('glyphs');
    expect(keptTrapLook(s)).toEqual({ distinctGlyphs: true, safePalette: false });
    keepTrapLook(s, { distinctGlyphs: true, safePalette: true });
    expect(keptTrapLook(s)).toEqual({ distinctGlyphs: true, safePalette: true });
    items.set(TRAP_LOOK_KEY, '__proto__,constructor');
    expect(keptTrapLook(s)).toEqual(PLAIN_LOOK);
    expect(keptTrapLook(null)).toEqual(PLAIN_LOOK);
  });
});
