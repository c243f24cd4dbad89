/**
 * CDDA's named custom effects (core/traps/definition.ts `custom`): what its traps do that the
 * effect vocabulary does not say, played by the hand-written code of mechanical.ts,
 * explosion.ts, falls.ts, strange.ts and flood.ts under the names traps.json gives them. The
 * rest of CDDA's traps (the bear traps, the spiked board, the blade, the snares, the dissector,
 * the drain, the tripwire, the crossbow, lava, the cot and the mines up to their explosion) are data over the vocabulary in traps.json.
 *
 * Each stays code for a reason the vocabulary lacks: a double shot whose odds turn on the
 * survivor's Str or a monster's size (shotgun), a damage less a dodge roll (pits), CDDA's explosion with its shrapnel (the mines' blasts), a teleport that draws
 * squares round the victim (telepad), a monster turned into another (goo), a level's flood
 * (raised tile), a rope climb (sinkhole), a fall that kills any monster (ledge), radiation and flashbangs
 * (glow), a noise of drawn volume (hum), monsters of CDDA's own forming (shadow, snake), the
 * and the bubble wrap's onlooker line (the monster's bare name, "kobold steps on some bubble wrap!").
 *
 * A `read` is the player's harm on the step as a harm code (harmCode.ts), where the step check
 * reads it exactly; the teleport pad has none (its harm turns on the squares around it: the
 * `teleport` check), so it plays in the built-in kind only.
 */
import { constant } from '../../core/prob.ts';
import type { RuleContext } from '../../core/ruleset.ts';
import type { CustomEffect } from '../../core/traps/dialect.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { BOOBYTRAP_BLAST, type Blast, explode, LANDMINE_BLAST } from './explosion.ts';
import { ledge, pit, sinkhole, spikedPit } from './falls.ts';
import { raisedTile } from './flood.ts';
import { HARM_READINGS, situationOf } from './harmCode.ts';
import { bubblewrap, shotgun } from './mechanical.ts';
import { glow, goo, hum, shadow, snake, telepad } from './strange.ts';

type Play = (ctx: RuleContext, trap: Trap, actor: Actor | null) => void;

/** A mine's explosion at the trap (the data says who sets it off and what they are told). */
function blast(b: Blast): Play {
  return (ctx, trap) => explode(ctx, trap.x, trap.y, b, trap);
}

/** What the step reading leaves out of an effect, by name. */
const LEAVES_OUT: Readonly<Record<string, readonly string[]>> = {
  landmine_blast: ['anyone else caught in the blast'],
  boobytrap_blast: ['anyone else caught in the blast'],
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
  bubblewrap: effect('bubblewrap', 'Pops with 18 noise (waking sleepers), then is gone; tiny animals are too light for it.', bubblewrap),
  shotgun: effect('shotgun', 'One or both barrels (Str, or a monster\u2019s size), 40-60 a barrel to a random part unless dodged (rng(5, 50)); 60 noise. Two charges.', shotgun),
  landmine_blast: effect('landmine_blast', 'A land mine\u2019s explosion: power 10 (15-45 to the torso, 10-30 to the head and each limb at the centre), 8 shrapnel up to 12 squares.', blast(LANDMINE_BLAST)),
  boobytrap_blast: effect('boobytrap_blast', 'A booby trap\u2019s explosion: power 18 (27-81 to the torso, 18-54 to the head and each limb at the centre), 12 shrapnel up to 40 squares.', blast(BOOBYTRAP_BLAST)),
  telepad: effect('telepad', 'Warps the victim up to 12 squares, onto the first of 15 drawn squares it can stand in (a monster there explodes), else into a wall (500 to the torso). No exact step reading: where it lands you decides.', telepad, false),
  goo: effect('goo', 'Player: slimed, 3 in 10 0-5 to each foot. Blobs grow faster; other monsters become blobs. Once.', goo),
  sinkhole: effect('sinkhole', 'Fall a level; with a 30 ft rope a throw, then an unarmed check, may pull you out; then it is a pit. Monsters fall through.', sinkhole),
  pit: effect('pit', 'Player: 10-20 less rng(dodge, 5 dodge), to every part (halved) and both legs; stuck. Monster: 10-20, -1000 moves.', pit),
  spike_pit: effect('spike_pit', 'Player: 20-50 to a leg, an arm or the torso unless dodged; stuck. Monster: 20-50, -1000 moves. The spears break 1 in 4.', spikedPit),
  ledge: effect('ledge', 'Fall a level. Lethal to any monster.', ledge),
  raised_tile: effect('raised_tile', 'Player only: the room floods, neck-deep in floodTurns turns.', raisedTile),
  glow: effect('glow', 'Player: 30% 10-30 radiation, else 25% a flashbang, else harmless flashes. Monsters: 30% 5-10 and 10% slower.', glow),
  hum: effect('hum', 'A hum of 1-200 volume; 150 or more deafens.', hum),
  shadow: effect('shadow', 'Player only: a shadow forms nearby.', shadow),
  snake: effect('snake', 'Player: a shadow snake forms. Always hisses (10); 16% the trap is destroyed.', snake),
});
