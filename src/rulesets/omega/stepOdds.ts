/**
 * A whole Omega trap read exactly for the player who steps onto it: whether it goes off under
 * them at all (levitation, shadowform), then what its handler does to their hit points, ending in
 * one of: avoided, set off but unhurt, hurt, or dead from their current hit points. Built from the
 * very programs play samples (checks.ts, random.ts) in the order play draws them (entry.ts
 * `onEnter`, effects.ts `playerEffect`, abyss.ts `enterAbyss`), and from the same pure rules
 * (`bypassesWith`, `immuneWith`, `damageTaken`), so the reading cannot drift from play.
 *
 * "Avoided" is only a trap that never goes off under you (its handler does not run). A dodged
 * blade, fire or acid, a leapt trap door, a pit you are light enough to dodge, a stopped dart: the
 * trap went off (it shows itself, a fire trap's square burns) and missed you, so they count as
 * unhurt. Draws that change no hit point after the harm is settled (the dart's poison, the acid's
 * possessions, the sleep counts) are left out of the program: they cannot change the outcome.
 *
 * What it leaves out, and says so in its description: a fall's landing (the level below, the
 * levels the abyss drops you), the later poison ticks, sleep, immobility, lost mana, a lost mount,
 * cloak or armour, acid on possessions and what a siren wakes. A siren in a house or a mansion
 * (jail: the game ends, nobody hurt) is no step outcome and is refused.
 */
import { freeCells } from '../../core/effects/freeCells.ts';
import { chance, constant, EXACT_STEP_LIMIT, type Prob } from '../../core/prob.ts';
import { type CheckInputs, type DisarmReading, type OddsCheck, type StepHarm, harmOfDamage, STEP_HARM_OUTCOMES } from '../../core/ruleset.ts';
import type { Actor, Trap, Traits, World } from '../../core/world.ts';
import { carriedWeight, immuneWith, isPlayer, levitating, mounted, num, shadowy } from './actor.ts';
import { abyssLevelsUpTo, DISARM_OUTCOMES, type DodgeTrap, dartStopped, dodgeCheck, meetsYogSothoth, oneInThree, teleportCheck } from './checks.ts';
import { damageTaken, type DamageType } from './damage.ts';
import { showsTrap } from './disarm.ts';
import { difficultyOf } from './effects.ts';
import { bypassesWith, playerBypasses } from './entry.ts';
import { ENVIRONMENT_IDS, environmentById } from './environments.ts';
import { slotItem } from './items.ts';
import { quantisedFrom, randomRange } from './random.ts';
import { type Immunity, IMMUNITY_NAMES, parseImmunities, stringSetting } from './settings.ts';
import { survivableTests } from './teleport.ts';
import { isTrapId, TRAP_IDS, type TrapId } from './traps.ts';


export const HAZARD_INPUTS = ['none', 'fire', 'abyss'] as const;
export type HazardInput = (typeof HAZARD_INPUTS)[number];

/** The player and the place, as the step check's inputs name them. */
export interface StepSituation {
  trap: TrapId;
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
  if (type !== 'unstoppable' && immuneWith(s.immunities, s.shadowform, type)) return lost;
  return Math.min(s.hp, lost + Math.max(0, damageTaken(dmg, type, s.absorption)));
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

/** Loop steps the abyss reading takes (each a random_range(3)): the literal random_range makes each cost 10,000. */
export function abyssReadingSteps(s: StepSituation): number {
  const start: Fall = { lost: 0, levels: 0 };
  if (!goesOff(s) || (s.trap !== 'abyss' && s.hazard !== 'abyss')) return 0;
  const first = fallCap(s, start);
  if (s.hazard === 'abyss' || !s.riding) return first;
  let steps = first;
  for (let i = 1; i < first; i++) steps += fallCap(s, fallOf(s, start, i));
  return steps + fallCap(s, start);
}

/**
 * The hit points the trap takes, capped at `hp` (losing `hp` is death), as a program. Each damage
 * goes through p_damage() as play's does: nothing when immune (unstoppable ignores immunity),
 * normal damage less absorption and at least 1; a dead player takes no more.
 */
export function lossProgram(s: StepSituation, q: boolean): Prob<number> {
  const D = s.difficulty;
  const dodge = (kind: DodgeTrap) => dodgeCheck(kind, { agility: s.agility, dex: s.dex, level: s.level }, q);
  const env = environmentById(s.environment);

  /** enterAbyss(): Yog Sothoth one time in a hundred, else a fall of i levels. */
  const enterAbyss = (from: Fall): Prob<Fall> => {
    if (!env.dungeon) return constant(from); // a portal to the countryside, or nothing in the Circle: no harm
    return meetsYogSothoth(q).bind((yog): Prob<Fall> => {
      if (yog) return constant(s.alignment > -10 ? { lost: s.hp, levels: 0 } : { lost: from.lost, levels: from.levels + 1 });
      const cap = fallCap(s, from);
      // Immune to normal damage: no fall hurts, however deep (and the depth reached changes nothing more).
      if (cap === 0) return constant(from);
      return abyssLevelsUpTo(cap, q).map((i) => fallOf(s, from, i));
    });
  };

  if (s.hazard === 'fire') return randomRange(100, q).map((r) => take(s, r, 'flame')); // l_fire(): the horse is lost first
  if (s.hazard === 'abyss') return enterAbyss({ lost: 0, levels: 0 }).map((f) => f.lost);

  switch (s.trap) {
    case 'dart':
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
      const first: Prob<Fall> = s.riding ? enterAbyss({ lost: 0, levels: 0 }) : constant({ lost: 0, levels: 0 });
      return first.bind((f) => (f.lost >= s.hp ? constant(f.lost) : dodge('abyss').bind((r) => (r === 'hit' ? enterAbyss(f).map((g) => g.lost) : constant(f.lost)))));
    }
    case 'snare':
    case 'sleepgas':
    case 'manadrain':
    case 'siren':
      // Immobility, sleep, lost mana, an alarm: no hit point on the step.
      return constant(0);
  }
}

