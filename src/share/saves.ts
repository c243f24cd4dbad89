/**
 * The autosave: every game the player has not chosen to drop, kept in a `Storage`-like store (the
 * browser's localStorage, or a Map in tests), written after every turn.
 *
 * Layout (prefix `trapsmith.saves`):
 *   .index            the list of kept games and set-aside damaged saves (small: rewritten freely)
 *   .g.<id>.head      a game's header (written once, checked once)
 *   .g.<id>.a.<k>     its actions in the compact link form, CHUNK actions per key: a turn rewrites
 *                     only the last chunk, so its cost does not grow with the game's length
 *   .g.<id>.log       its message log as the player saw it (a reload restores it exactly)
 *   .d.<id>           the raw text of a damaged save, each under its own key (never replaced)
 *
 * The index entry's action count and hash are the commit: chunks are written before it, so a
 * write cut short leaves the previous turn readable. Every write reads the index again and merges
 * its own entry, so two tabs keep each other's games; a tab that finds its game played further by
 * another tab keeps its own as a separate game instead of writing over the other's (a fork).
 *
 * The list is bounded (`SaveLimits`): when it is full, the oldest game is named (`atRisk`) before a
 * new game or a growing one makes the store drop it, and the drop is reported too.
 *
 * The two slots of the first version (`trapsmith.save.current`, `.backup`, `.damaged`) are moved
 * into the list on first use, and removed only once the list holds them.
 */
import { type Action, RIG_NAME_MAX } from '../core/actions.ts';
import type { Tone } from '../core/events.ts';
import { parseJsonText } from '../core/jsonInput.ts';
import { type Scenario, scenarioKey } from '../core/scenarioLevel.ts';
import { decodeActions, encodeAction, encodeActions } from './actionCodec.ts';
import { type GameHeader, headerOf, parseReplayText, type ReplayFile, SAVE_FORMAT, validateReplay, writtenHeader } from './format.ts';
import { LIMITS } from './limits.ts';
import { replay } from './replay.ts';
import { baseRuleset } from '../core/rulesVersion.ts';
import { fail, ok, type Problem, type Result } from './problem.ts';

/** The part of the Web Storage API the store uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** The keys, as the browser's Storage lists them: what finds the kept games again when their list is damaged. */
  key?(index: number): string | null;
  readonly length?: number;
}

/** A message log line as saved: what the player read, on which turn, how many times in a row. */
export interface SavedLogLine {
  text: string;
  tone: Tone;
  turn: number;
  repeat: number;
}

/** A kept game as the list shows it. */
export interface KeptGame {
  id: string;
  ruleset: string;
  seed: string;
  name?: string;
  /** The hand-made level it plays (its scenario's name): the list names the game by it. */
  scenario?: string;
  turn: number;
  /** Actions stored (committed). */
  actions: number;
  hash: string;
  /** When it was last saved (ms since 1970). */
  when: number;
  /** Characters it takes in storage (about). */
  chars: number;
}

export interface DamagedSave {
  id: string;
  when: number;
  /** Why it could not be used. */
  why: string;
  chars: number;
}

export interface LoadedSave {
  id: string;
  save: ReplayFile;
  /** The log as it was, when the save has one. */
  log: SavedLogLine[] | null;
  entry: KeptGame;
}

/** A game to save: its header, all its actions so far (the store writes what is new), where it stands. */
export interface SaveInput {
  header: GameHeader;
  actions: readonly Action[];
  turn: number;
  hash: string;
  name?: string;
  log?: readonly SavedLogLine[];
}

export interface SaveOutcome {
  /** The kept game it went to (another id than asked for when it had to be kept separately). */
  id: string;
  /** What the player must be told: a game dropped or about to be (problems), a game kept separately (news). */
  notices: SaveNotice[];
}

export interface SaveNotice {
  text: string;
  tone: 'problem' | 'info';
}

export interface SaveLimits {
  /** Kept games at most. */
  games: number;
  /** Characters all kept games and damaged saves may take. */
  chars: number;
}

export const DEFAULT_SAVE_LIMITS: SaveLimits = { games: 8, chars: 3_000_000 };

/** Actions per stored chunk: a turn rewrites at most this many codes. */
export const CHUNK = 1000;

/** Past this share of `chars`, the oldest game is named as the next to go. */
const WARN_SHARE = 0.8;

interface Index {
  v: 1;
  games: KeptGame[];
  damaged: DamagedSave[];
}

