/**
 * The cdda ruleset: Cataclysm: Dark Days Ahead's traps as seed 000 describes them, with the
 * decisions of RULES.md ("cdda" and section 1). This file only wires the modules together:
 *
 *   traps.ts      the trap table, read from traps.json (P, V, A, D, glyphs, returned items, noise)
 *   kinds.ts      a designer's kinds (withKinds), refused by field where these rules cannot play them
 *   checks.ts     detection, avoidance and disarm dice programs; odds.ts exposes them
 *   trigger.ts    stepping on traps, then the kind's effect through dialect.ts (the core's vocabulary);
 *                 effects.ts names the built-in effects of mechanical.ts, explosion.ts, falls.ts,
 *                 strange.ts, flood.ts; harmCode.ts reads them for the step check (stepOdds.ts)
 *   detection.ts  the per-turn detection roll; disarm.ts; rig.ts setting traps; skill.ts practice
 *   status.ts     Trapped, pits and timed conditions; placement.ts; hud.ts; body.ts; actors.ts
 */
import type { Action } from '../../core/actions.ts';
import { own } from '../../core/lookup.ts';
import type { PlayerSpec, Ruleset, TrapDef } from '../../core/ruleset.ts';
import type { Actor, Item, Traits, World } from '../../core/world.ts';
import { withArticle } from '../../core/words.ts';
import { monsterTraits, movesToTicks } from './actors.ts';
import { HP_PARTS, startingParts } from './body.ts';
import { UNDISARMABLE } from './checks.ts';
import { forgetFinding, notice, search, spotReading } from './detection.ts';
import { disarmMoment, tooDangerous } from './disarm.ts';
import { withDesignersKinds } from './kinds.ts';
import { onWorldTurn } from './flood.ts';
import { regenerationEvery } from '../../core/healing.ts';
import { cddaItemUse, FIRST_AID_KIT } from './firstAid.ts';
import { numbersTable, trapNumbers } from './harm.ts';
import { CONDITION_STATUSES, hud } from './hud.ts';
import { makeChecks } from './odds.ts';
import { placeTraps } from './placement.ts';
import { CDDA_TRAITS, type CddaTraits } from './traits.ts';
import { rig, rigKind, rigMoves, rigOptions, rigPractice, rigReading, rigRefusal } from './rig.ts';
import { cddaSettings, SETTINGS } from './settings.ts';
import { onLeave, onTurn } from './status.ts';
import { onEnter, trigger } from './trigger.ts';
import { LOOK_TEXT } from './lookText.ts';
import { stepInputsOf, stepUnreadOf } from './stepOdds.ts';
import { BUILT_IN_KINDS, factsIn, itemName, kindIn, TRAP_COLUMNS, TRAP_DEFS } from './traps.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { manifestEntry } from '../manifest.ts';

/** What the survivor carries when startingKit is on: trap items to set, a shovel to bury, a rope. */
export const STARTING_KIT: ReadonlyArray<readonly [string, number]> = [
  ['beartrap', 2],
  ['nailboard', 1],
  ['tripwire', 2],
  ['crossbow_trap', 1],
  ['shotgun_trap', 1],
  ['blade_trap', 1],
  ['light_snare_kit', 2],
  ['heavy_snare_kit', 1],
  ['landmine', 2],
  ['boobytrap', 1],
  ['bubblewrap', 2],
  ['cot', 1],
  ['rollmat', 1],
  ['brazier', 1],
  ['shovel', 1],
  ['rope_30', 1],
];

