/**
 * A whole trap read exactly, for the one who steps onto it: whether it goes off under them (its
 * trigger), then what it does to them (an attack roll and its critical, a Reflex save against a
 * pit's fall and its spikes and what lies at its bottom, a spell's blast with its save for half,
 * a poison's Fortitude save and its initial dose), ending in one of: avoided, set off but unhurt,
 * hurt, or dead. Built from the very programs play samples (effects.ts, triggers.ts, checks.ts),
 * each at the victim's state as play has it by then (a poison's lost Dexterity lowers the AC the
 * next dart rolls against), so the reading cannot drift from play. Where play rolls blow after
 * blow until the victim dies, the reading sums them all: the blows a dead victim is spared change
 * no outcome, and a sum reads far faster than a loop over hit points. A designed trap is read
 * from its own elements (`--design`, the designer's inputs it carries in its data).
 *
 * What it leaves out, and says so in its description: others in the trap's area (each has its own
 * rolls, apart from a blast's shared damage), a poison's secondary dose a minute later, what an
 * onset delay brings when it runs out (gas, water, crushing walls: nothing happens on the step
 * itself, so they read as unhurt), drowning in a flooded room, summoned creatures' blows, and the
 * rounds spent climbing out of a pit.
 */
import { constant, type Prob } from '../../core/prob.ts';
import { type CheckInputs, type OddsCheck, type StepHarm, STEP_HARM_DOWN_OUTCOMES } from '../../core/ruleset.ts';
import { DEAD_AT, harmAfter } from './dying.ts';
import type { Actor, Trap, World } from '../../core/world.ts';
import { armorClass, effectiveScore, isUndead, moveSilentlyBonus, num, saveBonus } from './actors.ts';
import { designFromInputs, type DesignInputs } from './designer.ts';
import { D20_DIALECT } from './dialect.ts';
import { pitBottomOf } from './effects.ts';
import { damageOf, harmOf, OPENING_PARAM, poisonedAbility, poisonedProgram, Reader, SITUATION_PARAMS, situationOf, type StepSituation, trackedAbility } from './harm.ts';
import { BUILT_IN_KINDS, type D20TrapKind, designedProfile, designInputsOf, profileOf, TRAP_KINDS, type TrapProfile, d20KindIn, profileOfD20Kind, rulesetOf } from './traps.ts';
import { hearsProgram, keyedFor, withinReach } from './triggers.ts';
import { ownAvoidProgram } from '../../core/traps/avoid.ts';
import { readDamage, readingLeavesOut } from '../../core/traps/read.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import type { Traits } from '../../core/world.ts';

export type { StepSituation } from './harm.ts';

/**
 * Does the trap go off at the one stepping onto it (triggers.ts `onEnter`, `scanProximity`), or
 * opening its door or chest (`onOpen`: whatever its trigger, unless it is keyed to the opener)?
 */
function goesOffProgram(p: TrapProfile, s: StepSituation): Prob<boolean> {
  if (s.opening) return constant(!s.keyed);
  switch (p.trigger) {
    case 'location':
    case 'touch':
    case 'touch-attached':
      return constant(!s.flying);
    case 'spell':
      return constant(!s.keyed);
    case 'proximity':
    case 'visual':
      return constant(!s.within && !s.keyed);
    case 'sound':
      return s.within || s.keyed ? constant(false) : hearsProgram(s.moveSilently);
    // A timed trap swings when its timer runs out, at whoever is in reach then: not on the step.
    case 'timed':
      return constant(false);
  }
}

/**
 * A designer's kind goes off at the one stepping onto it: where the SRD's trigger would set it
 * off under them (a location or touch trigger, a spell not keyed to them), its own avoidance
 * decides, when it has one (triggers.ts `onEnter` rolls it there: core/traps/avoid.ts).
 */
