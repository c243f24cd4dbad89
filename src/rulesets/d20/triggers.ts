/**
 * Triggers and resets: when a trap goes off and what state it is left in.
 *
 * - location: entering the cell; fliers do not set it off.
 * - proximity: coming within its radius (fliers too); sound: the same, if the trap hears the
 *   creature (Listen +15 against its Move Silently); visual: the same, if it sees it (line of sight).
 *   Checked when a creature steps onto the trap's cell and once per round for everyone, and only
 *   for creatures that were not already within the radius (an approach, not a presence).
 * - touch (and touch attached): opening or kicking the door or chest it is on (a needle in a lock
 *   is not set off by a kick).
 * - timed: every `timedPeriod` rounds, at whoever stands in its reach.
 * - spell: as its spell says: a glyph when someone passes over it (fliers too), a fire trap when
 *   its object is opened. Spell traps let the dungeon's own creatures pass (the caster's allowance).
 *
 * Resets: none (gone; a mechanical trap's remains are no danger), repair (broken until someone
 * repairs it), manual (sprung until someone resets it), automatic (ready again after
 * `autoResetRounds`). Counters tick once per round in `onWorldTurn`, so a long action (a 20-round
 * search) lets every round pass.
 */
import { playOwnAvoidance } from '../../core/traps/avoid.ts';
import { lineOfSight } from '../../core/fov.ts';
import { conjugate, nounOf, show, thing } from '../../core/messages.ts';
import { lift2, type Prob, roll, sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { TriggerHow } from '../../core/events.ts';
import { type Actor, chebyshev, NO_STATUS, type Trap } from '../../core/world.ts';
import { moveSilentlyBonus, num } from './actors.ts';
import { withArticle } from '../../core/words.ts';
import { breathe, drain, isPlayer, tickPoisons } from './effects.ts';
import { d20Settings } from './settings.ts';
import { countsDown, isCurrent, roundIndex } from './roundIndex.ts';
import { profileOf, type TrapProfile, d20KindIn } from './traps.ts';
import { D20_DIALECT } from './dialect.ts';
import { playEffect } from '../../core/traps/play.ts';
import { actorAt } from '../../core/level.ts';

/** A sound trigger "functions like an ear and has a +15 bonus on Listen checks". */
export const SOUND_TRIGGER_LISTEN = 15;

function dataNum(trap: Trap, key: string): number {
  return num(trap.data, key);
}

/** Spell traps are keyed to the dungeon's inhabitants: its monsters pass without setting them off. */
export function keyedFor(trap: Trap, p: TrapProfile, actor: Actor | null): boolean {
  return p.magic === 'spell' && trap.owner === null && actor !== null && actor.faction === 'hostile';
}

/** Reveals a trap that goes off to its victim, and to the player when they see it or are the victim. */
function revealOnSpring(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (actor && !isPlayer(ctx, actor)) ctx.reveal(trap, actor.id, 'triggered');
  if (isPlayer(ctx, actor) || ctx.playerSees(trap.x, trap.y)) ctx.reveal(trap, ctx.world.playerId, 'triggered');
}

/** The ruleset's `trigger`: the trap goes off (from every path: entering, opening, timers, a failed disarm). */
export function springTrap(ctx: RuleContext, trap: Trap, actor: Actor | null, how: TriggerHow): void {
  const p = profileOf(ctx.ruleset, trap);
  if (!trap.armed) {
    if (isPlayer(ctx, actor)) ctx.say(`The ${ctx.trapName(trap)} has already been sprung.`, 'info');
    return;
  }
  revealOnSpring(ctx, trap, actor);
  const sees = isPlayer(ctx, actor) || ctx.playerSees(trap.x, trap.y);
  if (p.springText && sees) ctx.say(p.springText, 'trap');
  else if (sees && how !== 'timed') {
    // d20's own rule of who hears: whoever sees the trap's cell, whether or not they see the one who set it off.
    ctx.say(conjugate('{1} set[s] off {2}!', actor ? nounOf(ctx.world, actor) : thing('something'), thing(withArticle(p.name))), 'trap');
  }
  if (p.onset > 0 && (p.effect === 'gas' || p.effect === 'liquid' || p.effect === 'crush')) {
    // The onset delay: the trap is spent for now; its effect comes when the delay runs out.
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: false, data: { onsetLeft: p.onset } } });
    if (sees) ctx.say(`(${p.onset} round${p.onset === 1 ? '' : 's'} until it takes effect.)`, 'danger');
    return;
  }
  goOff(ctx, trap, actor);
  afterFiring(ctx, trap, p);
}

