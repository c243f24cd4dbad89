/**
 * The trap designer panel (T, or the header's "Trap designer" button): a form drawn from the
 * designer's field list, for the chosen kind of trap only, whose figures (CR, cost, price, Craft
 * DC; for magic traps gp, XP and the DCs) are recomputed on every input event, with the CR and
 * cost breakdown and the warnings. A list loads the SRD samples that agree with the tables.
 * "Place in the level" asks for a cell (a direction or a click on the map) and puts the trap there.
 *
 * Everything the user types reaches the page as text (`h()` / `fill()`), never as markup.
 */
import { capitalise } from '../../core/words.ts';
import type { DesignField, SrdSample, TrapDesign } from '../../rulesets/d20/designer.ts';
import { sampleByName } from '../../rulesets/d20/designer.ts';
import { download } from '../share/files.ts';
import { MECHANICAL_BASE_CR, MIN_PRICE_PER_CR } from '../../rulesets/d20/tables.ts';
import { fill, h, labelled, named } from '../dom.ts';
import type { GameController } from '../game.ts';
import type { GameOptions } from '../url.ts';
import { appendLog, patch, type UiStore } from '../store.ts';
import { type Evaluation, evaluate, type FormState, fieldsFor, formOfSample, initialForm, isRequired, KIND_CHOICES, sampleGroups, type TrapKindChoice } from './form.ts';
import { placeBlocker, placeDesigned } from './place.ts';

