/**
 * What a trap does when it goes off (the ruleset's `trigger`, reached by every path: entering,
 * leaving, fighting, disarming, opening, setting it off on purpose). The source: the hero "nimmt
 * Schaden anhand des Typs der Falle, die Falle wird anschließend vom Spielfeld entfernt. Außerdem
 * verfallen alle weiteren Aktionen des Helden." What each kind does is data (traps.json, or a
 * designer's file) played by the core's vocabulary with Wasteland's dialect; the rest is these
 * rules: whoever sees it go off learns of it, a kind's sound is made (and heard out of sight), the
 * one who set it off loses the rest of its turn, and the trap leaves the board.
 */
import { NOISE_CELLS_PER_VOLUME } from '../../core/context.ts';
import type { TriggerHow } from '../../core/events.ts';
import { player } from '../../core/level.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { SoundSpec } from '../../core/traps/definition.ts';
import { playEffect } from '../../core/traps/play.ts';
import { type Actor, chebyshev, type Trap } from '../../core/world.ts';
import { WASTELAND_DIALECT } from './dialect.ts';
import { kindOf } from './traps.ts';
import { endTurn } from './turns.ts';

/** A kind's sound (none of the built-ins has one: the mine's bang is its blast's): heard out of sight, within earshot. */
function sound(ctx: RuleContext, trap: Trap, s: SoundSpec): void {
  const hero = player(ctx.world);
  if (!ctx.playerSees(trap.x, trap.y) && hero.alive && chebyshev(hero.x, hero.y, trap.x, trap.y) <= s.volume * NOISE_CELLS_PER_VOLUME) ctx.say(s.heard, 'info');
  ctx.noise(trap.x, trap.y, s.volume, s.source);
}

/** The ruleset's `trigger`: the trap's effect, then it leaves the board; the victim's turn is over. */
export function springTrap(ctx: RuleContext, trap: Trap, actor: Actor | null, how: TriggerHow): void {
  if (ctx.playerSees(trap.x, trap.y)) ctx.reveal(trap, ctx.world.playerId, 'triggered');
  const kind = kindOf(ctx.ruleset, trap.kind);
  if (kind) {
    // The one who set it off is its victim; a blast strikes whoever stands in it.
    playEffect({ ctx, trap, kind, dialect: WASTELAND_DIALECT, victim: actor }, kind.effect);
    if (kind.sound) sound(ctx, trap, kind.sound);
  }
  // In a fight the caller knows whether the victim is the one acting; every other way it is.
  if (actor && how !== 'fight') endTurn(ctx, actor, true);
  ctx.removeTrap(trap, 'sprung');
}
