/**
 * The step check (`trapsmith odds omega step`) over a trap table, and the live inputs of the step
 * and disarm checks. Stepping onto a trap, whole: whether it goes off under the player at all
 * (stepOdds.ts `goesOff`), the hazard its square has become (`hazardLoss`), else its kind's effect
 * read exactly by the core's vocabulary (core/traps/read.ts `readDamage`) through Omega's dialect:
 * a built-in kind's custom effect reads as its handler (`handlerLoss`), a designer's kind as its
 * effect says. The same programs play samples, in the order it draws them.
 */
import { ownAvoidProgram } from '../../core/traps/avoid.ts';
import { freeCells } from '../../core/effects/freeCells.ts';
import { constant, EXACT_STEP_LIMIT, type Prob } from '../../core/prob.ts';
import { type CheckInputs, type OddsCheck, type StepHarm, harmOfDamage, STEP_HARM_OUTCOMES, type TrapDef } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { readDamage, readingLeavesOut } from '../../core/traps/read.ts';
import { effectsOf } from '../../core/traps/effectTree.ts';
import type { Actor, Trap, Traits, World } from '../../core/world.ts';
import { carriedWeight, isPlayer, levitating, mounted, num, shadowy } from './actor.ts';
import { OMEGA_DIALECT } from './dialect.ts';
import { difficultyOf } from './effects.ts';
import { ENVIRONMENT_IDS } from './environments.ts';
import { slotItem } from './items.ts';
import { quantisedFrom } from './random.ts';
import { parseImmunities, IMMUNITY_NAMES, omegaSettings } from './settings.ts';
import { abyssReadingSteps, goesOff, HAZARD_INPUTS, type HazardInput, hazardLoss, situationOf } from './stepOdds.ts';
import { survivableTests } from './teleport.ts';
import { BUILT_IN_KINDS, kindIn, type TrapId } from './traps.ts';

function int(inputs: CheckInputs, name: string, fallback: number): number {
  const v = inputs[name];
  return typeof v === 'number' ? v : fallback;
}

/** Does the kind play Omega's handler `handler` (a custom effect of its tree)? */
export function uses(kind: TrapKind, handler: TrapId): boolean {
  return effectsOf(kind.effect).some((e) => e.do === 'custom' && e.name === handler);
}

/** Stepping onto the trap, whole: avoided, unhurt, hurt or dead. */
export function stepProgram(kind: TrapKind, inputs: CheckInputs, settings: Traits): Prob<StepHarm> {
  const s = situationOf(inputs);
  if (!goesOff(s)) return constant<StepHarm>('avoided');
  const harm = (): Prob<StepHarm> => (hazardLoss(s, quantisedFrom(settings)) ?? readDamage(kind, OMEGA_DIALECT, inputs, settings)).map((d) => harmOfDamage(d, s.hp));
  // A kind's own avoidance, where Omega's traps go off under everyone they catch (entry.ts `onEnter` rolls it there).
  const own = ownAvoidProgram(kind, inputs);
  return own ? own.bind((a) => (a ? constant<StepHarm>('avoided') : harm())) : harm();
}

/**
 * The built-in table's examples, where a step is uncertain (`trapsmith verify` samples them): a
 * snare, sleep gas, manadrain, siren or disintegration trap has one outcome at any inputs. A
 * designer's kind is read at 10 HP in the caves at depth 6 (D 2).
 */
const BUILT_IN_EXAMPLES: Readonly<Partial<Record<TrapId, CheckInputs>>> = {
  // A blade at D 5 (caves depth 12), level 3, absorption 2, 12 HP: dodged half the time, 1..15 else.
  blade: { trap: 'blade', hp: 12, depth: 12, level: 3, absorption: 2 },
  // Riding into the abyss, 20 HP, caves depth 3: the horse's entry, then the 87% chance to fall in too.
  abyss: { trap: 'abyss', hp: 20, depth: 3, riding: true },
  // A fire trap at D 3 (Rampart), 8 HP: 13/50 dodged, 0..19 flame else.
  fire: { trap: 'fire', hp: 8, environment: 'city' },
  // A teleport at D 30: 901/10000 dangerous, 1,200 of 3,200 squares open.
  teleport: { trap: 'teleport', hp: 30, difficulty: 30, 'open-squares': 1200 },
  // A dart at D 4, absorption 40: stopped 40 in 100, else 1 HP (D less absorption, at least 1).
  dart: { trap: 'dart', hp: 5, difficulty: 4, absorption: 40 },
  // A pit under a heavy load at D 4, 15 HP: 8 HP, or 20 on the spikes (1 in 3).
  pit: { trap: 'pit', hp: 15, difficulty: 4, load: 800 },
  // A trap door at D 4, caves depth 4, Agility 30: leapt 30 in 100, else 4 and a rockslide of 16.
  trapdoor: { trap: 'trapdoor', hp: 18, difficulty: 4, depth: 4, agility: 30 },
  // An acid shower at D 4: drenched 87 in 100 (0..99 > 13), 0..19 acid.
  acid: { trap: 'acid', hp: 10, difficulty: 4 },
};

function examplesOf(traps: readonly TrapDef[]): CheckInputs[] {
  return traps.flatMap((t): CheckInputs[] => {
    if (!t.kind?.hosts.includes('floor')) return [];
    // A built-in kind (or a copy of it) keeps its example.
    const builtIn = BUILT_IN_KINDS.find((k) => k.id === t.id);
    if (builtIn && JSON.stringify(builtIn) === JSON.stringify(t.kind)) {
      const e = (BUILT_IN_EXAMPLES as Readonly<Record<string, CheckInputs>>)[t.id];
      return e ? [e] : [];
    }
    return [{ trap: t.id, hp: 10, depth: 6, ...(uses(t.kind, 'teleport') ? { 'open-squares': 1200 } : {}) }];
  });
}

