/**
 * What a trap does when it goes off, written against the RuleContext only (every change is an
 * event): pits (Reflex save, 1d6 per 10 ft., spikes, something at the bottom), attacks against AC
 * with critical hits, spell blasts with a save for half, poisons with their Fortitude saves and
 * ability damage, gas and water after an onset delay, summoned monsters and an alarm bell.
 */
import { HUNT_PATIENCE } from '../../core/brain.ts';
import { withArticle } from '../../core/words.ts';
import { summon } from '../../core/effects/summon.ts';
import { show, thing } from '../../core/messages.ts';
import { monsterKind } from '../../core/monsters.ts';
import { constant, type Prob, roll, sample, sumOf } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, chebyshev, type Trap, Terrain, terrainAt } from '../../core/world.ts';
import {
  abilityMod,
  armorClass,
  damageKey,
  effectiveScore,
  isUndead,
  num,
  SAVE_NAMES,
  type SaveKind,
  saveBonus,
} from './actors.ts';
import { d20Check, resolveD20 } from './checks.ts';
import { atLeastOne, damageProgram, parseDamage, sumProgram } from './dice.ts';
import { type PoisonDamage, type PoisonDef, POISON_SECONDARY_ROUNDS, poisonById } from './poisons.ts';
import { d20Settings } from './settings.ts';
import { lethalDamage } from './dyingPlay.ts';
import { profileOf, type TrapProfile, tableProfile } from './traps.ts';
import { actorAt } from '../../core/level.ts';
import { type D20Traits, setTraits } from './traits.ts';
import { traitOf } from '../../core/traits.ts';
import type { Ruleset } from '../../core/ruleset.ts';

// ---------------------------------------------------------------- small helpers

export function isPlayer(ctx: RuleContext, a: Actor | null | undefined): boolean {
  return !!a && a.id === ctx.world.playerId;
}


function causeOf(p: TrapProfile): string {
  return `killed by ${withArticle(p.name)}`;
}

export function hurt(ctx: RuleContext, target: Actor, amount: number, trap: Trap, p: TrapProfile, damageType?: string): void {
  ctx.damage(target, amount, { cause: causeOf(p), trap, killer: trap.owner, damageType: damageType ?? p.damageType });
}

/** A d20 save by `actor` against `dc` (naturals count, RULES.md); rolled on the traps stream. */
export function rollSave(ctx: RuleContext, actor: Actor, kind: SaveKind, dc: number): boolean {
  return sample(d20Check(saveBonus(actor, kind), dc, 'save'), ctx.rng('traps')) === 'success';
}

/** Living creatures within `radius` of a cell, the player first, then by id (a stable order). */
export function creaturesWithin(ctx: RuleContext, x: number, y: number, radius: number): Actor[] {
  return ctx.world.actors
    .filter((a) => a.alive && chebyshev(a.x, a.y, x, y) <= radius)
    .sort((a, b) => (isPlayer(ctx, a) ? -1 : isPlayer(ctx, b) ? 1 : a.id - b.id));
}

/** Who a trap's effect reaches: everyone in its area (multiple targets) or the one who set it off. */
export function targetsOf(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): Actor[] {
  if (p.multiple || p.radius > 0) {
    const area = creaturesWithin(ctx, trap.x, trap.y, p.radius);
    // `area` is a new list (creaturesWithin filters), not in a world.
    if (actor?.alive && !area.some((a) => a.id === actor.id)) area.unshift(actor);
    return area;
  }
  if (actor?.alive) return [actor];
  const here = actorAt(ctx.world, trap.x, trap.y);
  return here ? [here] : [];
}

// ---------------------------------------------------------------- poison and ability damage

const ABILITY_NAMES: Record<string, string> = { str: 'Strength', dex: 'Dexterity', con: 'Constitution', int: 'Intelligence', wis: 'Wisdom', cha: 'Charisma' };
/** Unconsciousness from poison lasts this many hours x 600 rounds. */
const ROUNDS_PER_HOUR = 600;

