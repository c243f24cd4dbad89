/**
 * Setting a designer's kind (its `rig`: definition.ts RigSpec), played by the core for every
 * ruleset: the file's ruleset lists it in the rig menu beside the ruleset's own options
 * (`withKindRigging`), and a rig action naming it is played here, in one turn (the ruleset's own
 * turn, as it costs a wait). Its check is one dice program read twice: sampled as it is set, and
 * read exactly by the file's check `kind-rig` (`trapsmith odds`, `verify`).
 *
 * The check's names are the rigger's own traits (the ruleset's character, as the New game dialog
 * makes it: Cēaptūn's `disableDevice`, CDDA's `traps`, d20's `dex` …) or the kind's numbers; a
 * trait the rigger lacks counts 0, a yes/no trait 1 or 0.
 */
import { conjugate, nounOf } from '../messages.ts';
import { constant, type Prob, sample } from '../prob.ts';
import { actorAt } from '../level.ts';
import type { CheckInputs, OddsCheck, RigOption, RuleContext, Ruleset } from '../ruleset.ts';
import { type Actor, chestAt, Terrain, terrainAt, type World } from '../world.ts';
import type { RigOutcome, RigSpec, TrapKind } from './definition.ts';
import { checkTermNames, kindCheckProgram } from './kindCheck.ts';
import { kindOddsCheck } from './kindOdds.ts';

const WORDS: Readonly<Record<RigOutcome, string>> = {
  set: '{1} set[s] the {trap}.',
  failed: '{1} fail[s] to set the {trap}.',
  sprung: '{1} spring[s] the {trap} as {1} set[s] it!',
};

type RiggedKind = TrapKind & { rig: RigSpec };

function rigged(kinds: readonly TrapKind[]): RiggedKind[] {
  return kinds.filter((k): k is RiggedKind => k.rig !== undefined);
}

/** The names of a kind's rig check that are not its own numbers: the rigger's traits it reads. */
export function rigTraitNames(kind: TrapKind): string[] {
  const check = kind.rig?.check;
  if (!check) return [];
  return checkTermNames(check).filter((n) => !Object.hasOwn(kind.numbers, n));
}

/** The rigger's traits the kind's check reads, as its inputs. */
function traitInputs(kind: TrapKind, actor: Actor): CheckInputs {
  const out: CheckInputs = {};
  for (const name of rigTraitNames(kind)) {
    const v = Object.hasOwn(actor.traits, name) ? actor.traits[name] : undefined;
    out[name] = typeof v === 'number' || typeof v === 'boolean' ? v : 0;
  }
  return out;
}

/** How setting the kind ends over `inputs` (the rigger's traits it reads): its check, or set for sure. */
export function rigProgram(kind: RiggedKind, inputs: CheckInputs): Prob<RigOutcome> {
  return kind.rig.check ? kindCheckProgram(kind.rig.check, kind, inputs, 'rig') : constant<RigOutcome>('set');
}

function carried(actor: Actor, item: string): number {
  return actor.inventory.reduce((n, i) => n + (i.kind === item ? i.count : 0), 0);
}

/** The rig menu's options for the kinds: greyed out, saying what is missing, where the pack lacks what one needs. */
function kindOptions(kinds: readonly RiggedKind[], world: World, actor: Actor): RigOption[] {
  return kinds.map((k) => {
    const missing = k.rig.needs.filter((n) => carried(actor, n.kind) < n.count).map((n) => `${n.count} ${n.name}`);
    if (actor.id !== world.playerId) return { id: k.id, name: k.name, available: false, reason: `Only you can set a ${k.name}.` };
    return missing.length > 0 ? { id: k.id, name: k.name, available: false, reason: `You need ${missing.join(' and ')} to set a ${k.name}.` } : { id: k.id, name: k.name, available: true };
  });
}

/** Why the kind cannot be set at (x, y), or null: a free floor cell (the rigger's own, or an empty one). */
function cellProblem(world: World, actor: Actor, x: number, y: number): string | null {
  if (terrainAt(world, x, y) !== Terrain.Floor) return 'A trap can only be set on open floor.';
  if (world.traps.some((t) => t.x === x && t.y === y)) return 'There is a trap there already.';
  if (chestAt(world, x, y)) return 'A chest stands there.';
  const there = actorAt(world, x, y);
  if (there && there.id !== actor.id) return 'Someone is standing there.';
  return null;
}

function useUp(actor: Actor, needs: RigSpec['needs']): Actor['inventory'] {
  const left = new Map(needs.map((n) => [n.kind, n.count]));
  const out: Actor['inventory'] = [];
  for (const item of actor.inventory) {
    const want = left.get(item.kind) ?? 0;
    const used = Math.min(want, item.count);
    if (want > 0) left.set(item.kind, want - used);
    if (item.count > used) out.push({ ...item, count: item.count - used });
  }
  return out;
}

