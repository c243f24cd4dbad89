/**
 * The `?` overlay: every binding, read from the same table the input handler uses. It is taller
 * than a small window, so it scrolls inside itself, by keyboard as by mouse: it takes the focus
 * when it opens (and gives it back when it closes), and the help mode's scroll keys (keys.ts,
 * `SCROLL_KEYS`) move it through `scrollHelp`.
 */
import { fill, h } from './dom.ts';
import { keyLabel, MODE_HELP, PLAY_BINDINGS, type ScrollStep } from './keys.ts';
import type { UiStore } from './store.ts';

export function helpContent(): HTMLElement {
  const row = (keys: string, what: string) => h('tr', {}, h('th', {}, keys), h('td', {}, what));
  return h(
    'div',
    // tabindex -1: focusable by script (it holds the focus while open), not a Tab stop.
    { class: 'dialog help', role: 'dialog', 'aria-label': 'Keys', tabindex: -1 },
    h('h2', {}, 'Keys'),
    h('table', {}, ...PLAY_BINDINGS.map((b) => row(b.keys.map(keyLabel).join(' '), b.help))),
    ...MODE_HELP.map((m) => h('section', {}, h('h3', {}, m.mode), h('table', {}, ...m.lines.map(([k, w]) => row(k, w))))),
    h('p', { class: 'hint' }, 'The numpad works with or without NumLock. Arrows, PgUp, PgDn, Space, Home and End scroll this; Esc or ? closes it.'),
  );
}

/** The scroll position `by` asks for, from the box's current one (clamped by the browser). */
export function scrollTarget(by: ScrollStep, box: { scrollTop: number; clientHeight: number; scrollHeight: number }, lineHeight: number): number {
  // A page keeps one line of the last page in sight, as browsers do.
  const page = Math.max(lineHeight, box.clientHeight - lineHeight);
  switch (by) {
    case 'lineUp':
      return box.scrollTop - lineHeight;
    case 'lineDown':
      return box.scrollTop + lineHeight;
    case 'pageUp':
      return box.scrollTop - page;
    case 'pageDown':
      return box.scrollTop + page;
    case 'start':
      return 0;
    case 'end':
      return box.scrollHeight;
  }
}

/** Scrolls the open help (inside `el`, the overlay) by a scroll key; nothing when it is closed. */
export function scrollHelp(el: HTMLElement, by: ScrollStep): void {
  const box = el.querySelector<HTMLElement>('.dialog.help');
  if (!box || el.hidden) return;
  const line = Number.parseFloat(getComputedStyle(box).fontSize) * 1.6 || 24;
  box.scrollTop = scrollTarget(by, box, line);
}

export function mountHelp(el: HTMLElement, store: UiStore): void {
  // Where the focus was when the help opened: it goes back there when the help closes.
  let returnFocus: HTMLElement | null = null;
  const render = (open: boolean) => {
    el.hidden = !open;
    if (open) {
      returnFocus = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      const box = helpContent();
      fill(el, box);
      box.focus({ preventScroll: true });
      return;
    }
    const hadFocus = el.contains(document.activeElement);
    fill(el);
    if (hadFocus || document.activeElement === document.body) {
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
      else (document.activeElement as HTMLElement | null)?.blur?.();
    }
    returnFocus = null;
  };
  render(store.getState().overlay === 'help');
  store.subscribe((s, prev) => {
    if (s.overlay !== prev.overlay) render(s.overlay === 'help');
  });
}