function kindGoesOffProgram(kind: TrapKind, p: TrapProfile, s: StepSituation, inputs: CheckInputs): Prob<boolean> {
  const own = s.opening ? null : ownAvoidProgram(kind, inputs);
  if (!own) return goesOffProgram(p, s);
  return goesOffProgram(p, s).bind((off) => (off && ['location', 'touch', 'touch-attached', 'spell'].includes(p.trigger) ? own.map((a) => !a) : constant(off)));
}

/** An onset delay: the trap is sprung now and does its harm when the delay runs out (triggers.ts `springTrap`). */
function delayed(p: TrapProfile): boolean {
  return p.onset > 0 && (p.effect === 'gas' || p.effect === 'liquid' || p.effect === 'crush');
}

/** Stepping onto the trap, whole: avoided, unhurt, hurt or dead. `bottom`: what lies at a pit's bottom. */
export function stepProgram(p: TrapProfile, s: StepSituation, bottom: TrapProfile | null): Prob<StepHarm> {
  const r = new Reader(s, trackedAbility(p, bottom));
  return goesOffProgram(p, s).bind((off): Prob<StepHarm> => {
    if (!off) return constant('avoided');
    if (delayed(p)) return constant('unhurt');
    const dmg = damageOf(p, r, bottom);
    return dmg ? dmg.bind((d) => harmOf(d, s.score, r)) : poisonedProgram(p, r, bottom);
  });
}

/**
 * Stepping onto a designer's kind (a trap file's): its trigger and onset as the SRD's, then its
 * effect read by the core's vocabulary (core/traps/read.ts `readDamage`) through the d20 dialect:
 * hit points, so hurt or death by them (withKinds refuses a kind whose poison damages an ability).
 */
export function kindStepProgram(kind: TrapKind, p: TrapProfile, inputs: CheckInputs, settings: Traits): Prob<StepHarm> {
  const s = situationOf(inputs, settings);
  return kindGoesOffProgram(kind, p, s, inputs).bind((off): Prob<StepHarm> => {
    if (!off) return constant('avoided');
    if (delayed(p)) return constant('unhurt');
    return readDamage(kind, D20_DIALECT, inputs, settings).bind((d) => harmAfter(s.hp, d, s.dying));
  });
}

// ---------------------------------------------------------------- the check

/** The built-in kinds, read by the ruleset's own programs above (richer than hit points: ability damage). */
const BUILT_IN = new Set(BUILT_IN_KINDS);

/** What may lie at a pit's bottom: any floor trap of the built-in table but a pit (play would fall again and again). */
export const BOTTOM_KINDS: readonly string[] = TRAP_KINDS.filter((k) => k.play.hosts.includes('floor') && k.id !== 'designed' && k.play.effect !== 'pit').map((k) => k.id);


function str(i: CheckInputs, k: string): string | undefined {
  const v = i[k];
  return typeof v === 'string' ? v : undefined;
}

function int(i: CheckInputs, k: string, fallback: number): number {
  const v = i[k];
  return typeof v === 'number' ? v : fallback;
}

/** The table's kind of the inputs' `trap`. */
function kindIn(kinds: readonly D20TrapKind[], i: CheckInputs): D20TrapKind | undefined {
  const id = String(i.trap);
  return kinds.find((k) => k.id === id);
}

