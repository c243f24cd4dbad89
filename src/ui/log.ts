/**
 * The message log: colour-coded by tone, scrollable, newest at the bottom. Lines are appended, not
 * re-rendered; the view sticks to the bottom unless the player has scrolled up to read.
 */
import { h } from './dom.ts';
import type { UiStore } from './store.ts';

export function mountLog(el: HTMLElement, store: UiStore): void {
  const list = h('ol', { class: 'log-lines', 'aria-live': 'polite' });
  el.append(list);
  let shown: number[] = [];
  const sync = () => {
    const log = store.getState().log;
    const ids = new Set(log.map((l) => l.id));
    // Lines dropped from the front (the log is capped, or a new game cleared it).
    if (shown.some((id) => !ids.has(id))) {
      list.replaceChildren();
      shown = [];
    }
    const last = shown.length > 0 ? shown[shown.length - 1]! : 0;
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
    for (const line of log) {
      if (line.id <= last) continue;
      list.append(h('li', { class: `tone-${line.tone}`, 'data-turn': line.turn }, line.text));
      shown.push(line.id);
    }
    if (atBottom) el.scrollTop = el.scrollHeight;
  };
  sync();
  store.subscribe((s, prev) => {
    if (s.log !== prev.log) sync();
  });
}
