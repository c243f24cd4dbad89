/**
 * The game loop: `step(world, action)` performs the player's action, runs every other actor until
 * the player is asked again, and returns the events. The scheduler is rot.js's Action scheduler
 * semantics (the actor with the earliest time acts; ties go to the lower id) with its state kept
 * in the world (`actor.nextAct`), so a saved game resumes exactly.
 */
import { type Action, readAction } from './actions.ts';
import { StepContext } from './context.ts';
import { capitalise, countOf, listOf, withArticle } from './words.ts';
import { computeView } from './fov.ts';
import type { GameEvent } from './events.ts';
import { type LevelOptions, MIN_SIZE, generateLevel } from './mapgen.ts';
import { decide, HUNT_PATIENCE } from './brain.ts';
import { actorAt, edit, levelOf, player, trapAt } from './level.ts';
import { GUARD } from './writeGuard.ts';
import { roll, sample } from './prob.ts';
import { regenerate } from './healing.ts';
import { useItem, useRefusal } from './itemUse.ts';
import { slowedCost, tickCoreStatuses } from './statuses.ts';
import { disarmTrap } from './traps/disarm.ts';
import {
  type Actor,
  TERRAIN_NAMES,
  Terrain,
  type World,
  chestAt,
  inBounds,
  isWalkable,
  mindWith,
  NO_STATUS,
  serializeWorld,
  terrainAt,
} from './world.ts';

import { TICKS_PER_TURN, turnOf } from './scheduler.ts';

/** Re-exported where the engine's users have always found it; the one definition is the scheduler's. */
export { TICKS_PER_TURN };

export interface StepResult {
  events: GameEvent[];
  /** Set when the action was refused: nothing changed and no time passed. */
  refused?: string;
  /** Set when the player must confirm stepping onto a known trap first. */
  confirmTrap?: { trap: number; kind: string; name: string };
}

export function newGame(opts: LevelOptions): World {
  return generateLevel(opts);
}

/** Can this actor stand on that cell (terrain, chests, other actors)? */
export function canEnter(world: World, actor: Actor, x: number, y: number): boolean {
  if (!inBounds(world, x, y)) return false;
  const t = terrainAt(world, x, y);
  if (!isWalkable(t)) return false;
  if (chestAt(world, x, y)) return false;
  const other = actorAt(world, x, y);
  return !other || other.id === actor.id;
}

/** Why the core refuses an action before anything happens; null when it may go ahead. */
export function refusal(world: World, actor: Actor, action: Action, ctxRuleset: StepContext['ruleset']): string | null {
  if (world.over) return 'The game is over.';
  switch (action.type) {
    case 'move': {
      if (action.dx === 0 && action.dy === 0) return 'That is no direction.';
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      if (!inBounds(world, x, y)) return 'You cannot leave the map.';
      const t = terrainAt(world, x, y);
      const target = actorAt(world, x, y);
      if (target && target.id !== actor.id) break;
      if (t === Terrain.Wall || t === Terrain.SoftWall || t === Terrain.DoorSecret) return `There is a ${TERRAIN_NAMES[t as Terrain]} in the way.`;
      if (t === Terrain.DoorLocked && !lockTool(actor)) return LOCKED;
      if (t === Terrain.DoorClosed && !actor.opensDoors) return 'The door is closed.';
      if (chestAt(world, x, y)) break;
      break;
    }
    case 'disarm': {
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      const trap = trapAt(world, x, y);
      if (!trap?.knownBy.includes(actor.id)) return 'You know of no trap there.';
      break;
    }
    case 'rig': {
      const option = ctxRuleset.rigOptions(world, actor).find((o) => o.id === action.what);
      if (!option) return `There is no trap called "${action.what}" to rig here.`;
      if (!option.available) return option.reason ?? `You cannot rig a ${option.name} now.`;
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      if (!inBounds(world, x, y)) return 'You cannot rig a trap off the map.';
      break;
    }
    case 'open': {
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      const t = terrainAt(world, x, y);
      const chest = chestAt(world, x, y);
      if (chest) {
        if (chest.open) return 'That chest is already open.';
        break;
      }
      if (t === Terrain.DoorOpen || t === Terrain.DoorBroken) return 'That door is already open.';
      if (t === Terrain.DoorLocked && !lockTool(actor)) return LOCKED;
      if (t !== Terrain.DoorClosed && t !== Terrain.DoorLocked) return 'There is nothing to open there.';
      break;
    }
    case 'close': {
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      const t = terrainAt(world, x, y);
      if (t !== Terrain.DoorOpen) return t === Terrain.DoorBroken ? 'That door is broken.' : 'There is no open door there.';
      if (actorAt(world, x, y)) return 'Someone is standing in the doorway.';
      if (world.items.some((i) => i.x === x && i.y === y)) return 'Something is lying in the doorway.';
      break;
    }
    case 'kick': {
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      const t = terrainAt(world, x, y);
      if (t !== Terrain.DoorClosed && t !== Terrain.DoorLocked && !chestAt(world, x, y)) return 'There is nothing there to kick.';
      break;
    }
    case 'descend':
      if (terrainAt(world, actor.x, actor.y) !== Terrain.StairsDown) return 'There are no stairs down here.';
      break;
    case 'pickup':
      if (!world.items.some((i) => i.x === actor.x && i.y === actor.y)) return 'There is nothing here to pick up.';
      break;
    case 'use': {
      const why = useRefusal(world, actor, action.what, ctxRuleset);
      if (why) return why;
      break;
    }
    default:
      break;
  }
  return ctxRuleset.refuse?.(world, actor, action) ?? null;
}

