/**
 * What each trap does when it goes off ("What traps do"): attacks against Defence, the arrow's
 * flight, fireball and frost blasts, the lightning line, pits, the alarm bell and teleports, plus
 * the wounds they leave (blood, bleeding). Every change goes through the RuleContext.
 */
import { NOISE_CELLS_PER_VOLUME } from '../../core/context.ts';
import { blastCells } from '../../core/effects/blast.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { TriggerHow } from '../../core/events.ts';
import { type Actor, chebyshev, chestAt, DIRECTIONS, inBounds, isTransparent, Terrain, terrainAt, type Trap, type World } from '../../core/world.ts';
import { type AttackResult, attackProgram, damageRollProgram, percentProgram } from './checks.ts';
import { num } from './settings.ts';
import { armourOf, BLAST_RADIUS, BOLT_RANGE, dodgeOf, finalDamage, reductionOf, trapTier } from './stats.ts';
import { type CeaptunTrap, type Dice, ITEM, trapOf } from './traps.ts';
import { capitalise, isHero, killedBy, tell, withArticle } from './words.ts';
import { actorAt } from '../../core/level.ts';

/** How far an arrow flies from its slit, in cells. */
export const ARROW_FLIGHT = 16;
/** How far from a floor trap its arrow's slit may be. */
export const SLIT_RANGE = 12;

type Cell = [number, number];

/** The dice a trap rolls here: the playing table's, at its tier (rigged traps always the first). */
export function trapDice(ctx: Pick<RuleContext, 'world' | 'ruleset'>, trap: Trap): Dice | null {
  const t = trapOf(ctx.ruleset, trap.kind);
  return t.damage ? t.damage[trapTier(ctx.world, trap)]! : null;
}

// ---------------------------------------------------------------- wounds

/** Deals a trap's rolled damage to one victim (edge halving, Trap sense and ward), with its wounds. */
export function dealTrapDamage(ctx: RuleContext, trap: Trap, victim: Actor, raw: number, edge = false): number {
  if (!victim.alive) return 0;
  const t = trapOf(ctx.ruleset, trap.kind);
  const amount = finalDamage(raw, edge, reductionOf(victim.traits, ctx.settings));
  ctx.damage(victim, amount, {
    cause: killedBy(t.name),
    trap,
    killer: trap.owner,
    ...(t.damageType ? { damageType: t.damageType } : {}),
  });
  if (amount >= Math.ceil((victim.maxHp * num(ctx.settings, 'bigHitPercent')) / 100)) bigWound(ctx, victim);
  return amount;
}

/** A big blow spills blood and may leave the victim bleeding (1 hit point a turn, see onTurn). */
function bigWound(ctx: RuleContext, victim: Actor): void {
  ctx.emit({ type: 'effect', effect: 'flash', cells: [[victim.x, victim.y]], colour: '#9b0000', source: 'blood' });
  if (ctx.playerSees(victim.x, victim.y)) ctx.say('Blood spills on the floor.', 'bad');
  const turns = num(ctx.settings, 'bleedTurns');
  if (!victim.alive || turns <= 0) return;
  if (!sample(percentProgram(num(ctx.settings, 'bleedChance')), ctx.rng('traps'))) return;
  ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { status: { bleeding: Math.max(victim.status.bleeding ?? 0, turns) } } });
  tell(ctx, victim, 'You are bleeding!', `The ${victim.name} is bleeding.`, 'bad');
}

/** Bleeding, once per turn of the actor. */
export function bleed(ctx: RuleContext, actor: Actor): void {
  const left = actor.status.bleeding ?? 0;
  if (left <= 0 || !actor.alive) return;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { bleeding: left - 1 } } });
  if (isHero(ctx, actor)) ctx.say('You bleed.', 'bad');
  ctx.damage(actor, 1, { cause: 'bled to death' });
}

// ---------------------------------------------------------------- attacks (arrows, spears, stakes)

