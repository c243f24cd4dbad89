/**
 * The small interactive pieces over the map: the status line (direction prompts, look-mode text,
 * a hint), the "Really step onto ...?" confirm window and the rig list.
 */
import { fill, h } from './dom.ts';
import type { GameController } from './game.ts';
import { menuLetter } from './keys.ts';
import type { UiState, UiStore } from './store.ts';

/** What the status line says when nothing is asked or looked at. */
export const IDLE_HINT = 'Arrows, numpad or hjklyubn move · s search · D disarm · R rig · x look · ? all keys';
/** The same on a touch screen, which has no keys: what a tap, a long press and the touch bar do. */
export const TOUCH_HINT = 'Tap beside you to move, further off to travel · long press looks · the bar below waits, searches, disarms, explores';
/** A touch screen: the media query that shows the touch bar (style.css, `.touch-bar`). */
const TOUCH_SCREEN = '(pointer: coarse), (hover: none)';

/**
 * The status line is one row high whatever it says, so the map below never moves: a text too long
 * for it ends in an ellipsis, and the whole of it is the line's title (the pointer's tooltip) and,
 * on a tap or click, drawn over the top of the map until the next text or a second tap.
 */
/** What the line says while the level editor is open (ui/editor): how to draw. */
const EDITOR_HINT = 'Level editor: click or drag on the map to draw · arrows move the cursor, Enter draws · Ctrl+Z undo, Ctrl+Y redo · Esc closes';

export function mountStatusLine(el: HTMLElement, store: UiStore): void {
  const text = h('span', { class: 'status-text' });
  el.replaceChildren(text);
  const cut = () => text.scrollWidth > text.clientWidth + 1;
  const touch = typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_SCREEN) : null;
  const render = (s: UiState) => {
    const said = s.prompt ?? s.look?.text ?? (s.mode === 'editor' ? EDITOR_HINT : touch?.matches ? TOUCH_HINT : IDLE_HINT);
    text.textContent = said;
    el.title = said;
    el.classList.remove('expanded');
    el.dataset.kind = s.prompt ? 'prompt' : s.look ? 'look' : 'idle';
  };
  el.addEventListener('click', () => {
    if (el.classList.contains('expanded') || cut()) el.classList.toggle('expanded');
  });
  render(store.getState());
  touch?.addEventListener('change', () => render(store.getState()));
  store.subscribe((s, prev) => {
    if (s.prompt !== prev.prompt || s.look !== prev.look || s.mode !== prev.mode) render(s);
  });
}

/**
 * The confirm window. "Stay back" has the focus when it opens, so Enter (or a stray key) keeps
 * the player safe; y steps, n or Esc stays.
 */
export function mountConfirm(el: HTMLElement, store: UiStore, game: GameController): void {
  const render = (s: UiState) => {
    if (!s.confirm) {
      el.hidden = true;
      fill(el);
      return;
    }
    const stay = h('button', { type: 'button', class: 'stay', onclick: () => game.handle({ type: 'no' }) }, `${s.confirm.stay ?? 'Stay back'} (n)`);
    const go = h('button', { type: 'button', class: 'step', onclick: () => game.handle({ type: 'yes' }) }, `${s.confirm.go ?? 'Step onto it'} (y)`);
    const label = s.confirm.odds ? `${s.confirm.text} ${s.confirm.odds}` : s.confirm.text;
    const odds = s.confirm.odds ? [h('p', { class: 'odds' }, s.confirm.odds)] : [];
    fill(el, h('div', { class: 'dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-label': label }, h('p', {}, s.confirm.text), ...odds, h('div', { class: 'buttons' }, go, stay)));
    el.hidden = false;
    stay.focus();
  };
  render(store.getState());
  store.subscribe((s, prev) => {
    if (s.confirm !== prev.confirm) render(s);
  });
}

/** The rig list: every option, greyed with the reason where the player lacks something, else with its odds. */
export function mountRigMenu(el: HTMLElement, store: UiStore, game: GameController): void {
  const render = (s: UiState) => {
    if (!s.rigMenu) {
      el.hidden = true;
      fill(el);
      return;
    }
    const items = s.rigMenu.map((o, i) =>
      h(
        'li',
        { class: o.available ? 'available' : 'greyed', 'aria-disabled': !o.available ? 'true' : undefined },
        h(
          'button',
          { type: 'button', onclick: () => game.handle({ type: 'select', index: i }) },
          h('kbd', {}, menuLetter(i)),
          ` ${o.name}`,
          !o.available ? h('span', { class: 'reason' }, ` — ${o.reason ?? 'not now'}`) : null,
          o.available && o.odds ? h('span', { class: 'odds' }, ` — ${o.odds}`) : null,
        ),
      ),
    );
    const title = s.menuFor === 'use' ? 'Use an item' : 'Rig or set a trap';
    fill(el, h('div', { class: 'dialog menu', role: 'dialog', 'aria-label': title }, h('h2', {}, title), h('ol', {}, ...items), h('p', { class: 'hint' }, 'Letter to choose, Esc to close.')));
    el.hidden = false;
  };
  render(store.getState());
  store.subscribe((s, prev) => {
    if (s.rigMenu !== prev.rigMenu || s.menuFor !== prev.menuFor) render(s);
  });
}
