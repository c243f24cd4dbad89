/**
 * A designer's trap file played: its kinds added to (or replacing kinds of) its ruleset, as a
 * ruleset of its own, `<ruleset>+<file name as a slug>`, registered once per process. Worlds made
 * with that id play the file's traps; the same seeds give the same maps under the base ruleset
 * and the file's wherever the file's kinds are not placed (common random numbers).
 *
 * A file with the name of another, registered with other content, is refused: a link, a save or
 * a replay carries the file itself, so a name must mean one file.
 */
import { getRuleset, hasRuleset, listBaseRulesets, registerDerived, resolveSettings } from '../registry.ts';
import type { Ruleset, TrapDef } from '../ruleset.ts';
import { UnknownNameError } from '../lookup.ts';
import type { Condition, Effect, TrapFile, TrapKind } from './definition.ts';
import { visitEffects } from './effectTree.ts';
import { kindAvoidCheck } from './avoid.ts';
import { kindDisarmCheck } from './disarm.ts';
import { kindCheckProblems, termNames } from './kindCheck.ts';
import { kindRigCheck, rigProblems, withKindRigging } from './rig.ts';
import { kindSpotCheck } from './spot.ts';
import { TrapFileError } from './schema.ts';

export function trapFileRulesetId(file: Pick<TrapFile, 'ruleset' | 'name'>): string {
  const slug =
    file.name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'traps';
  return `${file.ruleset}+${slug}`;
}

/**
 * The rulesets that play trap files (the ids a file's `ruleset` may name), in the order they were
 * registered: every registered ruleset that is not itself made from a file and has `withKinds`.
 */
export function rulesetsTakingTrapFiles(): string[] {
  return listBaseRulesets()
    .filter((r) => typeof r.withKinds === 'function')
    .map((r) => r.id);
}

/**
 * Registers the file's ruleset (once per process) and returns its id. Throws TrapFileError naming
 * the fields its ruleset cannot play, or an unknown ruleset, or a clash of names. `source` names
 * the file in messages.
 */
export function applyTrapFile(file: TrapFile, source = 'trap file'): string {
  if (!hasRuleset(file.ruleset) || file.ruleset.includes('+') || file.ruleset.includes('~')) {
    throw new TrapFileError(source, [`ruleset: "${file.ruleset}" is not a ruleset that plays trap files (${rulesetsTakingTrapFiles().join(', ') || 'none'})`]);
  }
  const base = getRuleset(file.ruleset);
  const withKinds = base.withKinds;
  if (!withKinds) throw new TrapFileError(source, [`ruleset: ${base.id} does not play trap files yet (${rulesetsTakingTrapFiles().join(', ') || 'none'} do)`]);
  const id = trapFileRulesetId(file);
  const clash = () => new TrapFileError(source, [`name: another trap file named "${file.name}" for ${file.ruleset} is already in play: rename one`]);
  registerDerived(id, JSON.stringify(file.traps), () => madeFrom(file, base, withKinds, source), clash);
  return id;
}

/** The file's ruleset made (its kinds in `base`'s table, with their rigs and own checks), or the file's problems thrown. */
function madeFrom(file: TrapFile, base: Ruleset, withKinds: NonNullable<Ruleset['withKinds']>, source: string): Ruleset {
  let derived: Ruleset;
  try {
    derived = withFile(withKinds(file.traps), file);
  } catch (e) {
    throw new TrapFileError(source, [(e as Error).message]);
  }
  const problems = [
    ...settingConditionProblems(file.traps, base),
    ...transformProblems(file.traps, new Set(derived.traps.map((t) => t.id)), base.id),
    ...ownCheckProblems(file.traps, base),
    ...rigProblems(file.traps, new Set(base.traps.map((t) => t.id)), characterTraits(base), base.id),
  ];
  if (problems.length > 0) throw new TrapFileError(source, problems);
  return { ...derived, name: `${base.name} + ${file.name}` };
}

/**
 * What a file adds to the ruleset `withKinds` made of it: its kinds' rigs and their own odds
 * checks. A variant of the file's ruleset (its `applyVariant`, which makes the table again from
 * the ruleset's own code) gets them too, so a kind's numbers swept or changed by a variant play
 * with everything else the file gave the kind.
 */
