/**
 * The seed's trap table as data: P (practice for setting it), V (visibility), A (avoidance),
 * D (difficulty to disarm), glyph, returned items, noise and the effect in a line. Where the
 * current CDDA JSON differs (tripwire, crossbow, shotgun, booby trap, light snare, portal), the
 * seed wins (RULES.md 1.4). Play reads P, V, A, D from the playing ruleset's columns
 * (harm.ts `trapNumbers`), so a lab variant that changes them changes the game; the rest of a
 * row is TRAP_FACTS, the same under every variant.
 */
import type { TrapDef } from '../../core/ruleset.ts';

export interface CddaTrapData {
  id: string;
  name: string;
  glyph: string;
  colour: string;
  /** Practice awarded for setting it (P); null where it cannot be set or the seed gives "?". */
  practice: number | null;
  visibility: number;
  avoidance: number;
  difficulty: number;
  /** Item kinds it leaves when disarmed (or spent, where the seed says "leaves trap items"). */
  returns: readonly string[];
  /** Volume of its noise: the seed's figure, else CDDA's code (snares 2/4, shotgun 60, explosions 10 x power); null when silent. */
  noise: number | string | null;
  notes: string;
  /** Trap-like tools: no skill to set or take down, no effect on the player. */
  tool?: boolean;
}

