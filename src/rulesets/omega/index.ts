/**
 * The omega ruleset: the traps of Omega 0.90.4 (seed 001, RULES.md section 2) on the shared core.
 * This file only wires the parts together:
 *
 *   environments.ts  places and their location difficulty D      checks.ts   every roll, as dice programs
 *   traps.ts         the thirteen traps, components, hazards      random.ts   random_range(k)
 *   settings.ts      settings (sandbox defaults)                   player.ts   the starting player
 *   entry.ts         who a trap acts on (levitation, shadowform, fliers)
 *   effects.ts       the traps' effects on the player             monsterEffects.ts  ... on monsters
 *   abyss.ts, siren.ts, teleport.ts, damage.ts, items.ts         the effects' pieces
 *   finding.ts       search and notice                             disarm.ts, rig.ts  disarming, setting
 *   placement.ts     traps on a fresh level                        hud.ts      the HUD lines
 *   stepOdds.ts      the pieces of the step reading (the situation, each handler's loss, the hazards)
 *   stepCheck.ts     the step check over the table, and the live inputs of the step and disarm checks
 *   traps.json, traps.ts  the thirteen kinds as data          dialect.ts  Omega's rules and handlers for the vocabulary
 *   trigger.ts       a trap going off (its kind's effect)      kinds.ts    a designer's kinds (`withKinds`)
 */
import { withArticle } from '../../core/words.ts';
import type { Ruleset } from '../../core/ruleset.ts';
import { regenerationEvery } from '../../core/healing.ts';
import { omegaItemUse } from './potions.ts';
import type { Actor, World } from '../../core/world.ts';
import { checkLevel, immune, isPlayer, num, setStatus, setTraits } from './actor.ts';
import { checksFor } from './checks.ts';
import { pDamage } from './damage.ts';
import { disarmMoment, NOT_A_TRAP, showsTrap } from './disarm.ts';
import { statusTurns } from './effects.ts';
import { onEnter } from './entry.ts';
import { trigger } from './trigger.ts';
import { withDesignersKinds } from './kinds.ts';
import { environmentById } from './environments.ts';
import { forgetFinding, notice, search, spotReading } from './finding.ts';
import { hud, SHOWN_STATUSES } from './hud.ts';
import { placeTraps } from './placement.ts';
import { monsterTraits, playerSpec } from './player.ts';
import { OMEGA_TRAITS, type OmegaTraitName } from './traits.ts';
import { traitOf } from '../../core/traits.ts';
import { rig, rigOptions, rigReading, rigRefusal } from './rig.ts';
import { omegaSettings, SETTINGS } from './settings.ts';
import { makeStepCheck, stepInputsOf } from './stepCheck.ts';
import { HAZARDS, TRAP_COLUMNS, TRAPS } from './traps.ts';
import type { TrapDef } from '../../core/ruleset.ts';
import { trapAt } from '../../core/level.ts';
import { ticksAtSpeed, TICKS_PER_TURN } from '../../core/scheduler.ts';
import { manifestEntry } from '../manifest.ts';

export { ENVIRONMENTS, environmentById, locationDifficulty } from './environments.ts';
export { HAZARDS } from './traps.ts';

/** Timed states counted in Omega's ten-minute units (tenminute_status_check), with their last words. */
const SLOW_STATES: ReadonlyArray<readonly [Extract<OmegaTraitName, 'levitating' | 'shadowform' | 'alert'>, string]> = [
  ['levitating', "You're no longer walking on air."],
  ['shadowform', 'You feel less shadowy now.'],
  ['alert', 'You feel less alert now.'],
];

/** minute_status_check() each turn (poison, fear) and the ten-minute states every `statusTurns` turns. */
function tickPlayer(ctx: Parameters<NonNullable<Ruleset['onTurn']>>[0], player: Actor): void {
  const poison = player.status.poisoned ?? 0;
  if (poison > 0) {
    setStatus(ctx, player, { poisoned: poison - 1 });
    pDamage(ctx, player, 3, 'poison', 'poison');
    if (poison === 1 && player.alive) ctx.say('You feel better now.', 'good');
  }
  const fear = num(player, 'afraid');
  if (fear > 0 && fear < 1000) {
    setTraits(ctx, player, { afraid: fear - 1 });
    if (fear === 1) ctx.say('You feel bolder now.', 'good');
  }
  const turn = ctx.world.turn;
  if (turn > 0 && turn % statusTurns(ctx.world) === 0) {
    for (const [name, words] of SLOW_STATES) {
      const v = num(player, name);
      if (v <= 0 || v >= 1000) continue;
      setTraits(ctx, player, traitOf(name, v - 1));
      if (v === 1) ctx.say(words);
    }
  }
  // Kills (by traps in view, or by hand) add experience through the core: catch up the level.
  if (player.alive) checkLevel(ctx, player);
}