/** A designed trap's inputs from the `--design` JSON text, or a message. */
function designOf(text: string): DesignInputs | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `--design: not JSON: ${text}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return '--design: expected a JSON object of the designer\'s inputs ({"trigger": "location", "reset": "manual", "attack": 10, "damage": "1d6"})';
  const inputs: DesignInputs = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return `--design: "${k}" must be text, a number or true/false`;
    inputs[k] = v;
  }
  const d = designFromInputs(inputs);
  return d.ok ? inputs : `--design: ${d.error}`;
}

/** The profile the inputs name (a table trap, or the design given), or a message. */
function profileFor(kinds: readonly D20TrapKind[], i: CheckInputs): { p: TrapProfile; bottom: TrapProfile | null; kind: D20TrapKind } | string {
  const id = String(i.trap);
  const kind = kindIn(kinds, i);
  if (!kind) return `unknown trap "${id}" (known: ${kinds.map((k) => k.id).join(', ')})`;
  const opening = i.opening === true;
  const held = kind.play.hosts.filter((h) => h !== 'floor');
  if (!opening && !kind.play.hosts.includes('floor')) return `the ${kind.name} sits on ${held.map((h) => `${h}s`).join(' and ')}, not on the floor: nobody steps onto it (--opening reads opening it)`;
  if (opening && held.length === 0) return `the ${kind.name} sits on the floor: it is stepped onto, not opened (leave out --opening)`;
  const design = str(i, 'design');
  let p: TrapProfile;
  if (id === 'designed') {
    if (design === undefined) return 'a designed trap needs --design, its elements as JSON ({"trigger": "location", "reset": "manual", "attack": 10, "damage": "1d6"})';
    const inputs = designOf(design);
    if (typeof inputs === 'string') return inputs;
    p = designedProfile(inputs, opening ? 'door' : 'floor');
  } else {
    if (design !== undefined) return `--design is for a designed trap, not the ${kind.name}`;
    p = profileOfD20Kind(kind);
  }
  const bottomId = str(i, 'bottom');
  let bottom: TrapProfile | null = null;
  if (bottomId !== undefined) {
    if (p.effect !== 'pit') return `--bottom is what lies at a pit's bottom; the ${p.name} is no pit`;
    if (!BOTTOM_KINDS.includes(bottomId)) return `--bottom: "${bottomId}" cannot lie at a pit's bottom (one of: ${BOTTOM_KINDS.join(', ')})`;
    const bottomKind = kinds.find((k) => k.id === bottomId);
    if (!bottomKind) return `--bottom: "${bottomId}" is not a trap of this table`;
    bottom = profileOfD20Kind(bottomKind);
  }
  return { p, bottom, kind };
}

/** Why the check cannot read this trap, or null. */
function unreadable(p: TrapProfile, bottom: TrapProfile | null): string | null {
  for (const q of bottom ? [p, bottom] : [p]) {
    const parts = (q.poison?.initial ?? []).filter((part) => part.ability !== 'unconscious');
    // The reading follows one ability's score through the doses (--score).
    if (poisonedAbility(q.poison) && parts.length > 1) return `the ${q.poison!.name} of the ${q.name} damages more than one ability or hit points at once: the step check follows one ability (--score)`;
  }
  // One AC for the whole reading: a touch attack at a pit's bottom would meet another than the spikes.
  if (bottom?.effect === 'attack' && bottom.touchAttack) return `the ${bottom.name} makes a touch attack: at a pit's bottom the step check does not read it`;
  return null;
}