/**
 * Performs one player action and runs the other actors until the player's next turn. The action
 * is checked first (`readAction`: the schema of files and links), whoever hands it over: anything
 * else — an unknown type, a step of two cells, a field too many, no object at all — is refused
 * and changes nothing. The engine then acts on the checked copy, never on the caller's object.
 */
export function step(givenWorld: World, given: Action): StepResult {
  const action = readAction(given);
  if (typeof action === 'string') return { events: [{ type: 'refused', reason: action }], refused: action };
  // Under the test-time write guard: first, that nothing wrote the world since the last step.
  if (GUARD.on) levelOf(givenWorld).verify();
  const ctx = new StepContext(givenWorld);
  const world = ctx.world;
  const hero = player(world);
  // A helpless hero (d20's dying) does nothing asked of him: his turn passes (runUntilPlayer
  // passes them all, so only a game cut off mid-way meets one here).
  const down = ctx.ruleset.down;
  const helpless = down?.helpless(world, hero) === true && !world.over;
  const why = helpless ? null : refusal(world, hero, action, ctx.ruleset);
  if (why) return { events: [{ type: 'refused', reason: why }], refused: why };
  if (action.type === 'move' && !action.confirm && !helpless) {
    const x = hero.x + action.dx;
    const y = hero.y + action.dy;
    const trap = trapAt(world, x, y);
    if (trap && trap.host.kind === 'floor' && trap.knownBy.includes(hero.id) && !actorAt(world, x, y)) {
      const name = ctx.trapName(trap);
      return {
        events: [{ type: 'refused', reason: `Really step onto the ${name}?` }],
        refused: `Really step onto the ${name}?`,
        confirmTrap: { trap: trap.id, kind: trap.kind, name },
      };
    }
  }

  const startTime = world.time;
  const round = actionRound(ctx, hero);
  ctx.ruleset.onTurn?.(ctx, hero);
  if (hero.alive && !world.over && helpless) {
    down!.pass(ctx, hero);
    if (hero.alive) ctx.emit(acted(hero, Math.max(hero.nextAct, world.time) + TICKS_PER_TURN, round));
  } else if (hero.alive && !world.over) {
    // Asked before the action, in the state it begins in (an attack needs its foe still there).
    const strenuous = down?.strenuous(world, hero, action) === true;
    const hpBefore = hero.hp;
    const cost = slowedCost(hero, perform(ctx, hero, action));
    if (strenuous && hero.alive) down!.strained(ctx, hero, hpBefore);
    ctx.emit(acted(hero, Math.max(hero.nextAct, world.time) + cost, round));
  }
  ctx.emit({ type: 'viewUpdated' });
  const viewFrom = viewKey(ctx);
  runUntilPlayer(ctx, startTime);
  finishStep(ctx, viewFrom);
  return { events: ctx.events };
}