/** An attack from a trap against the victim's Defence; on a hit, the trap's damage (twice on a hard hit). */
export function trapAttack(ctx: RuleContext, trap: Trap, victim: Actor, noun: string): AttackResult {
  const s = ctx.settings;
  const bonus = trapTier(ctx.world, trap) * num(s, 'attackBonusPerTier');
  const dodgeLine = num(s, 'baseDefence') + dodgeOf(victim.traits, s);
  const defence = dodgeLine + armourOf(victim.traits);
  const result = sample(attackProgram(bonus, defence, dodgeLine), ctx.rng('traps'));
  const hit = result === 'hit' || result === 'hit_hard';
  ctx.emit({ type: 'attacked', source: ctx.trapName(trap), attacker: null, target: victim.id, result: result === 'hit_hard' ? 'hard' : hit ? 'hit' : 'miss' });
  const them = `the ${victim.name}`;
  switch (result) {
    case 'dodged':
      tell(ctx, victim, `You dodge the ${noun}.`, `${capitalise(them)} dodges the ${noun}.`, 'good');
      break;
    case 'glanced':
      tell(ctx, victim, `The ${noun} glances off your armour.`, `The ${noun} glances off ${them}'s armour.`, 'good');
      break;
    case 'hit':
      tell(ctx, victim, `The ${noun} hits you.`, `The ${noun} hits ${them}.`, 'bad');
      break;
    case 'hit_hard':
      tell(ctx, victim, `The ${noun} hits you hard!`, `The ${noun} hits ${them} hard!`, 'danger');
      break;
  }
  const dice = trapDice(ctx, trap);
  if (hit && dice) dealTrapDamage(ctx, trap, victim, sample(damageRollProgram(dice, result === 'hit_hard'), ctx.rng('traps')));
  return result;
}

/** Spears or stakes spring at whoever set the trap off (from a door: a blade). */
export function strike(ctx: RuleContext, trap: Trap, t: CeaptunTrap, victim: Actor | null): void {
  const fromDoor = trap.host.kind !== 'floor';
  const where = trap.host.kind === 'chest' ? 'the chest' : 'the door';
  const text = fromDoor ? `A blade springs from ${where}!` : t.id === 'stake' ? 'Stakes spring from the floor!' : 'Spears spring from the floor!';
  if (isHero(ctx, victim) || ctx.playerSees(trap.x, trap.y)) ctx.say(text, 'trap');
  if (victim?.alive) trapAttack(ctx, trap, victim, fromDoor ? 'blade' : t.noun);
}

function flies(world: World, x: number, y: number): boolean {
  return inBounds(world, x, y) && isTransparent(terrainAt(world, x, y)) && !chestAt(world, x, y);
}

/** The nearest wall along the 8 straight lines from a cell: the arrow's hidden slit. */
export function nearestSlit(world: World, x: number, y: number, range = SLIT_RANGE): { dx: number; dy: number; dist: number } | null {
  let best: { dx: number; dy: number; dist: number } | null = null;
  for (const [dx, dy] of DIRECTIONS) {
    for (let k = 1; k <= range; k++) {
      if (flies(world, x + dx * k, y + dy * k)) continue;
      if (!best || k < best.dist) best = { dx, dy, dist: k };
      break;
    }
  }
  return best;
}

