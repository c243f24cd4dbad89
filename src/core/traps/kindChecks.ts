/**
 * Checks every ruleset's `withKinds` shares over a designer's kind, each problem naming its field
 * as the file has it (`traps[1].effect.effects[0]`): a walk over the kind's JSON tree, and the
 * `$name` settings it names (in dice, counts and templates) that the ruleset lacks.
 */
import type { TrapKind } from './definition.ts';
import { SETTING_REF } from './schema.ts';

/** `$name` in a template (`{$name}`, `{$name:…}`). */
const TEMPLATE_SETTING = /\{\$([A-Za-z][A-Za-z0-9_]*)/g;

/** Every value of a JSON tree with its path (`traps[0].effect.damage`), the tree first. */
export function walkFields(v: unknown, path: string, visit: (v: unknown, path: string) => void): void {
  visit(v, path);
  if (Array.isArray(v)) for (const [i, c] of v.entries()) walkFields(c, `${path}[${i}]`, visit);
  else if (v !== null && typeof v === 'object') for (const [k, c] of Object.entries(v)) walkFields(c, `${path}.${k}`, visit);
}

/** The settings a string names: a whole `$name`, or `{$name…}` in a template. */
function settingsNamed(text: string): string[] {
  if (SETTING_REF.test(text)) return [text.slice(1)];
  return [...text.matchAll(TEMPLATE_SETTING)].map((m) => m[1]!);
}

/** Each `$name` of `kind` (at `at`) that is not one of `intSettings`, the ruleset `ruleset`'s whole-number settings. */
export function settingProblems(kind: TrapKind, at: string, intSettings: readonly string[], ruleset: string): string[] {
  const out: string[] = [];
  walkFields(kind, at, (v, path) => {
    if (typeof v !== 'string') return;
    for (const name of settingsNamed(v)) if (!intSettings.includes(name)) out.push(`${path}: "$${name}" is not a whole-number setting of ${ruleset} (${intSettings.join(', ')})`);
  });
  return out;
}
