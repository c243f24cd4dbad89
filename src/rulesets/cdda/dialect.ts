/**
 * CDDA's rules as the core's trap vocabulary asks for them (core/traps/dialect.ts): no tiers, and
 * no attack roll (a trap's own dice, like the crossbow's dodge roll, are its custom effect's: a
 * designer's kind is avoided or not by the avoidance dice of trigger.ts `onEnter`, from its A,
 * and then its damage lands). Damage lands as CDDA's trap damage to "a creature as a whole"
 * (harm.ts `hurtCreature`): a monster's HP, the player's torso; halved at a blast's edge. A
 * `$name` is a whole-number setting of these rules. The built-in traps are named custom effects
 * (effects.ts). Read as harm codes (harmCode.ts) from the same ranges play deals.
 */
import { constant, type Prob } from '../../core/prob.ts';
import type { TrapDialect } from '../../core/traps/dialect.ts';
import { diceProgram } from '../../core/traps/dice.ts';
import { getDodge, HOLDS, sizeOf, stat } from './actors.ts';
import { HP_PARTS, type HitPart, MAIN_PART, PART_NAME, randomHitPart, randomLeg, spikedPitPart } from './body.ts';
import { CUSTOM_EFFECTS } from './effects.ts';
import { capped, dodgeOf, partsCode, situationOf } from './harmCode.ts';
import { hurtAll, hurtPart, trapNoise } from './harm.ts';
import { intSetting } from './settings.ts';
import { holdFor } from './status.ts';

/** Refused where a designer's kind asks for one (kinds.ts), so never reached. */
function noAttacks(): never {
  throw new Error('cdda has no attack roll for a trap (its kinds use "damage")');
}

/** A blast's edge takes half (rounded down), as CDDA's explosion falls off with distance. */
function landing(raw: number, edge: boolean): number {
  return edge ? Math.floor(raw / 2) : raw;
}

/**
 * Where a `damage` lands: a part of the body by name (a hand or a foot hurts its arm's or leg's
 * HP), `all` for every part alike (CDDA's hurtall), or drawn as the seed's traps draw them: `leg`
 * either leg, `hit` a part a shot finds, `spikes` where a spiked pit's spears go.
 */
const DRAWN_PARTS: Readonly<Record<string, () => Prob<HitPart>>> = { leg: randomLeg, hit: randomHitPart, spikes: spikedPitPart };
const PART_NAMES: readonly string[] = [...Object.keys(MAIN_PART), 'all', ...Object.keys(DRAWN_PARTS)];

function drawPart(name: string): Prob<string> | null {
  if (Object.hasOwn(DRAWN_PARTS, name)) return DRAWN_PARTS[name]!();
  return Object.hasOwn(MAIN_PART, name) || name === 'all' ? constant(name) : null;
}

/** The parts a drawn part name hurts (none named: the torso, CDDA's trap damage to a creature as a whole). */
function hurtParts(part: string | undefined): readonly HitPart[] {
  if (part === undefined) return ['torso'];
  return part === 'all' ? HP_PARTS : [part as HitPart];
}

/** The holds a `held` status may be `as` (actors.ts HOLDS): each its own way out. */
const HOLD_KEYS: readonly string[] = HOLDS.map(([key]) => key);

export const CDDA_DIALECT: TrapDialect = {
  tier: () => 0,
  damageRoll: (dice) => diceProgram(dice),
  attack: noAttacks,
  deal(ctx, trap, _kind, victim, raw, how) {
    const harm = { trap, ...(how.type ? { damageType: how.type } : {}) };
    const amount = landing(raw, how.edge);
    if (how.part === 'all') hurtAll(ctx, victim, amount, harm);
    else hurtPart(ctx, victim, (how.part ?? 'torso') as HitPart, amount, harm);
  },
  parts: { draw: drawPart, names: PART_NAMES, nameOf: (part) => (Object.hasOwn(PART_NAME, part) ? PART_NAME[part as HitPart] : part) },
  size: sizeOf,
  // What a check beats: Dex, and get_dodge as the seed's trap checks take it (Dex / 2 + Dodge for the survivor).
  stat: (world, actor, name) => (name === 'dex' ? stat(actor, 'dex', 8) : name === 'dodge' ? getDodge(world, actor) : undefined),
  checkStats: ['dex', 'dodge'],
  noise: (ctx, trap, volume, source) => trapNoise(ctx, trap.x, trap.y, volume, source),
  statusAs: HOLD_KEYS,
  status(ctx, _trap, _kind, victim, name, n, as) {
    // A hold of CDDA's own (a bear trap, a snare): its key counts down on the victim's turns (status.ts).
    if (name !== 'held' || as === undefined) return false;
    holdFor(ctx, victim, as as (typeof HOLDS)[number][0], n);
    return true;
  },
  setting: intSetting,
  custom: CUSTOM_EFFECTS,
  read: {
    tier: () => 0,
    attack: noAttacks,
    damage(inputs, settings, dice, how) {
      const s = situationOf(inputs, settings);
      const parts = hurtParts(how.part);
      return diceProgram(dice).map((raw) => partsCode(s, parts, landing(raw, how.edge)));
    },
    // The survivor is an unmodified human.
    size: () => 'medium',
    // Harm codes add channel by channel, each capped at what its part has (harmCode.ts).
    combine(inputs, settings) {
      const s = situationOf(inputs, settings);
      return (a, b) => capped(a + b, s);
    },
    stat(inputs, settings, name) {
      const s = situationOf(inputs, settings);
      return name === 'dodge' ? dodgeOf(s) : s.dex;
    },
  },
};

