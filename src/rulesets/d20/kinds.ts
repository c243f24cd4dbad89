/**
 * A designer's kinds in d20 (the ruleset's `withKinds`): what these rules can play, each refusal
 * naming its field as the file has it (`traps[1].numbers.search-dc`). A d20 kind's numbers are the
 * trap designer's inputs (designer.ts `DESIGN_FIELDS`: `search-dc`, `disable-dc`, `attack`,
 * `reflex-dc`, `damage`, `trigger`, `reset`, `magic`, `spell-level` …), from which the SRD's tables
 * give its CR, price and DCs, plus what play needs beyond them (traps.ts `PLAY_NUMBERS`:
 * `crit-range`, `crit-mult`, `noun`, `radius` …). Its CR is the designer's, never written.
 */
import { InputError } from '../../core/errors.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { dialectProblems } from '../../core/traps/read.ts';
import { settingProblems } from '../../core/traps/kindChecks.ts';
import { ATTACK_EFFECTS, effectsOf } from '../../core/traps/effectTree.ts';
import { checkInput, DESIGN_FIELDS, designFromInputs, fieldByName } from './designer.ts';
import { D20_DIALECT } from './dialect.ts';
import { INT_SETTINGS } from './settings.ts';
import { poisonedAbility } from './harm.ts';
import { poisonById } from './poisons.ts';
import { BUILT_IN_KINDS, type D20TrapKind, d20KindOf, familyOf, PLAY_NUMBERS, profileOfD20Kind, TRAP_KINDS } from './traps.ts';

const DESIGN_NAMES = DESIGN_FIELDS.map((f) => f.name);

const BUILT_IN_TEXT = new Map(BUILT_IN_KINDS.map((k) => [k.id, JSON.stringify(k)]));

/** The built-in kind of its id, as it is. */
function isBuiltIn(k: TrapKind): boolean {
  return BUILT_IN_TEXT.get(k.id) === JSON.stringify(k);
}

function problemsOf(k: TrapKind, at: string): string[] {
  const out: string[] = [];
  if (k.charges !== -1) out.push(`${at}.charges: a d20 trap goes off as its reset says (numbers.reset: ${DESIGN_FIELDS.find((f) => f.name === 'reset')?.values?.join(', ')}); expected -1`);
  if (k.rigged === true) out.push(`${at}.rigged: d20's rigging sets the table's own kits (trap kits); a new kind is placed by the dungeon`);
  if (k.breaksChest === true) out.push(`${at}.breaksChest: a d20 trap does not blow its chest apart`);
  if (k.placement.depths !== undefined) out.push(`${at}.placement.depths: d20 places a trap by its CR against the level's, not by depth`);
  for (const [key, v] of Object.entries(k.numbers)) {
    const field = fieldByName(key);
    if (field) {
      const checked = v === null ? { error: `--${key}: null` } : checkInput(field, v);
      if (typeof checked === 'object') out.push(`${at}.numbers.${key}: ${checked.error.replace(/^--[a-z-]+: /, '')} (${field.label}: ${field.description})`);
    } else if (key === 'cr') {
      if (typeof v !== 'number') out.push(`${at}.numbers.cr: the CR the SRD's tables give the design, a whole number (or leave it out)`);
    } else if (!Object.hasOwn(PLAY_NUMBERS, key))
      out.push(`${at}.numbers.${key}: d20 reads no number "${key}"; the designer's inputs are ${DESIGN_NAMES.join(', ')}; play's are ${Object.keys(PLAY_NUMBERS).join(', ')}; and cr, checked against the design`);
  }
  if (out.length > 0) return out;
  const d = d20KindOf(k);
  const design = designFromInputs(d.design);
  if (!design.ok) return [`${at}.numbers: the SRD's tables refuse this design: ${design.error}`];
  if (k.numbers.cr !== undefined && k.numbers.cr !== design.design.cr) out.push(`${at}.numbers.cr: the SRD's tables give this design CR ${design.design.cr}, not ${String(k.numbers.cr)} (a d20 trap's CR comes from its elements)`);
  const poison = typeof d.design.poison === 'string' ? poisonById(d.design.poison) : undefined;
  const family = familyOf(k);
  const vocabulary = effectsOf(k.effect).filter((e) => e.do !== 'custom' && e.do !== 'all' && e.do !== 'chance' && e.do !== 'if');
  if (vocabulary.some((e) => ATTACK_EFFECTS.has(e.do)) && d.design.attack === undefined)
    out.push(`${at}.numbers.attack: an attack rolls d20 + the kind's attack bonus vs AC: give numbers.attack`);
  if ((family === 'attack' || family === 'gas' || family === 'contact') && poison && poisonedAbility(poison))
    out.push(`${at}.numbers.poison: the ${poison.name} damages an ability, which the exact reading of a designer's kind (hit points) does not follow; use a hit-point poison or none`);
  if (family === 'blast' && d.play.save === 'will') out.push(`${at}.numbers.save: the step check reads no Will save (ref or fort)`);
  if (k.effect.do !== 'custom' && vocabulary.length > 0 && (d.design['never-miss'] === true || d.design.onset !== undefined))
    out.push(`${at}.numbers.onset: an onset delay belongs to the gas, flood and crush effects (custom), not to the vocabulary's`);
  return out;
}

/**
 * The table with a designer's kinds: each replaces the kind of its id in place (the ruleset made
 * of it plays its own kinds: traps.ts `d20KindIn`), or joins the end. Throws an InputError naming
 * every field d20 cannot play.
 */
export function withDesignersKinds(table: readonly D20TrapKind[], kinds: readonly TrapKind[]): D20TrapKind[] {
  const problems: string[] = [];
  for (const [i, k] of kinds.entries()) {
    // A built-in repeated as it is plays and reads as the built-in (the ruleset's own step reading).
    if (isBuiltIn(k)) continue;
    problems.push(
      ...problemsOf(k, `traps[${i}]`),
      ...dialectProblems([k], D20_DIALECT, 'd20').map((m) => m.replace(/^traps\[0\]/, `traps[${i}]`)),
      ...settingProblems(k, `traps[${i}]`, INT_SETTINGS, 'd20'),
    );
  }
  // A repeated built-in keeps its own (its srd notes); each other kind's profile is built now, so a
  // design that does not hold is refused with its index.
  const made = kinds.map((k, i) => {
    const d = isBuiltIn(k) ? TRAP_KINDS.find((t) => t.id === k.id)! : d20KindOf(k);
    if (problems.length === 0)
      try {
        profileOfD20Kind(d);
      } catch (e) {
        problems.push(`traps[${i}]: ${(e as Error).message}`);
      }
    return d;
  });
  if (problems.length > 0) throw new InputError(problems.join('; '));
  const out = [...table];
  for (const d of made) {
    const at = out.findIndex((t) => t.id === d.id);
    if (at >= 0) out[at] = d;
    else out.push(d);
  }
  return out;
}