/** The step check over a trap table (the built-ins, or with a designer's kinds). */
export function makeStepCheck(kinds: readonly D20TrapKind[]): OddsCheck {
  return {
  name: 'step',
  description:
    'Stepping onto a floor trap, whole, for the one who steps (a designed trap: its own elements, --design), or opening the door or chest a trap is on (--opening: it goes off at the opener whatever its trigger, unless keyed). Its trigger first: a location trap lets a flier pass; a spell trap, the dungeon\'s own creatures (keyed); ' +
    'a proximity, sound or visual trap goes off only at one who has just come within its reach (a sound trigger when its Listen, d20 + 15, beats d20 + Move Silently); ' +
    'a timed trap swings only when its timer runs out (avoided). Set off, it attacks (d20 + bonus vs AC, natural 20 hits, natural 1 misses; a threat confirmed by a second roll deals its damage x the multiplier), ' +
    'opens a pit (Reflex save vs its DC: caught at the edge, unhurt; else 1d6 per 10 ft., pit spikes, what lies at its bottom), blasts (its save, Reflex or Will, for half), or poisons (Fortitude save, else the initial dose: ' +
    'ability damage, an ability at 0 is death, Constitution costs its modifier\'s drop x Hit Dice in hit points). Hurt: hit points or ability points lost, left at 1 or more. Read exactly. ' +
    'It reads the setting dying. Under srd (the default, the SRD\'s "Injury and Death"): down, left at 0 to -9 hit points and living; death, left at -10 or fewer, or bleeding out alone (nobody to help, nothing else hurting him: ' +
    'dying, each round 1/10 stable, else -1 hp; stable, each hour 1/10 conscious, else -1 hp; conscious, each day 1/10 recovering, else -1 hp; dead at -10), read exactly as that chain. Under dead-at-0: death, left at 0 or fewer (never down). ' +
    'Leaves out: others in its area, the poison\'s secondary dose a minute later, and what an onset delay brings when it runs out (gas, water, crushing walls: nothing on the step, so unhurt); ' +
    'drowning, summoned creatures\' blows and the climb out of a pit come later too.',
  params: [
    { name: 'trap', type: 'enum', required: true, values: kinds.map((k) => k.id), description: 'The trap id: a floor trap, or with --opening a trap on a door or chest.' },
    OPENING_PARAM,
    { name: 'design', type: 'string', description: 'A designed trap\'s elements, as JSON of the designer\'s inputs ({"trigger": "location", "reset": "manual", "attack": 10, "damage": "1d6"}); only with --trap designed.' },
    { name: 'bottom', type: 'string', description: `What lies at a pit's bottom, set off by the fall: ${BOTTOM_KINDS.join(', ')}.` },
    ...SITUATION_PARAMS,
  ],
  outcomes: STEP_HARM_DOWN_OUTCOMES,
  examples: [
    // A rogue of level 3 (18 HP, AC 14, Reflex +5) onto a spiked pit, and onto a pit with a poison dart at the bottom.
    { trap: 'spiked_pit', hp: 12, ac: 14, ref: 5 },
    { trap: 'camo_pit', bottom: 'spear', hp: 6, ac: 14, ref: 2 },
    // A fusillade of greenblood oil darts (1d8 darts of 1d4+1, each a Fortitude save against 1 Constitution).
    { trap: 'designed', design: '{"trigger":"location","reset":"manual","attack":18,"damage":"1d8*1d4","ranged-str":1,"poison":"greenblood_oil"}', hp: 14, ac: 16, fort: 1, score: 11, hd: 3 },
    { trap: 'glyph_blast', hp: 9, ref: 3 },
    // Opening: a poison needle in a door's lock, and a door warded with inflict light wounds (Will for half).
    { trap: 'poison_needle', opening: true, hp: 6, ac: 14, fort: 1, score: 12, hd: 3 },
    { trap: 'inflict_wounds', opening: true, hp: 5, will: 1 },
    // A designer's floor kinds, so `trapsmith verify` samples them too.
    ...kinds.filter((k) => !BUILT_IN.has(k.kind)).map((k) => ({ trap: k.id, ...(k.play.hosts.includes('floor') ? {} : { opening: true }), hp: 10, ac: 14, ref: 2, fort: 2 })),
  ],
  validate: (i) => {
    const read = profileFor(kinds, i);
    if (typeof read === 'string') return read;
    if (int(i, 'hp', 1) <= DEAD_AT) return `--hp is the hit points now, ${DEAD_AT + 1} or more (at ${DEAD_AT} the hero is dead)`;
    if (!BUILT_IN.has(read.kind.kind) && read.bottom) return `--bottom is for the built-in pits; the ${read.kind.name} is a designer's kind`;
    return unreadable(read.p, read.bottom);
  },
  program: (i, settings) => {
    const read = profileFor(kinds, i);
    if (typeof read === 'string') throw new Error(read);
    if (!BUILT_IN.has(read.kind.kind) || read.kind.kind.effect.do !== 'custom') return kindStepProgram(read.kind.kind, read.p, i, settings);
    return stepProgram(read.p, situationOf(i, settings), read.bottom);
  },
  leavesOut: (i) => {
    const kind = kindIn(kinds, i);
    return kind ? readingLeavesOut(kind.kind, D20_DIALECT) : [];
  },
  };
}

