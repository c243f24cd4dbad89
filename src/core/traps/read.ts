/**
 * The effect vocabulary read exactly: the damage a trap's effect does to the one who set it off,
 * standing on it, as a program over the step check's inputs — the same dice programs play
 * samples (play.ts), through the same dialect. Effects whose outcome for them is no damage (a
 * noise, a teleport, a status) read as 0. A `$name` in the dice is the setting as the check's
 * settings have it (the dialect's `setting`), as play reads the world's.
 *
 * What is left out, and named by `readingLeavesOut` so a reading can say so: anyone else in a
 * shot's way or a blast (the reading is for one alone), where a teleport lands, and what a status
 * or a fall's climb costs in turns (it changes none of avoided / unhurt / hurt / death).
 */
import { chance, constant, lift2, type Prob } from '../prob.ts';
import type { CheckInputs } from '../ruleset.ts';
import type { Traits } from '../world.ts';
import type { Condition, DamageSpec, Effect, StatusName, TrapKind } from './definition.ts';
import { diceProgram } from './dice.ts';
import type { TrapDialect } from './dialect.ts';
import { diceFieldsOf, effectsOf, visitEffects } from './effectTree.ts';
import { conditionHolds, traitIs } from './conditions.ts';
import { areaAmount, countOf, customEffect, diceAt, kindNumberOf, type Refs, refsOf, savesRoll, statusTurns } from './play.ts';

interface Reading {
  /** How two effects' harms add up (the dialect's `combine`, else their sum). */
  readonly add: (a: number, b: number) => number;
  readonly inputs: CheckInputs;
  readonly settings: Traits;
  readonly kind: TrapKind;
  readonly dialect: TrapDialect;
  readonly tier: number;
  /** The one it reads for stands beside the trap (opening its door or chest), not on it. */
  readonly beside: boolean;
  /** `$name` and `#name`: the check's settings and the kind's numbers. */
  readonly refs: Refs;
}

function damageOf(r: Reading, spec: DamageSpec | undefined, hard: boolean, type: string | undefined, edge = false, part?: string, critical?: number): Prob<number> {
  if (!spec) return constant(0);
  const dice = diceAt(spec, r.tier, r.refs);
  const how = { hard, edge, ...(type ? { type } : {}), ...(critical ? { critical } : {}) };
  if (part === undefined || !r.dialect.parts) return r.dialect.read.damage(r.inputs, r.settings, dice, how);
  const drawn = r.dialect.parts.draw(part);
  // A ruleset's kinds check refuses a part it does not have, so a reading never meets one.
  if (!drawn) throw new Error(`no body part "${part}" in this ruleset`);
  // The part is drawn as play draws it (before the damage), then the damage lands on it.
  return drawn.bind((at) => r.dialect.read.damage(r.inputs, r.settings, dice, { ...how, part: at }));
}

/** A `check`: its roll beats the number of the one the reading is for. */
function beats(r: Reading, e: Extract<Effect, { do: 'check' }>): Prob<boolean> {
  const against = r.dialect.read.stat?.(r.inputs, r.settings, e.beats);
  // A ruleset's kinds check refuses a name it does not read, so a reading never meets one.
  if (against === undefined) throw new Error(`no number "${e.beats}" to check against in this ruleset`);
  return diceProgram(diceAt(e.roll, 0, r.refs)).map((v) => v > against);
}

/**
 * A condition (definition.ts `Condition`) for the one the reading is for: the hero, who steps
 * onto the trap (or opens its door or chest).
 */
function holds(r: Reading, condition: Condition): boolean {
  return conditionHolds(condition, (c) => {
    if (c === 'hero') return true;
    if (c === 'monster') return false;
    if ('size' in c) return c.size.includes(r.dialect.read.size?.(r.inputs, r.settings) ?? 'medium');
    if ('trait' in c) return traitIs(r.inputs[c.trait], c.is);
    return r.settings[c.setting] === true;
  });
}

/**
 * A `volley` at the one it reads for, whom it always reaches: its count, then as many of the
 * ruleset's attacks, their harms added (the dialect's `combine`). Shots at one already dead are
 * added too, where play stops: they change no outcome (dead stays dead).
 */
function volleyOf(r: Reading, e: Extract<Effect, { do: 'volley' }>): Prob<number> {
  const shot = attackOf(r, e.attack.damage, e.attack.type, e.attack.critical);
  return diceProgram(diceAt(e.count, 0, r.refs)).bind((n) => {
    let total: Prob<number> = constant(0);
    for (let i = 0; i < n; i++) total = lift2(total, shot, r.add);
    return total;
  });
}

