/**
 * Running games headlessly: one game per seed, a bot playing the player, every step's events
 * counted by a GameObserver. Games are grouped into chunks of a fixed size; a chunk's numbers
 * depend only on its seeds, and chunks are merged in seed order, so any number of workers gives
 * exactly the result of one.
 */
import type { Action } from '../core/actions.ts';
import type { GameEvent } from '../core/events.ts';
import { type Scenario, scenarioWorld } from '../core/scenario.ts';
import { newGame, step } from '../core/engine.ts';
import { hasRuleset } from '../core/registry.ts';
import { initialStreams } from '../core/rng.ts';
import { edit } from '../core/level.ts';
import type { MapStyle, Traits, World } from '../core/world.ts';
import { SimStats, type SimStatsData } from './accumulator.ts';
import { type Bot, getBot } from './bots/index.ts';
import { type GameSummary, GameObserver } from './observer.ts';
import { type PairedData, PairedStats } from './paired.ts';
import { applyVariant, type Variant } from './variants.ts';
import type { TrapFile } from '../core/traps/definition.ts';
import { applyTrapFile } from '../core/traps/files.ts';

/** Games per chunk: fixed (never derived from the worker count) so results do not depend on it. */
export const CHUNK_SIZE = 10;

/** Worker threads a batch may use per core: more only share the cores and add their memory (each holds its own copy of the game). */
export const WORKERS_PER_CORE = 2;

/**
 * The worker threads a batch of `runs` games uses when `requested` are asked for: no more than
 * there are chunks (a worker plays whole chunks, so one past them would sit idle) and no more
 * than WORKERS_PER_CORE per core. `why` says what cut the number, or is null when nothing did.
 * The result does not depend on the number (chunks merge in seed order).
 */
export function workerPlan(requested: number, runs: number, cores: number): { workers: number; why: string | null } {
  const chunks = Math.ceil(Math.max(0, runs) / CHUNK_SIZE);
  const byChunks = Math.max(1, chunks);
  const byCores = WORKERS_PER_CORE * Math.max(1, cores);
  const workers = Math.max(1, Math.min(requested, byChunks, byCores));
  if (workers === requested) return { workers, why: null };
  if (workers === byChunks) {
    if (runs <= 0) return { workers, why: 'no games to play' };
    return { workers, why: `${runs} game${runs === 1 ? '' : 's'} make${runs === 1 ? 's' : ''} ${chunks} chunk${chunks === 1 ? '' : 's'} of up to ${CHUNK_SIZE}, and each worker plays whole chunks` };
  }
  return { workers, why: `at most ${WORKERS_PER_CORE} per core, and this machine has ${cores}` };
}

/** What one column of a run plays: a ruleset (or a variant of one) with a bot. */
export interface SimSpec {
  ruleset: string;
  variant?: Variant | null;
  /** A designer's trap file the ruleset plays (its kinds added); the variant applies on top of it. */
  traps?: TrapFile | null;
  /** A hand-made first level (core/scenario.ts) in place of a generated one; its trap file is `traps`. */
  scenario?: Scenario | null;
  /** Setting overrides on top of the variant's. */
  settings?: Traits;
  bot: string;
  /** The depth the game starts at (default 1). */
  depth?: number;
  /** Levels to play: reaching the stairs down of the last one wins (default 1). */
  levels?: number;
  width?: number;
  height?: number;
  style?: MapStyle;
  /** Turns before a game is called off (default: the core setting, 5000). */
  turnLimit?: number;
  /**
   * Play every run on the level of this seed, the runs differing only in their dice (a heat map
   * of one level needs this); null or absent: each run's own seed makes its level.
   */
  levelSeed?: string | null;
}

/** The seed of run `i` of a batch starting at `seedStart`. */
export function seedFor(seedStart: number, i: number): string {
  return String(seedStart + i);
}

/**
 * The ruleset id that plays `spec.ruleset` with its trap file and its variant (registering them
 * in this process, as a worker must too), and the variant's settings.
 */