/** What this store last wrote for a game: if the index still says so, the game is ours to append to. */
interface Known {
  actions: number;
  hash: string;
  /** The header's text as stored (written once). */
  head: string;
  /** The text of the last (open) chunk as written, and the characters of the chunks before it. */
  lastChunk: string;
  closedChars: number;
  logChars: number;
}

const OLD_SLOTS = ['current', 'backup', 'damaged'] as const;

/** "Cēaptūn" for "ceaptun": set by the page, which knows the rulesets' names. */
export type RulesetName = (id: string) => string;

export class SaveStore {
  readonly prefix: string;
  readonly indexKey: string;
  private readonly known = new Map<string, Known>();
  private readonly limits: SaveLimits;
  private readonly now: () => number;
  /** The game last named as the next to go (so it is named once, not every turn). */
  private warned: string | null = null;
  rulesetName: RulesetName = (id) => id;

  constructor(
    private readonly storage: StorageLike | null,
    opts: { prefix?: string; limits?: Partial<SaveLimits>; now?: () => number; oldPrefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? 'trapsmith.saves';
    this.indexKey = `${this.prefix}.index`;
    this.limits = { ...DEFAULT_SAVE_LIMITS, ...opts.limits };
    this.now = opts.now ?? (() => Date.now());
    this.oldPrefix = opts.oldPrefix ?? 'trapsmith.save';
  }

  private readonly oldPrefix: string;
  private migrated = false;

  // ---------------------------------------------------------------- storage, guarded

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
      const why = name === 'QuotaExceededError' ? 'it is full: drop a kept game in Share to make room' : (e as Error).message;
      return fail('storage', `The browser refused to store the save (${why}); the previous save is kept.`);
    }
  }

  private remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // A key that cannot be removed stays: nothing is lost by that.
    }
  }

  private gameKey(id: string, part: string): string {
    return `${this.prefix}.g.${id}.${part}`;
  }

  // ---------------------------------------------------------------- the index

  /** The index as stored now (re-read every time: another tab may have written it). */
  private readIndex(): Result<Index> {
    const got = this.get(this.indexKey);
    if (!got.ok) return got;
    let index: Index = { v: 1, games: [], damaged: [] };
    if (got.value !== null) {
      const parsed = parseIndex(got.value);
      if (parsed) index = parsed;
      else {
        // A damaged index: set aside whole, and start a list again (the games' own keys stay).
        const id = this.newId();
        const aside = this.set(`${this.prefix}.d.${id}`, got.value);
        if (!aside.ok) return aside;
        index.damaged.push({ id, when: this.now(), why: 'The list of kept games was damaged.', chars: got.value.length });
        // Each game's own data is intact: the list is made again from it, and the player told.
        index.games = this.findGames();
        this.pending.push(
          `The list of kept games in this browser was damaged${index.games.length > 0 ? `; ${index.games.length === 1 ? 'its one game was' : `its ${index.games.length} games were`} found again from their own data (Share, Kept games)` : ', and no game was found in it'}. The damaged list is set aside (Share, Export).`,
        );
        const saved = this.writeIndex(index);
        if (!saved.ok) return saved;
      }
    }
    return this.migrated ? ok(index) : this.migrate(index);
  }

  /** What the player must be told about the store itself (a damaged list made again): handed out once. */
  private readonly pending: string[] = [];

  takeNotices(): string[] {
    return this.pending.splice(0);
  }

  /** True the first time it is asked about game `id` (in this browser): a notice about it is given once, not on every reload. */
  firstTelling(id: string): boolean {
    const key = `${this.prefix}.told`;
    const got = this.get(key);
    if (!got.ok || got.value === id) return false;
    this.set(key, id);
    return true;
  }

  /**
   * The kept games from their own keys (header and moves), for a list that was lost: each one that
   * reads back whole, as a file would, played to where it stands (the list's turn and hash were
   * the list's). When they were saved is not kept with a game: their order is the storage's.
   */
  private findGames(): KeptGame[] {
    const s = this.storage;
    if (!s?.key || s.length === undefined) return [];
    const ids: string[] = [];
    const head = new RegExp(`^${this.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.g\\.([0-9a-z]+)\\.head$`);
    try {
      for (let i = 0; i < s.length; i++) {
        const m = head.exec(s.key(i) ?? '');
        if (m) ids.push(m[1]!);
      }
    } catch {
      return [];
    }
    const now = this.now();
    const games: KeptGame[] = [];
    for (const [i, id] of ids.entries()) {
      const headText = this.get(this.gameKey(id, 'head'));
      if (!headText.ok || headText.value === null) continue;
      let codes = '';
      let chars = headText.value.length;
      for (let k = 0; ; k++) {
        const c = this.get(this.gameKey(id, `a.${k}`));
        if (!c.ok || c.value === null) break;
        codes += c.value;
        chars += c.value.length;
      }
      const actions = decodeActions(codes, LIMITS.actions + CHUNK);
      if (!actions.ok) continue;
      let raw: unknown;
      try {
        raw = JSON.parse(headText.value);
      } catch {
        continue;
      }
      const file = validateReplay({ ...(raw as object), actions: actions.value }, 'save');
      if (!file.ok) continue;
      const run = replay(file.value);
      const f = file.value;
      games.push({ id, ruleset: f.ruleset, seed: f.seed, ...(f.name ? { name: f.name } : {}), ...(f.scenario ? { scenario: f.scenario.name } : {}), turn: run.turn, actions: actions.value.length, hash: run.hash, when: now - i, chars });
    }
    return games;
  }

  private writeIndex(index: Index): Result<void> {
    return this.set(this.indexKey, JSON.stringify(index));
  }

  /** Moves the first version's two slots (and its damaged one) into the list, once. */
  private migrate(index: Index): Result<Index> {
    const found: Array<{ slot: (typeof OLD_SLOTS)[number]; text: string }> = [];
    for (const slot of OLD_SLOTS) {
      const got = this.get(`${this.oldPrefix}.${slot}`);
      if (got.ok && got.value !== null) found.push({ slot, text: got.value });
    }
    if (found.length === 0) {
      this.migrated = true;
      return ok(index);
    }
    const now = this.now();
    for (const { slot, text } of found) {
      const parsed = slot === 'damaged' ? null : parseReplayText(text);
      // The current save is the newer one.
      const when = now - (slot === 'current' ? 0 : 1);
      if (parsed?.ok) {
        const f = parsed.value;
        const written = this.writeWhole(index, this.newId(), { header: headerOf(f), actions: f.actions, turn: f.turn ?? f.actions.length, hash: f.hash ?? '', ...(f.name ? { name: f.name } : {}) }, when);
        if (!written.ok) return written;
      } else {
        const id = this.newId();
        const aside = this.set(`${this.prefix}.d.${id}`, text);
        if (!aside.ok) return aside;
        const why = parsed && !parsed.ok ? parsed.problem.message : 'It was set aside as damaged by an earlier version.';
        index.damaged.push({ id, when, why, chars: text.length });
      }
    }
    const saved = this.writeIndex(index);
    if (!saved.ok) return saved;
    for (const { slot } of found) this.remove(`${this.oldPrefix}.${slot}`);
    this.migrated = true;
    return ok(index);
  }

  private newId(): string {
    return `${this.now().toString(36)}${Math.floor(Math.random() * 36 ** 6)
      .toString(36)
      .padStart(6, '0')}`;
  }

  // ---------------------------------------------------------------- reading

  /** The kept games, the most recently saved first. */
  list(): Result<KeptGame[]> {
    const index = this.readIndex();
    if (!index.ok) return index;
    return ok([...index.value.games].sort((a, b) => b.when - a.when));
  }

  /** The damaged saves set aside, newest first. */
  damaged(): DamagedSave[] {
    const index = this.readIndex();
    return index.ok ? [...index.value.damaged].sort((a, b) => b.when - a.when) : [];
  }

  /** A damaged save's text, as it was found (to export it). */
  rawDamaged(id: string): string | null {
    const got = this.get(`${this.prefix}.d.${id}`);
    return got.ok ? got.value : null;
  }

  /**
   * A kept game, checked. A game that does not read back is set aside as damaged (its text kept
   * under its own key) and taken off the list, with the reason.
   */
  load(id: string): Result<LoadedSave> {
    const index = this.readIndex();
    if (!index.ok) return index;
    const entry = index.value.games.find((g) => g.id === id);
    if (!entry) return fail('storage', 'That game is no longer kept here (another tab may have dropped it).');
    const read = this.readGame(entry);
    if (read.ok) return read;
    if (read.problem.kind === 'storage') return read;
    // Sound, but its trap file's name is taken in this page by another file: kept as it is.
    if (read.problem.kind === 'conflict') return fail('conflict', `The saved game ${this.describe(entry)} cannot be played in this page now: ${read.problem.message}.`);
    const aside = this.setAside(index.value, entry, read.problem.message);
    if (!aside.ok) return aside;
    return fail(read.problem.kind, `The saved game ${this.describe(entry)} could not be used (${read.problem.message}); it is set aside as damaged (Share, Export).`);
  }

  /** The most recently saved game that reads back (damaged ones are set aside on the way), or null. */
  latest(filter: (g: KeptGame) => boolean = () => true): Result<{ loaded: LoadedSave | null; notices: string[] }> {
    const games = this.list();
    if (!games.ok) return games;
    const notices: string[] = [];
    for (const g of games.value.filter(filter)) {
      const r = this.load(g.id);
      if (r.ok) return ok({ loaded: r.value, notices });
      if (r.problem.kind === 'storage') return r;
      notices.push(r.problem.message);
    }
    return ok({ loaded: null, notices });
  }

  /**
   * The trap file a kept game of ruleset `rulesetId` plays (the one of seed `seed` first, then the
   * most recently saved), read from its header without checking the game or changing anything
   * (a reload of a page whose address names a trap file's ruleset plays it again: ui/app.ts).
   * The caller parses it (it is outside input, as every save is).
   */
  trapFileFor(rulesetId: string, seed?: string): unknown {
    const got = this.get(this.indexKey);
    const index = got.ok && got.value !== null ? parseIndex(got.value) : null;
    if (!index) return undefined;
    const games = index.games.filter((g) => g.ruleset === rulesetId).sort((a, b) => Number(b.seed === seed) - Number(a.seed === seed) || b.when - a.when);
    for (const g of games) {
      const head = this.get(this.gameKey(g.id, 'head'));
      if (!head.ok || head.value === null) continue;
      // A damaged header (read.ok false): the next game may have the file.
      const read = parseJsonText(head.value, LIMITS.fileChars);
      const raw = (read.ok ? read.value : null) as { ruleset?: unknown; trapFile?: unknown } | null;
      if (raw?.ruleset === rulesetId && raw.trapFile !== undefined) return raw.trapFile;
    }
    return undefined;
  }

  /**
   * The scenario (a hand-made level) a kept game plays whose key (core/scenarioLevel.ts
   * `scenarioKey`) is `key`, read from its header without checking it or changing anything: a
   * reload of a page whose address names an imported scenario plays it again (ui/scenarios.ts).
   * The caller parses it (it is outside input, as every save is).
   */
  scenarioFor(key: string): unknown {
    const got = this.get(this.indexKey);
    const index = got.ok && got.value !== null ? parseIndex(got.value) : null;
    if (!index) return undefined;
    for (const g of [...index.games].sort((a, b) => b.when - a.when)) {
      const head = this.get(this.gameKey(g.id, 'head'));
      if (!head.ok || head.value === null) continue;
      try {
        const read = parseJsonText(head.value, LIMITS.fileChars);
        const raw = (read.ok ? read.value : null) as { scenario?: unknown } | null;
        const s = raw?.scenario;
        if (s && typeof s === 'object' && typeof (s as { name?: unknown }).name === 'string' && scenarioKey(s as Scenario) === key) return s;
      } catch {
        // A damaged header: the next game may have the scenario.
      }
    }
    return undefined;
  }

  private readGame(entry: KeptGame): Result<LoadedSave> {
    const head = this.get(this.gameKey(entry.id, 'head'));
    if (!head.ok) return head;
    if (head.value === null) return fail('syntax', 'its header is missing');
    const read = parseJsonText(head.value, LIMITS.fileChars);
    if (!read.ok) return fail(read.problem === 'depth' ? 'size' : 'syntax', read.problem === 'depth' ? `its header cannot be read: ${read.message}` : 'its header is not readable');
    const raw = read.value;
    let codes = '';
    const chunks = Math.ceil(entry.actions / CHUNK);
    for (let k = 0; k < chunks; k++) {
      const c = this.get(this.gameKey(entry.id, `a.${k}`));
      if (!c.ok) return c;
      if (c.value === null) return fail('syntax', `part ${k + 1} of its moves is missing`);
      codes += c.value;
    }
    const decoded = decodeActions(codes, LIMITS.actions + CHUNK);
    if (!decoded.ok) return decoded;
    if (decoded.value.length < entry.actions) return fail('syntax', `it has ${decoded.value.length} of its ${entry.actions} moves`);
    const actions = decoded.value.slice(0, entry.actions);
    // The header is checked as a file's is; the actions come from the compact form, valid by construction.
    const file = validateReplay({ ...(raw as object), actions: [], turn: entry.turn, hash: entry.hash }, 'save');
    if (!file.ok) return file;
    const save: ReplayFile = { ...file.value, format: SAVE_FORMAT, actions };
    let log: SavedLogLine[] | null = null;
    const logText = this.get(this.gameKey(entry.id, 'log'));
    if (logText.ok && logText.value !== null) log = parseLog(logText.value);
    const lastChunk = lastChunkOf(actions);
    this.known.set(entry.id, { actions: entry.actions, hash: entry.hash, head: head.value, lastChunk, closedChars: codes.length - lastChunk.length, logChars: logText.ok ? (logText.value?.length ?? 0) : 0 });
    return ok({ id: entry.id, save, log, entry });
  }

  private setAside(index: Index, entry: KeptGame, why: string): Result<void> {
    const parts: Record<string, string | null> = { entry: JSON.stringify(entry) };
    for (const part of ['head', 'log', ...Array.from({ length: Math.ceil(entry.actions / CHUNK) }, (_, k) => `a.${k}`)]) {
      const got = this.get(this.gameKey(entry.id, part));
      parts[part] = got.ok ? got.value : null;
    }
    const text = JSON.stringify(parts);
    const id = this.newId();
    const aside = this.set(`${this.prefix}.d.${id}`, text);
    if (!aside.ok) return aside;
    index.games = index.games.filter((g) => g.id !== entry.id);
    index.damaged.push({ id, when: this.now(), why, chars: text.length });
    const saved = this.writeIndex(index);
    if (!saved.ok) return saved;
    this.removeGameKeys(entry);
    return ok(undefined);
  }

  // ---------------------------------------------------------------- writing

  /**
   * Saves a game into the kept game `id` (null: a new kept game). A game this store wrote last
   * time is appended to (the new actions, the last chunk, the index); anything else is written
   * whole. Nothing is written that does not pass the checks a file passes.
   */
  save(id: string | null, game: SaveInput): Result<SaveOutcome> {
    const index = this.readIndex();
    if (!index.ok) return index;
    const notices: SaveNotice[] = [];
    let target = id;
    const entry = target ? index.value.games.find((g) => g.id === target) : undefined;
    const known = target ? this.known.get(target) : undefined;
    if (target && entry && known && (entry.actions !== known.actions || entry.hash !== known.hash)) {
      // Another tab played this game on: keep both.
      notices.push({ tone: 'info', text: `This game was also played on in another tab. Both are kept: this tab's as ${this.describeInput(game)}, the other tab's as ${this.describe(entry)} (Share, Kept games).` });
      target = null;
    } else if (target && entry && !known) {
      // Never written by this store: write ours beside it rather than over it.
      target = null;
    } else if (target && !entry && known) {
      notices.push({ tone: 'info', text: `Another tab dropped ${this.describeInput(game)} from the kept games; this tab keeps it again.` });
    }
    const logText = game.log ? logToText(game.log) : null;
    const appendable = target !== null && entry !== undefined && known !== undefined && game.actions.length >= known.actions && known.head === headText(game);
    const written = appendable ? this.append(entry!, known!, game) : this.writeWhole(index.value, target ?? this.newId(), game, this.now());
    if (!written.ok) return written;
    const own = written.value;
    if (logText !== null) {
      // The log goes with the turn; a log that cannot be stored does not stop the game being saved.
      const w = this.set(this.gameKey(own.id, 'log'), logText);
      if (w.ok) this.known.get(own.id)!.logChars = logText.length;
    }
    const k = this.known.get(own.id)!;
    own.chars = k.head.length + k.closedChars + k.lastChunk.length + k.logChars;
    notices.push(...this.makeRoom(index.value, own.id));
    const saved = this.writeIndex(index.value);
    if (!saved.ok) return saved;
    notices.push(...this.warnings(index.value, own.id));
    return ok({ id: own.id, notices });
  }

  /** Writes a game's log alone (lines said outside a turn: a refused move, a notice in the log). */
  saveLog(id: string, log: readonly SavedLogLine[]): Result<void> {
    const text = logToText(log);
    const r = this.set(this.gameKey(id, 'log'), text);
    const known = this.known.get(id);
    if (r.ok && known) known.logChars = text.length;
    return r;
  }

  /** A game saved as a file would be (a convenience for one-off saves and tests): always a new kept game. */
  write(file: ReplayFile, log?: readonly SavedLogLine[]): Result<SaveOutcome> {
    return this.save(null, { header: headerOf(file), actions: file.actions, turn: file.turn ?? file.actions.length, hash: file.hash ?? '', ...(file.name ? { name: file.name } : {}), ...(log ? { log } : {}) });
  }

  /** Drops a kept game, by the player's choice. */
  drop(id: string): Result<void> {
    const index = this.readIndex();
    if (!index.ok) return index;
    const entry = index.value.games.find((g) => g.id === id);
    if (!entry) return ok(undefined);
    index.value.games = index.value.games.filter((g) => g.id !== id);
    const saved = this.writeIndex(index.value);
    if (!saved.ok) return saved;
    this.removeGameKeys(entry);
    this.known.delete(id);
    return ok(undefined);
  }

  /** Drops a damaged save, by the player's choice. */
  dropDamaged(id: string): Result<void> {
    const index = this.readIndex();
    if (!index.ok) return index;
    index.value.damaged = index.value.damaged.filter((d) => d.id !== id);
    const saved = this.writeIndex(index.value);
    if (!saved.ok) return saved;
    this.remove(`${this.prefix}.d.${id}`);
    return ok(undefined);
  }

  /** The kept game the store would drop next to make room (named to the player before it goes), or null. */
  atRisk(keep: string | null = null): KeptGame | null {
    const index = this.readIndex();
    return index.ok ? this.nextToDrop(index.value, keep) : null;
  }

  /** "Cēaptūn game of seed 42, turn 310" (text only). */
  /** A game on a hand-made level goes by its scenario's name, not its trap file's ruleset id. */
  describe(g: Pick<KeptGame, 'ruleset' | 'seed' | 'turn' | 'name' | 'scenario'>): string {
    const what = g.scenario ? `"${g.scenario}" (${this.rulesetName(baseRuleset(g.ruleset))})` : this.rulesetName(g.ruleset);
    return `${g.name ? `"${g.name}" (` : ''}${what} game of seed ${g.seed}, turn ${g.turn}${g.name ? ')' : ''}`;
  }

  private describeInput(game: SaveInput): string {
    return this.describe({ ruleset: game.header.ruleset, seed: game.header.seed, turn: game.turn, ...(game.name ? { name: game.name } : {}), ...(game.header.scenario ? { scenario: game.header.scenario.name } : {}) });
  }

  private validate(game: SaveInput): Result<void> {
    const check = validateReplay({ format: SAVE_FORMAT, ...headerOf(game.header), actions: [], ...(game.name ? { name: game.name } : {}) }, 'save');
    if (!check.ok) return fail(check.problem.kind, `The game was not saved: ${check.problem.message}`);
    if (game.actions.length > LIMITS.actions) return fail('size', `The game was not saved: actions: too many entries (at most ${LIMITS.actions})`);
    if (!/^[0-9a-f]{8}$/.test(game.hash)) return fail('field', `The game was not saved: hash: expected 8 lowercase hex digits, got ${JSON.stringify(game.hash)}`);
    return ok(undefined);
  }

  /** Appends the new actions: rewrites the open chunk, and starts new ones as it fills. */
  private append(entry: KeptGame, known: Known, game: SaveInput): Result<KeptGame> {
    if (game.actions.length > LIMITS.actions) return fail('size', `The game was not saved: actions: too many entries (at most ${LIMITS.actions})`);
    const codes = encodeChecked(game.actions.slice(known.actions), known.actions);
    if (!codes.ok) return codes;
    // Chunk k holds actions [k*CHUNK, (k+1)*CHUNK); the open one is the last that has any.
    let k = known.actions === 0 ? 0 : Math.floor((known.actions - 1) / CHUNK);
    let inChunk = known.actions - k * CHUNK;
    let text = known.lastChunk;
    let closed = known.closedChars;
    let changed = false;
    for (const code of codes.value) {
      if (inChunk === CHUNK) {
        if (changed) {
          const w = this.set(this.gameKey(entry.id, `a.${k}`), text);
          if (!w.ok) return w;
        }
        closed += text.length;
        k++;
        text = '';
        inChunk = 0;
      }
      text += code;
      inChunk++;
      changed = true;
    }
    if (changed) {
      const w = this.set(this.gameKey(entry.id, `a.${k}`), text);
      if (!w.ok) return w;
    }
    Object.assign(entry, { turn: game.turn, actions: game.actions.length, hash: game.hash, when: this.now() });
    Object.assign(known, { actions: game.actions.length, hash: game.hash, lastChunk: text, closedChars: closed });
    return ok(entry);
  }

  /** Writes a game whole under `id` (a new kept game, or one this store does not know yet). */
  private writeWhole(index: Index, id: string, game: SaveInput, when: number): Result<KeptGame> {
    const valid = this.validate(game);
    if (!valid.ok) return valid;
    const codes = encodeChecked(game.actions, 0);
    if (!codes.ok) return codes;
    const head = headText(game);
    const w = this.set(this.gameKey(id, 'head'), head);
    if (!w.ok) return w;
    let closed = 0;
    let last = '';
    for (let k = 0; k * CHUNK < game.actions.length; k++) {
      closed += last.length;
      last = codes.value.slice(k * CHUNK, (k + 1) * CHUNK).join('');
      const c = this.set(this.gameKey(id, `a.${k}`), last);
      if (!c.ok) {
        this.remove(this.gameKey(id, 'head'));
        return c;
      }
    }
    const entry: KeptGame = { id, ruleset: game.header.ruleset, seed: game.header.seed, ...(game.name ? { name: game.name } : {}), ...(game.header.scenario ? { scenario: game.header.scenario.name } : {}), turn: game.turn, actions: game.actions.length, hash: game.hash, when, chars: head.length + closed + last.length };
    index.games = [...index.games.filter((g) => g.id !== id), entry];
    this.known.set(id, { actions: game.actions.length, hash: game.hash, head, lastChunk: last, closedChars: closed, logChars: 0 });
    return ok(entry);
  }

  private totalChars(index: Index): number {
    let n = 0;
    for (const g of index.games) n += g.chars;
    for (const d of index.damaged) n += d.chars;
    return n;
  }

  /** The oldest kept game other than `keep`, when the list is full or nearly. */
  private nextToDrop(index: Index, keep: string | null): KeptGame | null {
    const full = index.games.length >= this.limits.games || this.totalChars(index) > this.limits.chars * WARN_SHARE;
    if (!full) return null;
    const others = index.games.filter((g) => g.id !== keep).sort((a, b) => a.when - b.when);
    return others[0] ?? null;
  }

  /** Drops the oldest games (never `keep`) until the list fits its limits; says which went. */
  private makeRoom(index: Index, keep: string): SaveNotice[] {
    const notices: SaveNotice[] = [];
    while (index.games.length > this.limits.games || this.totalChars(index) > this.limits.chars) {
      const oldest = index.games.filter((g) => g.id !== keep).sort((a, b) => a.when - b.when)[0];
      if (!oldest) break;
      index.games = index.games.filter((g) => g.id !== oldest.id);
      this.removeGameKeys(oldest);
      this.known.delete(oldest.id);
      notices.push({ tone: 'problem', text: `Your ${this.describe(oldest)} was dropped to make room (it was the oldest of the kept games).` });
      if (this.warned === oldest.id) this.warned = null;
    }
    return notices;
  }

  /** Names the next game to go, once, as soon as there is one. */
  private warnings(index: Index, keep: string): SaveNotice[] {
    const next = this.nextToDrop(index, keep);
    if (!next || next.id === this.warned) return [];
    this.warned = next.id;
    const why = index.games.length >= this.limits.games ? `${index.games.length} games are kept, the most there is room for` : 'the saves are nearly full';
    return [{ tone: 'problem', text: `Your ${this.describe(next)} will be dropped to make room when another game needs it (${why}). To keep it, drop another game or export it: Share, Kept games.` }];
  }

  private removeGameKeys(entry: KeptGame): void {
    this.remove(this.gameKey(entry.id, 'head'));
    this.remove(this.gameKey(entry.id, 'log'));
    for (let k = 0; k * CHUNK < Math.max(entry.actions, 1) + CHUNK; k++) this.remove(this.gameKey(entry.id, `a.${k}`));
  }
}

