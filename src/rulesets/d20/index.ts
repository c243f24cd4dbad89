/**
 * The `d20` ruleset: the D&D 3.5 SRD's traps (seed 003, in French; the English SRD tables and
 * the decisions of RULES.md, sections "d20" and 4). This file only wires the modules together:
 *
 *   designer.ts   CR, price and Craft DC of a trap from its elements (and the SRD samples)
 *   tables.ts     the SRD's design tables       dice.ts     damage expressions
 *   checks.ts     d20 checks as dice programs   poisons.ts  the SRD poisons
 *   traps.ts      the traps of play             actors.ts   classes, monsters, derived stats
 *   triggers.ts   triggers and resets           effects.ts  what traps do
 *   skills.ts     Search, Disable Device, kits  placement.ts traps by CR for the depth
 *   stepOdds.ts   a whole step onto a trap, read exactly (the `step` check, stepInputs, disarmInputs)
 */
import type { Ruleset, TrapDescription } from '../../core/ruleset.ts';
import type { Actor, Trap, World } from '../../core/world.ts';
import {
  ABILITY_LABELS,
  armorClass,
  disableBonus,
  effectiveScore,
  monsterTraits,
  num,
  playerSpec,
  saveBonus,
  searchBonus,
} from './actors.ts';
import { ODDS_CHECKS } from './checks.ts';
import { capitalise, counted, withArticle } from '../../core/words.ts';
import { ABILITIES, poisonById } from './poisons.ts';
import { crOfLevel, levelCr, placeTraps } from './placement.ts';
import { d20Settings, D20_SETTINGS } from './settings.ts';
import { makeStepCheck, stepInputsOf, stepUnreadOf } from './stepOdds.ts';
import { withDesignersKinds } from './kinds.ts';
import { D20_TRAITS } from './traits.ts';
import { actionCost, DISARM, monsterKnowsTrap, notice, refuse, restingState, rig, rigOptions, rigReading, search, spotInputsOf } from './skills.ts';
import { type D20TrapKind, designedTrapData, designInputsOf, profileOf, TRAP_COLUMNS, TRAP_KINDS, trapDefs, rulesetOf, designedProfileOf } from './traps.ts';
import { designFromInputs } from './designer.ts';
import { naturalHealing } from './healing.ts';
import { onEnter, onOpen, onWorldTurn, springTrap } from './triggers.ts';
import { conditionText, D20_DOWN, DOWN_STATUSES, downClock } from './dyingPlay.ts';
import { manifestEntry } from '../manifest.ts';

function signed(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}

function hud(world: World, actor: Actor): Array<{ label: string; value: string }> {
  const t = actor.traits;
  const cls = String(t.class ?? actor.kind);
  const condition = conditionText(actor);
  const lines = [
    // Below 1 hit point (the dying rules): the first thing the hero needs to know.
    ...(condition ? [{ label: 'Condition', value: condition }] : []),
    { label: 'Class', value: `${capitalise(cls)} ${num(t, 'level', 1)}${t.trapfinding ? ' (trapfinding)' : ''}` },
    { label: 'Trap CR here', value: String(crOfLevel(world.level)) },
    { label: 'AC', value: `${armorClass(actor)} (touch ${armorClass(actor, true)})` },
    { label: 'Saves', value: `Fort ${signed(saveBonus(actor, 'fort'))}, Ref ${signed(saveBonus(actor, 'ref'))}, Will ${signed(saveBonus(actor, 'will'))}` },
    { label: 'Search', value: signed(searchBonus(actor)) },
    { label: 'Disable Device', value: num(t, 'disableRanks') > 0 ? signed(disableBonus(actor)) : 'untrained' },
    {
      label: 'Abilities',
      value: ABILITIES.map((a) => {
        const base = num(t, a, 10);
        const eff = effectiveScore(actor, a);
        return `${ABILITY_LABELS[a]} ${eff}${eff < base ? `/${base}` : ''}`;
      }).join(' '),
    },
  ];
  const poisons = Object.keys(actor.status)
    .filter((k) => k.startsWith('poison_'))
    .map((k) => poisonById(k.slice('poison_'.length))?.name ?? k);
  if (poisons.length > 0) lines.push({ label: 'Poisoned', value: poisons.join(', ') });
  if (num(actor.status, 'held') > 0) lines.push({ label: 'Climbing out', value: counted(num(actor.status, 'held'), 'round') });
  if (num(actor.status, 'breath') > 0) lines.push({ label: 'Holding breath', value: `${num(actor.status, 'breath')} / ${2 * effectiveScore(actor, 'con')} rounds` });
  return lines;
}

