/**
 * What characters do about traps: Search, Disable Device, setting trap kits, resetting and
 * repairing sprung traps.
 *
 * - Search: d20 + Search against the trap's Search DC, no automatic results; only a character with
 *   trapfinding (a rogue) can find a trap with a Search DC over 20, or a magic trap at all. Taking
 *   20 (a setting) makes the roll a 20 and the search 20 times as long.
 * - Disable Device is trained only; it takes 2d4 rounds; failing by 5 or more springs the trap; only
 *   a character with trapfinding can disarm a magic trap.
 * - Setting a kit or resetting a manual trap takes `resetRounds`; repairing takes a Craft
 *   (trapmaking) check against the trap's Craft DC and `repairRounds`.
 */
import { ownFind } from '../../core/traps/spot.ts';
import type { Action } from '../../core/actions.ts';
import { sample } from '../../core/prob.ts';
import type { DisarmMoment, DisarmReading, FindReading, RigOption, RigReading, RuleContext } from '../../core/ruleset.ts';
import { type Actor, chebyshev, chestAt, type Item, Terrain, type Trap, terrainAt, type World } from '../../core/world.ts';
import { craftBonus, craftRanks, disableBonus, disableRanks, hasTrapfinding, searchBonus, TRAP_KIT } from './actors.ts';
import { d20Roll, type DisarmFate, disarmAttempt, resolveD20, TAKE_20 } from './checks.ts';
import { designFromInputs } from './designer.ts';
import { isPlayer } from './effects.ts';
import { d20Settings } from './settings.ts';
import { profileOf, type TrapProfile, d20KindIn, rulesetOf } from './traps.ts';
import { trapAt } from '../../core/level.ts';
import type { Ruleset } from '../../core/ruleset.ts';

export const ROUND = 100;

/** Why this actor cannot even try to find the trap with Search, or null when it can. */
export function searchBarrier(actor: Actor, p: TrapProfile): string | null {
  if (hasTrapfinding(actor)) return null;
  if (p.magic) return 'only a character with trapfinding can find a magic trap';
  if (p.searchDc > 20) return 'only a character with trapfinding can find a trap with a Search DC over 20';
  return null;
}

/**
 * What state a trap that cannot go off now is in (look mode's "(sprung)"), or null when it is armed.
 * A sprung pit is an open pit: there for anyone to see (`notice`), not set off again by a step, and
 * nothing to disable: Disable Device works on a mechanism that can still go off.
 */
export function restingState(trap: Trap): 'broken' | 'going off' | 'flooded' | 'sprung' | null {
  if (trap.data.broken) return 'broken';
  if (Number(trap.data.onsetLeft) > 0) return 'going off';
  if (typeof trap.data.flooded === 'string' && trap.data.flooded !== '') return 'flooded';
  return trap.armed ? null : 'sprung';
}

const NOTHING_TO_DISARM: Record<NonNullable<ReturnType<typeof restingState>>, string> = {
  broken: 'is broken: there is nothing to disarm until it is repaired',
  'going off': 'has already gone off: it is too late to disarm it',
  flooded: 'has already gone off: there is nothing left to disarm',
  sprung: 'has already been sprung: there is nothing to disarm',
};

/** Why this actor cannot try to disarm the trap, or null when it can. */
export function disarmBarrier(actor: Actor, p: TrapProfile, trap?: Trap): string | null {
  const state = trap ? restingState(trap) : null;
  if (state) return `The ${p.name} ${NOTHING_TO_DISARM[state]}.`;
  if (p.magic && !hasTrapfinding(actor)) return 'Only a rogue (trapfinding) can disarm a magic trap.';
  if (disableRanks(actor) <= 0) return 'Disable Device is trained only, and you have no ranks in it.';
  return null;
}