/**
 * How many of a step's first events are the player's own action (with what the ruleset does at
 * the start of the player's turn): `step` ends it with the player's `acted` and at once a
 * `viewUpdated`, before any monster acts. The rest is the monsters' turns and the step's end
 * (the player's look in passing, the clock). All of them when the action did not end (the game
 * ended in it).
 */
export function playerActionLength(events: readonly GameEvent[], playerId: number): number {
  for (let i = 0; i + 1 < events.length; i++) {
    const e = events[i]!;
    if (e.type === 'acted' && e.actor === playerId && events[i + 1]!.type === 'viewUpdated') return i + 1;
  }
  return events.length;
}

/** The event that ends an action of `actor`; `round`: the round it was begun in, for rulesets that count actions. */
function acted(actor: Actor, nextAct: number, round: number | undefined): GameEvent {
  return round === undefined ? { type: 'acted', actor: actor.id, nextAct } : { type: 'acted', actor: actor.id, nextAct, round };
}

/** Runs monsters (and the player's lost actions) until the player is asked again. */
function runUntilPlayer(ctx: StepContext, startTime: number): void {
  const world = ctx.world;
  let guard = 0;
  let lastWorldTurn = turnOf(startTime);
  while (!world.over && !ctx.pendingFall && guard++ < 5_000_000) {
    const next = ctx.level.nextToAct();
    if (!next) break;
    if (next.nextAct > world.time) ctx.emit({ type: 'clock', time: next.nextAct, turn: world.turn });
    const worldTurn = turnOf(world.time);
    while (lastWorldTurn < worldTurn && !world.over) {
      lastWorldTurn++;
      tickCoreStatuses(ctx);
      // Healing after the poison of the same turn: a hero the poison has just killed heals nothing.
      if (!world.over) regenerate(ctx, lastWorldTurn);
      if (!world.over) ctx.ruleset.onWorldTurn?.(ctx);
    }
    if (next.id === world.playerId) {
      if (ctx.ruleset.down?.helpless(world, next)) {
        // A helpless hero's turn passes by itself (d20: the dying roll), bounded by the game's turn
        // limit: at it the step ends, and finishStep ends the game.
        // Each passed turn is one of the hero's turns (world.turn, which the limit counts).
        if (world.turn + 1 >= (world.settings.turnLimit as number)) break;
        ctx.ruleset.down.pass(ctx, next);
        if (!next.alive) continue;
        ctx.emit({ type: 'acted', actor: next.id, nextAct: next.nextAct + TICKS_PER_TURN });
        ctx.emit({ type: 'clock', time: world.time, turn: world.turn + 1 });
        continue;
      }
      if (next.status.lostActions && next.status.lostActions > 0) {
        ctx.emit({ type: 'actorUpdated', actor: next.id, changes: { status: { lostActions: next.status.lostActions - 1 } } });
        ctx.emit({ type: 'acted', actor: next.id, nextAct: next.nextAct + TICKS_PER_TURN });
        continue;
      }
      if (next.status.asleep) {
        ctx.emit({ type: 'actorUpdated', actor: next.id, changes: { status: { asleep: next.status.asleep - 1 } } });
        ctx.emit({ type: 'acted', actor: next.id, nextAct: next.nextAct + TICKS_PER_TURN });
        continue;
      }
      break;
    }
    actMonster(ctx, next);
  }
}

/** The round an action the actor begins now falls in, for rulesets that count actions per round; else undefined. */
function actionRound(ctx: StepContext, actor: Actor): number | undefined {
  return ctx.ruleset.countsActions ? turnOf(Math.max(actor.nextAct, ctx.world.time)) : undefined;
}

function actMonster(ctx: StepContext, m: Actor): void {
  let round = actionRound(ctx, m);
  ctx.ruleset.onTurn?.(ctx, m);
  if (!m.alive) return;
  let cost = TICKS_PER_TURN;
  // Most monsters have no status at all: one comparison instead of reading it by name.
  const st = m.status;
  if (st !== NO_STATUS && st.lostActions && st.lostActions > 0) {
    // A lost action is no action: not counted.
    round = undefined;
    ctx.emit({ type: 'actorUpdated', actor: m.id, changes: { status: { lostActions: st.lostActions - 1 } } });
  } else if (st !== NO_STATUS && st.asleep) {
    // Sleepers stay asleep until a noise or a blow wakes them.
    round = undefined;
  } else {
    const { action, mind, clearStep } = decide(ctx.world, m, ctx.rng('monsters'), ctx.ruleset);
    if (mind) ctx.emit({ type: 'actorUpdated', actor: m.id, changes: { ai: mind } });
    if (clearStep && action.type === 'move') {
      walkOnto(ctx, m, m.x + action.dx, m.y + action.dy, false);
      cost = ctx.ruleset.actionCost(ctx.world, m, action);
    } else cost = perform(ctx, m, action);
  }
  if (m.alive) ctx.emit(acted(m, Math.max(m.nextAct, ctx.world.time) + slowedCost(m, Math.max(1, cost)), round));
}

