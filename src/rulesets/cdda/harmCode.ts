/**
 * What a trap does to the survivor who steps onto it, read exactly as a number: the effect
 * vocabulary's readings (core/traps/read.ts) add up numbers, and CDDA's traps hurt body parts,
 * so the number is a harm code over the parts that decide the step's outcome. Its channels:
 *
 *   the torso's damage    (a torso at 0 kills), capped at the torso's HP
 *   the head's damage     (a head at 0 kills), capped at the head's HP, times CHANNEL
 *   an arm or a leg hurt  0 or 1 (a limb never kills: the whole HP is the sum of the parts, so it
 *                         never runs out while the head and the torso stand), times CHANNEL²
 *
 * A hit to a part takes at most what the part has left and a part at 0 takes nothing (harm.ts
 * `hurtPart`), so the damage a run of hits deals a part is the smaller of their sum and its HP: a
 * code summed from several is read the same as one (`harmOfCode` caps each channel). A sum of at
 * most MAX_HARMING_EFFECTS codes never carries from one channel into the next.
 *
 * Built from the programs and numbers play uses (checks.ts, body.ts, and the ranges the effects
 * in mechanical.ts, explosion.ts, falls.ts and strange.ts deal), in the order play draws them.
 */
import { chance, constant, lift2, type Prob } from '../../core/prob.ts';
import type { CheckInputs, StepHarm } from '../../core/ruleset.ts';
import type { Traits } from '../../core/world.ts';
import { HP_PARTS, type HitPart, type HpPart, MAIN_PART, randomHitPart, spikedPitPart } from './body.ts';
import { rng } from './checks.ts';
import { BLAST_LIMBS, type Blast, BOOBYTRAP_BLAST, blastDamage, blastLimbRange, blastTorsoRange, LANDMINE_BLAST } from './explosion.ts';
import { PIT_DAMAGE, SPIKED_PIT_DAMAGE, SPIKES_DODGE_ROLL } from './falls.ts';
import {
  doubleShotOdds,
  playerSecondShot,
  SHOTGUN_DAMAGE_PER_BARREL,
  SHOTGUN_DODGE_ROLL,
} from './mechanical.ts';
import { cddaSettings } from './settings.ts';
import { GOO_ACID_CHANCE, GOO_ACID_DAMAGE } from './strange.ts';

/** One channel of the code: above any part's HP (the step check's parts reach 2,000) times MAX_HARMING_EFFECTS. */
export const CHANNEL = 2 ** 16;
/** The most effects that deal damage a designer's kind may have: their capped codes never carry (32 x 2,000 < CHANNEL). */
export const MAX_HARMING_EFFECTS = 32;

/** The survivor as the reading sees them: the step check's inputs, and the settings' build. */
export interface StepSituation {
  /** HP of each of the six parts now; Infinity for a part the reading takes as above 0 and beyond any hit. */
  parts: Readonly<Record<HpPart, number>>;
  dex: number;
  /** Dodge skill level (get_dodge is Dex / 2 + this). */
  dodge: number;
  str: number;
  birdWings: boolean;
  /** A shotgun trap on its last charge fires one barrel only. */
  lastCharge: boolean;
}

function n(inputs: CheckInputs, name: string, fallback: number): number {
  const v = inputs[name];
  return typeof v === 'number' ? v : fallback;
}

/** The step check's inputs (odds.ts) and the survivor's build (the str and birdWings settings). */
export function situationOf(inputs: CheckInputs, settings: Traits): StepSituation {
  const broken = n(inputs, 'broken-legs', 0);
  // The arms and the legs not at 0: above 0 and beyond any hit (they never kill).
  const whole = Number.POSITIVE_INFINITY;
  return {
    parts: { head: n(inputs, 'head', 1), torso: n(inputs, 'torso', 1), arm_l: whole, arm_r: whole, leg_l: broken >= 1 ? 0 : whole, leg_r: broken >= 2 ? 0 : whole },
    dex: n(inputs, 'dex', 8),
    dodge: n(inputs, 'dodge', 0),
    str: cddaSettings(settings).str,
    birdWings: cddaSettings(settings).birdWings,
    lastCharge: inputs['last-charge'] === true,
  };
}

/** A code's channels, each capped as the parts take them. */
export function channelsOf(code: number, parts: Readonly<Record<HpPart, number>>): { torso: number; head: number; limb: number } {
  const torso = code % CHANNEL;
  const head = Math.floor(code / CHANNEL) % CHANNEL;
  const limb = Math.floor(code / (CHANNEL * CHANNEL));
  return { torso: Math.min(torso, parts.torso), head: Math.min(head, parts.head), limb: Math.min(limb, 1) };
}

function codeOf(torso: number, head: number, limb: number): number {
  return torso + head * CHANNEL + limb * CHANNEL * CHANNEL;
}

/** A code with each channel capped as the parts take it: two codes added and capped read as the harm of both. */
export function capped(code: number, s: StepSituation): number {
  const c = channelsOf(code, s.parts);
  return codeOf(c.torso, c.head, c.limb);
}

