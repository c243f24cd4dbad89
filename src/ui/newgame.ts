/**
 * The New game panel: seed (a fresh random one each time it opens), ruleset, map size and style,
 * and the chosen ruleset's settings (newgameSettings.ts, collapsed). Its values go through the
 * same parser as a link, so the panel and the URL accept exactly the same things and say the same
 * thing about a bad value. "Same seed, other ruleset" starts the current level under another
 * ruleset in one click. A ruleset that plays trap files offers them too (newgameTraps.ts, loaded
 * when the panel first opens: it brings the trap file reader, which the first load does without).
 */
import { DEFAULT_SIZE, MAX_SIZE, MIN_SIZE } from '../core/mapgen.ts';
import { getRuleset, resolveSettings } from '../core/registry.ts';
import type { Ruleset } from '../core/ruleset.ts';
import type { Traits } from '../core/world.ts';
import { fill, h, labelled, named } from './dom.ts';
import { allSpecs, carryRaw, controlName, initialRaw, markInvalid, type RawSettings, readRaw, renderSettings, settingsSection } from './newgameSettings.ts';
import type { TrapChoice } from './newgameTraps.ts';
import { patch, type UiStore } from './store.ts';
import { type GameOptions, parseGameUrl, randomSeed, STYLES, withRuleset } from './url.ts';

type TrapsModule = typeof import('./newgameTraps.ts');
let trapsModule: TrapsModule | null = null;
let trapsLoading: Promise<TrapsModule> | null = null;

function loadTraps(): Promise<TrapsModule> {
  trapsLoading ??= import('./newgameTraps.ts').then((m) => (trapsModule = m));
  return trapsLoading;
}

type ScenariosModule = typeof import('./newgameScenarios.ts');
let scenariosLoading: Promise<ScenariosModule> | null = null;

/** The built-in ruleset under a trap file's (`ceaptun` for `ceaptun+net-trap`), or the id itself. */
export function baseRuleset(id: string): string {
  const plus = id.indexOf('+');
  return plus < 0 ? id : id.slice(0, plus);
}

export interface PanelDraft {
  seed: string;
  ruleset: string;
  width: string;
  height: string;
  style: string;
  /**
   * The Settings section's controls, raw, by setting name. Absent: the running game's changed
   * settings carry over where the chosen ruleset has them (as "same seed, other ruleset" does).
   */
  settings?: RawSettings;
}

/** The link parser's fallback ("; using 80", "; ignored"): the panel starts nothing, so it goes. */
const FALLBACK = /; (?:using|ignored)\b[^;]*$/;

/** Checks a draft as a link would be checked: options to start, or the messages to show. */
export function checkDraft(d: PanelDraft, rulesets: readonly Ruleset[], keep: GameOptions | null): { options: GameOptions | null; errors: string[] } {
  if (d.seed.trim() === '') return { options: null, errors: ['Give a seed (or press the dice for a random one).'] };
  const params = new URLSearchParams({ seed: d.seed.trim(), ruleset: d.ruleset, w: d.width.trim(), h: d.height.trim(), style: d.style });
  // Every control goes in as `s.<name>`, so each is checked exactly as a link's would be.
  for (const [name, raw] of Object.entries(d.settings ?? {})) params.append(controlName(name), raw);
  const parsed = parseGameUrl(`?${params}`, rulesets, () => '');
  if (parsed.errors.length > 0) return { options: null, errors: parsed.errors.map((m) => m.replace(FALLBACK, '.')) };
  const target = rulesets.find((r) => r.id === parsed.options.ruleset)!;
  let settings: Traits;
  if (d.settings) {
    // Only what differs from the defaults goes into the options, and so into the link.
    settings = {};
    for (const spec of allSpecs(target)) {
      const v = parsed.options.settings[spec.name];
      if (v !== undefined && v !== spec.default) settings[spec.name] = v;
    }
  } else {
    // Settings changed for this game carry over where the chosen ruleset has them.
    settings = keep ? withRuleset({ ...parsed.options, settings: keep.settings }, target).settings : {};
  }
  // Settings that pass their own check may still be refused by the ruleset (a text setting such as
  // omega's `components` is parsed when the player is made): ask now, so a refusal starts nothing.
  try {
    const resolved = resolveSettings(target, settings);
    target.player(resolved);
    target.levelInfo(1, resolved, parsed.options.style);
  } catch (e) {
    return { options: null, errors: [`Could not start that game: ${(e as Error).message}.`] };
  }
  return { options: { ...parsed.options, settings }, errors: [] };
}

