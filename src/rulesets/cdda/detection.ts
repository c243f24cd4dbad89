/**
 * Spotting traps: once a game turn, every hidden trap whose tile the player can see gets one
 * detection roll (RULES.md: "every turn, each hidden trap whose tile the player can see gets one
 * detection roll"). Free actions (disarming) take no time, so they do not buy extra rolls: the
 * turn of the last roll is kept in the player's traits. An action that takes several turns
 * (setting a trap, a tripwire's lost moves) gets a roll for each turn it took.
 */
import { ownFind } from '../../core/traps/spot.ts';
import { sample } from '../../core/prob.ts';
import type { CheckInputs, FindReading, RuleContext, Ruleset } from '../../core/ruleset.ts';
import { type Actor, chebyshev, type Trap, type World } from '../../core/world.ts';
import { has, stat } from './actors.ts';
import { type DetectInputs, detectCheck, proficiencyEffect } from './checks.ts';
import { turnIndex } from './flood.ts';
import { setTraits, trapNumbers } from './harm.ts';

/** The detection inputs of this actor for that trap. */
export function detectInputs(ctx: RuleContext, a: Actor, trap: Trap): DetectInputs {
  return detectInputsIn(ctx.ruleset, a, trap);
}

/** The detection inputs of this actor for that trap, with the V of `ruleset`'s table. */
function detectInputsIn(ruleset: Pick<Ruleset, 'traps'>, a: Actor, trap: Trap): DetectInputs {
  return {
    per: stat(a, 'per', 8),
    int: stat(a, 'int', 8),
    skill: stat(a, 'traps'),
    proficiencies: proficiencyEffect(has(a, 'profTraps'), has(a, 'profTrapSetting'), has(a, 'profSpotting')),
    focus: stat(a, 'focus', 50),
    fatigue: stat(a, 'fatigue'),
    eyeEncumbrance: stat(a, 'eyeEncumbrance'),
    distance: chebyshev(a.x, a.y, trap.x, trap.y),
    visibility: trapNumbers(ruleset, trap.kind).V,
  };
}

const DIRECTION_NAMES: Record<string, string> = {
  '0,-1': 'north',
  '1,-1': 'northeast',
  '1,0': 'east',
  '1,1': 'southeast',
  '0,1': 'south',
  '-1,1': 'southwest',
  '-1,0': 'west',
  '-1,-1': 'northwest',
};

/** CDDA's direction_name(direction_from(a, b)) by octant; "here" for the actor's own tile. */
export function directionName(fromX: number, fromY: number, x: number, y: number): string {
  const dx = x - fromX;
  const dy = y - fromY;
  if (dx === 0 && dy === 0) return 'here';
  // An octant is 45 degrees around each compass direction.
  const angle = Math.atan2(dy, dx);
  const octant = Math.round(angle / (Math.PI / 4));
  const step: Array<[number, number]> = [
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
  ];
  const [sx, sy] = step[(octant + 8) % 8]!;
  return DIRECTION_NAMES[`${sx},${sy}`]!;
}

/** Most turns of rolls one step catches up on (a very long action is rare; this bounds its cost). */
const MAX_ROLLS_PER_STEP = 100;

export function notice(ctx: RuleContext, a: Actor): void {
  if (!a.alive || (a.status.blind ?? 0) > 0) return;
  const turn = turnIndex(ctx.world);
  const last = stat(a, 'lastDetectTurn', turn - 1);
  if (last >= turn) return;
  setTraits(ctx, a, { lastDetectTurn: turn });
  // One roll per turn gone by since the last rolls (one on a plain turn).
  const rolls = Math.min(MAX_ROLLS_PER_STEP, turn - last);
  for (const trap of ctx.world.traps) {
    if (trap.host.kind !== 'floor' || trap.knownBy.includes(a.id) || !ctx.playerSees(trap.x, trap.y)) continue;
    let seen = false;
    // A kind with a detection of its own rolls it in place of each detection roll (core/traps/spot.ts).
    for (let r = 0; r < rolls && !seen; r++) seen = ownFind(ctx, a, trap, 'passing', ctx.rng('player')) ?? sample(detectCheck(detectInputs(ctx, a, trap)), ctx.rng('player')) === 'seen';
    if (!seen) continue;
    ctx.reveal(trap, a.id, 'seen');
    const where = directionName(a.x, a.y, trap.x, trap.y);
    ctx.say(where === 'here' ? `You've spotted a ${ctx.trapName(trap)} beneath you!` : `You've spotted a ${ctx.trapName(trap)} to the ${where}!`, 'trap');
  }
}

/** The odds probe's fresh turn of looking: this turn's detection roll not yet made. */
export function forgetFinding(_world: World, _trap: Trap, a: Actor): void {
  // Runs inside edit(): the probe's throwaway copy of a world, never a live level, so it writes the actor directly.
  delete a.traits.lastDetectTurn;
}

/** CDDA has no search command: searching is waiting a turn, and the turn's detection rolls do the rest. */
export function search(ctx: RuleContext, a: Actor): void {
  if (a.id === ctx.world.playerId) ctx.say('You look around carefully.', 'info');
}

/** The `detect` check's inputs (odds.ts) of one turn's roll. */
function detectCheckInputs(d: DetectInputs): CheckInputs {
  return {
    per: d.per,
    int: d.int,
    skill: d.skill,
    proficiencies: d.proficiencies,
    focus: d.focus,
    fatigue: d.fatigue,
    'eye-encumbrance': d.eyeEncumbrance,
    distance: d.distance,
    visibility: d.visibility,
  };
}

/**
 * The detect check's readings of `actor` spotting `trap` (the ruleset's `spotInputs`): CDDA has no
 * search of its own (searching is waiting a turn), so both are one turn's detection roll, as
 * `notice` rolls it: beside the trap (distance 1) for a search, and from where the actor stands
 * for the look in passing (a fresh look: the odds of finding it, known or not). Null for a trap
 * off the floor, which the roll never reads.
 */
export function spotReading(ruleset: Pick<Ruleset, 'traps'>, _world: World, actor: Actor, trap: Trap): { search: FindReading; passing: FindReading } | null {
  if (trap.host.kind !== 'floor') return null;
  const here = detectInputsIn(ruleset, actor, trap);
  return {
    // The search's look is the turn's detection roll, made at the end of the step (`notice`).
    search: { check: 'detect', inputs: detectCheckInputs({ ...here, distance: 1 }), found: ['seen'], revealedAs: 'seen' },
    passing: { check: 'detect', inputs: detectCheckInputs(here), found: ['seen'] },
  };
}
