/**
 * The strange traps: teleport pad, goo pit, dissector, shimmering portal, and the always-invisible
 * (visibility 99) glow, hum, shadow, drain and snake traps. Numbers are the seed's; where it is
 * silent, CDDA's code of the seed's era (trapfunc.cpp, game::teleport, game::flashbang).
 */
import { HUNT_PATIENCE } from '../../core/brain.ts';
import { lineOfSight } from '../../core/fov.ts';
import { isFreeCell } from '../../core/effects/freeCells.ts';
import { summonAt } from '../../core/effects/summon.ts';
import { show } from '../../core/messages.ts';
import { chance } from '../../core/prob.ts';
import type { MonsterKind, RuleContext } from '../../core/ruleset.ts';
import { type Actor, chebyshev, chestAt, inBounds, TERRAIN_NAMES, type Terrain, terrainAt, type Trap } from '../../core/world.ts';
import { isPlayer, stat } from './actors.ts';
import { oneIn, rng } from './checks.ts';
import { hurtCreature, hurtPart, setStatus, setTraits, trapDraw, trapNoise } from './harm.ts';
import { landingSquareProgram, landingSquares, TELEPORT_RANGE, TELEPORT_WALL_DAMAGE } from './teleport.ts';
import type { CddaTraits } from './traits.ts';
import { actorAt } from '../../core/level.ts';

/** The goo's acid: 3 in 10, then rng(0, 5) to each foot. */
export const GOO_ACID_CHANCE = [3, 10] as const;
export const GOO_ACID_DAMAGE = [0, 5] as const;

/** Walkable, no chest, nobody there. */
function emptyCell(ctx: RuleContext, x: number, y: number): boolean {
  return isFreeCell(ctx.world, x, y, { noActor: true, noChest: true });
}

/** Walkable, no chest (someone may stand there). */
function passableCell(ctx: RuleContext, x: number, y: number): boolean {
  return isFreeCell(ctx.world, x, y, { noChest: true });
}

/** A monster blown apart (telefragged or torn by a failed teleport). */
function explodeMonster(ctx: RuleContext, m: Actor, trap: Trap, cause: string): void {
  hurtCreature(ctx, m, Math.max(1, m.hp), { trap, cause });
}

/**
 * Squares drawn around the monster, each coordinate within TELEPORT_RANGE, until one is accepted or
 * `maxTries` have been drawn; the last square drawn and how many were.
 */
function teleportDraws(ctx: RuleContext, a: Actor, maxTries: number, accept: (x: number, y: number) => boolean): { x: number; y: number; tries: number } {
  let x = a.x;
  let y = a.y;
  let tries = 0;
  do {
    x = a.x + trapDraw(ctx, rng(-TELEPORT_RANGE, TELEPORT_RANGE));
    y = a.y + trapDraw(ctx, rng(-TELEPORT_RANGE, TELEPORT_RANGE));
    tries++;
  } while (tries < maxTries && !accept(x, y));
  return { x, y, tries };
}

/**
 * The player (game::teleport, teleport.ts): the landing drawn by the very program the `teleport`
 * and `step` checks read, over the squares around where it stands: an empty square, a monster's
 * (it explodes: "You teleport into the middle of a ...!"), its own (it stays), or, after 15 squares
 * no one can stand in, the last of them: 500 to the torso.
 */
function teleportPlayer(ctx: RuleContext, trap: Trap, a: Actor): void {
  const squares = landingSquares(ctx.world, a.id, a.x, a.y);
  const { at, index } = trapDraw(ctx, landingSquareProgram(squares));
  if (at === 'self') return;
  const [x, y] = squares[at][index]!;
  if (at === 'empty') {
    ctx.moveActor(a, x, y, 'teleport', false);
    return;
  }
  if (at === 'monster') {
    const occupant = actorAt(ctx.world, x, y)!;
    ctx.say(`You teleport into the middle of a ${occupant.name}!`, 'bad');
    explodeMonster(ctx, occupant, trap, 'telefragged');
    ctx.moveActor(a, x, y, 'teleport', false);
    return;
  }
  const what = !inBounds(ctx.world, x, y) ? 'stone wall' : chestAt(ctx.world, x, y) ? 'chest' : TERRAIN_NAMES[terrainAt(ctx.world, x, y) as Terrain];
  ctx.say(`You teleport into the middle of a ${what}!`, 'danger');
  hurtPart(ctx, a, 'torso', TELEPORT_WALL_DAMAGE, { trap, cause: `teleported into a ${what}` });
}