function player(settings: Traits): PlayerSpec {
  const parts = startingParts(settings);
  const s = cddaSettings(settings);
  const inventory: Array<Omit<Item, 'id' | 'x' | 'y'>> = s.startingKit ? STARTING_KIT.map(([kind, count]) => ({ kind, name: itemName(kind), count })) : [];
  const kits = s.firstAidKits;
  if (kits > 0) inventory.push({ kind: FIRST_AID_KIT, name: 'first aid kit', count: kits });
  return {
    name: 'you',
    hp: HP_PARTS.reduce((sum, p) => sum + parts[p]!.hp, 0),
    parts,
    speed: 100,
    traits: {
      per: s.per,
      int: s.int,
      dex: s.dex,
      str: s.str,
      traps: s.trapsSkill,
      trapsExercise: 0,
      dodge: s.dodgeSkill,
      throw: s.throwSkill,
      unarmed: s.unarmedSkill,
      profTraps: s.profTraps,
      profTrapSetting: s.profTrapSetting,
      profSpotting: s.profSpotting,
      lightStep: s.lightStep,
      clumsy: s.clumsy,
      birdWings: s.birdWings,
      focus: s.focus,
      fatigue: s.fatigue,
      eyeEncumbrance: s.eyeEncumbrance,
      radiation: 0,
      // The game starts at turn 0: the first detection rolls come at the end of turn 0, and an
      // action that takes several turns rolls for each (detection.ts).
      lastDetectTurn: 0,
    } satisfies CddaTraits,
    inventory,
  };
}

/**
 * Move points of an action: 100 for a step or most things, P x 25 + 100 to set a trap (P of the
 * playing ruleset's table), disarming free.
 */
export function actionMoves(ruleset: Pick<Ruleset, 'traps'>, world: World, action: Action): number {
  if (action.type === 'disarm') return cddaSettings(world.settings).disarmMoves;
  if (action.type === 'rig') {
    const r = rigKind(action.what);
    return rigMoves(r ? rigPractice(ruleset, world.settings, r) : 0);
  }
  return 100;
}

function refuse(ruleset: Pick<Ruleset, 'traps'>, world: World, actor: Actor, action: Action): string | null {
  if (action.type === 'rig') return rigRefusal(world, actor, action);
  if (action.type === 'disarm') {
    const trap = world.traps.find((t) => t.x === actor.x + action.dx && t.y === actor.y + action.dy);
    if (trap && trapNumbers(ruleset, trap.kind).D >= UNDISARMABLE) return tooDangerous(factsIn(ruleset, trap.kind).name);
  }
  return null;
}

/**
 * What CDDA monsters see and never walk into (unless tiny): lava, an open pit, a ledge: those
 * kinds (lava is data, so it is known by its id), or a designer's kind playing the pits' or the
 * ledge's custom effect.
 */
const PLAIN_DANGER_KINDS: readonly string[] = ['lava', 'pit', 'spike_pit', 'ledge'];
const PLAIN_DANGER_EFFECTS: readonly string[] = ['pit', 'spike_pit', 'ledge'];

function plainDanger(kind: TrapKind | undefined): boolean {
  if (kind === undefined) return false;
  return PLAIN_DANGER_KINDS.includes(kind.id) || (kind.effect.do === 'custom' && PLAIN_DANGER_EFFECTS.includes(kind.effect.name));
}

/** The columns play reads (harm.ts `trapNumbers`): what a variant may change. */
const NUMBER_COLUMNS = ['P', 'V', 'A', 'D'] as const;

/**
 * A cdda ruleset playing with this trap table (the seed's, or a balance-lab variant's). Hooks
 * handed a RuleContext read P, V, A, D through `ctx.ruleset`; the hooks handed only a world
 * (refusals, move costs, look mode) read this table, the one the copy was made with, so a
 * variant's copy plays its own numbers there too.
 */