export interface DesignerPanel {
  open(): void;
  close(): void;
  toggle(): void;
  readonly isOpen: boolean;
  /** The form's current evaluation (for the debug hook and tests). */
  evaluation(): Evaluation;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function gp(n: number): string {
  return `${n.toLocaleString('en-US')} gp`;
}

/** The breakdown: how the CR and the cost were reached, line by line. */
function breakdown(d: TrapDesign): HTMLElement {
  const table = (caption: string, rows: Array<[string, string]>, cls: string) =>
    h('table', { class: cls }, h('caption', {}, caption), ...rows.map(([a, b]) => h('tr', {}, h('td', {}, a), h('td', { class: 'num' }, b))));
  const cr: Array<[string, string]> = [
    ...(d.type === 'mechanical' ? [['base CR (mechanical trap)', String(MECHANICAL_BASE_CR)] as [string, string]] : []),
    ...d.crLines.map((l) => [l.feature, d.type === 'magic' && l.feature.startsWith('base') ? String(l.value) : signed(l.value)] as [string, string]),
    ['CR', String(d.cr)],
  ];
  const parts = [table('Challenge rating', cr, 'cr-lines')];
  if (d.type === 'mechanical') {
    const cost: Array<[string, string]> = [...d.costLines.map((l) => [l.feature, gp(l.value)] as [string, string]), ['modified base cost', gp(d.baseCost)]];
    cost.push([`× CR ${d.cr} (at least CR × ${MIN_PRICE_PER_CR} gp)`, gp(Math.max(d.baseCost * d.cr, d.cr * MIN_PRICE_PER_CR))]);
    for (const e of d.extras) cost.push([`+ ${e.feature}`, gp(e.value)]);
    cost.push(['market price', gp(d.price)]);
    parts.push(table('Cost', cost, 'cost-lines'));
  } else {
    parts.push(table('Cost', [...d.costLines.map((l) => [l.feature, gp(l.value)] as [string, string]), ['total', gp(d.price)]], 'cost-lines'));
  }
  return h('details', { class: 'breakdown', open: true }, h('summary', {}, 'How the CR and the price are reached'), ...parts);
}

/** `play`: starts a game (the page's start, which writes the address) — the one a placed trap makes. */
export function mountDesigner(el: HTMLElement, store: UiStore, game: GameController, play: (o: GameOptions) => void): DesignerPanel {
  let form: FormState = initialForm();
  let name = '';
  let isOpen = false;
  let current: Evaluation = evaluate(form);

  const sample = h(
    'select',
    { name: 'sample', 'aria-label': 'SRD sample trap' },
    h('option', { value: '' }, 'Load an SRD sample trap…'),
    ...sampleGroups().map((g) => h('optgroup', { label: g.label }, ...g.samples.map((s) => h('option', { value: s.name }, /\(CR \d+\)/.test(s.name) ? s.name : `${s.name} (CR ${s.listed.cr})`)))),
  );
  const kind = h('select', { name: 'kind' }, ...KIND_CHOICES.map((k) => h('option', { value: k.id }, k.label)));
  const nameInput = h('input', { name: 'name', maxlength: 60, spellcheck: 'false', autocomplete: 'off', placeholder: 'designed trap' });
  const fields = h('div', { class: 'fields' });
  const errors = h('ul', { class: 'errors', role: 'alert' });
  const figures = h('dl', { class: 'figures', 'aria-live': 'polite' });
  const details = h('div', { class: 'details' });
  const warnings = h('ul', { class: 'warnings' });
  const placeNote = h('p', { class: 'place-note' });
  const place = h('button', { type: 'button', class: 'primary place' }, 'Place in the level');
  const saveFile = h('button', { type: 'button', class: 'save-file', title: 'The designed trap as a trap file, which a new game (or --traps FILE) plays' }, 'Download as trap file');
  const reset = h('button', { type: 'button', class: 'reset' }, 'Clear');
  const closeButton = h('button', { type: 'button', class: 'close' }, 'Close');
  const listed = h('p', { class: 'listed' });

  const panel = h(
    'form',
    { class: 'dialog designer-panel', role: 'dialog', 'aria-label': 'Trap designer', novalidate: true },
    h('h2', {}, 'Trap designer (d20)'),
    h('div', { class: 'top-row' }, labelled('SRD sample', sample), labelled('Kind', kind), labelled('Name', nameInput)),
    listed,
    h('div', { class: 'designer-body' }, fields, h('div', { class: 'results' }, figures, errors, warnings, details)),
    placeNote,
    h('div', { class: 'buttons' }, place, saveFile, reset, closeButton),
  );

  /** One control per field, drawn from the designer's field list; its error message (beside it) describes it. */
  const control = (f: DesignField): HTMLElement => {
    const value = form.values[f.name];
    const describedBy = `designer-error-${f.name}`;
    if (f.type === 'boolean') return h('input', { type: 'checkbox', name: f.name, checked: value === true, 'aria-describedby': describedBy });
    if (f.type === 'enum') {
      const chosen = typeof value === 'string' ? value : '';
      const blank = isRequired(form.kind, f) ? null : h('option', { value: '', selected: chosen === '' }, '— none —');
      return h('select', { name: f.name, 'aria-describedby': describedBy }, blank, ...(f.values ?? []).map((v) => h('option', { value: v, selected: v === chosen }, v)));
    }
    // Text, not type=number: a bad value reaches the designer as typed and gets its message.
    const numeric = f.type === 'int' || f.type === 'number';
    return h('input', {
      name: f.name,
      'aria-describedby': describedBy,
      value: typeof value === 'string' ? value : '',
      inputmode: numeric ? (f.type === 'int' ? 'numeric' : 'decimal') : undefined,
      placeholder: numeric && f.min !== undefined && f.max !== undefined ? `${f.min}–${f.max}` : f.type === 'string' ? '2d6' : undefined,
      spellcheck: 'false',
      autocomplete: 'off',
    });
  };

  /**
   * True while the controls are being replaced. Removing the focused control blurs it, and the
   * browser then fires its pending `change` at once, while the old controls are still in place:
   * read then, they would put the values being replaced (a bad value typed before a sample was
   * loaded) back into the form.
   */
  let redrawing = false;
  const drawFields = () => {
    kind.value = form.kind;
    nameInput.value = name;
    redrawing = true;
    try {
      fillFields();
    } finally {
      redrawing = false;
    }
  };
  const fillFields = () =>
    fill(
      fields,
      ...fieldsFor(form.kind).map((f) =>
        h(
          'label',
          { class: `field field-${f.type}`, 'data-field': f.name, title: f.description },
          h('span', { class: 'label' }, f.label),
          named(control(f), f.label),
          h('span', { class: 'field-error', id: `designer-error-${f.name}` }),
        ),
      ),
    );

  /** Reads every control back into the form state. */
  const readFields = () => {
    const values: Record<string, string | boolean> = {};
    for (const c of fields.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
      values[c.name] = c instanceof HTMLInputElement && c.type === 'checkbox' ? c.checked : c.value;
    }
    form = { kind: form.kind, values };
    name = nameInput.value;
  };

  const showResults = () => {
    current = evaluate(form);
    const bad = new Map<string, string>(Object.entries(current.fieldErrors));
    for (const n of current.error?.fields ?? []) if (!bad.has(n)) bad.set(n, '');
    for (const label of fields.querySelectorAll<HTMLElement>('label.field')) {
      const n = label.dataset.field!;
      const msg = bad.get(n);
      label.classList.toggle('invalid', msg !== undefined);
      const ctl = label.querySelector('input, select');
      if (msg !== undefined) ctl?.setAttribute('aria-invalid', 'true');
      else ctl?.removeAttribute('aria-invalid');
      const out = label.querySelector('.field-error');
      if (out) out.textContent = msg ?? '';
    }
    fill(errors, ...Object.values(current.fieldErrors).map((m) => h('li', {}, m)), current.error ? h('li', {}, capitalise(current.error.text)) : null);
    fill(figures, ...current.figures.flatMap((f) => [h('dt', {}, f.label), h('dd', { 'data-figure': f.key }, f.value)]));
    figures.classList.toggle('stale', current.design === null);
    fill(details, current.design ? breakdown(current.design) : null);
    fill(warnings, ...(current.design?.warnings ?? []).map((w) => h('li', {}, w)));
    const blocker = placeBlocker(game);
    place.disabled = current.design === null || blocker !== null;
    placeNote.textContent =
      blocker ??
      (current.design
        ? 'Place in the level asks for a cell: a direction key (. for your own cell) or a click on the map. The level as it stands, with the trap (known to you), becomes a scenario, and a new recorded game on it goes on from where you stand.'
        : 'Fix the values above to place the trap.');
  };

  const showListed = (s: SrdSample | null) => {
    if (!s) {
      listed.textContent = '';
      return;
    }
    const l = s.listed;
    const figs = [`CR ${l.cr}`, `${gp(l.price)}`, ...(l.xp !== undefined ? [`${l.xp} XP`] : []), ...(l.searchDc !== undefined ? [`Search DC ${l.searchDc}`] : []), ...(l.disableDc !== undefined ? [`Disable DC ${l.disableDc}`] : []), ...(l.saveDc !== undefined ? [`save DC ${l.saveDc}`] : [])];
    listed.textContent = `The SRD lists ${s.name}: ${figs.join(', ')} (${s.checkedBy === 'RULES.md' ? 'named in RULES.md' : 'recomputed against the tables'}).`;
  };

  const loadSample = (sampleName: string) => {
    const s = sampleByName(sampleName);
    if (!s) return;
    form = formOfSample(s);
    name = s.name;
    drawFields();
    showListed(s);
    showResults();
  };

  fields.addEventListener('input', () => {
    if (redrawing) return;
    readFields();
    showResults();
  });
  // Selects and checkboxes fire change (some browsers fire input too; recomputing twice is harmless).
  fields.addEventListener('change', () => {
    if (redrawing) return;
    readFields();
    showResults();
  });
  nameInput.addEventListener('input', () => {
    name = nameInput.value;
  });
  kind.addEventListener('change', () => {
    readFields();
    const next = kind.value as TrapKindChoice;
    // Keep what both kinds share (damage, multiple targets); a mechanical trap needs its trigger and reset.
    const keep: Record<string, string | boolean> = {};
    for (const f of fieldsFor(next)) if (form.values[f.name] !== undefined) keep[f.name] = form.values[f.name]!;
    if (next === 'mechanical') {
      keep.trigger ||= 'location';
      keep.reset ||= 'manual';
    }
    form = { kind: next, values: keep };
    drawFields();
    showResults();
  });
  sample.addEventListener('change', () => {
    if (sample.value !== '') loadSample(sample.value);
  });
  reset.addEventListener('click', () => {
    form = initialForm();
    name = '';
    sample.value = '';
    showListed(null);
    drawFields();
    showResults();
  });
  closeButton.addEventListener('click', () => api.close());
  panel.addEventListener('submit', (e) => e.preventDefault());
  place.addEventListener('click', () => {
    if (!current.design || placeBlocker(game)) return;
    const inputs = { ...current.inputs };
    const trapName = name;
    api.close();
    game.askPlace((x, y) => {
      const r = placeDesigned(game, inputs, x, y, trapName);
      if ('refused' in r) {
        appendLog(store, [{ text: `The trap was not placed: ${r.refused}`, tone: 'system' }], game.world?.turn ?? 0);
        return;
      }
      play(r.options);
      appendLog(store, [{ text: r.text, tone: 'system' }], game.world?.turn ?? 0);
    });
  });
  saveFile.addEventListener('click', async () => {
    if (!current.design) return;
    const inputs = { ...current.inputs };
    const trapName = name.trim() || 'designed trap';
    // Loaded on the first download: the d20 trap table (and its reader) is not the panel's to carry.
    const { designedKind } = await import('../../rulesets/d20/traps.ts');
    const id = trapName.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'designed';
    // A touch trigger sits on what is touched: a door.
    const host = inputs.trigger === 'touch' || inputs.trigger === 'touch-attached' ? 'door' : 'floor';
    const kind = designedKind(inputs, { id, name: trapName, host });
    if ('error' in kind) return;
    const file = { format: 'trapsmith-traps', version: 1, ruleset: 'd20', name: trapName, description: 'Made by the d20 trap designer.', traps: [kind] };
    download(`${id}.traps.json`, `${JSON.stringify(file, null, 2)}\n`);
  });
  // Keys typed in the panel are not moves; Escape closes it.
  el.addEventListener('keydown', (e) => {
    e.stopPropagation();
    if (e.key === 'Escape') api.close();
  });

  drawFields();
  showResults();
  fill(el, panel);
  el.hidden = true;

  // Open while the store's overlay says so: another panel opening, or Escape anywhere, closes it.
  store.subscribe((s, prev) => {
    if (s.overlay === prev.overlay) return;
    if (s.overlay === 'designer') {
      isOpen = true;
      el.hidden = false;
      // The running game may have changed (ruleset, over): the Place button says so.
      showResults();
      sample.focus();
    } else if (prev.overlay === 'designer') {
      isOpen = false;
      el.hidden = true;
    }
  });
  const api: DesignerPanel = {
    open() {
      patch(store, { overlay: 'designer', look: null, rigMenu: null });
    },
    close() {
      if (store.getState().overlay === 'designer') patch(store, { overlay: null });
    },
    toggle() {
      if (isOpen) api.close();
      else api.open();
    },
    get isOpen() {
      return isOpen;
    },
    evaluation: () => current,
  };
  // A new game (other ruleset) or the end of one changes whether Place is possible.
  game.onWorld(() => {
    if (isOpen) showResults();
  });
  return api;
}