/** What the player's view depends on: where the player stands, the terrain, the level. */
interface ViewKey {
  depth: number;
  x: number;
  y: number;
  alive: boolean;
  terrain: number;
}

function viewKey(ctx: StepContext): ViewKey {
  const world = ctx.world;
  const p = player(world);
  return { depth: world.depth, x: p.x, y: p.y, alive: p.alive, terrain: ctx.level.terrainChanges };
}

function sameView(a: ViewKey, b: ViewKey): boolean {
  return a.depth === b.depth && a.x === b.x && a.y === b.y && a.alive === b.alive && a.terrain === b.terrain;
}

function finishStep(ctx: StepContext, viewFrom: ViewKey): void {
  const world = ctx.world;
  if (ctx.pendingFall && !world.over) {
    const { cause, levels = 1 } = ctx.pendingFall;
    ctx.pendingFall = null;
    enterNextLevel(ctx, levels > 1 ? `You fall ${levels} levels down (${cause}).` : `You fall through to the level below (${cause}).`, levels);
  }
  // Monsters do not change what the player sees; only a moved player or changed terrain does.
  if (!sameView(viewKey(ctx), viewFrom)) ctx.emit({ type: 'viewUpdated' });
  const hero = player(world);
  if (hero.alive && !world.over) ctx.ruleset.notice(ctx, hero);
  if (!world.over && world.turn + 1 >= (world.settings.turnLimit as number)) {
    ctx.say('You have run out of time.', 'danger');
    ctx.emit({ type: 'gameOver', won: false, cause: 'Ran out of time', turn: world.turn + 1 });
  }
  ctx.emit({ type: 'clock', time: world.time, turn: world.turn + 1 });
  ctx.emit({ type: 'rng', states: ctx.streams.snapshot() });
}

/** Moves the player down `levels` levels (1 unless falling further): a new level from the same seed, the player carried over. */
function enterNextLevel(ctx: StepContext, text: string, levels = 1): void {
  const world = ctx.world;
  const hero = player(world);
  const goal = world.settings.goalDepth as number;
  if (world.depth + levels > goal) {
    ctx.say('You reach the bottom of the dungeon. You win!', 'good');
    ctx.emit({ type: 'gameOver', won: true, cause: `Reached the bottom of the dungeon at depth ${world.depth}`, turn: world.turn });
    return;
  }
  const next = generateLevel(
    {
      seed: world.seed,
      ruleset: world.ruleset,
      settings: world.settings,
      // A small hand-drawn level (a scenario) continues on a level of the smallest real size.
      width: Math.max(MIN_SIZE.width, world.width),
      height: Math.max(MIN_SIZE.height, world.height),
      style: world.style,
      depth: world.depth + levels,
    },
    hero,
    world.nextId,
  );
  edit(next, (w) => {
    w.time = world.time;
    w.turn = world.turn;
    for (const a of w.actors) a.nextAct = world.time + (a.id === hero.id ? 0 : 1);
    computeView(w);
  });
  ctx.emit({ type: 'levelEntered', depth: next.depth, world: serializeWorld(next) });
  ctx.streams.reset(next.rng);
  ctx.say(text, 'info');
}

// ---------------------------------------------------------------- actions

