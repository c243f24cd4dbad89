/**
 * Statuses that tick on an actor's turn. A bear trap or snare holds its victim for some turns
 * ("Trapped": a monster loses its whole turn, a player cannot walk away but may still fight); the
 * engine's core statuses do the blocking: `lostActions` skips a monster's turn, `held` spends a
 * player's move on struggling. A player in a pit must climb out: each move out fails when
 * rng(0, 40) > Str + Dex / 2 (CDDA's Character::move_effects), rolled as the player leaves.
 */
import { show, thing } from '../../core/messages.ts';
import { type Prob, sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import { type Actor, NO_STATUS } from '../../core/world.ts';
import { HOLDS, isPlayer, stat } from './actors.ts';
import { rng } from './checks.ts';
import { setStatus } from './harm.ts';
import { trapAt } from '../../core/level.ts';

/** Timed statuses that only count down (their effects are read elsewhere). */
const TIMED = ['slimed', 'blind', 'deaf'] as const;

/** Holds an actor for `turns` of its turns (bear trap, snares). */
export function holdFor(ctx: RuleContext, a: Actor, key: (typeof HOLDS)[number][0], turns: number): void {
  // The stored value counts down to 1, the turn the victim gets free, so it is turns + 1.
  setStatus(ctx, a, { [key]: Math.max(1, Math.round(turns)) + 1 });
}

/** A monster that never gets free (a tiny creature in a snare): the core's `forever`. */
export { FOREVER_TURNS as FOREVER } from '../../core/traps/play.ts';

export function isInPit(ctx: RuleContext, a: Actor): boolean {
  if (!(a.status.in_pit && a.status.in_pit > 0)) return false;
  const t = trapAt(ctx.world, a.x, a.y);
  return t !== undefined && (t.kind === 'pit' || t.kind === 'spike_pit');
}

/** The pit escape roll of one move attempt: fails when rng(0, 40) > Str + Dex / 2. */
export function pitEscapeFails(str: number, dex: number): Prob<boolean> {
  return rng(0, 40).map((r) => r > str + Math.floor(dex / 2));
}

/** Every status `onTurn` ticks, for a quick look before the full pass. */
const TICKING = new Set<string>([...HOLDS.map(([key]) => key), ...TIMED]);

function anyTicking(status: Actor['status']): boolean {
  if (status === NO_STATUS) return false;
  for (const key in status) if (TICKING.has(key)) return true;
  return false;
}

export function onTurn(ctx: RuleContext, a: Actor): void {
  if (!a.alive) return;
  // Most actors, most turns, have nothing to tick (monsters are never in a pit nor `held`; the
  // player has nothing to check unless in a pit or held).
  if (!anyTicking(a.status) && (!isPlayer(ctx.world, a) || (!a.status.in_pit && !a.status.held))) return;
  const changes: Record<string, number> = {};
  let held = false;
  for (const [key, what] of HOLDS) {
    const v = a.status[key] ?? 0;
    if (v <= 0) continue;
    if (v === 1) {
      changes[key] = 0;
      show(ctx, a, '{1} [free yourself from|escapes] {2}!', 'good', { seenTone: 'good', others: [thing(`the ${what}`)] });
    } else {
      changes[key] = v - 1;
      held = true;
    }
  }
  for (const key of TIMED) {
    const v = a.status[key] ?? 0;
    if (v > 0) changes[key] = v - 1;
  }
  if (isPlayer(ctx.world, a)) {
    if (a.status.in_pit && !isInPit(ctx, a)) changes.in_pit = 0;
    const want = held ? 1 : 0;
    if ((a.status.held ?? 0) !== want) changes.held = want;
  } else if (held) {
    changes.lostActions = Math.max(1, a.status.lostActions ?? 0);
  }
  if (Object.keys(changes).length > 0) setStatus(ctx, a, changes);
}

/** Walking off a trap's cell: out of a pit only if the climb succeeds (false keeps the player in). */
export function onLeave(ctx: RuleContext, a: Actor): boolean | undefined {
  if (!isInPit(ctx, a)) return undefined;
  if (sample(pitEscapeFails(stat(a, 'str', 8), stat(a, 'dex', 8)), ctx.rng('player'))) {
    if (isPlayer(ctx.world, a)) ctx.say('You try to escape the pit, but slip back in.', 'bad');
    return false;
  }
  setStatus(ctx, a, { in_pit: 0 });
  if (isPlayer(ctx.world, a)) ctx.say('You escape the pit!', 'good');
  return undefined;
}