function withFile(made: Ruleset, file: TrapFile): Ruleset {
  const rigged = withKindRigging(made, file.traps);
  const checks = { ...rigged.checks };
  // Every program a kind has, read by `odds` and sampled by `verify` (kindOdds.ts).
  const own = [
    kindDisarmCheck(file.traps, made.disarmInputNames ?? []),
    kindAvoidCheck(file.traps, made.checks.step?.params ?? []),
    kindSpotCheck(file.traps, made.spotInputNames ?? []),
    kindRigCheck(file.traps, made.player(resolveSettings(made)).traits),
  ];
  for (const check of own) if (check) checks[check.name] = check;
  const applyVariant = made.applyVariant;
  return { ...rigged, checks, ...(applyVariant ? { applyVariant: (overrides) => withFile(applyVariant(overrides), file) } : {}) };
}

/**
 * A kind's own checks (its `disarm`, `avoid`, `spot`) naming what `ruleset` cannot give them, or
 * brought where the ruleset reads no such moment. The inputs are those its own readings give:
 * `disarmInputNames`, its step check's, `spotInputNames`.
 */
function ownCheckProblems(kinds: readonly TrapKind[], ruleset: Ruleset): string[] {
  const step = ruleset.checks.step && ruleset.stepInputs ? termNames(ruleset.checks.step.params) : null;
  const spot = ruleset.spotInputNames && ruleset.spotInputs ? ruleset.spotInputNames : null;
  return [
    ...kindCheckProblems(kinds, 'disarm', ruleset.disarmInputNames ?? null, ruleset.id, 'disarm inputs'),
    ...kindCheckProblems(kinds, 'avoid', step, ruleset.id, 'step inputs'),
    ...kindCheckProblems(kinds, 'spot', spot, ruleset.id, 'spotting inputs'),
  ];
}

/** The number and yes/no traits of the ruleset's character as a new game makes it: what a kind's rig check may read. */
function characterTraits(ruleset: Ruleset): string[] {
  const traits = ruleset.player(resolveSettings(ruleset)).traits;
  return Object.keys(traits).filter((k) => typeof traits[k] === 'number' || typeof traits[k] === 'boolean');
}

/**
 * An `if` on a setting (`{ "setting": "bearTrapHoldsPlayer" }`) the ruleset has not, naming its
 * field: it would never hold, without a word. (A trait may be missing on purpose: a condition's
 * `is` may name null, "no such trait", and which traits a monster has depends on the monster.)
 */
export function settingConditionProblems(kinds: readonly TrapKind[], ruleset: Ruleset): string[] {
  const known = Object.keys(resolveSettings(ruleset));
  const out: string[] = [];
  const check = (c: Condition, at: string): void => {
    if (typeof c !== 'object') return;
    if ('not' in c) check(c.not, `${at}.not`);
    else if ('all' in c) for (const [i, x] of c.all.entries()) check(x, `${at}.all[${i}]`);
    else if ('any' in c) for (const [i, x] of c.any.entries()) check(x, `${at}.any[${i}]`);
    else if ('setting' in c && !known.includes(c.setting)) out.push(`${at}.setting: ${new UnknownNameError('setting', c.setting, known, `of ${ruleset.id}`).message}`);
  };
  for (const [i, k] of kinds.entries()) visitEffects(k.effect, `traps[${i}].effect`, (e, at) => (e.do === 'if' ? check(e.if, `${at}.if`) : undefined));
  return out;
}

/** A transform into a kind the playing table does not have, naming its field (`traps[0].effect.trap`). */
export function transformProblems(kinds: readonly TrapKind[], table: ReadonlySet<string>, ruleset: string): string[] {
  const out: string[] = [];
  const visit = (e: Effect, at: string): void => {
    if (e.do === 'transform' && e.trap !== undefined && !table.has(e.trap)) out.push(`${at}.trap: ${ruleset} with this file has no trap kind "${e.trap}"`);
  };
  for (const [i, k] of kinds.entries()) visitEffects(k.effect, `traps[${i}].effect`, visit);
  return out;
}

/**
 * A trap table with a file's kinds in it: each replaces the row of its id in place (the table's
 * order kept), or joins the end. `rowOf` makes the ruleset's row of a kind.
 */
export function withKindRows(defs: readonly TrapDef[], kinds: readonly TrapKind[], rowOf: (kind: TrapKind) => TrapDef): TrapDef[] {
  const out = [...defs];
  for (const k of kinds) {
    const at = out.findIndex((t) => t.id === k.id);
    if (at >= 0) out[at] = rowOf(k);
    else out.push(rowOf(k));
  }
  return out;
}
