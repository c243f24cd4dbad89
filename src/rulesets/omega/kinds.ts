/**
 * A designer's kinds in Omega (the ruleset's `withKinds`): what these rules can play, each refusal
 * naming its field as the file has it (`traps[1].numbers.dodge`). Omega's traps lie on the floor
 * (install_traps() puts none on doors or chests), at every depth, chosen by weight; the player
 * sets only the nine components' traps; there is no step past a trap; a trap's power is the
 * place's location difficulty D (a damage tier table is read by D). The numbers a kind may have:
 * the table's columns (component and unidentified only as the built-in of its id has them) and
 * `dodge`, the avoidance roll its `attack` and `projectile` make at the player (dialect.ts).
 */
import { InputError } from '../../core/errors.ts';
import type { TrapDef } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { withKindRows } from '../../core/traps/files.ts';
import { dialectProblems } from '../../core/traps/read.ts';
import { settingProblems, walkFields } from '../../core/traps/kindChecks.ts';
import { DAMAGE_TYPES, DODGE_RULES, OMEGA_DIALECT } from './dialect.ts';
import { INT_SETTINGS } from './settings.ts';
import { BUILT_IN_KINDS, TRAP_COLUMNS, trapDefOf } from './traps.ts';

/** The whole-number settings a `$name` may read. */

const DESCRIBING = ['player', 'mount', 'monster'];

function numberProblems(k: TrapKind, at: string): string[] {
  const out: string[] = [];
  const builtIn = BUILT_IN_KINDS.find((b) => b.id === k.id);
  for (const [key, v] of Object.entries(k.numbers)) {
    const field = `${at}.numbers.${key}`;
    if (key === 'dodge') {
      if (typeof v !== 'string' || !(DODGE_RULES as readonly string[]).includes(v))
        out.push(
          `${field}: expected the avoidance roll of its attack at the player, one of ${DODGE_RULES.join(', ')} (blade (Agi+level)/30 dodges, fire (Agi+level)/50, acid hit if 0..99 > Agi+level, snare and trapdoor Agi/100, abyss hit if 0..99 > Dex+level, dart absorption/100 stops it, none: always hits), got ${JSON.stringify(v)}`,
        );
    } else if (key === 'component' || key === 'unidentified') {
      const own = builtIn?.numbers[key] ?? null;
      if ((v ?? null) !== own)
        out.push(`${field}: only the nine built-in kinds have a component (a disarm's yield, set again from the pack): ${own === null ? 'expected null' : `keep ${JSON.stringify(own)}`}`);
    } else if (DESCRIBING.includes(key)) {
      if (v !== null && typeof v !== 'string') out.push(`${field}: expected words saying what it does (the table's ${key} column) or null, got ${JSON.stringify(v)}`);
    } else if (key === 'locf') {
      if (v !== null && !(typeof v === 'number' && Number.isInteger(v))) out.push(`${field}: expected Omega's location function number (L_TRAP_*) or null, got ${JSON.stringify(v)}`);
    } else out.push(`${field}: Omega's rules read no such number (a kind has ${[...TRAP_COLUMNS, 'dodge'].join(', ')}; its power is the place's D)`);
  }
  return out;
}

function problemsOf(k: TrapKind, at: string): string[] {
  const out: string[] = [];
  if (k.hosts.length !== 1 || k.hosts[0] !== 'floor') out.push(`${at}.hosts: Omega's traps lie on the floor only (expected ["floor"])`);
  if (!Number.isInteger(k.placement.weight)) out.push(`${at}.placement.weight: expected a whole number (the dungeon picks a kind by one draw over the weights), got ${k.placement.weight}`);
  if (k.placement.depths) out.push(`${at}.placement.depths: Omega places every kind at every depth (install_traps()); leave depths out`);
  if (k.rigged === true) out.push(`${at}.rigged: Omega's player sets only the nine components' traps; a new kind is placed by the dungeon`);
  if (k.avoided !== undefined) out.push(`${at}.avoided: Omega has no step past a trap`);
  if (k.breaksChest === true) out.push(`${at}.breaksChest: Omega's traps lie on the floor, never in a chest`);
  out.push(...numberProblems(k, at));
  walkFields(k.effect, `${at}.effect`, (v, path) => {
    if (path.endsWith('.type') && typeof v === 'string' && !DAMAGE_TYPES.includes(v))
      out.push(`${path}: "${v}" is not a damage type of Omega's p_damage() (${DAMAGE_TYPES.join(', ')})`);
  });
  out.push(...settingProblems(k, at, INT_SETTINGS, 'omega'));
  return out;
}

/**
 * The table with a designer's kinds: each replaces the kind of its id in place, or joins the end.
 * Throws an InputError naming every field Omega cannot play.
 */
export function withDesignersKinds(defs: readonly TrapDef[], kinds: readonly TrapKind[]): TrapDef[] {
  const problems = [...kinds.flatMap((k, i) => problemsOf(k, `traps[${i}]`)), ...dialectProblems(kinds, OMEGA_DIALECT, 'omega')];
  const table = withKindRows(defs, kinds, trapDefOf);
  if (!table.some((t) => t.kind && t.kind.placement.weight > 0)) problems.push('traps: the weights cannot all be 0 (the dungeon places traps by them)');
  if (problems.length > 0) throw new InputError(problems.join('; '));
  return table;
}