/**
 * An `area` for the one it reads for, whom it always reaches (play.ts `areaTargets`): the roll as
 * play rolls it (the dialect's `damageRoll`), then its save, then what it takes of the roll landing
 * as play deals it (the dialect's reading of that many).
 */
function areaOf(r: Reading, e: Extract<Effect, { do: 'area' }>): Prob<number> {
  if (!e.damage) return constant(0);
  const rolled = r.dialect.damageRoll(diceAt(e.damage, r.tier, r.refs), false);
  const save = e.save;
  const taken = save ? rolled.bind((raw) => savesRoll(r.dialect).read(r.inputs, r.settings, save.save, countOf(save.dc, r.refs)).map((saved) => areaAmount(e, raw, saved))) : rolled;
  const how = { hard: false, edge: false, ...(e.type ? { type: e.type } : {}) };
  return taken.bind((amount) => (amount > 0 ? r.dialect.read.damage(r.inputs, r.settings, { n: 0, sides: 1, bonus: amount }, how) : constant(0)));
}

function attackOf(r: Reading, damage: DamageSpec | undefined, type: string | undefined, critical?: number): Prob<number> {
  return r.dialect.read.attack(r.inputs, r.settings, r.kind, r.tier).bind((o) => (o === 'miss' ? constant(0) : damageOf(r, damage, o === 'hard', type, false, undefined, critical)));
}

function read(r: Reading, e: Effect): Prob<number> {
  switch (e.do) {
    case 'all':
      // The effects' harms are independent draws, added: each child's program is built once.
      return e.effects.reduce<Prob<number>>((sum, child) => lift2(sum, read(r, child), r.add), constant(0));
    case 'chance': {
      const pct = Math.min(100, Math.max(0, Math.round(e.percent)));
      return chance(pct, 100).bind((c) => (c ? read(r, e.effect) : e.otherwise ? read(r, e.otherwise) : constant(0)));
    }
    case 'if':
      return holds(r, e.if) ? read(r, e.effect) : e.otherwise ? read(r, e.otherwise) : constant(0);
    case 'check':
      return beats(r, e).bind((b) => (b ? read(r, e.effect) : e.otherwise ? read(r, e.otherwise) : constant(0)));
    case 'push':
      return constant(0);
    case 'attack':
      return attackOf(r, e.damage, e.type, e.critical);
    case 'projectile':
      return attackOf(r, e.attack.damage, e.attack.type);
    case 'damage':
      return damageOf(r, e.damage, false, e.type, false, e.part);
    case 'volley':
      return volleyOf(r, e);
    case 'area':
      return areaOf(r, e);
    case 'line':
    case 'fall':
      return damageOf(r, e.damage, false, e.type);
    case 'blast': {
      // On the trap's own cell: the full damage (the edge is `radius` away). Beside it (one cell
      // off): outside a blast of radius 0, at the edge of one of radius 1.
      if (!r.beside) return damageOf(r, e.damage, false, e.type);
      const radius = countOf(e.radius, r.refs);
      return radius < 1 ? constant(0) : damageOf(r, e.damage, false, e.type, e.edge === 'half' && radius <= 1);
    }
    case 'teleport': {
      const mishap = e.mishap;
      if (!mishap) return constant(0);
      const pct = Math.min(100, Math.max(0, Math.round(mishap.percent)));
      return chance(pct, 100).bind((c) => (c ? damageOf(r, mishap.damage, false, mishap.type) : constant(0)));
    }
    case 'status':
      // The core's poison takes 1 hit point a turn for its turns (core/statuses.ts): counted in
      // the damage where the dialect reads hit points, so a poison that will kill in time reads as death.
      return e.status === 'poisoned' && r.dialect.poisonInHitPoints ? statusTurns(e.turns, r.refs) : constant(0);
    case 'say':
    case 'tell':
    case 'delay':
    case 'spent':
    case 'noise':
    case 'summon':
    case 'transform':
    case 'item':
    case 'destroy':
      return constant(0);
    case 'custom': {
      const custom = customEffect(r.dialect, e.name);
      // A ruleset refuses a designer's kind naming an effect without a reading (dialectProblems).
      if (!custom.read) throw new Error(`the custom effect "${e.name}" has no exact reading`);
      return custom.read(r.inputs, r.settings, r.kind);
    }
  }
}

function readingOf(kind: TrapKind, dialect: TrapDialect, inputs: CheckInputs, settings: Traits, beside: boolean): Reading {
  return { add: dialect.read.combine?.(inputs, settings) ?? ((a, b) => a + b), inputs, settings, kind, dialect, tier: dialect.read.tier(inputs, kind), beside, refs: refsOf(dialect, kind, settings) };
}

/**
 * The damage `kind`'s effect does to the one who set it off (0: unhurt), standing on it, or
 * `beside` it (opening its door or chest: a shot flies straight at them, a line runs through
 * them, a blast reaches them only past its centre).
 */
