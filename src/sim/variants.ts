/**
 * Variants: a ruleset with other numbers, saved as a JSON file a designer can edit.
 *
 *   { "name": "gentle fireball", "ruleset": "ceaptun", "description": "...",
 *     "settings": { "lightRadius": 7 },
 *     "traps": { "fireball": { "difficulty": 15 } } }
 *
 * `settings` are the ruleset's (and the core's) named settings; `traps` overrides cells of the
 * trap table (`trapsmith traps <ruleset>` shows them): difficulty, visibility, avoidance, damage
 * dice, charges, noise — whatever columns the ruleset has. The file is checked with zod, then
 * against the ruleset itself, and a bad field is named ("traps.fireball.difficulty: expected a
 * number like 17, got \"hard\"").
 *
 * Applying a variant registers a ruleset `<ruleset>~<variant>`: the same seeds then give the same
 * maps and monsters under both (common random numbers), and only the variant's numbers differ.
 */
import { z } from 'zod';
import { bonusProblem, diceProblem } from '../core/diceLimits.ts';
import { CORE_SETTINGS, checkSetting, getRuleset, hasRuleset, registerDerived, resolveSettings } from '../core/registry.ts';
import { readJsonValue } from '../core/jsonInput.ts';
import { own } from '../core/lookup.ts';
import type { Ruleset, TrapDef } from '../core/ruleset.ts';
import type { Traits } from '../core/world.ts';

const cellValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const variantSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[\p{L}\p{N} _.()+-]+$/u, 'use letters, digits, spaces and _ . ( ) + - only'),
  ruleset: z.string().min(1),
  description: z.string().max(4000).optional(),
  settings: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])).optional(),
  traps: z.record(z.string(), z.record(z.string(), cellValue)).optional(),
});

export type Variant = z.infer<typeof variantSchema>;
export type TrapOverrides = Record<string, Record<string, string | number | boolean | null>>;

export class VariantError extends Error {
  /** Each problem found, naming its path ("variant: traps.arrow.difficulty: …"); the message joins them. */
  readonly issues: string[];
  constructor(message: string, issues?: string[]) {
    super(message);
    this.issues = issues ?? [message];
  }
}

const DICE = /^(\d+)d(\d+)([+-]\d+)?$/;

/** Why a dice cell's text passes the dice limits (see diceLimits.ts) or not. */
function diceCellProblem(text: string): string | null {
  const [, n, sides, bonus] = DICE.exec(text)!;
  return diceProblem(text, Number(n), Number(sides)) ?? bonusProblem(text, Number(bonus ?? 0));
}

