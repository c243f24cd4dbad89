/**
 * d20's rules as the core's trap vocabulary asks for them (core/traps/dialect.ts): no tiers; the
 * attack is the SRD's (d20 + the kind's `attack` vs AC, touch AC for a `touch-attack` kind; a
 * natural 20 hits and a 1 misses; a roll in the kind's `crit-range` threatens, and a second roll
 * that hits confirms the critical); a critical rolls the damage twice (the SRD's x2), or as many
 * times as the attack's `critical` says (the arrow's x3, the wall scythe's x4), at least 1 in
 * all; the damage lands as the kind's damage type, halved at a blast's edge. Played and read
 * from the same programs (effects.ts). The single attacks (arrow, spear, javelin, blades,
 * pendulum, stone blocks) are data in traps.json.
 *
 * The named effects are the SRD traps' own code (effects.ts `fireEffect`, by family), each read
 * exactly (harm.ts) where its damage to the one who set it off is a number of hit points: what
 * the vocabulary does not say (a pit's Reflex save and its spikes, a volley of darts, a poison's
 * Fortitude saves and ability damage, a spell's save for half, gas and water with an onset
 * delay, the summons, the alarm).
 */
import { show, thing } from '../../core/messages.ts';
import { constant, type Prob, roll, sample, sumOf } from '../../core/prob.ts';
import type { CheckInputs, RuleContext } from '../../core/ruleset.ts';
import type { AttackOutcome, CustomEffect, TrapDialect } from '../../core/traps/dialect.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { type Dice, diceText, parseDice } from '../../core/traps/dice.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { own } from '../../core/lookup.ts';
import { armorClass, type SaveKind } from './actors.ts';
import { d20Check } from './checks.ts';
import { atLeastOne, sumProgram } from './dice.ts';
import { attackKind, confirmProgram, fireEffect, hurt, rollSave } from './effects.ts';
import { damageOf, Reader, situationOf, trackedAbility } from './harm.ts';
import { profileOf, profileOfKind, type TrapProfile } from './traps.ts';

/** The natural roll and (a threat) its confirmation, as play rolls them before the damage (effects.ts `trapAttackProgram`). */
export function attackOutcomeProgram(p: TrapProfile, ac: number): Prob<AttackOutcome> {
  return roll(1, 20)
    .map((n) => attackKind(p, ac, n))
    .bind((k): Prob<AttackOutcome> => (k === 'miss' ? constant('miss') : k === 'threat' ? confirmProgram(p, ac).map((c): AttackOutcome => (c ? 'hard' : 'hit')) : constant('hit')));
}

/** A hit's damage dice: `critical` times (x2 unless the attack says) on a hard hit, at least 1 in all (effects.ts `hitDamageProgram`). */
export function hitRollProgram(dice: Dice, hard: boolean, critical = 2): Prob<number> {
  const one = sumProgram({ dice: dice.n > 0 ? [[dice.n, dice.sides]] : [], flat: dice.bonus });
  return sumOf(hard ? critical : 1, one).map(atLeastOne);
}

/** A family's play: the SRD trap's own code on the placed trap's profile. */
function playFamily(ctx: RuleContext, trap: Trap, _kind: TrapKind, victim: Actor | null): void {
  fireEffect(ctx, trap, profileOf(ctx.ruleset, trap), victim);
}

/** The hit points a family takes from the one who set it off, read from the kind's profile (null: a poison damages an ability on the way, which no number of hit points says). */
function readFamily(inputs: CheckInputs, _settings: unknown, kind: TrapKind): Prob<number> {
  const p = profileOfKind(kind);
  const dmg = damageOf(p, new Reader(situationOf(inputs), trackedAbility(p, null)), null);
  // withKinds refuses a designer's kind whose poison damages an ability (kinds.ts).
  if (!dmg) throw new Error(`the ${p.name}'s poison damages an ability: its harm is no number of hit points`);
  return dmg;
}

function family(description: string, leavesOut: readonly string[] = []): CustomEffect {
  return { description, play: playFamily, read: readFamily, leavesOut };
}

