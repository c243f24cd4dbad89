/**
 * Rigging traps with Trapwright: tripwire, stakes, pitfall. The work is one long action (5, 10 or
 * 20 minutes) whose state lives in the rigger's traits; each game turn of it (`onWorldTurn`) a
 * creature coming into view, or a wound, interrupts it (nothing rigged, nothing used, the time
 * spent is gone). At the end (`notice`, when the rigger's turn comes) the check is rolled.
 */
import type { Action } from '../../core/actions.ts';
import { sample } from '../../core/prob.ts';
import type { RigOption, RigReading, RuleContext } from '../../core/ruleset.ts';
import { type Actor, chestAt, DIRECTIONS, type Item, isVisible, TERRAIN_NAMES, Terrain, terrainAt, type Traits, type World } from '../../core/world.ts';
import { RIG_TARGET, rigProgram } from './checks.ts';
import { ceaptunSettings } from './settings.ts';
import { rigModifier, secondsToTicks } from './stats.ts';
import { ITEM, MAX_TRIPWIRE_ARROWS, type Rig, rigById, RIGS } from './traps.ts';
import { capitalise, withArticle } from './words.ts';
import { actorAt } from '../../core/level.ts';
import { ticksAtSpeed, TICKS_PER_TURN } from '../../core/scheduler.ts';
import { setTraits } from './traits.ts';

export const TRAPWRIGHT_LEVEL = 25;

function count(actor: Actor, kind: string): number {
  return actor.inventory.filter((i) => i.kind === kind).reduce((s, i) => s + i.count, 0);
}

function isTrapwright(traits: Traits): boolean {
  return traits.trapwright === true && typeof traits.craftLevel === 'number' && traits.craftLevel >= TRAPWRIGHT_LEVEL;
}

/** What this rig lacks, as a sentence, or null when the rigger has everything. */
function lacking(actor: Actor, rig: Rig): string | null {
  if (!isTrapwright(actor.traits)) return `You need Trapwright (a craftsperson of level ${TRAPWRIGHT_LEVEL}).`;
  switch (rig.id) {
    case 'tripwire':
      return count(actor, ITEM.arrow.kind) > 0 ? null : 'You need arrows (up to 3).';
    case 'stakes':
      return count(actor, ITEM.billet.kind) > 0 && count(actor, ITEM.knife.kind) > 0 ? null : 'You need a wood billet and a knife.';
    case 'pitfall':
      return count(actor, ITEM.digger.kind) > 0 ? null : 'You need a digging tool ready.';
  }
}

/** How setting `what` reads: the Trapwright check play rolls at the end of the work (`finishRig`), over the rigger's modifier. */
export function rigReading(_world: World, actor: Actor, what: string): RigReading | null {
  return rigById(what) ? { check: 'rig', inputs: { modifier: rigModifier(actor.traits), target: RIG_TARGET }, set: ['rigged'], setOff: ['sprung'] } : null;
}

export function rigOptions(_world: World, actor: Actor): RigOption[] {
  return RIGS.map((rig) => {
    const why = lacking(actor, rig);
    return why ? { id: rig.id, name: rig.name, available: false, reason: why } : { id: rig.id, name: rig.name, available: true };
  });
}

function isWallish(t: number): boolean {
  return t === Terrain.Wall || t === Terrain.SoftWall || t === Terrain.DoorSecret;
}

/** A tripwire's arrow needs a wall within 2 cells of the cell, in a straight line. */
export function wallNear(world: World, x: number, y: number): boolean {
  return DIRECTIONS.some(([dx, dy]) => isWallish(terrainAt(world, x + dx, y + dy)) || isWallish(terrainAt(world, x + 2 * dx, y + 2 * dy)));
}

/**
 * Where a trap may be rigged: open floor beside you with nobody on it and no known trap, chest,
 * door, stairs, water or ice. A hidden trap there is not refused: the work finds it instead.
 */
export function rigRefusal(world: World, actor: Actor, action: Extract<Action, { type: 'rig' }>): string | null {
  if (action.dx === 0 && action.dy === 0) return 'A trap is rigged on a cell beside you.';
  const x = actor.x + action.dx;
  const y = actor.y + action.dy;
  const t = terrainAt(world, x, y);
  if (t !== Terrain.Floor) return `You cannot rig a trap on ${withArticle(TERRAIN_NAMES[t as Terrain] ?? 'that')}.`;
  if (actorAt(world, x, y)) return 'Someone is standing there.';
  if (chestAt(world, x, y)) return 'There is a chest there.';
  if (world.traps.some((tr) => tr.x === x && tr.y === y && tr.knownBy.includes(actor.id))) return 'There is a trap there already.';
  if (action.what === 'tripwire' && !wallNear(world, x, y)) return 'A tripwire needs a wall within 2 cells, in a straight line, for its arrow to shoot from.';
  return null;
}

export function rigTicks(world: World, actor: Actor, what: string): number {
  const rig = rigById(what);
  return rig ? secondsToTicks(rig.minutes * 60, actor.speed, world.settings) : 100;
}

export function rigActive(actor: Actor): boolean {
  return typeof actor.traits.rigWhat === 'string' && actor.traits.rigWhat !== '';
}

function visibleCreatures(world: World, actor: Actor): number[] {
  return world.actors.filter((a) => a.alive && a.id !== actor.id && a.faction !== 'player' && isVisible(world, a.x, a.y)).map((a) => a.id);
}

/** Ticks the rig action took: the whole work, or one turn when it found a hidden trap instead. */
export function rigActionCost(world: World, actor: Actor, what: string): number {
  if (actor.traits.rigFoundAt === world.time) return ticksAtSpeed(TICKS_PER_TURN, actor.speed);
  return rigTicks(world, actor, what);
}