/** Performs an action for any actor; returns the ticks it took. */
export function perform(ctx: StepContext, actor: Actor, action: Action): number {
  const world = ctx.world;
  const r = ctx.ruleset;
  switch (action.type) {
    case 'wait':
      return r.actionCost(world, actor, action);
    case 'move':
      return moveOrAttack(ctx, actor, action.dx, action.dy, action.confirm === true) ?? r.actionCost(world, actor, action);
    case 'search':
      r.search(ctx, actor);
      return r.actionCost(world, actor, action);
    case 'disarm': {
      const trap = trapAt(world, actor.x + action.dx, actor.y + action.dy);
      if (!trap?.knownBy.includes(actor.id)) return 0;
      // The kind's own disarm check where it has one (core/traps/disarm.ts), else the ruleset's.
      disarmTrap(ctx, actor, trap);
      return r.actionCost(world, actor, action);
    }
    case 'rig':
      r.rig(ctx, actor, action.what, actor.x + action.dx, actor.y + action.dy);
      return r.actionCost(world, actor, action);
    case 'open': {
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      const chest = chestAt(world, x, y);
      if (chest) openChest(ctx, actor, chest.id, 'open');
      else if (terrainAt(world, x, y) === Terrain.DoorLocked) unlockDoor(ctx, actor, x, y);
      else openDoor(ctx, actor, x, y, 'open');
      return r.actionCost(world, actor, action);
    }
    case 'close': {
      const x = actor.x + action.dx;
      const y = actor.y + action.dy;
      ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.DoorClosed });
      const trap = trapAt(world, x, y);
      if (trap && trap.host.kind === 'door' && !trap.armed) ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { armed: true } });
      if (actor.id === world.playerId) ctx.say('You close the door.');
      return r.actionCost(world, actor, action);
    }
    case 'kick':
      kick(ctx, actor, actor.x + action.dx, actor.y + action.dy);
      return r.actionCost(world, actor, action);
    case 'descend':
      if (actor.id === world.playerId) enterNextLevel(ctx, `You descend to depth ${world.depth + 1}.`);
      return r.actionCost(world, actor, action);
    case 'pickup': {
      const here = world.items.filter((i) => i.x === actor.x && i.y === actor.y);
      // A new list of new items: the actor's own items are the world's, written only by the event.
      const inventory = [...actor.inventory];
      for (const item of here) {
        ctx.emit({ type: 'itemRemoved', item: item.id });
        const at = inventory.findIndex((i) => i.kind === item.kind);
        // payload being built: a new list, new items
        if (at >= 0) inventory[at] = { ...inventory[at]!, count: inventory[at]!.count + item.count };
        // payload being built: a new list, new items
        else inventory.push({ ...item, x: -1, y: -1 });
        if (actor.id === world.playerId) ctx.say(`You pick up ${item.count > 1 ? countOf(item.count, item.name) : `the ${item.name}`}.`);
      }
      ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory } });
      return r.actionCost(world, actor, action);
    }
    case 'use':
      // Several turns of the ruleset's own wait (a first aid kit takes a while), in one action.
      return useItem(ctx, actor, action.what) * r.actionCost(world, actor, { type: 'wait' });
    case 'trigger': {
      // Works on any square, known trap or not, so it never tells what is hidden there.
      const trap = trapAt(world, actor.x, actor.y);
      if (trap && trap.host.kind === 'floor' && trap.armed) ctx.trigger(trap, actor, 'manual');
      else if (actor.id === world.playerId) ctx.say('Nothing happens.');
      return r.actionCost(world, actor, action);
    }
  }
}

/** Returns a cost when the move became something else (attack, door), else null for the move's cost. */
function moveOrAttack(ctx: StepContext, actor: Actor, dx: number, dy: number, confirmed: boolean): number | null {
  const world = ctx.world;
  const x = actor.x + dx;
  const y = actor.y + dy;
  const other = actorAt(world, x, y);
  if (other && other.id !== actor.id) {
    if (other.faction !== actor.faction) attack(ctx, actor, other);
    return null;
  }
  const t = terrainAt(world, x, y);
  if (t === Terrain.DoorClosed) {
    if (actor.opensDoors) openDoor(ctx, actor, x, y, 'open');
    return null;
  }
  if (t === Terrain.DoorLocked) {
    unlockDoor(ctx, actor, x, y);
    return null;
  }
  const chest = chestAt(world, x, y);
  if (chest) {
    if (actor.id === world.playerId && !chest.open) openChest(ctx, actor, chest.id, 'open');
    return null;
  }
  // No one stands there and it is no chest (both asked above): the terrain decides.
  if (!inBounds(world, x, y) || !isWalkable(t)) return null;
  walkOnto(ctx, actor, x, y, confirmed);
  return null;
}

