/**
 * The page: a tab bar (Game | Balance Lab), the map with its overlays, the HUD and the log, wired
 * to one GameController and one MapView. The game starts from the link (`url.ts`); every new game
 * writes its own link back into the address bar, so the address is always the level on screen.
 */
import { MapView } from '../render/renderer.ts';
import { makeDebugHook, type DebugHook } from './debug.ts';
import { mountDeath } from './death.ts';
import { mountConfirm, mountRigMenu, mountStatusLine } from './dialogs.ts';
import { h } from './dom.ts';
import { GameController } from './game.ts';
import { mountHelp, scrollHelp } from './help.ts';
import { mountHistory } from './history.ts';
import { mountAround } from './around.ts';
import { CELL_SIZES, keepZoom, keptZoom, stepZoom } from './zoom.ts';
import { keepTrapLook, keptTrapLook } from './trapLookPrefs.ts';
import { mountHud } from './hud.ts';
import { type Command, type FocusKind, keyGoesToGame, translateKey } from './keys.ts';
import { mountLog } from './log.ts';
import { getRuleset } from '../core/registry.ts';
import type { Ruleset } from '../core/ruleset.ts';
import { baseRuleset, mountNewGame } from './newgame.ts';
import { loadAllRulesets, loadRuleset, RULESET_IDS, requestedRuleset } from './rulesets.ts';
import { createUiStore, notify, patch, type UiStore } from './store.ts';
import { type GameOptions, gameQuery, parseGameUrl, randomSeed } from './url.ts';
import { DEFAULT_SIZE } from '../core/mapgen.ts';

declare global {
  interface Window {
    __trapsmith?: DebugHook;
  }
}

function mountNotices(el: HTMLElement, store: UiStore): void {
  const render = () => {
    const notices = store.getState().notices;
    el.hidden = notices.length === 0;
    el.classList.toggle('news', notices.every((n) => n.tone === 'info'));
    el.replaceChildren(
      ...notices.map((n) => (n.tone === 'info' ? h('p', { class: 'notice info', role: 'status' }, n.text) : h('p', { class: 'notice', role: 'alert' }, n.text))),
      ...(notices.length > 0 ? [h('button', { type: 'button', class: 'dismiss', onclick: () => store.setState({ notices: [] }) }, 'Dismiss')] : []),
    );
  };
  render();
  store.subscribe((s, prev) => {
    if (s.notices !== prev.notices) render();
  });
}

