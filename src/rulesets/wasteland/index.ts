/**
 * The `wasteland` ruleset: the traps of the board game Wasteland Battles (seed 004, German) on the
 * roguelike grid, with RULES.md's decisions. Heroes have action points per turn; monsters are
 * opposing heroes. A custom die (skull, shield, blank faces) decides whether a trap goes off when a
 * hero enters its cell (no roll with a detector) and whether a disarm succeeds.
 *
 * This file only wires the parts together; each rule lives in its own module.
 */
import type { Action } from '../../core/actions.ts';
import type { Ruleset } from '../../core/ruleset.ts';
import type { Actor, World } from '../../core/world.ts';
import { CHECKS } from './checks.ts';
import { disarm, disarmProblem } from './disarm.ts';
import { springTrap } from './effects.ts';
import { beforeAttack, onEnter, onLeave, onOpen } from './entering.ts';
import { dieOf, hud, monsterTraits, playerSpec } from './hero.ts';
import { placeTraps } from './placement.ts';
import { placementProblem, rig, rigOptions } from './rig.ts';
import { readSettings, SETTINGS } from './settings.ts';
import { dieProblem } from './die.ts';
import { monsterKnowsTrap, notice, search } from './sight.ts';
import { TRAP_COLUMNS, TRAPS, trapNoun } from './traps.ts';
import { actionCost, beginAction } from './turns.ts';
import { trapAt } from '../../core/level.ts';

/** Player actions the rules forbid before anything happens (no time passes). */
function refuse(world: World, actor: Actor, action: Action): string | null {
  if (action.type === 'disarm') {
    const trap = trapAt(world, actor.x + action.dx, actor.y + action.dy);
    return trap ? disarmProblem(world, actor, trap, false) : null;
  }
  if (action.type === 'rig') return placementProblem(world, actor, actor.x + action.dx, actor.y + action.dy);
  return null;
}

export const ruleset: Ruleset = {
  id: 'wasteland',
  name: 'Wasteland Battles',
  source: 'Wasteland Battles (board game), trap rules excerpt: seeds/004_6e5f75a26ae17313.txt; RULES.md "wasteland" and section 5',
  settings: SETTINGS,
  // Each face count may be 0, but not all three.
  settingsProblem: (settings) => dieProblem(dieOf(readSettings(settings))),
  traps: TRAPS,
  trapColumns: TRAP_COLUMNS,
  checks: CHECKS,

  levelInfo: (depth) => ({ depth }),
  player: playerSpec,
  monsterTraits,
  hud,
  // Action-point counters (turns.ts); the HUD's Actions and State lines say what they mean.
  // turnRound and turnActs: where games saved before the core counted actions kept the count.
  hiddenStatuses: ['turnLost', 'turnOver', 'heldUntil', 'turnRound', 'turnActs'],
  placeTraps,

  onEnter: (ctx, actor, trap) => onEnter(ctx, actor, trap),
  onLeave,
  beforeAttack,
  trigger: springTrap,
  onOpen: (ctx, actor, trap) => onOpen(ctx, actor, trap),
  search,
  notice,
  disarm,
  rigOptions,
  rig,
  actionCost,
  monsterKnowsTrap,
  countsActions: true,
  onTurn: beginAction,
  refuse,
  // English names only (the UI is English); the source's German names stay in the table's `source` column.
  describeTrap: (_world, trap) => ({ name: `${trapNoun(trap.kind).a}${trap.armed ? '' : ' (sprung)'}`, ...(trap.owner !== null ? { details: 'A hero placed it.' } : {}) }),
};