export const STEP_CHECK: OddsCheck = makeStepCheck(TRAP_KINDS);

// ---------------------------------------------------------------- live situations

/** Ids in a proximity trap's `occupants` text. */
function occupants(trap: Trap): number[] {
  const text = typeof trap.data.occupants === 'string' ? trap.data.occupants : '';
  return text ? text.split(',').map(Number) : [];
}

/**
 * The step check's inputs for `actor` stepping onto `trap` here and now, or opening the door or
 * chest it is on (the ruleset's `stepInputs`): its hit points, AC, saves and the score its poison
 * would damage, what the trigger makes of it, the trap's own elements (a designed one) and what
 * lies at a pit's bottom. Null for a trap not armed (stepping onto it does nothing: play does not
 * even ask it), and for a proximity-type floor trap where another creature has just come within
 * reach too (it would go off at whichever comes first).
 */
export function stepInputsOf(world: World, actor: Actor, trap: Trap, check: OddsCheck = STEP_CHECK): CheckInputs | null {
  const read = stepSituation(world, actor, trap, check);
  return typeof read === 'string' ? null : read;
}

/** Why `stepInputsOf` has no reading, in d20's own words (the ruleset's `stepUnread`); null when it has one. */
export function stepUnreadOf(world: World, actor: Actor, trap: Trap, check: OddsCheck = STEP_CHECK): string | null {
  const read = stepSituation(world, actor, trap, check);
  return typeof read === 'string' ? read : null;
}

/** The step check's inputs (see `stepInputsOf`), or why there are none. */
function stepSituation(world: World, actor: Actor, trap: Trap, check: OddsCheck): CheckInputs | string {
  if (!trap.armed) return 'it is sprung';
  const ruleset = rulesetOf(world);
  if (!d20KindIn(ruleset, trap.kind)) return `the ${trap.kind} is not a trap of this table`;
  const opening = trap.host.kind !== 'floor';
  const p = profileOf(ruleset, trap);
  const bottom = p.effect === 'pit' ? pitBottomOf(ruleset, trap) : null;
  const before = occupants(trap);
  if (!opening && (p.trigger === 'proximity' || p.trigger === 'sound' || p.trigger === 'visual')) {
    const others = withinReach(world, trap, p).filter((a) => a.id !== actor.id && !before.includes(a.id) && !keyedFor(trap, p, a));
    if (others.length > 0) return `another creature has just come within its reach too: it goes off at whichever comes first`;
  }
  const ability = trackedAbility(p, bottom);
  const inputs: CheckInputs = {
    trap: trap.kind,
    ...(trap.kind === 'designed' ? { design: JSON.stringify(designInputsOf(trap.data)) } : {}),
    ...(bottom ? { bottom: String(trap.data.bottom) } : {}),
    // Under dying=srd a disabled hero (0 or fewer, conscious) may step too.
    hp: Math.max(DEAD_AT + 1, actor.hp),
    // A pit's spikes and what lies at its bottom are no touch attacks (`unreadable`).
    ac: armorClass(actor, p.touchAttack && p.effect === 'attack'),
    ref: saveBonus(actor, 'ref'),
    fort: saveBonus(actor, 'fort'),
    will: saveBonus(actor, 'will'),
    hd: Math.max(1, num(actor.traits, 'hd', 1)),
    score: Math.max(1, ability ? effectiveScore(actor, ability) : 10),
    'move-silently': moveSilentlyBonus(actor),
    undead: isUndead(actor),
    flying: actor.flying,
    keyed: keyedFor(trap, p, actor),
    within: before.includes(actor.id),
    ...(opening ? { opening: true } : {}),
  };
  return check.validate?.(inputs) ?? inputs;
}