function makeRuleset(traps: TrapDef[]): Ruleset {
  // Reads the table now, so a bad variant cell is refused with its name.
  numbersTable(traps);
  const table = { traps };
  return {
    ...manifestEntry('cdda'),
    source: 'Cataclysm: Dark Days Ahead traps (seed 000, 0.F-era trap code; RULES.md section 1)',
    settings: SETTINGS,
    traps,
    trapColumns: [...TRAP_COLUMNS],
    checks: makeChecks(table),
    levelInfo: (depth) => ({ depth }),
    player,
    monsterTraits: (kind) => monsterTraits(kind),
    traitTable: CDDA_TRAITS,
    hud,
    hiddenStatuses: CONDITION_STATUSES,
    placeTraps: (pc) => placeTraps(table, pc),
    onEnter,
    onLeave: (ctx, actor) => onLeave(ctx, actor),
    trigger,
    // CDDA has no trapped doors or chests; should one carry a trap, opening it sets the trap off.
    onOpen: (ctx, actor, trap) => ctx.trigger(trap, actor, trap.host.kind === 'chest' ? 'chest' : 'door'),
    search,
    notice,
    forgetFinding,
    disarm: disarmMoment(table),
    rigOptions,
    rigInputs: rigReading,
    rig,
    actionCost: (world, actor, action) => movesToTicks(actor, actionMoves(table, world, action)),
    monsterKnowsTrap: (_world, monster, trap) =>
      trap.knownBy.includes(monster.id) ||
      // CDDA monsters never walk into lava or open pits (unless tiny) or off a ledge they can see.
      (plainDanger(kindIn(table, trap.kind)) && monster.traits.size !== 'tiny'),
    onTurn,
    onWorldTurn,
    regeneration: regenerationEvery,
    itemUse: cddaItemUse,
    refuse: (world, actor, action) => refuse(table, world, actor, action),
    stepInputs: (world, actor, trap) => stepInputsOf(table, world, actor, trap),
    stepUnread: (world, actor, trap) => stepUnreadOf(table, world, actor, trap),
    disarmInputNames: ['skill', 'per', 'dex', 'difficulty'],
    describeTrap: (_world, trap) => {
      const { V, A, D } = trapNumbers(table, trap.kind);
      const data = factsIn(table, trap.kind);
      const danger = D >= UNDISARMABLE ? ' It looks too dangerous to mess with.' : '';
      // Look mode's sentences are the seed's kinds'; a designer's kind is told by its notes.
      const kind = kindIn(table, trap.kind);
      const seed = kind !== undefined && BUILT_IN_KINDS.includes(kind);
      return { name: `${withArticle(data.name)} (${trap.armed ? '' : 'sprung; '}visibility ${V}, avoidance ${A}, difficulty ${D})`, details: `${(seed ? LOOK_TEXT[trap.kind] : undefined) ?? data.notes}${danger}` };
    },
    // Play reads P, V, A, D from the table's columns, so a variant is the same rules on another
    // table. The other columns describe (noise, returns, notes): a change there would play as the
    // seed's, so it is refused rather than ignored.
    withKinds: (kinds) => makeRuleset(withDesignersKinds(traps, kinds)),
    // One turn's detection roll, beside the trap for a search, from where it stands in passing.
    spotInputs: (world, actor, trap) => spotReading({ traps }, world, actor, trap),
    spotInputNames: ['per', 'int', 'skill', 'proficiencies', 'focus', 'fatigue', 'eye-encumbrance', 'distance', 'visibility'],
    applyVariant(overrides) {
      for (const [id, cells] of Object.entries(overrides))
        for (const column of Object.keys(cells))
          if (!(NUMBER_COLUMNS as readonly string[]).includes(column)) throw new Error(`traps.${id}.${column}: play does not read this column (a variant changes ${NUMBER_COLUMNS.join(', ')})`);
      return makeRuleset(
        traps.map((t) => {
          const cells = own(overrides, t.id);
          // The kind's numbers are the columns': a variant's edit is an edit of the kind.
          return cells ? { ...t, columns: { ...t.columns, ...cells }, ...(t.kind ? { kind: { ...t.kind, numbers: { ...t.kind.numbers, ...cells } } } : {}) } : t;
        }),
      );
    },
  };
}

export const ruleset: Ruleset = makeRuleset(TRAP_DEFS);
