/**
 * A whole trap read exactly for the survivor who steps onto it: the avoidance dice (checks.ts
 * `avoidCheck`, on the player's stream), then what the trap's kind does to the body parts, read by
 * the core's vocabulary (core/traps/read.ts `readDamage`) through CDDA's dialect as a harm code
 * (harmCode.ts: the built-ins' custom effects read the ranges their effects deal), ending in one
 * of: avoided, set off but unhurt, hurt, or dead; in the order play draws them (trigger.ts
 * `onEnter`, then the kind's effect).
 *
 * Death is the core's (context.ts `damage`): a hit that leaves the head or the torso at 0, or the
 * whole HP at 0. A hit to a part takes at most what the part has left (harm.ts `hurtPart`) and the
 * whole HP is the sum of the parts (every hit in play lands on a part), so the whole never runs out
 * while the head and the torso stand: an arm or a leg never kills, and a part at 0 takes nothing.
 *
 * Left out, and said in the check's description: what happens to others (monsters in a blast),
 * what comes after the step (a hold's turns, the pit's climb, the flood, the radiation, a shadow's
 * attack, the level below a fall), and draws that cannot change the outcome (where a tripwire
 * pushes you, whether a bolt is left, the rope out of a sinkhole). The teleport pad, whose harm
 * turns on the squares around it, has a check of its own (teleport.ts `landingProgram`, the
 * program play samples); so has any kind naming its custom effect (`readsLanding`).
 */
import { constant, type Prob } from '../../core/prob.ts';
import type { CheckInputs, Ruleset, StepHarm } from '../../core/ruleset.ts';
import { ownAvoidProgram } from '../../core/traps/avoid.ts';
import { readDamage, readFate, statusesAfter } from '../../core/traps/read.ts';
import { effectsOf } from '../../core/traps/effectTree.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import type { Actor, Traits, Trap, World } from '../../core/world.ts';
import { has, isPlayer, stat } from './actors.ts';
import { HP_PARTS } from './body.ts';
import { avoidCheck } from './checks.ts';
import { CDDA_DIALECT } from './dialect.ts';
import { harmOfCode, situationOf } from './harmCode.ts';
import { isLastCharge } from './mechanical.ts';
import { cddaSettings } from './settings.ts';
import { landingHarm, landingProgram, landingSquares } from './teleport.ts';
import { cddaDataOf, kindIn } from './traps.ts';

/** The kinds of a table the step check reads: all but the teleport pad's custom effect (the `teleport` check reads it). */
export function stepKinds(ruleset: Pick<Ruleset, 'traps'>): string[] {
  return ruleset.traps.filter((t) => t.kind && !readsLanding(t.kind)).map((t) => t.id);
}

/** Custom effects of a kind, depth first. */
function customNames(kind: TrapKind): string[] {
  return effectsOf(kind.effect).flatMap((e) => (e.do === 'custom' ? [e.name] : []));
}

/** A kind with a custom effect the step check cannot read (the teleport pad's: where it throws you decides). */
export function readsLanding(kind: TrapKind): boolean {
  const custom = CDDA_DIALECT.custom ?? {};
  return customNames(kind).some((name) => !Object.hasOwn(custom, name) || !custom[name]!.read);
}

/** A kind that may hurt an arm alone (the spiked pit's spikes): the reading takes the arms as above 0. */
function kindHurtsArms(kind: TrapKind): boolean {
  return customNames(kind).includes('spike_pit');
}

/** What the kind does to the player on it, as a harm code (harmCode.ts; 0: unhurt). */
export function harmProgram(kind: TrapKind, inputs: CheckInputs, settings: Traits): Prob<number> {
  return readDamage(kind, CDDA_DIALECT, inputs, settings);
}

/** Whether the survivor steps past the trap unharmed, as trigger.ts `onEnter` decides it: a tool never goes off, a kind's own avoidance, else the avoidance dice. */
export function avoidedProgram(kind: TrapKind, inputs: CheckInputs, settings: Traits, avoidance: number): Prob<boolean> {
  // A trap-like tool is furniture: it never goes off under the player, and no dice are rolled.
  if (cddaDataOf(kind).tool) return constant(true);
  const s = situationOf(inputs, settings);
  // A kind's own avoidance in place of the dice (trigger.ts `onEnter` rolls it there).
  const own = ownAvoidProgram(kind, inputs);
  if (own) return own;
  return avoidCheck({
    avoidance,
    dex: s.dex,
    dodge: s.dodge,
    aware: inputs.known === true,
    lightStep: inputs['light-step'] === true,
    clumsy: inputs.clumsy === true,
  }).map((r) => r === 'avoided');
}

/** The survivor steps onto the trap, whole: avoided, unhurt, hurt or dead. `inputs`: the step check's; `avoidance`: the kind's A in the playing table. */
export function stepProgram(kind: TrapKind, inputs: CheckInputs, settings: Traits, avoidance: number): Prob<StepHarm> {
  const s = situationOf(inputs, settings);
  // The teleport pad: where it throws you decides, over the squares around it (the teleport check's program).
  const landed = readsLanding(kind)
    ? landingProgram(Number(inputs['empty-squares'] ?? 0), Number(inputs['blocked-squares'] ?? 0)).map((l) => landingHarm(l, Number(inputs.torso)))
    : null;
  return avoidedProgram(kind, inputs, settings, avoidance).bind((a) =>
    a ? constant<StepHarm>('avoided') : (landed ?? harmProgram(kind, inputs, settings).map((code) => harmOfCode(code, s))),
  );
}

