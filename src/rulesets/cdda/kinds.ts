/**
 * A designer's kinds in CDDA (the ruleset's `withKinds`): what these rules can play, each refusal
 * naming its field as the file has it (`traps[1].numbers.V`). A CDDA trap lies on the ground and
 * is placed by the dungeon (the rigging table is the seed's own traps); stepping onto it rolls
 * the avoidance dice against its A (trigger.ts `onEnter`), the detection roll reads its V, the
 * disarm roll its D; there is no attack roll (its harm lands on the torso, or the whole of a
 * monster: dialect.ts); and a `$name` must be one of these rules' whole-number settings.
 */
import { ATTACK_EFFECTS } from '../../core/traps/effectTree.ts';
import { InputError } from '../../core/errors.ts';
import type { TrapDef } from '../../core/ruleset.ts';
import type { TrapKind } from '../../core/traps/definition.ts';
import { withKindRows } from '../../core/traps/files.ts';
import { dialectProblems } from '../../core/traps/read.ts';
import { effectsOf } from '../../core/traps/effectTree.ts';
import { settingProblems, walkFields } from '../../core/traps/kindChecks.ts';
import { UNDISARMABLE } from './checks.ts';
import { CDDA_DIALECT } from './dialect.ts';
import { MAX_HARMING_EFFECTS } from './harmCode.ts';
import { INT_SETTINGS } from './settings.ts';
import { BUILT_IN_KINDS, trapDefOf } from './traps.ts';

/** The whole-number settings a kind may name as `$name`. */

/** The numbers a kind carries, and what each is. */
export const KIND_NUMBERS: Readonly<Record<string, string>> = {
  V: `visibility, a whole number 0 to ${UNDISARMABLE} (the detection roll round(N(mean, 3)) must beat it; 99: never seen)`,
  A: `avoidance, a whole number 0 to ${UNDISARMABLE} (3d[A] known or 6d[A] unknown against the survivor's 3d[Dex + Dodge x 1.5])`,
  D: `difficulty to disarm, a whole number 0 to ${UNDISARMABLE} (rng(skill, 4 skill) and luck must reach it; ${UNDISARMABLE}: too dangerous to mess with)`,
  P: 'practice for setting it, a whole number or null (the table shows it; only the seed\u2019s own traps are set)',
  noise: 'its noise for the table, a number, text ("1-200") or null (what it does is its effect: a "noise" effect makes one)',
  returns: 'the item kinds it leaves when disarmed, space-separated ("string_36 crossbow"), or ""',
  notes: 'the table\u2019s notes, text',
  tool: 'true for a trap-like tool: the survivor never sets it off, no dice are rolled (a cot trips monsters)',
};

const REQUIRED = ['V', 'A', 'D'] as const;

function numberProblems(k: TrapKind, at: string): string[] {
  const out: string[] = [];
  const n = k.numbers;
  for (const key of REQUIRED) {
    const v = n[key];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > UNDISARMABLE) out.push(`${at}.numbers.${key}: expected ${KIND_NUMBERS[key]}, got ${JSON.stringify(v ?? null)}`);
  }
  for (const [key, v] of Object.entries(n)) {
    if ((REQUIRED as readonly string[]).includes(key)) continue;
    if (!Object.hasOwn(KIND_NUMBERS, key)) {
      out.push(`${at}.numbers.${key}: cdda reads no such number (a kind has ${Object.keys(KIND_NUMBERS).join(', ')}: ${REQUIRED.join(', ')} are required)`);
      continue;
    }
    const ok =
      key === 'P'
        ? v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0)
        : key === 'noise'
          ? v === null || typeof v === 'number' || typeof v === 'string'
          : key === 'returns'
            ? typeof v === 'string' && /^[a-z0-9_ ]*$/.test(v)
            : key === 'tool'
              ? typeof v === 'boolean'
              : typeof v === 'string';
    if (!ok) out.push(`${at}.numbers.${key}: expected ${KIND_NUMBERS[key]}, got ${JSON.stringify(v)}`);
  }
  return out;
}

function problemsOf(k: TrapKind, at: string): string[] {
  const out = numberProblems(k, at);
  if (k.hosts.length !== 1 || k.hosts[0] !== 'floor') out.push(`${at}.hosts: CDDA's traps lie on the ground (expected ["floor"])`);
  if (k.rigged === true) out.push(`${at}.rigged: the survivor sets only the seed's traps (the rigging table); a new kind is placed by the dungeon`);
  if (k.avoided !== undefined) out.push(`${at}.avoided: CDDA says "You avoid the …" itself when the avoidance dice spare a survivor who knows the trap`);
  if (k.breaksChest === true) out.push(`${at}.breaksChest: CDDA's traps lie on the ground, never in a chest`);
  if (k.sound) out.push(`${at}.sound: CDDA's traps make their noise in their effect (use a "noise" effect)`);
  walkFields(k.effect, `${at}.effect`, (v, path) => {
    if (v !== null && typeof v === 'object' && 'do' in v && typeof v.do === 'string' && ATTACK_EFFECTS.has(v.do))
      out.push(`${path}: CDDA rolls no attack for a trap: the avoidance dice (A) come first, then its harm lands (use "damage")`);
  });
  const harming = effectsOf(k.effect).filter((e) => e.do === 'custom' || ('damage' in e && e.damage !== undefined)).length;
  if (harming > MAX_HARMING_EFFECTS) out.push(`${at}.effect: at most ${MAX_HARMING_EFFECTS} effects that may do damage (this has ${harming})`);
  out.push(...settingProblems(k, at, INT_SETTINGS, 'cdda'));
  return out;
}

/**
 * The custom effects a kind names that CDDA cannot play or read (core/traps/read.ts
 * `dialectProblems`), indexed as in the file. A built-in kind copied as it is (its id and its very
 * effect: `trapsmith traps cdda --format definitions`) may keep an effect without a reading (the
 * teleport pad's): it is then that kind, which the step check refuses and the `teleport` check reads.
 */
function customProblemsOf(k: TrapKind, i: number): string[] {
  const builtIn = BUILT_IN_KINDS.find((b) => b.id === k.id);
  if (builtIn && JSON.stringify(builtIn.effect) === JSON.stringify(k.effect)) return [];
  return dialectProblems([k], CDDA_DIALECT, 'cdda').map((p) => p.replace(/^traps\[0\]/, `traps[${i}]`));
}

/**
 * The table with a designer's kinds: each replaces the kind of its id in place, or joins the end.
 * Throws an InputError naming every field CDDA cannot play.
 */
export function withDesignersKinds(defs: readonly TrapDef[], kinds: readonly TrapKind[]): TrapDef[] {
  const problems = [...kinds.flatMap((k, i) => problemsOf(k, `traps[${i}]`)), ...kinds.flatMap((k, i) => customProblemsOf(k, i))];
  if (problems.length > 0) throw new InputError(problems.join('; '));
  return withKindRows(defs, kinds, trapDefOf);
}
