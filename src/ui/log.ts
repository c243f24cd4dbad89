/**
 * The message log: colour-coded by tone, scrollable, newest at the bottom. Lines are appended, not
 * re-rendered; the view sticks to the bottom unless the player has scrolled up to read.
 */
import { h } from './dom.ts';
import { type LogLine, logText, type UiStore } from './store.ts';

export function mountLog(el: HTMLElement, store: UiStore): void {
  const list = h('ol', { class: 'log-lines', 'aria-live': 'polite' });
  el.append(list);
  // The lines on screen by id, with the line each was drawn from (a repeated line is redrawn counted).
  let shown = new Map<number, { li: HTMLElement; line: LogLine }>();
  const sync = () => {
    const log = store.getState().log;
    const ids = new Set(log.map((l) => l.id));
    // Lines dropped from the front (the log is capped, or a new game cleared it).
    if ([...shown.keys()].some((id) => !ids.has(id))) {
      list.replaceChildren();
      shown = new Map();
    }
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
    for (const line of log) {
      const drawn = shown.get(line.id);
      if (drawn) {
        if (drawn.line !== line) {
          drawn.li.textContent = logText(line);
          drawn.li.dataset.turn = String(line.turn);
          drawn.line = line;
        }
        continue;
      }
      const li = h('li', { class: `tone-${line.tone}`, 'data-turn': line.turn }, logText(line));
      list.append(li);
      shown.set(line.id, { li, line });
    }
    if (atBottom) el.scrollTop = el.scrollHeight;
  };
  sync();
  store.subscribe((s, prev) => {
    if (s.log !== prev.log) sync();
  });
}