export const D20_CUSTOM: Readonly<Record<string, CustomEffect>> = {
  pit: family(
    'A pit (SRD): a Reflex save against `reflex-dc` catches the edge (unhurt); else a fall of 1d6 per 10 ft. (`depth-ft`), pit spikes (`pit-spikes`: 1d4 daggers at +10), and climbing out at the settings\' feet per round.',
    ['the rounds spent climbing out'],
  ),
  srd_attack: family(
    'An attack trap (SRD): `missiles` attacks (one without) at d20 + `attack` vs AC, a threat in `crit-range` confirmed by a second roll deals the damage x `crit-mult`; each hit deals `hit-damage` (or `damage`) + the strength bonus and its `poison` (Fortitude save); `radius`: everyone within it.',
    ['others in its area', 'the poison\'s secondary dose a minute later'],
  ),
  spell_blast: family(
    'A spell\'s blast (SRD magic trap): `damage` rolled once, each creature within `radius` saves (`save`, DC from the spell level) for half (`negates`: none).',
    ['others in its area'],
  ),
  gas: family('Inhaled poison (SRD gas trap): everyone within `radius` takes a dose of `poison` (Fortitude save) when the `onset` delay runs out.', ['what the onset delay brings when it runs out', 'others in its area', 'the poison\'s secondary dose a minute later']),
  flood: family('A water-filled room (SRD): after the `onset` delay the floor within `radius` turns to water until it drains; creatures hold their breath, then drown (Constitution checks).', ['what the onset delay brings when it runs out', 'drowning']),
  summon: family('Summon monster (SRD): `summon-count` `summon-kind`s appear around the one who set it off for `summon-rounds` rounds.', ['the summoned creatures\' blows']),
  alarm: family('The alarm spell: a hand bell rings out (heard 60 ft.), waking and drawing monsters; it rings for every intruder.'),
  crush: family('Crushing walls or a never-miss trap (SRD): `damage` + the strength bonus to everyone within `radius`, when the `onset` delay runs out.', ['what the onset delay brings when it runs out', 'others in its area']),
  contact_poison: family('Contact poison (SRD): whoever touches it takes a dose of `poison` (Fortitude save).', ['the poison\'s secondary dose a minute later']),
  designed: {
    description: 'The browser designer\'s placed trap, which carries its own elements in its data (the step check reads it with --design).',
    play: playFamily,
  },
};

/** The SRD's three saving throws, as an `area`'s `save` names them. */
const SAVES: readonly SaveKind[] = ['ref', 'fort', 'will'];

function saveKind(name: string): SaveKind {
  const kind = SAVES.find((s) => s === name);
  // The kinds check (core/traps/read.ts `dialectProblems`) refuses any other name.
  if (!kind) throw new Error(`d20 has no saving throw "${name}"`);
  return kind;
}

/**
 * The numbers d20's rules make of a kind's own, for a `#name` in its effect: `save-dc`, the DC
 * of its save as the SRD's tables give it (a spell's from its level and caster, a device's, a
 * pit's Reflex DC); null where it has none.
 */
export const DERIVED_NUMBERS: Readonly<Record<string, string>> = {
  'blow-damage': "the damage of one missile or blow with its strength bonus (hit-damage, or damage, plus ranged-str or melee-str), as dice",
  'save-dc': "the DC of the kind's save, as the SRD's tables make it of the kind's numbers: a spell trap's 10 + spell level + the caster's ability modifier, a device's 10 + 1.5 x spell level (rounded down), a pit's reflex-dc",
};

/** One blow's dice with the strength bonus (`blow-damage`); null where they are no dice the vocabulary reads ("2d6+1d4"). */
function blowDamage(p: TrapProfile): string | null {
  const d = p.damage === null ? null : parseDice(p.damage);
  return d ? diceText({ ...d, bonus: d.bonus + p.str }) : null;
}

export const D20_DIALECT: TrapDialect = {
  // A trap's poison is the core's (1 hit point a turn), and the reading's damage is hit points.
  poisonInHitPoints: true,
  saves: {
    names: SAVES,
    roll: (ctx, actor, name, dc) => rollSave(ctx, actor, saveKind(name), dc),
    read: (inputs, settings, name, dc) => d20Check(situationOf(inputs, settings)[saveKind(name)], dc, 'save').map((o) => o === 'success'),
  },
  kindNumber: (kind, name) => (name === 'save-dc' ? profileOfKind(kind).saveDc : name === 'blow-damage' ? blowDamage(profileOfKind(kind)) : own(kind.numbers, name)),
  tier: () => 0,
  damageRoll: hitRollProgram,
  criticals: true,
  attack(ctx, trap, _kind, victim, noun, quiet) {
    const p = profileOf(ctx.ruleset, trap);
    const outcome = sample(attackOutcomeProgram(p, armorClass(victim, p.touchAttack)), ctx.rng('traps'));
    ctx.emit({ type: 'attacked', source: ctx.trapName(trap), attacker: null, target: victim.id, result: outcome });
    // Only the hero hears of a critical hit (effects.ts `attackEffect`, one blow).
    if (quiet) return outcome;
    if (outcome === 'miss') show(ctx, victim, '{2} misses {1 him}.', 'info', { others: [thing(`the ${noun}`)] });
    else show(ctx, victim, `${outcome === 'hard' ? '[A critical hit! |]' : ''}{2} hits {1 him}[!|.]`, 'bad', { others: [thing(`the ${noun}`)] });
    return outcome;
  },
  deal(ctx, trap, _kind, victim, raw, how) {
    const amount = how.edge ? Math.floor(raw / 2) : raw;
    if (amount > 0) hurt(ctx, victim, amount, trap, profileOf(ctx.ruleset, trap), how.type);
  },
  custom: D20_CUSTOM,
  read: {
    tier: () => 0,
    attack: (inputs, _s, kind) => attackOutcomeProgram(profileOfKind(kind), situationOf(inputs).ac),
    damage: (_inputs, _s, dice, how) => (how.edge ? hitRollProgram(dice, how.hard, how.critical).map((d) => Math.floor(d / 2)) : hitRollProgram(dice, how.hard, how.critical)),
  },
};