export function readDamage(kind: TrapKind, dialect: TrapDialect, inputs: CheckInputs, settings: Traits, beside = false): Prob<number> {
  return read(readingOf(kind, dialect, inputs, settings, beside), kind.effect);
}

/**
 * What a trap leaves on the one who set it off: the damage it does, and each status it gives with
 * its turns (`lostActions`: actions), as play gives them (lost actions add up, a hold or a sleep
 * lasts the longer). A fall's climb is the ruleset's (its dialect's `climbOut`) and not in it.
 */
export type Fate = {
  readonly damage: number;
  /** By status name (StatusName); a type alias of plain records, as a reading's outcomes must be. */
  readonly statuses: Readonly<Record<string, number>>;
};

const UNHURT: Fate = { damage: 0, statuses: {} };

function joinFates(add: Reading['add'], a: Fate, b: Fate): Fate {
  if (Object.keys(b.statuses).length === 0) return b.damage === 0 ? a : { damage: add(a.damage, b.damage), statuses: a.statuses };
  const statuses: Record<string, number> = { ...a.statuses };
  for (const [name, n] of Object.entries(b.statuses)) {
    const now = statuses[name] ?? 0;
    statuses[name] = name === 'lostActions' ? now + n : Math.max(now, n);
  }
  // Keys in one order, so equal fates are one outcome of the reading.
  const sorted: Fate['statuses'] = Object.fromEntries(Object.entries(statuses).sort(([x], [y]) => (x < y ? -1 : 1)));
  return { damage: add(a.damage, b.damage), statuses: sorted };
}

function fateOf(r: Reading, e: Effect): Prob<Fate> {
  switch (e.do) {
    case 'all':
      return e.effects.reduce<Prob<Fate>>((sum, child) => lift2(sum, fateOf(r, child), (a, b) => joinFates(r.add, a, b)), constant(UNHURT));
    case 'chance': {
      const pct = Math.min(100, Math.max(0, Math.round(e.percent)));
      return chance(pct, 100).bind((c) => (c ? fateOf(r, e.effect) : e.otherwise ? fateOf(r, e.otherwise) : constant(UNHURT)));
    }
    case 'if':
      return holds(r, e.if) ? fateOf(r, e.effect) : e.otherwise ? fateOf(r, e.otherwise) : constant(UNHURT);
    case 'check':
      return beats(r, e).bind((b) => (b ? fateOf(r, e.effect) : e.otherwise ? fateOf(r, e.otherwise) : constant(UNHURT)));
    case 'status': {
      const turns = statusTurns(e.turns, r.refs);
      const hp = e.status === 'poisoned' && r.dialect.poisonInHitPoints ? 1 : 0;
      return turns.map((n): Fate => (n > 0 ? { damage: hp * n, statuses: { [e.status]: n } } : UNHURT));
    }
    default:
      return read(r, e).map((damage): Fate => (damage === 0 ? UNHURT : { damage, statuses: {} }));
  }
}

/** `kind`'s fate for the one who set it off (see Fate), on the trap or `beside` it (as `readDamage`). */
export function readFate(kind: TrapKind, dialect: TrapDialect, inputs: CheckInputs, settings: Traits, beside = false): Prob<Fate> {
  return fateOf(readingOf(kind, dialect, inputs, settings, beside), kind.effect);
}

/**
 * The statuses a step leaves on one who lives through it (empty when it did not go off, gave
 * none, or killed): the step check's `statuses`. `kills`: whether a fate's damage kills (a number
 * of hit points: `hp` or more; CDDA's harm code: a head or a torso at 0).
 */
export function statusesAfter(avoided: Prob<boolean>, fate: () => Prob<Fate>, kills: number | ((damage: number) => boolean)): Prob<Fate['statuses']> {
  const dies = typeof kills === 'number' ? (damage: number) => damage >= kills : kills;
  return avoided.bind((a) => (a ? constant<Fate['statuses']>({}) : fate().map((f) => (dies(f.damage) ? {} : f.statuses))));
}

/** A status as a noun, for what a reading leaves out ("how long the hold lasts"). */
const STATUS_NOUN: Readonly<Record<StatusName, string>> = { held: 'hold', asleep: 'sleep', lostActions: 'lost actions', poisoned: 'poison', slowed: 'slowness' };

/**
 * What the exact reading of `kind` leaves out, in words (empty: nothing); `dialect` names its
 * custom effects' omissions. `readsStatuses`: the check reads its statuses too (`readFate`), so
 * how long they last is not left out.
 */