/**
 * A monster: up to 10 tries for a passable square within 12; the loop ends at the 10th try, and a
 * monster whose loop ran out explodes. A monster at the new square is telefragged instead.
 */
function teleportMonster(ctx: RuleContext, trap: Trap, m: Actor): void {
  const hero = ctx.world.actors.find((a) => a.id === ctx.world.playerId);
  const passable = (x: number, y: number) => passableCell(ctx, x, y) && !(hero?.alive && hero.x === x && hero.y === y);
  const { x, y, tries } = teleportDraws(ctx, m, 10, passable);
  if (tries === 10) {
    if (ctx.playerSees(m.x, m.y)) ctx.say(`The ${m.name} explodes!`, 'good');
    explodeMonster(ctx, m, trap, 'torn apart by a teleport pad');
    return;
  }
  const other = actorAt(ctx.world, x, y);
  if (other && other.id !== m.id) {
    if (ctx.playerSees(m.x, m.y)) ctx.say(`The ${m.name} teleports into a ${other.name}, killing them both!`, 'good');
    explodeMonster(ctx, other, trap, `telefragged by a ${m.name}`);
    return;
  }
  ctx.moveActor(m, x, y, 'teleport', false);
}

export function telepad(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  trapNoise(ctx, trap.x, trap.y, 8, 'vvrrrRRMM*POP!*');
  if (!actor) return;
  show(ctx, actor, 'The air shimmers around {1 him}...', 'trap', { seenTone: 'trap' });
  if (isPlayer(ctx.world, actor)) teleportPlayer(ctx, trap, actor);
  else teleportMonster(ctx, trap, actor);
}

/** CDDA's blob: speed 85 before the goo takes 15 off. */
export const BLOB_SPEED = 85;
export const SLIMED_TURNS = 20;

export function goo(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  ctx.removeTrap(trap, 'spent');
  if (!actor) return;
  show(ctx, actor, '{1} step[s] in a puddle of thick goo.', 'bad', { seenTone: 'trap' });
  if (isPlayer(ctx.world, actor)) {
    setStatus(ctx, actor, { slimed: SLIMED_TURNS });
    // The seed: 30% of 0-5 to both feet.
    if (trapDraw(ctx, chance(...GOO_ACID_CHANCE))) {
      ctx.say('The acidic goo eats away at your feet.', 'bad');
      hurtPart(ctx, actor, 'foot_l', trapDraw(ctx, rng(...GOO_ACID_DAMAGE)), { trap, damageType: 'acid' });
      hurtPart(ctx, actor, 'foot_r', trapDraw(ctx, rng(...GOO_ACID_DAMAGE)), { trap, damageType: 'acid' });
    }
    return;
  }
  if (actor.kind === 'blob') {
    const speed = actor.speed + 15;
    ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { speed, hp: speed, maxHp: Math.max(actor.maxHp, speed) } });
    return;
  }
  // Any other monster becomes a blob with 15 less than a blob's speed, and that much health.
  const speed = BLOB_SPEED - 15;
  ctx.emit({
    type: 'actorUpdated',
    actor: actor.id,
    changes: {
      kind: 'blob',
      name: 'blob',
      glyph: 'O',
      colour: '#50d050',
      speed,
      hp: speed,
      maxHp: Math.max(actor.maxHp, speed),
      traits: { dodge: 0, size: 'medium', material: 'flesh', intelligence: 0 } satisfies CddaTraits,
    },
  });
  if (ctx.playerSees(actor.x, actor.y)) ctx.say('It turns into a blob!', 'info');
}

// ---------------------------------------------------------------- the magical traps

function flashbang(ctx: RuleContext, x: number, y: number): void {
  const hero = ctx.world.actors.find((a) => a.id === ctx.world.playerId);
  if (hero?.alive) {
    const dist = chebyshev(hero.x, hero.y, x, y);
    if (dist <= 8) {
      const changes: Record<string, number> = { deaf: Math.max(hero.status.deaf ?? 0, 40 - dist * 4) };
      if (lineOfSight(ctx.world, x, y, hero.x, hero.y, 8)) changes.blind = Math.max(hero.status.blind ?? 0, Math.floor((12 - dist) / 2));
      setStatus(ctx, hero, changes);
    }
  }
  ctx.emit({ type: 'effect', effect: 'flash', cells: [[x, y]], colour: '#ffffff', source: 'flashbang' });
  trapNoise(ctx, x, y, 12, 'a huge boom!');
}

