/**
 * The pieces of the exact reading of an Omega trap for the player who steps onto it (the step
 * check, stepCheck.ts): the situation its inputs name, whether the trap goes off under them at all
 * (levitation, shadowform), what the hazard its square has become takes, and what each of Omega's
 * thirteen handlers takes off their hit points (`handlerLoss`: the built-in kinds' custom effects'
 * reading, dialect.ts). Built from the very programs play samples (checks.ts, random.ts) in the
 * order play draws them (entry.ts `onEnter`, effects.ts `playerTrapEffect`, abyss.ts
 * `enterAbyss`), and from the same pure rules (`bypassesWith`, `immuneWith`, `damageTaken`), so
 * the reading cannot drift from play.
 *
 * "Avoided" is only a trap that never goes off under you (its handler does not run). A dodged
 * blade, fire or acid, a leapt trap door, a pit you are light enough to dodge, a stopped dart: the
 * trap went off (it shows itself, a fire trap's square burns) and missed you, so they count as
 * unhurt. Draws that change no hit point after the harm is settled (the dart's poison, the acid's
 * possessions, the sleep counts) are left out of the program: they cannot change the outcome.
 *
 * What it leaves out, and the check says so: a fall's landing (the level below, the levels the
 * abyss drops you), the later poison ticks, sleep, immobility, lost mana, a lost mount, cloak or
 * armour, acid on possessions and what a siren wakes. A siren in a house or a mansion (jail: the
 * game ends, nobody hurt) is no step outcome and is refused.
 */
import { chance, constant, type Prob } from '../../core/prob.ts';
import type { CheckInputs } from '../../core/ruleset.ts';
import { immuneWith } from './actor.ts';
import { abyssLevelsUpTo, type DodgeTrap, dartStopped, dodgeCheck, meetsYogSothoth, oneInThree, teleportCheck } from './checks.ts';
import { damageTaken, type DamageType } from './damage.ts';
import { bypassesWith } from './entry.ts';
import { environmentById } from './environments.ts';
import { randomRange } from './random.ts';
import { type Immunity, parseImmunities } from './settings.ts';
import type { TrapId } from './traps.ts';

export const HAZARD_INPUTS = ['none', 'fire', 'abyss'] as const;
export type HazardInput = (typeof HAZARD_INPUTS)[number];

/** The player and the place, as the step check's inputs name them. */
export interface StepSituation {
  /** The kind's id, as the playing table has it. */
  trap: string;
  /** Hit points now: losing this many or more kills. */
  hp: number;
  /** Location difficulty D. */
  difficulty: number;
  /** Where: a dungeon or not (trap doors, the abyss), its last level (the abyss), house or mansion (a siren). */
  environment: string;
  depth: number;
  agility: number;
  dex: number;
  level: number;
  absorption: number;
  strength: number;
  /** Everything carried (a pit is dodged while it is under half of Str x Agi x 10). */
  load: number;
  riding: boolean;
  levitating: boolean;
  shadowform: boolean;
  immunities: readonly Immunity[];
  cloak: boolean;
  bodyArmour: boolean;
  alignment: number;
  /** What the square has become: persistent fire (a fire trap's) or an open abyss (an abyss trap's). */
  hazard: HazardInput;
  /** A trap door blasted through a pit: no rockslide. */
  disintegrated: boolean;
  /** The map's squares (width x height) and those a dangerous teleport lands on alive. */
  squares: number;
  openSquares: number;
}

/** Does the trap go off under the one stepping on it at all (p_movefunction())? */
export function goesOff(s: StepSituation): boolean {
  return !bypassesWith({ shadowform: s.shadowform, levitating: s.levitating, mounted: s.riding }, s.hazard === 'none' ? undefined : s.hazard, 'step');
}

/** What one entry into the abyss has done so far: hit points lost in all (capped at hp) and levels now falling. */
type Fall = { lost: number; levels: number };

/** p_damage() as hit points lost so far, capped at `hp` (losing `hp` is death): a dead player takes no more. */
function take(s: StepSituation, dmg: number, type: DamageType, lost = 0): number {
  if (lost >= s.hp) return lost;
  return Math.min(s.hp, lost + taken(s, dmg, type));
}