export function readingLeavesOut(kind: TrapKind, dialect?: TrapDialect, readsStatuses = false): string[] {
  const out = new Set<string>();
  for (const e of effectsOf(kind.effect)) {
    if (e.do === 'custom') for (const w of (dialect?.custom && Object.hasOwn(dialect.custom, e.name) ? dialect.custom[e.name]!.leavesOut : undefined) ?? []) out.add(w);
    if (e.do === 'projectile') out.add('anyone else in the way of the shot');
    if (e.do === 'blast' || e.do === 'line' || (e.do === 'area' && e.radius !== 0) || (e.do === 'volley' && (e.radius ?? 0) !== 0)) out.add('anyone else caught in it');
    if (e.do === 'teleport') out.add('where the teleport sets you down');
    if (e.do === 'status' && !readsStatuses) out.add(`how long the ${STATUS_NOUN[e.status]} last${e.status === 'lostActions' ? '' : 's'}`);
    if (e.do === 'status' && e.status === 'poisoned' && !dialect?.poisonInHitPoints) out.add('what the poison takes in the turns after');
    if (e.do === 'fall' && e.down) out.add('the level below');
    else if (e.do === 'fall' && e.lostActions > 0) out.add('the actions lost climbing out');
    if (e.do === 'summon') out.add('what the summoned monsters do');
    if (e.do === 'push') out.add('where it pushes you');
    if (e.do === 'destroy') out.add('what it destroys of what you carry');
  }
  return [...out];
}

/**
 * What in `kinds` (a designer's, as a file indexes them) the dialect cannot play or read: a
 * custom effect it does not have, or one without an exact reading; a body part it does not have
 * (or any, in a ruleset without parts); a status `as` it does not know. Each names its field
 * (`traps[1].effect.effects[0].name: …`).
 */
export function dialectProblems(kinds: readonly TrapKind[], dialect: TrapDialect, ruleset: string): string[] {
  const out: string[] = [];
  const names = dialect.custom ? Object.keys(dialect.custom) : [];
  const readable = names.filter((n) => dialect.custom![n]!.read);
  const visit = (kind: TrapKind) => (e: Effect, at: string): void => {
    if (e.do === 'damage' && e.part !== undefined) {
      if (!dialect.parts) out.push(`${at}.part: ${ruleset} has no body parts (leave "part" out: the damage lands on the victim as a whole)`);
      else if (!dialect.parts.draw(e.part)) out.push(`${at}.part: ${ruleset} has no body part "${e.part}" (it has ${dialect.parts.names.join(', ')})`);
    }
    if (e.do === 'attack' && e.critical !== undefined && !dialect.criticals) out.push(`${at}.critical: ${ruleset}'s hard hit is its own (leave "critical" out)`);
    if (e.do === 'check' && !(dialect.checkStats ?? []).includes(e.beats))
      out.push(`${at}.beats: ${ruleset} reads no number "${e.beats}" off a victim for a check (${dialect.checkStats?.length ? `it reads ${dialect.checkStats.join(', ')}` : 'a kind here has no check'})`);
    if (e.do === 'status' && e.as !== undefined && !(dialect.statusAs ?? []).includes(e.as))
      out.push(`${at}.as: ${ruleset} has no status "${e.as}" of its own (${dialect.statusAs?.length ? `it has ${dialect.statusAs.join(', ')}` : 'leave "as" out'})`);
    if (e.do === 'area' && e.save) {
      const names = dialect.saves?.names ?? [];
      if (names.length === 0) out.push(`${at}.save: ${ruleset} has no saving throws (leave "save" out)`);
      else if (!names.includes(e.save.save)) out.push(`${at}.save.save: ${ruleset} has no saving throw "${e.save.save}" (it has ${names.join(', ')})`);
    }
    for (const { path, value: v, whole } of diceFieldsOf(e)) {
      if (typeof v !== 'string' || !v.startsWith('#')) continue;
      const d = kindNumberOf(dialect, kind, v.slice(1));
      if (typeof d === 'string') out.push(`${at}${path}: "${v}": ${d}`);
      else if (d.n !== 0 && whole) out.push(`${at}${path}: "${v}" is dice (${d.n}d${d.sides}); a whole number is needed here`);
    }
    if (e.do === 'custom') {
      const known = dialect.custom !== undefined && Object.hasOwn(dialect.custom, e.name);
      if (!known) out.push(`${at}.name: ${ruleset} has no custom effect "${e.name}" (${readable.join(', ') || 'it has none a designer may use'})`);
      else if (!dialect.custom![e.name]!.read) out.push(`${at}.name: ${ruleset}'s "${e.name}" plays in its own kinds only, it has no exact reading (a designer may use: ${readable.join(', ') || 'none'})`);
    }
  };
  for (const [i, k] of kinds.entries()) visitEffects(k.effect, `traps[${i}].effect`, visit(k));
  return out;
}