function describeTrap(world: World, trap: Trap): TrapDescription {
  const p = profileOf(rulesetOf(world), trap);
  const state = restingState(trap);
  const kind = p.magic ? (p.magic === 'spell' ? 'spell trap' : 'magic device trap') : 'mechanical trap';
  const bottom = typeof trap.data.bottom === 'string' && trap.data.bottom ? `, with something at the bottom` : '';
  return {
    name: `${withArticle(p.name)}${state ? ` (${state})` : ''}`,
    details: `It is a CR ${p.cr} ${kind} (${p.trigger} trigger, ${p.reset === 'none' ? 'no' : p.reset} reset)${bottom}.`,
  };
}

/**
 * A d20 ruleset playing this trap table (the built-ins, or with a designer's kinds). Play finds
 * a placed trap's kind by its id (traps.ts `trapKind`); the table says which kinds the dungeon
 * places and the step check reads.
 */
function makeRuleset(kinds: readonly D20TrapKind[]): Ruleset {
  const step = makeStepCheck(kinds);
  return {
  ...manifestEntry('d20'),
  source: 'D&D 3.5 SRD traps (seed 003, French), English SRD tables and RULES.md decisions',
  settings: D20_SETTINGS,
  traps: trapDefs(kinds),
  trapColumns: TRAP_COLUMNS,
  checks: { ...ODDS_CHECKS, step },

  levelInfo: (depth, settings) => ({ cr: levelCr(depth, d20Settings(settings).crOffset), depth }),
  player: (settings) => {
    const s = d20Settings(settings);
    return playerSpec(s.playerClass, s.playerLevel);
  },
  monsterTraits: (kind) => monsterTraits(kind),
  traitTable: D20_TRAITS,
  hud,
  hiddenStatuses: DOWN_STATUSES,
  placeTraps: (placement) => placeTraps(placement, kinds),
  stepInputs: (world, actor, trap) => stepInputsOf(world, actor, trap, step),
  stepUnread: (world, actor, trap) => stepUnreadOf(world, actor, trap, step),
  disarmInputNames: ['bonus', 'dc'],
  spotInputs: spotInputsOf,
  spotInputNames: ['bonus', 'dc'],

  onEnter: (ctx, actor, trap) => onEnter(ctx, actor, trap),
  trigger: springTrap,
  onOpen,
  search,
  notice,
  disarm: DISARM,
  rigOptions,
  rigInputs: rigReading,
  rig,
  actionCost,
  monsterKnowsTrap,
  onWorldTurn: (ctx) => {
    onWorldTurn(ctx);
    downClock(ctx);
  },
  regeneration: naturalHealing,
  down: D20_DOWN,
  refuse,
  describeTrap,
  trapNameOf: (trap) => (trap.kind === 'designed' ? designedProfileOf(trap).name : undefined),
  // A scenario carries a designed trap as the designer's inputs; they must make a trap.
  designedTraps: {
    kinds: ['designed'],
    dataOf: (design) => {
      const made = designFromInputs(design.inputs);
      return made.ok ? { data: designedTrapData(design.inputs, design.name) } : { error: made.error };
    },
    designOf: (data) => ({ name: typeof data.name === 'string' ? data.name : 'designed trap', inputs: designInputsOf(data) }),
  },
  withKinds: (more) => makeRuleset(withDesignersKinds(kinds, more)),
  };
}

export const ruleset: Ruleset = makeRuleset(TRAP_KINDS);
