/**
 * CDDA's built-in traps as named custom effects (core/traps/definition.ts `custom`): the
 * hand-written effects of mechanical.ts, explosion.ts, falls.ts, strange.ts and flood.ts, by the
 * names traps.json gives them. None is said in the vocabulary: every one hurts body parts of the
 * player and the whole of a monster differently (or only one of the two), and most make CDDA's
 * noise, which may wake a sleeping player on the player's own stream (harm.ts `trapNoise`).
 *
 * A `read` is the player's harm on the step as a harm code (harmCode.ts), where the step check
 * reads it exactly; the teleport pad has none (its harm turns on the squares around it: the
 * `teleport` check), so it plays in the built-in kind only.
 */
import { show } from '../../core/messages.ts';
import { constant } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { CustomEffect } from '../../core/traps/dialect.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { sizeOf } from './actors.ts';
import { BOOBYTRAP_BLAST, type Blast, explode, LANDMINE_BLAST } from './explosion.ts';
import { lava, ledge, pit, sinkhole, spikedPit } from './falls.ts';
import { raisedTile } from './flood.ts';
import { HARM_READINGS, situationOf } from './harmCode.ts';
import { beartrap, blade, board, bubblewrap, cot, crossbow, shotgun, snare, tripwire } from './mechanical.ts';
import { dissector, drain, glow, goo, hum, shadow, snake, telepad } from './strange.ts';

type Play = (ctx: RuleContext, trap: Trap, actor: Actor | null) => void;

/** `template`: what the hero and an onlooker are told (messages.ts). */
function mine(blast: Blast, template: string, tinySafe: boolean): Play {
  return (ctx, trap, actor) => {
    // Tiny animals are too light to set off a land mine.
    if (tinySafe && actor && sizeOf(actor) === 'tiny') return;
    if (actor) show(ctx, actor, template, 'danger', { seenTone: 'danger' });
    ctx.removeTrap(trap, 'spent');
    explode(ctx, trap.x, trap.y, blast, trap);
  };
}

const nothing: Play = () => {};

/** What the step reading leaves out of an effect, by name. */
const LEAVES_OUT: Readonly<Record<string, readonly string[]>> = {
  beartrap: ['how long the trap holds you'],
  tripwire: ['where it pushes you'],
  crossbow: ['whether a bolt is left'],
  light_snare: ['how long the snare holds you'],
  heavy_snare: ['how long the snare holds you'],
  landmine: ['anyone else caught in the blast'],
  boobytrap: ['anyone else caught in the blast'],
  goo: ['the slime'],
  pit: ['the climb out of the pit'],
  spike_pit: ['the climb out of the pit', 'whether the spears break'],
  sinkhole: ['the rope out of the sinkhole', 'the level below'],
  ledge: ['the level below'],
  raised_tile: ['the flood'],
  glow: ['the radiation or the flash'],
  hum: ['the deafness'],
  shadow: ['the shadow that forms'],
  snake: ['the snake that forms'],
};

function effect(name: string, description: string, play: Play, readable = true): CustomEffect {
  const harm = HARM_READINGS[name];
  const leavesOut = LEAVES_OUT[name];
  return {
    description,
    play: (ctx, trap, _kind, victim) => play(ctx, trap, victim),
    ...(readable ? { read: (inputs, settings) => (harm ? harm(situationOf(inputs, settings)) : constant(0)) } : {}),
    ...(leavesOut ? { leavesOut } : {}),
  };
}