function poisonStatus(p: PoisonDef): string {
  return `poison_${p.id}`;
}

/** The amount of one part of a poison's damage ("1d4" Constitution, "2d12" hit points), as a program. */
export function poisonAmountProgram(part: PoisonDamage, poison: PoisonDef): Prob<number> {
  const expr = parseDamage(part.amount);
  if (typeof expr === 'string') throw new Error(`poison ${poison.id}: ${expr}`);
  return damageProgram(expr);
}

/**
 * Hit points a creature of `hd` Hit Dice loses when its Constitution falls from `before` to
 * `after`: the change of the modifier, times the Hit Dice (SRD ability damage).
 */
export function conHitPointLoss(before: number, after: number, hd: number): number {
  return (abilityMod(before) - abilityMod(after)) * Math.max(1, hd);
}

/** Deals one part of a poison's damage; an ability at 0 leaves the creature helpless, which here is death. */
export function applyPoisonDamage(ctx: RuleContext, victim: Actor, part: PoisonDamage, poison: PoisonDef, trap: Pick<Trap, 'id' | 'kind' | 'owner'> | null, cause: string): void {
  if (!victim.alive) return;
  const amount = sample(poisonAmountProgram(part, poison), ctx.rng('traps'));
  if (amount <= 0) return;
  const killer = trap?.owner ?? null;
  if (part.ability === 'hp') {
    ctx.damage(victim, amount, { cause, ...(trap ? { trap } : {}), killer, damageType: 'poison' });
    return;
  }
  if (part.ability === 'unconscious') {
    ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { status: { asleep: amount * ROUNDS_PER_HOUR } } });
    show(ctx, victim, '[{2} knocks you out!|{1} collapses, unconscious.]', 'danger', { others: [thing(`the ${poison.name}`)] });
    return;
  }
  const ability = part.ability;
  const before = effectiveScore(victim, ability);
  const key = damageKey(ability);
  setTraits(ctx, victim, traitOf(key, num(victim.traits, key) + amount));
  const after = Math.max(0, before - amount);
  show(ctx, victim, `[{2} saps your ${ABILITY_NAMES[ability]} (${before} -> ${after})|{1} reels from {2}].`, 'bad', { others: [thing(`the ${poison.name}`)] });
  if (after <= 0) {
    // Strength or Dexterity 0: paralysed; Constitution 0: dead; the mental scores: unconscious. In a
    // dungeon full of monsters every one of them ends the game, so we count it as death.
    ctx.damage(victim, lethalDamage(ctx.world, victim), { cause: `${cause} (${ABILITY_NAMES[ability]} 0)`, ...(trap ? { trap } : {}), killer, damageType: 'poison' });
    return;
  }
  if (ability === 'con') {
    // Lost Constitution costs hit points (and as many of the maximum).
    const lost = conHitPointLoss(before, after, num(victim.traits, 'hd', 1));
    if (lost > 0) {
      ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { maxHp: Math.max(1, victim.maxHp - lost) } });
      ctx.damage(victim, lost, { cause, ...(trap ? { trap } : {}), killer, damageType: 'poison' });
    }
  }
}

/** A dose of poison: Fortitude save against the initial damage now, the secondary one minute later. */
export function poisonCreature(ctx: RuleContext, victim: Actor, poison: PoisonDef, trap: Trap | null, cause: string): void {
  if (!victim.alive) return;
  if (isUndead(victim)) {
    if (isPlayer(ctx, victim)) ctx.say('The poison has no effect on you.', 'trap');
    return;
  }
  if (rollSave(ctx, victim, 'fort', poison.dc)) {
    show(ctx, victim, '{1} [resist|shrugs off] {2}.', 'info', { others: [thing(`the ${poison.name}`)] });
  } else {
    for (const part of poison.initial) applyPoisonDamage(ctx, victim, part, poison, trap, cause);
  }
  if (victim.alive && poison.secondary.length > 0) {
    ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { status: { [poisonStatus(poison)]: POISON_SECONDARY_ROUNDS } } });
    // The delayed dose is the trap's doing too (its deaths count as the trap's): remember which.
    if (trap) setTraits(ctx, victim, poisonSource(poison, trap));
  }
}

