/**
 * The `ceaptun` ruleset: the danger-tier roguelike of seed 002 (2d12 checks, damage by danger,
 * trapped doors and chests, Trapwright rigging), with RULES.md's decisions. This file only wires
 * the modules beside it into the core's Ruleset interface.
 */
import { regenerationEvery } from '../../core/healing.ts';
import { dialectProblems } from '../../core/traps/read.ts';
import { CEAPTUN_DIALECT } from './dialect.ts';
import type { Action } from '../../core/actions.ts';
import { own } from '../../core/lookup.ts';
import { sample } from '../../core/prob.ts';
import type { RuleContext, Ruleset, TrapDef } from '../../core/ruleset.ts';
import type { Actor, Trap } from '../../core/world.ts';
import { hud, levelInfo, monsterTraits, playerSpec } from './actors.ts';
import { lightStepProgram, stepPastProgram } from './checks.ts';
import { canDisarm, disarmMoment, UNTRAINED } from './disarm.ts';
import { goOff } from './effects.ts';
import { bleed, train } from './wounds.ts';
import { forgetFinding, noticeInPassing, search, spotReading, startPassing } from './finding.ts';
import { makeChecks } from './odds.ts';
import { placeTraps } from './placement.ts';
import { finishRig, interruptRig, rigActionCost, rigActive, rigOptions, rigReading, rigRefusal, startRig, watchRigging } from './rigging.ts';
import { SETTINGS } from './settings.ts';
import { CEAPTUN_TRAITS } from './traits.ts';
import { DISARM_SECONDS, dodgeOf, lightStepPercent, secondsToTicks } from './stats.ts';
import { stepInputsOf } from './stepOdds.ts';
import { TRAP_COLUMNS, TRAP_DEFS, trapOf, trapTable, withDesignersKinds } from './traps.ts';
import { isHero, withArticle } from './words.ts';
import { player, trapById } from '../../core/level.ts';
import { playOwnAvoidance } from '../../core/traps/avoid.ts';
import { words } from '../../core/traps/play.ts';
import { ticksAtSpeed, TICKS_PER_TURN } from '../../core/scheduler.ts';
import { manifestEntry } from '../manifest.ts';

/** The trap did not go off under the actor: stepped past on purpose, or saved by Light step. */
function avoided(ctx: RuleContext, actor: Actor, trap: Trap, how: 'step' | 'light'): void {
  const t = trapOf(ctx.ruleset, trap.kind);
  ctx.emit({ type: 'trapAvoided', trap: trap.id, kind: trap.kind, actor: actor.id, x: trap.x, y: trap.y });
  if (how === 'step') {
    ctx.say(words(t.kind.avoided ?? 'You deftly avoid the {trap}.', t.kind), 'good');
    // Avoiding a trap counts as dodging for training Tumble.
    train(ctx, actor, 'tumble');
    return;
  }
  ctx.reveal(trap, actor.id, 'passing');
  if (isHero(ctx, actor)) ctx.say(`Your light step saves you: ${withArticle(t.name)} does not go off under you.`, 'good');
}

function onEnter(ctx: RuleContext, actor: Actor, trap: Trap, chosen: boolean): void {
  // A kind with an avoidance of its own rolls it in place of both below (core/traps/avoid.ts).
  if (playOwnAvoidance(ctx, actor, trap)) return;
  const s = ctx.settings;
  // Only a trap you know of, stepped onto on purpose, gives the step-past chance; creatures never try.
  if (chosen && isHero(ctx, actor) && trap.knownBy.includes(actor.id)) {
    if (sample(stepPastProgram(dodgeOf(actor.traits, s)), ctx.rng('player')) === 'avoided') {
      avoided(ctx, actor, trap, 'step');
      return;
    }
  }
  const light = lightStepPercent(actor.traits, s);
  if (light > 0 && sample(lightStepProgram(light), ctx.rng('player')) === 'avoided') {
    avoided(ctx, actor, trap, 'light');
    return;
  }
  ctx.trigger(trap, actor, 'step');
}

