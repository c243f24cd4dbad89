/**
 * The share session: follows the running game, writes down the player's actions (the game so far
 * is always a replay file), autosaves after every turn (the new actions and the message log, into
 * the game's place in the kept games), and adopts games from links, saves and imported files. No
 * DOM here: it runs in Node tests with the real GameController.
 *
 * A game can be written down only when its world is exactly what its header replays to: a fresh
 * `newGame` at turn 0. The debug reveal (`&reveal=1`) changes the world outside the engine's
 * steps, so such a game is played but not recorded (links and saves say why).
 */
import type { Action } from '../../core/actions.ts';
import { step } from '../../core/engine.ts';
import type { Tone } from '../../core/events.ts';
import { getRuleset, resolveSettings } from '../../core/registry.ts';
import type { Traits, World } from '../../core/world.ts';
import { worldHash } from '../../core/world.ts';
import {
  divergence,
  type FileFormat,
  type GameHeader,
  headerOf,
  type Problem,
  REPLAY_FORMAT,
  type ReplayFile,
  type ReplayRun,
  Recording,
  type Result,
  resume,
  type SavedLogLine,
  type SaveOutcome,
  type SaveStore,
  startWorld,
} from '../../share/index.ts';
import { LIMITS } from '../../share/limits.ts';
import type { GameController } from '../game.ts';
import { appendLog, notify, restoreLog, savedLog, type UiStore } from '../store.ts';
import type { GameOptions } from '../url.ts';


/** The URL options of a header: the settings that differ from the ruleset's defaults. */
export function optionsOf(h: GameHeader): GameOptions {
  const defaults = resolveSettings(getRuleset(h.ruleset), {});
  const settings: Traits = {};
  for (const [k, v] of Object.entries(h.settings)) if (defaults[k] !== v) settings[k] = v;
  return { seed: h.seed, ruleset: h.ruleset, width: h.width, height: h.height, style: h.style, settings, ...(h.scenario ? { scenario: h.scenario } : {}) };
}

/** Does this header start the game these URL options start? */
export function sameGame(h: GameHeader, o: GameOptions): boolean {
  const a = optionsOf(h);
  const keys = new Set([...Object.keys(a.settings), ...Object.keys(o.settings)]);
  return (
    a.seed === o.seed &&
    a.ruleset === o.ruleset &&
    a.width === o.width &&
    a.height === o.height &&
    a.style === o.style &&
    [...keys].every((k) => a.settings[k] === o.settings[k]) &&
    JSON.stringify(a.scenario ?? null) === JSON.stringify(o.scenario ?? null)
  );
}

/** Does the header's new game give exactly this world? (A hand-made world may not even be a legal size.) */
/** Do the header and these actions give this world? */
function replaysTo(header: GameHeader, world: World, actions: readonly Action[]): boolean {
  try {
    const start = startWorld(header);
    for (const a of actions) step(start, a);
    return worldHash(start) === worldHash(world);
  } catch {
    return false;
  }
}

export class ShareSession {
  /** The game being written down, or null when it cannot be (see `unrecorded`). */
  recording: Recording | null = null;
  /** Why the running game is not recorded (shown instead of a link). */
  unrecorded: string | null = null;
  /** The last autosave problem, until a save succeeds again. */
  saveProblem: Problem | null = null;
  /** Called after every change of the recording (a new game, an action, an adopted game). */
  onChange: (() => void) | null = null;
  /** Called when the running game is kept under an id (the page remembers it for a reload of this tab). */
  onKept: ((id: string) => void) | null = null;
  /** The kept game the recording is saved into; null until its first save. */
  keptId: string | null = null;
  private adopting = false;
  /** The log changed outside a turn (a refused move): written at the end of the task. */
  private logPending = false;

  constructor(
    readonly game: GameController,
    readonly store: UiStore,
    readonly saves: SaveStore,
  ) {
    game.onWorld((world, _events, fresh, action) => this.onWorld(world, fresh, action));
    if (game.world) this.track(game.world);
    store.subscribe((st, prev) => {
      if (st.log === prev.log || this.logPending) return;
      this.logPending = true;
      queueMicrotask(() => this.flushLog());
    });
  }

  /** Writes the log now if it changed since the last save (lines said outside a turn are kept too). */
  flushLog(): void {
    if (!this.logPending) return;
    this.logPending = false;
    const rec = this.recording;
    // Only into the running game's own save: a new world clears the log before its game is tracked.
    if (!rec || !this.keptId || rec.world !== this.game.world) return;
    this.saves.saveLog(this.keptId, savedLog(this.store));
  }

  private onWorld(world: World, fresh: boolean, action: Action | undefined): void {
    if (fresh) {
      if (!this.adopting) this.track(world);
      return;
    }
    const rec = this.recording;
    if (!rec || rec.world !== world) return;
    if (!action) {
      // A change that no action made cannot be replayed (the engine's actions are the only writer).
      this.stopRecording('The game did not say which action it took, so this game cannot be replayed.');
      // The autosave stays as it was: say so now, not as a surprise on the next visit.
      appendLog(this.store, [{ text: 'Links and saves are off for this game. Its last save, from before this change, is kept: reloading the page goes back to it.', tone: 'system' }], world.turn);
      return;
    }
    rec.actions.push(structuredClone(action));
    this.autosave();
    this.onChange?.();
  }

