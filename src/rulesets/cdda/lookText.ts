/**
 * What look mode says a known CDDA trap does, in sentences a player reads (the table's `notes`
 * column keeps the terse figures for `trapsmith traps`). The figures are the same: damage ranges
 * are hit points, "moves" are CDDA's move points (100 are one turn at normal speed).
 */
export const LOOK_TEXT: Readonly<Record<string, string>> = {
  bubblewrap: 'It pops loudly (noise 18) when stepped on, waking sleepers nearby, and is gone once popped.',
  beartrap: 'Its jaws snap shut on one of your legs for 10 to 16 damage; a monster takes 35, loses its turn and is held for 8 to 15 turns. It goes off once and stays where it is.',
  beartrap_buried: 'It works as a bear trap, buried out of sight.',
  board: 'Its nails hit each of your feet for 6 to 10 damage; a monster takes 6 to 10 and loses 80 moves.',
  tripwire: 'It trips you onto a nearby square: you lose 150 moves and take 1 to 4 damage to every part unless your Dexterity saves you. A monster takes 1 to 4 damage.',
  crossbow: 'Its bolt misses a quarter of the time; otherwise you dodge it or take 20 to 30 damage to a random part. It fires once.',
  shotgun: 'It fires one or both barrels (your Strength or a monster\'s size decides), for 40 to 60 damage a barrel to a random part unless you dodge. It holds two shots.',
  engine: 'It drives the spinning blades around it; disarming it takes the blades away too.',
  blade: 'It cuts your torso for 12 to 30 damage; a monster takes 30 cutting and 12 bashing damage.',
  light_snare: 'It holds a creature of up to medium size.',
  heavy_snare: 'It holds a creature of up to large size.',
  landmine: 'It explodes with power 10 (15 to 45 damage at its centre) and throws 8 pieces of shrapnel up to 12 squares, 20 to 60 damage each.',
  landmine_buried: 'It works as a land mine, buried out of sight.',
  telepad: 'It warps whoever steps on it to another place, now and then into a wall or a monster.',
  goo: 'It slimes you, and three times in ten hurts each foot for up to 5. A blob gains 15 speed; any other monster turns into a blob. It works once.',
  dissector: 'It cuts every part of you for up to 10, 12, 15 or 20 damage; a monster that is not a robot takes 60.',
  sinkhole: 'You fall to the level below, unless a rope of 30 feet pulls you out (a throw, then an unarmed check); afterwards it is a pit.',
  pit: 'You fall in for 10 to 20 damage less your dodge, spread over every part and both legs, and are stuck; a monster takes 10 to 20 damage and loses 1000 moves.',
  spike_pit: 'Unless you dodge, its spikes hit a leg, an arm or your torso for 20 to 50 damage, and you are stuck; a monster takes 20 to 50 damage and loses 1000 moves. A quarter of the spears break.',
  lava: 'It burns each of your feet and legs for 20 damage; a monster takes 50 if it is flesh, 80 if it is plant, 5 if it is steel.',
  portal: 'It is only decoration and does nothing.',
  ledge: 'You fall to the level below; a monster that goes over it dies.',
  boobytrap: 'It explodes with power 18 (27 to 81 damage at its centre) and throws 12 pieces of shrapnel up to 40 squares, 20 to 60 damage each.',
  raised_tile: 'Only you set it off: the room floods, neck-deep within 10 turns.',
  glow: 'Three times in ten it gives you 10 to 30 radiation, else a quarter of the time a flashbang goes off, else it flashes harmlessly. Three times in ten a monster is burnt for 5 to 10 damage and loses a tenth of its speed.',
  hum: 'It hums at a volume of 1 to 200; from 150 it deafens you.',
  shadow: 'Only you set it off: a shadow forms nearby.',
  drain: 'Every part of your body loses 1 hit point.',
  snake: 'When you set it off a shadow snake forms; it always hisses (noise 10), and 16 times in a hundred the trap is destroyed.',
  cot: 'It is a cot, not a trap; monsters stumble over it and lose 100 moves.',
  brazier: 'It is a brazier, not a trap.',
  rollmat: 'It is a roll mat, not a trap.',
};