/** Does this box scroll its content (overflow auto or scroll, with more than it shows)? */
function scrolls(el: HTMLElement): boolean {
  const style = getComputedStyle(el);
  const y = (style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight;
  const x = (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth;
  return x || y;
}

/**
 * What kind of thing has the focus, for `keyGoesToGame` (keys.ts), read off the DOM. Elements of
 * the game's own dialogs, whose keys the mode's table reads (the confirm window, the rig list, the
 * help, the end screen), carry `data-keys="game"`.
 */
function focusKindOf(t: EventTarget | null): FocusKind {
  if (!(t instanceof HTMLElement) || t === document.body || t === document.documentElement) return 'game';
  if (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable) return 'text';
  const pressable = t.tagName === 'BUTTON' || t.tagName === 'SUMMARY' || (t.tagName === 'A' && t.hasAttribute('href'));
  if (t.closest('[data-keys="game"]')) return pressable ? 'button' : 'game';
  // A panel over the map, or something that takes the focus to scroll: the log (its tabindex),
  // or any box that scrolls (Chromium lets the keyboard focus a scroller with no tabindex).
  if (t.closest('.overlay, [role="dialog"], [role="alertdialog"]') || (!pressable && (t.hasAttribute('tabindex') || scrolls(t)))) return 'region';
  if (pressable) return 'button';
  // The map and anything else with no keys of its own.
  return 'game';
}

/**
 * The ruleset of a trap file (`id`, `<ruleset>+<slug>`) that a kept game carries, registered again:
 * a reload of a page whose address names one (the address holds no trap file; the save does).
 * Null when no kept game has a sound file of that ruleset. Its base ruleset must be registered.
 * Loaded only on that path: the trap file reader and the saves are no part of the first load.
 */
async function keptTrapRuleset(id: string, seed: string | null): Promise<Ruleset | null> {
  const [{ SaveStore }, { trapFileRulesetId }, { checkTrapFile }, { playTrapFile }] = await Promise.all([
    import('../share/saves.ts'),
    import('../core/traps/files.ts'),
    import('./newgameTraps.ts'),
    import('../share/trapFiles.ts'),
  ]);
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    return null;
  }
  const raw = new SaveStore(storage).trapFileFor(id, seed ?? undefined);
  if (raw === undefined) return null;
  const checked = checkTrapFile(raw, 'the kept game’s trap file');
  if ('error' in checked || trapFileRulesetId(checked.file) !== id) return null;
  return getRuleset(playTrapFile(checked.file, 'the kept game’s trap file'));
}

/**
 * The scenario an address names (`?scenario=`, ui/scenarios.ts), ready to play: the options of a
 * game on it and the address to read the rest from (its seed and settings, under the scenario's
 * ruleset). Null, with a notice saying why, when no shipped scenario or kept game has it or it
 * cannot be played: the page then starts the seed's generated level. Loaded only on that path.
 */
async function addressScenario(asked: URLSearchParams, store: UiStore): Promise<{ options: GameOptions; search: string } | null> {
  const key = asked.get('scenario')!;
  const m = await import('./scenarios.ts');
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // No storage: only the shipped scenarios can be found.
  }
  const found = m.findScenario(key, storage);
  if (!found) {
    // A game link (`#g=…`) carries its scenario: the share code opens it once loaded, and says
    // so itself if it cannot. The level played until then is no news to the one who opened it.
    const { payloadOf } = await import('../share/link.ts');
    if (payloadOf(location.hash) !== null) return null;
    notify(store, `This address names the scenario ${JSON.stringify(key)}, which is not one of the shipped scenarios and no game kept in this browser plays (a game's link carries its scenario: Share, Copy link). Playing a generated level instead.`);
    return null;
  }
  const ready = await m.playableScenario(found.scenario, 'check', found.source);
  if ('error' in ready) {
    notify(store, `The scenario this address names cannot be played: ${ready.error}. Playing a generated level instead.`);
    return null;
  }
  const rest = new URLSearchParams(asked);
  const ignored = ['ruleset', 'w', 'h', 'style'].filter((k) => rest.has(k));
  if (ignored.length > 0) notify(store, `A scenario brings its own ruleset and map: ${ignored.join(', ')} in the address ignored.`);
  for (const k of ['scenario', ...ignored]) rest.delete(k);
  rest.set('ruleset', ready.options.ruleset);
  return { options: ready.options, search: `?${rest}` };
}

/**
 * A part of the page whose code loads the first time it is asked for (not part of the first load):
 * `use` runs on it now if it is in, or once it has arrived; asks while it loads add nothing (the
 * first one is served when it arrives). A failure to load is a notice naming `what`; the next ask
 * tries again.
 */
function loadedOnFirstUse<T>(store: UiStore, what: string, load: () => Promise<T>): { readonly loaded: T | null; use(fn: (part: T) => void): void } {
  let part: T | null = null;
  let loading = false;
  return {
    get loaded() {
      return part;
    },
    use(fn) {
      if (part) {
        fn(part);
        return;
      }
      if (loading) return;
      loading = true;
      load()
        .then((p) => {
          part = p;
          fn(p);
        })
        .catch((e: unknown) => notify(store, `${what} could not be loaded: ${(e as Error).message}`))
        .finally(() => {
          loading = false;
        });
    },
  };
}

/**
 * Starts the page: loads the ruleset the link asks for, draws its level, then loads the other
 * rulesets in the background (`rulesets.ts`). Resolves once all of them are registered.
 */