/** The traits that remember which trap gave a poison's delayed dose. */
function poisonSource(poison: PoisonDef, trap: Pick<Trap, 'id' | 'kind' | 'owner'>): D20Traits {
  return {
    ...traitOf<D20Traits, `poisonTrap_${string}`>(`poisonTrap_${poison.id}`, trap.id),
    ...traitOf<D20Traits, `poisonTrapKind_${string}`>(`poisonTrapKind_${poison.id}`, trap.kind),
    ...traitOf<D20Traits, `poisonTrapOwner_${string}`>(`poisonTrapOwner_${poison.id}`, trap.owner ?? -1),
  };
}

/** The trap a poison's delayed dose came from, as remembered; null when none was. */
function poisonTrapOf(actor: Actor, poison: PoisonDef): Pick<Trap, 'id' | 'kind' | 'owner'> | null {
  const id = actor.traits[`poisonTrap_${poison.id}`];
  const kind = actor.traits[`poisonTrapKind_${poison.id}`];
  const owner = actor.traits[`poisonTrapOwner_${poison.id}`];
  if (typeof id !== 'number' || typeof kind !== 'string') return null;
  return { id, kind, owner: typeof owner === 'number' && owner >= 0 ? owner : null };
}

/** A quick look first: every actor is ticked every round, and few are poisoned. */
function hasPoison(actor: Actor): boolean {
  for (const key in actor.status) if (key.startsWith('poison_')) return true;
  return false;
}

/** One round passes for the poisons in a creature: secondary damage when a minute is up. */
export function tickPoisons(ctx: RuleContext, actor: Actor): void {
  if (!hasPoison(actor)) return;
  for (const [key, left] of Object.entries(actor.status)) {
    if (!key.startsWith('poison_') || !actor.alive) continue;
    const poison = poisonById(key.slice('poison_'.length));
    if (!poison) continue;
    if (left > 1) {
      ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { [key]: left - 1 } } });
      continue;
    }
    ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { [key]: 0 } } });
    if (rollSave(ctx, actor, 'fort', poison.dc)) {
      if (isPlayer(ctx, actor)) ctx.say(`You fight off the ${poison.name}.`, 'good');
    }
    else for (const part of poison.secondary) applyPoisonDamage(ctx, actor, part, poison, poisonTrapOf(actor, poison), `killed by ${poison.name}`);
  }
}

// ---------------------------------------------------------------- attacks

/** One attack of a trap: a type alias (not an interface) so that it is a program's outcome. */
export type AttackResult = { hit: boolean; damage: number; critical: boolean };

const MISSED: AttackResult = { hit: false, damage: 0, critical: false };

/** What a trap's natural attack roll is against an AC: a miss, a hit, or a threat (a hit in the critical range). */
export type AttackKind = 'miss' | 'hit' | 'threat';

export function attackKind(p: TrapProfile, ac: number, natural: number): AttackKind {
  if (resolveD20(natural, p.attack ?? 0, ac, 'attack') === 'failure') return 'miss';
  return natural >= p.crit.range ? 'threat' : 'hit';
}

/** Whether a threat is a critical: a second attack roll that hits confirms it. */
export function confirmProgram(p: TrapProfile, ac: number): Prob<boolean> {
  return roll(1, 20).map((n) => resolveD20(n, p.attack ?? 0, ac, 'attack') === 'success');
}

/** The damage of a hit, as a program: rolled `mult` times on a critical, at least 1 in all (0 without dice). */
export function hitDamageProgram(p: TrapProfile, critical: boolean): Prob<number> {
  const expr = p.damage ? parseDamage(p.damage) : null;
  if (!expr || typeof expr === 'string') return constant(0);
  return sumOf(critical ? p.crit.mult : 1, damageProgram(expr, p.str)).map(atLeastOne);
}