/**
 * The kind's effect played (core/traps/play.ts): a named effect plays the SRD trap's own code on
 * whoever set it off; the vocabulary's attack falls, like that code's single target, on whoever
 * stands on the trap when no one living set it off (a timer, a dead one).
 */
export function goOff(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  const kind = d20KindIn(ctx.ruleset, trap.kind)?.kind;
  if (!kind) throw new Error(`d20 has no trap "${trap.kind}"`);
  const victim = kind.effect.do === 'custom' || actor?.alive ? actor : (actorAt(ctx.world, trap.x, trap.y) ?? actor);
  playEffect({ ctx, trap, kind, dialect: D20_DIALECT, victim }, kind.effect);
}

/** Leaves the trap as its reset element says. */
export function afterFiring(ctx: RuleContext, trap: Trap, p: TrapProfile): void {
  if (!ctx.world.traps.some((t) => t.id === trap.id)) return;
  // The alarm spell lasts for hours and rings for every intruder.
  if (p.effect === 'alarm') return;
  // A flooded room waits until it has drained (`tickTrap`).
  if (p.effect === 'liquid' && typeof trap.data.flooded === 'string' && trap.data.flooded !== '') return;
  switch (p.reset) {
    case 'none':
      ctx.removeTrap(trap, p.magic ? 'spent' : 'sprung');
      return;
    case 'repair':
      ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: false, data: { broken: true } } });
      return;
    case 'manual':
      if (trap.armed) ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: false } });
      return;
    case 'automatic': {
      const rounds = d20Settings(ctx.settings).autoResetRounds;
      if (rounds > 0) ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: false, data: { rearmIn: rounds } } });
      else if (!trap.armed) ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: true } });
      return;
    }
  }
}

// ---------------------------------------------------------------- entering, opening

export function onEnter(ctx: RuleContext, actor: Actor, trap: Trap): void {
  const p = profileOf(ctx.ruleset, trap);
  switch (p.trigger) {
    case 'location':
    case 'touch':
    case 'touch-attached':
      if (actor.flying) {
        if (ctx.world.traps.includes(trap) && trap.knownBy.includes(ctx.world.playerId))
          show(ctx, actor, '{1} fl[y|ies] over {2}.', 'info', { others: [thing(`the ${p.name}`)] });
        return;
      }
      // A designer's kind with an avoidance of its own rolls it here, where the SRD's trap would
      // simply go off (core/traps/avoid.ts); stepOdds.ts `kindGoesOffProgram` reads it the same.
      if (playOwnAvoidance(ctx, actor, trap)) return;
      ctx.trigger(trap, actor, 'step');
      return;
    case 'spell':
      if (keyedFor(trap, p, actor)) return;
      if (playOwnAvoidance(ctx, actor, trap)) return;
      ctx.trigger(trap, actor, 'step');
      return;
    case 'proximity':
    case 'sound':
    case 'visual':
      scanProximity(ctx, trap);
      return;
    case 'timed':
      return;
  }
}

export function onOpen(ctx: RuleContext, actor: Actor, trap: Trap, how: 'open' | 'kick' | 'unlock' | 'pick'): void {
  const p = profileOf(ctx.ruleset, trap);
  if (how === 'kick' && p.needle) return;
  if (keyedFor(trap, p, actor)) return;
  ctx.trigger(trap, actor, trap.host.kind === 'chest' ? 'chest' : 'door');
}

// ---------------------------------------------------------------- proximity, sound, visual

