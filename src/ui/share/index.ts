/**
 * Sharing in the page: a "Share" panel (copy a link, export and import save and replay files,
 * watch the game as a replay, resume the saved or backup game), the autosave after every turn and
 * the resume on reload, game links (`#g=...`) opened on arrival, and the offline cache.
 *
 * Mounted once after the game has started: `mountShare({ game, store }, arrival)`, where
 * `arrival` is the address the page was opened with (read before the game rewrites it).
 * Everything a person or a file supplies (seeds, names, file names, messages quoting them) is
 * shown with textContent, never as HTML.
 */
import './share.css';
import {
  decodeLink,
  type KeptGame,
  linkMoves,
  linkUrl,
  payloadOf,
  type ReplayFile,
  REPLAY_FORMAT,
  replayToText,
  SAVE_FORMAT,
  type SavedLogLine,
  SaveStore,
  type StorageLike,
} from '../../share/index.ts';
import { h } from '../dom.ts';
import type { GameController } from '../game.ts';
import { baseRuleset } from '../../core/rulesVersion.ts';
import { rulesetDisplayName } from '../rulesets.ts';
import { notify, patch, type UiStore } from '../store.ts';
import { gameQuery } from '../url.ts';
import { download, fileNameFor, readChosen } from './files.ts';
import { LONG_LINK_MOVES, replayOffThread } from './longReplay.ts';
import { type OfflineState, registerOffline } from './offline.ts';
import { optionsOf, sameGame, ShareSession } from './session.ts';
import { ReplayViewer } from './viewer.ts';

export interface ShareHost {
  game: GameController;
  store: UiStore;
}

/** The address the page was opened with. */
export interface Arrival {
  href: string;
  search: string;
  hash: string;
}

export function readArrival(loc: Pick<Location, 'href' | 'search' | 'hash'>): Arrival {
  return { href: loc.href, search: loc.search, hash: loc.hash };
}

/** A read-only window for browser tests: `window.__trapsmithShare`. */
export interface ShareHook {
  /** The page has dealt with its arrival (a link opened, refused or cancelled; a save resumed). */
  readonly ready: boolean;
  /** The running game's world hash and turn, and how many actions it has recorded. */
  hash(): string | null;
  turn(): number | null;
  actions(): number | null;
  /** The link "Copy link" would give now. */
  link(): string | null;
  /** The whole message log as the page shows it. */
  log(): string[];
  readonly offline: OfflineState;
  /** The viewer's turn and hash while it is open. */
  viewer(): { turn: number; hash: string; atEnd: boolean } | null;
}

declare global {
  interface Window {
    __trapsmithShare?: ShareHook;
  }
}

/** localStorage, or null where the browser refuses it (private modes, disabled storage). */
function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This tab's own game survives a reload of the tab (sessionStorage is per tab): the key that keeps its id. */
const TAB_GAME_KEY = 'trapsmith.tab.game';

function tabGame(): { get(): string | null; set(id: string): void } {
  let s: Storage | null = null;
  try {
    s = window.sessionStorage;
  } catch {
    s = null;
  }
  return {
    get: () => {
      try {
        return s?.getItem(TAB_GAME_KEY) ?? null;
      } catch {
        return null;
      }
    },
    set: (id) => {
      try {
        s?.setItem(TAB_GAME_KEY, id);
      } catch {
        // Without it a reload resumes the most recent game instead of this tab's: nothing is lost.
      }
    },
  };
}

/** "Cēaptūn, seed k3x9, turn 120" (for buttons and notices; always set as text). */
function describe(file: Pick<ReplayFile, 'name' | 'ruleset' | 'seed' | 'turn'> & { actions?: unknown[] }): string {
  return `${file.name ? `"${file.name}": ` : ''}${rulesetDisplayName(file.ruleset)}, seed ${file.seed}, turn ${file.turn ?? file.actions?.length ?? 0}`;
}