/** The step's outcome from a code (avoidance aside): unhurt, hurt, or dead with the head or the torso at 0. */
export function harmOfCode(code: number, s: Pick<StepSituation, 'parts'>): StepHarm {
  if (code <= 0) return 'unhurt';
  const c = channelsOf(code, s.parts);
  return c.torso >= s.parts.torso || c.head >= s.parts.head ? 'death' : 'hurt';
}

/** One draw of rng(lo, hi), dealt to each of `parts` in turn (hurtAll deals one draw to all six). */
export interface Hit {
  parts: readonly HitPart[];
  lo: number;
  hi: number;
}

/** The code of one hit for `amount`, as hurtPart deals it. */
function strike(s: StepSituation, hit: Hit, amount: number): number {
  const a = Math.round(amount);
  if (a <= 0) return 0;
  let code = 0;
  for (const p of hit.parts) {
    const main = MAIN_PART[p];
    const hp = s.parts[main];
    if (hp <= 0) continue;
    if (main === 'torso') code += Math.min(a, hp);
    else if (main === 'head') code += Math.min(a, hp) * CHANNEL;
    else code += CHANNEL * CHANNEL;
  }
  return code;
}

/** Damage to `parts` (each takes the whole amount, as hurtPart and hurtAll deal it), as a code: what a kind's `damage` deals (dialect.ts). */
export function partsCode(s: StepSituation, parts: readonly HitPart[], amount: number): number {
  return strike(s, { parts, lo: amount, hi: amount }, amount);
}

/** The hits dealt in order. */
function deal(s: StepSituation, hits: readonly Hit[]): Prob<number> {
  let p: Prob<number> = constant(0);
  for (const hit of hits) p = p.bind((code) => rng(hit.lo, hit.hi).map((amount) => capped(code + strike(s, hit, amount), s)));
  return p;
}

const UNHURT: Prob<number> = constant(0);

function one(part: HitPart, [lo, hi]: readonly [number, number]): Hit {
  return { parts: [part], lo, hi };
}

function fixed(part: HitPart, amount: number): Hit {
  return { parts: [part], lo: amount, hi: amount };
}

/** get_dodge of the player's trap checks: Dex / 2 + Dodge skill (actors.ts `getDodge`). */
export function dodgeOf(s: StepSituation): number {
  return Math.floor(s.dex / 2) + s.dodge;
}

/** The blast of a mine on its own square: its centre's damage (shrapnel flies from the centre, never back onto it). */
function blast(s: StepSituation, b: Blast): Prob<number> {
  const dam = blastDamage(b.power, 0);
  const [tlo, thi] = blastTorsoRange(dam);
  const [llo, lhi] = blastLimbRange(dam);
  return deal(s, [{ parts: ['torso'], lo: tlo, hi: thi }, ...BLAST_LIMBS.map((p): Hit => ({ parts: [p], lo: llo, hi: lhi }))]);
}

/**
 * What each built-in custom effect (effects.ts) does to the player on it, as a code: the
 * player's branch of each. The ones absent do no damage on the step.
 */
export const HARM_READINGS: Readonly<Record<string, (s: StepSituation) => Prob<number>>> = {
  shotgun: (s) =>
    doubleShotOdds(playerSecondShot(s.str)).bind((both) => {
      const shots = both && !s.lastCharge ? 2 : 1;
      const range = [SHOTGUN_DAMAGE_PER_BARREL[0] * shots, SHOTGUN_DAMAGE_PER_BARREL[1] * shots] as const;
      return rng(...SHOTGUN_DODGE_ROLL)
        .map((r) => r > dodgeOf(s))
        .bind((hit) => (hit ? randomHitPart().bind((part) => deal(s, [one(part, range)])) : UNHURT));
    }),
  landmine_blast: (s) => blast(s, LANDMINE_BLAST),
  boobytrap_blast: (s) => blast(s, BOOBYTRAP_BLAST),
  goo: (s) => chance(...GOO_ACID_CHANCE).bind((acid) => (acid ? deal(s, [one('foot_l', GOO_ACID_DAMAGE), one('foot_r', GOO_ACID_DAMAGE)]) : UNHURT)),
  pit: (s) => {
    if (s.birdWings) return UNHURT;
    const dodge = dodgeOf(s);
    return lift2(rng(...PIT_DAMAGE), rng(dodge, dodge * 5), (a, b) => a - b).bind((damage) =>
      damage > 0 ? deal(s, [{ parts: HP_PARTS, lo: Math.floor(damage / 2), hi: damage }, fixed('leg_l', damage), fixed('leg_r', damage)]) : UNHURT,
    );
  },
  spike_pit: (s) =>
    // The damage is drawn first, as play draws it; then the dodge roll and the part.
    rng(...SPIKED_PIT_DAMAGE).bind((damage) =>
      s.birdWings
        ? UNHURT
        : rng(...SPIKES_DODGE_ROLL)
            .map((r) => r < dodgeOf(s))
            .bind((dodged) => (dodged ? UNHURT : spikedPitPart().bind((part) => deal(s, [fixed(part, damage)])))),
    ),
};