/** Starts the work (the core has checked the option and the refusal has checked the cell). */
export function startRig(ctx: RuleContext, actor: Actor, what: string, x: number, y: number): void {
  const world = ctx.world;
  const rig = rigById(what);
  if (!rig) return;
  const hidden = world.traps.find((t) => t.x === x && t.y === y && !t.knownBy.includes(actor.id));
  if (hidden) {
    ctx.reveal(hidden, actor.id, 'search');
    setTraits(ctx, actor, { rigFoundAt: world.time });
    ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: 'found' });
    ctx.say(`You find ${withArticle(ctx.trapName(hidden))} there instead.`, 'trap');
    return;
  }
  const end = Math.max(actor.nextAct, world.time) + rigTicks(world, actor, what);
  setTraits(ctx, actor, { rigWhat: what, rigX: x, rigY: y, rigEnd: end, rigHp: actor.hp, rigSeen: visibleCreatures(world, actor).join(','), rigFoundAt: -1 });
  ctx.say(`You start rigging ${withArticle(ctx.trapName(rig.trap))} (${rig.minutes} minutes).`);
}

function stopJob(ctx: RuleContext, actor: Actor): void {
  setTraits(ctx, actor, { rigWhat: '' });
}

/** Interrupts the work: nothing rigged, nothing used, the time spent gone; the rigger acts now. */
export function interruptRig(ctx: RuleContext, actor: Actor, why: string): void {
  if (!rigActive(actor)) return;
  const what = String(actor.traits.rigWhat);
  stopJob(ctx, actor);
  ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x: Number(actor.traits.rigX), y: Number(actor.traits.rigY), result: 'interrupted' });
  ctx.say(`${why} Nothing is rigged.`, 'bad');
  if (actor.nextAct > ctx.world.time) ctx.emit({ type: 'acted', actor: actor.id, nextAct: ctx.world.time });
}

/** Each game turn of the work: a creature coming into view or a wound stops it. */
export function watchRigging(ctx: RuleContext, actor: Actor): void {
  const world = ctx.world;
  if (!actor.alive || !rigActive(actor) || world.time >= Number(actor.traits.rigEnd)) return;
  // The view is otherwise only refreshed when the player acts; doors may have opened meanwhile.
  ctx.emit({ type: 'viewUpdated' });
  const before = new Set(String(actor.traits.rigSeen ?? '').split(',').filter(Boolean).map(Number));
  const newcomer = world.actors.find((a) => a.alive && a.id !== actor.id && a.faction !== 'player' && isVisible(world, a.x, a.y) && !before.has(a.id));
  if (newcomer) interruptRig(ctx, actor, `${capitalise(withArticle(newcomer.name))} comes into view: you stop rigging.`);
  else if (actor.hp < Number(actor.traits.rigHp)) interruptRig(ctx, actor, 'You are hurt: you stop rigging.');
}

function useUp(actor: Actor, kind: string, amount: number): Item[] {
  let left = amount;
  const out: Item[] = [];
  for (const item of actor.inventory) {
    if (item.kind !== kind || left <= 0) {
      out.push({ ...item });
      continue;
    }
    const used = Math.min(left, item.count);
    left -= used;
    if (item.count > used) out.push({ ...item, count: item.count - used });
  }
  return out;
}

/** The end of the work: the check against 10, then the trap in place, nothing, or the trap going off. */
export function finishRig(ctx: RuleContext, actor: Actor): void {
  const world = ctx.world;
  if (!rigActive(actor) || world.time < Number(actor.traits.rigEnd)) return;
  const what = String(actor.traits.rigWhat);
  const x = Number(actor.traits.rigX);
  const y = Number(actor.traits.rigY);
  stopJob(ctx, actor);
  const rig = rigById(what);
  if (!rig) return;
  const cellProblem = rigRefusal(world, actor, { type: 'rig', what, dx: x - actor.x, dy: y - actor.y });
  const missing = lacking(actor, rig);
  if (cellProblem || missing || Math.max(Math.abs(x - actor.x), Math.abs(y - actor.y)) !== 1) {
    ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result: 'blocked' });
    ctx.say(`You cannot finish the ${rig.name.toLowerCase()}. ${cellProblem ?? missing ?? 'You have moved.'}`, 'bad');
    return;
  }
  const result = sample(rigProgram(rigModifier(actor.traits)), ctx.rng('player'));
  ctx.emit({ type: 'rigAttempted', what, actor: actor.id, x, y, result });
  const name = ctx.trapName(rig.trap);
  if (result === 'failed') {
    ctx.say(`You fail to rig the ${name}.`);
    return;
  }
  // Made (or sprung as it is set): the arrows or the billet are used up; a knife and a digging tool are kept.
  let charges = rig.charges;
  if (rig.id === 'tripwire') {
    charges = Math.min(MAX_TRIPWIRE_ARROWS, count(actor, ITEM.arrow.kind));
    ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory: useUp(actor, ITEM.arrow.kind, charges) } });
  } else if (rig.id === 'stakes') {
    ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory: useUp(actor, ITEM.billet.kind, 1) } });
  }
  const trap = ctx.placeTrap({ kind: rig.trap, x, y, charges, data: { rigged: true } }, actor.id);
  if (result === 'rigged') {
    ctx.say(`You rig ${withArticle(name)}.`, 'good');
    return;
  }
  ctx.say(`You spring the ${name} as you set it!`, 'danger');
  ctx.trigger(trap, actor, 'rig');
  if (!ceaptunSettings(world.settings).rigSprungPlaces) ctx.removeTrap(trap, 'sprung');
}
