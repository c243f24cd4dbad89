/**
 * A whole trap read exactly, for the one who steps onto its cell: a flier passes over it, a
 * detector carrier rolls nothing ("Es wird nicht ausgewürfelt"), anyone else rolls the one die
 * of entering, and a skull springs the trap: what its kind's effect does to them (the built-ins:
 * their damage setting), read by the core's vocabulary (core/traps/read.ts) through Wasteland's
 * dialect, which kills from the given hit points. Built from the programs play samples: the
 * `enter` check's `enterCheck` (the die `rollForTrap` rolls, entering.ts `onEnter`) and the
 * kind's effect (effects.ts `springTrap` plays it), in that order.
 *
 * Knowing of the trap changes nothing: these rules have no step past a known trap (the board
 * shows every trap, and the roll is the same).
 *
 * The statuses it leaves (the caltrops' lost actions, the bear trap's hold) are read beside it
 * (`statusesProgram`). What it leaves out, and says so in its description: the mine's blast on
 * others within its radius, the end of the victim's turn, and the optional rules' later rolls on leaving or fighting on the cell (none of them
 * changes these four outcomes on the step).
 */
import { constant, exact, type Prob } from '../../core/prob.ts';
import { type CheckInputs, type DisarmReading, type FindReading, type StepHarm, harmOfDamage } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { ownAvoidProgram } from '../../core/traps/avoid.ts';
import { readDamage, readFate, statusesAfter } from '../../core/traps/read.ts';
import type { Actor, Trap, Traits, World } from '../../core/world.ts';
import { type DieFaces, type DisarmOutcome, enterCheck } from './die.ts';
import { WASTELAND_DIALECT } from './dialect.ts';
import { disarmDice, disarmProblem } from './disarm.ts';
import { hasDetector } from './hero.ts';
import { readSettings, type WastelandSettings } from './settings.ts';

/** The one who steps and the trap, as the step check's inputs name them. */
export interface StepSituation {
  /** The kind, as the playing table has it. */
  trap: TrapKind;
  /** Hit points now: damage of this many or more kills. */
  hp: number;
  /** Carries a detector: no roll. */
  detector: boolean;
  /** Flies: floor traps never go off under it. */
  flying: boolean;
  faces: DieFaces;
  /** The trap's damage to its victim; absent: its kind's, read. */
  damage?: number;  /** The step check's inputs as given: a kind's own avoidance (core/traps/avoid.ts) reads them by name. */
  inputs: CheckInputs;
}

/**
 * Whether the trap does not go off under them: a flier and a detector's carrier pass with no
 * roll (entering.ts `onEnter`); else the kind's own avoidance where it has one, rolled there in
 * place of the die, or the die's safe faces.
 */
function avoidedProgram(s: StepSituation): Prob<boolean> {
  if (s.flying || s.detector) return constant(true);
  return ownAvoidProgram(s.trap, s.inputs) ?? enterCheck(s.faces, s.detector).map((r) => r === 'safe');
}

/** The damage the sprung trap does to the one on its cell, as a program (0: no harm). */
export function harmProgram(s: StepSituation, settings: Traits): Prob<number> {
  return s.damage !== undefined ? constant(s.damage) : readDamage(s.trap, WASTELAND_DIALECT, {}, settings);
}

/** The kind's damage to the one who sets it off when it is one number (every built-in's: its setting's), else undefined. */
export function fixedDamage(kind: TrapKind, settings: Traits): number | undefined {
  const read = exact(readDamage(kind, WASTELAND_DIALECT, {}, settings));
  return read.length === 1 ? read[0]!.value : undefined;
}

/** Stepping onto the trap's cell, whole: avoided, unhurt, hurt or dead. */
export function stepProgram(s: StepSituation, settings: Traits): Prob<StepHarm> {
  return avoidedProgram(s).bind((a): Prob<StepHarm> => (a ? constant<StepHarm>('avoided') : harmProgram(s, settings).map((d) => harmOfDamage(d, s.hp))));
}

/** The statuses the step leaves on them, alive (the step check's `statuses`): the caltrops' lost actions, the bear trap's hold. */
export function statusesProgram(s: StepSituation, settings: Traits): Prob<Readonly<Record<string, number>>> {
  const avoided = avoidedProgram(s);
  const damage = s.damage;
  const fate = () => readFate(s.trap, WASTELAND_DIALECT, {}, settings).map((f) => (damage === undefined ? f : { ...f, damage }));
  return statusesAfter(avoided, fate, s.hp);
}

/** The die of the settings, as the checks' face flags name it. */
function faceInputs(s: WastelandSettings): CheckInputs {
  return { 'skull-faces': s.skullFaces, 'shield-faces': s.shieldFaces, 'blank-faces': s.blankFaces };
}

/**
 * The step check's inputs for `actor` stepping onto `trap` here and now (the ruleset's
 * `stepInputs`): its hit points, detector and flight, the die and, where it is one number, the
 * trap's damage (read from its kind) as the world's settings have them. Null for a trap not on
 * the floor (onEnter never reads it), one already sprung (the core resolves no arrival on it), a
 * kind the table does not have, or a dead actor.
 */
export function stepInputsOf(kind: TrapKind | undefined, world: World, actor: Actor, trap: Trap): CheckInputs | null {
  if (!kind || !actor.alive || trap.host.kind !== 'floor' || !trap.armed) return null;
  const damage = fixedDamage(kind, world.settings);
  return {
    trap: trap.kind,
    hp: Math.max(1, actor.hp),
    detector: hasDetector(actor),
    flying: actor.flying,
    ...faceInputs(readSettings(world.settings)),
    ...(damage !== undefined ? { damage } : {}),
  };
}

/**
 * The `disarm` check's reading of `actor` disarming `trap` now (the disarm moment's `read`): the
 * dice it rolls (3, or 6 with a detector: the settings') and the die. Null where the game refuses
 * the attempt: a trap the actor does not know of (the core), not on the actor's cell, or not the
 * actor's first action this turn (`disarmProblem`, as the ruleset's `refuse` asks it before the
 * action, and play as it is played: `during`).
 */
export function disarmInputsOf(world: World, actor: Actor, trap: Trap, during = false): DisarmReading | null {
  if (!actor.alive || !trap.knownBy.includes(actor.id) || disarmProblem(world, actor, trap, during) !== null) return null;
  const success: readonly DisarmOutcome[] = ['disarmed'];
  const setOff: readonly DisarmOutcome[] = ['sprung'];
  return { check: 'disarm', inputs: { ...faceInputs(readSettings(world.settings)), dice: disarmDice(world, actor) }, success, setOff };
}

/**
 * The `find` check's readings of `actor`, beside `trap` and not yet knowing it (the ruleset's
 * `spotInputs`): a search always finds it; in passing, the visible token (trapsVisible) or the
 * actor's detector (sight.ts `notice`, which looks for the player only: a monster finds nothing
 * in passing).
 */
export function spotInputsOf(world: World, actor: Actor, _trap: Trap): { search: FindReading; passing: FindReading | null } {
  const search: FindReading = { check: 'find', inputs: { way: 'search', beside: true }, found: ['found'] };
  if (actor.id !== world.playerId) return { search, passing: null };
  return { search, passing: { check: 'find', inputs: { way: 'passing', beside: true, 'in-view': true, detector: hasDetector(actor) }, found: ['found'] } };
}