export function glow(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor) return;
  if (!isPlayer(ctx.world, actor)) {
    // Monsters: 30% to be hurt 5-10 and slowed by 10%.
    if (trapDraw(ctx, chance(3, 10))) {
      hurtCreature(ctx, actor, trapDraw(ctx, rng(5, 10)), { trap, damageType: 'acid' });
      if (actor.alive) ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { speed: Math.trunc(actor.speed * 0.9) } });
    }
    return;
  }
  // 30% radiation; else 25% a flashbang; else harmless flashes (nested, as one_in(3) then one_in(4)).
  if (trapDraw(ctx, chance(3, 10))) {
    ctx.say('You\u2019re bathed in radiation!', 'bad');
    setTraits(ctx, actor, { radiation: stat(actor, 'radiation') + trapDraw(ctx, rng(10, 30)) });
  } else if (trapDraw(ctx, chance(1, 4))) {
    ctx.say('A blinding flash strikes you!', 'bad');
    flashbang(ctx, actor.x, actor.y);
  } else ctx.say('Small flashes surround you.', 'info');
}

export function humSound(volume: number): string {
  if (volume <= 10) return 'hrm';
  if (volume <= 50) return 'hrmmm';
  if (volume <= 100) return 'HRMMM';
  return 'VRMMMMMM';
}

export function hum(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  const volume = trapDraw(ctx, rng(1, 200));
  trapNoise(ctx, trap.x, trap.y, volume, humSound(volume));
  if ((actor && isPlayer(ctx.world, actor)) || ctx.playerSees(trap.x, trap.y)) ctx.say(`You hear "${humSound(volume)}".`, 'info');
  // 150 or more deafens whoever stood on it, for volume - 140 turns.
  if (actor && volume >= 150) setStatus(ctx, actor, { deaf: Math.max(actor.status.deaf ?? 0, volume - 140) });
}

const SHADOW: MonsterKind = {
  id: 'shadow',
  name: 'shadow',
  glyph: 'S',
  colour: '#707070',
  hp: 60,
  speed: 90,
  melee: { n: 1, sides: 6, bonus: 0 },
  flying: false,
  intelligence: 0,
  size: 'medium',
  xp: 10,
};

const SHADOW_SNAKE: MonsterKind = {
  id: 'shadow_snake',
  name: 'shadow snake',
  glyph: 's',
  colour: '#707070',
  hp: 40,
  speed: 100,
  melee: { n: 1, sides: 4, bonus: 0 },
  flying: false,
  intelligence: 0,
  size: 'small',
  xp: 6,
};

/** A square on the ring 5 away from (x, y), in sight of it and empty; up to 10 tries. */
function spawnNear(ctx: RuleContext, kind: MonsterKind, x: number, y: number): Actor | null {
  for (let tries = 0; tries < 10; tries++) {
    let mx: number;
    let my: number;
    if (trapDraw(ctx, oneIn(2))) {
      mx = x + trapDraw(ctx, rng(-5, 5));
      my = y + (trapDraw(ctx, oneIn(2)) ? -5 : 5);
    } else {
      mx = x + (trapDraw(ctx, oneIn(2)) ? -5 : 5);
      my = y + trapDraw(ctx, rng(-5, 5));
    }
    if (!emptyCell(ctx, mx, my) || !lineOfSight(ctx.world, mx, my, x, y, 10)) continue;
    return summonAt(ctx, kind, mx, my, { actsIn: 100, hunts: { x, y, patience: HUNT_PATIENCE } });
  }
  return null;
}

export function shadow(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (!actor || !isPlayer(ctx.world, actor)) return;
  if (spawnNear(ctx, SHADOW, actor.x, actor.y)) {
    ctx.say('A shadow forms nearby.', 'bad');
    ctx.removeTrap(trap, 'spent');
  }
}

export function snake(ctx: RuleContext, trap: Trap, actor: Actor | null): void {
  if (actor && isPlayer(ctx.world, actor) && spawnNear(ctx, SHADOW_SNAKE, actor.x, actor.y)) ctx.say('A shadowy snake forms nearby.', 'bad');
  trapNoise(ctx, trap.x, trap.y, 10, 'ssssssss');
  // The seed: a 16% chance that the trap is destroyed.
  if (trapDraw(ctx, chance(16, 100))) ctx.removeTrap(trap, 'destroyed');
}

/** The shimmering portal: "It does nothing yet". */
export function portal(): void {}
