/** The `?` overlay: every binding, read from the same table the input handler uses. */
import { fill, h } from './dom.ts';
import { keyLabel, MODE_HELP, PLAY_BINDINGS } from './keys.ts';
import type { UiStore } from './store.ts';

export function helpContent(): HTMLElement {
  const row = (keys: string, what: string) => h('tr', {}, h('th', {}, keys), h('td', {}, what));
  return h(
    'div',
    { class: 'dialog help', role: 'dialog', 'aria-label': 'Keys' },
    h('h2', {}, 'Keys'),
    h('table', {}, ...PLAY_BINDINGS.map((b) => row(b.keys.map(keyLabel).join(' '), b.help))),
    ...MODE_HELP.map((m) => h('section', {}, h('h3', {}, m.mode), h('table', {}, ...m.lines.map(([k, w]) => row(k, w))))),
    h('p', { class: 'hint' }, 'The numpad works with or without NumLock. Esc or ? closes this.'),
  );
}

export function mountHelp(el: HTMLElement, store: UiStore): void {
  const render = (open: boolean) => {
    el.hidden = !open;
    if (open) fill(el, helpContent());
    else fill(el);
  };
  render(store.getState().overlay === 'help');
  store.subscribe((s, prev) => {
    if (s.overlay !== prev.overlay) render(s.overlay === 'help');
  });
}
