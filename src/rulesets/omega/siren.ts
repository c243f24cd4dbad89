/**
 * The siren trap, l_trap_siren(): a klaxon. In a house or mansion the city guard comes and the
 * player goes to jail (unless the Order of Paladins is destroyed); in a hovel nobody answers;
 * anywhere else every monster on the level wakes with its senses doubled, the city's and villages'
 * guards turn hostile, and in the Circle's demesne three demon princes come and everyone turns
 * hostile. Monsters have no siren handler.
 *
 * Sandbox decisions (Trapsmith has no city to be jailed in, and none of the shared monster kinds is
 * a guard or a demon prince): jail ends the game; a guard is any monster with the trait
 * `guard: true`; a demon prince is an ogre-sized summoned monster (DEMON_PRINCE below). The woken
 * monsters hunt toward the player, which is what the doubled sense amounts to.
 */
import { summon } from '../../core/effects/summon.ts';
import type { MonsterKind, RuleContext } from '../../core/ruleset.ts';
import type { Actor } from '../../core/world.ts';
import { num } from './actor.ts';
import type { OmegaTraits } from './traits.ts';
import { omegaSettings } from './settings.ts';
import { FREE_FLOOR } from './teleport.ts';

export const DEMON_PRINCE: MonsterKind = {
  id: 'demon-prince',
  name: 'demon prince',
  glyph: '&',
  colour: '#ff2020',
  hp: 120,
  speed: 100,
  melee: { n: 3, sides: 6, bonus: 3 },
  flying: false,
  intelligence: 3,
  size: 'large',
  xp: 500,
};

export function siren(ctx: RuleContext, player: Actor): void {
  ctx.say('A klaxon goes off!', 'danger');
  ctx.say("'Intruder Alert -- Intruder Alert -- Intruder Alert'");
  ctx.say('You have the feeling you have been discovered....');
  const env = omegaSettings(ctx.settings).environment;
  if (env === 'house' || env === 'mansion') {
    if (omegaSettings(ctx.settings).orderDestroyed) {
      ctx.say('Nobody answers the alarm.');
      return;
    }
    ctx.say('The city guard arrives!', 'danger');
    ctx.say('You are apprehended....', 'danger');
    ctx.emit({ type: 'gameOver', won: false, cause: 'Sent to jail', turn: ctx.world.turn });
    return;
  }
  if (env === 'hovel') {
    ctx.say('Nobody answers the alarm.');
    return;
  }
  if (env === 'circle') summonNear(ctx, player, DEMON_PRINCE, 3);
  for (const m of ctx.world.actors) {
    if (!m.alive || m.id === ctx.world.playerId) continue;
    const guardTurns = (env === 'city' || env === 'village') && m.traits.guard === true;
    const hostile = env === 'circle' || guardTurns || m.faction === 'hostile';
    ctx.emit({
      type: 'actorUpdated',
      actor: m.id,
      changes: {
        status: { asleep: 0 },
        traits: { sense: num(m, 'sense', 8) * 2 } satisfies OmegaTraits,
        ...(hostile && m.faction !== 'hostile' ? { faction: 'hostile' as const } : {}),
        ...(hostile ? { ai: { mode: 'hunt' as const, targetX: player.x, targetY: player.y, patience: 30 } } : {}),
      },
    });
  }
}

/**
 * summon(-1, id), `count` times: each a hostile monster on the free floor square nearest the
 * player (Chebyshev; by rows among the nearest), hunting the player.
 */
function summonNear(ctx: RuleContext, player: Actor, kind: MonsterKind, count: number): void {
  summon(ctx, {
    kind,
    count,
    where: { ...FREE_FLOOR, near: { x: player.x, y: player.y }, order: 'distance' },
    pick: () => 0,
    actsIn: 1,
    hunts: { x: player.x, y: player.y, patience: 30 },
    onEach: (m) => {
      if (ctx.playerSees(m.x, m.y)) ctx.say(`A ${kind.name} appears!`, 'danger');
    },
  });
}