/** What one p_damage() takes off the player: nothing when immune (unstoppable ignores immunity), else `damageTaken`. */
export function taken(s: StepSituation, dmg: number, type: DamageType): number {
  if (type !== 'unstoppable' && immuneWith(s.immunities, s.shadowform, type)) return 0;
  return Math.max(0, damageTaken(dmg, type, s.absorption));
}

/** enterAbyss() after a fall of i levels, from where this step's falling stands: 5i damage, or 50i out past the last level. */
function fallOf(s: StepSituation, from: Fall, i: number): Fall {
  const room = (environmentById(s.environment).levels ?? Number.POSITIVE_INFINITY) - s.depth - from.levels;
  return i > room ? { lost: take(s, i * 50, 'normal', from.lost), levels: 0 } : { lost: take(s, i * 5, 'normal', from.lost), levels: from.levels + i };
}

/**
 * Levels of an abyss fall worth reading one by one: from this many on, every fall kills (the
 * damage only grows with i). 0 where no fall is drawn (no dungeon, immune to normal damage).
 */
function fallCap(s: StepSituation, from: Fall): number {
  if (!environmentById(s.environment).dungeon || immuneWith(s.immunities, s.shadowform, 'normal')) return 0;
  let cap = 1;
  while (fallOf(s, from, cap).lost < s.hp) cap++;
  return cap;
}

/**
 * Loop steps the abyss reading takes (each a random_range(3)): the literal random_range makes each
 * cost 10,000. `abyss`: the kind plays the abyss trap's handler (else only an open abyss reads one).
 */
export function abyssReadingSteps(s: StepSituation, abyss: boolean): number {
  const start: Fall = { lost: 0, levels: 0 };
  if (!goesOff(s) || (!abyss && s.hazard !== 'abyss')) return 0;
  const first = fallCap(s, start);
  if (s.hazard === 'abyss' || !s.riding) return first;
  let steps = first;
  for (let i = 1; i < first; i++) steps += fallCap(s, fallOf(s, start, i));
  return steps + fallCap(s, start);
}

/** enterAbyss(): Yog Sothoth one time in a hundred, else a fall of i levels. */
function abyssEntry(s: StepSituation, q: boolean, from: Fall): Prob<Fall> {
  if (!environmentById(s.environment).dungeon) return constant(from); // a portal to the countryside, or nothing in the Circle: no harm
  return meetsYogSothoth(q).bind((yog): Prob<Fall> => {
    if (yog) return constant(s.alignment > -10 ? { lost: s.hp, levels: 0 } : { lost: from.lost, levels: from.levels + 1 });
    const cap = fallCap(s, from);
    // Immune to normal damage: no fall hurts, however deep (and the depth reached changes nothing more).
    if (cap === 0) return constant(from);
    return abyssLevelsUpTo(cap, q).map((i) => fallOf(s, from, i));
  });
}

/**
 * What the hazard the square has become takes (persistent fire, an open abyss), capped at `hp`,
 * as a program; null when it has become none (the trap's own effect goes off).
 */
export function hazardLoss(s: StepSituation, q: boolean): Prob<number> | null {
  if (s.hazard === 'fire') return randomRange(100, q).map((r) => take(s, r, 'flame')); // l_fire(): the horse is lost first
  if (s.hazard === 'abyss') return abyssEntry(s, q, { lost: 0, levels: 0 }).map((f) => f.lost);
  return null;
}

/**
 * The hit points Omega's handler `handler` (trap.c l_trap_*) takes, capped at `hp` (losing `hp`
 * is death), as a program: the reading of the built-in kinds' custom effects (dialect.ts). Each
 * damage goes through p_damage() as play's does: nothing when immune (unstoppable ignores
 * immunity), normal damage less absorption and at least 1; a dead player takes no more.
 */