/**
 * An omega ruleset playing this trap table (the thirteen, or with a designer's kinds): the hooks
 * handed only a world or a placement read this table; the trigger reads the kinds through
 * `ctx.ruleset`.
 */
function makeRuleset(traps: TrapDef[]): Ruleset {
  const step = makeStepCheck(traps);
  return {
  ...manifestEntry('omega'),
  source: 'Omega 0.90.4 traps (seed 001; RULES.md section 2: command2.c disarm(), lev.c difficulty(), trap.c)',
  settings: SETTINGS,
  traps,
  trapColumns: TRAP_COLUMNS,
  checks: { ...checksFor(traps.map((t) => t.id)), step },

  levelInfo(depth, settings) {
    const env = environmentById(omegaSettings(settings).environment);
    return { location: env.name, D: env.difficulty(depth), dungeon: env.dungeon ? 'yes' : 'no' };
  },
  player: playerSpec,
  monsterTraits: (kind) => monsterTraits(kind),
  traitTable: OMEGA_TRAITS,
  hud,
  hiddenStatuses: SHOWN_STATUSES,
  placeTraps: (placement) => placeTraps(placement, traps),

  onEnter: (ctx, actor, trap) => onEnter(ctx, actor, trap),
  trigger,
  onOpen(ctx, actor, trap) {
    // Omega puts no traps on doors or chests; one placed there by hand works as on the floor.
    ctx.trigger(trap, actor, trap.host.kind === 'chest' ? 'chest' : 'door');
  },
  search,
  notice,
  forgetFinding,
  disarm: disarmMoment(traps),
  rigOptions,
  rigInputs: rigReading,
  rig,
  actionCost: (_world, actor) => ticksAtSpeed(TICKS_PER_TURN, actor.speed),
  monsterKnowsTrap(world: World, monster, trap) {
    // Monsters avoid a square that shows a trap or hazard; confused ones blunder in, and fire
    // does not stop one immune to flame (util.c m_unblocked).
    if ((monster.status.confused ?? 0) > 0) return false;
    if (trap.data.hazard === 'fire' && immune(monster, 'flame')) return false;
    return trap.data.shown === true || trap.data.hazard !== undefined || showsTrap(world, trap);
  },
  // ... and never step on one: m_unblocked() says such a square is blocked, not dear.
  knownTrapsBlock: true,
  regeneration: regenerationEvery,
  itemUse: omegaItemUse,
  onTurn(ctx, actor) {
    if (isPlayer(ctx.world, actor)) tickPlayer(ctx, actor);
  },
  refuse(world, actor, action) {
    if (action.type === 'disarm') {
      const trap = trapAt(world, actor.x + action.dx, actor.y + action.dy);
      if (trap?.knownBy.includes(actor.id) && !showsTrap(world, trap)) return NOT_A_TRAP;
    }
    if (action.type === 'rig') return rigRefusal(world, actor, action);
    return null;
  },
  trapAppearance(_world, trap) {
    // Omega draws fire and the open abyss as what they are, not as traps.
    const hazard = trap.data.hazard;
    if (hazard === 'fire' || hazard === 'abyss') return { glyph: HAZARDS[hazard].glyph, colour: HAZARDS[hazard].colour };
    return null;
  },
  stepInputs: (world, actor, trap) => stepInputsOf(traps, step, world, actor, trap),
  disarmInputNames: ['dex', 'level', 'rank', 'difficulty'],
  // One search is the search check; Omega has no look in passing.
  spotInputs: spotReading,
  spotInputNames: ['alert'],
  describeTrap(world, trap) {
    // Omega's traps never rest unarmed; one made so by hand still says it cannot go off.
    const name = `${traps.find((t) => t.id === trap.kind)?.name ?? trap.kind}${trap.armed ? '' : ' (sprung)'}`;
    if (trap.data.hazard === 'fire') return { name: `a ${HAZARDS.fire.name} (it was a ${name})` };
    if (trap.data.hazard === 'abyss') return { name: `an ${HAZARDS.abyss.name}` };
    if (trap.data.shows === 'abyss') return { name: 'an entrance to the abyss' };
    if (trap.owner === world.playerId && trap.data.shown !== true) return { name: `${withArticle(name)} you set (it looks like floor)` };
    return { name: withArticle(name) };
  },
  withKinds: (kinds) => makeRuleset(withDesignersKinds(traps, kinds)),
  };
}

export const ruleset: Ruleset = makeRuleset(TRAPS);