/** What a hit or a threat does, as a program: a threat's confirming roll, then the damage. */
export function attackHitProgram(p: TrapProfile, ac: number, kind: 'hit' | 'threat'): Prob<AttackResult> {
  const confirmed = kind === 'threat' ? confirmProgram(p, ac) : constant(false);
  return confirmed.bind((critical) => hitDamageProgram(p, critical).map((damage) => ({ hit: true, damage, critical })));
}

/**
 * One attack roll of a trap against an AC (touch AC for a touch attack), as a program, in the
 * order play rolls: the natural, then (a hit) the confirming roll of a threat and the damage. The
 * natural is read as its three kinds, so an exact reading weighs the damage a few times, not once
 * per face.
 */
export function trapAttackProgram(p: TrapProfile, ac: number): Prob<AttackResult> {
  return roll(1, 20)
    .map((n) => attackKind(p, ac, n))
    .bind((kind) => (kind === 'miss' ? constant(MISSED) : attackHitProgram(p, ac, kind)));
}

/** One attack roll of a trap against a creature, with its critical. */
export function trapAttack(ctx: RuleContext, p: TrapProfile, target: Actor): AttackResult {
  return sample(trapAttackProgram(p, armorClass(target, p.touchAttack)), ctx.rng('traps'));
}

/** How many missiles fly at each target ("1d4" darts), as a program; one blow when none are given. */
export function missileCountProgram(p: TrapProfile): Prob<number> {
  if (!p.missiles) return constant(1);
  const m = parseDamage(p.missiles);
  return typeof m === 'string' ? constant(1) : sumProgram(m.each);
}

function attackEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): void {
  for (const target of targetsOf(ctx, trap, p, actor)) {
    const count = sample(missileCountProgram(p), ctx.rng('traps'));
    let hits = 0;
    for (let i = 0; i < count && target.alive; i++) {
      const r = trapAttack(ctx, p, target);
      ctx.emit({ type: 'attacked', source: ctx.trapName(trap), attacker: null, target: target.id, result: r.hit ? (r.critical ? 'hard' : 'hit') : 'miss' });
      if (!r.hit) continue;
      hits++;
      // Only the hero hears of a critical hit.
      if (count === 1) show(ctx, target, `${r.critical ? '[A critical hit! |]' : ''}{2} hits {1 him}[!|.]`, 'bad', { others: [thing(`the ${p.noun}`)] });
      if (r.damage > 0) hurt(ctx, target, r.damage, trap, p);
      if (p.poison && target.alive) poisonCreature(ctx, target, p.poison, trap, `killed by ${p.poison.name} (${withArticle(p.name)})`);
    }
    if (count === 1 && hits === 0) show(ctx, target, '{2} misses {1 him}.', 'info', { others: [thing(`the ${p.noun}`)] });
    if (count > 1) show(ctx, target, `${count} {2} fly at {1 him}: ${hits} hit.`, hits > 0 ? 'bad' : 'info', { others: [thing(`${p.noun}s`)] });
  }
}

// ---------------------------------------------------------------- pits

/** Pit spikes: 1d4 daggers, +10 to hit, +1 damage per 10 ft. of fall (at most +5). */
export const SPIKE_ATTACK = 10;
export const SPIKE_MAX_BONUS = 5;

/** Tens of feet a pit's victim falls (at least one): 1d6 each. */
export function pitTens(p: TrapProfile): number {
  return Math.max(1, Math.round(p.depthFt / 10));
}

/** The fall's damage: 1d6 per 10 ft. */
export function fallProgram(p: TrapProfile): Prob<number> {
  return roll(pitTens(p), 6);
}

/** How many spikes the victim lands on. */
export const SPIKE_COUNT: Prob<number> = roll(1, 4);

