/**
 * The end screen: what killed you ("Killed by a fireball trap"), with the seed and the turn, and
 * ways on: a new game, the same seed again, or the same seed under another ruleset in one click.
 */
import { getRuleset } from '../core/registry.ts';
import { capitalise } from '../core/words.ts';
import { fill, h } from './dom.ts';
import type { UiStore } from './store.ts';
import { type GameOptions, withRuleset } from './url.ts';

export interface EndScreenActions {
  start(options: GameOptions): void;
  openNewGame(): void;
}

export function mountDeath(el: HTMLElement, store: UiStore, actions: EndScreenActions): void {
  const render = () => {
    const s = store.getState();
    const over = s.over;
    const options = s.options;
    if (!over || !options) {
      el.hidden = true;
      fill(el);
      return;
    }
    const rulesets = s.rulesets;
    const name = rulesets.find((r) => r.id === over.ruleset)?.name ?? over.ruleset;
    const title = over.won ? 'You won!' : over.dead ? 'You died' : 'Game over';
    const newGame = h('button', { type: 'button', class: 'primary new-game', onclick: () => actions.openNewGame() }, 'New game');
    fill(
      el,
      h(
        'div',
        { class: `dialog end ${over.won ? 'won' : 'dead'}`, role: 'dialog', 'aria-label': title },
        h('h2', {}, title),
        h('p', { class: 'cause' }, over.cause),
        h('p', { class: 'facts' }, `Seed ${over.seed} · ${name} · turn ${over.turn} · depth ${over.depth}`),
        over.lure
          ? h('p', { class: 'lure' }, `${over.lure.sentence} ${over.lure.kinds.map((k) => `${capitalise(k.name)}: ${k.hurt} hurt, ${k.killed} killed.`).join(' ')}`)
          : '',
        h('div', { class: 'buttons' }, newGame, h('button', { type: 'button', class: 'again', onclick: () => actions.start(options) }, 'Same seed again')),
        h(
          'p',
          { class: 'other-rulesets' },
          'Same seed, other ruleset: ',
          ...rulesets
            .filter((r) => r.id !== over.ruleset)
            .map((r) => h('button', { type: 'button', 'data-ruleset': r.id, onclick: () => actions.start(withRuleset(options, getRuleset(r.id))) }, r.name)),
        ),
      ),
    );
    el.hidden = false;
    newGame.focus();
  };
  render();
  store.subscribe((s, prev) => {
    if (s.over !== prev.over || s.options !== prev.options || s.rulesets !== prev.rulesets) render();
  });
}
