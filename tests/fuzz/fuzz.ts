/**
 * The engine fuzz: games of random actions (valid and malformed, weighted to valid) over every
 * ruleset and both map styles, the world's invariants checked after every step:
 *
 * - every actor number is finite (x, y, hp, maxHp, speed, nextAct, xp, status), and the clock too;
 * - every trait an actor holds is declared by its ruleset or the core, of its kind and range;
 * - living actors stand in bounds, on walkable cells, one to a cell;
 * - a refused step changes nothing (the world's JSON before = after), and every malformed
 *   action is refused;
 * - time and the turn never go back;
 * - the game saved and loaded mid-game (a JSON round trip of the world, played on from the copy)
 *   and the replay of its accepted actions from the header, through the replay file's text, reach
 *   the same world as the game itself.
 *
 * Everything depends on the fuzz seed alone: a failure names the game, and the action list it
 * prints (shrunk to fewer actions that still fail) plays it again (`npm run fuzz -- --repro FILE`).
 */
import { type Action, actionSchema } from '../../src/core/actions.ts';
import { newGame, type StepResult, step as engineStep } from '../../src/core/engine.ts';
import { getRuleset, listRulesets } from '../../src/core/registry.ts';
import { traitProblems } from '../../src/core/traits.ts';
import { deserializeWorld, inBounds, idx, isWalkable, type MapStyle, serializeWorld, type Traits, type World, worldHash } from '../../src/core/world.ts';
import { parseReplayText, REPLAY_FORMAT, replayToText } from '../../src/share/format.ts';
import { headerFor, replay } from '../../src/share/replay.ts';
import { prng } from '../share/randomGame.ts';
import { nextSpec, type Rand, type StepSpec, specValue } from './actions.ts';

export const STYLES: readonly MapStyle[] = ['rooms', 'caves'];
const SIZES: ReadonlyArray<readonly [number, number]> = [
  [40, 25],
  [60, 30],
  [80, 40],
];

/** One game of the fuzz: everything needed to start it again. */
export interface GameSpec {
  /** The game's number in its run (the fuzz seed and this number give its actions). */
  game: number;
  seed: string;
  ruleset: string;
  style: MapStyle;
  width: number;
  height: number;
  settings: Traits;
  /** After this many steps the world is saved, loaded, and played on from the loaded copy. */
  checkpoint: number;
}

export interface Failure {
  fuzzSeed: string;
  game: GameSpec;
  /** Index in `actions` of the step after which the check failed (-1: before any step). */
  actionIndex: number;
  problem: string;
  /** The steps of the game up to the failing one (each an action, or a malformed one by name). */
  actions: StepSpec[];
}

export interface FuzzOptions {
  /** How many actions to hand to `step`, over all games. */
  actions: number;
  seed?: string;
  /** Only these rulesets (default: every registered one). */
  rulesets?: readonly string[];
  styles?: readonly MapStyle[];
  /** The longest game, in actions (default 1500; each game takes 1/15 of it to all of it). */
  maxGameLength?: number;
  /** Share of malformed actions (default 0.15). */
  malformedShare?: number;
  /** The step under test (the engine's, unless a test plants a fault to see it caught). */
  step?: (world: World, action: Action) => StepResult;
  /** Called every `progressEvery` actions. */
  onProgress?: (done: number, games: number) => void;
  progressEvery?: number;
  /** Re-runs spent making a failure's action list shorter (default 400; 0: no shrinking). */
  shrinkBudget?: number;
}

export interface FuzzResult {
  ok: boolean;
  failure?: Failure;
  /** Actions handed to step; of them refused, malformed; games played; levels entered below the first; games that ended. */
  actions: number;
  refused: number;
  malformed: number;
  games: number;
  descents: number;
  ended: number;
  /** The slowest single step (ms) and where it was: to see a step that spins. */
  slowest: { ms: number; ruleset: string; game: number; actionIndex: number };
}

