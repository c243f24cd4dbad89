/**
 * The Settings section of the New game panel: one control per setting of the chosen ruleset (its
 * own, then the core's `CORE_SETTINGS`), each filled with its default or the value the running game
 * changed, its description shown under it.
 *
 * The controls hold raw text, exactly what a link would carry after `s.<name>=`; `checkDraft`
 * (newgame.ts) validates that text with the link's own parser, so a bad value reads the same in
 * the panel as in a link. Only values that differ from the defaults become settings.
 *
 * The pure part (groups, raw values, defaults, carrying values across rulesets) is separate from
 * the DOM part so unit tests (which run without a DOM) can check it.
 */
import { numberValue } from '../core/numbers.ts';
import { CORE_SETTINGS } from '../core/registry.ts';
import type { Ruleset, SettingSpec } from '../core/ruleset.ts';
import type { Traits } from '../core/world.ts';
import { fill, h, named } from './dom.ts';

/** Raw control values by setting name: a checkbox reads `true` or `false`. */
export type RawSettings = Record<string, string>;

export interface SettingGroup {
  title: string;
  specs: readonly SettingSpec[];
}

/** The ruleset's own settings first (what the player came for), then the core's shared ones. */
export function settingGroups(r: Ruleset): SettingGroup[] {
  const groups: SettingGroup[] = [];
  if (r.settings.length > 0) groups.push({ title: r.name, specs: r.settings });
  groups.push({ title: 'Every ruleset', specs: CORE_SETTINGS });
  return groups;
}

export function allSpecs(r: Ruleset): SettingSpec[] {
  return settingGroups(r).flatMap((g) => g.specs);
}

/** The text a control shows for a value (and what a link would carry). */
export function rawValue(v: number | boolean | string): string {
  return String(v);
}

/**
 * Whether a control's text stands for the setting's default. Numbers are read by the one rule of
 * core/numbers.ts and compare as numbers ("09" is the default 9, "9.0" too where the setting is
 * a real); text the rule refuses is never the default (it is refused later, naming the setting).
 */
export function isDefault(spec: SettingSpec, raw: string): boolean {
  if (spec.type === 'int' || spec.type === 'number') return numberValue(raw, spec.type) === spec.default;
  return raw === rawValue(spec.default);
}

/**
 * The controls' starting text for ruleset `r`: the default, or the value in `given` where the
 * running game (or the controls of the ruleset chosen before) changed it.
 */
export function initialRaw(r: Ruleset, given: Traits | RawSettings = {}): RawSettings {
  const out: RawSettings = {};
  for (const s of allSpecs(r)) {
    const v = given[s.name];
    out[s.name] = v === undefined ? rawValue(s.default) : rawValue(v);
  }
  return out;
}

/**
 * What carries over when the ruleset select changes from `from` to `to`: the values the player
 * changed (not defaults: the other ruleset's default for a shared name may differ, e.g. dex), for
 * the names `to` also has. The same rule as "same seed, other ruleset" (`withRuleset`).
 */
export function carryRaw(from: Ruleset, raw: RawSettings, to: Ruleset): RawSettings {
  const changed: RawSettings = {};
  for (const s of allSpecs(from)) {
    const v = raw[s.name];
    if (v !== undefined && !isDefault(s, v)) changed[s.name] = v;
  }
  const names = new Set(allSpecs(to).map((s) => s.name));
  const kept: RawSettings = {};
  for (const [k, v] of Object.entries(changed)) if (names.has(k)) kept[k] = v;
  return initialRaw(to, kept);
}

/** How many controls differ from their defaults (for the section's summary line). */
export function changedCount(r: Ruleset, raw: RawSettings): number {
  return allSpecs(r).filter((s) => raw[s.name] !== undefined && !isDefault(s, raw[s.name]!)).length;
}

/** The name a control carries in the form: the link's own parameter name. */
export const controlName = (setting: string) => `s.${setting}`;

function control(spec: SettingSpec, raw: string): HTMLInputElement | HTMLSelectElement {
  const name = controlName(spec.name);
  const common = { name, 'data-setting': spec.name, title: spec.description };
  switch (spec.type) {
    case 'int':
    case 'number':
      return h('input', { ...common, type: 'number', min: spec.min, max: spec.max, step: spec.type === 'int' ? 1 : 'any', value: raw });
    case 'boolean':
      return h('input', { ...common, type: 'checkbox', checked: raw === 'true' });
    case 'enum':
      return h('select', common, ...(spec.values ?? []).map((v) => h('option', { value: v, selected: v === raw }, v)));
    case 'string':
      return h('input', { ...common, type: 'text', value: raw, spellcheck: 'false', autocomplete: 'off' });
  }
}

/** Reads the controls of a section back into raw text. */
export function readRaw(section: Element): RawSettings {
  const out: RawSettings = {};
  for (const c of section.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-setting]')) {
    const name = c.dataset.setting!;
    out[name] = c instanceof HTMLInputElement && c.type === 'checkbox' ? String(c.checked) : c.value;
  }
  return out;
}

function summaryText(r: Ruleset, raw: RawSettings): string {
  const n = changedCount(r, raw);
  return `Settings (${n === 0 ? 'all defaults' : `${n} changed`})`;
}

/**
 * The collapsible section, filled for ruleset `r` with `raw`. It opens by itself when a value
 * differs from its default, so a changed setting is never hidden from the player.
 */
export function settingsSection(r: Ruleset, raw: RawSettings): HTMLDetailsElement {
  const details = h('details', { class: 'settings', 'data-ruleset': r.id });
  renderSettings(details, r, raw);
  return details;
}

/** Redraws a section for another ruleset (or the same one), keeping whether it is open. */
export function renderSettings(details: HTMLDetailsElement, r: Ruleset, raw: RawSettings): void {
  const summary = h('summary', {}, summaryText(r, raw));
  const groups = settingGroups(r).map((g) =>
    h(
      'fieldset',
      {},
      h('legend', {}, g.title),
      ...g.specs.map((s) =>
        h(
          'div',
          { class: 'setting' },
          h('label', { title: s.description }, h('span', { class: 'setting-name' }, s.name), named(control(s, raw[s.name] ?? rawValue(s.default)), s.name)),
          h('small', { class: 'hint' }, s.description),
        ),
      ),
    ),
  );
  details.dataset.ruleset = r.id;
  fill(details, summary, h('div', { class: 'settings-body' }, ...groups));
  if (changedCount(r, raw) > 0) details.open = true;
  const update = () => {
    summary.textContent = summaryText(r, readRaw(details));
  };
  details.oninput = update;
  details.onchange = update;
}

/** Marks the controls whose setting a message is about (`Setting "name": ...`, any case) and opens the section. */
export function markInvalid(details: HTMLDetailsElement, errors: readonly string[]): void {
  const bad = new Set(errors.map((m) => /setting "([^"]+)"/i.exec(m)?.[1]).filter((n): n is string => n !== undefined));
  let first: HTMLElement | null = null;
  for (const c of details.querySelectorAll<HTMLElement>('[data-setting]')) {
    if (bad.has(c.dataset.setting!)) {
      c.setAttribute('aria-invalid', 'true');
      first ??= c;
    } else c.removeAttribute('aria-invalid');
  }
  if (bad.size > 0) details.open = true;
  // The section scrolls inside itself: bring the first bad control into view.
  first?.scrollIntoView({ block: 'nearest' });
}
