/**
 * The trap table: the three trap types of the Wasteland Battles base game. The source names them
 * but gives no damage; the damage here is RULES.md's sandbox default, shown only: play takes each
 * trap's damage from its setting. The weights are play's: placement reads them from the playing
 * ruleset's table (a Lab variant's, while one plays). Item kinds share the trap ids: a hero
 * carries "caltrops" items and places "caltrops" traps.
 */
import type { TrapDef } from '../../core/ruleset.ts';

export type WastelandTrap = 'caltrops' | 'bear_trap' | 'mine';

export const TRAP_KINDS: readonly WastelandTrap[] = ['caltrops', 'bear_trap', 'mine'];

export const TRAP_COLUMNS = ['source', 'damage', 'effect', 'area', 'weight'];

export const TRAPS: TrapDef[] = [
  {
    id: 'caltrops',
    name: 'caltrops',
    glyph: '^',
    colour: '#b8b8c8',
    columns: { source: 'Krähenfüße', damage: 1, effect: 'one action fewer next turn', area: 'its cell', weight: 3 },
  },
  {
    id: 'bear_trap',
    name: 'bear trap',
    glyph: '^',
    colour: '#c08040',
    columns: { source: 'Fangeisen', damage: 2, effect: 'held fast one turn', area: 'its cell', weight: 2 },
  },
  {
    id: 'mine',
    name: 'mine',
    glyph: '^',
    colour: '#ff5030',
    columns: { source: 'Mine', damage: 3, effect: 'blast', area: 'everyone within 1', weight: 1 },
  },
];

export function isWastelandTrap(kind: string): kind is WastelandTrap {
  return (TRAP_KINDS as readonly string[]).includes(kind);
}

/** The log's name with its article: "the caltrops", "a bear trap". */
export function trapNoun(kind: string): { the: string; a: string; name: string } {
  const def = TRAPS.find((t) => t.id === kind);
  const name = def?.name ?? kind;
  // "caltrops" is a plural noun: no indefinite article.
  return { the: `the ${name}`, a: kind === 'caltrops' ? name : `a ${name}`, name };
}
