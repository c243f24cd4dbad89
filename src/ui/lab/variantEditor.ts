/**
 * The variant form: pick a ruleset (the running game's to begin with), change any setting and any
 * trap table cell, name it; the lab checks it with the same schema as `--variant` files (every
 * problem listed, each naming its field) and compares it with its original on the same seeds.
 * Compare waits until something is changed (the same rules twice would only measure the dice).
 * Variants download and load as JSON files.
 */
import { readNumber } from '../../core/numbers.ts';
import { CORE_SETTINGS, getRuleset } from '../../core/registry.ts';
import { parseVariant, type Variant, VariantError } from '../../sim/variants.ts';
import { download, h, labelled, scrollBox, select } from './dom.ts';
import { fieldWords } from './words.ts';

export interface VariantEditor {
  element: HTMLElement;
  /** The variant as the form stands, checked; throws with a message naming the bad field. */
  read(): Variant;
  /** The game now plays `ruleset`: the form follows it unless the user has been at it. */
  follow(ruleset: string): void;
}

/** Said while nothing is changed (Compare is disabled meanwhile). */
export const NOTHING_CHANGED = 'Change a setting or a table cell to compare the variant with its original.';

/** A table cell as typed, in the type of the table's value (numbers, true/false, text or empty). */
export function parseCell(raw: string, original: unknown): string | number | boolean | null {
  const t = raw.trim();
  if (typeof original === 'number') {
    // Read by the one rule of core/numbers.ts; text that is no number stays text, so the check
    // names it ("expected a number like 12, got "0x10"").
    return readNumber(t, 'number') ?? t;
  }
  if (typeof original === 'boolean') return t === 'true';
  if (original === null && t === '') return null;
  return (original === null ? readNumber(t, 'number') : null) ?? t;
}