/**
 * The actor walks onto (x, y), a walkable cell next to it with no one on it and no chest: held
 * fast it struggles instead, a ruleset may keep it on a trap it is leaving, and the trap where it
 * arrives is resolved.
 */
function walkOnto(ctx: StepContext, actor: Actor, x: number, y: number, confirmed: boolean): void {
  const world = ctx.world;
  const st = actor.status;
  if (st !== NO_STATUS && st.held && st.held > 0) {
    ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { held: st.held - 1 } } });
    if (actor.id === world.playerId) ctx.say('You struggle to get free.', 'bad');
    return;
  }
  const leaving = ctx.ruleset.onLeave ? trapAt(world, actor.x, actor.y) : undefined;
  if (leaving && leaving.host.kind === 'floor' && leaving.armed && ctx.ruleset.onLeave) {
    const away = ctx.ruleset.onLeave(ctx, actor, leaving);
    if (away === false || !actor.alive || actor.nextAct > world.time + TICKS_PER_TURN * 50) return;
  }
  ctx.emit({ type: 'moved', actor: actor.id, fromX: actor.x, fromY: actor.y, x, y, how: 'walk' });
  ctx.resolveArrival(actor, true, confirmed);
  if (actor.id === world.playerId && actor.alive && actor.x === x && actor.y === y) sayItemsHere(ctx, x, y);
}

/** "You see a key and 3 arrows here.": what the player has just stepped onto. */
function sayItemsHere(ctx: StepContext, x: number, y: number): void {
  const here = ctx.world.items.filter((i) => i.x === x && i.y === y);
  if (here.length === 0) return;
  ctx.say(`You see ${listOf(here.map((i) => countOf(i.count, i.name)))} here.`);
}

export function attack(ctx: StepContext, attacker: Actor, target: Actor): void {
  if (ctx.ruleset.beforeAttack?.(ctx, attacker, target) === false) return;
  const rng = ctx.rng('combat');
  const hits = rng.uniform() < 0.75;
  const isPlayer = attacker.id === ctx.world.playerId;
  if (target.status.asleep) ctx.emit({ type: 'actorUpdated', actor: target.id, changes: { status: { asleep: 0 } } });
  if (!hits) {
    ctx.emit({ type: 'attacked', source: attacker.name, attacker: attacker.id, target: target.id, result: 'miss' });
    if (isPlayer) ctx.say(`You miss the ${target.name}.`);
    else if (target.id === ctx.world.playerId) ctx.say(`The ${attacker.name} misses you.`);
    return;
  }
  const amount = Math.max(1, sample(roll(attacker.melee.n, attacker.melee.sides), rng) + attacker.melee.bonus);
  ctx.emit({ type: 'attacked', source: attacker.name, attacker: attacker.id, target: target.id, result: 'hit' });
  if (isPlayer) ctx.say(`You hit the ${target.name}.`);
  else if (target.id === ctx.world.playerId) ctx.say(`The ${attacker.name} hits you.`, 'bad');
  const part = target.parts ? 'torso' : undefined;
  ctx.damage(target, amount, {
    cause: isPlayer ? 'killed by you' : `killed by ${withArticle(attacker.name)}`,
    killer: attacker.id,
    ...(part ? { part } : {}),
  });
  if (target.alive && target.faction === 'hostile' && target.ai.mode !== 'hunt') {
    ctx.emit({ type: 'actorUpdated', actor: target.id, changes: { ai: mindWith(target.ai, { mode: 'hunt', targetX: attacker.x, targetY: attacker.y, patience: HUNT_PATIENCE }) } });
  }
}

const LOCKED = 'The door is locked. (Kick it with K, or open it with a key or lock picks.)';

/** Chance that one try with lock picks opens a lock. */
export const LOCK_PICK_CHANCE = 1 / 3;

/** What the actor could open a locked door with: a key, lock picks, or nothing. */
export function lockTool(actor: Actor): 'key' | 'lockpicks' | null {
  if (actor.inventory.some((i) => i.kind === 'key' && i.count > 0)) return 'key';
  if (actor.inventory.some((i) => i.kind === 'lockpicks' && i.count > 0)) return 'lockpicks';
  return null;
}