/** The ids in an `occupants` text. */
function occupantIds(text: string): number[] {
  return text ? text.split(',').map(Number) : [];
}

/** Creatures within a proximity-type trap's reach that it can perceive. */
export function withinReach(world: RuleContext['world'], trap: Trap, p: TrapProfile): Actor[] {
  // Every proximity trap asks every round: a plain loop, and a sight line only for those near.
  const inside: Actor[] = [];
  for (const a of world.actors) {
    if (!a.alive || chebyshev(a.x, a.y, trap.x, trap.y) > p.triggerRadius) continue;
    if (p.trigger === 'visual' && !lineOfSight(world, trap.x, trap.y, a.x, a.y, p.triggerRadius)) continue;
    inside.push(a);
  }
  return inside;
}

/** The ids a proximity trap counts as already within its reach (for `occupants`). */
export function occupantsText(actors: Actor[]): string {
  return actors
    .map((a) => a.id)
    .sort((a, b) => a - b)
    .join(',');
}

/** Sets off a proximity, sound or visual trap at the first creature that has just come within reach. */
export function scanProximity(ctx: RuleContext, trap: Trap, p: TrapProfile = profileOf(ctx.ruleset, trap)): void {
  const inside = withinReach(ctx.world, trap, p);
  const was = typeof trap.data.occupants === 'string' ? trap.data.occupants : '';
  // Most rounds nobody is near: no one to set it off, and only a reach just emptied to write down.
  if (inside.length === 0) {
    if (was !== '') ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { occupants: '' } } });
    return;
  }
  const text = occupantsText(inside);
  // The same creatures as before: nobody has just come within reach (a monster waiting by a trap).
  if (text === was) return;
  ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { occupants: text } } });
  if (!trap.armed) return;
  const before = occupantIds(was);
  for (const a of inside) {
    if (before.includes(a.id) || keyedFor(trap, p, a)) continue;
    if (p.trigger === 'sound' && !hears(ctx, a)) continue;
    ctx.trigger(trap, a, 'proximity');
    return;
  }
}

/**
 * Opposed check, as a program: the trap's Listen (d20 + 15, rolled first) against a creature's
 * Move Silently (d20 + `moveSilently`); ties go to the trap.
 */
export function hearsProgram(moveSilently: number): Prob<boolean> {
  return lift2(roll(1, 20), roll(1, 20), (listen, quiet) => listen + SOUND_TRIGGER_LISTEN >= quiet + moveSilently);
}

function hears(ctx: RuleContext, a: Actor): boolean {
  return sample(hearsProgram(moveSilentlyBonus(a)), ctx.rng('traps'));
}

// ---------------------------------------------------------------- once per round

/** The counters of one trap: re-arming, onset delays, timed swings, a flooded room draining. */
function tickTrap(ctx: RuleContext, trap: Trap, p: TrapProfile): void {
  // Most traps count nothing most rounds.
  if (!countsDown(trap, p)) return;
  // Read every counter first: one set this round (a flood starting) first counts down next round.
  const rearm = dataNum(trap, 'rearmIn');
  const onset = dataNum(trap, 'onsetLeft');
  const flood = dataNum(trap, 'floodLeft');
  const s = d20Settings(ctx.settings);
  if (rearm > 0) {
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: rearm === 1 ? { armed: true, data: { rearmIn: 0 } } : { data: { rearmIn: rearm - 1 } } });
  }
  if (onset > 0) {
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { onsetLeft: onset - 1 } } });
    if (onset === 1) {
      goOff(ctx, trap, null);
      afterFiring(ctx, trap, p);
    }
  }
  if (flood > 0) {
    if (flood === 1) {
      drain(ctx, trap);
      // The room has emptied: now the reset element applies (an automatic one re-arms).
      const still = ctx.world.traps.find((t) => t.id === trap.id);
      if (still) afterFiring(ctx, still, p);
    } else ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { floodLeft: flood - 1 } } });
  }
  if (p.trigger === 'timed' && trap.armed && ctx.world.traps.some((t) => t.id === trap.id)) {
    const left = dataNum(trap, 'timer') || s.timedPeriod;
    if (left > 1) {
      ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { timer: left - 1 } } });
      return;
    }
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { timer: s.timedPeriod } } });
    const victims = ctx.world.actors.filter((a) => a.alive && chebyshev(a.x, a.y, trap.x, trap.y) <= p.radius);
    if (victims.length > 0) {
      ctx.trigger(trap, victims[0]!, 'timed');
      return;
    }
    // A swing at nobody is not a trap going off (the statistics count those), but it is plain to see.
    if (ctx.playerSees(trap.x, trap.y)) {
      ctx.reveal(trap, ctx.world.playerId, 'seen');
      ctx.emit({ type: 'effect', effect: 'flash', cells: [[trap.x, trap.y]], colour: ctx.trapDef(trap.kind).colour, source: trap.kind });
      if (p.springText) ctx.say(p.springText, 'trap');
    }
  }
}