const STAT_MAX = 100;
const HP_MAX = 10_000;
const DIFFICULTY_MAX = 100;
const DEPTH_MAX = 100;
const SIDE_MAX = 200;

export const SIREN_JAIL =
  'a siren in a house or mansion is not read: it sends you to jail (the game ends, nobody hurt), which no step outcome says (nor does the check read whether the Order is destroyed and nobody answers)';

/**
 * The step check over a trap table (the built-in's, or with a designer's kinds): every kind of the
 * table, each read by the core's vocabulary through Omega's dialect (a built-in kind's custom
 * effect reads as its handler always has, stepOdds.ts `handlerLoss`).
 */
export function makeStepCheck(traps: readonly TrapDef[]): OddsCheck {
  const ids = traps.map((t) => t.id);
  const kindOf = (i: CheckInputs): TrapKind | undefined => kindIn(traps, String(i.trap));
  return {
  name: 'step',
  description:
    'Stepping onto a floor trap, whole, for the player: an unmounted levitating or a shadowform player never sets it off (avoided; shadowform still enters an open abyss, levitation still burns in fire); ' +
    "otherwise its handler runs (trap.c) and what it takes off the player's hit points (p_damage: absorption, immunities) decides unhurt, hurt or death at --hp. " +
    'A dodge, a leap, a stopped dart, a pit dodged by a light load count as unhurt (it went off, it missed). Read exactly. ' +
    'Counted unhurt, and not read further: sleep gas (sleep), snare and pit immobility, manadrain (mana), a siren (woken monsters), a lost mount, cloak or armour, acid on possessions, ' +
    'the dart\'s later poison ticks, and every fall: a trap door or the abyss ends the step on a level below (its landing is not read; the fall\'s own damage is). ' +
    "A dangerous teleport ((D^2+1)/10000) kills unless it lands on one of --open-squares of the --width x --height squares (exact in the ideal random_range, and in the literal one when width and height divide 10000). " +
    'Refused: a siren in a house or mansion (jail). ' +
    "A trap file's kind (--traps) is read exactly as its effect says, through Omega's rules: an attack is one of Omega's avoidance rolls at the player (its numbers.dodge, the blade's by default), damage by D (a tier table's row D) through p_damage().",
  params: [
    { name: 'trap', type: 'enum', required: true, values: ids, description: 'The trap kind.' },
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
  examples: examplesOf(traps),
  validate: (i) => {
    const id = String(i.trap);
    const kind = kindOf(i);
    if (!kind) return `unknown trap "${id}" (known: ${ids.join(', ')})`;
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
    if (hazard === 'fire' && !uses(kind, 'fire')) return 'only a fire trap\'s square becomes fire (--hazard fire goes with --trap fire)';
    if (hazard === 'abyss' && !uses(kind, 'abyss')) return 'only an abyss trap\'s square becomes an open abyss (--hazard abyss goes with --trap abyss)';
    if (uses(kind, 'siren') && (environment === 'house' || environment === 'mansion')) return SIREN_JAIL;
    if (uses(kind, 'teleport') && hazard === 'none') {
      if (i['open-squares'] === undefined) return 'a teleport trap needs --open-squares: the squares of the map a dangerous teleport lands on alive';
      const squares = int(i, 'width', 80) * int(i, 'height', 40);
      if (int(i, 'width', 80) < 1 || int(i, 'height', 40) < 1) return '--width and --height must be 1 or more';
      const open = int(i, 'open-squares', 0);
      if (open < 0 || open > squares) return `--open-squares: ${open} open squares do not fit a map of ${squares} squares (--width x --height)`;
    }
    return null;
  },
  leavesOut: (i) => {
    const kind = kindOf(i);
    // A square become a hazard plays the hazard, not the kind's effect.
    if (i.hazard === 'fire') return ['the horse the fire kills'];
    if (i.hazard === 'abyss') return ['where the fall lands you'];
    return kind ? readingLeavesOut(kind, OMEGA_DIALECT) : [];
  },
  program: (i, settings) => stepProgram(kindOf(i)!, i, settings),
  };
}

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
export function stepInputsOf(traps: readonly TrapDef[], check: OddsCheck, world: World, actor: Actor, trap: Trap): CheckInputs | null {
  const kind = kindIn(traps, trap.kind);
  if (!isPlayer(world, actor) || !kind || trap.host.kind !== 'floor' || !trap.armed) return null;
  const hazard: HazardInput = trap.data.hazard === 'fire' || trap.data.hazard === 'abyss' ? trap.data.hazard : 'none';
  const inputs: CheckInputs = {
    trap: trap.kind,
    hp: Math.max(1, actor.hp),
    environment: omegaSettings(world.settings).environment,
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
  if (uses(kind, 'teleport') && hazard === 'none') {
    inputs.width = world.width;
    inputs.height = world.height;
    inputs['open-squares'] = openSquares(world, actor);
  }
  if (check.validate?.(inputs)) return null;
  // The literal random_range(3) is read over its 10,000 faces: a long fall at many hit points would
  // overrun the exact reading's budget, which the confirm window must not meet.
  if (quantisedFrom(world.settings) && abyssReadingSteps(situationOf(inputs), uses(kind, 'abyss')) * QUANTISED_FACES > EXACT_STEP_LIMIT / 2) return null;
  return inputs;
}

/** Faces of the literal random_range(k): (RANDFUNCTION() % 10000) * k / 10000. */
const QUANTISED_FACES = 10_000;