/** Traps on the cells within `radius` of the actor that it does not know of, in a stable order. */
function unknownTrapsNear(world: World, actor: Actor, radius: number): Trap[] {
  return world.traps
    .filter((t) => chebyshev(t.x, t.y, actor.x, actor.y) <= radius && !t.knownBy.includes(actor.id))
    .sort((a, b) => a.y - b.y || a.x - b.x || a.id - b.id);
}

/** One Search check (`look`: a search, or in passing); true when the trap is found. */
function searchFor(ctx: RuleContext, actor: Actor, trap: Trap, take20: boolean, look: 'search' | 'passing'): boolean {
  const p = profileOf(ctx.ruleset, trap);
  if (searchBarrier(actor, p)) return false;
  // A kind with a detection of its own rolls it in place of the Search roll (not when taking 20: core/traps/spot.ts).
  const own = ownFind(ctx, actor, trap, look, ctx.rng('player'));
  if (own !== null) return own;
  const total = take20 ? TAKE_20 + searchBonus(actor) : sample(d20Roll(searchBonus(actor)), ctx.rng('player')).total;
  return total >= p.searchDc;
}

/**
 * The `check` odds check's readings of `actor` finding `trap` from beside it (the ruleset's
 * `spotInputs`), as `searchFor` rolls them: a search is d20 + Search against the trap's Search
 * DC (a skill check: no automatic results); one taking 20 is certain either way, read as a check
 * that cannot fail or cannot succeed; the look in passing is the same roll, made only with the
 * `passiveSearch` setting. Where no search can find it (`searchBarrier`: a magic trap, or a DC
 * over 20, without trapfinding) both read as the check that cannot succeed.
 */
export function spotInputsOf(world: World, actor: Actor, trap: Trap): { search: FindReading | null; passing: FindReading | null } {
  const p = profileOf(rulesetOf(world), trap);
  const s = d20Settings(world.settings);
  // d20 + 100 >= 0 always succeeds, d20 - 50 >= 100 never does.
  const always: FindReading = { check: 'check', inputs: { bonus: 100, dc: 0, kind: 'skill' }, found: ['success'], certain: true };
  const never: FindReading = { check: 'check', inputs: { bonus: -50, dc: 100, kind: 'skill' }, found: ['success'], certain: true };
  if (searchBarrier(actor, p)) return { search: never, passing: s.passiveSearch ? never : null };
  const bonus = searchBonus(actor);
  const rolled: FindReading = { check: 'check', inputs: { bonus, dc: p.searchDc, kind: 'skill' }, found: ['success'] };
  // Taking 20: found exactly when 20 + bonus reaches the DC.
  const taking20 = TAKE_20 + bonus >= p.searchDc ? always : never;
  return { search: s.take20 ? taking20 : rolled, passing: s.passiveSearch ? rolled : null };
}

export function search(ctx: RuleContext, actor: Actor): void {
  const s = d20Settings(ctx.settings);
  let found = 0;
  for (const trap of unknownTrapsNear(ctx.world, actor, s.searchRadius)) {
    if (!searchFor(ctx, actor, trap, s.take20, 'search')) continue;
    ctx.reveal(trap, actor.id, 'search');
    found++;
    if (isPlayer(ctx, actor)) ctx.say(`You find ${/^[aeiou]/i.test(ctx.trapName(trap)) ? 'an' : 'a'} ${ctx.trapName(trap)}!`, 'good');
  }
  if (found === 0 && isPlayer(ctx, actor)) ctx.say(s.take20 ? 'You search the area thoroughly (taking 20) and find nothing.' : 'You search and find nothing.');
}

/**
 * Noticing in passing: a sprung pit or a flooded room is there for anyone to see. With the
 * `passiveSearch` setting, the player also rolls Search for every adjacent trap each turn.
 */
