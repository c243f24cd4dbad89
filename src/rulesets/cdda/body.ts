/**
 * Body parts. CDDA keeps HP on six parts (head, torso, arms, legs); a hit to a hand or a foot lands
 * on its arm's or leg's HP (the part's "main part"), so the seed's "both feet" hurts both legs.
 * Head or torso at 0 kills (the core's damage helper checks those two by name).
 */
import { choice, type Prob } from '../../core/prob.ts';
import type { BodyPart, Traits } from '../../core/world.ts';
import { cddaSettings } from './settings.ts';

export const HP_PARTS = ['head', 'torso', 'arm_l', 'arm_r', 'leg_l', 'leg_r'] as const;
export type HpPart = (typeof HP_PARTS)[number];
export type HitPart = HpPart | 'hand_l' | 'hand_r' | 'foot_l' | 'foot_r';

export const MAIN_PART: Record<HitPart, HpPart> = {
  head: 'head',
  torso: 'torso',
  arm_l: 'arm_l',
  arm_r: 'arm_r',
  hand_l: 'arm_l',
  hand_r: 'arm_r',
  leg_l: 'leg_l',
  leg_r: 'leg_r',
  foot_l: 'leg_l',
  foot_r: 'leg_r',
};

export const PART_NAME: Record<HitPart, string> = {
  head: 'head',
  torso: 'torso',
  arm_l: 'left arm',
  arm_r: 'right arm',
  hand_l: 'left hand',
  hand_r: 'right hand',
  leg_l: 'left leg',
  leg_r: 'right leg',
  foot_l: 'left foot',
  foot_r: 'right foot',
};

/** HP of each part: partHpBase + 3 x Str (CDDA's recalc_hp: 60 + 3 x Str). */
export function partHp(settings: Traits): number {
  return cddaSettings(settings).partHpBase + 3 * cddaSettings(settings).str;
}

export function startingParts(settings: Traits): Record<string, BodyPart> {
  const hp = partHp(settings);
  const parts: Record<string, BodyPart> = {};
  // payload being built: a new actor's parts
  for (const p of HP_PARTS) parts[p] = { hp, max: hp };
  return parts;
}

/**
 * "A random body part" of the crossbow and shotgun traps: rng(1, 10) picks feet (1), legs (2-4),
 * torso (5-9) or head (10), and one_in(2) the side. Weights are out of 20.
 */
export function randomHitPart(): Prob<HitPart> {
  return choice<HitPart>([
    [1, 'foot_l'],
    [1, 'foot_r'],
    [3, 'leg_l'],
    [3, 'leg_r'],
    [10, 'torso'],
    [2, 'head'],
  ]);
}

/** Where the spikes of a spiked pit impale: rng(1, 10) = 1 left leg, 2 right leg, 3 left arm, 4 right arm, else torso. */
export function spikedPitPart(): Prob<HitPart> {
  return choice<HitPart>([
    [1, 'leg_l'],
    [1, 'leg_r'],
    [1, 'arm_l'],
    [1, 'arm_r'],
    [6, 'torso'],
  ]);
}

/** One leg, either side (bear traps, snares). */
export function randomLeg(): Prob<HitPart> {
  return choice<HitPart>([
    [1, 'leg_l'],
    [1, 'leg_r'],
  ]);
}
