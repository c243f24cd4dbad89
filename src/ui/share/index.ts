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
  type LoadedSave,
  linkUrl,
  payloadOf,
  type ReplayFile,
  REPLAY_FORMAT,
  replayToText,
  SAVE_FORMAT,
  SaveStore,
  type StorageLike,
} from '../../share/index.ts';
import { h } from '../dom.ts';
import type { GameController } from '../game.ts';
import { rulesetDisplayName } from '../rulesets.ts';
import { notify, patch, type UiStore } from '../store.ts';
import { gameQuery, SEED_PATTERN } from '../url.ts';
import { download, fileNameFor, readChosen } from './files.ts';
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
  readonly ready: boolean;
  /** The running game's world hash and turn, and how many actions it has recorded. */
  hash(): string | null;
  turn(): number | null;
  actions(): number | null;
  /** The link "Copy link" would give now. */
  link(): string | null;
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

/** "cdda, seed k3x9, turn 120" (for buttons and notices; always set as text). */
function describe(file: ReplayFile): string {
  return `${file.name ? `"${file.name}": ` : ''}${rulesetDisplayName(file.ruleset)}, seed ${file.seed}, turn ${file.turn ?? file.actions.length}`;
}

export function mountShare(host: ShareHost, arrival: Arrival, opts: { storage?: StorageLike | null } = {}): ShareSession {
  const { game, store } = host;
  const saves = new SaveStore(opts.storage === undefined ? browserStorage() : opts.storage);
  const session = new ShareSession(game, store, saves);
  let offline: OfflineState = { status: 'pending' };
  let ready = false;

  const viewer = new ReplayViewer({ playOn: (file) => adopt(file, 'play on') });
  document.body.append(viewer.el);

  // ---------------------------------------------------------------- the panel
  const status = h('p', { class: 'share-status' });
  const linkField = h('input', { type: 'text', readonly: true, class: 'share-link', 'aria-label': 'Link to this game', hidden: true });
  const linkNote = h('p', { class: 'share-note', hidden: true });
  const resumeSaved = h('button', { type: 'button', class: 'share-resume-saved', hidden: true });
  const resumeBackup = h('button', { type: 'button', class: 'share-resume-backup', hidden: true });
  const exportDamaged = h('button', { type: 'button', class: 'share-export-damaged', hidden: true }, 'Export the damaged save');
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
    h(
      'div',
      { class: 'share-row' },
      copyButton,
      watchButton,
    ),
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
    h('div', { class: 'share-row' }, resumeSaved, resumeBackup, exportDamaged),
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

  let savedChoice: LoadedSave | null = null;
  let backupChoice: ReplayFile | null = null;

  function refresh(): void {
    const rec = session.recording;
    status.textContent = rec
      ? `${describe(session.file()!)}. ${session.saveProblem ? `Not saved: ${session.saveProblem.message}` : 'Saved in this browser after every turn.'}`
      : (session.unrecorded ?? 'No game is being recorded.');
    status.dataset.saved = String(rec !== null && session.saveProblem === null);
    for (const b of [copyButton, watchButton, exportSaveButton, exportReplayButton]) {
      b.disabled = rec === null;
      b.title = rec === null ? (session.unrecorded ?? 'No game is being recorded.') : '';
    }
    const current = rec ? session.file() : null;
    const saved = saves.load();
    savedChoice = saved.ok && saved.value && saved.value.from === 'current' && !(current && sameRun(saved.value.save, current)) ? saved.value : null;
    resumeSaved.hidden = savedChoice === null;
    if (savedChoice) resumeSaved.textContent = `Resume saved game (${describe(savedChoice.save)})`;
    const backup = saves.read('backup');
    backupChoice = backup.ok ? backup.value : null;
    resumeBackup.hidden = backupChoice === null;
    if (backupChoice) resumeBackup.textContent = `Resume backup (${describe(backupChoice)})`;
    exportDamaged.hidden = saves.raw('damaged') === null;
    offlineLine.textContent =
      offline.status === 'ready'
        ? 'This site is cached: it works offline.'
        : offline.status === 'pending'
          ? 'Caching the site for offline play…'
          : (offline.message ?? 'Offline play is not available.');
  }
  session.onChange = () => {
    if (!panel.hidden) refresh();
  };

  resumeSaved.addEventListener('click', () => savedChoice && adopt(savedChoice.save, 'resume'));
  resumeBackup.addEventListener('click', () => backupChoice && adopt(backupChoice, 'resume'));
  exportDamaged.addEventListener('click', () => {
    const raw = saves.raw('damaged');
    if (raw !== null) download('trapsmith-damaged.save.json', raw);
  });

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

  /** Makes `file` the running game. */
  function adopt(file: ReplayFile, why: 'resume' | 'link' | 'import' | 'play on'): boolean {
    const r = session.adopt(file);
    if (!r.ok) {
      notify(store, r.problem.message);
      return false;
    }
    // The address becomes the game's, so a reload resumes it; a seed the address cannot carry
    // (links and files may hold any text) leaves the bare address, which resumes the save too.
    history.replaceState(null, '', SEED_PATTERN.test(file.seed) ? gameQuery(optionsOf(file)) : location.pathname);
    if (why === 'import') notify(store, `Imported ${describe(file)}. The game you had is kept as the backup (Share, Resume backup).`, 'info');
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
  const payload = payloadOf(arrival.hash);
  let opened = false;
  if (payload !== null) {
    const r = decodeLink(payload);
    if (r.ok) {
      // A game of one's own, saved here, is kept as the backup once the linked one is saved.
      const own = saves.read('current');
      const kept = own.ok && own.value !== null ? ` Your own game (${describe(own.value)}) is kept: Share, Resume backup.` : '';
      opened = adopt(r.value, 'link');
      if (opened) notify(store, `Opened a game link: ${describe(r.value)}. Share, Watch as replay shows it from the start.${kept}`, 'info');
    } else {
      notify(store, `The game link was not opened: ${r.problem.message}`);
      refusedLink.value = arrival.href;
      refusedLink.hidden = false;
    }
  }
  if (!opened) {
    const saved = saves.load();
    if (!saved.ok) notify(store, saved.problem.message);
    else if (saved.value) {
      const { save, notice } = saved.value;
      const asked = new URLSearchParams(arrival.search);
      const explicit = ['seed', 'ruleset', 'w', 'h', 'style'].some((k) => asked.has(k)) || [...asked.keys()].some((k) => k.startsWith('s.'));
      const resumable = !game.reveal && (!explicit || (game.options !== null && sameGame(save, game.options)));
      if (resumable) {
        if (adopt(save, 'resume') && notice) notify(store, notice, 'info');
      } else if (payload === null) notify(store, `Your saved game (${describe(save)}) is kept: Share, Resume saved game.`, 'info');
    }
  }

  registerOffline((s) => {
    offline = s;
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
    get offline() {
      return { ...offline };
    },
    viewer: () => (viewer.isOpen ? viewer.state() : null),
  };
  ready = true;
  return session;
}

/** The same game at the same point (a save of the running game). */
function sameRun(a: ReplayFile, b: ReplayFile): boolean {
  return a.seed === b.seed && a.ruleset === b.ruleset && a.hash === b.hash && a.actions.length === b.actions.length;
}