/**
 * Once per round: first the creatures (poisons, summons, drowning: what began this round starts
 * counting next round), then every trap's counters, then the proximity triggers.
 */
export function onWorldTurn(ctx: RuleContext): void {
  const index = roundIndex(ctx.world);
  tickCreatures(ctx, index.wet);
  // Each pass walks the traps there were when it began (no copy: a trap placed meanwhile is pushed
  // past `n`, and a trap going or moving replaces the array, leaving `list` as it was). While no
  // trap has changed since the index was made, the index answers for each trap; after a change,
  // the trap itself does (skipped if it went meanwhile).
  let list = ctx.world.traps;
  for (let i = 0, n = list.length; i < n; i++) {
    const trap = list[i]!;
    if (isCurrent(ctx.world, index)) {
      if (index.counting[i]) tickTrap(ctx, trap, index.profiles[i]!);
    } else if (stillThere(ctx, list, trap)) tickTrap(ctx, trap, profileOf(ctx.ruleset, trap));
  }
  list = ctx.world.traps;
  for (let i = 0, n = list.length; i < n; i++) {
    const trap = list[i]!;
    let p: TrapProfile;
    if (isCurrent(ctx.world, index)) p = index.profiles[i]!;
    else if (stillThere(ctx, list, trap)) p = profileOf(ctx.ruleset, trap);
    else continue;
    if (p.trigger === 'proximity' || p.trigger === 'sound' || p.trigger === 'visual') scanProximity(ctx, trap, p);
  }
}

/** Is a trap of `list` still in the world? While the array is the same, all of them are. */
function stillThere(ctx: RuleContext, list: Trap[], trap: Trap): boolean {
  return ctx.world.traps === list || ctx.world.traps.includes(trap);
}

/** Does a creature's status hold anything the round counts down: a poison, held breath, a summoning? */
function countsRounds(status: Actor['status']): boolean {
  if (status === NO_STATUS) return false;
  for (const key in status) if (key === 'breath' || key === 'summoned' || key.startsWith('poison_')) return true;
  return false;
}

/** `wet`: the flooded cells as the round began (see `wetCells`). */
function tickCreatures(ctx: RuleContext, wet: ReadonlySet<string> | null): void {
  // The creatures there were when the round began: one summoned meanwhile is pushed past `n`.
  const actors = ctx.world.actors;
  for (let i = 0, n = actors.length; i < n; i++) {
    const actor = actors[i]!;
    if (!actor.alive) continue;
    // Most creatures have nothing that counts rounds: no poison, no held breath, no summoning,
    // and no flood to drown in.
    if (wet === null && !countsRounds(actor.status)) continue;
    tickPoisons(ctx, actor);
    if (actor.alive) breathe(ctx, actor, wet?.has(`${actor.x},${actor.y}`) === true);
    const summoned = num(actor.status, 'summoned');
    if (actor.alive && summoned > 0) {
      if (summoned > 1) ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { summoned: summoned - 1 } } });
      else {
        ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { alive: false, status: { summoned: 0 } } });
        if (ctx.playerSees(actor.x, actor.y)) ctx.say(`The ${actor.name} vanishes.`, 'info');
      }
    }
  }
}
