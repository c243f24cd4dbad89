/**
 * CDDA's rules as the core's trap vocabulary asks for them (core/traps/dialect.ts): no tiers, and
 * no attack roll (a trap's own dice, like the crossbow's dodge roll, are its custom effect's: a
 * designer's kind is avoided or not by the avoidance dice of trigger.ts `onEnter`, from its A,
 * and then its damage lands). Damage lands as CDDA's trap damage to "a creature as a whole"
 * (harm.ts `hurtCreature`): a monster's HP, the player's torso; halved at a blast's edge. A
 * `$name` is a whole-number setting of these rules. The built-in traps are named custom effects
 * (effects.ts). Read as harm codes (harmCode.ts) from the same ranges play deals.
 */
import type { TrapDialect } from '../../core/traps/dialect.ts';
import { diceProgram } from '../../core/traps/dice.ts';
import { CUSTOM_EFFECTS } from './effects.ts';
import { situationOf, torsoCode } from './harmCode.ts';
import { hurtCreature } from './harm.ts';
import { num } from './settings.ts';

/** Refused where a designer's kind asks for one (kinds.ts), so never reached. */
function noAttacks(): never {
  throw new Error('cdda has no attack roll for a trap (its kinds use "damage")');
}

/** A blast's edge takes half (rounded down), as CDDA's explosion falls off with distance. */
function landing(raw: number, edge: boolean): number {
  return edge ? Math.floor(raw / 2) : raw;
}

export const CDDA_DIALECT: TrapDialect = {
  tier: () => 0,
  damageRoll: (dice) => diceProgram(dice),
  attack: noAttacks,
  deal(ctx, trap, _kind, victim, raw, how) {
    hurtCreature(ctx, victim, landing(raw, how.edge), { trap, ...(how.type ? { damageType: how.type } : {}) });
  },
  setting: (settings, name) => {
    const v = num(settings, name);
    if (!Number.isInteger(v)) throw new Error(`no whole-number setting "${name}" for a trap's "$${name}"`);
    return v;
  },
  custom: CUSTOM_EFFECTS,
  read: {
    tier: () => 0,
    attack: noAttacks,
    damage(inputs, settings, dice, how) {
      const s = situationOf(inputs, settings);
      return diceProgram(dice).map((raw) => torsoCode(s, landing(raw, how.edge)));
    },
  },
};

