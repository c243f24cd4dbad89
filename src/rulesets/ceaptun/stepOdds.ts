/**
 * A whole trap read exactly, for the one who steps onto it: the step past (a known trap stepped on
 * on purpose), Light step, then what the trap does to them (an attack and its damage, a blast, a
 * bolt, a fall), ending in one of: avoided, set off but unhurt, hurt, or dead from their current
 * hit points. Built from the very programs play samples (checks.ts) in the order play draws them
 * (index.ts `onEnter`, effects.ts `goOff`); what the trap does is its kind's effect (traps.json),
 * read by the core's vocabulary (core/traps/read.ts) through Cēaptūn's dialect, the same programs
 * play samples, so the reading cannot drift from play.
 *
 * What it leaves out, and says so in its description: others in an arrow's way (the victim is
 * alone between the slit and the trap), where a teleport lands, bleeding's later hit points, and
 * the lost action climbing out of a pit (none of them changes these four outcomes on the step).
 */
import { constant, type Prob } from '../../core/prob.ts';
import { type CheckInputs, type StepHarm, harmOfDamage } from '../../core/ruleset.ts';
import type { Actor, Trap, Traits, World } from '../../core/world.ts';
import { ownAvoidProgram } from '../../core/traps/avoid.ts';
import { readDamage, readFate, statusesAfter } from '../../core/traps/read.ts';
import { lightStepProgram, type StepResult, stepPastProgram } from './checks.ts';
import { CEAPTUN_DIALECT } from './dialect.ts';
import { ceaptunSettings } from './settings.ts';
import { armourOf, dodgeOf, hasTalent, levelDanger, trait } from './stats.ts';
import { isTrapIn, type TrapId, type TrapTable } from './traps.ts';


/** The character and the place, as the step check's inputs name them. */
export interface StepSituation {
  trap: TrapId;
  /** Hit points now: damage of this many or more kills. */
  hp: number;
  /** Danger of the place (the trap's tier; a rigged trap never grows). */
  danger: number;
  dodge: number;
  armour: number;
  /** The trap is known and stepped onto on purpose: the step-past chance comes first. */
  known: boolean;
  trapSense: boolean;
  /** Percent off by ward magic. */
  ward: number;
  lightStep: boolean;
  /** Opening the trap's door or chest, from beside it: no step past, no Light step. */
  opening: boolean;
  /** The step check's inputs as given: a kind's own avoidance (core/traps/avoid.ts) reads them by name. */
  inputs: CheckInputs;
}

/** The inputs the core's vocabulary reads the kind with (its dialect's `read`). */
function readingInputs(s: StepSituation): CheckInputs {
  return { danger: s.danger, dodge: s.dodge, armour: s.armour, 'trap-sense': s.trapSense, ward: s.ward };
}

/** The damage the trap does to the one on it (or opening it), as a program (0: no harm): its kind read by the core's vocabulary. */
export function harmProgram(table: TrapTable, s: StepSituation, settings: Traits): Prob<number> {
  return readDamage(table[s.trap]!.kind, CEAPTUN_DIALECT, readingInputs(s), settings, s.opening);
}

/**
 * Whether it does not go off under them: the kind's own avoidance where it has one (index.ts
 * `onEnter` rolls it in place of both), else the step past a known trap, then Light step. Opening
 * a door or a chest sets its trap off (index.ts `onOpen`): nothing to step past.
 */
export function avoidedProgram(table: TrapTable, s: StepSituation, settings: Traits): Prob<boolean> {
  if (s.opening) return constant(false);
  const own = ownAvoidProgram(table[s.trap]!.kind, s.inputs);
  if (own) return own;
  const light = s.lightStep ? ceaptunSettings(settings).lightStepChance : 0;
  const past: Prob<StepResult> = s.known ? stepPastProgram(s.dodge) : constant('triggered');
  return past.bind((r) => (r === 'avoided' || light <= 0 ? constant(r) : lightStepProgram(light))).map((r) => r === 'avoided');
}

/** Stepping onto the trap, whole: avoided, unhurt, hurt or dead. */
export function stepProgram(table: TrapTable, s: StepSituation, settings: Traits): Prob<StepHarm> {
  return avoidedProgram(table, s, settings).bind((a): Prob<StepHarm> => (a ? constant('avoided') : harmProgram(table, s, settings).map((d) => harmOfDamage(d, s.hp))));
}

/** The statuses the step leaves on them, alive (the step check's `statuses`). */
export function statusesProgram(table: TrapTable, s: StepSituation, settings: Traits): Prob<Readonly<Record<string, number>>> {
  return statusesAfter(avoidedProgram(table, s, settings), () => readFate(table[s.trap]!.kind, CEAPTUN_DIALECT, readingInputs(s), settings, s.opening), s.hp);
}

/**
 * The step check's inputs for `actor` stepping onto `trap` here and now, or opening its door or
 * chest (the ruleset's `stepInputs`): its hit points, dodge, armour and talents, the trap's danger (none for a trap
 * someone rigged: it never grows), and whether it knows of the trap (it then steps on on purpose).
 */
export function stepInputsOf(table: TrapTable, world: World, actor: Actor, trap: Trap): CheckInputs | null {
  if (!isTrapIn(table, trap.kind)) return null;
  const opening = trap.host.kind !== 'floor';
  const s = world.settings;
  return {
    trap: trap.kind,
    hp: Math.max(1, actor.hp),
    danger: trap.owner !== null ? 0 : levelDanger(world),
    dodge: dodgeOf(actor.traits, s),
    armour: armourOf(actor.traits),
    known: !opening && trap.knownBy.includes(actor.id) && actor.id === world.playerId,
    'trap-sense': hasTalent(actor.traits, 'trapSense'),
    ward: Math.min(100, Math.max(0, trait(actor.traits, 'ward'))),
    'light-step': !opening && hasTalent(actor.traits, 'lightStep'),
    opening,
  };
}