function describe(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** Zod's issues as "path: message" lines, every one of them. */
function zodIssues(err: z.ZodError): string[] {
  return err.issues.map((i) => {
    const path = i.path.map(String).join('.');
    return `${path || '(top level)'}: ${i.message}`;
  });
}

/** Every problem at once: `source: a; b; c`, each also in `issues`. */
function variantError(source: string, problems: string[]): VariantError {
  return new VariantError(`${source}: ${problems.join('; ')}`, problems.map((p) => `${source}: ${p}`));
}

/** Checks one overridden cell against the table's current value. */
function checkCell(trapId: string, column: string, current: unknown, value: unknown): string | null {
  const where = `traps.${trapId}.${column}`;
  if (typeof current === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${where}: expected a number like ${current}, got ${describe(value)}`;
    if (Number.isInteger(current) && !Number.isInteger(value)) return `${where}: expected a whole number like ${current}, got ${value}`;
    return null;
  }
  if (typeof current === 'boolean') return typeof value === 'boolean' ? null : `${where}: expected true or false, got ${describe(value)}`;
  if (typeof current === 'string') {
    if (typeof value !== 'string') return `${where}: expected text like ${JSON.stringify(current)}, got ${describe(value)}`;
    if (!DICE.test(current)) return null;
    if (!DICE.test(value)) return `${where}: expected dice like ${JSON.stringify(current)} (NdS or NdS+B), got ${JSON.stringify(value)}`;
    const tooMany = diceCellProblem(value);
    return tooMany ? `${where}: ${tooMany}` : null;
  }
  // An empty cell (null) takes a number, text or null.
  return typeof value === 'boolean' ? `${where}: expected a number or text, got ${value}` : null;
}

/** A variant is a ruleset's settings and table cells: a few kilobytes. */
export const MAX_VARIANT_BYTES = 1_000_000;

/**
 * Parses and checks a variant (JSON text or an object). `source` names the file in messages.
 * `playsOn`: the ruleset id it will play on (or that id for the variant's ruleset), whose trap
 * table its cells are checked against: a trap file's, `<ruleset>+<file>`, whose own kinds a
 * variant changes like the built-ins; the variant's ruleset when absent or undefined. Throws
 * VariantError naming the bad field.
 */
export function parseVariant(input: string | unknown, source = 'variant', playsOn?: string | ((ruleset: string) => string | undefined)): Variant {
  const read = readJsonValue(input, MAX_VARIANT_BYTES);
  if ('problem' in read) throw new VariantError(`${source}: ${read.problem}`);
  const parsed = variantSchema.safeParse(read.value);
  if (!parsed.success) throw variantError(source, zodIssues(parsed.error));
  const v = parsed.data;
  if (!hasRuleset(v.ruleset)) throw new VariantError(`${source}: ruleset: unknown ruleset "${v.ruleset}"`);
  const on = typeof playsOn === 'function' ? playsOn(v.ruleset) : playsOn;
  // `on` is the variant's ruleset or that ruleset playing a trap file: the settings are the same.
  if (on !== undefined && on !== v.ruleset && !on.startsWith(`${v.ruleset}+`)) throw new VariantError(`${source}: ruleset: a variant of ${v.ruleset} cannot play on ${on}`);
  const base = getRuleset(on ?? v.ruleset);
  const specs = [...CORE_SETTINGS, ...base.settings];
  // Every bad setting and cell is named, not only the first.
  const problems: string[] = [];
  for (const [name, value] of Object.entries(v.settings ?? {})) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      problems.push(`settings.${name}: no such setting for ruleset ${base.id} (settings: ${specs.map((s) => s.name).join(', ')})`);
      continue;
    }
    try {
      checkSetting(spec, value);
    } catch (e) {
      problems.push(`settings.${name}: ${(e as Error).message.replace(/^setting "[^"]*": /, '')}`);
    }
  }
  for (const [trapId, cells] of Object.entries(v.traps ?? {})) {
    const def = base.traps.find((t) => t.id === trapId);
    if (!def) {
      problems.push(`traps.${trapId}: no such trap in ${base.id} (traps: ${base.traps.map((t) => t.id).join(', ')})`);
      continue;
    }
    for (const [column, value] of Object.entries(cells)) {
      if (!Object.hasOwn(def.columns, column)) {
        problems.push(`traps.${trapId}.${column}: no such column (columns: ${Object.keys(def.columns).join(', ')})`);
        continue;
      }
      const why = checkCell(trapId, column, def.columns[column], value);
      if (why) problems.push(why);
    }
  }
  if (problems.length > 0) throw variantError(source, problems);
  return v;
}

/** The id a variant plays under: `<ruleset>~<name as a slug>` (`on`: the ruleset it is applied to, a trap file's). */
export function variantRulesetId(v: Variant, on: string = v.ruleset): string {
  const slug =
    v.name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'variant';
  return `${on}~${slug}`;
}

/** The table with the overrides in place (the generic way, for rulesets without `applyVariant`). */
export function overrideTable(traps: readonly TrapDef[], overrides: TrapOverrides): TrapDef[] {
  return traps.map((t) => {
    const cells = own(overrides, t.id);
    return cells ? { ...t, columns: { ...t.columns, ...cells } } : t;
  });
}

/**
 * Registers the variant's ruleset (once per process; the same name with other content is refused)
 * and returns its id and its settings. Worlds made with that id play the variant. `on` plays it
 * on its ruleset with a trap file's kinds (the id `applyTrapFile` gave), whose table it changes
 * the same way.
 */
export function applyVariant(v: Variant, on: string = v.ruleset): { rulesetId: string; settings: Traits; usesHook: boolean } {
  const id = variantRulesetId(v, on);
  const content = JSON.stringify([v.ruleset, v.settings ?? {}, v.traps ?? {}]);
  // `on` is the variant's ruleset, or that ruleset playing a trap file (`<ruleset>+<file>`).
  const base = getRuleset(on);
  const settings: Traits = { ...(v.settings ?? {}) };
  const usesHook = typeof base.applyVariant === 'function';
  const clash = () => new VariantError(`two different variants are both named "${v.name}" for ${v.ruleset}: rename one`);
  const made = registerDerived(id, content, () => variantOf(base, v), clash);
  if (!made) return { rulesetId: id, settings, usesHook };
  // Settings were checked one by one; check them together too (the resolved world settings).
  resolveSettings(getRuleset(id), settings);
  return { rulesetId: id, settings, usesHook };
}

/** The variant's ruleset: `base` with the variant's trap numbers, through its `applyVariant` where it has one. */
function variantOf(base: Ruleset, v: Variant): Ruleset {
  const overrides: TrapOverrides = v.traps ?? {};
  const hook = base.applyVariant;
  let derived: Ruleset;
  try {
    derived = hook ? hook(overrides) : { ...base, traps: overrideTable(base.traps, overrides) };
  } catch (e) {
    throw new VariantError(`variant "${v.name}": ${(e as Error).message}`);
  }
  return { ...derived, name: `${base.name} — variant ${v.name}` };
}

/** A warning for the user when a variant changes numbers the ruleset may not read. */
export function variantWarning(v: Variant): string | null {
  const base = getRuleset(v.ruleset);
  if (base.applyVariant || Object.keys(v.traps ?? {}).length === 0) return null;
  return `note: ruleset ${base.id} has no applyVariant hook; the variant changes its trap table, which changes play only where the ruleset reads the table`;
}