function when(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

export function mountShare(host: ShareHost, arrival: Arrival, opts: { storage?: StorageLike | null } = {}): ShareSession {
  const { game, store } = host;
  const saves = new SaveStore(opts.storage === undefined ? browserStorage() : opts.storage);
  saves.rulesetName = rulesetDisplayName;
  const tab = tabGame();
  const session = new ShareSession(game, store, saves);
  session.onKept = (id) => tab.set(id);
  let offline: OfflineState = { status: 'pending' };
  let ready = false;

  const viewer = new ReplayViewer({ playOn: (file) => adopt(file, 'play on') });
  document.body.append(viewer.el);

  // ---------------------------------------------------------------- the panel
  const status = h('p', { class: 'share-status' });
  const linkField = h('input', { type: 'text', readonly: true, class: 'share-link', 'aria-label': 'Link to this game', hidden: true });
  const linkNote = h('p', { class: 'share-note', hidden: true });
  const keptList = h('ul', { class: 'share-kept-list' });
  const keptNote = h('p', { class: 'share-kept-note', hidden: true });
  const damagedList = h('ul', { class: 'share-damaged-list' });
  const refusedLink = h('input', { type: 'text', readonly: true, class: 'share-refused-link', 'aria-label': 'The link that was refused', hidden: true });
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', class: 'share-file', hidden: true });
  const offlineLine = h('p', { class: 'share-offline' });
  // What needs the game written down: off, with the reason as their title, while it is not.
  const copyButton = h('button', { type: 'button', class: 'share-copy', onclick: () => copyLink() }, 'Copy link');
  const watchButton = h('button', { type: 'button', class: 'share-watch', onclick: () => watchCurrent() }, 'Watch as replay');
  const exportSaveButton = h('button', { type: 'button', class: 'share-export-save', onclick: () => exportFile(SAVE_FORMAT) }, 'Export save');
  const exportReplayButton = h('button', { type: 'button', class: 'share-export-replay', onclick: () => exportFile(REPLAY_FORMAT) }, 'Export replay');
  const panel = h(
    'div',
    { class: 'share-panel', role: 'dialog', 'aria-label': 'Share', hidden: true },
    h('h2', {}, 'Share and save'),
    status,
    h('div', { class: 'share-row' }, copyButton, watchButton),
    linkField,
    linkNote,
    h(
      'div',
      { class: 'share-row' },
      exportSaveButton,
      exportReplayButton,
      h('button', { type: 'button', class: 'share-import', onclick: () => fileInput.click() }, 'Import file…'),
      fileInput,
    ),
    h('section', { class: 'share-kept', 'aria-label': 'Kept games' }, h('h3', {}, 'Kept games'), keptNote, keptList, damagedList),
    refusedLink,
    offlineLine,
    h('button', { type: 'button', class: 'share-close', onclick: () => closePanel() }, 'Close'),
  );
  const shareButton = h('button', { type: 'button', class: 'share-button', title: 'Links, saves and replays' }, 'Share');
  // Open while the store's overlay says so: another panel opening, or Escape anywhere, closes it.
  const closePanel = () => {
    if (store.getState().overlay === 'share') patch(store, { overlay: null });
  };
  shareButton.addEventListener('click', () => {
    if (store.getState().overlay === 'share') closePanel();
    else patch(store, { overlay: 'share', tab: 'game', look: null, rigMenu: null });
  });
  store.subscribe((st, prev) => {
    if (st.overlay === prev.overlay) return;
    const wasOpen = !panel.hidden;
    panel.hidden = st.overlay !== 'share';
    if (!panel.hidden) {
      refresh();
      // Keys go to the panel at once (Escape closes it), from its first button that works.
      panel.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
    } else if (wasOpen && (panel.contains(document.activeElement) || document.activeElement === document.body)) shareButton.focus();
  });
  const actions = document.querySelector('header.top .actions');
  if (actions) actions.prepend(shareButton);
  else document.body.prepend(shareButton);
  document.body.append(panel);
  // Keys typed while the panel has focus are not moves; Escape closes it.
  panel.addEventListener('keydown', (e) => {
    e.stopPropagation();
    if (e.key === 'Escape') closePanel();
  });

  // The long link's replay: progress and Cancel, over the page (which stays live).
  const progressText = h('span', { class: 'share-progress-text' });
  const progressBar = h('progress', { class: 'share-progress-bar', max: 1, value: 0 });
  const cancelButton = h('button', { type: 'button', class: 'share-progress-cancel' }, 'Cancel');
  const progress = h('div', { class: 'share-progress', role: 'status', hidden: true }, progressText, progressBar, cancelButton);
  document.body.append(progress);

  /** A button that asks once more before it does something that cannot be undone. */
  function confirmingButton(cls: string, label: string, ask: string, act: () => void): HTMLButtonElement {
    const b = h('button', { type: 'button', class: cls }, label);
    b.addEventListener('click', () => {
      if (b.dataset.asking !== 'true') {
        b.dataset.asking = 'true';
        b.textContent = ask;
        return;
      }
      act();
    });
    return b;
  }

  function refresh(): void {
    const rec = session.recording;
    const current = rec ? session.file() : null;
    status.textContent = current
      ? `${describe(current)}. ${session.saveProblem ? `Not saved: ${session.saveProblem.message}` : 'Saved in this browser after every turn.'}`
      : (session.unrecorded ?? 'No game is being recorded.');
    status.dataset.saved = String(rec !== null && session.saveProblem === null);
    for (const b of [copyButton, watchButton, exportSaveButton, exportReplayButton]) {
      b.disabled = rec === null;
      b.title = rec === null ? (session.unrecorded ?? 'No game is being recorded.') : '';
    }
    const listed = saves.list();
    const games = listed.ok ? listed.value : [];
    keptList.replaceChildren(...games.map((g) => keptRow(g)));
    if (!listed.ok) keptList.replaceChildren(h('li', {}, listed.problem.message));
    else if (games.length === 0) keptList.replaceChildren(h('li', { class: 'share-kept-none' }, 'No games are kept in this browser yet.'));
    const risk = saves.atRisk(session.keptId);
    keptNote.hidden = risk === null;
    keptNote.textContent = risk ? `When another game needs room, your ${saves.describe(risk)} will be dropped (the oldest). Drop or export a game to keep it.` : '';
    damagedList.replaceChildren(
      ...saves.damaged().map((d) =>
        h(
          'li',
          { class: 'share-damaged', 'data-id': d.id },
          h('span', {}, `Damaged save, set aside ${when(d.when)}: ${d.why}`),
          h(
            'button',
            {
              type: 'button',
              class: 'share-damaged-export',
              onclick: () => {
                const raw = saves.rawDamaged(d.id);
                if (raw !== null) download(`trapsmith-damaged-${d.id}.save.json`, raw);
              },
            },
            'Export',
          ),
          confirmingButton('share-damaged-drop', 'Drop', 'Drop it for good?', () => {
            const r = saves.dropDamaged(d.id);
            if (!r.ok) notify(store, r.problem.message);
            refresh();
          }),
        ),
      ),
    );
    offlineLine.textContent =
      offline.status === 'ready'
        ? 'This site is cached: it works offline.'
        : offline.status === 'pending'
          ? 'Caching the site for offline play…'
          : (offline.message ?? 'Offline play is not available.');
  }

  function keptRow(g: KeptGame): HTMLElement {
    const playing = g.id === session.keptId;
    // A game on a hand-made level goes by its scenario's name (its ruleset id is its trap file's).
    const what = g.scenario ? `"${g.scenario}" (${rulesetDisplayName(baseRuleset(g.ruleset))})` : rulesetDisplayName(g.ruleset);
    const label = `${g.name ? `"${g.name}": ` : ''}${what}, seed ${g.seed}, turn ${g.turn}, saved ${when(g.when)}${playing ? ' (playing)' : ''}`;
    const row = h('li', { class: 'share-kept-game', 'data-id': g.id, 'data-playing': String(playing) }, h('span', { class: 'share-kept-label' }, label));
    if (!playing) row.append(h('button', { type: 'button', class: 'share-kept-resume', onclick: () => resumeKept(g.id) }, 'Resume'));
    row.append(
      h(
        'button',
        {
          type: 'button',
          class: 'share-kept-export',
          onclick: () => {
            const r = saves.load(g.id);
            if (!r.ok) notify(store, r.problem.message);
            else download(fileNameFor(r.value.save, 'save'), replayToText(r.value.save));
            refresh();
          },
        },
        'Export',
      ),
    );
    if (!playing)
      row.append(
        confirmingButton('share-kept-drop', 'Drop', 'Drop it for good?', () => {
          const r = saves.drop(g.id);
          if (!r.ok) notify(store, r.problem.message);
          refresh();
        }),
      );
    return row;
  }

  session.onChange = () => {
    if (!panel.hidden) refresh();
  };
  // Another tab saved or dropped a game: the list here shows it at once.
  window.addEventListener('storage', (e) => {
    if ((e.key === null || e.key === saves.indexKey) && !panel.hidden) refresh();
  });

  function resumeKept(id: string): boolean {
    const r = saves.load(id);
    if (!r.ok) {
      notify(store, r.problem.message);
      refresh();
      return false;
    }
    return adopt(r.value.save, 'resume', { keptId: id, log: r.value.log });
  }

  // ---------------------------------------------------------------- actions
  function currentLink(): string | null {
    const file = session.file();
    return file ? linkUrl(location.href, file) : null;
  }

  async function copyLink(): Promise<void> {
    const link = currentLink();
    if (!link) {
      notify(store, session.unrecorded ?? 'There is no game to link to.');
      return;
    }
    linkField.value = link;
    linkField.hidden = false;
    linkNote.hidden = false;
    // The page opens what it links: a link it would refuse is not offered as one.
    const check = decodeLink(payloadOf(link) ?? '');
    if (!check.ok) {
      linkNote.textContent = `This game is too long for a link (${check.problem.message}); export a replay file instead.`;
      linkField.hidden = true;
      return;
    }
    const long = link.length > 8000 ? ` It is long (${link.length.toLocaleString('en')} characters): some programs cut long links; a replay file always works.` : '';
    try {
      await navigator.clipboard.writeText(link);
      linkNote.textContent = `Link copied.${long}`;
    } catch {
      linkNote.textContent = `Copy the link above by hand (the browser did not allow copying).${long}`;
    }
    linkField.select();
  }

  function exportFile(format: typeof SAVE_FORMAT | typeof REPLAY_FORMAT): void {
    const file = session.file(format);
    if (!file) {
      notify(store, session.unrecorded ?? 'There is no game to export.');
      return;
    }
    download(fileNameFor(file, format === SAVE_FORMAT ? 'save' : 'replay'), replayToText(file));
  }

  function watchCurrent(): void {
    const file = session.file();
    if (!file) {
      notify(store, session.unrecorded ?? 'There is no game to watch.');
      return;
    }
    closePanel();
    void viewer.open(file, 0);
  }

  /** Is the kept game `id` still on the list (so the page may say it is kept)? */
  function stillKept(id: string | null): KeptGame | null {
    if (!id) return null;
    const listed = saves.list();
    return listed.ok ? (listed.value.find((g) => g.id === id) ?? null) : null;
  }

  /** Makes `file` the running game. */
  function adopt(file: ReplayFile, why: 'resume' | 'link' | 'import' | 'play on', from: Parameters<ShareSession['adopt']>[1] = {}): boolean {
    const before = session.keptId;
    const r = session.adopt(file, from);
    if (!r.ok) {
      notify(store, r.problem.message);
      return false;
    }
    // The address becomes the game's, so a reload resumes it (every seed a save holds, the address carries).
    history.replaceState(null, '', gameQuery(optionsOf(file)));
    if (why === 'import') {
      const own = stillKept(before);
      notify(store, `Imported ${describe(file)}.${own ? ` The game you had (${saves.describe(own)}) is kept: Share, Kept games.` : ''}`, 'info');
    }
    closePanel();
    return true;
  }

  fileInput.addEventListener('change', async () => {
    const chosen = fileInput.files?.[0];
    fileInput.value = '';
    if (!chosen) return;
    const r = await readChosen(chosen);
    if (!r.ok) {
      // The current game and the saves are untouched; the message names the file as text.
      notify(store, `"${chosen.name}" was not opened: ${r.problem.message} Your game and your saves are unchanged.`);
      return;
    }
    if (r.value.format === SAVE_FORMAT) adopt(r.value, 'import');
    else {
      closePanel();
      void viewer.open(r.value, 0);
    }
  });

  // ---------------------------------------------------------------- arrival

  /** Opens the arrival's link: on the page when short, in a worker with progress and Cancel when long. */
  async function openLink(payload: string): Promise<boolean> {
    const moves = linkMoves(payload);
    let decoded: Awaited<ReturnType<typeof replayOffThread>['done']>;
    let from: Parameters<ShareSession['adopt']>[1] = {};
    if (moves !== null && moves >= LONG_LINK_MOVES && typeof Worker !== 'undefined') {
      const job = replayOffThread(payload, (played, total) => {
        progressBar.max = Math.max(1, total);
        progressBar.value = played;
        progressText.textContent = `Replaying the linked game: ${played.toLocaleString('en')} of ${total.toLocaleString('en')} moves…`;
      });
      progressText.textContent = 'Checking the linked game…';
      progressBar.removeAttribute('value');
      progress.hidden = false;
      cancelButton.onclick = () => job.cancel();
      cancelButton.focus();
      decoded = await job.done;
      progress.hidden = true;
      if ('cancelled' in decoded) {
        notify(store, 'The game link was not opened: its replay was cancelled. Your games are as they were.', 'info');
        return false;
      }
      if (decoded.ok) from = { result: decoded.value.result };
    } else {
      const r = decodeLink(payload);
      decoded = r.ok ? { ok: true, value: { file: r.value, result: undefined as never } } : r;
    }
    if (!decoded.ok) {
      notify(store, `The game link was not opened: ${decoded.problem.message}`);
      refusedLink.value = arrival.href;
      refusedLink.hidden = false;
      return false;
    }
    const file = decoded.value.file;
    const own = ownGame();
    if (!adopt(file, 'link', from.result ? from : {})) return false;
    // Said only when it is true after the linked game was saved (it may have needed the room).
    const kept = own ? stillKept(own.id) : null;
    notify(store, `Opened a game link: ${describe(file)}. Share, Watch as replay shows it from the start.${kept ? ` Your own game (${saves.describe(kept)}) is kept: Share, Kept games.` : ''}`, 'info');
    return true;
  }

  /** This tab's game, else the most recently saved one. */
  function ownGame(): KeptGame | null {
    const listed = saves.list();
    if (!listed.ok || listed.value.length === 0) return null;
    const mine = tab.get();
    return listed.value.find((g) => g.id === mine) ?? listed.value[0]!;
  }

  /** Resumes this tab's game, or the latest one (the one the address names, when it names one). */
  function resumeOwn(linked: boolean): void {
    const listed = saves.list();
    if (!listed.ok) {
      notify(store, listed.problem.message);
      return;
    }
    const asked = new URLSearchParams(arrival.search);
    const explicit = ['seed', 'ruleset', 'w', 'h', 'style'].some((k) => asked.has(k)) || [...asked.keys()].some((k) => k.startsWith('s.'));
    const mine = tab.get();
    const order = [...listed.value].sort((a, b) => Number(b.id === mine) - Number(a.id === mine));
    for (const g of order) {
      if (game.reveal) break;
      if (explicit && (game.options === null || g.seed !== game.options.seed || g.ruleset !== game.options.ruleset)) continue;
      const r = saves.load(g.id);
      if (!r.ok) {
        notify(store, r.problem.message);
        continue;
      }
      if (explicit && !sameGame(r.value.save, game.options!)) continue;
      if (adopt(r.value.save, 'resume', { keptId: g.id, log: r.value.log as SavedLogLine[] | null })) return;
    }
    const latest = listed.value[0];
    if (latest && !linked && saves.firstTelling(latest.id)) notify(store, `Your saved game (${saves.describe(latest)}) is kept: Share, Kept games.`, 'info');
  }

  async function arrive(): Promise<void> {
    const payload = payloadOf(arrival.hash);
    const opened = payload !== null && (await openLink(payload));
    if (!opened) resumeOwn(payload !== null);
    // A damaged list of kept games, made again from the games: said last, so it is read.
    for (const text of saves.takeNotices()) notify(store, text);
  }

  registerOffline((st) => {
    offline = st;
    if (!panel.hidden) refresh();
  });

  window.__trapsmithShare = {
    get ready() {
      return ready;
    },
    hash: () => (session.recording ? session.file()!.hash! : null),
    turn: () => game.world?.turn ?? null,
    actions: () => session.recording?.actions.length ?? null,
    link: () => currentLink(),
    log: () => [...document.querySelectorAll('.log-lines li')].map((li) => li.textContent ?? ''),
    get offline() {
      return { ...offline };
    },
    viewer: () => (viewer.isOpen ? viewer.state() : null),
  };
  void arrive()
    .catch((e: unknown) => notify(store, `The saved games could not be read: ${(e as Error).message}`))
    .finally(() => {
      ready = true;
    });
  return session;
}