/** A 32-bit hash of text, to seed the fuzz's own PRNG from its seed and a game's number. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The n-th game of a run: rulesets in turn, then the other style, sizes and settings at random. */
export function gameSpec(fuzzSeed: string, n: number, rulesets: readonly string[], styles: readonly MapStyle[], length: number): GameSpec {
  const rand = prng(seedOf(`${fuzzSeed}/spec/${n}`));
  const [width, height] = SIZES[Math.floor(rand() * SIZES.length)]!;
  const m = rand();
  const settings: Traits = m < 0.25 ? { monsters: 0 } : m < 0.5 ? { monsters: 25 } : {};
  return {
    game: n,
    seed: `${fuzzSeed}-${n}`,
    ruleset: rulesets[n % rulesets.length]!,
    style: styles[Math.floor(n / rulesets.length) % styles.length]!,
    width,
    height,
    settings,
    checkpoint: Math.floor(length * (0.25 + rand() * 0.5)),
  };
}

/**
 * The world as data, to tell whether a step changed it: the same as its JSON (`serializeWorld`
 * writes exactly these fields, the grids as base64) at a fraction of the cost per step.
 */
interface Snapshot {
  rest: string;
  grids: [Uint8Array, Uint8Array, Uint8Array];
}

function snapshotOf(w: World): Snapshot {
  return { rest: JSON.stringify({ ...w, terrain: 0, memory: 0, visible: 0 }), grids: [w.terrain.slice(), w.memory.slice(), w.visible.slice()] };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;

function unchanged(before: Snapshot, w: World): boolean {
  const [t, m, v] = before.grids;
  return sameBytes(t, w.terrain) && sameBytes(m, w.memory) && sameBytes(v, w.visible) && before.rest === JSON.stringify({ ...w, terrain: 0, memory: 0, visible: 0 });
}

interface Tally {
  refused: number;
  malformed: number;
  descents: number;
  ended: boolean;
  slowest: { ms: number; actionIndex: number };
}

/** What is wrong with the world now, or null. `prev`: the clock after the step before. */
function brokenInvariant(w: World, prev: { time: number; turn: number }): string | null {
  if (!Number.isFinite(w.time) || !Number.isFinite(w.turn)) return `the clock is not a number (time ${w.time}, turn ${w.turn})`;
  if (w.time < prev.time) return `time went back from ${prev.time} to ${w.time}`;
  if (w.turn < prev.turn) return `the turn went back from ${prev.turn} to ${w.turn}`;
  const cells = new Set<number>();
  for (const a of w.actors) {
    for (const k of ['x', 'y', 'hp', 'maxHp', 'speed', 'nextAct', 'xp'] as const)
      if (!Number.isFinite(a[k])) return `actor ${a.id} (${a.kind}) has ${k} = ${a[k]}`;
    for (const [k, v] of Object.entries(a.status)) if (!Number.isFinite(v)) return `actor ${a.id} (${a.kind}) has status ${k} = ${v}`;
    const undeclared = traitProblems(w.ruleset, getRuleset(w.ruleset).traitTable, a.traits, `actor ${a.id} (${a.kind}) traits`)[0];
    if (undeclared) return undeclared;
    if (!a.alive) continue;
    if (!inBounds(w, a.x, a.y)) return `actor ${a.id} (${a.kind}) is off the map at ${a.x},${a.y}`;
    const i = idx(w, a.x, a.y);
    if (!isWalkable(w.terrain[i]!)) return `actor ${a.id} (${a.kind}) stands in terrain ${w.terrain[i]} at ${a.x},${a.y}`;
    if (cells.has(i)) return `two living actors share ${a.x},${a.y} (one is ${a.id}, ${a.kind})`;
    cells.add(i);
  }
  return null;
}

/**
 * Plays one game: its steps from `source` (a generator or a fixed list) until the list or the
 * game ends. Returns the failure, if any; `specs` receives every step handed over.
 */
function playGame(
  g: GameSpec,
  source: (w: World, i: number) => StepSpec | null,
  specs: StepSpec[],
  step: (world: World, action: Action) => StepResult,
  tally: Tally,
): { index: number; problem: string } | null {
  const header = headerFor({ seed: g.seed, ruleset: g.ruleset, settings: g.settings, width: g.width, height: g.height, style: g.style });
  let w = newGame({ seed: header.seed, ruleset: header.ruleset, settings: header.settings, width: header.width, height: header.height, style: header.style });
  const accepted: Action[] = [];
  let before = snapshotOf(w);
  let prev = { time: w.time, turn: w.turn };
  const first = brokenInvariant(w, prev);
  if (first) return { index: -1, problem: `a new game: ${first}` };

  /** The replay of what was accepted, from the header and through the file's text, reaches the world as it is. */
  const replayAgrees = (i: number): { index: number; problem: string } | null => {
    const file = { format: REPLAY_FORMAT, ...header, actions: accepted, turn: w.turn, hash: worldHash(w) } as const;
    const parsed = parseReplayText(replayToText(file));
    if (!parsed.ok) return { index: i, problem: `the game's replay file is refused: ${parsed.problem.message}` };
    const run = replay(parsed.value);
    if (run.hash !== file.hash || run.refused > 0 || run.endedEarly)
      return { index: i, problem: `the replay of ${accepted.length} accepted actions reaches ${run.hash} (turn ${run.turn}, ${run.refused} refused), the game ${file.hash} (turn ${w.turn})` };
    return null;
  };

  for (let i = 0; ; i++) {
    if (w.over) {
      tally.ended = true;
      break;
    }
    if (i === g.checkpoint) {
      const text = serializeWorld(w);
      const loaded = deserializeWorld(text);
      if (serializeWorld(loaded) !== text) return { index: i - 1, problem: 'a JSON round trip of the world changes it' };
      const bad = replayAgrees(i - 1);
      if (bad) return bad;
      // Play on from the loaded copy: nothing the core keeps for speed may be needed to go on.
      w = loaded;
    }
    const spec = source(w, i);
    if (!spec) break;
    specs.push(spec);
    const isBad = 'malformed' in spec;
    const value = specValue(spec);
    const depth = w.depth;
    const t0 = performance.now();
    let r: StepResult;
    try {
      r = step(w, value as Action);
    } catch (e) {
      return { index: i, problem: `step threw: ${(e as Error).stack ?? e}` };
    }
    const ms = performance.now() - t0;
    if (ms > tally.slowest.ms) tally.slowest = { ms, actionIndex: i };
    if (isBad) {
      tally.malformed++;
      if (!r.refused) return { index: i, problem: `the malformed action "${spec.malformed}" was not refused` };
    } else if (!r.refused && !actionSchema.safeParse(spec).success) return { index: i, problem: 'an action the schema refuses was played' };
    if (r.refused) {
      tally.refused++;
      if (!unchanged(before, w)) return { index: i, problem: `a refused action ("${r.refused}") changed the world` };
    } else {
      accepted.push(value as Action);
      before = snapshotOf(w);
      if (w.depth > depth) tally.descents++;
    }
    const bad = brokenInvariant(w, prev);
    if (bad) return { index: i, problem: bad };
    prev = { time: w.time, turn: w.turn };
  }
  return replayAgrees(specs.length - 1);
}

/** Plays a fixed list of steps as game `g` (a failure's reproduction, or a candidate while shrinking). */
export function playSpecs(g: GameSpec, list: readonly StepSpec[], step = engineStep): { index: number; problem: string } | null {
  const tally: Tally = { refused: 0, malformed: 0, descents: 0, ended: false, slowest: { ms: 0, actionIndex: 0 } };
  return playGame(g, (_w, i) => list[i] ?? null, [], step, tally);
}

/** Fewer steps that still fail (any problem): chunks dropped while the game still breaks. */
function shrink(g: GameSpec, list: StepSpec[], step: FuzzOptions['step'], budget: number): { list: StepSpec[]; index: number; problem: string } {
  let best = list;
  let found = playSpecs(g, best, step) ?? { index: best.length - 1, problem: 'no longer fails' };
  let runs = 0;
  for (let chunk = Math.max(1, Math.floor(best.length / 2)); chunk >= 1 && runs < budget; chunk = Math.floor(chunk / 2)) {
    for (let at = 0; at < best.length && runs < budget; ) {
      const candidate = [...best.slice(0, at), ...best.slice(at + chunk)];
      const shorterGame = { ...g, checkpoint: Math.min(g.checkpoint, candidate.length) };
      runs++;
      const fails = playSpecs(shorterGame, candidate, step);
      if (fails) {
        best = candidate.slice(0, fails.index + 1);
        g = shorterGame;
        found = fails;
      } else at += chunk;
    }
  }
  return { list: best, index: found.index, problem: found.problem };
}

/** Runs the fuzz for `opts.actions` actions; stops at the first failure, shrunk. */
export function fuzz(opts: FuzzOptions): FuzzResult {
  const seed = opts.seed ?? 'fuzz';
  const rulesets = opts.rulesets ?? listRulesets().map((r) => r.id);
  const styles = opts.styles ?? STYLES;
  const step = opts.step ?? engineStep;
  const share = opts.malformedShare ?? 0.15;
  const every = opts.progressEvery ?? 100_000;
  const result: FuzzResult = { ok: true, actions: 0, refused: 0, malformed: 0, games: 0, descents: 0, ended: 0, slowest: { ms: 0, ruleset: '', game: 0, actionIndex: 0 } };
  let nextReport = every;
  for (let n = 0; result.actions < opts.actions; n++) {
    const lengthRand = prng(seedOf(`${seed}/length/${n}`));
    const longest = opts.maxGameLength ?? 1500;
    const shortest = Math.max(1, Math.floor(longest / 15));
    const length = Math.min(opts.actions - result.actions, shortest + Math.floor(lengthRand() * (longest - shortest)));
    const g = gameSpec(seed, n, rulesets, styles, length);
    const rand: Rand = prng(seedOf(`${seed}/actions/${n}`));
    const specs: StepSpec[] = [];
    const tally: Tally = { refused: 0, malformed: 0, descents: 0, ended: false, slowest: { ms: 0, actionIndex: 0 } };
    const failed = playGame(g, (w, i) => (i < length ? nextSpec(w, rand, share) : null), specs, step, tally);
    result.games++;
    result.actions += specs.length;
    result.refused += tally.refused;
    result.malformed += tally.malformed;
    result.descents += tally.descents;
    if (tally.ended) result.ended++;
    if (tally.slowest.ms > result.slowest.ms) result.slowest = { ms: tally.slowest.ms, ruleset: g.ruleset, game: n, actionIndex: tally.slowest.actionIndex };
    if (failed) {
      const upTo = specs.slice(0, failed.index + 1);
      const small = (opts.shrinkBudget ?? 400) > 0 ? shrink(g, upTo, step, opts.shrinkBudget ?? 400) : { list: upTo, ...failed };
      result.ok = false;
      result.failure = { fuzzSeed: seed, game: { ...g, checkpoint: Math.min(g.checkpoint, small.list.length) }, actionIndex: small.index, problem: small.problem, actions: small.list };
      return result;
    }
    // A game shorter than asked (it ended) does not stop the run: the next game takes the rest.
    if (result.actions >= nextReport) {
      opts.onProgress?.(result.actions, result.games);
      while (nextReport <= result.actions) nextReport += every;
    }
  }
  return result;
}

/** A failure as text: what broke, where, and the JSON that plays it again. */
export function describeFailure(f: Failure): string {
  const g = f.game;
  return [
    `FAIL: ${f.problem}`,
    `  fuzz seed ${JSON.stringify(f.fuzzSeed)}, game ${g.game}: ruleset ${g.ruleset}, style ${g.style}, ${g.width}x${g.height}, settings ${JSON.stringify(g.settings)}, seed ${JSON.stringify(g.seed)}`,
    `  at action index ${f.actionIndex} of ${f.actions.length} (saved and loaded after ${g.checkpoint})`,
    '  reproduction (save as a file, then: npm run fuzz -- --repro FILE):',
    JSON.stringify({ game: g, actions: f.actions }),
  ].join('\n');
}