export function notice(ctx: RuleContext, actor: Actor): void {
  for (const trap of ctx.world.traps) {
    if (trap.knownBy.includes(actor.id) || !ctx.playerSees(trap.x, trap.y)) continue;
    const p = profileOf(ctx.ruleset, trap);
    const open = (!trap.armed && p.effect === 'pit') || (typeof trap.data.flooded === 'string' && trap.data.flooded !== '');
    if (open) ctx.reveal(trap, actor.id, 'seen');
  }
  if (!d20Settings(ctx.settings).passiveSearch) return;
  for (const trap of unknownTrapsNear(ctx.world, actor, 1)) {
    if (!searchFor(ctx, actor, trap, false, 'passing')) continue;
    ctx.reveal(trap, actor.id, 'passing');
    if (isPlayer(ctx, actor)) ctx.say(`You notice ${/^[aeiou]/i.test(ctx.trapName(trap)) ? 'an' : 'a'} ${ctx.trapName(trap)}.`, 'good');
  }
}


/** The Disable Device check's inputs: the actor's bonus against the trap's DC. */
function disarmInputs(actor: Actor, p: TrapProfile): { bonus: number; dc: number } {
  return { bonus: disableBonus(actor), dc: p.disableDc };
}

/**
 * The disarm check as play rolls it for `actor` at `trap` now (the moment's `read`):
 * `disarmed` removes it, `sprung` (failing by 5 or more) sets it off. Null where the game refuses
 * the attempt: a trap it does not know of or not beside it, or one `disarmBarrier` names (sprung,
 * broken or going off; a magic trap without trapfinding; no ranks).
 */
export function disarmReading(world: World, actor: Actor, trap: Trap): DisarmReading | null {
  if (!trap.knownBy.includes(actor.id) || chebyshev(actor.x, actor.y, trap.x, trap.y) > 1) return null;
  const p = profileOf(rulesetOf(world), trap);
  if (disarmBarrier(actor, p, trap)) return null;
  return { check: 'disarm', inputs: disarmInputs(actor, p), success: ['disarmed'], setOff: ['sprung'] };
}

/** d20's disarm moment (ruleset.ts `DisarmMoment`): Disable Device, 2d4 rounds, against the trap's DC. */
export const DISARM: DisarmMoment<DisarmFate> = {
  read: disarmReading,
  program: disarmAttempt,
  outcome: (fate) => fate.result,
  apply(ctx, actor, trap, { rounds, result }) {
    ctx.delay(actor, (rounds - 1) * ROUND);
    ctx.emit({ type: 'disarmAttempted', trap: trap.id, kind: trap.kind, actor: actor.id, result });
    const name = ctx.trapName(trap);
    if (result === 'disarmed') {
      if (isPlayer(ctx, actor)) ctx.say(`You disarm the ${name} (${rounds} rounds).`, 'good');
      ctx.removeTrap(trap, 'disarmed');
    } else if (result === 'failed') {
      if (isPlayer(ctx, actor)) ctx.say(`You fail to disarm the ${name}; you may try again.`, 'info');
    } else {
      // Only an armed trap gets here (disarmBarrier), so the fumble does set it off.
      if (isPlayer(ctx, actor)) ctx.say(`You fumble and set off the ${name}!`, 'danger');
      ctx.trigger(trap, actor, 'disarm');
    }
  },
  without(ctx, actor, trap) {
    const barrier = disarmBarrier(actor, profileOf(ctx.ruleset, trap), trap);
    if (barrier && isPlayer(ctx, actor)) ctx.say(barrier, 'info');
  },
};

// ---------------------------------------------------------------- rigging: kits, resets, repairs

function kits(actor: Actor): Item[] {
  return actor.inventory.filter((i) => i.kind === TRAP_KIT && i.count > 0 && typeof i.data?.trap === 'string');
}

function isResettable(t: Trap): boolean {
  return !t.armed && !t.data.broken && !(Number(t.data.onsetLeft) > 0) && !(Number(t.data.floodLeft) > 0) && !(Number(t.data.rearmIn) > 0);
}

function knownNear(world: World, actor: Actor, pred: (t: Trap) => boolean): Trap[] {
  return world.traps.filter((t) => chebyshev(t.x, t.y, actor.x, actor.y) <= 1 && t.knownBy.includes(actor.id) && pred(t));
}

