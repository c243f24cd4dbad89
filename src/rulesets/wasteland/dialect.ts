/**
 * Wasteland's rules as the core's trap vocabulary asks for them (core/traps/dialect.ts): no
 * danger tiers and no attack rolls (a trap's harm simply lands: "nimmt Schaden anhand des Typs der
 * Falle"), damage as rolled with no reductions, the statuses in action points (turns.ts: lost
 * actions come off the next turn's, a hold lasts whole turns), and a kind's `$name` read from
 * these settings (their defaults where a world has none). Played and read from the same programs.
 */
import type { DamageOptions } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import type { TrapDialect } from '../../core/traps/dialect.ts';
import { diceProgram } from '../../core/traps/dice.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { intSetting } from './settings.ts';
import { trapNoun } from './traps.ts';
import { holdFast, loseActions } from './turns.ts';

/** Refused where a designer's kind asks for one (kinds.ts), so never reached. */
function noAttacks(): never {
  throw new Error('wasteland has no attack rolls (its kinds use "damage")');
}

function damageOptions(trap: Trap, kind: TrapKind, victim: Actor): DamageOptions {
  // A hero's own trap earns it nothing for hurting itself.
  return { cause: `killed by ${trapNoun(kind.id, kind.name).a}`, trap, killer: trap.owner === victim.id ? null : trap.owner };
}

export const WASTELAND_DIALECT: TrapDialect = {
  // A trap's poison is the core's (1 hit point a turn), and the reading's damage is hit points.
  poisonInHitPoints: true,
  tier: () => 0,
  // No attack rolls, so no hard hits to roll twice.
  damageRoll: (dice) => diceProgram(dice),
  attack: noAttacks,
  deal(ctx, trap, kind, victim, raw) {
    ctx.damage(victim, raw, damageOptions(trap, kind, victim));
  },
  status(ctx, _trap, _kind, victim, name, n) {
    if (name === 'lostActions') loseActions(ctx, victim, n);
    else if (name === 'held') holdFast(ctx, victim, n);
    else return false;
    return true;
  },
  setting: intSetting,
  read: {
    tier: () => 0,
    attack: noAttacks,
    damage: (_inputs, _settings, dice) => diceProgram(dice),
  },
};