/** A pit's spikes as an attacking trap: daggers at +10, 1d4 + 1 per 10 ft. of fall (at most +5), critical on 19-20. */
export function spikesProfile(p: TrapProfile): TrapProfile {
  return { ...p, attack: SPIKE_ATTACK, touchAttack: false, damage: `1d4+${Math.min(SPIKE_MAX_BONUS, pitTens(p))}`, str: 0, crit: { range: 19, mult: 2 }, noun: 'spike' };
}

/** What lies at a pit's bottom: a separate trap set off by the impact (the SRD's "pit bottom"), or null. */
export function pitBottomOf(ruleset: Pick<Ruleset, 'traps'>, trap: Trap): TrapProfile | null {
  const bottom = typeof trap.data.bottom === 'string' ? trap.data.bottom : '';
  return bottom ? tableProfile(ruleset, bottom) : null;
}

function pitEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, victim: Actor | null): void {
  if (!victim?.alive) return;
  if (p.saveDc !== null && rollSave(ctx, victim, 'ref', p.saveDc)) {
    ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: victim.id, x: trap.x, y: trap.y });
    show(ctx, victim, '[The floor gives way, but you catch yourself at the edge of the pit!|{1} teeters at the edge of a pit.]', 'info');
    return;
  }
  show(ctx, victim, `{1} fall[s] into a[ ${p.depthFt}-ft.-deep|] pit[!|.]`, 'bad');
  hurt(ctx, victim, sample(fallProgram(p), ctx.rng('traps')), trap, p, 'falling');
  if (p.spikes && victim.alive) {
    const spikes = spikesProfile(p);
    const count = sample(SPIKE_COUNT, ctx.rng('traps'));
    let hits = 0;
    for (let i = 0; i < count && victim.alive; i++) {
      const r = trapAttack(ctx, spikes, victim);
      if (!r.hit) continue;
      hits++;
      hurt(ctx, victim, r.damage, trap, p, 'piercing');
    }
    if (isPlayer(ctx, victim)) ctx.say(hits > 0 ? `You land on the spikes: ${hits} of ${count} impale you!` : 'You land between the spikes.', hits > 0 ? 'bad' : 'info');
  }
  // Something at the bottom: a separate trap set off by the impact (the SRD's "pit bottom").
  const bottom = pitBottomOf(ctx.ruleset, trap);
  if (bottom && victim.alive) fireEffect(ctx, trap, bottom, victim);
  if (victim.alive) {
    const rounds = Math.ceil(p.depthFt / d20Settings(ctx.settings).climbFeetPerRound);
    ctx.emit({ type: 'actorUpdated', actor: victim.id, changes: { status: { held: Math.max(num(victim.status, 'held'), rounds) } } });
    if (isPlayer(ctx, victim)) ctx.say(`Climbing out will take ${rounds} round${rounds === 1 ? '' : 's'}.`, 'info');
  }
}

// ---------------------------------------------------------------- magic

/** A spell's damage, rolled once for everyone in its area (0 without dice). */
export function blastDamageProgram(p: TrapProfile): Prob<number> {
  const expr = p.damage ? parseDamage(p.damage) : null;
  return expr && typeof expr !== 'string' ? damageProgram(expr) : constant(0);
}

/** What a blast deals to one target who rolled `saved` (true: made the save) of `rolled`. */
export function blastAmount(p: TrapProfile, rolled: number, saved: boolean): number {
  return saved ? (p.negates ? 0 : Math.floor(rolled / 2)) : rolled;
}

function blastEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): void {
  const rolled = sample(blastDamageProgram(p), ctx.rng('traps'));
  for (const target of targetsOf(ctx, trap, p, actor)) {
    let amount = rolled;
    if (p.save && p.saveDc !== null && rollSave(ctx, target, p.save, p.saveDc)) {
      amount = blastAmount(p, rolled, true);
      if (isPlayer(ctx, target)) ctx.say(`You resist (${SAVE_NAMES[p.save]} save): ${amount > 0 ? 'half damage' : 'no effect'}.`, 'info');
    } else if (amount > 0) {
      show(ctx, target, '{1} [are|is] caught in {2}[!|.]', 'bad', { others: [thing(`the ${p.damageType}`)] });
    }
    if (amount > 0) hurt(ctx, target, amount, trap, p);
  }
}