/** A game's header as stored: its text is also how a save knows it is still the same game. */
function headText(game: SaveInput): string {
  return JSON.stringify({ format: SAVE_FORMAT, ...writtenHeader(headerOf(game.header)), ...(game.name ? { name: game.name } : {}) });
}

function logToText(log: readonly SavedLogLine[]): string {
  return JSON.stringify(log.slice(-LIMITS.logLines).map((l) => [l.text, l.tone, l.turn, l.repeat]));
}

/** Each action's code, refusing what a file would refuse (an action the codec cannot write). */
function encodeChecked(actions: readonly Action[], from: number): Result<string[]> {
  const out: string[] = [];
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    const problem = actionProblem(a);
    if (problem) return fail('field', `The game was not saved: actions[${from + i}]: ${problem}`);
    out.push(encodeAction(a));
  }
  return ok(out);
}

const DIRECTED = new Set(['move', 'disarm', 'open', 'close', 'kick', 'rig']);
const SIMPLE = new Set(['wait', 'search', 'descend', 'pickup', 'trigger']);
/** The actions that name something besides their type: a rig its trap, a use its item kind. */
const NAMED = new Set(['rig', 'use']);
const isDir = (v: unknown) => v === -1 || v === 0 || v === 1;

/** The action schema's rules, without zod's cost per action (an autosave checks one action a turn). */
function actionProblem(a: Action): string | null {
  const type = (a as { type?: unknown }).type;
  if (typeof type !== 'string' || (!DIRECTED.has(type) && !SIMPLE.has(type) && !NAMED.has(type))) return `unknown action type ${JSON.stringify(type)}`;
  if (DIRECTED.has(type)) {
    const d = a as { dx?: unknown; dy?: unknown };
    if (!isDir(d.dx) || !isDir(d.dy)) return 'dx and dy must each be -1, 0 or 1';
  }
  if (NAMED.has(type)) {
    const what = (a as { what?: unknown }).what;
    if (typeof what !== 'string' || what.length < 1 || what.length > RIG_NAME_MAX) return `${type === 'use' ? 'an item kind' : 'a trap name'} must have 1 to ${RIG_NAME_MAX} characters`;
  }
  return null;
}