  private stopRecording(why: string): void {
    this.recording = null;
    this.unrecorded = why;
    this.onChange?.();
  }

  /** Starts writing down a new game, if its world is what its header replays to. */
  private track(world: World): void {
    if (this.game.reveal) {
      this.stopRecording('Every trap is revealed (a debug option), so this game is not recorded: links and saves are off.');
      return;
    }
    // A world knows no scenario: the game's options say which it started on.
    const header = headerOf(world, this.game.options?.scenario);
    // What was played before this session listened (none, unless the player was quick).
    const early = this.game.played.map((a) => structuredClone(a));
    if (!replaysTo(header, world, early)) {
      this.stopRecording('This game did not start from a seed, so it cannot be replayed.');
      return;
    }
    this.recording = new Recording(header, world, early);
    this.keptId = null;
    this.unrecorded = null;
    if (early.length > 0) this.autosave();
    this.onChange?.();
  }

  /** The game so far as a file, or null when it is not recorded. */
  file(format: FileFormat = REPLAY_FORMAT, name?: string): ReplayFile | null {
    return this.recording ? this.recording.file(format, name) : null;
  }

  /** Writes the autosave now (after each turn, and when a game is adopted): the new actions and the log. */
  autosave(): Result<SaveOutcome> | null {
    const rec = this.recording;
    if (!rec) return null;
    const r = this.saves.save(this.keptId, {
      header: rec.header,
      actions: rec.actions,
      turn: rec.world.turn,
      hash: worldHash(rec.world),
      ...(rec.name ? { name: rec.name } : {}),
      log: savedLog(this.store),
    });
    this.logPending = false;
    if (!r.ok) {
      // Say it once, not after every turn.
      if (this.saveProblem?.message !== r.problem.message) notify(this.store, r.problem.message);
      this.saveProblem = r.problem;
      return r;
    }
    this.saveProblem = null;
    if (r.value.id !== this.keptId) {
      this.keptId = r.value.id;
      this.onKept?.(r.value.id);
    }
    for (const n of r.value.notices) notify(this.store, n.text, n.tone);
    return r;
  }

  /**
   * Replays a file and makes it the running game (play on from its end). `from.keptId`: the kept
   * game it was loaded from, which it goes on being saved into (unless it no longer replays as
   * recorded: then it is kept as a new game and the old save stays as it was); `from.log`: the log
   * saved with it, put back exactly; without one, the log is rebuilt from the replay. `from.result`:
   * the replay already done (off the page's thread). Returns the replay run, or why it was not adopted.
   */
  adopt(file: ReplayFile, from: { keptId?: string | null; log?: readonly SavedLogLine[] | null; result?: ReturnType<typeof resume> } = {}): Result<ReplayRun> {
    let result: ReturnType<typeof resume>;
    try {
      result = from.result ?? resume(file);
    } catch (e) {
      // A valid file whose replay throws: a bug or rules that no longer fit it; the game stays.
      return { ok: false, problem: { kind: 'diverged', message: `This game could not be replayed here (${(e as Error).message}).` } };
    }
    const { recording, run } = result;
    const why = divergence(file, run);
    this.adopting = true;
    try {
      this.game.useWorld(recording.world, optionsOf(file), { lure: run.lure });
    } finally {
      this.adopting = false;
    }
    this.recording = recording;
    this.keptId = from.keptId && !why && run.accepted.length === file.actions.length ? from.keptId : null;
    this.unrecorded = null;
    if (from.log) restoreLog(this.store, from.log);
    else rebuildLog(this.store, run.log);
    this.logPending = false;
    if (why) notify(this.store, `${file.name ? `"${file.name}": ` : ''}${why}`);
    this.autosave();
    if (this.keptId) this.onKept?.(this.keptId);
    this.onChange?.();
    return { ok: true, value: run };
  }
}

/**
 * The log of a replayed game (a link, a file): the lines the game opened with (the page said them
 * as it took the game: a scenario's name and idea, the depth and rules), then its lines turn by
 * turn, counted as the live log counts repeats. Lines a game said outside its actions (a refused
 * move) are not in a replay; a save keeps them (`restoreLog`).
 */
function rebuildLog(store: UiStore, lines: ReadonlyArray<{ text: string; tone: Tone; turn: number }>): void {
  const intro = store.getState().log;
  restoreLog(store, []);
  const first = lines[0]?.turn ?? 0;
  for (const l of intro) appendLog(store, [{ text: l.text, tone: l.tone }], Math.min(first, l.turn));
  for (const l of lines.slice(-2 * LIMITS.logLines)) appendLog(store, [{ text: l.text, tone: l.tone }], l.turn);
}