export const CUSTOM_EFFECTS: Readonly<Record<string, CustomEffect>> = Object.freeze({
  nothing: effect('nothing', 'Does nothing (the blade engine, the portal, the trap-like tools).', nothing),
  bubblewrap: effect('bubblewrap', 'Pops with 18 noise (waking sleepers), then is gone; tiny animals are too light for it.', bubblewrap),
  beartrap: effect('beartrap', 'Player: 10-16 to one leg, held (bearTrapHoldsPlayer). Monster: 35 and held 8-15 turns. Once, leaves a bear trap.', beartrap),
  board: effect('board', 'Player: 6-10 to each foot. Monster: 6-10 and -80 moves. Tiny animals pass.', board),
  tripwire: effect('tripwire', 'Player: pushed to a nearby square, -150 moves, 1-4 to every part when rng(5, 20) > Dex. Monster: 1-4.', tripwire),
  crossbow: effect('crossbow', 'Misses 1 in 4; else the player dodges (rng(8, 20) > Dex / 2 + Dodge hits) or takes 20-30 to a random part; a monster 20-30. Once, leaves its items.', crossbow),
  shotgun: effect('shotgun', 'One or both barrels (Str, or a monster\u2019s size), 40-60 a barrel to a random part unless dodged (rng(5, 50)); 60 noise. Two charges.', shotgun),
  blade: effect('blade', 'Player: 12-30 to the torso. Monster: 42.', blade),
  light_snare: effect('light_snare', 'Holds creatures up to medium size; the player 10-20 turns, unhurt.', (ctx, trap, actor) => snare(ctx, trap, actor, false)),
  heavy_snare: effect('heavy_snare', 'Player: 35 to one leg, held 20-30 turns. Holds creatures up to large size.', (ctx, trap, actor) => snare(ctx, trap, actor, true)),
  landmine: effect('landmine', 'Explosion power 10 (15-45 to the torso, 10-30 to the head and each limb at the centre), 8 shrapnel up to 12 squares.', mine(LANDMINE_BLAST, '[You trigger|{1} steps on] a land mine!', true)),
  boobytrap: effect('boobytrap', 'Explosion power 18 (27-81 to the torso, 18-54 to the head and each limb at the centre), 12 shrapnel up to 40 squares.', mine(BOOBYTRAP_BLAST, '{1} trigger[s] a booby trap!', false)),
  telepad: effect('telepad', 'Warps the victim up to 12 squares; into a wall (500 to the torso) or a monster now and then. No exact step reading: where it lands you decides.', telepad, false),
  goo: effect('goo', 'Player: slimed, 3 in 10 0-5 to each foot. Blobs grow faster; other monsters become blobs. Once.', goo),
  dissector: effect('dissector', 'Player: every part up to 10/12/15/20. Non-robotic monsters: 60.', dissector),
  sinkhole: effect('sinkhole', 'Fall a level; with a 30 ft rope a throw, then an unarmed check, may pull you out; then it is a pit. Monsters fall through.', sinkhole),
  pit: effect('pit', 'Player: 10-20 less rng(dodge, 5 dodge), to every part (halved) and both legs; stuck. Monster: 10-20, -1000 moves.', pit),
  spike_pit: effect('spike_pit', 'Player: 20-50 to a leg, an arm or the torso unless dodged; stuck. Monster: 20-50, -1000 moves. The spears break 1 in 4.', spikedPit),
  lava: effect('lava', 'Player: 20 to each foot and leg. Monster by material: flesh 50, veggy 80, steel 5.', lava),
  ledge: effect('ledge', 'Fall a level. Lethal to any monster.', ledge),
  raised_tile: effect('raised_tile', 'Player only: the room floods, neck-deep in floodTurns turns.', raisedTile),
  glow: effect('glow', 'Player: 30% 10-30 radiation, else 25% a flashbang, else harmless flashes. Monsters: 30% 5-10 and 10% slower.', glow),
  hum: effect('hum', 'A hum of 1-200 volume; 150 or more deafens.', hum),
  shadow: effect('shadow', 'Player only: a shadow forms nearby.', shadow),
  drain: effect('drain', 'Every body part loses 1.', drain),
  snake: effect('snake', 'Player: a shadow snake forms. Always hisses (10); 16% the trap is destroyed.', snake),
  cot: effect('cot', 'Monsters stumble over it (-100 moves); the player never sets it off.', cot),
});