function lastChunkOf(actions: readonly Action[]): string {
  if (actions.length === 0) return '';
  const start = Math.floor((actions.length - 1) / CHUNK) * CHUNK;
  return encodeActions(actions.slice(start));
}

function parseIndex(text: string): Index | null {
  try {
    const raw = JSON.parse(text) as Partial<Index>;
    if (raw?.v !== 1 || !Array.isArray(raw.games) || !Array.isArray(raw.damaged)) return null;
    const games = raw.games.filter(
      (g): g is KeptGame =>
        g !== null && typeof g === 'object' && typeof g.id === 'string' && /^[0-9a-z]+$/.test(g.id) && typeof g.ruleset === 'string' && typeof g.seed === 'string' && Number.isInteger(g.turn) && Number.isInteger(g.actions) && g.actions >= 0 && typeof g.hash === 'string' && typeof g.when === 'number' && typeof g.chars === 'number' && (g.scenario === undefined || typeof g.scenario === 'string'),
    );
    const damaged = raw.damaged.filter((d): d is DamagedSave => d !== null && typeof d === 'object' && typeof d.id === 'string' && /^[0-9a-z]+$/.test(d.id) && typeof d.when === 'number' && typeof d.why === 'string');
    if (games.length !== raw.games.length || damaged.length !== raw.damaged.length) return null;
    return { v: 1, games, damaged };
  } catch {
    return null;
  }
}