/**
 * How rigging `what` reads: a kit is set and a sprung trap reset with no roll; a repair is the
 * Craft check `rig` rolls (a skill check, d20 + Craft against the trap's Craft DC), read where the
 * broken traps beside you share a DC.
 */
export function rigReading(world: World, actor: Actor, what: string): RigReading | null {
  if (what === 'reset') return { unread: 'No roll: a sprung trap with a manual reset is reset for sure.' };
  if (what === 'repair') {
    const dcs = [...new Set(knownNear(world, actor, (t) => t.data.broken === true).map((t) => craftDcOf(rulesetOf(world), t) ?? REPAIR_DC))];
    if (dcs.length !== 1) return { unread: dcs.length === 0 ? 'There is no broken trap next to you.' : `Its odds hang on which broken trap you repair (Craft DC ${Math.min(...dcs)} to ${Math.max(...dcs)}).` };
    return { check: 'check', inputs: { bonus: craftBonus(actor), dc: dcs[0]!, kind: 'skill' }, set: ['success'], setOff: [] };
  }
  return kits(actor).some((k) => k.data!.trap === what) ? { unread: 'No roll: a kit is set for sure on bare floor.' } : null;
}

export function rigOptions(world: World, actor: Actor): RigOption[] {
  const out: RigOption[] = [];
  const trained = craftRanks(actor) > 0;
  const ruleset = rulesetOf(world);
  for (const kit of kits(actor)) {
    const kind = d20KindIn(ruleset, String(kit.data!.trap));
    if (!kind) continue;
    out.push({ id: kind.id, name: `set a ${kind.name} (${kit.count} kit${kit.count === 1 ? '' : 's'})`, available: trained, ...(trained ? {} : { reason: 'You need ranks in Craft (trapmaking).' }) });
  }
  const resettable = knownNear(world, actor, (t) => isResettable(t) && profileOf(ruleset, t).reset === 'manual');
  out.push({ id: 'reset', name: 'reset a sprung trap', available: resettable.length > 0, ...(resettable.length > 0 ? {} : { reason: 'There is no sprung trap with a manual reset next to you.' }) });
  const broken = knownNear(world, actor, (t) => t.data.broken === true);
  const canRepair = broken.length > 0 && trained;
  out.push({
    id: 'repair',
    name: 'repair a broken trap',
    available: canRepair,
    ...(canRepair ? {} : { reason: broken.length === 0 ? 'There is no broken trap next to you.' : 'You need ranks in Craft (trapmaking).' }),
  });
  return out;
}

/** Why rigging `what` at (x, y) cannot be done, or null (checked before any time passes). */
export function rigRefusal(world: World, actor: Actor, what: string, x: number, y: number): string | null {
  const trap = trapAt(world, x, y);
  if (what === 'reset') {
    if (!trap?.knownBy.includes(actor.id)) return 'You know of no trap there.';
    if (trap.armed) return `The ${d20KindIn(rulesetOf(world), trap.kind)?.name ?? trap.kind} is not sprung.`;
    if (!isResettable(trap) || profileOf(rulesetOf(world), trap).reset !== 'manual') return 'That trap cannot be reset by hand.';
    return null;
  }
  if (what === 'repair') {
    if (!trap?.knownBy.includes(actor.id)) return 'You know of no trap there.';
    if (trap.data.broken !== true) return 'That trap is not broken.';
    return null;
  }
  if (!kits(actor).some((k) => k.data!.trap === what)) return `You have no ${what} kit.`;
  if (terrainAt(world, x, y) !== Terrain.Floor) return 'A trap kit must be set on bare floor.';
  if (trap) return 'There is already a trap there.';
  if (chestAt(world, x, y)) return 'There is a chest in the way.';
  return null;
}

/** The Craft DC of a broken trap whose design gives none. */
const REPAIR_DC = 20;