/**
 * A locked door: a key unlocks and opens it; lock picks open it one try in three. Either way the
 * door's trap goes off at the one working the lock (every try at picking it counts).
 */
function unlockDoor(ctx: StepContext, actor: Actor, x: number, y: number): void {
  const tool = lockTool(actor);
  if (!tool) return;
  const isPlayer = actor.id === ctx.world.playerId;
  if (tool === 'key') {
    if (isPlayer) ctx.say('You unlock the door.');
    openDoor(ctx, actor, x, y, 'unlock');
    return;
  }
  const trap = trapAt(ctx.world, x, y);
  const opens = ctx.rng('player').uniform() < LOCK_PICK_CHANCE;
  if (!opens) {
    if (isPlayer) ctx.say('You work at the lock with your picks.');
    if (trap && trap.host.kind === 'door' && trap.armed) ctx.ruleset.onOpen(ctx, actor, trap, 'pick');
    return;
  }
  if (isPlayer) ctx.say('You pick the lock.');
  openDoor(ctx, actor, x, y, 'pick');
}

/** Opening a door: its trap (if armed) goes off at whoever opened it. */
export function openDoor(ctx: StepContext, actor: Actor, x: number, y: number, how: 'open' | 'unlock' | 'pick'): void {
  ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.DoorOpen });
  if (actor.id === ctx.world.playerId) ctx.say('You open the door.');
  const trap = trapAt(ctx.world, x, y);
  if (trap && trap.host.kind === 'door' && trap.armed) ctx.ruleset.onOpen(ctx, actor, trap, how);
}

function kick(ctx: StepContext, actor: Actor, x: number, y: number): void {
  const world = ctx.world;
  const chest = chestAt(world, x, y);
  if (chest) {
    openChest(ctx, actor, chest.id, 'kick');
    return;
  }
  const rng = ctx.rng('combat');
  const breaks = rng.uniform() < 0.35;
  const trap = trapAt(world, x, y);
  if (trap && trap.host.kind === 'door' && trap.armed) ctx.ruleset.onOpen(ctx, actor, trap, 'kick');
  // Killed by the door's trap: the kick ends there.
  if (!actor.alive) return;
  if (breaks) {
    ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.DoorBroken });
    if (actor.id === world.playerId) ctx.say('WHAMM! The door crashes open.');
    // A door kicked in takes its trap with it.
    const still = trapAt(world, x, y);
    if (still && still.host.kind === 'door') ctx.removeTrap(still, 'destroyed');
  } else if (actor.id === world.playerId) ctx.say('WHAMM! The door holds.');
  ctx.noise(x, y, 60, 'a door being kicked');
}

export function openChest(ctx: StepContext, actor: Actor, chestId: number, how: 'open' | 'kick'): void {
  const world = ctx.world;
  const chest = world.chests.find((c) => c.id === chestId);
  if (!chest) return;
  const trap = world.traps.find((t) => t.host.kind === 'chest' && t.host.chest === chest.id);
  if (trap?.armed) ctx.ruleset.onOpen(ctx, actor, trap, how);
  // Killed by the chest's trap: nobody opens it, nobody takes what is inside.
  if (!actor.alive) return;
  const after = world.chests.find((c) => c.id === chestId);
  if (!after) return;
  ctx.emit({ type: 'chestChanged', chest: chestId, changes: { open: true } });
  if (actor.id !== world.playerId) return;
  if (after.items.length === 0) {
    ctx.say('The chest is empty.');
    return;
  }
  // A new list of new items (payload being built): the actor's own items are the world's, written only by the event.
  const inventory = [...actor.inventory];
  for (const item of after.items) {
    const at = inventory.findIndex((i) => i.kind === item.kind);
    // payload being built: a new list, new items
    if (at >= 0) inventory[at] = { ...inventory[at]!, count: inventory[at]!.count + item.count };
    // payload being built: a new list, new items
    else inventory.push({ ...item });
  }
  ctx.say(`You open the chest: ${listOf(after.items.map((i) => countOf(i.count, i.name)))}.`, 'good');
  ctx.emit({ type: 'chestChanged', chest: chestId, changes: { items: [] } });
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory } });
}

export function describeDeath(world: World): string | null {
  return world.over ? capitalise(world.over.cause) : null;
}