export const TRAP_DATA: readonly CddaTrapData[] = [
  { id: 'bubblewrap', name: 'bubblewrap', glyph: '_', colour: '#9fe8ff', practice: 2, visibility: 0, avoidance: 8, difficulty: 0, returns: ['bubblewrap'], noise: 18, notes: 'Pops with 18 noise; wakes sleepers nearby. Gone once popped.' },
  { id: 'beartrap', name: 'bear trap', glyph: '^', colour: '#5f7fff', practice: 4, visibility: 2, avoidance: 7, difficulty: 3, returns: ['beartrap'], noise: 8, notes: 'Player: 10-16 to one leg. Monster: 35, moves reset, Trapped 8-15 turns. Once, leaves the trap.' },
  { id: 'beartrap_buried', name: 'buried bear trap', glyph: '^', colour: '#5f7fff', practice: 7, visibility: 9, avoidance: 8, difficulty: 4, returns: ['beartrap'], noise: 8, notes: 'As the bear trap, buried.' },
  { id: 'board', name: 'spiked board', glyph: '_', colour: '#c0c0c0', practice: 2, visibility: 1, avoidance: 6, difficulty: 0, returns: ['nailboard'], noise: null, notes: 'Player: 6-10 to each foot. Monster: 6-10 and -80 moves.' },
  { id: 'tripwire', name: 'tripwire', glyph: '^', colour: '#ff8080', practice: 3, visibility: 6, avoidance: 4, difficulty: 3, returns: ['string_36'], noise: null, notes: 'Player: pushed to a nearby square, -150 moves, 1-4 to every part unless Dex saves. Monster: 1-4.' },
  { id: 'crossbow', name: 'crossbow trap', glyph: '^', colour: '#40c040', practice: 4, visibility: 5, avoidance: 4, difficulty: 5, returns: ['string_36', 'crossbow'], noise: null, notes: 'Misses 25% (bolt drops); else the player dodges or takes 20-30 to a random part (90% bolt). Once.' },
  { id: 'shotgun', name: 'shotgun trap', glyph: '^', colour: '#ff4040', practice: 5, visibility: 4, avoidance: 5, difficulty: 6, returns: ['string_36', 'shotgun_sawn'], noise: 60, notes: 'One or both barrels (Str / size); player may dodge; 40-60 per barrel to a random part. Two charges.' },
  { id: 'engine', name: 'spinning blade engine', glyph: '_', colour: '#ff8080', practice: 12, visibility: 0, avoidance: 0, difficulty: 2, returns: ['motor', 'machete', 'machete'], noise: null, notes: 'Passive part of the blade trap; disarming it takes the blades too.' },
  { id: 'blade', name: 'spinning blade', glyph: '\\', colour: '#40e0e0', practice: null, visibility: 0, avoidance: 4, difficulty: 99, returns: [], noise: null, notes: 'Player: 12-30 to the torso. Monster: 30 cut + 12 bash.' },
  { id: 'light_snare', name: 'light snare trap', glyph: '^', colour: '#b08040', practice: null, visibility: 5, avoidance: 10, difficulty: 2, returns: ['string_36', 'snare_trigger'], noise: 2, notes: 'Holds creatures up to MEDIUM size.' },
  { id: 'heavy_snare', name: 'heavy snare trap', glyph: '^', colour: '#b08040', practice: null, visibility: 3, avoidance: 10, difficulty: 4, returns: ['rope_6', 'snare_trigger'], noise: 4, notes: 'Holds creatures up to LARGE size.' },
  { id: 'landmine', name: 'land mine', glyph: '^', colour: '#ff2020', practice: 7, visibility: 1, avoidance: 14, difficulty: 10, returns: ['landmine'], noise: 100, notes: 'Explosion power 10 (15-45 at the centre), 8 shrapnel up to 12 squares, 20-60 each.' },
  { id: 'landmine_buried', name: 'buried land mine', glyph: '_', colour: '#ff2020', practice: 7, visibility: 10, avoidance: 14, difficulty: 10, returns: ['landmine'], noise: 100, notes: 'As the land mine, buried.' },
  { id: 'telepad', name: 'teleport pad', glyph: '_', colour: '#ff60ff', practice: null, visibility: 0, avoidance: 15, difficulty: 20, returns: [], noise: 8, notes: 'Warps the victim; into a wall or a monster now and then.' },
  { id: 'goo', name: 'goo pit', glyph: '_', colour: '#40c040', practice: null, visibility: 0, avoidance: 15, difficulty: 15, returns: [], noise: null, notes: 'Player: Slimed, 30% 0-5 to each foot. Blobs +15 speed; others become blobs. Once.' },
  { id: 'dissector', name: 'dissector', glyph: '7', colour: '#40e0e0', practice: null, visibility: 2, avoidance: 20, difficulty: 99, returns: [], noise: 10, notes: 'Player: every part up to 10/12/15/20. Non-robotic monsters: 60.' },
  { id: 'sinkhole', name: 'sinkhole', glyph: '_', colour: '#b08040', practice: null, visibility: 10, avoidance: 14, difficulty: 99, returns: [], noise: null, notes: 'Fall a level; a 30 ft rope may pull you out (throw, then unarmed); then it is a pit.' },
  { id: 'pit', name: 'pit', glyph: '0', colour: '#b08040', practice: null, visibility: 0, avoidance: 8, difficulty: 99, returns: [], noise: null, notes: 'Player: 10-20 less dodge, to every part (halved) and both legs; stuck. Monster: 10-20, -1000 moves.' },
  { id: 'spike_pit', name: 'spiked pit', glyph: '0', colour: '#5f7fff', practice: null, visibility: 0, avoidance: 8, difficulty: 99, returns: [], noise: null, notes: 'Player: 20-50 to a leg, arm or torso unless dodged; stuck. Monster: 20-50, -1000 moves. Spears break 25%.' },
  { id: 'lava', name: 'lava', glyph: '~', colour: '#ff4000', practice: null, visibility: 0, avoidance: 99, difficulty: 99, returns: [], noise: null, notes: 'Player: 20 to each foot and leg. Monster by material: flesh 50, veggy 80, steel 5.' },
  { id: 'portal', name: 'shimmering portal', glyph: '%', colour: '#ff60ff', practice: null, visibility: 0, avoidance: 30, difficulty: 99, returns: [], noise: null, notes: 'Decoration; does nothing.' },
  // The seed leaves the ledge's glyph blank (CDDA draws a space); '_' keeps a known ledge visible.
  { id: 'ledge', name: 'ledge', glyph: '_', colour: '#707070', practice: null, visibility: 0, avoidance: 99, difficulty: 99, returns: [], noise: null, notes: 'Fall a level. Lethal to any monster.' },
  { id: 'boobytrap', name: 'booby trap', glyph: '^', colour: '#80ffff', practice: 4, visibility: 5, avoidance: 4, difficulty: 7, returns: [], noise: 180, notes: 'Explosion power 18 (27-81 at the centre), 12 shrapnel up to 40 squares, 20-60 each.' },
  { id: 'raised_tile', name: 'raised tile', glyph: '^', colour: '#80a0ff', practice: null, visibility: 9, avoidance: 20, difficulty: 99, returns: [], noise: null, notes: 'Player only: the room floods; neck-deep water in 10 turns.' },
  { id: 'glow', name: 'glow attack', glyph: '^', colour: '#ffffff', practice: null, visibility: 99, avoidance: 99, difficulty: 99, returns: [], noise: null, notes: '30% 10-30 radiation, else 25% a flashbang, else harmless flashes. Monsters: 30% 5-10 and 10% slower.' },
  { id: 'hum', name: 'hum attack', glyph: '^', colour: '#ffffff', practice: null, visibility: 99, avoidance: 99, difficulty: 99, returns: [], noise: '1-200', notes: 'A hum of 1-200 volume; 150 or more deafens.' },
  { id: 'shadow', name: 'shadow spawn', glyph: '^', colour: '#ffffff', practice: null, visibility: 99, avoidance: 99, difficulty: 99, returns: [], noise: null, notes: 'Player only: a shadow forms nearby.' },
  { id: 'drain', name: 'drain attack', glyph: '^', colour: '#ffffff', practice: null, visibility: 99, avoidance: 99, difficulty: 99, returns: [], noise: null, notes: 'Every body part loses 1.' },
  { id: 'snake', name: 'snake spawn', glyph: '^', colour: '#ffffff', practice: null, visibility: 99, avoidance: 99, difficulty: 99, returns: [], noise: 10, notes: 'Player: a shadow snake forms. Always hisses (10); 16% the trap is destroyed.' },
  { id: 'cot', name: 'cot', glyph: '#', colour: '#c0a060', practice: 0, visibility: 0, avoidance: 0, difficulty: 0, returns: ['cot'], noise: null, notes: 'Trap-like tool. Monsters stumble over it (-100 moves).', tool: true },
  { id: 'brazier', name: 'brazier', glyph: '#', colour: '#ff8040', practice: 0, visibility: 0, avoidance: 0, difficulty: 0, returns: ['brazier'], noise: null, notes: 'Trap-like tool.', tool: true },
  { id: 'rollmat', name: 'roll mat', glyph: '#', colour: '#a08060', practice: 0, visibility: 0, avoidance: 0, difficulty: 0, returns: ['rollmat'], noise: null, notes: 'Trap-like tool.', tool: true },
];

