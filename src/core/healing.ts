/**
 * Natural healing, written once for every ruleset: each ruleset says how often and how much
 * (`Ruleset.regeneration`, from its named settings); the engine calls `regenerate` once per world
 * turn, from the same per-world-turn hook as the core's poison (engine.ts `runUntilPlayer`), and
 * the healing is one `actorUpdated` event, so a replay, the bots and `sim` heal exactly as play does.
 *
 * Invariants:
 * - healing never raises hp above maxHp and never heals the dead (`healChanges` returns null);
 * - an actor with body parts (CDDA) heals part by part: each hurt part that is not broken (hp > 0)
 *   regains the amount up to its own max, and the whole hp gains what the parts gained, so an hp that
 *   was the sum of the parts stays the sum of the parts. A loss no part took (the core's poison,
 *   which names no part) heals as one more pool of its own. A broken part (0 hp) stays broken: in
 *   CDDA a broken limb mends only in a splint, which this sandbox does not have;
 * - the timing is the game clock's, not a per-actor count: at world turn t, heal when t is a multiple
 *   of `every`. So healing needs no state in the world and emits nothing while nobody is hurt.
 *
 * Who heals: the player only. Monsters are the traps' other subjects, and what the sandbox
 * measures of them (a trap hurt it, a trap killed it, the lure ledger) would blur if a monster a trap
 * had hurt healed before the next trap; the sources give their monsters no regeneration we play
 * (RULES.md says nothing of it), and the issue is the hero worn down over a level.
 */
import type { ActorChanges } from './events.ts';
import { player } from './level.ts';
import type { Regeneration, RuleContext, SettingSpec } from './ruleset.ts';
import type { Actor, BodyPart, Traits } from './world.ts';

/** The setting of the rulesets that heal 1 hit point every so many turns. */
export const REGEN_TURNS = 'regenTurns';

/** The `regenTurns` setting with a ruleset's own default and reason for it (0 turns it off). */
export function regenTurnsSetting(defaultTurns: number, why: string): SettingSpec & { readonly name: typeof REGEN_TURNS; readonly type: 'int' } {
  return {
    name: REGEN_TURNS,
    type: 'int',
    default: defaultTurns,
    min: 0,
    max: 10_000,
    description: `Natural healing: while hurt, the hero regains 1 hit point every this many turns of the game clock (0: no healing). ${why}`,
  };
}

/** The regeneration of a `regenTurns` setting: 1 hit point every that many world turns; null at 0 (off). */
export function regenerationEvery(settings: Traits): Regeneration | null {
  const every = settings[REGEN_TURNS];
  return typeof every === 'number' && every > 0 ? { every, amount: 1 } : null;
}

/**
 * What healing `amount` hit points does to `actor`: the changes to emit, or null when nothing heals
 * (dead, not hurt, an amount of 0, or only broken parts hurt). See the invariants above.
 */
export function healChanges(actor: Actor, amount: number): ActorChanges | null {
  if (!actor.alive || amount <= 0 || actor.hp >= actor.maxHp) return null;
  if (!actor.parts) return { hp: Math.min(actor.maxHp, actor.hp + amount) };
  const parts: Record<string, BodyPart> = {};
  let partsHp = 0;
  let gained = 0;
  for (const [name, part] of Object.entries(actor.parts)) {
    partsHp += part.hp;
    const up = part.hp > 0 ? Math.max(0, Math.min(amount, part.max - part.hp)) : 0;
    gained += up;
    // payload being built: the event's new parts, never the world's
    parts[name] = { hp: part.hp + up, max: part.max };
  }
  // A loss no part took: the whole hp below the parts' sum.
  gained += Math.min(amount, Math.max(0, partsHp - actor.hp));
  if (gained === 0) return null;
  return { hp: Math.min(actor.maxHp, actor.hp + gained), parts };
}

/**
 * World turn `worldTurn` has come (the engine's count of 100-tick turns): the hero heals if the
 * ruleset's regeneration falls due at it. Emits nothing otherwise.
 */
export function regenerate(ctx: RuleContext, worldTurn: number): void {
  const rule = ctx.ruleset.regeneration;
  if (!rule) return;
  const hero = player(ctx.world);
  if (!hero.alive || hero.hp >= hero.maxHp) return;
  const r = rule(ctx.settings, hero);
  if (!r || r.every < 1 || worldTurn % r.every !== 0) return;
  const changes = healChanges(hero, r.amount);
  if (changes) ctx.emit({ type: 'actorUpdated', actor: hero.id, changes });
}

/**
 * What healing `amount` hit points on one body part does (a first aid kit on a limb): that part up
 * to its own max, the whole hp by what the part gained (so hp stays the sum of the parts). Null when
 * the part is missing, broken (0 hp: it mends only in a splint) or whole, or the actor is dead.
 */
export function healPartChanges(actor: Actor, partName: string, amount: number): ActorChanges | null {
  const part = actor.parts && Object.hasOwn(actor.parts, partName) ? actor.parts[partName] : undefined;
  if (!actor.alive || !part || part.hp <= 0 || amount <= 0) return null;
  const up = Math.min(amount, part.max - part.hp);
  if (up <= 0) return null;
  const parts: Record<string, BodyPart> = {};
  // payload being built: the event's new parts, never the world's
  for (const [name, p] of Object.entries(actor.parts!)) parts[name] = name === partName ? { hp: p.hp + up, max: p.max } : { hp: p.hp, max: p.max };
  return { hp: Math.min(actor.maxHp, actor.hp + up), parts };
}
