/** A tiny DOM builder for the lab: attributes and text only (never HTML strings). */
import { type NumberKind, readNumber } from '../../core/numbers.ts';
import { named } from '../dom.ts';

type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | number | boolean | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
  return el;
}

/** A field with its label (and a hint under it), the control named by the label alone. */
export function labelled(label: string, input: HTMLElement, hint?: string): HTMLLabelElement {
  if (!input.hasAttribute('aria-label')) named(input, label);
  return h('label', { class: 'lab-field' }, h('span', {}, label), input, hint ? h('small', {}, hint) : null);
}

/**
 * A number field's value by the one rule of core/numbers.ts (a number box takes "1e3" and "" too),
 * NaN when the text breaks it, for the checks beside each form to refuse with the field's name.
 */
export function fieldNumber(input: HTMLInputElement, kind: NumberKind = 'int'): number {
  return readNumber(input.value, kind) ?? Number.NaN;
}

export function numberInput(name: string, value: number, min: number, max: number): HTMLInputElement {
  return h('input', { type: 'number', name, value, min, max, step: 1 });
}

export function select(name: string, options: Array<[string, string]>, value?: string): HTMLSelectElement {
  const s = h('select', { name });
  for (const [v, label] of options) s.append(h('option', { value: v, selected: v === value }, label));
  return s;
}

/**
 * A number as a cell shows it: "7", "-0.25", "12.5%", "+3.1 pts [0.2, 6.0]", "12.5% [8.1–18.3%],
 * n = 40", "4 / 0 of 20", "1.0 / 1 / 3 / 5". Text ("survived", "holds", a message) is not.
 */
export function isNumberText(text: string): boolean {
  const t = text.trim();
  return /^[-+−]?(\d|\.\d)/.test(t) && !/[a-z]{3,}/i.test(t.replace(/\bpts\b/g, ''));
}

/** A table in a box that scrolls sideways (with a visible scrollbar) when the table is wider than the page. */
export function scrollBox(table: HTMLTableElement): HTMLDivElement {
  return h('div', { class: 'lab-scroll' }, table);
}

/**
 * A simple table from a header and rows of cells (text or nodes), in its scroll box: text cells
 * left-aligned, number cells (and the heading of a column of numbers) right-aligned.
 */
export function dataTable(header: string[], rows: Array<Array<string | Node>>, cls = ''): HTMLDivElement {
  const numeric = (c: string | Node) => isNumberText(typeof c === 'string' ? c : (c.textContent ?? ''));
  const numberColumn = header.map((_, i) => rows.length > 0 && rows.every((r) => r[i] === undefined || numeric(r[i]!)));
  return scrollBox(
    h(
      'table',
      { class: `lab-table ${cls}`.trim() },
      h('thead', {}, h('tr', {}, ...header.map((c, i) => h('th', { class: numberColumn[i] ? 'num' : undefined }, c)))),
      h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', { class: numeric(c) ? 'num' : undefined }, c))))),
    ),
  );
}

/** Offers `text` as a file download. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
