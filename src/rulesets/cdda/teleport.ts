/**
 * Where a teleport pad throws the survivor, written once: play samples `landingSquareProgram`
 * (strange.ts `telepad`), the `teleport` and `step` checks read `landingProgram` exactly, and
 * both count the level's squares with `landingSquares`. The class of the landing (an empty
 * square, a creature's, the survivor's own, or one no one can stand in) has its odds in one place;
 * play's pick of the square within the class is a uniform draw inside the same program, which the
 * readings need not know (every square of a class does the same to the survivor).
 *
 * CDDA's game::teleport before teleport.cpp replaced it (CleverRaven/Cataclysm-DDA src/game.cpp, the
 * era whose trapfunc.cpp the seed's "warp target into wall, monster or just explode it" describes):
 *
 *   do { new = pos + (rng(0, 2 SEEX) - SEEX, rng(0, 2 SEEY) - SEEY); tries++ }
 *   while (tries < 15 && impassable(new));
 *   impassable(new): 500 to the torso ("You teleport into the middle of a <wall>!");
 *   else a monster there: it dies in an explosion ("You teleport into the middle of a <monster>!").
 *
 * So the first square one can stand in is taken, a creature's too, and the survivor's own square
 * (drawn as any other) leaves it where it is, unhurt; only 15 squares in a row that no one can
 * stand in end in the last of them. (Whales' Cataclysm, before the fork, looped on `!is_empty`,
 * a different rule; neither version ever hurt the one teleported on its own square.)
 */
import { isFreeCell } from '../../core/effects/freeCells.ts';
import { actorAt } from '../../core/level.ts';
import { choice, constant, iterate, type Prob, uniform } from '../../core/prob.ts';
import type { StepHarm } from '../../core/ruleset.ts';
import type { World } from '../../core/world.ts';

/** How far a teleport pad throws: rng(0, 2 SEEX) - SEEX on each axis (SEEX = SEEY = 12). */
export const TELEPORT_RANGE = 12;
/** Squares game::teleport draws before the last one stands. */
export const PLAYER_TELEPORT_TRIES = 15;
/** What teleporting into a wall or a chest does to the torso. */
export const TELEPORT_WALL_DAMAGE = 500;
/** Squares a teleport may draw: 25 x 25 around the one teleported, its own among them. */
export const TELEPORT_SQUARES = (2 * TELEPORT_RANGE + 1) ** 2;

/**
 * A landing's class: `empty` (no one there), `monster` (another creature: blown apart), `self`
 * (the survivor's own square: it stays), `blocked` (a wall, a chest or off the map: 500 to the torso).
 */
export type Landing = 'empty' | 'monster' | 'self' | 'blocked';
export const LANDINGS: readonly Landing[] = ['empty', 'monster', 'self', 'blocked'];

/**
 * The landing's class, from the counts of the 624 squares around the survivor: `empty` and
 * `blocked` given, the rest hold creatures. Each draw is one of the 625 squares, each as likely;
 * the loop ends at the first one the survivor can stand in, or after 15.
 */
export function landingProgram(empty: number, blocked: number): Prob<Landing> {
  const monster = TELEPORT_SQUARES - 1 - empty - blocked;
  const square = choice<Landing>([
    [empty, 'empty'],
    [monster, 'monster'],
    [1, 'self'],
    [blocked, 'blocked'],
  ]);
  return iterate<readonly [number, Landing]>([0, 'blocked'], ([tries, at]) => (tries >= PLAYER_TELEPORT_TRIES || at !== 'blocked' ? null : square.map((next) => [tries + 1, next] as const))).map(
    ([, at]) => at,
  );
}

/** The squares around a centre by class, each in row order (the pad's own square is `self`, not listed). */
export interface LandingSquares {
  readonly empty: ReadonlyArray<readonly [number, number]>;
  readonly monster: ReadonlyArray<readonly [number, number]>;
  readonly blocked: ReadonlyArray<readonly [number, number]>;
}

/** A landing as play needs it: the class, and which of its squares (an index into `LandingSquares`; 0 for `self`). */
export type LandingSquare = { readonly at: Landing; readonly index: number };

/**
 * The 624 squares within TELEPORT_RANGE of (cx, cy) but that one, off the map too, by class:
 * blocked where no one can stand (a wall, a chest, off the map), a creature's where a living actor
 * other than `mover` stands, else empty. `mover` is the one teleported: its own square is never
 * another creature's (in play it stands on (cx, cy); read before its step, it is leaving the square it is on).
 */
export function landingSquares(world: World, mover: number, cx: number, cy: number): LandingSquares {
  const empty: Array<readonly [number, number]> = [];
  const monster: Array<readonly [number, number]> = [];
  const blocked: Array<readonly [number, number]> = [];
  for (let y = cy - TELEPORT_RANGE; y <= cy + TELEPORT_RANGE; y++)
    for (let x = cx - TELEPORT_RANGE; x <= cx + TELEPORT_RANGE; x++) {
      if (x === cx && y === cy) continue;
      if (!isFreeCell(world, x, y, { noChest: true })) {
        blocked.push([x, y]);
        continue;
      }
      const occupant = actorAt(world, x, y);
      if (occupant && occupant.id !== mover) monster.push([x, y]);
      else empty.push([x, y]);
    }
  return { empty, monster, blocked };
}

/**
 * The landing play samples: `landingProgram` over the squares' counts, then one square of the
 * class drawn uniformly (each square of a class is as likely to be the one the loop stopped at).
 */
export function landingSquareProgram(squares: LandingSquares): Prob<LandingSquare> {
  return landingProgram(squares.empty.length, squares.blocked.length).bind((at) => {
    const n = at === 'self' ? 1 : squares[at].length;
    // A class of no squares is never drawn (weight 0); 0 keeps the program whole should one be asked.
    return n > 1 ? uniform(0, n - 1).map((index): LandingSquare => ({ at, index })) : constant<LandingSquare>({ at, index: 0 });
  });
}

/**
 * What a landing does to the survivor (strange.ts `telepad`): an empty square, a creature's (it is
 * blown apart) or its own leave it unhurt; a wall, chest or the map's edge deals
 * TELEPORT_WALL_DAMAGE to the torso, deadly at that much or less.
 */
export function landingHarm(landing: Landing, torso: number): StepHarm {
  if (landing === 'blocked') return torso <= TELEPORT_WALL_DAMAGE ? 'death' : 'hurt';
  return 'unhurt';
}