/** Stepping onto the trap, whole: avoided, unhurt, hurt or dead. */
export function stepProgram(s: StepSituation, settings: Traits): Prob<StepHarm> {
  if (!goesOff(s)) return constant<StepHarm>('avoided');
  return lossProgram(s, quantisedFrom(settings)).map((lost) => harmOfDamage(lost, s.hp));
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
    trap: String(i.trap) as TrapId,
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

const STAT_MAX = 100;
const HP_MAX = 10_000;
const DIFFICULTY_MAX = 100;
const DEPTH_MAX = 100;
const SIDE_MAX = 200;

export const SIREN_JAIL =
  'a siren in a house or mansion is not read: it sends you to jail (the game ends, nobody hurt), which no step outcome says (nor does the check read whether the Order is destroyed and nobody answers)';

export const STEP_CHECK: OddsCheck = {
  name: 'step',
  description:
    'Stepping onto a floor trap, whole, for the player: an unmounted levitating or a shadowform player never sets it off (avoided; shadowform still enters an open abyss, levitation still burns in fire); ' +
    "otherwise its handler runs (trap.c) and what it takes off the player's hit points (p_damage: absorption, immunities) decides unhurt, hurt or death at --hp. " +
    'A dodge, a leap, a stopped dart, a pit dodged by a light load count as unhurt (it went off, it missed). Read exactly. ' +
    'Counted unhurt, and not read further: sleep gas (sleep), snare and pit immobility, manadrain (mana), a siren (woken monsters), a lost mount, cloak or armour, acid on possessions, ' +
    'the dart\'s later poison ticks, and every fall: a trap door or the abyss ends the step on a level below (its landing is not read; the fall\'s own damage is). ' +
    "A dangerous teleport ((D^2+1)/10000) kills unless it lands on one of --open-squares of the --width x --height squares (exact in the ideal random_range, and in the literal one when width and height divide 10000). " +
    'Refused: a siren in a house or mansion (jail).',
  params: [
    { name: 'trap', type: 'enum', required: true, values: TRAP_IDS, description: 'The trap kind.' },
    { name: 'hp', type: 'int', required: true, min: 1, max: HP_MAX, description: 'Hit points now: losing this many or more kills.' },
    { name: 'environment', type: 'enum', default: 'caves', values: ENVIRONMENT_IDS, description: 'Where (a dungeon or not, its last level, house or mansion for a siren).' },
    { name: 'depth', type: 'int', default: 1, min: 1, max: DEPTH_MAX, description: 'Dungeon depth (the rockslide is depth x D; the abyss throws you out past the last level).' },
    { name: 'difficulty', type: 'int', min: 0, max: DIFFICULTY_MAX, description: "Location difficulty D (default: the environment's at the depth)." },
    { name: 'agility', type: 'int', default: 12, min: 0, max: STAT_MAX, description: 'Agility (trap door, snare, blade, fire, acid; max load Str x Agi x 10).' },
    { name: 'dex', type: 'int', default: 12, min: 0, max: STAT_MAX, description: 'Dexterity (the abyss).' },
    { name: 'level', type: 'int', default: 1, min: 0, max: STAT_MAX, description: 'Experience level (blade, fire, acid, the abyss).' },
    { name: 'absorption', type: 'int', default: 0, min: 0, max: STAT_MAX, description: 'Absorption: stops a dart absorption in 100, taken off normal damage (twice off a blade).' },
    { name: 'strength', type: 'int', default: 12, min: 0, max: STAT_MAX, description: 'Strength (max load Str x Agi x 10: a pit is dodged under half of it).' },
    { name: 'load', type: 'int', default: 0, min: 0, max: 1_000_000, description: 'Weight carried, all of it (the starting pack weighs 265).' },
    { name: 'riding', type: 'boolean', default: false, description: 'Mounted on a horse (no levitation; the horse takes some traps instead of you, the abyss twice).' },
    { name: 'levitating', type: 'boolean', default: false, description: 'Levitating (unmounted: floats over every trap, not over fire).' },
    { name: 'shadowform', type: 'boolean', default: false, description: 'Shadowform (no trap goes off; an open abyss still does, with immunity to normal damage).' },
    { name: 'immunities', type: 'string', default: '', description: `Comma-separated immunities: ${IMMUNITY_NAMES.join(', ')} (normal = physical).` },
    { name: 'cloak', type: 'boolean', default: false, description: 'Wears a cloak (a disintegration trap takes it instead of 250 HP).' },
    { name: 'body-armour', type: 'boolean', default: false, description: 'Wears body armour (taken when there is no cloak).' },
    { name: 'alignment', type: 'int', default: 0, min: -1000, max: 1000, description: 'Alignment: Yog Sothoth (1 in 100 in the abyss) kills anyone above -10.' },
    { name: 'hazard', type: 'enum', default: 'none', values: HAZARD_INPUTS, description: 'The square has become persistent fire (a fire trap) or an open abyss (an abyss trap).' },
    { name: 'disintegrated', type: 'boolean', default: false, description: 'A trap door blasted through a pit: no rockslide.' },
    { name: 'width', type: 'int', default: 80, min: 1, max: SIDE_MAX, description: 'Map width (a dangerous teleport lands anywhere on the map).' },
    { name: 'height', type: 'int', default: 40, min: 1, max: SIDE_MAX, description: 'Map height.' },
    { name: 'open-squares', type: 'int', min: 0, max: SIDE_MAX * SIDE_MAX, description: 'Teleport: squares a dangerous teleport lands on alive (floor or an open door, nobody else there).' },
  ],
  outcomes: STEP_HARM_OUTCOMES,
  examples: [
    // A blade at D 5 (caves depth 12), level 3, absorption 2, 12 HP: dodged half the time, 1..15 else.
    { trap: 'blade', hp: 12, depth: 12, level: 3, absorption: 2 },
    // Riding into the abyss, 20 HP, caves depth 3: the horse's entry, then the 87% chance to fall in too.
    { trap: 'abyss', hp: 20, depth: 3, riding: true },
    // A fire trap at D 3 (Rampart), 8 HP: 13/50 dodged, 0..19 flame else.
    { trap: 'fire', hp: 8, environment: 'city' },
    // A teleport at D 30: 901/10000 dangerous, 1,200 of 3,200 squares open.
    { trap: 'teleport', hp: 30, difficulty: 30, 'open-squares': 1200 },
  ],
  validate: (i) => {
    const id = String(i.trap);
    if (!isTrapId(id)) return `unknown trap "${id}" (known: ${TRAP_IDS.join(', ')})`;
    for (const n of ['hp', 'depth', 'difficulty', 'agility', 'dex', 'level', 'absorption', 'strength', 'load', 'alignment', 'width', 'height', 'open-squares']) {
      const v = i[n];
      if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v))) return `--${n} must be a whole number`;
    }
    if (int(i, 'hp', 1) < 1) return '--hp is the hit points now, 1 or more';
    const environment = typeof i.environment === 'string' ? i.environment : 'caves';
    if (!ENVIRONMENT_IDS.includes(environment)) return `--environment must be one of ${ENVIRONMENT_IDS.join(', ')}`;
    if (int(i, 'depth', 1) < 1) return '--depth must be 1 or more';
    if (int(i, 'difficulty', 0) < 0) return '--difficulty must be 0 or more';
    try {
      parseImmunities(typeof i.immunities === 'string' ? i.immunities : '');
    } catch (e) {
      return `--immunities: ${(e as Error).message}`;
    }
    const hazard = i.hazard ?? 'none';
    if (!(HAZARD_INPUTS as readonly unknown[]).includes(hazard)) return `--hazard must be one of ${HAZARD_INPUTS.join(', ')}`;
    if (hazard === 'fire' && id !== 'fire') return 'only a fire trap\'s square becomes fire (--hazard fire goes with --trap fire)';
    if (hazard === 'abyss' && id !== 'abyss') return 'only an abyss trap\'s square becomes an open abyss (--hazard abyss goes with --trap abyss)';
    if (id === 'siren' && (environment === 'house' || environment === 'mansion')) return SIREN_JAIL;
    if (id === 'teleport' && hazard === 'none') {
      if (i['open-squares'] === undefined) return 'a teleport trap needs --open-squares: the squares of the map a dangerous teleport lands on alive';
      const squares = int(i, 'width', 80) * int(i, 'height', 40);
      if (int(i, 'width', 80) < 1 || int(i, 'height', 40) < 1) return '--width and --height must be 1 or more';
      const open = int(i, 'open-squares', 0);
      if (open < 0 || open > squares) return `--open-squares: ${open} open squares do not fit a map of ${squares} squares (--width x --height)`;
    }
    return null;
  },
  program: (i, settings) => stepProgram(situationOf(i), settings),
};

