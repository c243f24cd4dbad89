/**
 * A whole trap read exactly for the survivor who steps onto it: the avoidance dice (checks.ts
 * `avoidCheck`, on the player's stream), then what the trap's effect does to the body parts, ending
 * in one of: avoided, set off but unhurt, hurt, or dead. Built from the programs and numbers play
 * uses (checks.ts, body.ts, and the ranges the effects in mechanical.ts, explosion.ts, falls.ts and
 * strange.ts deal), in the order play draws them (trigger.ts `onEnter`, then the trap's effect).
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
 * turns on the squares around it, has a check of its own (`landingProgram`).
 */
import { freeCells } from '../../core/effects/freeCells.ts';
import { chance, choice, constant, iterate, lift2, type Prob } from '../../core/prob.ts';
import type { CheckInputs, DisarmReading, Ruleset, StepHarm } from '../../core/ruleset.ts';
import type { Actor, Trap, World } from '../../core/world.ts';
import { has, isPlayer, stat } from './actors.ts';
import { HP_PARTS, type HitPart, type HpPart, MAIN_PART, randomHitPart, randomLeg, spikedPitPart } from './body.ts';
import { avoidCheck, oneIn, rng, UNDISARMABLE } from './checks.ts';
import { BLAST_LIMBS, type Blast, BOOBYTRAP_BLAST, blastDamage, blastLimbRange, blastTorsoRange, LANDMINE_BLAST } from './explosion.ts';
import { LAVA_PLAYER_DAMAGE, LAVA_PLAYER_PARTS, PIT_DAMAGE, SPIKED_PIT_DAMAGE, SPIKES_DODGE_ROLL } from './falls.ts';
import { trapNumbers } from './harm.ts';
import { flag, num } from './settings.ts';
import {
  BEARTRAP_DAMAGE,
  BLADE_DAMAGE,
  BOARD_DAMAGE,
  CROSSBOW_DAMAGE,
  CROSSBOW_DODGE_ROLL,
  CROSSBOW_MISS_ONE_IN,
  doubleShotOdds,
  HEAVY_SNARE_DAMAGE,
  isLastCharge,
  playerSecondShot,
  SHOTGUN_DAMAGE_PER_BARREL,
  SHOTGUN_DODGE_ROLL,
  TRIPWIRE_DAMAGE,
  TRIPWIRE_DEX_ROLL,
} from './mechanical.ts';
import { DISSECTOR_MAX, GOO_ACID_CHANCE, GOO_ACID_DAMAGE, PLAYER_TELEPORT_TRIES, TELEPORT_RANGE } from './strange.ts';
import { TRAP_DATA, trapFacts } from './traps.ts';


export const TRAP_KINDS: readonly string[] = TRAP_DATA.map((t) => t.id);

/** Squares a teleport pad may throw the player to: 25 x 25 around it, the pad's own among them. */
export const TELEPORT_SQUARES = (2 * TELEPORT_RANGE + 1) ** 2;

/** The survivor and the place, as the step check's inputs name them. */
export interface StepSituation {
  trap: string;
  /** HP of each of the six parts now; Infinity for a part the reading takes as above 0 and beyond any hit. */
  parts: Readonly<Record<HpPart, number>>;
  dex: number;
  /** Dodge skill level (the avoidance dice; get_dodge is Dex / 2 + this). */
  dodge: number;
  str: number;
  /** The player knows of the trap: 3 trap dice instead of 6. */
  known: boolean;
  lightStep: boolean;
  clumsy: boolean;
  birdWings: boolean;
  /** A shotgun trap on its last charge fires one barrel only. */
  lastCharge: boolean;
}

// ---------------------------------------------------------------- the body

/** One draw of rng(lo, hi), dealt to each of `parts` in turn (hurtAll deals one draw to all six). */
export interface Hit {
  parts: readonly HitPart[];
  lo: number;
  hi: number;
}

/**
 * The body between hits, small enough to read exactly: [hurt (0/1), then the six parts' HP left in
 * HP_PARTS order], a part no later hit reaches as -1 and every part capped one above the most the
 * later hits can take from it (a cap changes no later hit and no death); or 'dead'.
 */
type Body = readonly number[] | 'dead';

