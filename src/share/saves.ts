/**
 * The autosave: the game so far, written after every turn to a `Storage`-like store (the browser's
 * localStorage, or a Map in tests). Two slots: `current` and `backup`. When a save of another game
 * replaces the current one (a new game, a link, an imported file), the current save becomes the
 * backup: the previous game is kept until another one replaces it. A save that continues the
 * current game just replaces it. A save that does not pass its own checks is never written, and a
 * damaged current save is never moved over a good backup (it is set aside under `damaged`, so
 * nothing is lost).
 */
import { encodeActions } from './actionCodec.ts';
import { type GameHeader, parseReplayText, type ReplayFile, replayToText, SAVE_FORMAT } from './format.ts';
import { fail, ok, type Problem, type Result } from './problem.ts';

/** The part of the Web Storage API the store uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface LoadedSave {
  save: ReplayFile;
  from: 'current' | 'backup';
  /** Set when the current save was damaged and the backup was used: why. */
  notice?: string;
}

export class SaveStore {
  readonly keys: { current: string; backup: string; damaged: string };
  /** The text this store last wrote and its file: known good, so the next write need not parse it again. */
  private last: { text: string; file: ReplayFile } | null = null;

  constructor(
    private readonly storage: StorageLike | null,
    prefix = 'trapsmith.save',
  ) {
    this.keys = { current: `${prefix}.current`, backup: `${prefix}.backup`, damaged: `${prefix}.damaged` };
  }

  private get(key: string): Result<string | null> {
    if (!this.storage) return fail('storage', 'This browser gives the page no storage, so the game cannot be saved.');
    try {
      return ok(this.storage.getItem(key));
    } catch (e) {
      return fail('storage', `The browser refused to read its storage (${(e as Error).message}).`);
    }
  }

  private set(key: string, value: string): Result<void> {
    if (!this.storage) return fail('storage', 'This browser gives the page no storage, so the game cannot be saved.');
    try {
      this.storage.setItem(key, value);
      return ok(undefined);
    } catch (e) {
      const name = (e as Error).name;
      const why = name === 'QuotaExceededError' ? 'it is full' : (e as Error).message;
      return fail('storage', `The browser refused to store the save (${why}); the previous save is kept.`);
    }
  }

  /** Reads one slot: null when empty, a problem when damaged. */
  read(slot: 'current' | 'backup'): Result<ReplayFile | null> {
    const got = this.get(this.keys[slot]);
    if (!got.ok) return got;
    if (got.value === null) return ok(null);
    const parsed = parseReplayText(got.value);
    return parsed.ok ? ok(parsed.value) : parsed;
  }

  /**
   * Writes a save. The file is checked first (the exact text that will be stored must parse back);
   * then, if the current save is of another game, it becomes the backup; then the new one is written.
   */
  write(file: ReplayFile): Result<void> {
    const text = replayToText({ ...file, format: SAVE_FORMAT });
    const check = parseReplayText(text);
    if (!check.ok) return fail(check.problem.kind, `The game was not saved: ${check.problem.message}`);
    const current = this.get(this.keys.current);
    if (!current.ok) return current;
    if (current.value !== null && current.value !== text) {
      const previous = this.last?.text === current.value ? this.last.file : goodFile(current.value);
      if (previous) {
        if (!continues(previous, check.value)) {
          const moved = this.set(this.keys.backup, current.value);
          if (!moved.ok) return moved;
        }
      } else {
        // Keep a damaged save aside rather than over the good backup, and rather than losing it.
        const aside = this.set(this.keys.damaged, current.value);
        if (!aside.ok) return aside;
      }
    }
    const written = this.set(this.keys.current, text);
    if (written.ok) this.last = { text, file: check.value };
    return written;
  }

  /** The save to resume: the current one, or the backup when the current one is damaged; null when none. */
  load(): Result<LoadedSave | null> {
    const current = this.read('current');
    if (current.ok && current.value) return ok({ save: current.value, from: 'current' });
    const backup = this.read('backup');
    if (!current.ok) {
      const why = current.problem;
      if (why.kind === 'storage') return fail('storage', why.message);
      // Set the damaged save aside so the next write does not lose it.
      const raw = this.get(this.keys.current);
      if (raw.ok && raw.value !== null) this.set(this.keys.damaged, raw.value);
      if (backup.ok && backup.value) return ok({ save: backup.value, from: 'backup', notice: `The last save could not be used (${why.message}); resumed from the save before it.` });
      return fail(why.kind, `The last save could not be used: ${why.message}`);
    }
    if (backup.ok && backup.value) return ok({ save: backup.value, from: 'backup' });
    return ok(null);
  }

  /** Raw text of a slot (to export a damaged save as it is). */
  raw(slot: 'current' | 'backup' | 'damaged'): string | null {
    const got = this.get(this.keys[slot]);
    return got.ok ? got.value : null;
  }
}

function goodFile(text: string): ReplayFile | null {
  const r = parseReplayText(text);
  return r.ok ? r.value : null;
}

function sameHeader(a: GameHeader, b: GameHeader): boolean {
  const keys = new Set([...Object.keys(a.settings), ...Object.keys(b.settings)]);
  return (
    a.version === b.version &&
    a.seed === b.seed &&
    a.ruleset === b.ruleset &&
    a.width === b.width &&
    a.height === b.height &&
    a.style === b.style &&
    [...keys].every((k) => a.settings[k] === b.settings[k])
  );
}

/** Is `next` the game of `previous`, played further (or as far)? */
export function continues(previous: ReplayFile, next: ReplayFile): boolean {
  if (!sameHeader(previous, next) || previous.actions.length > next.actions.length) return false;
  return encodeActions(previous.actions) === encodeActions(next.actions.slice(0, previous.actions.length));
}

export type { Problem };
