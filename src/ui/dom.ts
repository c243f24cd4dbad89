/** A tiny element builder: the panels are plain DOM, no framework. */

type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | ((e: Event) => void) | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, '').toLowerCase(), v);
    else if (k === 'class') el.className = String(v);
    // Through the CSSOM: the page's Content-Security-Policy blocks style attributes set as markup.
    else if (k === 'style') el.style.cssText = String(v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/**
 * Names a control by `text` alone, for the <label> that wraps it: a wrapping label's own text
 * would also take in a list's every option and whatever else the label holds (a hint, an error).
 */
export function named<E extends HTMLElement>(control: E, text: string): E {
  control.setAttribute('aria-label', text);
  return control;
}

/** A <label> of `text` around `control` (named by `text` alone) and whatever stands beside it. */
export function labelled(text: string, control: HTMLElement, ...beside: Child[]): HTMLLabelElement {
  return h('label', {}, h('span', {}, text), named(control, text), ...beside);
}

/** Replaces an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren(...(children.filter((c) => c !== null && c !== undefined && c !== false) as Array<Node | string>));
}

/**
 * Calls `read` with the name and text of each file the player picks in `input` (a file input);
 * `failed` with the message when the browser cannot read it. The input is emptied after each
 * pick, so the same file picked again is read again.
 */
export function onFilePicked(input: HTMLInputElement, read: (name: string, text: string) => void | Promise<void>, failed: (message: string) => void): void {
  input.addEventListener('change', async () => {
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    let text: string;
    try {
      text = await f.text();
    } catch (e) {
      failed(`${f.name}: the file could not be read (${(e as Error).message})`);
      return;
    }
    await read(f.name, text);
  });
}