/** `edit`: opens the level editor (the Scenarios section's button). */
export function mountNewGame(el: HTMLElement, store: UiStore, start: (o: GameOptions) => void, extra: { edit?: () => void } = {}): void {
  /** The Traps section of this opening of the panel (kept across a redraw while it is open). */
  let traps: TrapChoice | null = null;
  /** `kept`: the fields as the player left them, when the panel is redrawn while open. */
  const render = (kept?: Partial<PanelDraft> & { settingsOpen?: boolean }) => {
    if (!kept) traps = null;
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
    // A game on a trap file: its ruleset is chosen, and the Traps section chooses its file.
    const chosen = kept?.ruleset ?? (cur ? baseRuleset(cur.ruleset) : rulesets[0]?.id);
    const ruleset = h('select', { name: 'ruleset' }, ...rulesets.map((r) => h('option', { value: r.id, selected: r.id === chosen }, r.name)));
    const width = h('input', { name: 'width', type: 'number', min: MIN_SIZE.width, max: MAX_SIZE.width, value: kept?.width ?? cur?.width ?? DEFAULT_SIZE.width });
    const height = h('input', { name: 'height', type: 'number', min: MIN_SIZE.height, max: MAX_SIZE.height, value: kept?.height ?? cur?.height ?? DEFAULT_SIZE.height });
    const style = h('select', { name: 'style' }, ...STYLES.map((st) => h('option', { value: st, selected: st === (kept?.style ?? cur?.style ?? 'rooms') }, st)));
    // The chosen ruleset's settings: as typed (a redraw), else the running game's changed ones.
    let shown = rulesets.find((r) => r.id === ruleset.value);
    const settings = shown ? settingsSection(shown, kept?.settings ? initialRaw(shown, kept.settings) : initialRaw(shown, cur ? withRuleset(cur, shown).settings : {})) : null;
    if (settings && kept?.settingsOpen) settings.open = true;
    const trapsHost = h('div', { class: 'traps-host' });
    const mountTraps = (m: TrapsModule) => {
      traps ??= m.trapChoice({
        ruleset: ruleset.value,
        current: cur?.ruleset ?? null,
        // The select of the panel as drawn now (a redraw makes another).
        switchRuleset: (id) => {
          const select = el.querySelector<HTMLSelectElement>('select[name=ruleset]');
          if (!select) return;
          select.value = id;
          select.dispatchEvent(new Event('change'));
        },
      });
      traps.setRuleset(ruleset.value);
      fill(trapsHost, traps.el);
    };
    if (trapsModule) mountTraps(trapsModule);
    else
      loadTraps()
        .then((m) => {
          if (trapsHost.isConnected) mountTraps(m);
        })
        .catch((e: unknown) => fill(trapsHost, h('p', { class: 'hint' }, `Trap files could not be loaded: ${(e as Error).message}`)));
    // Hand-made levels (newgameScenarios.ts): loaded with the scenario reader when the panel opens.
    const scenariosHost = h('div', { class: 'scenarios-host' });
    scenariosLoading ??= import('./newgameScenarios.ts');
    scenariosLoading
      .then((m) => {
        if (scenariosHost.isConnected) fill(scenariosHost, m.scenarioSection({ seed: () => seed.value, play: start, edit: extra.edit, current: cur?.scenario }));
      })
      .catch((e: unknown) => {
        scenariosLoading = null;
        fill(scenariosHost, h('p', { class: 'hint' }, `Scenarios could not be loaded: ${(e as Error).message}`));
      });
    ruleset.addEventListener('change', () => {
      traps?.setRuleset(ruleset.value);
      const next = rulesets.find((r) => r.id === ruleset.value);
      if (!next || !settings || !shown) return;
      renderSettings(settings, next, carryRaw(shown, readRaw(settings), next));
      shown = next;
    });
    const errors = h('ul', { class: 'errors', role: 'alert' });
    const submit = (e: Event) => {
      e.preventDefault();
      const draft = { seed: seed.value, ruleset: ruleset.value, width: width.value, height: height.value, style: style.value, settings: settings ? readRaw(settings) : undefined };
      const checked = checkDraft(draft, rulesets, cur);
      if (settings) markInvalid(settings, checked.errors);
      if (!checked.options) {
        fill(errors, ...checked.errors.map((m) => h('li', {}, m)));
        return;
      }
      // The chosen trap file's ruleset, registered now: a file that cannot be played starts nothing.
      const played = traps ? traps.rulesetFor(checked.options.ruleset) : { id: checked.options.ruleset };
      if ('error' in played) {
        fill(errors, h('li', {}, played.error));
        return;
      }
      start({ ...checked.options, ruleset: played.id });
    };
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
      labelled('Seed', seed, reroll, keepSeed),
      labelled('Ruleset', ruleset),
      // One label for two fields: each has a name of its own.
      h('label', {}, h('span', {}, 'Map size'), named(width, 'Map width'), h('span', { class: 'times' }, '×'), named(height, 'Map height')),
      labelled('Style', style),
      trapsHost,
      settings,
      scenariosHost,
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
  // Where the keyboard was when the panel opened: it goes back there when the panel closes
  // unstarted (Cancel, Esc), as Share and the replay viewer do, unless another panel has taken it
  // meanwhile. A game started goes to the map: the keyboard is the game's, and the header's New
  // game button does not keep the focus (and its ring) over the new game.
  let opener: HTMLElement | null = null;
  store.subscribe((s, prev) => {
    if (s.overlay !== prev.overlay) {
      if (s.overlay === 'newGame') opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      render();
      if (prev.overlay === 'newGame' && s.overlay !== 'newGame') {
        const lost = document.activeElement === null || document.activeElement === document.body;
        const started = s.options !== prev.options;
        if (!started && lost && opener?.isConnected) opener.focus();
        opener = null;
      }
    } else if (s.rulesets !== prev.rulesets && s.overlay === 'newGame') {
      // The list grew (the other rulesets finished loading): redraw, keeping what was typed.
      const value = (name: string) => el.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)?.value;
      const settings = el.querySelector<HTMLDetailsElement>('details.settings');
      render({
        seed: value('seed'),
        ruleset: value('ruleset'),
        width: value('width'),
        height: value('height'),
        style: value('style'),
        settings: settings ? readRaw(settings) : undefined,
        settingsOpen: settings?.open,
      });
    }
  });
}