/** `actor` sets `kind` at (x, y), a cell `cellProblem` allows (the file's `refuse` asked): the check rolled on the player's stream, the trap placed as the rigger's. */
function setKind(ctx: RuleContext, actor: Actor, kind: RiggedKind, x: number, y: number): void {
  const result = sample(rigProgram(kind, traitInputs(kind, actor)), ctx.rng('player'));
  ctx.emit({ type: 'rigAttempted', what: kind.id, actor: actor.id, x, y, result });
  const words = (kind.rig.check?.say?.[result] ?? WORDS[result]).replaceAll('{trap}', kind.name);
  ctx.say(conjugate(words, nounOf(ctx.world, actor)), result === 'set' ? 'good' : result === 'sprung' ? 'danger' : 'info');
  if (result === 'failed') return;
  if (kind.rig.needs.length > 0) ctx.emit({ type: 'actorUpdated', actor: actor.id, changes: { inventory: useUp(actor, kind.rig.needs) } });
  const trap = ctx.placeTrap({ kind: kind.id, x, y, charges: kind.charges, data: { rigged: true } }, actor.id);
  if (result === 'sprung') ctx.trigger(trap, actor, 'rig');
}

/**
 * `ruleset` (a file's, with `kinds` in its table) with the kinds that have a `rig` in its rig
 * menu: their options after its own, their rig actions played by the core in one of its turns.
 * The ruleset's own options and rigs are untouched.
 */
export function withKindRigging(ruleset: Ruleset, kinds: readonly TrapKind[]): Ruleset {
  const own = rigged(kinds);
  if (own.length === 0) return ruleset;
  const byId = new Map(own.map((k) => [k.id, k]));
  return {
    ...ruleset,
    rigOptions: (world, actor) => [...ruleset.rigOptions(world, actor), ...kindOptions(own, world, actor)],
    // Read by the file's `kind-rig` check, as the CLI reads it (files.ts registers it); no check: set for sure.
    rigInputs: (world, actor, what) => {
      const kind = byId.get(what);
      if (!kind) return ruleset.rigInputs?.(world, actor, what) ?? null;
      return kind.rig.check ? { check: 'kind-rig', inputs: { trap: kind.id, ...traitInputs(kind, actor) }, set: ['set'], setOff: ['sprung'] } : { unread: 'No roll: it is set for sure.' };
    },
    rig: (ctx, actor, what, x, y) => {
      const kind = byId.get(what);
      if (kind) setKind(ctx, actor, kind, x, y);
      else ruleset.rig(ctx, actor, what, x, y);
    },
    // The kind's own cell rule, before any time passes, in place of the ruleset's rules for its own rigs.
    refuse: (world, actor, action) =>
      action.type === 'rig' && byId.has(action.what) ? cellProblem(world, actor, actor.x + action.dx, actor.y + action.dy) : (ruleset.refuse?.(world, actor, action) ?? null),
    actionCost: (world, actor, action) => (action.type === 'rig' && byId.has(action.what) ? ruleset.actionCost(world, actor, { type: 'wait' }) : ruleset.actionCost(world, actor, action)),
  };
}

/**
 * What the kinds' `rig` asks that the ruleset cannot give, naming the field: an id the
 * ruleset's own rig menu already has (`builtIn`: its table's ids), a name in the check that is
 * neither one of the kind's numbers nor a trait of the ruleset's character (`traits`).
 */
export function rigProblems(kinds: readonly TrapKind[], builtIn: ReadonlySet<string>, traits: readonly string[], ruleset: string): string[] {
  const out: string[] = [];
  for (const [i, k] of kinds.entries()) {
    if (!k.rig) continue;
    if (builtIn.has(k.id)) out.push(`traps[${i}].rig: ${k.id} is one of ${ruleset}'s own kinds, set (or not) by its own rules: give the kind an id of its own`);
    for (const name of rigTraitNames(k)) if (!traits.includes(name)) out.push(`traps[${i}].rig.check: "${name}" is neither a number of this kind nor a trait of ${ruleset}'s character (${traits.join(', ')})`);
  }
  return out;
}

/**
 * The kinds' rig checks as one odds check of the file's ruleset (`kind-rig`, kindOdds.ts): `--trap`
 * the kind, the rigger's traits its check reads as flags (left out: the trait of the character
 * the ruleset makes, `character`, else 0). Null when no kind has a check.
 */
export function kindRigCheck(kinds: readonly TrapKind[], character: Readonly<Record<string, unknown>> = {}): OddsCheck | null {
  const own = rigged(kinds).filter((k) => k.rig.check);
  const names = [...new Set(own.flatMap(rigTraitNames))];
  return kindOddsCheck({
    name: 'kind-rig',
    description: "A designer's kind set by the player (its `rig.check` in the trap file): its roll plus its terms against its `against`, over the rigger's traits; set, failed or sprung on the rigger.",
    kinds: own,
    inputs: names.map((name) => {
      const trait = Object.hasOwn(character, name) ? character[name] : undefined;
      return { name, type: 'number', min: -1000, max: 1000, description: `The rigger's trait "${name}" (yes/no: 1 or 0).`, fallback: typeof trait === 'number' || typeof trait === 'boolean' ? trait : 0 };
    }),
    outcomes: ['set', 'failed', 'sprung'],
    program: (kind, i) => rigProgram(kind as RiggedKind, Object.fromEntries(rigTraitNames(kind).map((n) => [n, i[n] ?? 0]))),
  });
}
