/**
 * The `wasteland` ruleset: the traps of the board game Wasteland Battles (seed 004, German) on the
 * roguelike grid, with RULES.md's decisions. Heroes have action points per turn; monsters are
 * opposing heroes. A custom die (skull, shield, blank faces) decides whether a trap goes off when a
 * hero enters its cell (no roll with a detector) and whether a disarm succeeds. What each trap does
 * is data (traps.json over the core's effect vocabulary); a designer's trap file adds kinds.
 *
 * This file only wires the parts together; each rule lives in its own module.
 */
import { regenerationEvery } from '../../core/healing.ts';
import type { Action } from '../../core/actions.ts';
import { own } from '../../core/lookup.ts';
import { findTrapDef } from '../../core/registry.ts';
import type { Ruleset, TrapDef } from '../../core/ruleset.ts';
import type { Actor, World } from '../../core/world.ts';
import { makeChecks } from './checks.ts';
import { disarmProblem } from './disarm.ts';
import { DISARM } from './disarmMoment.ts';
import { springTrap } from './effects.ts';
import { beforeAttack, onEnter, onLeave, onOpen } from './entering.ts';
import { dieOf, hud, monsterTraits, playerSpec } from './hero.ts';
import { WASTELAND_TRAITS } from './traits.ts';
import { placeTraps, trapWeight } from './placement.ts';
import { placementProblem, rig, rigOptions, rigReading } from './rig.ts';
import { readSettings, SETTINGS } from './settings.ts';
import { dieProblem } from './die.ts';
import { monsterKnowsTrap, notice, search } from './sight.ts';
import { spotInputsOf, stepInputsOf } from './stepOdds.ts';
import { withDesignersKinds } from './kinds.ts';
import { damageSetting, TRAP_COLUMNS, TRAPS, trapNoun } from './traps.ts';
import { actionCost, beginAction } from './turns.ts';
import { trapAt } from '../../core/level.ts';
import { manifestEntry } from '../manifest.ts';

/** Player actions the rules forbid before anything happens (no time passes). */
function refuse(world: World, actor: Actor, action: Action): string | null {
  if (action.type === 'disarm') {
    const trap = trapAt(world, actor.x + action.dx, actor.y + action.dy);
    return trap ? disarmProblem(world, actor, trap, false) : null;
  }
  if (action.type === 'rig') return placementProblem(world, actor, actor.x + action.dx, actor.y + action.dy);
  return null;
}

/**
 * The cells a variant may change: only the weights are play's numbers (placement); the other
 * columns describe, and a built-in trap's damage is its setting's (the table shows its default).
 * A change play would not make is refused.
 */
function checkOverrides(traps: TrapDef[], overrides: Record<string, Record<string, string | number | boolean | null>>): void {
  for (const [id, cells] of Object.entries(overrides))
    for (const column of Object.keys(cells)) {
      if (column === 'weight') continue;
      const kind = findTrapDef({ traps }, id)?.kind;
      const setting = column === 'damage' && kind ? damageSetting(kind) : null;
      throw new Error(setting ? `traps.${id}.damage: a trap's damage is the setting ${setting} (change it in the variant's settings)` : `traps.${id}.${column}: play does not read this column (a variant changes weight)`);
    }
}

/** A row with a variant's cells in it, its kind's weight the row's (placement reads the row's). */
function withCells(def: TrapDef, cells: Record<string, string | number | boolean | null>): TrapDef {
  const row = { ...def, columns: { ...def.columns, ...cells } };
  if (!def.kind || cells.weight === undefined) return row;
  return { ...row, kind: { ...def.kind, placement: { ...def.kind.placement, weight: trapWeight(row) } } };
}

/**
 * A wasteland ruleset placing traps by this table's weights (the seed's, a balance-lab
 * variant's, or with a designer's kinds): placeTraps and the hooks handed only a world read the
 * table the copy was made with; the trigger reads the kinds through `ctx.ruleset`.
 */
function makeRuleset(traps: TrapDef[]): Ruleset {
  // Reads the weights now, so a bad variant cell is refused with its name.
  if (traps.map(trapWeight).every((w) => w === 0)) throw new Error('traps: the weights cannot all be 0 (the dungeon places traps by them)');
  const table = { traps };
  return {
    ...manifestEntry('wasteland'),
    source: 'Wasteland Battles (board game), trap rules excerpt: seeds/004_6e5f75a26ae17313.txt; RULES.md "wasteland" and section 5',
    settings: SETTINGS,
    // Each face count may be 0, but not all three.
    settingsProblem: (settings) => dieProblem(dieOf(readSettings(settings))),
    traps,
    trapColumns: TRAP_COLUMNS,
    checks: makeChecks(traps),

    levelInfo: (depth) => ({ depth }),
    player: playerSpec,
    monsterTraits,
    traitTable: WASTELAND_TRAITS,
    hud,
    // Action-point counters (turns.ts); the HUD's Actions and State lines say what they mean.
    // turnRound and turnActs: where games saved before the core counted actions kept the count.
    hiddenStatuses: ['turnLost', 'turnOver', 'heldUntil', 'turnRound', 'turnActs'],
    placeTraps: (placement) => placeTraps(placement, table),
    stepInputs: (world, actor, trap) => stepInputsOf(findTrapDef(table, trap.kind)?.kind, world, actor, trap),
    disarmInputNames: ['skull-faces', 'shield-faces', 'blank-faces', 'dice'],
    spotInputs: spotInputsOf,
    // Traps in plain sight (the default) leave nothing to search for: verify --in-play also plays them hidden.
    inPlaySettings: [{ trapsVisible: false }],

    onEnter: (ctx, actor, trap) => onEnter(ctx, actor, trap),
    onLeave,
    beforeAttack,
    trigger: springTrap,
    onOpen: (ctx, actor, trap) => onOpen(ctx, actor, trap),
    search,
    notice,
    disarm: DISARM,
    rigOptions,
    rigInputs: rigReading,
    rig,
    actionCost,
    monsterKnowsTrap,
    countsActions: true,
    onTurn: beginAction,
    regeneration: regenerationEvery,
    refuse,
    // English names only (the UI is English); the source's German names stay in the table's `source` column.
    describeTrap: (_world, trap) => ({
      name: `${trapNoun(trap.kind, findTrapDef(table, trap.kind)?.name).a}${trap.armed ? '' : ' (sprung)'}`,
      ...(trap.owner !== null ? { details: 'A hero placed it.' } : {}),
    }),
    withKinds: (kinds) => makeRuleset(withDesignersKinds(traps, kinds)),
    applyVariant(overrides) {
      checkOverrides(traps, overrides);
      return makeRuleset(
        traps.map((t) => {
          const cells = own(overrides, t.id);
          return cells ? withCells(t, cells) : t;
        }),
      );
    },
  };
}

export const ruleset: Ruleset = makeRuleset(TRAPS);