/** A door or chest trap goes off at whoever opened, kicked, unlocked or picked it. */
function onOpen(ctx: RuleContext, actor: Actor, trap: Trap, how: 'open' | 'kick' | 'unlock' | 'pick'): void {
  if (!trap.armed) return;
  ctx.trigger(trap, actor, trap.host.kind === 'chest' ? 'chest' : 'door');
  const still = trapById(ctx.world, trap.id);
  if (!still) return;
  // An opened door's trap stays unset until the door is shut again; a kick finds it set each time.
  if (still.host.kind === 'chest' || how !== 'kick') ctx.emit({ type: 'trapChanged', trap: still.id, changes: { armed: false } });
}

function actionCost(world: Parameters<Ruleset['actionCost']>[0], actor: Actor, action: Action): number {
  const turn = ticksAtSpeed(TICKS_PER_TURN, actor.speed);
  switch (action.type) {
    case 'disarm':
      return secondsToTicks(DISARM_SECONDS, actor.speed, world.settings);
    case 'rig':
      return rigActionCost(world, actor, action.what);
    default:
      return turn;
  }
}

/**
 * A ceaptun ruleset playing with this trap table (the seed's, or a balance-lab variant's). Hooks
 * handed a RuleContext read the table through `ctx.ruleset`; the hooks handed only a world or a
 * placement (placeTraps) read this table, the one the copy was made with, so a variant's copy
 * plays its own numbers there too.
 */
function makeRuleset(traps: TrapDef[]): Ruleset {
  // Checks the table now, so a bad variant cell is refused with its name.
  const table = trapTable(traps);
  return {
    ...manifestEntry('ceaptun'),
    source: 'seed 002: the danger-tier roguelike of Cēaptūn (2d12 checks), with RULES.md section "ceaptun"',
    settings: SETTINGS,
    traps,
    trapColumns: TRAP_COLUMNS,
    checks: makeChecks(table),

    levelInfo: (depth, settings) => levelInfo(depth, settings),
    player: playerSpec,
    monsterTraits: (kind) => monsterTraits(kind),
    traitTable: CEAPTUN_TRAITS,
    hud,
    placeTraps: (placement) => placeTraps(placement, table),
    stepInputs: (world, actor, trap) => stepInputsOf(table, world, actor, trap),
    disarmInputNames: ['difficulty', 'modifier'],
    spotInputs: (world, actor, trap) => spotReading({ traps }, world, actor, trap),
    spotInputNames: ['difficulty', 'modifier', 'passing'],

    onEnter,
    trigger: goOff,
    onOpen,
    search,
    notice(ctx, actor) {
      if (!isHero(ctx, actor)) return;
      finishRig(ctx, actor);
      noticeInPassing(ctx, actor);
    },
    forgetFinding,
    disarm: disarmMoment({ traps }),
    rigOptions,
    rigInputs: rigReading,
    rig: startRig,
    actionCost,
    // Creatures know no more about traps than you do, and nothing of yours: they walk onto them.
    monsterKnowsTrap: () => false,
    onTurn(ctx, actor) {
      if (isHero(ctx, actor)) startPassing(ctx, actor);
      bleed(ctx, actor);
      // The player acting again in the middle of rigging gives the work up.
      if (isHero(ctx, actor) && rigActive(actor) && ctx.world.time < Number(actor.traits.rigEnd)) interruptRig(ctx, actor, 'You stop rigging.');
    },
    onWorldTurn(ctx) {
      watchRigging(ctx, player(ctx.world));
    },
    regeneration: regenerationEvery,
    refuse(world, actor, action) {
      if (action.type === 'disarm' && !canDisarm(actor)) return UNTRAINED;
      if (action.type === 'disarm' && action.dx === 0 && action.dy === 0) return 'Stand next to the trap to disarm it.';
      if (action.type === 'rig') return rigRefusal(world, actor, action);
      return null;
    },
    // The dialect's named effects a kind may use: none a designer's may (dialectProblems).
    withKinds: (kinds) => makeRuleset(withDesignersKinds(traps, kinds, dialectProblems(kinds, CEAPTUN_DIALECT, 'ceaptun'))),
    // Play reads every number from the table's columns, so a variant is the same rules on another table.
    applyVariant(overrides) {
      return makeRuleset(
        traps.map((t) => {
          const cells = own(overrides, t.id);
          return cells ? { ...t, columns: { ...t.columns, ...cells } } : t;
        }),
      );
    },
  };
}

export const ruleset: Ruleset = makeRuleset(TRAP_DEFS);
