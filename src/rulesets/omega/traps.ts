/**
 * The thirteen Omega 0.90.4 traps (trap.c, defs.h L_TRAP_*), as the trap table `trapsmith traps
 * omega` prints, plus what the rules need to know about each: its component (nine kinds have
 * one), the component's names before and after identification (the Objects table), and the
 * hazards a fire or abyss trap can turn into.
 */
import type { TrapDef } from '../../core/ruleset.ts';

export const TRAP_IDS = [
  'dart',
  'pit',
  'trapdoor',
  'snare',
  'blade',
  'fire',
  'teleport',
  'disintegrate',
  'sleepgas',
  'acid',
  'manadrain',
  'abyss',
  'siren',
] as const;
export type TrapId = (typeof TRAP_IDS)[number];

export function isTrapId(id: string): id is TrapId {
  return (TRAP_IDS as readonly string[]).includes(id);
}

export interface ComponentInfo {
  /** Name once identified (Objects[].truename). */
  trueName: string;
  /** Name while unidentified (Objects[].objstr). */
  unknownName: string;
}

/** The nine kinds whose disarming can yield a component (command2.c `disarm()`). */
export const COMPONENTS: Readonly<Partial<Record<TrapId, ComponentInfo>>> = {
  dart: { trueName: 'dart-trap component', unknownName: 'spring-loaded tube' },
  acid: { trueName: 'acid-trap component', unknownName: 'pressurized cannister' },
  snare: { trueName: 'snare component', unknownName: 'coil of fine wire' },
  fire: { trueName: 'fire-trap component', unknownName: 'mound of powdered aluminum' },
  teleport: { trueName: 'teleport-trap component', unknownName: 'powerful rune' },
  sleepgas: { trueName: 'sleepgas-trap component', unknownName: 'pressurized cannister' },
  disintegrate: { trueName: 'disintegration-trap component', unknownName: 'powerful rune' },
  abyss: { trueName: 'abyss-trap component', unknownName: 'dark fabric patch' },
  manadrain: { trueName: 'manadrain-trap component', unknownName: 'powerful rune' },
};

export function hasComponent(kind: string): boolean {
  return isTrapId(kind) && COMPONENTS[kind] !== undefined;
}

/** Traps a non-negative dispel removes (effect1.c `dispel()`: L_TRAP_FIRE, L_TRAP_TELEPORT, L_TRAP_DISINTEGRATE). */
export const DISPELLABLE: readonly TrapId[] = ['fire', 'teleport', 'disintegrate'];

/**
 * What a trap's square can turn into. A fire trap set off by the player becomes persistent fire
 * (L_FIRE), an abyss trap seen going off under a monster becomes an open abyss (L_ABYSS). They stay
 * trap records of the same kind with `data.hazard` set, so the renderer and the log still find
 * them; these are their own glyphs (defs.h FIRE ';' and ABYSS '0').
 */
export const HAZARDS = {
  fire: { name: 'curtain of fire', glyph: ';', colour: '#ff6040' },
  abyss: { name: 'open abyss', glyph: '0', colour: '#8a5a2b' },
} as const;
export type HazardId = keyof typeof HAZARDS;

const row = (
  id: TrapId,
  name: string,
  colour: string,
  player: string,
  mount: string,
  monster: string,
  locf: number,
): TrapDef => {
  const c = COMPONENTS[id];
  return {
    id,
    name,
    glyph: '^',
    colour,
    columns: {
      component: c ? c.trueName : null,
      unidentified: c ? c.unknownName : null,
      player,
      mount,
      monster,
      locf,
    },
  };
};

/** The trap table. Names are trapid()'s ("A pit", "A trap door", ...) without the article. */
export const TRAPS: TrapDef[] = [
  row('dart', 'dart trap', '#d0d0d0', 'absorption/100 stops it; else D physical, 1/3 also D poison', 'horse annoyed, no effect', '2D physical', 101),
  row('pit', 'pit', '#a0703a', 'avoided if carrying < half max load; else 2D physical (1/3: spikes, 5D) and 1 immobile', 'horse lost; rider unhurt', 'immobilised, 5D physical', 102),
  row('trapdoor', 'trap door', '#806040', 'in a dungeon: Agility/100 leaps over; else D physical, rockslide depth*D, falls a level', 'horse lost, no leap; rider falls', 'vanishes (no kill xp, no loot)', 103),
  row('snare', 'snare', '#c0a060', 'Agility/100 avoids; else D immobile counts', 'horse steps clear', 'immobilised (no duration)', 104),
  row('blade', 'blade trap', '#e0e0ff', '(Agi+level)/30 dodges; else D..4D-1 minus 2x absorption, at least 1', 'failed dodge kills the horse', '(D+1)*7 - player Defense', 105),
  row('fire', 'fire trap', '#ff5020', '(Agi+level)/50 dodges; else 0..5(D+1)-1 flame; square becomes fire', 'horse killed instead of the hit; square becomes fire', '5(D+1) flame; trap stays', 106),
  row('teleport', 'teleport trap', '#c080ff', 'teleported; (D^2+1)/10000 dangerous (death unless floor or open door)', 'as the rider', 'relocated unless asleep', 107),
  row('disintegrate', 'disintegration trap', '#ff40ff', 'cloak, else body armour, else 250 unstoppable', 'horse destroyed first', '100 unstoppable', 108),
  row('sleepgas', 'sleep gas trap', '#80c0ff', 'sleep strength D/5+1: 2..2s+1 sleep counts (not extended)', 'as the rider', 'falls asleep unless immune', 109),
  row('acid', 'acid shower trap', '#60ff60', 'hit if 0..99 > Agi+level: 0..5D-1 acid, 0..4 items damaged', 'a hit kills the horse too', '0..D^2-1 acid', 110),
  row('manadrain', 'manadrain trap', '#4080ff', 'mana lost and adverse dispel; at 0 mana 1/10 overload: trap gone, mana refilled', 'as the rider', 'loses spellcasting', 111),
  row('abyss', 'concealed entrance to the abyss', '#8a5a2b', 'falls if 0..99 > Dex+level: abyss entry', 'abyss entry first, then the check', 'vanishes; open abyss if seen', 112),
  row('siren', 'siren trap', '#ffff40', 'alarm: jail (house, mansion), nothing (hovel), else wakes and alerts monsters', 'as the rider', 'no effect', 113),
];

export const TRAP_COLUMNS = ['component', 'unidentified', 'player', 'mount', 'monster', 'locf'];