export function playedRuleset(spec: Pick<SimSpec, 'ruleset' | 'traps' | 'variant'>): { rulesetId: string; settings: Traits } {
  if (!hasRuleset(spec.ruleset)) throw new Error(`unknown ruleset "${spec.ruleset}"`);
  let rulesetId = spec.ruleset;
  let settings: Traits = {};
  if (spec.traps) {
    if (spec.traps.ruleset !== spec.ruleset) throw new Error(`trap file "${spec.traps.name}" is for ${spec.traps.ruleset}, not ${spec.ruleset}`);
    rulesetId = applyTrapFile(spec.traps, `trap file "${spec.traps.name}"`);
  }
  if (spec.variant) {
    if (spec.variant.ruleset !== spec.ruleset) throw new Error(`variant "${spec.variant.name}" is for ${spec.variant.ruleset}, not ${spec.ruleset}`);
    const applied = applyVariant(spec.variant, rulesetId);
    rulesetId = applied.rulesetId;
    settings = applied.settings;
  }
  return { rulesetId, settings };
}

/** The ruleset id a spec plays (registering its variant in this process) and its settings. */
export function prepare(spec: SimSpec): { rulesetId: string; settings: Traits } {
  const played = playedRuleset(spec);
  const rulesetId = played.rulesetId;
  let settings = played.settings;
  const depth = spec.depth ?? 1;
  const levels = spec.levels ?? 1;
  settings = { ...settings, ...(spec.settings ?? {}), goalDepth: depth + levels - 1 };
  if (spec.turnLimit !== undefined) settings.turnLimit = spec.turnLimit;
  return { rulesetId, settings };
}

/** The first world of a run. */
export function startWorld(spec: SimSpec, seed: string): World {
  const { rulesetId, settings } = prepare(spec);
  if (spec.scenario) return scenarioWorld(spec.scenario, rulesetId, seed, settings);
  const opts = { ruleset: rulesetId, settings, depth: spec.depth ?? 1, width: spec.width, height: spec.height, style: spec.style };
  if (!spec.levelSeed) return newGame({ ...opts, seed });
  const world = newGame({ ...opts, seed: spec.levelSeed });
  // Same level, other dice: every stream from the run's own seed.
  edit(world, (w) => {
    w.rng = initialStreams(`${spec.levelSeed}|run|${seed}`);
  });
  return world;
}

/** Steps a bot may take beyond the turn limit before the run counts as stuck (refused or free actions). */
const STEP_SLACK = 4;

export interface GameRun {
  summary: GameSummary;
  world: World;
}

/** Does every run of the spec start on one level (a seed's, or a scenario's)? Then a heat map of it means something. */
export function playsOneLevel(spec: SimSpec): boolean {
  return !!spec.levelSeed || !!spec.scenario;
}

/**
 * Looks at each of the player's actions before it is played (the world as the player faces it)
 * and may return what to do with that step's events once it is played (a refused action has none).
 * It only reads: the game is the same with or without one (`verify --in-play`, sim/inPlay.ts).
 */
export type StepWatcher = (world: World, action: Action) => ((world: World, events: readonly GameEvent[]) => void) | null;

/** Plays one game to its end and counts it into `stats`. */
export function runGame(spec: SimSpec, seed: string, stats: SimStats, opts: { heat?: boolean; world?: World; watch?: StepWatcher; wrapBot?: (bot: Bot) => Bot } = {}): GameRun {
  const world = opts.world ?? startWorld(spec, seed);
  const made = getBot(spec.bot).create(world);
  // `verify --in-play` plays its own wrapper of the chosen bot (sim/inPlay.ts).
  const bot = opts.wrapBot ? opts.wrapBot(made) : made;
  const observer = new GameObserver(stats, world, opts.heat === true && playsOneLevel(spec));
  const limit = (world.settings.turnLimit as number) * STEP_SLACK + 100;
  let refusals = 0;
  let stuck = false;
  let lastAction = '';
  for (let steps = 0; !world.over; steps++) {
    if (steps > limit) {
      stuck = true;
      break;
    }
    let action = bot.act(world);
    if (!action) {
      stuck = true;
      break;
    }
    if (refusals >= 4) action = { type: 'wait' };
    const hero = world.actors.find((a) => a.id === world.playerId)!;
    const watched = opts.watch?.(world, action) ?? null;
    const r = step(world, action);
    if (r.refused !== undefined) {
      refusals++;
      bot.refused?.(world, action, r.refused);
      if (refusals > 8) {
        stuck = true;
        break;
      }
      continue;
    }
    refusals = 0;
    lastAction = action.type;
    observer.afterStep(world, r.events, hero.hp);
    watched?.(world, r.events);
  }
  return { summary: observer.finish(world, stuck, world.over?.won === true && lastAction !== 'descend'), world };
}