const VITAL: ReadonlySet<HpPart> = new Set(['head', 'torso']);

/** The most each part can lose from hit `from` on. */
function reach(hits: readonly Hit[], from: number): number[] {
  const parts = HP_PARTS.map(() => 0);
  for (let j = from; j < hits.length; j++) for (const p of hits[j]!.parts) parts[HP_PARTS.indexOf(MAIN_PART[p])]! += hits[j]!.hi;
  return parts;
}

function compact(b: number[], hits: readonly Hit[], from: number): Body {
  const r = reach(hits, from);
  for (let i = 0; i < HP_PARTS.length; i++) {
    const left = b[1 + i]!;
    if (left < 0) continue;
    b[1 + i] = r[i] === 0 ? -1 : Math.min(left, r[i]! + 1);
  }
  return b;
}

/** One hit for `amount`, as hurtPart deals it: what the part has left at most; a head or torso at 0 kills. */
function strike(body: readonly number[], hit: Hit, amount: number): number[] | 'dead' {
  const b = [...body];
  for (const p of hit.parts) {
    const main = MAIN_PART[p];
    const i = 1 + HP_PARTS.indexOf(main);
    const dealt = Math.min(Math.round(amount), Math.max(0, b[i]!));
    if (dealt <= 0) continue;
    b[i] = b[i]! - dealt;
    b[0] = 1;
    if (VITAL.has(main) && b[i]! <= 0) return 'dead';
  }
  return b;
}

/** The hits dealt in order to the body as it is now. */
function deal(s: StepSituation, hits: readonly Hit[]): Prob<Body> {
  let p: Prob<Body> = constant(compact([0, ...HP_PARTS.map((part) => s.parts[part])], hits, 0));
  hits.forEach((hit, j) => {
    p = p.bind((body) => {
      if (body === 'dead') return constant<Body>('dead');
      return rng(hit.lo, hit.hi).map((amount): Body => {
        const after = strike(body, hit, amount);
        return after === 'dead' ? 'dead' : compact(after, hits, j + 1);
      });
    });
  });
  return p;
}

const UNHURT: Prob<Body> = constant<Body>([0]);

function harmOf(body: Body): StepHarm {
  return body === 'dead' ? 'death' : body[0] === 1 ? 'hurt' : 'unhurt';
}

function one(part: HitPart, [lo, hi]: readonly [number, number]): Hit {
  return { parts: [part], lo, hi };
}

function fixed(part: HitPart, amount: number): Hit {
  return { parts: [part], lo: amount, hi: amount };
}

/** get_dodge of the player's trap checks: Dex / 2 + Dodge skill (actors.ts `getDodge`). */
function dodgeOf(s: StepSituation): number {
  return Math.floor(s.dex / 2) + s.dodge;
}

/** The blast of a mine on its own square: its centre's damage (shrapnel flies from the centre, never back onto it). */
function blast(s: StepSituation, b: Blast): Prob<Body> {
  const dam = blastDamage(b.power, 0);
  const [tlo, thi] = blastTorsoRange(dam);
  const [llo, lhi] = blastLimbRange(dam);
  return deal(s, [{ parts: ['torso'], lo: tlo, hi: thi }, ...BLAST_LIMBS.map((p): Hit => ({ parts: [p], lo: llo, hi: lhi }))]);
}

export type Landing = 'empty' | 'monster' | 'self' | 'blocked';
export const LANDINGS: readonly Landing[] = ['empty', 'monster', 'self', 'blocked'];

/**
 * Where a teleport pad leaves the player: up to 15 squares drawn (rng(-12, 12) on each axis, each
 * square as likely), the first empty one taken, else the last one drawn: another creature's square
 * (it is blown apart), the pad's own (the player's: telefragged, its whole HP to the torso: dead),
 * or a wall or chest (TELEPORT_WALL_DAMAGE to the torso). `empty` and `blocked` count the 624
 * squares around the pad; the rest hold creatures.
 */
export function landingProgram(empty: number, blocked: number): Prob<Landing> {
  const monster = TELEPORT_SQUARES - 1 - empty - blocked;
  const square = choice<Landing>([
    [empty, 'empty'],
    [monster, 'monster'],
    [1, 'self'],
    [blocked, 'blocked'],
  ]);
  return iterate<readonly [number, Landing]>([0, 'blocked'], ([tries, at]) => (tries >= PLAYER_TELEPORT_TRIES || (tries > 0 && at === 'empty') ? null : square.map((next) => [tries + 1, next] as const))).map(
    ([, at]) => at,
  );
}