// ---------------------------------------------------------------- the live situation

/** Squares a dangerous teleport of `actor` lands on alive (survivableSquare: the mover's own square counts). */
export function openSquares(world: World, actor: Actor): number {
  return freeCells(world, survivableTests(actor)).length;
}

/**
 * The step check's inputs for the player stepping onto `trap` here and now (the ruleset's
 * `stepInputs`); null for a monster (its handlers are others: monsterEffects.ts), a trap not on
 * the floor or unarmed (nothing goes off on arrival), or a kind the check refuses here.
 */
export function stepInputsOf(world: World, actor: Actor, trap: Trap): CheckInputs | null {
  if (!isPlayer(world, actor) || !isTrapId(trap.kind) || trap.host.kind !== 'floor' || !trap.armed) return null;
  const hazard: HazardInput = trap.data.hazard === 'fire' || trap.data.hazard === 'abyss' ? trap.data.hazard : 'none';
  const inputs: CheckInputs = {
    trap: trap.kind,
    hp: Math.max(1, actor.hp),
    environment: stringSetting(world.settings, 'environment'),
    depth: world.depth,
    difficulty: difficultyOf(world),
    agility: num(actor, 'agility', 12),
    dex: num(actor, 'dex', 12),
    level: num(actor, 'level', 1),
    absorption: num(actor, 'absorption'),
    strength: num(actor, 'strength', 12),
    load: carriedWeight(actor),
    riding: mounted(actor),
    levitating: levitating(actor),
    shadowform: shadowy(actor),
    immunities: typeof actor.traits.immunities === 'string' ? actor.traits.immunities : '',
    cloak: slotItem(actor, 'cloak') !== undefined,
    'body-armour': slotItem(actor, 'armor') !== undefined,
    alignment: num(actor, 'alignment'),
    hazard,
    disintegrated: trap.data.disintegrated === true,
  };
  if (trap.kind === 'teleport' && hazard === 'none') {
    inputs.width = world.width;
    inputs.height = world.height;
    inputs['open-squares'] = openSquares(world, actor);
  }
  if (STEP_CHECK.validate?.(inputs)) return null;
  // The literal random_range(3) is read over its 10,000 faces: a long fall at many hit points would
  // overrun the exact reading's budget, which the confirm window must not meet.
  if (quantisedFrom(world.settings) && abyssReadingSteps(situationOf(inputs)) * QUANTISED_FACES > EXACT_STEP_LIMIT / 2) return null;
  return inputs;
}

/** Faces of the literal random_range(k): (RANDFUNCTION() % 10000) * k / 10000. */
const QUANTISED_FACES = 10_000;

/**
 * The disarm check's reading of `actor` disarming `trap` now (the ruleset's `disarmInputs`): its
 * Dex, level and guild rank, the place's D and the kind. Null where the game refuses the attempt:
 * a trap the actor does not know of, or a square that does not show TRAP (fire, the abyss). An
 * accident sets the trap off unless the player floats over it (levitating unmounted, shadowform):
 * then it only moves them onto the square.
 */
export function disarmInputsOf(world: World, actor: Actor, trap: Trap): DisarmReading | null {
  if (!trap.knownBy.includes(actor.id) || !showsTrap(trap) || !isTrapId(trap.kind)) return null;
  const setOff: readonly string[] = playerBypasses(actor, trap, 'disarm') ? [] : ['accident'];
  return {
    check: 'disarm',
    inputs: { dex: num(actor, 'dex', 12), level: num(actor, 'level', 1), rank: num(actor, 'rank'), difficulty: difficultyOf(world), trap: trap.kind },
    success: DISARM_OUTCOMES.filter((o) => o === 'component' || o === 'disarmed'),
    setOff,
  };
}