function sign(v: number): number {
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/**
 * An arrow flies like a shot: from the slit of the nearest wall across the trap (or from a door,
 * chest or the trap itself straight at whoever set it off), attacking whoever stands in its way
 * until it hits; it lands where it falls, ready to be picked up.
 */
export function shootArrow(ctx: RuleContext, trap: Trap, t: CeaptunTrap, victim: Actor | null): void {
  const world = ctx.world;
  const onTrap = !victim || (victim.x === trap.x && victim.y === trap.y);
  const path: Cell[] = [];
  let origin: Cell = [trap.x, trap.y];
  if (onTrap) {
    const slit = nearestSlit(world, trap.x, trap.y);
    if (slit) {
      origin = [trap.x + slit.dx * slit.dist, trap.y + slit.dy * slit.dist];
      for (let k = slit.dist - 1; k > slit.dist - 1 - ARROW_FLIGHT; k--) {
        const c: Cell = [trap.x + slit.dx * k, trap.y + slit.dy * k];
        if (!flies(world, c[0], c[1])) break;
        path.push(c);
      }
    } else path.push([trap.x, trap.y]);
  } else {
    const dx = sign(victim.x - trap.x);
    const dy = sign(victim.y - trap.y);
    for (let k = 1; k <= ARROW_FLIGHT; k++) {
      const c: Cell = [trap.x + dx * k, trap.y + dy * k];
      if (!flies(world, c[0], c[1])) break;
      path.push(c);
    }
  }
  const seen = isHero(ctx, victim) || ctx.playerSees(trap.x, trap.y);
  if (seen) {
    const text =
      trap.host.kind === 'door'
        ? 'An arrow shoots out of the wall beside the door!'
        : trap.host.kind === 'chest'
          ? 'An arrow shoots out of the chest!'
          : t.id === 'tripwire'
            ? 'A wire gives: an arrow shoots out of the wall!'
            : 'An arrow shoots out of a hidden slit in the wall!';
    ctx.say(text, 'trap');
  }
  let landing: Cell = path.length > 0 ? path[path.length - 1]! : [trap.x, trap.y];
  const flown: Cell[] = [origin];
  for (const c of path) {
    flown.push(c);
    const target = actorAt(world, c[0], c[1]);
    if (!target) continue;
    const result = trapAttack(ctx, trap, target, t.noun);
    if (result === 'hit' || result === 'hit_hard') {
      landing = c;
      break;
    }
  }
  ctx.emit({ type: 'effect', effect: 'projectile', cells: flown, colour: '#e0e0e0', source: 'arrow' });
  ctx.placeItem({ kind: ITEM.arrow.kind, name: ITEM.arrow.name, count: 1, x: landing[0], y: landing[1] });
}

// ---------------------------------------------------------------- blasts

/** Cells a fireball or frost blast reaches: 2 cells around (the core's blast: walls stop it). */
export function trapBlastCells(world: World, x: number, y: number): Cell[] {
  return blastCells(world, x, y, BLAST_RADIUS);
}

/**
 * A fireball or frost blast: everyone in it takes the damage (one roll), full within 1 cell and
 * half at the edge; no roll to hit. Fire blows apart soft walls and melts ice (whoever stands on
 * it falls in); frost freezes water into ice.
 */
export function blast(ctx: RuleContext, trap: Trap, t: CeaptunTrap): void {
  const world = ctx.world;
  const fire = t.effect === 'fire';
  const cells = trapBlastCells(world, trap.x, trap.y);
  const inBlast = new Set(cells.map(([x, y]) => y * world.width + x));
  ctx.emit({ type: 'effect', effect: 'blast', cells, colour: t.colour, source: t.id });
  const trapSeen = ctx.playerSees(trap.x, trap.y);
  if (trapSeen) ctx.say(fire ? `The ${t.name} explodes in a ball of fire!` : `The ${t.name} bursts in a blast of frost!`, 'trap');
  else if (cells.some(([x, y]) => ctx.playerSees(x, y))) ctx.say(fire ? 'You see a burst of flame.' : 'You see a burst of frost.', 'trap');
  const dice = trapDice(ctx, trap);
  const raw = dice ? sample(damageRollProgram(dice), ctx.rng('traps')) : 0;
  const victims = world.actors.filter((a) => a.alive && inBlast.has(a.y * world.width + a.x)).sort((a, b) => a.id - b.id);
  for (const v of victims) {
    const edge = chebyshev(v.x, v.y, trap.x, trap.y) >= BLAST_RADIUS;
    tell(ctx, v, fire ? 'You are caught in the flames!' : 'The frost bites you!', fire ? `The ${v.name} is caught in the flames.` : `The frost bites the ${v.name}.`, 'bad');
    dealTrapDamage(ctx, trap, v, raw, edge);
  }
  for (const [x, y] of cells) {
    const terrain = terrainAt(world, x, y);
    if (fire && terrain === Terrain.SoftWall) {
      ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.Floor });
      if (ctx.playerSees(x, y)) ctx.say('The blast blows the soft wall apart.', 'info');
    } else if (fire && terrain === Terrain.Ice) {
      ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.Water });
      const swimmer = actorAt(world, x, y);
      if (swimmer) {
        ctx.emit({ type: 'actorUpdated', actor: swimmer.id, changes: { status: { lostActions: (swimmer.status.lostActions ?? 0) + 1 } } });
        tell(ctx, swimmer, 'The ice melts and you fall into the water!', `The ice melts and the ${swimmer.name} falls into the water.`, 'bad');
      }
    } else if (!fire && terrain === Terrain.Water) {
      ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.Ice });
    }
  }
}