export function handlerLoss(s: StepSituation, q: boolean, handler: TrapId): Prob<number> {
  const D = s.difficulty;
  const dodge = (kind: DodgeTrap) => dodgeCheck(kind, { agility: s.agility, dex: s.dex, level: s.level }, q);
  const env = environmentById(s.environment);

  switch (handler) {    case 'dart':
      if (s.riding) return constant(0);
      return dartStopped(s.absorption, q).map((stopped) => (stopped ? 0 : take(s, D, 'normal')));
    case 'pit':
      if (s.riding || s.load < Math.trunc((s.strength * s.agility * 10) / 2)) return constant(0);
      return oneInThree(q).map((spikes) => take(s, spikes ? D * 5 : D * 2, 'normal'));
    case 'trapdoor': {
      if (!env.dungeon) return constant(0);
      const rockslide = (lost: number) => (s.disintegrated ? lost : take(s, s.depth * D, 'unstoppable', lost));
      if (s.riding) return constant(rockslide(0));
      return dodge('trapdoor').map((r) => (r === 'avoided' ? 0 : rockslide(take(s, D, 'normal'))));
    }
    case 'blade':
      return dodge('blade').bind((r) => (r === 'avoided' || s.riding ? constant(0) : randomRange(D * 3, q).map((x) => take(s, x + D - s.absorption, 'normal'))));
    case 'fire':
      if (s.riding) return constant(0);
      return dodge('fire').bind((r) => (r === 'avoided' ? constant(0) : randomRange((D + 1) * 5, q).map((x) => take(s, x, 'flame'))));
    case 'teleport':
      // p_teleport(-1) lands on random_range(width), random_range(height): alive on an open square.
      return teleportCheck(D, q).bind((t) => (t === 'safe' ? constant(0) : chance(s.openSquares, s.squares).map((alive) => (alive ? 0 : s.hp))));
    case 'disintegrate':
      return constant(s.cloak || s.bodyArmour ? 0 : take(s, 250, 'unstoppable'));
    case 'acid':
      return dodge('acid').bind((r) => (r === 'hit' ? randomRange(D * 5, q).map((x) => take(s, x, 'acid')) : constant(0)));
    case 'abyss': {
      const first: Prob<Fall> = s.riding ? abyssEntry(s, q, { lost: 0, levels: 0 }) : constant({ lost: 0, levels: 0 });
      return first.bind((f) => (f.lost >= s.hp ? constant(f.lost) : dodge('abyss').bind((r) => (r === 'hit' ? abyssEntry(s, q, f).map((g) => g.lost) : constant(f.lost)))));
    }
    case 'snare':
    case 'sleepgas':
    case 'manadrain':
    case 'siren':
      // Immobility, sleep, lost mana, an alarm: no hit point on the step.
      return constant(0);
  }
}

// ---------------------------------------------------------------- the check

function int(inputs: CheckInputs, name: string, fallback: number): number {
  const v = inputs[name];
  return typeof v === 'number' ? v : fallback;
}

function bool(inputs: CheckInputs, name: string): boolean {
  return inputs[name] === true;
}

/** The situation the inputs name (validated first). */
export function situationOf(i: CheckInputs): StepSituation {
  const environment = typeof i.environment === 'string' ? i.environment : 'caves';
  const depth = int(i, 'depth', 1);
  const width = int(i, 'width', 80);
  const height = int(i, 'height', 40);
  return {
    trap: String(i.trap),
    hp: int(i, 'hp', 1),
    difficulty: int(i, 'difficulty', environmentById(environment).difficulty(depth)),
    environment,
    depth,
    agility: int(i, 'agility', 12),
    dex: int(i, 'dex', 12),
    level: int(i, 'level', 1),
    absorption: int(i, 'absorption', 0),
    strength: int(i, 'strength', 12),
    load: int(i, 'load', 0),
    riding: bool(i, 'riding'),
    levitating: bool(i, 'levitating'),
    shadowform: bool(i, 'shadowform'),
    immunities: parseImmunities(typeof i.immunities === 'string' ? i.immunities : ''),
    cloak: bool(i, 'cloak'),
    bodyArmour: bool(i, 'body-armour'),
    alignment: int(i, 'alignment', 0),
    hazard: (HAZARD_INPUTS as readonly unknown[]).includes(i.hazard) ? (i.hazard as HazardInput) : 'none',
    disintegrated: bool(i, 'disintegrated'),
    squares: width * height,
    openSquares: int(i, 'open-squares', 0),
  };
}