/**
 * The statuses the survivor is left with when it lives through the step (the holds of the bear
 * traps and snares, with their turns): the vocabulary's `status` effects read with the harm, as
 * the step check's `statuses`.
 */
export function statusesProgram(kind: TrapKind, inputs: CheckInputs, settings: Traits, avoidance: number): Prob<Readonly<Record<string, number>>> {
  const s = situationOf(inputs, settings);
  return statusesAfter(avoidedProgram(kind, inputs, settings, avoidance), () => readFate(kind, CDDA_DIALECT, inputs, settings), (code) => harmOfCode(code, s) === 'death');
}

// ---------------------------------------------------------------- live hooks

/**
 * The teleport pad's squares as its draw will see them with `actor` on it (teleport.ts
 * `landingSquares` around the pad): how many are empty, how many no one can stand in (the rest
 * hold a creature; the pad's own square is the stepper's).
 */
export function teleportSquares(world: World, actor: Actor, trap: Trap): { empty: number; blocked: number } {
  const { empty, blocked } = landingSquares(world, actor.id, trap.x, trap.y);
  return { empty: empty.length, blocked: blocked.length };
}

/**
 * The step check's inputs for the player stepping onto `trap` now: its head and torso HP, how many
 * legs are at 0, Dex and Dodge, its traits, whether it knows of the trap, a shotgun's last charge.
 * Null where the check cannot read it: a monster (its own dice and immunities), a trap not on the
 * floor or not armed (stepping there does nothing), the teleport pad (the `teleport` check reads
 * where it throws you), a spiked pit with an arm at 0 (the check takes the arms as above 0), a
 * body whose whole HP is not the sum of its parts, or a Str or Bird Wings other than the settings'
 * (the check reads those there; neither happens in play, only in a world set up by hand).
 */
export function stepInputsOf(ruleset: Pick<Ruleset, 'traps'>, world: World, actor: Actor, trap: Trap): CheckInputs | null {
  const read = stepSituation(ruleset, world, actor, trap);
  return typeof read === 'string' ? null : read;
}

/** Why `stepInputsOf` has no reading, in CDDA's own words (the ruleset's `stepUnread`); null when it has one. */
export function stepUnreadOf(ruleset: Pick<Ruleset, 'traps'>, world: World, actor: Actor, trap: Trap): string | null {
  const read = stepSituation(ruleset, world, actor, trap);
  return typeof read === 'string' ? read : null;
}

/** The step check's inputs (see `stepInputsOf`), or why there are none. */
function stepSituation(ruleset: Pick<Ruleset, 'traps'>, world: World, actor: Actor, trap: Trap): CheckInputs | string {
  const kind = kindIn(ruleset, trap.kind);
  if (!kind) return `the ${trap.kind} is not in this table`;
  if (!isPlayer(world, actor) || !actor.alive) return 'the step check reads the living survivor, not a monster (its own dice and immunities)';
  if (trap.host.kind !== 'floor') return 'it is not on the floor: stepping there does not set it off';
  if (!trap.armed) return 'it is not armed: stepping there does nothing';
  const parts = actor.parts;
  if (!parts || HP_PARTS.some((p) => !parts[p]) || HP_PARTS.reduce((sum, p) => sum + parts[p]!.hp, 0) !== actor.hp) return 'your HP is not the sum of your body parts\u2019 (a body set up by hand)';
  // The arms are read as above 0: a kind that may hurt one (the spiked pit) is not read with one at 0.
  if (kindHurtsArms(kind) && (parts.arm_l!.hp <= 0 || parts.arm_r!.hp <= 0)) return 'an arm at 0 HP: the spiked pit\u2019s reading takes both arms as above 0';
  if (stat(actor, 'str', 8) !== cddaSettings(world.settings).str || has(actor, 'birdWings') !== cddaSettings(world.settings).birdWings)
    return 'your Str or Bird Wings differ from the game\u2019s settings, which the step check reads';
  return {
    trap: trap.kind,
    head: parts.head!.hp,
    torso: parts.torso!.hp,
    'broken-legs': (parts.leg_l!.hp <= 0 ? 1 : 0) + (parts.leg_r!.hp <= 0 ? 1 : 0),
    dex: stat(actor, 'dex', 8),
    dodge: stat(actor, 'dodge'),
    known: trap.knownBy.includes(actor.id),
    'light-step': has(actor, 'lightStep'),
    clumsy: has(actor, 'clumsy'),
    'last-charge': trap.kind === 'shotgun' && isLastCharge(trap.charges),
    // The teleport pad's squares as its draw sees them (the level's own).
    ...(readsLanding(kind) ? teleportInputsOf(world, actor, trap) : {}),
  };
}

/** The teleport check's inputs for `actor` stepping onto the teleport pad `trap` now (tests and tools; the live hooks read the step check). */
export function teleportInputsOf(world: World, actor: Actor, trap: Trap): CheckInputs {
  const { empty, blocked } = teleportSquares(world, actor, trap);
  return { 'empty-squares': empty, 'blocked-squares': blocked };
}