/** A short fingerprint of what common random numbers promise to share: the map, stairs and monsters. */
export function levelFingerprint(world: World): string {
  let h = 0x811c9dc5;
  const mix = (n: number) => {
    h ^= n & 0xff;
    h = Math.imul(h, 0x01000193);
  };
  for (let i = 0; i < world.terrain.length; i++) mix(world.terrain[i]!);
  const monsters = world.actors
    .filter((a) => a.id !== world.playerId)
    .map((a) => `${a.kind}@${a.x},${a.y}${a.status.asleep ? 'z' : ''}`)
    .join(';');
  const text = `${world.stairsUp}|${world.stairsDown}|${monsters}|${world.chests.map((c) => `${c.x},${c.y}`).join(';')}`;
  for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i));
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** One piece of a batch: `count` seeds from `seedStart`, under each column. */
export interface ChunkTask {
  index: number;
  seedStart: number;
  count: number;
  columns: SimSpec[];
  heat?: boolean;
  /** Return each run's summary (for per-run output). */
  perRun?: boolean;
}

export interface ChunkResult {
  index: number;
  columns: SimStatsData[];
  /** Columns 1.. against column 0, seed by seed. */
  paired: PairedData[];
  /** Seeds whose first level (map, stairs, monsters) differed from column 0's. */
  fingerprintMismatches: number;
  runs?: GameSummary[][];
}

/** Runs one chunk in this process. `onGame` is told after each game (for progress). */
export function runChunk(task: ChunkTask, onGame?: () => void): ChunkResult {
  const stats = task.columns.map(() => new SimStats());
  const paired = task.columns.slice(1).map(() => new PairedStats());
  const runs: GameSummary[][] = task.columns.map(() => []);
  let mismatches = 0;
  for (let i = 0; i < task.count; i++) {
    const seed = seedFor(task.seedStart, i);
    const summaries: GameSummary[] = [];
    let firstPrint = '';
    task.columns.forEach((spec, c) => {
      const world = startWorld(spec, seed);
      const fingerprint = task.columns.length > 1 ? levelFingerprint(world) : '';
      const { summary } = runGame(spec, seed, stats[c]!, { heat: task.heat === true, world });
      summaries.push(summary);
      if (c === 0) firstPrint = fingerprint;
      else if (fingerprint !== firstPrint) mismatches++;
      if (task.perRun) runs[c]!.push(summary);
      onGame?.();
    });
    for (let c = 1; c < summaries.length; c++) paired[c - 1]!.add(summaries[0]!, summaries[c]!);
  }
  return {
    index: task.index,
    columns: stats.map((s) => s.toData()),
    paired: paired.map((p) => p.toData()),
    fingerprintMismatches: mismatches,
    ...(task.perRun ? { runs } : {}),
  };
}

/** Runs chunk tasks somewhere (this process, worker threads, a web worker). */
export interface ChunkExecutor {
  run(task: ChunkTask, onGame?: () => void): Promise<ChunkResult>;
  close(): Promise<void>;
}

export const inProcess: ChunkExecutor = {
  run: (task, onGame) => Promise.resolve(runChunk(task, onGame)),
  close: () => Promise.resolve(),
};

