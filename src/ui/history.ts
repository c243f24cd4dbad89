/**
 * The message history (Ctrl+P): the game's log as the page keeps it (the log limit's lines, as
 * a save keeps them), in a panel over the map that scrolls by keyboard and filters as you type.
 * The search field has the focus while it is open; the arrows and page keys scroll the list from
 * there, Esc closes it (the panel mode's cancel) and the focus goes back where it was.
 */
import { fill, h } from './dom.ts';
import { LOG_LIMIT, type UiStore } from './store.ts';

interface Line {
  text: string;
  turn: number;
  repeat: number;
}

/** The lines whose words hold every word of `query` (any case), in order. */
export function matchingLines<T extends { text: string }>(lines: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...lines];
  return lines.filter((l) => {
    const text = l.text.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** "12 of 340 lines" (and that older lines are gone when the log is at its limit). */
export function countText(shown: number, total: number): string {
  const all = total >= LOG_LIMIT ? ` (the last ${LOG_LIMIT}: older lines are not kept)` : '';
  return shown === total ? `${total} line${total === 1 ? '' : 's'}${all}` : `${shown} of ${total} lines${all}`;
}

const SCROLL: Readonly<Record<string, (box: HTMLElement) => number>> = {
  ArrowUp: (b) => b.scrollTop - 24,
  ArrowDown: (b) => b.scrollTop + 24,
  PageUp: (b) => b.scrollTop - Math.max(24, b.clientHeight - 24),
  PageDown: (b) => b.scrollTop + Math.max(24, b.clientHeight - 24),
};

export function mountHistory(el: HTMLElement, store: UiStore): void {
  let returnFocus: HTMLElement | null = null;
  let open = false;
  const render = () => {
    const s = store.getState();
    const want = s.overlay === 'history';
    if (!want) {
      el.hidden = true;
      fill(el);
      if (open) returnFocus?.focus();
      open = false;
      return;
    }
    if (open) return;
    open = true;
    returnFocus = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const lines: Line[] = s.log.map((l) => ({ text: l.text, turn: l.turn, repeat: l.repeat }));
    const search = h('input', { type: 'search', name: 'history-search', placeholder: 'Search the messages', 'aria-label': 'Search the messages', autocomplete: 'off' });
    const count = h('p', { class: 'hint history-count', 'aria-live': 'polite' });
    const list = h('ol', { class: 'history-lines', tabindex: 0, 'aria-label': 'Messages' });
    const show = () => {
      const found = matchingLines(lines, search.value);
      fill(list, ...found.map((l) => h('li', {}, h('span', { class: 'turn' }, `T${l.turn}`), ' ', l.text, l.repeat > 1 ? ` (×${l.repeat})` : '')));
      count.textContent = countText(found.length, lines.length);
      list.scrollTop = list.scrollHeight;
    };
    search.addEventListener('input', show);
    search.addEventListener('keydown', (e) => {
      const to = SCROLL[e.key];
      if (to) {
        e.preventDefault();
        list.scrollTop = to(list);
      }
      // Ctrl+P again closes it (and is never the browser's Print here).
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'p') {
        e.preventDefault();
        store.setState({ overlay: null });
      }
    });
    fill(el, h('div', { class: 'dialog history', role: 'dialog', 'aria-label': 'Message history' }, h('h2', {}, 'Messages'), search, count, list, h('p', { class: 'hint' }, 'Type to search; ↑ ↓ PgUp PgDn scroll; Esc or Ctrl+P closes.')));
    el.hidden = false;
    show();
    search.focus();
  };
  render();
  store.subscribe((s, prev) => {
    if (s.overlay !== prev.overlay) render();
  });
}
