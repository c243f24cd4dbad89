/**
 * Recording and replaying games. A recording wraps the engine's `step`: it keeps every action the
 * engine accepted (a refused action changes nothing, so it is not part of the game) and can hand
 * out the game so far as a replay file at any moment. `replay` plays a file back headlessly.
 */
import type { Action } from '../core/actions.ts';
import { newGame, type StepResult, step } from '../core/engine.ts';
import type { GameEvent, Tone } from '../core/events.ts';
import { edit } from '../core/level.ts';
import { getRuleset, resolveSettings } from '../core/registry.ts';
import { RULES_VERSION } from '../core/rulesVersion.ts';
import { type Scenario, scenarioWorld } from '../core/scenarioLevel.ts';
import { type MapStyle, type Traits, type World, WORLD_VERSION, worldHash } from '../core/world.ts';
import { type FileFormat, type GameHeader, headerOf, REPLAY_FORMAT, type ReplayFile } from './format.ts';
import { LureLedger, type LureLedgerData } from '../sim/lure.ts';

export interface LogLine {
  /** The turn the line belongs to (1 = the first action's turn). */
  turn: number;
  text: string;
  tone: Tone;
}

export interface GameOptions {
  seed: string;
  ruleset: string;
  settings?: Traits;
  width?: number;
  height?: number;
  style?: MapStyle;
  /** A hand-made first level (core/scenario.ts): then its map is the size and the style is "rooms". */
  scenario?: Scenario;
}

/**
 * The full header for new-game options: every setting resolved, so the file never relies on
 * defaults; a trap file's ruleset (played through `playTrapFile`) brings its file.
 */
export function headerFor(opts: GameOptions): GameHeader {
  return headerOf({
    version: WORLD_VERSION,
    rules: RULES_VERSION,
    seed: opts.seed,
    ruleset: opts.ruleset,
    // A scenario's own settings are under the game's, as its world has them.
    settings: resolveSettings(getRuleset(opts.ruleset), { ...(opts.scenario?.settings ?? {}), ...(opts.settings ?? {}) }),
    width: opts.scenario ? opts.scenario.map[0]!.length : (opts.width ?? 80),
    height: opts.scenario ? opts.scenario.map.length : (opts.height ?? 40),
    style: opts.scenario ? 'rooms' : (opts.style ?? 'rooms'),
    ...(opts.scenario ? { scenario: opts.scenario } : {}),
  });
}

/** The world a header starts from: its scenario's level, or the level its seed generates. */
export function startWorld(h: GameHeader): World {
  const world = h.scenario
    ? scenarioWorld(h.scenario, h.ruleset, h.seed, h.settings)
    : newGame({ seed: h.seed, ruleset: h.ruleset, settings: h.settings, width: h.width, height: h.height, style: h.style });
  // An older game's world knows its rules' version: it hashes as that version made it.
  const { rules, absent } = h;
  if (rules !== undefined && rules < RULES_VERSION)
    edit(world, (w) => {
      w.rules = rules;
      if (absent) w.absent = [...absent];
    });
  return world;
}

export function logLines(events: readonly GameEvent[], turn: number): LogLine[] {
  const out: LogLine[] = [];
  for (const e of events) if (e.type === 'message') out.push({ turn, text: e.text, tone: e.tone });
  return out;
}

/** A game being played and written down. */
export class Recording {
  readonly header: GameHeader;
  readonly actions: Action[];
  world: World;
  /** The game's name, when it came from a named file or link (kept in its files and links). */
  name?: string;

  /** A new game, or (with `world` and `actions`) one restored by `replay` to play on. */
  constructor(header: GameHeader, world?: World, actions: Action[] = []) {
    this.header = header;
    this.world = world ?? startWorld(header);
    this.actions = actions;
  }

  step(action: Action): StepResult {
    const result = step(this.world, action);
    if (!result.refused) this.actions.push(structuredClone(action));
    return result;
  }

  /** The game so far, with the turn and hash it reached. */
  file(format: FileFormat = REPLAY_FORMAT, name = this.name): ReplayFile {
    return {
      format,
      ...headerOf(this.header),
      actions: this.actions.map((a) => structuredClone(a)),
      ...(name ? { name } : {}),
      turn: this.world.turn,
      hash: worldHash(this.world),
    };
  }
}