/**
 * Summoned creatures appear next to the one who set the trap off (or around the trap), on free
 * cells drawn one by one, and last a round per caster level.
 */
function summonEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): void {
  const s = p.summon;
  const kind = s ? monsterKind(s.kind) : undefined;
  if (!s || !kind) return;
  const countExpr = parseDamage(s.count);
  if (typeof countExpr === 'string') return;
  const count = sample(sumProgram(countExpr.each), ctx.rng('traps'));
  const centre = actor ?? { x: trap.x, y: trap.y };
  const made = summon(ctx, {
    kind,
    count,
    // The 8 cells around, clockwise from north: walkable, nobody there, no chest.
    where: { noActor: true, noChest: true, except: [centre.x, centre.y], near: { x: centre.x, y: centre.y, radius: 1 }, order: 'spiral' },
    pick: (n) => sample(roll(1, n), ctx.rng('traps')) - 1,
    actsIn: 1,
    hunts: actor ? { x: actor.x, y: actor.y, patience: HUNT_PATIENCE } : null,
    status: { summoned: s.rounds },
  }).length;
  if (made > 0 && ctx.playerSees(trap.x, trap.y)) ctx.say(`${made} ${made === 1 ? kind.name : `${kind.name}s`} appear${made === 1 ? 's' : ''} out of thin air!`, 'danger');
}

/** The alarm spell's audible alarm: a hand bell heard up to 60 ft. (12 cells: volume 60). */
export const ALARM_VOLUME = 60;

function alarmEffect(ctx: RuleContext, trap: Trap): void {
  ctx.noise(trap.x, trap.y, ALARM_VOLUME, 'an alarm bell');
  const hero = ctx.world.actors.find((a) => a.id === ctx.world.playerId);
  if (hero && !ctx.playerSees(trap.x, trap.y) && chebyshev(hero.x, hero.y, trap.x, trap.y) <= 12) ctx.say('You hear a bell ringing.', 'trap');
}

// ---------------------------------------------------------------- never miss: gas, water, crushing

function gasEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): void {
  if (!p.poison) return;
  for (const target of targetsOf(ctx, trap, p, actor)) {
    if (isPlayer(ctx, target)) ctx.say(`You breathe the ${p.poison.name}!`, 'bad');
    poisonCreature(ctx, target, p.poison, trap, `killed by ${p.poison.name} (${withArticle(p.name)})`);
  }
}

/** Contact poison (a smeared doorknob): whoever touches it takes a dose, no attack, no save to avoid. */
function contactEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): void {
  if (!p.poison) return;
  for (const target of targetsOf(ctx, trap, p, actor)) {
    if (isPlayer(ctx, target)) ctx.say(`Your skin tingles where you touched it: ${p.poison.name}!`, 'bad');
    poisonCreature(ctx, target, p.poison, trap, `killed by ${p.poison.name} (${withArticle(p.name)})`);
  }
}

/** A crushing trap's damage to each target, as a program; null when it has no dice (it does nothing). */
export function crushDamageProgram(p: TrapProfile): Prob<number> | null {
  const expr = p.damage ? parseDamage(p.damage) : null;
  return expr && typeof expr !== 'string' ? damageProgram(expr, p.str) : null;
}

function crushEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): void {
  const dmg = crushDamageProgram(p);
  if (!dmg) return;
  for (const target of targetsOf(ctx, trap, p, actor)) {
    show(ctx, target, '{1} [are|is] crushed[!|.]', 'bad');
    hurt(ctx, target, sample(dmg, ctx.rng('traps')), trap, p, 'bludgeoning');
  }
}