function craftDcOf(ruleset: Pick<Ruleset, 'traps'>, trap: Trap): number | null {
  const kind = d20KindIn(ruleset, trap.kind);
  if (!kind) return null;
  const d = designFromInputs(kind.design);
  return d.ok && d.design.type === 'mechanical' ? d.design.craftDc : null;
}

export function rig(ctx: RuleContext, actor: Actor, what: string, x: number, y: number): void {
  const why = rigRefusal(ctx.world, actor, what, x, y);
  if (why) {
    if (isPlayer(ctx, actor)) ctx.say(why, 'info');
    return;
  }
  const trap = trapAt(ctx.world, x, y);
  if (what === 'reset' && trap) {
    ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: true } });
    ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: 'reset' });
    if (isPlayer(ctx, actor)) ctx.say(`You reset the ${ctx.trapName(trap)}.`, 'good');
    return;
  }
  if (what === 'repair' && trap) {
    const dc = craftDcOf(ctx.ruleset, trap) ?? REPAIR_DC;
    const { natural, total } = sample(d20Roll(craftBonus(actor)), ctx.rng('player'));
    // The one rule the odds read too (rigReading: the `check` check, a skill check).
    const ok = resolveD20(natural, craftBonus(actor), dc, 'skill') === 'success';
    ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: ok ? 'repaired' : 'failed' });
    if (ok) ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: true, data: { broken: false } } });
    if (isPlayer(ctx, actor)) ctx.say(ok ? `You repair the ${ctx.trapName(trap)}.` : `You fail to repair the ${ctx.trapName(trap)} (Craft ${total} against DC ${dc}).`, ok ? 'good' : 'info');
    return;
  }
  const inventory = actor.inventory.map((i) => ({ ...i, ...(i.data ? { data: { ...i.data } } : {}) }));
  const kit = inventory.find((i) => i.kind === TRAP_KIT && i.data?.trap === what && i.count > 0)!;
  // The actorUpdated payload being built: `inventory` holds copies, not the actor's own items.
  kit.count -= 1;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory: inventory.filter((i) => i.count > 0) } });
  const placed = ctx.placeTrap({ kind: what, x, y }, actor.id);
  ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: 'set' });
  if (isPlayer(ctx, actor)) ctx.say(`You set ${/^[aeiou]/i.test(ctx.trapName(placed)) ? 'an' : 'a'} ${ctx.trapName(placed)}.`, 'good');
}

// ---------------------------------------------------------------- time and refusals

export function actionCost(world: World, actor: Actor, action: Action): number {
  const s = d20Settings(world.settings);
  const speed = actor.speed > 0 ? actor.speed : 100;
  switch (action.type) {
    case 'search':
      return ROUND * (s.take20 ? TAKE_20 : 1);
    case 'disarm':
      return ROUND;
    case 'rig':
      return ROUND * (action.what === 'repair' ? s.repairRounds : s.resetRounds);
    default:
      return Math.round((ROUND * 100) / speed);
  }
}

export function refuse(world: World, actor: Actor, action: Action): string | null {
  if (action.type === 'disarm') {
    const trap = trapAt(world, actor.x + action.dx, actor.y + action.dy);
    if (trap?.knownBy.includes(actor.id)) return disarmBarrier(actor, profileOf(rulesetOf(world), trap), trap);
  }
  if (action.type === 'rig') return rigRefusal(world, actor, action.what, actor.x + action.dx, actor.y + action.dy);
  if (action.type === 'trigger') {
    const trap = trapAt(world, actor.x, actor.y);
    if (trap && !trap.armed) return `The ${d20KindIn(rulesetOf(world), trap.kind)?.name ?? trap.kind} has already been sprung.`;
  }
  return null;
}

/** Does this monster know of the trap (and so walk round it)? Only if it has found or seen it. */
export function monsterKnowsTrap(_world: World, monster: Actor, trap: Trap): boolean {
  return trap.knownBy.includes(monster.id);
}