/** A fireball or frost trap in a chest blows it apart, taking much of what it held. */
export function blowApartChest(ctx: RuleContext, trap: Trap): void {
  if (trap.host.kind !== 'chest') return;
  const chestId = trap.host.chest;
  const chest = ctx.world.chests.find((c) => c.id === chestId);
  if (!chest) return;
  if (ctx.playerSees(chest.x, chest.y)) ctx.say('The chest is blown apart!', 'trap');
  const loss = num(ctx.settings, 'chestBlastLoss');
  for (const item of chest.items) {
    if (sample(percentProgram(loss), ctx.rng('traps'))) continue;
    const { id: _id, ...rest } = item;
    ctx.placeItem({ ...rest, x: chest.x, y: chest.y });
  }
  ctx.emit({ type: 'chestRemoved', chest: chestId });
  ctx.removeTrap(trap, 'destroyed');
}

// ---------------------------------------------------------------- lightning

/** Cells of the bolt: from the trap through the victim beside it, or along the longest clear line (up to 12). */
export function boltCells(world: World, trap: Trap, victim: Actor | null): Cell[] {
  const line = (dx: number, dy: number): Cell[] => {
    const out: Cell[] = [];
    for (let k = 1; k <= BOLT_RANGE; k++) {
      const x = trap.x + dx * k;
      const y = trap.y + dy * k;
      if (!inBounds(world, x, y) || !isTransparent(terrainAt(world, x, y))) break;
      out.push([x, y]);
    }
    return out;
  };
  let cells: Cell[];
  if (victim && (victim.x !== trap.x || victim.y !== trap.y)) cells = line(sign(victim.x - trap.x), sign(victim.y - trap.y));
  else if (typeof trap.data.dir === 'number' && DIRECTIONS[trap.data.dir]) {
    // "unless the place says otherwise": a trap may carry its own direction.
    const [dx, dy] = DIRECTIONS[trap.data.dir]!;
    cells = line(dx, dy);
  } else {
    cells = [];
    for (const [dx, dy] of DIRECTIONS) {
      const l = line(dx, dy);
      if (l.length > cells.length) cells = l;
    }
  }
  return [[trap.x, trap.y], ...cells];
}

export function bolt(ctx: RuleContext, trap: Trap, t: CeaptunTrap, victim: Actor | null): void {
  const world = ctx.world;
  const cells = boltCells(world, trap, victim);
  ctx.emit({ type: 'effect', effect: 'line', cells, colour: t.colour, source: t.id });
  if (cells.some(([x, y]) => ctx.playerSees(x, y))) ctx.say('A bolt of lightning crackles along the floor!', 'trap');
  const dice = trapDice(ctx, trap);
  const raw = dice ? sample(damageRollProgram(dice), ctx.rng('traps')) : 0;
  const onLine = new Set(cells.map(([x, y]) => y * world.width + x));
  const victims = world.actors.filter((a) => a.alive && onLine.has(a.y * world.width + a.x)).sort((a, b) => a.id - b.id);
  for (const v of victims) {
    tell(ctx, v, 'The lightning strikes you!', `The lightning strikes the ${v.name}.`, 'bad');
    dealTrapDamage(ctx, trap, v, raw);
  }
}

// ---------------------------------------------------------------- pits, alarm, teleport

function train(ctx: RuleContext, actor: Actor, skill: string): void {
  const gain = num(ctx.settings, 'skillGain');
  const v = actor.traits[skill];
  if (gain <= 0 || typeof v !== 'number') return;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { traits: { [skill]: Math.min(200, v + gain) } } });
}

export { train };

/**
 * A fall into a pit: its damage, then the next action is lost climbing out (Escape artist 50:
 * half of it, 100: none). Each climb trains Escape artist, and half the time Athletics too.
 */
export function fall(ctx: RuleContext, trap: Trap, t: CeaptunTrap, victim: Actor | null): void {
  if (!victim?.alive) return;
  tell(ctx, victim, `You fall into the ${t.name}!`, `The ${victim.name} falls into the ${t.name}.`, 'bad');
  const dice = trapDice(ctx, trap);
  if (dice) dealTrapDamage(ctx, trap, victim, sample(damageRollProgram(dice), ctx.rng('traps')));
  if (!victim.alive) return;
  const escapeArtist = typeof victim.traits.escapeArtist === 'number' ? victim.traits.escapeArtist : 0;
  if (escapeArtist >= 100) tell(ctx, victim, 'You climb straight back out.', `The ${victim.name} climbs straight out.`, 'good');
  else if (escapeArtist >= 50) ctx.delay(victim, 50);
  else ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { status: { lostActions: (victim.status.lostActions ?? 0) + 1 } } });
  train(ctx, victim, 'escapeArtist');
  if (typeof victim.traits.athletics === 'number' && sample(percentProgram(50), ctx.rng('traps'))) train(ctx, victim, 'athletics');
}