/** The room fills: its floor cells turn to water until it drains (see `drain`). */
function floodEffect(ctx: RuleContext, trap: Trap, p: TrapProfile): void {
  const cells: string[] = [];
  for (let y = trap.y - p.radius; y <= trap.y + p.radius; y++)
    for (let x = trap.x - p.radius; x <= trap.x + p.radius; x++) {
      if (terrainAt(ctx.world, x, y) !== Terrain.Floor) continue;
      ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.Water });
      cells.push(`${x},${y}`);
    }
  ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { flooded: cells.join(';'), floodLeft: d20Settings(ctx.settings).floodRounds } } });
  if (cells.length > 0 && ctx.playerSees(trap.x, trap.y)) ctx.say('The room is full of water!', 'danger');
}

export function floodedCells(trap: Trap): Array<[number, number]> {
  const text = typeof trap.data.flooded === 'string' ? trap.data.flooded : '';
  if (!text) return [];
  return text.split(';').map((c) => c.split(',').map(Number) as [number, number]);
}

/** The water drains away: the cells it covered are floor again. */
export function drain(ctx: RuleContext, trap: Trap): void {
  for (const [x, y] of floodedCells(trap)) if (terrainAt(ctx.world, x, y) === Terrain.Water) ctx.emit({ type: 'terrainChanged', x, y, terrain: Terrain.Floor });
  ctx.emit({ type: 'trapChanged', trap: trap.id, changes: { data: { flooded: '', floodLeft: 0 } } });
  if (ctx.playerSees(trap.x, trap.y)) ctx.say('The water drains away.', 'info');
}

/**
 * Drowning (SRD): a creature holds its breath 2 x Con rounds, then makes a Constitution check each
 * round (DC 10, +1 per earlier check); on a failure it falls unconscious, is dying the next round
 * and drowns the round after, with no chance to act in between, so we resolve it at once.
 */
export function breathe(ctx: RuleContext, actor: Actor, underwater: boolean): void {
  const held = num(actor.status, 'breath');
  if (!underwater || actor.flying || isUndead(actor)) {
    if (held > 0) ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { breath: 0 } } });
    return;
  }
  const rounds = held + 1;
  ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { status: { breath: rounds } } });
  const limit = 2 * effectiveScore(actor, 'con');
  if (rounds === limit && isPlayer(ctx, actor)) ctx.say('You cannot hold your breath much longer!', 'danger');
  if (rounds <= limit) return;
  const dc = 10 + (rounds - limit - 1);
  const check = sample(d20Check(abilityMod(effectiveScore(actor, 'con')), dc, 'skill'), ctx.rng('traps'));
  // The SRD's drowning takes three rounds (unconscious at 0, dying at -1, dead): death all the same.
  if (check === 'failure') ctx.damage(actor, lethalDamage(ctx.world, actor), { cause: 'drowned', damageType: 'drowning' });
}

// ---------------------------------------------------------------- dispatch

/** The trap's effect on whoever it reaches (after any onset delay). */
export function fireEffect(ctx: RuleContext, trap: Trap, p: TrapProfile, actor: Actor | null): void {
  switch (p.effect) {
    case 'pit':
      pitEffect(ctx, trap, p, actor);
      return;
    case 'attack':
      attackEffect(ctx, trap, p, actor);
      return;
    case 'blast':
      blastEffect(ctx, trap, p, actor);
      return;
    case 'summon':
      summonEffect(ctx, trap, p, actor);
      return;
    case 'alarm':
      alarmEffect(ctx, trap);
      return;
    case 'gas':
      gasEffect(ctx, trap, p, actor);
      return;
    case 'liquid':
      floodEffect(ctx, trap, p);
      return;
    case 'crush':
      crushEffect(ctx, trap, p, actor);
      return;
    case 'contact':
      contactEffect(ctx, trap, p, actor);
      return;
    case 'none':
      return;
  }
}

export { profileOf };