export function record(opts: GameOptions): Recording {
  return new Recording(headerFor(opts));
}

export interface ReplayRun {
  world: World;
  hash: string;
  turn: number;
  log: LogLine[];
  /** Actions stepped (accepted or not). */
  played: number;
  /** Actions the engine refused: a recorded game has none, so any here means it diverged. */
  refused: number;
  /** The actions the engine accepted, in order: the game as it was played back. */
  accepted: Action[];
  /** Set when the game ended before the actions did (it diverged, or the file was edited). */
  endedEarly?: { atAction: number; left: number };
  /** Compared only when the file carries a hash and was played to its end. */
  hashMatches?: boolean;
  /** Compared only when the file carries a turn and was played to its end. */
  turnMatches?: boolean;
  /** The lure ledger of the game played back (the death screen's; sim/lure.ts). */
  lure: LureLedgerData;
}

/**
 * Plays `file` back from its seed. With `toTurn`, stops as soon as the world reaches that turn
 * (before any later action); without, plays every action. `file` must have passed `validateReplay`.
 */
export function replay(file: ReplayFile, toTurn?: number, onProgress?: (played: number, total: number) => void): ReplayRun {
  const world = startWorld(file);
  const lure = new LureLedger(world);
  const log: LogLine[] = [];
  let played = 0;
  let refused = 0;
  const accepted: Action[] = [];
  let endedEarly: ReplayRun['endedEarly'];
  for (const action of file.actions) {
    if (toTurn !== undefined && world.turn >= toTurn) break;
    if (world.over) {
      endedEarly = { atAction: played, left: file.actions.length - played };
      break;
    }
    const r = step(world, action);
    played++;
    if (onProgress && played % 500 === 0) onProgress(played, file.actions.length);
    if (r.refused) refused++;
    else {
      accepted.push(action);
      log.push(...logLines(r.events, world.turn));
      lure.afterStep(world, r.events);
    }
  }
  const hash = worldHash(world);
  const complete = played === file.actions.length;
  return {
    world,
    hash,
    turn: world.turn,
    log,
    played,
    refused,
    accepted,
    lure: lure.toData(),
    ...(endedEarly ? { endedEarly } : {}),
    ...(complete && file.hash !== undefined ? { hashMatches: file.hash === hash } : {}),
    ...(complete && file.turn !== undefined ? { turnMatches: file.turn === world.turn } : {}),
  };
}

/** Did a full replay reach what the file recorded? A sentence saying how it went wrong, or null. */
export function divergence(file: ReplayFile, run: ReplayRun): string | null {
  if (run.endedEarly)
    return `The game ended at action ${run.endedEarly.atAction} with ${run.endedEarly.left} actions left: this replay does not play the game it recorded.`;
  if (run.refused > 0) return `${run.refused} of its actions were refused: this replay does not play the game it recorded.`;
  if (run.turnMatches === false) return `It reached turn ${run.turn}, but recorded turn ${file.turn}: ${rulesChanged(file.rules)}`;
  if (run.hashMatches === false) return `It reached world ${run.hash}, but recorded ${file.hash}: ${rulesChanged(file.rules)}`;
  return null;
}

/** Which rules made a game that no longer plays as recorded (its defaults are its version's, so the rules themselves changed). */
function rulesChanged(version = 1): string {
  if (version < RULES_VERSION) return `it was made under rules version ${version}, and the rules changed since (this is version ${RULES_VERSION}).`;
  return `the rules changed since it was made (under rules version ${version}, this one, without a new version number).`;
}

/** Replays and returns a Recording to play on from the end (a link or save opened to keep playing). */
export function resume(file: ReplayFile): { recording: Recording; run: ReplayRun } {
  const run = replay(file);
  // Only what the engine accepted is the game; refused actions (a hand-edited file) are dropped.
  const recording = new Recording(headerOf(file), run.world, run.accepted.map((a) => structuredClone(a)));
  if (file.name !== undefined) recording.name = file.name;
  return { recording, run };
}
