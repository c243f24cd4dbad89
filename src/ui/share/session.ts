/**
 * The share session: follows the running game, writes down the player's actions (the game so far
 * is always a replay file), autosaves after every turn, and adopts games from links, saves and
 * imported files. No DOM here: it runs in Node tests with the real GameController.
 *
 * A game can be written down only when its world is exactly what its header replays to: a fresh
 * `newGame` at turn 0. The debug reveal (`&reveal=1`) changes the world outside the engine's
 * steps, so such a game is played but not recorded (links and saves say why).
 */
import type { Action } from '../../core/actions.ts';
import { step } from '../../core/engine.ts';
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
  SAVE_FORMAT,
  type SaveStore,
  startWorld,
} from '../../share/index.ts';
import type { GameController } from '../game.ts';
import { appendLog, notify, type UiStore } from '../store.ts';
import type { GameOptions } from '../url.ts';


/** The URL options of a header: the settings that differ from the ruleset's defaults. */
export function optionsOf(h: GameHeader): GameOptions {
  const defaults = resolveSettings(getRuleset(h.ruleset), {});
  const settings: Traits = {};
  for (const [k, v] of Object.entries(h.settings)) if (defaults[k] !== v) settings[k] = v;
  return { seed: h.seed, ruleset: h.ruleset, width: h.width, height: h.height, style: h.style, settings };
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
    [...keys].every((k) => a.settings[k] === o.settings[k])
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
  private adopting = false;

  constructor(
    readonly game: GameController,
    readonly store: UiStore,
    readonly saves: SaveStore,
  ) {
    game.onWorld((world, _events, fresh, action) => this.onWorld(world, fresh, action));
    if (game.world) this.track(game.world);
  }

  private onWorld(world: World, fresh: boolean, action: Action | undefined): void {
    if (fresh) {
      if (!this.adopting) this.track(world);
      return;
    }
    const rec = this.recording;
    if (!rec || rec.world !== world) return;
    if (!action) {
      // A sandbox edit (a trap placed from the designer) says why, as the debug reveal does.
      this.stopRecording(this.game.edited ?? 'The game did not say which action it took, so this game cannot be replayed.');
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
    const header = headerOf(world);
    // What was played before this session listened (none, unless the player was quick).
    const early = this.game.played.map((a) => structuredClone(a));
    if (!replaysTo(header, world, early)) {
      this.stopRecording(this.game.edited ?? 'This game did not start from a seed, so it cannot be replayed.');
      return;
    }
    this.recording = new Recording(header, world, early);
    this.unrecorded = null;
    if (early.length > 0) this.autosave();
    this.onChange?.();
  }

  /** The game so far as a file, or null when it is not recorded. */
  file(format: FileFormat = REPLAY_FORMAT, name?: string): ReplayFile | null {
    return this.recording ? this.recording.file(format, name) : null;
  }

  /** Writes the autosave now (after each turn, and when a game is adopted). */
  autosave(): Result<void> | null {
    const file = this.file(SAVE_FORMAT);
    if (!file) return null;
    const r = this.saves.write(file);
    if (!r.ok) {
      // Say it once, not after every turn.
      if (this.saveProblem?.message !== r.problem.message) notify(this.store, r.problem.message);
      this.saveProblem = r.problem;
    } else this.saveProblem = null;
    return r;
  }

  /**
   * Replays a file and makes it the running game (play on from its end). The current game was
   * autosaved after its last turn; it becomes the backup when the adopted game is saved.
   * Returns the replay run, or the reason it was not adopted.
   */
  adopt(file: ReplayFile): Result<ReplayRun> {
    let result: ReturnType<typeof resume>;
    try {
      result = resume(file);
    } catch (e) {
      // A valid file whose replay throws: a bug or rules that no longer fit it; the game stays.
      return { ok: false, problem: { kind: 'diverged', message: `This game could not be replayed here (${(e as Error).message}).` } };
    }
    const { recording, run } = result;
    const why = divergence(file, run);
    this.adopting = true;
    try {
      this.game.useWorld(recording.world, optionsOf(file));
    } finally {
      this.adopting = false;
    }
    this.recording = recording;
    this.unrecorded = null;
    appendLog(
      this.store,
      run.log.slice(-12).map((l) => ({ text: l.text, tone: l.tone })),
      run.turn,
    );
    if (why) notify(this.store, `${file.name ? `"${file.name}": ` : ''}${why}`);
    this.autosave();
    this.onChange?.();
    return { ok: true, value: run };
  }
}