const TONES = new Set<string>(['info', 'good', 'bad', 'danger', 'trap', 'system']);

/** A saved log, or null when it does not read back (the game is still good: its log is rebuilt). */
function parseLog(text: string): SavedLogLine[] | null {
  try {
    const raw = JSON.parse(text) as unknown;
    if (!Array.isArray(raw) || raw.length > LIMITS.logLines) return null;
    const out: SavedLogLine[] = [];
    for (const l of raw) {
      if (!Array.isArray(l) || l.length !== 4) return null;
      const [t, tone, turn, repeat] = l as unknown[];
      if (typeof t !== 'string' || typeof tone !== 'string' || !TONES.has(tone) || !Number.isInteger(turn) || !Number.isInteger(repeat) || (repeat as number) < 1) return null;
      out.push({ text: t, tone: tone as Tone, turn: turn as number, repeat: repeat as number });
    }
    return out;
  } catch {
    return null;
  }
}

/** Is `next` the game of `previous`, played further (or as far)? */
export function continues(previous: ReplayFile, next: ReplayFile): boolean {
  if (!sameHeader(previous, next) || previous.actions.length > next.actions.length) return false;
  return encodeActions(previous.actions) === encodeActions(next.actions.slice(0, previous.actions.length));
}

function sameHeader(a: GameHeader, b: GameHeader): boolean {
  const keys = new Set([...Object.keys(a.settings), ...Object.keys(b.settings)]);
  return (
    a.version === b.version &&
    a.rules === b.rules &&
    a.seed === b.seed &&
    a.ruleset === b.ruleset &&
    a.width === b.width &&
    a.height === b.height &&
    a.style === b.style &&
    [...keys].every((k) => a.settings[k] === b.settings[k]) &&
    JSON.stringify(a.trapFile ?? null) === JSON.stringify(b.trapFile ?? null) &&
    JSON.stringify(a.scenario ?? null) === JSON.stringify(b.scenario ?? null)
  );
}

export type { Problem };