/** What the trap's effect does to the player on it (trigger.ts EFFECTS, the player's branch of each). */
export function harmProgram(s: StepSituation): Prob<Body> {
  switch (s.trap) {
    case 'beartrap':
    case 'beartrap_buried':
      return randomLeg().bind((leg) => deal(s, [one(leg, BEARTRAP_DAMAGE)]));
    case 'board':
      return deal(s, [one('foot_l', BOARD_DAMAGE), one('foot_r', BOARD_DAMAGE)]);
    case 'tripwire':
      return rng(...TRIPWIRE_DEX_ROLL)
        .map((r) => r > s.dex)
        .bind((hurts) => (hurts ? deal(s, [{ parts: HP_PARTS, lo: TRIPWIRE_DAMAGE[0], hi: TRIPWIRE_DAMAGE[1] }]) : UNHURT));
    case 'crossbow':
      return oneIn(CROSSBOW_MISS_ONE_IN).bind((misses) =>
        misses
          ? UNHURT
          : rng(...CROSSBOW_DODGE_ROLL)
              .map((r) => r > dodgeOf(s))
              .bind((hit) => (hit ? randomHitPart().bind((part) => deal(s, [one(part, CROSSBOW_DAMAGE)])) : UNHURT)),
      );
    case 'shotgun':
      return doubleShotOdds(playerSecondShot(s.str)).bind((both) => {
        const shots = both && !s.lastCharge ? 2 : 1;
        const range = [SHOTGUN_DAMAGE_PER_BARREL[0] * shots, SHOTGUN_DAMAGE_PER_BARREL[1] * shots] as const;
        return rng(...SHOTGUN_DODGE_ROLL)
          .map((r) => r > dodgeOf(s))
          .bind((hit) => (hit ? randomHitPart().bind((part) => deal(s, [one(part, range)])) : UNHURT));
      });
    case 'blade':
      return deal(s, [one('torso', BLADE_DAMAGE)]);
    case 'heavy_snare':
      return randomLeg().bind((leg) => deal(s, [fixed(leg, HEAVY_SNARE_DAMAGE)]));
    case 'landmine':
    case 'landmine_buried':
      return blast(s, LANDMINE_BLAST);
    case 'boobytrap':
      return blast(s, BOOBYTRAP_BLAST);
    case 'goo':
      return chance(...GOO_ACID_CHANCE).bind((acid) => (acid ? deal(s, [one('foot_l', GOO_ACID_DAMAGE), one('foot_r', GOO_ACID_DAMAGE)]) : UNHURT));
    case 'dissector':
      return deal(s, DISSECTOR_MAX.map(([part, max]) => one(part, [1, max])));
    case 'pit': {
      if (s.birdWings) return UNHURT;
      const dodge = dodgeOf(s);
      return lift2(rng(...PIT_DAMAGE), rng(dodge, dodge * 5), (a, b) => a - b).bind((damage) =>
        damage > 0 ? deal(s, [{ parts: HP_PARTS, lo: Math.floor(damage / 2), hi: damage }, fixed('leg_l', damage), fixed('leg_r', damage)]) : UNHURT,
      );
    }
    case 'spike_pit':
      // The damage is drawn first, as play draws it; then the dodge roll and the part.
      return rng(...SPIKED_PIT_DAMAGE).bind((damage) =>
        s.birdWings
          ? UNHURT
          : rng(...SPIKES_DODGE_ROLL)
              .map((r) => r < dodgeOf(s))
              .bind((dodged) => (dodged ? UNHURT : spikedPitPart().bind((part) => deal(s, [fixed(part, damage)])))),
      );
    case 'lava':
      return deal(s, LAVA_PLAYER_PARTS.map((p) => fixed(p, LAVA_PLAYER_DAMAGE)));
    case 'drain':
      return deal(s, [{ parts: HP_PARTS, lo: 1, hi: 1 }]);
    default:
      // Bubble wrap, the blade engine, the light snare, the sinkhole, the portal, the ledge, the
      // raised tile, glow, hum, shadow and snake: a noise, a hold, a fall, a flood, radiation, a
      // flash or a monster, and no damage on the step.
      return UNHURT;
  }
}

