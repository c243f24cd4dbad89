/**
 * A designer's kinds in Wasteland (the ruleset's `withKinds`): what these rules can play, each
 * refusal naming its field as the file has it (`traps[1].effect.effects[0]`). On this board every
 * trap lies on a cell's floor, goes off once and leaves it, and is placed by the dungeon (heroes
 * place only the traps they carry); a trap's harm lands without an attack roll; there is no step
 * past a trap; and a `$name` must be one of these rules' whole-number settings.
 */
import { ATTACK_EFFECTS } from '../../core/traps/effectTree.ts';
import { withKindRows } from '../../core/traps/files.ts';
import { InputError } from '../../core/errors.ts';
import type { TrapDef } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { settingProblems, walkFields } from '../../core/traps/kindChecks.ts';
import { dialectProblems } from '../../core/traps/read.ts';
import { WASTELAND_DIALECT } from './dialect.ts';
import { INT_SETTINGS } from './settings.ts';
import { DESCRIBING_COLUMNS, trapDefOf } from './traps.ts';

function problemsOf(k: TrapKind, at: string): string[] {
  const out: string[] = [];
  if (k.hosts.length !== 1 || k.hosts[0] !== 'floor') out.push(`${at}.hosts: Wasteland's traps lie on the floor only (expected ["floor"])`);
  if (k.charges !== 1) out.push(`${at}.charges: a Wasteland trap leaves the board once it goes off (expected 1)`);
  if (k.rigged === true) out.push(`${at}.rigged: Wasteland's heroes place the traps they carry (caltrops, bear traps, mines); a new kind is placed by the dungeon`);
  if (k.avoided !== undefined) out.push(`${at}.avoided: these rules have no step past a trap`);
  if (k.breaksChest === true) out.push(`${at}.breaksChest: Wasteland's traps lie on the floor, never in a chest`);
  for (const key of Object.keys(k.numbers))
    if (!DESCRIBING_COLUMNS.includes(key))
      out.push(`${at}.numbers.${key}: Wasteland's rules read no numbers of a kind (its table describes it: ${DESCRIBING_COLUMNS.join(', ')}); what it does is its effect`);
  walkFields(k.effect, `${at}.effect`, (v, path) => {
    if (v !== null && typeof v === 'object' && 'do' in v && typeof v.do === 'string' && ATTACK_EFFECTS.has(v.do))
      out.push(`${path}: Wasteland has no attack rolls, a trap's harm simply lands (use "damage")`);
  });
  out.push(...settingProblems(k, at, INT_SETTINGS, 'wasteland'));
  return out;
}

/**
 * The table with a designer's kinds: each replaces the kind of its id in place, or joins the end.
 * Throws an InputError naming every field Wasteland cannot play.
 */
export function withDesignersKinds(defs: readonly TrapDef[], kinds: readonly TrapKind[]): TrapDef[] {
  const problems = [...kinds.flatMap((k, i) => problemsOf(k, `traps[${i}]`)), ...dialectProblems(kinds, WASTELAND_DIALECT, 'wasteland')];
  if (problems.length > 0) throw new InputError(problems.join('; '));
  return withKindRows(defs, kinds, trapDefOf);
}