/** `initial`: the ruleset the form starts on (the running game's); else the first. */
export function variantEditor(rulesetIds: string[], onCompare: (v: Variant) => void, initial?: string): VariantEditor {
  const base = select('variant-ruleset', rulesetIds.map((id) => [id, getRuleset(id).name]), initial && rulesetIds.includes(initial) ? initial : rulesetIds[0]);
  /** Set once the user edits anything or picks a ruleset: the game's ruleset no longer leads. */
  let touched = false;
  const name = h('input', { type: 'text', name: 'variant-name', value: 'my variant', maxlength: 60 });
  const body = h('div');
  const message = h('p', { class: 'lab-status' });
  /** Every problem of the variant, one line each. */
  const problems = h('ul', { class: 'lab-variant-problems', role: 'alert' });
  const say = (text: string, error = false) => {
    message.textContent = text;
    message.className = error ? 'lab-status lab-error' : 'lab-status';
    problems.replaceChildren();
  };
  const sayProblems = (e: unknown) => {
    const issues = e instanceof VariantError ? e.issues : [(e as Error).message];
    say(issues.length === 1 ? 'The variant has a problem:' : `The variant has ${issues.length} problems:`, true);
    problems.replaceChildren(...issues.map((i) => h('li', {}, fieldWords(i))));
  };
  let settingInputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  let cellInputs = new Map<string, HTMLInputElement>();

  const build = (values?: Variant) => {
    const r = getRuleset(base.value);
    settingInputs = new Map();
    cellInputs = new Map();
    const settings = h('div', { class: 'lab-row' });
    for (const s of [...CORE_SETTINGS.filter((c) => c.name !== 'turnLimit' && c.name !== 'goalDepth'), ...r.settings]) {
      const current = values?.settings?.[s.name] ?? s.default;
      const input =
        s.type === 'boolean'
          ? select(`setting-${s.name}`, [
              ['true', 'true'],
              ['false', 'false'],
            ], String(current))
          : s.type === 'enum'
            ? select(`setting-${s.name}`, (s.values ?? []).map((v) => [v, v]), String(current))
            : h('input', { type: s.type === 'string' ? 'text' : 'number', name: `setting-${s.name}`, value: String(current), step: s.type === 'int' ? 1 : 'any' });
      input.title = s.description;
      settingInputs.set(s.name, input);
      settings.append(labelled(s.name, input));
    }
    const columns = r.trapColumns.filter((c) => r.traps.some((t) => c in t.columns));
    const table = h('table', { class: 'lab-table lab-variant-traps' }, h('thead', {}, h('tr', {}, h('th', {}, 'trap'), ...columns.map((c) => h('th', {}, c)))));
    const tbody = h('tbody');
    for (const t of r.traps) {
      const row = h('tr', {}, h('td', {}, t.name));
      for (const c of columns) {
        if (!(c in t.columns)) {
          row.append(h('td', {}, ''));
          continue;
        }
        const original = t.columns[c];
        const current = values?.traps?.[t.id]?.[c] ?? original;
        const input = h('input', { type: 'text', name: `cell-${t.id}-${c}`, value: current === null ? '' : String(current) });
        cellInputs.set(`${t.id}\u0000${c}`, input);
        row.append(h('td', {}, input));
      }
      tbody.append(row);
    }
    table.append(tbody);
    body.replaceChildren(h('h3', {}, 'Settings'), settings, h('h3', {}, 'Trap table'), scrollBox(table));
  };

  const read = (): Variant => {
    const r = getRuleset(base.value);
    const specs = [...CORE_SETTINGS, ...r.settings];
    const settings: Record<string, number | boolean | string> = {};
    for (const [n, input] of settingInputs) {
      const spec = specs.find((s) => s.name === n)!;
      const raw = input.value;
      // A number the rule refuses stays text, for the schema to refuse naming the setting.
      const v = spec.type === 'int' || spec.type === 'number' ? (readNumber(raw, spec.type) ?? raw) : spec.type === 'boolean' ? raw === 'true' : raw;
      if (v !== spec.default) settings[n] = v;
    }
    const traps: Record<string, Record<string, string | number | boolean | null>> = {};
    for (const [key, input] of cellInputs) {
      const [trapId, column] = key.split('\u0000') as [string, string];
      const original = r.traps.find((t) => t.id === trapId)!.columns[column];
      const v = parseCell(input.value, original);
      if (v !== original && !(typeof v === 'number' && typeof original === 'number' && v === original)) (traps[trapId] ??= {})[column] = v;
    }
    return parseVariant({ name: name.value.trim(), ruleset: r.id, settings, traps }, 'variant');
  };

  /** How many settings and cells differ from the ruleset's own (as typed: a bad value counts too). */
  const changed = (): { settings: number; cells: number } => {
    const r = getRuleset(base.value);
    const specs = [...CORE_SETTINGS, ...r.settings];
    let settings = 0;
    for (const [n, input] of settingInputs) if (input.value.trim() !== String(specs.find((s) => s.name === n)!.default)) settings++;
    let cells = 0;
    for (const [key, input] of cellInputs) {
      const [trapId, column] = key.split('\u0000') as [string, string];
      const original = r.traps.find((t) => t.id === trapId)!.columns[column];
      if (input.value.trim() !== (original === null || original === undefined ? '' : String(original))) cells++;
    }
    return { settings, cells };
  };
  const showChanged = () => {
    const c = changed();
    compare.disabled = c.settings + c.cells === 0;
    compare.title = compare.disabled ? NOTHING_CHANGED : '';
    if (compare.disabled && !message.classList.contains('lab-error')) say(NOTHING_CHANGED);
    else if (!compare.disabled && message.textContent === NOTHING_CHANGED) say('');
  };
  body.addEventListener('input', () => {
    touched = true;
    showChanged();
  });
  body.addEventListener('change', showChanged);
  base.addEventListener('change', () => {
    touched = true;
    build();
    say('');
    showChanged();
  });
  build();

  const compare = h('button', { type: 'button', class: 'lab-variant-compare' }, 'Compare with the original');
  showChanged();
  const save = h('button', { type: 'button' }, 'Download variant');
  const load = h('input', { type: 'file', accept: '.json,application/json', 'aria-label': 'Load a variant file' });
  compare.addEventListener('click', () => {
    try {
      const v = read();
      const settings = Object.keys(v.settings ?? {}).length;
      const cells = Object.values(v.traps ?? {}).reduce((n, t) => n + Object.keys(t).length, 0);
      if (settings === 0 && cells === 0) {
        // The same rules twice would only measure the dice (a value typed back to the original's).
        say(NOTHING_CHANGED, true);
        return;
      }
      say(`${settings} ${settings === 1 ? 'setting' : 'settings'} and ${cells} table ${cells === 1 ? 'cell' : 'cells'} changed.`);
      onCompare(v);
    } catch (e) {
      sayProblems(e);
    }
  });
  save.addEventListener('click', () => {
    try {
      const v = read();
      download(`${v.ruleset}-${v.name.replace(/[^\w.-]+/g, '-')}.json`, JSON.stringify(v, null, 2), 'application/json');
    } catch (e) {
      sayProblems(e);
    }
  });
  load.addEventListener('change', async () => {
    const file = load.files?.[0];
    if (!file) return;
    try {
      const v = parseVariant(await file.text(), file.name);
      base.value = v.ruleset;
      name.value = v.name;
      build(v);
      touched = true;
      say(`Loaded ${file.name}.`);
      showChanged();
    } catch (e) {
      sayProblems(e);
    }
  });

  const element = h(
    'details',
    { class: 'lab-variant' },
    h('summary', {}, 'Variant: change the numbers, see the difference'),
    h('div', { class: 'lab-row' }, labelled('ruleset', base), labelled('name', name), compare, save, labelled('load', load)),
    message,
    problems,
    body,
  );
  name.addEventListener('input', () => {
    touched = true;
  });
  const follow = (ruleset: string) => {
    if (touched || ruleset === base.value || !rulesetIds.includes(ruleset)) return;
    base.value = ruleset;
    build();
    say('');
    showChanged();
  };
  return { element, read, follow };
}