export interface BatchOptions {
  columns: SimSpec[];
  runs: number;
  seedStart?: number;
  heat?: boolean;
  executor?: ChunkExecutor;
  /** Chunks in flight at once (the number of workers). */
  parallel?: number;
  /** Called with games done (all columns) and games in all. */
  onProgress?: (done: number, total: number) => void;
  /** Called with each chunk's per-run summaries, in seed order. */
  onRuns?: (runs: GameSummary[][]) => void;
  /** Checked between chunks: stop early, keeping what is done. */
  cancelled?: () => boolean;
  /** Called after each chunk is merged, in seed order (for live results). */
  onMerged?: (result: BatchResult) => void;
  /**
   * A precision stop: after every `every` runs (a whole number of chunks), all merged, the batch
   * ends if `done(result)` says so; `runs` is then the cap. The runs played and the result do not
   * depend on `parallel` (no chunk of the next step starts before the step is judged).
   */
  stopWhen?: { every: number; done: (result: BatchResult) => boolean };
}

export interface BatchResult {
  columns: SimStats[];
  paired: PairedStats[];
  runsDone: number;
  fingerprintMismatches: number;
  cancelled: boolean;
  /** With `stopWhen`: true when its rule ended the batch, false when the cap did. */
  stoppedEarly?: boolean;
}

/** Chunk `index` of a batch (made when needed, so a batch of any size holds only the chunks in flight). */
export function chunkTask(opts: Pick<BatchOptions, 'columns' | 'runs' | 'seedStart' | 'heat' | 'onRuns'>, index: number): ChunkTask {
  const first = index * CHUNK_SIZE;
  return {
    index,
    seedStart: (opts.seedStart ?? 1) + first,
    count: Math.min(CHUNK_SIZE, opts.runs - first),
    columns: opts.columns,
    ...(opts.heat ? { heat: true } : {}),
    ...(opts.onRuns ? { perRun: true } : {}),
  };
}

/** Runs a batch: chunks go out to the executor, results are merged strictly in seed order. */
export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  const executor = opts.executor ?? inProcess;
  const parallel = Math.max(1, opts.parallel ?? 1);
  const chunks = Math.ceil(opts.runs / CHUNK_SIZE);
  const total = opts.runs * opts.columns.length;
  const result: BatchResult = {
    columns: opts.columns.map(() => new SimStats()),
    paired: opts.columns.slice(1).map(() => new PairedStats()),
    runsDone: 0,
    fingerprintMismatches: 0,
    cancelled: false,
  };
  let games = 0;
  const pending = new Map<number, ChunkResult>();
  let nextMerge = 0;
  let nextTask = 0;
  const merge = () => {
    while (pending.has(nextMerge)) {
      const r = pending.get(nextMerge)!;
      pending.delete(nextMerge);
      r.columns.forEach((d, c) => {
        result.columns[c]!.merge(SimStats.fromData(d));
      });
      r.paired.forEach((d, c) => {
        result.paired[c]!.merge(PairedStats.fromData(d));
      });
      result.fingerprintMismatches += r.fingerprintMismatches;
      result.runsDone += Math.min(CHUNK_SIZE, opts.runs - nextMerge * CHUNK_SIZE);
      if (r.runs) opts.onRuns?.(r.runs);
      nextMerge++;
      opts.onMerged?.(result);
    }
  };
  // The chunks that may start now: all of them, or those of the current step of a precision stop.
  const step = opts.stopWhen ? Math.max(1, Math.round(opts.stopWhen.every / CHUNK_SIZE)) : chunks;
  let limit = Math.min(chunks, step);
  const lane = async (): Promise<void> => {
    while (nextTask < limit) {
      if (opts.cancelled?.()) {
        result.cancelled = true;
        return;
      }
      const task = chunkTask(opts, nextTask++);
      const r = await executor.run(task, () => {
        games++;
        opts.onProgress?.(games, total);
      });
      pending.set(r.index, r);
      merge();
    }
  };
  for (;;) {
    await Promise.all(Array.from({ length: Math.min(parallel, limit - nextTask) }, () => lane()));
    if (result.cancelled || limit >= chunks) break;
    if (opts.stopWhen?.done(result)) {
      result.stoppedEarly = true;
      break;
    }
    limit = Math.min(chunks, limit + step);
  }
  // A cancelled batch keeps only the unbroken run of chunks from the first seed.
  pending.clear();
  return result;
}
