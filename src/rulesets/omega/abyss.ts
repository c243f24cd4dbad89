/**
 * Entering the abyss, l_abyss() (move.c). In a dungeon: one time in a hundred Yog Sothoth (death
 * above alignment -10, else a portal one level down, 2000 xp and -50 alignment); otherwise a fall
 * of i levels (i = 1, 2, ... geometric) for 5i damage and i*i*50 xp, or, past the dungeon's last
 * level, out high above the countryside for 50i damage. Outside a dungeon: strategic_teleport(-1),
 * which the Circle's demesne refuses (the astral plane refuses it too, but it is a dungeon, so its
 * abyss takes the dungeon branch).
 *
 * Trapsmith has no countryside: being thrown out of the dungeon or dragged through a portal lands
 * the player on a random free floor square of the current level (sandbox decision).
 */
import { sample } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { gainExperience, num, setTraits } from './actor.ts';
import { abyssLevels, meetsYogSothoth } from './checks.ts';
import { pDamage, pDeath } from './damage.ts';
import { environmentById } from './environments.ts';
import { quantisedFrom } from './random.ts';
import { omegaSettings } from './settings.ts';
import { teleportSafely } from './teleport.ts';

/** What an abyss entry did: levels to fall at the end of the step (0 when none). */
export interface AbyssResult {
  levels: number;
}

/**
 * One entry into the abyss. `alreadyFalling` counts levels the player is already on the way down
 * in this step (a mounted player can enter twice), so the dungeon's bottom is judged from there.
 */
export function enterAbyss(ctx: RuleContext, player: Actor, alreadyFalling: number, trap?: Trap): AbyssResult {
  const env = environmentById(omegaSettings(ctx.settings).environment);
  const q = quantisedFrom(ctx.settings);
  const rng = ctx.rng('traps');
  if (!env.dungeon) {
    ctx.say('You fall through a dimensional portal!', 'trap');
    if (env.id === 'circle') {
      ctx.say('Some property of this eerie place interferes with the magic!');
      return { levels: 0 };
    }
    ctx.say('Magic portals open up all around you!');
    ctx.say('You are dragged into one!', 'bad');
    teleportSafely(ctx, player);
    return { levels: 0 };
  }
  ctx.say('You enter the infinite abyss!', 'trap');
  if (sample(meetsYogSothoth(q), rng)) {
    ctx.say('As you fall you see before you what seems like');
    ctx.say('an infinite congerie of iridescent bubbles.');
    ctx.say('You have met Yog Sothoth!!!', 'danger');
    if (num(player, 'alignment') > -10) {
      pDeath(ctx, player, 'the Eater of Souls', trap);
      return { levels: 0 };
    }
    ctx.say('The All-In-One must have taken pity on you.');
    ctx.say('A transdimensional portal appears...');
    gainExperience(ctx, player, 2000);
    setTraits(ctx, player, { alignment: num(player, 'alignment') - 50 });
    return { levels: 1 };
  }
  const i = sample(abyssLevels(q), rng);
  ctx.say(`You fall...${' and fall...'.repeat(i - 1)}`, 'trap');
  ctx.say('Finally,you emerge through an interdimensional interstice...');
  const bottom = env.levels ?? Number.POSITIVE_INFINITY;
  if (ctx.world.depth + alreadyFalling + i > bottom) {
    ctx.say('You emerge high above the ground!!!!', 'danger');
    ctx.say('Yaaaaaaaah........');
    teleportSafely(ctx, player);
    pDamage(ctx, player, i * 50, 'normal', 'a fall from a great height', trap);
    // Out of the dungeon: whatever fall was under way ends here too.
    return { levels: -alreadyFalling };
  }
  ctx.say('You built up some velocity during your fall, though....');
  pDamage(ctx, player, i * 5, 'normal', 'a fall through the abyss', trap);
  if (!player.alive) return { levels: 0 };
  gainExperience(ctx, player, i * i * 50);
  return { levels: i };
}
