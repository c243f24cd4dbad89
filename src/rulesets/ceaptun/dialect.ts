/**
 * Cēaptūn's rules as the core's trap vocabulary asks for them (core/traps/dialect.ts): the danger
 * tier a trap rolls at (a rigged trap never grows), the attack (2d12 + tier bonus vs Defence:
 * dodged, glanced off armour, hit, hit hard) and its words, damage rolled twice on a hard hit,
 * halved at a blast's edge and less Trap sense and ward, and the climb out of a pit (Escape
 * artist 50: half of it, 100: none, training as it goes). Played and read from the same programs
 * (checks.ts).
 */
import { sample } from '../../core/prob.ts';
import { show, thing } from '../../core/messages.ts';
import type { AttackOutcome, TrapDialect } from '../../core/traps/dialect.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import type { Trap, World } from '../../core/world.ts';
import { type AttackResult, attackProgram, damageProgram, damageRollProgram, percentProgram } from './checks.ts';
import { ceaptunSettings } from './settings.ts';
import { STEP_SITUATION } from './stepInputs.ts';
import { armourOf, dodgeOf, reductionPercent, tierOf, tierOfTrap } from './stats.ts';
import { dealTrapDamage, train } from './wounds.ts';

const OUTCOME: Readonly<Record<AttackResult, AttackOutcome>> = { dodged: 'miss', glanced: 'miss', hit: 'hit', hit_hard: 'hard' };

/** What each attack result says: {1} the victim, {2} what strikes. */
const ATTACK_WORDS: Readonly<Record<AttackResult, { template: string; tone: 'good' | 'bad' | 'danger' }>> = {
  dodged: { template: '{1} dodge[s] {2}.', tone: 'good' },
  glanced: { template: '{2} glances off {1 his} armour.', tone: 'good' },
  hit: { template: '{2} hits {1 him}.', tone: 'bad' },
  hit_hard: { template: '{2} hits {1 him} hard!', tone: 'danger' },
};

/** The tier a trap works at: its level's, except a rigged trap (or one someone rigged), which never grows. */
export function kindTier(world: World, trap: Trap, kind: TrapKind): number {
  return tierOfTrap(kind.rigged === true, world, trap);
}

export const CEAPTUN_DIALECT: TrapDialect = {
  // A trap's poison is the core's (1 hit point a turn), and the reading's damage is hit points.
  poisonInHitPoints: true,
  tier: kindTier,
  damageRoll: (dice, hard) => damageRollProgram(dice, hard),
  attack(ctx, trap, kind, victim, noun, quiet) {
    const s = ctx.settings;
    const bonus = kindTier(ctx.world, trap, kind) * ceaptunSettings(s).attackBonusPerTier;
    const dodgeLine = ceaptunSettings(s).baseDefence + dodgeOf(victim.traits, s);
    const result = sample(attackProgram(bonus, dodgeLine + armourOf(victim.traits), dodgeLine), ctx.rng('traps'));
    const outcome = OUTCOME[result];
    ctx.emit({ type: 'attacked', source: ctx.trapName(trap), attacker: null, target: victim.id, result: outcome === 'miss' ? 'miss' : outcome });
    const words = ATTACK_WORDS[result];
    if (!quiet) show(ctx, victim, words.template, words.tone, { others: [thing(`the ${noun}`)] });
    return outcome;
  },
  deal(ctx, trap, _kind, victim, raw, how) {
    dealTrapDamage(ctx, trap, victim, raw, how.edge, how.type ?? null);
  },
  climbOut(ctx, _trap, victim, lost) {
    const escapeArtist = typeof victim.traits.escapeArtist === 'number' ? victim.traits.escapeArtist : 0;
    if (escapeArtist >= 100) show(ctx, victim, '{1} climb[s] straight [back |]out.', 'good');
    else if (escapeArtist >= 50) ctx.delay(victim, 50 * lost);
    else ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { status: { lostActions: (victim.status.lostActions ?? 0) + lost } } });
    train(ctx, victim, 'escapeArtist');
    if (typeof victim.traits.athletics === 'number' && sample(percentProgram(50), ctx.rng('traps'))) train(ctx, victim, 'athletics');
  },
  read: {
    tier: (inputs, kind) => (kind.rigged === true ? 0 : tierOf(STEP_SITUATION.read(inputs).danger)),
    attack(inputs, s, _kind, tier) {
      const v = STEP_SITUATION.read(inputs);
      const settings = ceaptunSettings(s);
      const dodgeLine = settings.baseDefence + v.dodge;
      return attackProgram(tier * settings.attackBonusPerTier, dodgeLine + v.armour, dodgeLine).map((r) => OUTCOME[r]);
    },
    damage(inputs, s, dice, how) {
      const v = STEP_SITUATION.read(inputs);
      const reduction = reductionPercent(v['trap-sense'], v.ward, s);
      return damageProgram(dice, { hard: how.hard, edge: how.edge, reduction });
    },
  },
};