export function ringAlarm(ctx: RuleContext, trap: Trap, victim: Actor | null): void {
  if (isHero(ctx, victim) || ctx.playerSees(trap.x, trap.y)) ctx.say('A bell rings out, deafeningly loud!', 'trap');
}

/** Free cells a teleport may set someone down on: plain floor, nobody, no chest, no trap; never ice. */
export function teleportTargets(world: World, except: Actor): Cell[] {
  const blocked = new Set<number>();
  for (const a of world.actors) if (a.alive) blocked.add(a.y * world.width + a.x);
  for (const c of world.chests) blocked.add(c.y * world.width + c.x);
  for (const tr of world.traps) blocked.add(tr.y * world.width + tr.x);
  const out: Cell[] = [];
  for (let y = 0; y < world.height; y++)
    for (let x = 0; x < world.width; x++) {
      const i = y * world.width + x;
      if (world.terrain[i] !== Terrain.Floor || blocked.has(i) || (x === except.x && y === except.y)) continue;
      out.push([x, y]);
    }
  return out;
}

export function teleport(ctx: RuleContext, victim: Actor | null): void {
  if (!victim?.alive) return;
  const targets = teleportTargets(ctx.world, victim);
  if (targets.length === 0) return;
  const [x, y] = targets[ctx.rng('traps').int(0, targets.length - 1)]!;
  tell(ctx, victim, 'You are wrenched elsewhere.', `The ${victim.name} vanishes!`, 'trap');
  ctx.moveActor(victim, x, y, 'teleport', false);
}

// ---------------------------------------------------------------- the trap going off

/** Who a trap strikes: whoever set it off, or whoever stands on a floor trap. */
function victimOf(ctx: RuleContext, trap: Trap, actor: Actor | null): Actor | null {
  if (actor?.alive) return actor;
  if (trap.host.kind !== 'floor') return null;
  return actorAt(ctx.world, trap.x, trap.y) ?? null;
}

/**
 * Learning of a trap as it goes off: you set it off, or you see it go off; one you cannot see
 * stays hidden, though you may hear it.
 */
function announce(ctx: RuleContext, trap: Trap, t: CeaptunTrap, actor: Actor | null): void {
  const world = ctx.world;
  const pid = world.playerId;
  if (isHero(ctx, actor)) {
    ctx.reveal(trap, pid, 'triggered');
    return;
  }
  if (ctx.playerSees(trap.x, trap.y)) {
    ctx.reveal(trap, pid, 'seen');
    if (actor) ctx.say(`The ${actor.name} sets off ${withArticle(t.name)}!`, 'trap');
    return;
  }
  const hero = world.actors.find((a) => a.id === pid);
  if (t.sound && hero?.alive && chebyshev(hero.x, hero.y, trap.x, trap.y) <= t.sound.volume * NOISE_CELLS_PER_VOLUME) ctx.say(t.sound.heard, 'info');
}

/** The trap goes off (every path: stepping, doors, chests, disarming, rigging): its effect, its sound, a charge. */
export function goOff(ctx: RuleContext, trap: Trap, actor: Actor | null, _how: TriggerHow): void {
  // Every way of setting a trap off does the same thing; only who it strikes differs (`actor`).
  const t = trapOf(ctx.ruleset, trap.kind);
  announce(ctx, trap, t, actor);
  const victim = victimOf(ctx, trap, actor);
  switch (t.effect) {
    case 'arrow':
      shootArrow(ctx, trap, t, victim);
      break;
    case 'strike':
      strike(ctx, trap, t, victim);
      break;
    case 'fire':
    case 'cold':
      blast(ctx, trap, t);
      break;
    case 'bolt':
      bolt(ctx, trap, t, victim);
      break;
    case 'pit':
      fall(ctx, trap, t, victim);
      break;
    case 'alarm':
      ringAlarm(ctx, trap, victim);
      break;
    case 'teleport':
      teleport(ctx, victim);
      break;
  }
  if (t.sound) ctx.noise(trap.x, trap.y, t.sound.volume, t.sound.source);
  if (trap.host.kind === 'chest' && (t.effect === 'fire' || t.effect === 'cold')) blowApartChest(ctx, trap);
  else ctx.spendCharge(trap);
}
