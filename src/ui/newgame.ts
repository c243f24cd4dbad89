/**
 * The New game panel: seed (a fresh random one each time it opens), ruleset, map size and style.
 * Its values go through the same parser as a link, so the panel and the URL accept exactly the
 * same things and say the same thing about a bad value. "Same seed, other ruleset" starts the
 * current level under another ruleset in one click.
 */
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE } from '../core/mapgen.ts';
import { getRuleset } from '../core/registry.ts';
import type { Ruleset } from '../core/ruleset.ts';
import { fill, h } from './dom.ts';
import { patch, type UiStore } from './store.ts';
import { type GameOptions, parseGameUrl, randomSeed, STYLES, withRuleset } from './url.ts';

export interface PanelDraft {
  seed: string;
  ruleset: string;
  width: string;
  height: string;
  style: string;
}

/** Checks a draft as a link would be checked: options to start, or the messages to show. */
export function checkDraft(d: PanelDraft, rulesets: readonly Ruleset[], keep: GameOptions | null): { options: GameOptions | null; errors: string[] } {
  if (d.seed.trim() === '') return { options: null, errors: ['Give a seed (or press the dice for a random one).'] };
  const params = new URLSearchParams({ seed: d.seed.trim(), ruleset: d.ruleset, w: d.width.trim(), h: d.height.trim(), style: d.style });
  const parsed = parseGameUrl(`?${params}`, rulesets, () => '');
  // The link parser names its fallback ("; using 80"); the panel starts nothing, so that part goes.
  if (parsed.errors.length > 0) return { options: null, errors: parsed.errors.map((m) => m.replace(/;[^;]*$/, '.')) };
  // Settings changed for this game carry over where the chosen ruleset has them.
  const target = rulesets.find((r) => r.id === parsed.options.ruleset)!;
  const settings = keep ? withRuleset({ ...parsed.options, settings: keep.settings }, target).settings : {};
  return { options: { ...parsed.options, settings }, errors: [] };
}

export function mountNewGame(el: HTMLElement, store: UiStore, start: (o: GameOptions) => void): void {
  /** `kept`: the fields as the player left them, when the panel is redrawn while open. */
  const render = (kept?: Partial<PanelDraft>) => {
    const s = store.getState();
    const rulesets = s.rulesets.map((r) => getRuleset(r.id));
    if (s.overlay !== 'newGame') {
      el.hidden = true;
      fill(el);
      return;
    }
    const cur = s.options;
    const seed = h('input', { name: 'seed', value: kept?.seed ?? randomSeed(), maxlength: 64, spellcheck: 'false', autocomplete: 'off' });
    const reroll = h('button', { type: 'button', class: 'reroll', title: 'Another random seed', onclick: () => (seed.value = randomSeed()) }, '⚄');
    const keepSeed = cur
      ? h('button', { type: 'button', class: 'keep-seed', title: 'The seed of the game you are playing', onclick: () => (seed.value = cur.seed) }, `current (${cur.seed})`)
      : null;
    const chosen = kept?.ruleset ?? cur?.ruleset ?? rulesets[0]?.id;
    const ruleset = h('select', { name: 'ruleset' }, ...rulesets.map((r) => h('option', { value: r.id, selected: r.id === chosen }, r.name)));
    const width = h('input', { name: 'width', type: 'number', min: MIN_SIZE.width, max: MAX_SIZE.width, value: kept?.width ?? cur?.width ?? DEFAULT_SIZE.width });
    const height = h('input', { name: 'height', type: 'number', min: MIN_SIZE.height, max: MAX_SIZE.height, value: kept?.height ?? cur?.height ?? DEFAULT_SIZE.height });
    const style = h('select', { name: 'style' }, ...STYLES.map((st) => h('option', { value: st, selected: st === (kept?.style ?? cur?.style ?? 'rooms') }, st)));
    const errors = h('ul', { class: 'errors', role: 'alert' });
    const submit = (e: Event) => {
      e.preventDefault();
      const checked = checkDraft({ seed: seed.value, ruleset: ruleset.value, width: width.value, height: height.value, style: style.value }, rulesets, cur);
      if (!checked.options) {
        fill(errors, ...checked.errors.map((m) => h('li', {}, m)));
        return;
      }
      start(checked.options);
    };
    const label = (text: string, ...control: HTMLElement[]) => h('label', {}, h('span', {}, text), ...control);
    const others = cur
      ? h(
          'p',
          { class: 'other-rulesets' },
          `Same seed (${cur.seed}), other ruleset: `,
          ...rulesets
            .filter((r) => r.id !== cur.ruleset)
            .map((r) => h('button', { type: 'button', 'data-ruleset': r.id, onclick: () => start(withRuleset(cur, r)) }, r.name)),
        )
      : null;
    const form = h(
      'form',
      { class: 'dialog new-game-panel', role: 'dialog', 'aria-label': 'New game', novalidate: true, onsubmit: submit },
      h('h2', {}, 'New game'),
      label('Seed', seed, reroll, ...(keepSeed ? [keepSeed] : [])),
      label('Ruleset', ruleset),
      label('Map size', width, h('span', { class: 'times' }, '×'), height),
      label('Style', style),
      errors,
      h('div', { class: 'buttons' }, h('button', { type: 'submit', class: 'primary start' }, 'Start'), h('button', { type: 'button', onclick: () => patch(store, { overlay: null }) }, 'Cancel')),
      others,
    );
    fill(el, form);
    el.hidden = false;
    if (!kept) {
      seed.focus();
      seed.select();
    }
  };
  render();
  store.subscribe((s, prev) => {
    if (s.overlay !== prev.overlay) render();
    else if (s.rulesets !== prev.rulesets && s.overlay === 'newGame') {
      // The list grew (the other rulesets finished loading): redraw, keeping what was typed.
      const value = (name: string) => el.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)?.value;
      render({ seed: value('seed'), ruleset: value('ruleset'), width: value('width'), height: value('height'), style: value('style') });
    }
  });
}