/** Names of every item kind this ruleset drops, carries or sets. */
export const ITEM_NAMES: Record<string, string> = {
  bubblewrap: 'bubblewrap',
  beartrap: 'bear trap',
  nailboard: 'nailboard trap',
  tripwire: 'tripwire trap',
  crossbow_trap: 'crossbow trap',
  shotgun_trap: 'shotgun trap',
  blade_trap: 'blade trap',
  light_snare_kit: 'light snare kit',
  heavy_snare_kit: 'heavy snare kit',
  landmine: 'land mine',
  boobytrap: 'booby trap',
  cot: 'cot',
  brazier: 'brazier',
  rollmat: 'roll mat',
  string_36: 'string - 3 ft',
  rope_6: 'rope - 6 ft',
  rope_30: 'rope - 30 ft',
  crossbow: 'crossbow',
  bolt_steel: 'steel bolt',
  shotgun_sawn: 'sawn-off shotgun',
  motor: 'electric motor',
  machete: 'machete',
  snare_trigger: 'snare trigger',
  spear_wood: 'wooden spear',
  shovel: 'shovel',
};

export function itemName(kind: string): string {
  return ITEM_NAMES[kind] ?? kind.replace(/_/g, ' ');
}

/** What a trap is, which no trap table changes: its row without P, V, A and D (those are `trapNumbers`'s). */
export type CddaTrapFacts = Omit<CddaTrapData, 'practice' | 'visibility' | 'avoidance' | 'difficulty'>;

/** Each trap kind's fixed facts: name, glyph, what it leaves behind, whether it is a tool. */
export const TRAP_FACTS: ReadonlyMap<string, CddaTrapFacts> = new Map(
  TRAP_DATA.map(({ practice: _p, visibility: _v, avoidance: _a, difficulty: _d, ...facts }) => [facts.id, Object.freeze(facts)]),
);

export function trapFacts(kind: string): CddaTrapFacts {
  const t = TRAP_FACTS.get(kind);
  if (!t) throw new Error(`cdda has no trap "${kind}"`);
  return t;
}

export const TRAP_COLUMNS = ['P', 'V', 'A', 'D', 'noise', 'returns', 'notes'] as const;

function returnsText(kinds: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${n}x ${itemName(k)}` : itemName(k))).join(', ');
}

export const TRAP_DEFS: TrapDef[] = TRAP_DATA.map((t) => ({
  id: t.id,
  name: t.name,
  glyph: t.glyph,
  colour: t.colour,
  columns: {
    P: t.practice,
    V: t.visibility,
    A: t.avoidance,
    D: t.difficulty,
    noise: t.noise,
    returns: returnsText(t.returns),
    notes: t.notes,
  },
}));