export async function startApp(root: HTMLElement): Promise<{ game: GameController; store: UiStore } | undefined> {
  const store = createUiStore();
  const game = new GameController(store);

  const gameTab = h('button', { type: 'button', role: 'tab', id: 'tab-game', 'aria-selected': 'true' }, 'Game');
  const labTab = h('button', { type: 'button', role: 'tab', id: 'tab-lab', 'aria-selected': 'false' }, 'Balance Lab');
  const notices = h('div', { class: 'notices' });
  const status = h('div', { class: 'status-line', 'aria-live': 'polite' });
  const mapHost = h('div', { class: 'map-host' });
  // The game's own dialogs: the mode's key table reads their keys, whatever in them has the focus.
  const confirm = h('div', { class: 'overlay confirm', hidden: true, 'data-keys': 'game' });
  const rigMenu = h('div', { class: 'overlay rig-menu', hidden: true, 'data-keys': 'game' });
  const help = h('div', { class: 'overlay help-overlay', hidden: true, 'data-keys': 'game' });
  const death = h('div', { class: 'overlay death-screen', hidden: true, 'data-keys': 'game' });
  const historyPanel = h('div', { class: 'overlay history-overlay', hidden: true });
  const newGame = h('div', { class: 'overlay new-game', hidden: true });
  const log = h('div', { class: 'log', tabindex: 0, 'aria-label': 'Message log' });
  // Buttons for a touch screen (shown on a narrow window or a coarse pointer): what a tap on the map cannot say.
  const touchButton = (label: string, cmd: Command) =>
    h(
      'button',
      {
        type: 'button',
        class: 'touch-button',
        'data-command': cmd.type,
        onclick: () => {
          // A tap on a button means that action: a look (a long press) open over the map ends first.
          if (store.getState().look) patch(store, { look: null });
          game.handle(cmd);
        },
      },
      label,
    );
  const touchBar = h(
    'div',
    { class: 'touch-bar', role: 'toolbar', 'aria-label': 'Actions' },
    touchButton('Wait', { type: 'wait' }),
    touchButton('Search', { type: 'search' }),
    touchButton('Disarm', { type: 'disarm' }),
    touchButton('Explore', { type: 'explore' }),
    touchButton('Stairs', { type: 'descend' }),
    touchButton('Rest', { type: 'rest' }),
  );
  const hud = h('aside', { class: 'hud' });
  const around = h('section', { class: 'around', 'aria-live': 'polite', 'aria-label': 'Around you', hidden: true });
  const helpButton = h('button', { type: 'button', class: 'help-button', title: 'Keys (?)' }, '?');
  const newButton = h('button', { type: 'button', class: 'new-button', title: 'New game (N)' }, 'New game');
  const designerButton = h('button', { type: 'button', class: 'designer-button', title: 'Trap designer: CR, price and DCs of a d20 trap; placing needs a d20 game (T)' }, 'Trap designer');
  // Filled by the trap designer (ui/designer) when it is first opened.
  const designerHost = h('div', { class: 'overlay designer', hidden: true });
  const editorButton = h('button', { type: 'button', class: 'editor-button', title: 'Level editor: draw this level or a blank one, then play, simulate or save it (E)' }, 'Level editor');
  // Filled by the level editor (ui/editor) when it is first opened; its keys are the editor mode's.
  const editorHost = h('div', { class: 'editor-host', hidden: true, 'data-keys': 'game' });
  const heatButton = h('button', { type: 'button', class: 'heat-button', title: 'Heat map of this level: where traps fired and actors died in simulated runs (H)' }, 'Heat map');
  // Filled by the heat-map toggle (ui/lab/heatToggle.ts) when it is first asked for.
  const heatBar = h('div', { class: 'heat-bar', hidden: true });
  const gamePane = h(
    'section',
    { class: 'game-pane', role: 'tabpanel', 'aria-labelledby': 'tab-game' },
    h('div', { class: 'play' }, status, h('div', { class: 'map-wrap' }, mapHost, heatBar, confirm, rigMenu, death, newGame, designerHost, editorHost, help, historyPanel), touchBar, log),
    hud,
    around,
  );
  const labPane = h('section', { class: 'lab-pane', role: 'tabpanel', 'aria-labelledby': 'tab-lab', hidden: true });
  root.replaceChildren(
    h('header', { class: 'top' }, h('h1', {}, 'Trapsmith'), h('nav', { class: 'tabs', role: 'tablist' }, gameTab, labTab), h('div', { class: 'actions' }, editorButton, designerButton, heatButton, newButton, helpButton)),
    notices,
    gamePane,
    labPane,
  );

  mountNotices(notices, store);
  mountStatusLine(status, store);
  mountLog(log, store);
  mountHud(hud, store);
  mountConfirm(confirm, store, game);
  mountRigMenu(rigMenu, store, game);
  mountHelp(help, store);
  mountHistory(historyPanel, store);
  mountAround(around, store, () => game.world);

  // Tabs: the lab is loaded the first time it is opened (its code is not part of the first load).
  let labMounted = false;
  /** Set once the game can start (below): the Lab's trap editor asks for a game of a trap file's ruleset. */
  let playFromLab: (ruleset: string) => void = () => {};
  let lab: import('./lab/index.ts').Lab | null = null;
  /** A scenario handed to the Lab (the editor's Run in the Lab) before the Lab had loaded. */
  let labScenarioWaiting: import('../core/scenarioLevel.ts').Scenario | null = null;
  // The store's tab decides which pane shows (a panel of the game, opened from the lab, asks for the game).
  const showTab = (tab: 'game' | 'lab') => store.setState({ tab });
  const applyTab = (tab: 'game' | 'lab') => {
    gamePane.hidden = tab !== 'game';
    labPane.hidden = tab !== 'lab';
    gameTab.setAttribute('aria-selected', String(tab === 'game'));
    labTab.setAttribute('aria-selected', String(tab === 'lab'));
    if (tab === 'lab') lab?.refresh();
    if (tab === 'lab' && !labMounted) {
      labMounted = true;
      labPane.textContent = 'Loading the Balance Lab…';
      import('./lab/index.ts')
        .then((m) => {
          labPane.replaceChildren();
          // The lab's heat map runs default to the level the player is on.
          // Play it of the trap editor: a new game of a trap file's ruleset, with the running game's map shape.
          lab = m.mountLab(labPane, { world: () => game.world, play: (ruleset) => playFromLab(ruleset), scenario: () => store.getState().options?.scenario ?? null });
          if (labScenarioWaiting) lab.runScenario(labScenarioWaiting);
          labScenarioWaiting = null;
        })
        .catch((e: unknown) => {
          labMounted = false;
          labPane.textContent = `The Balance Lab could not be loaded: ${(e as Error).message}`;
        });
    }
  };
  store.subscribe((s, prev) => {
    if (s.tab !== prev.tab) applyTab(s.tab);
  });
  gameTab.addEventListener('click', () => showTab('game'));
  labTab.addEventListener('click', () => showTab('lab'));
  /** The level editor's Run in the Lab: the Lab plays its runs on the scenario. */
  const labOnScenario = (s: import('../core/scenarioLevel.ts').Scenario) => {
    if (lab) lab.runScenario(s);
    else labScenarioWaiting = s;
    showTab('lab');
  };
  /** A header button of the game's: from the lab, it goes back to the game first. */
  const onGame = (fn: () => void) => () => {
    showTab('game');
    fn();
  };
  helpButton.addEventListener('click', onGame(() => game.handle({ type: 'help' })));
  newButton.addEventListener('click', onGame(() => patch(store, { overlay: 'newGame' })));

  // An address of a game on a trap file names its ruleset (`ceaptun+net-trap`): its base ruleset
  // loads, and the file comes from the kept game that carries it (a reload of such a game).
  const asked = new URLSearchParams(location.search);
  // An address naming a scenario plays it: its ruleset (and trap file) come with it.
  const onScenario = asked.get('scenario') ? await addressScenario(asked, store).catch(() => null) : null;
  const askedRuleset = onScenario ? onScenario.options.ruleset : asked.get('ruleset');
  const trapRuleset = askedRuleset?.includes('+') ? askedRuleset : null;
  const first = await loadRuleset(requestedRuleset(askedRuleset ? `?ruleset=${encodeURIComponent(baseRuleset(askedRuleset))}` : location.search));
  store.setState({ rulesets: [{ id: first.id, name: first.name }] });
  let offered: Ruleset[] = [first];
  if (onScenario && trapRuleset) offered = [getRuleset(trapRuleset), first];
  else if (trapRuleset && first.id === baseRuleset(trapRuleset)) {
    const kept = await keptTrapRuleset(trapRuleset, asked.get('seed')).catch(() => null);
    if (kept) offered = [kept, first];
    else notify(store, `This address names ${JSON.stringify(trapRuleset)}, the ruleset of a trap file that no game kept in this browser carries (a game's link carries its trap file: Share, Copy link).`);
  }
  const parsed = parseGameUrl(onScenario ? onScenario.search : location.search, offered, undefined, RULESET_IDS);
  if (onScenario) parsed.options = { ...onScenario.options, seed: parsed.options.seed, settings: parsed.options.settings };
  for (const e of parsed.errors) notify(store, e);

  let prefs: Storage | null = null;
  try {
    prefs = window.localStorage;
  } catch {
    // No storage (a sandboxed page): the zoom lasts for this page.
  }
  let zoom = keptZoom(prefs);
  let trapLook = keptTrapLook(prefs);
  let view: MapView;
  try {
    view = await MapView.create(mapHost, { cell: CELL_SIZES[zoom] });
    view.setTrapLook(trapLook);
  } catch (e) {
    notify(store, `The map cannot be drawn here (WebGL failed: ${(e as Error).message}).`);
    return;
  }
  view.onCellClick = (x, y, press) => {
    // The editor draws with its own presses and drags (ui/editor/panel.ts).
    if (editor.loaded?.isOpen) return;
    // A click answers "Place the designed trap where?" first.
    if (game.pickCell(x, y)) return;
    const mode = store.getState().mode;
    // A click or a tap moves (beside the hero) or travels there; a long press, a right-click or a
    // Shift+click looks, and so does any press while looking (it moves the cursor).
    if (!press.look && (mode === 'play' || mode === 'direction')) game.tapCell(x, y);
    else if (mode === 'play' || mode === 'look') game.lookAt(x, y, store.getState().look?.travel === true);
  };
  // The heat map toggle (H or the button): loaded on first use, with the lab's worker.
  const heat = loadedOnFirstUse(store, 'The heat map', async () => {
    const m = await import('./lab/heatToggle.ts');
    return new m.HeatToggle({ bar: heatBar, world: () => game.world, show: (layer) => view.setHeat(layer) });
  });
  const toggleHeat = () => heat.use((t) => t.toggle());
  // The trap designer (T or the button): loaded on first use, like the heat map.
  const designer = loadedOnFirstUse(store, 'The trap designer', async () => (await import('./designer/index.ts')).mountDesigner(designerHost, store, game, (o) => startAnother(o)));
  const toggleDesigner = () => designer.use((d) => d.toggle());
  designerButton.addEventListener('click', onGame(() => toggleDesigner()));
  // The level editor (E, the button, or the New game panel's Scenarios): loaded on first use.
  const editor = loadedOnFirstUse(store, 'The level editor', async () => {
    const m = await import('./editor/index.ts');
    return m.mountEditor(editorHost, {
      view,
      store,
      current: () => m.levelOnScreen(game.world, store.getState().options),
      play: (o) => startAnother(o),
      lab: (s) => labOnScenario(s),
      restore: () => {
        if (game.world) view.setWorld(game.world, game.ruleset!);
      },
      seed: () => randomSeed(),
    });
  });
  const openEditor = () =>
    editor.use((e) => {
      if (!e.isOpen) e.open();
    });
  editorButton.addEventListener('click', onGame(() => openEditor()));
  game.onWorld((world, events, fresh) => {
    if (fresh) view.setWorld(world, game.ruleset!);
    else view.update(world, events);
    if (fresh || events.some((e) => e.type === 'levelEntered')) heat.loaded?.levelChanged();
    else heat.loaded?.refresh();
  });

  heatButton.addEventListener('click', onGame(() => toggleHeat()));
  store.subscribe((s, prev) => {
    if (s.look !== prev.look) view.setCursor(s.look ? { x: s.look.x, y: s.look.y } : null);
  });

  // `reveal` (`&reveal=1`, a debugging flag) is for the address's own game: a game started from
  // the page (New game, the end screen, the editor, the Lab) starts unrevealed, and so does its address.
  const start = (options: GameOptions, reveal = false) => {
    try {
      game.start(options, { reveal });
      history.replaceState(null, '', gameQuery(options, { reveal }));
    } catch (e) {
      notify(store, `Could not start that game: ${(e as Error).message}`);
      if (!game.world) throw e;
    }
  };
  // What the page said about the game on screen (its link, its file) is old news in another one.
  const startAnother = (options: GameOptions) => {
    store.setState({ notices: [] });
    start(options);
  };
  playFromLab = (ruleset) => {
    const cur = store.getState().options;
    startAnother({ seed: randomSeed(), ruleset, width: cur?.width ?? DEFAULT_SIZE.width, height: cur?.height ?? DEFAULT_SIZE.height, style: cur?.style ?? 'rooms', settings: {} });
    showTab('game');
  };
  mountDeath(death, store, { start: startAnother, openNewGame: () => patch(store, { overlay: 'newGame' }) });
  mountNewGame(newGame, store, startAnother, {
    edit: () => {
      patch(store, { overlay: null });
      openEditor();
    },
  });

  // Every key of the page passes here once: focus decides whether the game reads it (keys.ts).
  window.addEventListener('keydown', (e) => {
    if (store.getState().tab !== 'game' || e.defaultPrevented) return;
    const focus = focusKindOf(e.target);
    if (!keyGoesToGame(focus, e)) return;
    const mode = store.getState().mode;
    // Esc in the log (or a field) with nothing open over the map gives the keys back to the map.
    if (e.key === 'Escape' && mode === 'play' && (focus === 'region' || focus === 'text') && e.target instanceof HTMLElement) {
      e.target.blur();
      return;
    }
    const cmd = translateKey(e, mode);
    if (!cmd) return;
    e.preventDefault();
    if (cmd.type === 'scroll') {
      scrollHelp(help, cmd.by);
      return;
    }
    if (cmd.type === 'heat') {
      if (!e.repeat) toggleHeat();
      return;
    }
    if (cmd.type === 'trapLook') {
      trapLook = cmd.toggle === 'glyphs' ? { ...trapLook, distinctGlyphs: !trapLook.distinctGlyphs } : { ...trapLook, safePalette: !trapLook.safePalette };
      keepTrapLook(prefs, trapLook);
      view.setTrapLook(trapLook);
      return;
    }
    if (cmd.type === 'zoom') {
      zoom = stepZoom(zoom, cmd.by);
      keepZoom(prefs, zoom);
      view.setCellSize(CELL_SIZES[zoom]!);
      return;
    }
    if (cmd.type === 'designer') {
      if (!e.repeat) toggleDesigner();
      return;
    }
    if (cmd.type === 'editor') {
      if (!e.repeat) openEditor();
      return;
    }
    if (mode === 'editor') {
      editor.loaded?.handle(cmd);
      return;
    }
    game.handle(cmd, { repeat: e.repeat });
  });

  // Hovering a known trap shows its odds for the current character. The odds code (the lab's
  // probe) loads on the first hover, so it stays out of the first load.
  // While it loads the pointer goes on moving: the tip starts from where the pointer is when the
  // code has arrived (null once it has left), not from where it entered.
  let pointerNow: { clientX: number; clientY: number } | null = null;
  const followPointer = (ev: PointerEvent) => {
    pointerNow = { clientX: ev.clientX, clientY: ev.clientY };
  };
  const pointerGone = () => {
    pointerNow = null;
  };
  view.canvas.addEventListener('pointermove', followPointer);
  view.canvas.addEventListener('pointerleave', pointerGone);
  view.canvas.addEventListener(
    'pointerenter',
    async (arrived) => {
      pointerNow = { clientX: arrived.clientX, clientY: arrived.clientY };
      const { attachTrapOdds } = await import('./lab/trapOdds.ts');
      view.canvas.removeEventListener('pointermove', followPointer);
      view.canvas.removeEventListener('pointerleave', pointerGone);
      const tip = attachTrapOdds(view.canvas, () => (store.getState().tab === 'game' && store.getState().overlay !== 'editor' ? game.world : null), (p) => view.cellAtClient(p.clientX, p.clientY), pointerNow ?? undefined);
      // A turn played from the keyboard changes what the pointer at rest is over.
      game.onWorld(() => tip.refresh());
    },
    { once: true },
  );

  let ready = false;
  let firstLoad: string[] = [];
  window.__trapsmith = makeDebugHook(game, view, store, () => ready, () => firstLoad);
  start(parsed.options, parsed.reveal);
  view.renderNow();
  ready = true;
  firstLoad = performance.getEntriesByType('resource').map((e) => e.name);
  // The other rulesets: after the first level is on screen, so they are not part of the first load.
  try {
    const all = await loadAllRulesets();
    store.setState({ rulesets: all.map((r) => ({ id: r.id, name: r.name })) });
  } catch (e) {
    notify(store, `The other rulesets could not be loaded: ${(e as Error).message}`);
  }
  // For the parts mounted after the game starts (src/ui/share: links, saves, replays).
  return { game, store };
}