/** The survivor steps onto the trap, whole: avoided, unhurt, hurt or dead. `avoidance`: the trap's A in the playing table. */
export function stepProgram(s: StepSituation, avoidance: number): Prob<StepHarm> {
  // A trap-like tool is furniture: it never goes off under the player, and no dice are rolled.
  if (trapFacts(s.trap).tool) return constant('avoided');
  return avoidCheck({ avoidance, dex: s.dex, dodge: s.dodge, aware: s.known, lightStep: s.lightStep, clumsy: s.clumsy }).bind((r) =>
    r === 'avoided' ? constant<StepHarm>('avoided') : harmProgram(s).map(harmOf),
  );
}

// ---------------------------------------------------------------- live hooks

/**
 * The teleport pad's squares as its draw sees them with `actor` on it: empty ones, and ones no one
 * can stand in (the rest hold a creature, the pad's own square the stepper).
 */
export function teleportSquares(world: World, actor: Actor, trap: Trap): { empty: number; blocked: number } {
  // The square the draw ranges over, off the map too (a square there is a wall), but the pad's own.
  const drawn = (2 * TELEPORT_RANGE + 1) ** 2 - 1;
  const around = { except: [trap.x, trap.y] as const, near: { x: trap.x, y: trap.y, radius: TELEPORT_RANGE } };
  // Walkable, no chest: someone may stand in it; empty if no one but the stepper (who has left
  // its square for the pad's) does.
  const standable = freeCells(world, { noChest: true, ...around }).length;
  const empty = freeCells(world, { noChest: true, noActor: true, mover: actor.id, ...around }).length;
  return { empty, blocked: drawn - standable };
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
export function stepInputsOf(world: World, actor: Actor, trap: Trap): CheckInputs | null {
  if (!isPlayer(world, actor) || !actor.alive || trap.host.kind !== 'floor' || !trap.armed || !TRAP_KINDS.includes(trap.kind) || trap.kind === 'telepad') return null;
  const parts = actor.parts;
  if (!parts || HP_PARTS.some((p) => !parts[p]) || HP_PARTS.reduce((sum, p) => sum + parts[p]!.hp, 0) !== actor.hp) return null;
  if (trap.kind === 'spike_pit' && (parts.arm_l!.hp <= 0 || parts.arm_r!.hp <= 0)) return null;
  if (stat(actor, 'str', 8) !== num(world.settings, 'str') || has(actor, 'birdWings') !== flag(world.settings, 'birdWings')) return null;
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
  };
}

/** The teleport check's inputs for `actor` stepping onto the teleport pad `trap` now (tests and tools; the live hooks read the step check). */
export function teleportInputsOf(world: World, actor: Actor, trap: Trap): CheckInputs {
  const { empty, blocked } = teleportSquares(world, actor, trap);
  return { 'empty-squares': empty, 'blocked-squares': blocked };
}

/**
 * The disarm check's inputs for `actor` disarming `trap` now (disarm.ts): Traps skill, Per, Dex
 * and the playing table's difficulty. A trap-like tool (avoidance and difficulty 0) comes down
 * with no roll, as the check at difficulty 0 reads it (always disarmed). Null where the game
 * refuses: a trap the actor does not know, or one of difficulty 99. An unarmed trap cannot be set
 * off: the roll that would fails safely.
 */
export function disarmInputsOf(ruleset: Pick<Ruleset, 'traps'>, _world: World, actor: Actor, trap: Trap): DisarmReading | null {
  if (!trap.knownBy.includes(actor.id) || !TRAP_KINDS.includes(trap.kind)) return null;
  const { D } = trapNumbers(ruleset, trap.kind);
  if (D >= UNDISARMABLE) return null;
  return {
    check: 'disarm',
    inputs: { skill: stat(actor, 'traps'), per: stat(actor, 'per', 8), dex: stat(actor, 'dex', 8), difficulty: D },
    success: ['disarmed'],
    setOff: trap.armed ? ['set_off'] : [],
  };
}
