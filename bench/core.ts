/**
 * Core benchmarks: headless turns per second against rot.js FOV calls in the same run, map
 * generation against rot.js Digger alone, exact odds checks, and the size of a big saved world.
 */
import { execFile } from 'node:child_process';
import { FOV, Map as RotMap, Path, RNG } from 'rot-js';
import type { Action } from '../src/core/actions.ts';
import { newGame, step } from '../src/core/engine.ts';
import { generateLevel } from '../src/core/mapgen.ts';
import { chance, compare, exact, iterate, roll } from '../src/core/prob.ts';
import { Stream, streamSeed } from '../src/core/rng.ts';
import { DIRECTIONS, idx, isTransparent, isWalkable, type MapStyle, serializeWorld, Terrain, type World } from '../src/core/world.ts';
import { floodDistances } from '../src/core/flood.ts';
import { player } from '../src/core/level.ts';

function time(fn: () => void, minMs = 300): number {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    fn();
    n++;
    t = performance.now();
  } while (t - t0 < minMs);
  return (t - t0) / n;
}

/** A plain walker: down the distance flood to the stairs, stepping onto anything; null there. */
export function walkerAction(w: World): Action | null {
  const p = player(w);
  if (p.x === w.stairsDown[0] && p.y === w.stairsDown[1]) return null;
  const dist = floodDistances(w.width, w.height, idx(w, ...w.stairsDown), (i) => isWalkable(w.terrain[i]!) || w.terrain[i] === Terrain.DoorClosed || w.terrain[i] === Terrain.DoorLocked);
  let best: Action = { type: 'wait' };
  let bestD = dist[idx(w, p.x, p.y)]!;
  for (const [dx, dy] of DIRECTIONS) {
    const i = idx(w, p.x + dx, p.y + dy);
    const d = dist[i]!;
    if (d >= 0 && d < bestD) {
      bestD = d;
      best = w.terrain[i] === Terrain.DoorLocked ? { type: 'kick', dx, dy } : { type: 'move', dx, dy, confirm: true };
    }
  }
  return best;
}

function rotFov(w: World): InstanceType<typeof FOV.RecursiveShadowcasting> {
  return new FOV.RecursiveShadowcasting((cx, cy) => cx >= 0 && cy >= 0 && cx < w.width && cy < w.height && isTransparent(w.terrain[idx(w, cx, cy)]!));
}

/** µs of one rot.js recursive-shadowcasting call at radius 12 from (x, y) on the world as it is. */
function fovHere(w: World, x: number, y: number, repeat = 40): number {
  const fov = rotFov(w);
  let cells = 0;
  const t0 = performance.now();
  for (let k = 0; k < repeat; k++) fov.compute(x, y, 12, () => cells++);
  return ((performance.now() - t0) * 1000) / repeat;
}

/** µs of one rot.js recursive-shadowcasting call at radius 12, averaged over every floor cell of the level. */
function fovOverLevel(w: World): number {
  const fov = rotFov(w);
  const floor: number[] = [];
  for (let i = 0; i < w.terrain.length; i++) if (isWalkable(w.terrain[i]!)) floor.push(i);
  let cells = 0;
  const t0 = performance.now();
  for (const i of floor) fov.compute(i % w.width, Math.floor(i / w.width), 12, () => cells++);
  return ((performance.now() - t0) * 1000) / floor.length;
}

export interface TurnFigures {
  turnsPerSecond: number;
  usPerTurn: number;
  /** One FOV call from the cells the player walked (sampled every 8th turn). */
  usPerFovPlayer: number;
  /** One FOV call from any floor cell of the levels played (every cell, once per level). */
  usPerFovLevel: number;
  /** Steps that took the player to a new level (a fall): level generation, left out of the turns. */
  levelChanges: number;
}

/**
 * A walker crossing 80x40 levels with 20 monsters (a new game each time it reaches the stairs).
 * Only `step` is timed, and only turns played on a level: a step that takes the player to a new
 * level (a trapdoor, a sinkhole) is level generation, which has its own benchmark and target, and
 * is left out as reaching the stairs always was. rot.js FOV calls (radius 12) are timed on the same
 * levels in the same run, two ways: from every floor cell of each level as it starts, and every 8th
 * turn from where the player stands (a walker keeps mostly to corridors, where a view is cheaper).
 * A FOV call costs what the level lets it see: small rooms stop it early, open caves do not.
 */
export function headlessTurns(ruleset: string, turns: number, style: MapStyle = 'rooms'): TurnFigures {
  let done = 0;
  let seed = 0;
  let ms = 0;
  let fovTotal = 0;
  let fovSamples = 0;
  let levelFov = 0;
  let levels = 0;
  let levelChanges = 0;
  while (done < turns) {
    const w = newGame({ seed: `bench-${seed++}`, ruleset, width: 80, height: 40, style, settings: { monsters: 20 } });
    w.actors.find((a) => a.id === w.playerId)!.hp = 1e9;
    levelFov += fovOverLevel(w);
    levels++;
    let steps = 0;
    while (!w.over && done < turns && steps < 2000) {
      const action = walkerAction(w);
      if (!action) break;
      const depth = w.depth;
      const t0 = performance.now();
      const r = step(w, action);
      if (r.refused) step(w, { type: 'wait' });
      const t1 = performance.now();
      steps++;
      if (w.depth !== depth) {
        levelChanges++;
        break;
      }
      ms += t1 - t0;
      done++;
      if (done % 8 === 0) {
        const p = player(w);
        fovTotal += fovHere(w, p.x, p.y);
        fovSamples++;
      }
    }
  }
  return {
    turnsPerSecond: (turns / ms) * 1000,
    usPerTurn: (ms * 1000) / turns,
    usPerFovPlayer: fovTotal / Math.max(1, fovSamples),
    usPerFovLevel: levelFov / Math.max(1, levels),
    levelChanges,
  };
}

/** Turns played before the measured runs, so that V8 has compiled the ruleset's hot code as a long game would have. */
export const TURN_WARM_UP = 20_000;
/** Each measured run; the figures are the median run's (by turn cost per FOV call). */
export const TURN_RUN = 20_000;
export const TURN_RUNS = 3;

/** One ruleset on one style, warmed up, measured TURN_RUNS times; the median run by FOV calls per turn. */
export function steadyTurns(ruleset: string, style: MapStyle): TurnFigures & { runs: number[] } {
  headlessTurns(ruleset, TURN_WARM_UP, style);
  const runs = Array.from({ length: TURN_RUNS }, () => headlessTurns(ruleset, TURN_RUN, style));
  const ratio = (t: TurnFigures) => t.usPerTurn / t.usPerFovLevel;
  const sorted = [...runs].sort((a, b) => ratio(a) - ratio(b));
  return { ...sorted[Math.floor(sorted.length / 2)]!, runs: runs.map(ratio) };
}

export function mapgenRatio(): { oursMs: number; diggerMs: number; ratio: number } {
  const seed = 'bench-big';
  const ours = time(() => generateLevel({ seed, ruleset: 'test', width: 200, height: 200 }), 3000);
  // rot.js Digger alone, same size and options, seeded as our map stream seeds it.
  const digger = time(() => {
    const s = Stream.fromSeed(streamSeed(seed, 'map'));
    RNG.setSeed(s.seed32());
    new RotMap.Digger(200, 200, { dugPercentage: 0.3, timeLimit: Number.POSITIVE_INFINITY }).create(() => {});
  }, 3000);
  return { oursMs: ours, diggerMs: digger, ratio: ours / digger };
}

export function oddsMillis(): { sixD99vs3d20: number; rerollLoop50: number } {
  const a = time(() => exact(compare(roll(6, 99), roll(3, 20))), 300);
  const loop = () =>
    exact(iterate<number>(0, (r) => (r < 0 || r >= 50 ? null : chance(37, 40).map((up) => (up ? r + 1 : -r - 1000)))));
  const b = time(loop, 300);
  return { sixD99vs3d20: a, rerollLoop50: b };
}

export function bigWorldBytes(): number {
  const w = generateLevel({ seed: 'bench-size', ruleset: 'test', width: 200, height: 200, settings: { monsters: 50 } });
  return serializeWorld(w).length;
}

/**
 * Processes per (ruleset, style). What the JIT makes of the same code differs from one process to
 * the next (which functions it builds into which), by more than most changes being measured: the
 * median of several processes is the figure, each process's shown beside it.
 */
export const TURN_PROCESSES = 3;

/**
 * Headless turns under each ruleset on each level style, each against rot.js FOV calls measured
 * in the same run. Each (ruleset, style) plays in processes of its own (bench/turnsProcess.ts),
 * as a game or a lab worker does: in one process the rulesets measured earlier leave the JIT's
 * compiled core code generic for the later ones, so figures would depend on the order they ran in.
 */
export async function runTurnBench(rulesets: string[], styles: MapStyle[] = ['rooms', 'caves']): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  const ratio = (turn: number, fov: number) => `${turn.toFixed(1)} / ${fov.toFixed(2)} = ${(turn / fov).toFixed(1)}`;
  for (const style of styles) {
    for (const r of rulesets) {
      // One after another: two at once would slow each other down.
      const each: Array<TurnFigures & { runs: number[] }> = [];
      for (let k = 0; k < TURN_PROCESSES; k++) each.push(await turnsInOwnProcess(r, style));
      const calls = (f: TurnFigures) => f.usPerTurn / f.usPerFovLevel;
      const t = [...each].sort((a, b) => calls(a) - calls(b))[Math.floor(each.length / 2)]!;
      out[`${style}, ${r}: turns/s (target ≥ 20,000)`] = Math.round(t.turnsPerSecond);
      out[`${style}, ${r}: µs per turn / µs per FOV call over the level's floor = FOV calls per turn (target ≤ 10)`] =
        `${ratio(t.usPerTurn, t.usPerFovLevel)} (the median of ${each.length} processes: ${each.map((f) => calls(f).toFixed(1)).join(', ')})`;
      out[`${style}, ${r}: the same against FOV calls from the player's own cells`] = ratio(t.usPerTurn, t.usPerFovPlayer);
      out[`${style}, ${r}: falls to a new level left out (level generation)`] = t.levelChanges;
    }
  }
  return out;
}

function turnsInOwnProcess(ruleset: string, style: MapStyle): Promise<TurnFigures & { runs: number[] }> {
  const script = new URL('./turnsProcess.ts', import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', script, ruleset, style], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`turn bench for ${ruleset} on ${style} failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as TurnFigures & { runs: number[] });
    });
  });
}

/**
 * The yardsticks of #2's turn target on each level style: a rot.js FOV call (r = 12) averaged over
 * every floor cell, and a rot.js A* search (8 directions) between two floor cells, on 10 levels.
 * Each is measured on both styles because what a call costs depends on how far the level lets it
 * see; the issue's own estimates are printed beside the rows.
 */
export function yardsticks(style: MapStyle): { fovUs: number; aStarUs: number } {
  let fov = 0;
  let aStar = 0;
  const levels = 10;
  const pairs = 60;
  // Level -1 warms the JIT up and is not counted.
  for (let s = -1; s < levels; s++) {
    const w = newGame({ seed: `bench-${s}`, ruleset: 'test', width: 80, height: 40, style, settings: { monsters: 20 } });
    if (s < 0) {
      fovOverLevel(w);
      fovOverLevel(w);
    } else for (let k = 0; k < 5; k++) fov += fovOverLevel(w) / 5;
    const floor: number[] = [];
    for (let i = 0; i < w.terrain.length; i++) if (isWalkable(w.terrain[i]!)) floor.push(i);
    const passable = (x: number, y: number) => x >= 0 && y >= 0 && x < w.width && y < w.height && isWalkable(w.terrain[idx(w, x, y)]!);
    let steps = 0;
    const t0 = performance.now();
    for (let j = 0; j < pairs; j++) {
      // Spread-out pairs, the same on every run.
      const from = floor[(j * 7919) % floor.length]!;
      const to = floor[(j * 104729 + 13) % floor.length]!;
      new Path.AStar(to % w.width, Math.floor(to / w.width), passable, { topology: 8 }).compute(from % w.width, Math.floor(from / w.width), () => steps++);
    }
    if (s >= 0) aStar += ((performance.now() - t0) * 1000) / pairs;
  }
  return { fovUs: fov / levels, aStarUs: aStar / levels };
}

export async function runCoreBench(): Promise<Record<string, number | string>> {
  const map = mapgenRatio();
  const odds = oddsMillis();
  const rooms = yardsticks('rooms');
  const caves = yardsticks('caves');
  return {
    'rot.js FOV call, r = 12, over every floor cell of 10 levels: rooms / caves µs (the issue reckoned "about 5 µs")': `${rooms.fovUs.toFixed(2)} / ${caves.fovUs.toFixed(2)}`,
    'rot.js A* between two floor cells, 60 pairs on each of 10 levels: rooms / caves µs (the issue reckoned "about 600 µs")': `${rooms.aStarUs.toFixed(0)} / ${caves.aStarUs.toFixed(0)}`,
    '200x200 generation ms': map.oursMs.toFixed(0),
    '200x200 rot.js Digger alone ms': map.diggerMs.toFixed(0),
    'generation / Digger (target ≤ 1.2)': map.ratio.toFixed(3),
    'exact 6d99 vs 3d20 ms (target < 10)': odds.sixD99vs3d20.toFixed(3),
    'exact 50-step reroll loop ms (target < 10)': odds.rerollLoop50.toFixed(3),
    '200x200 world, 50 monsters, JSON bytes (target < 2 MB)': bigWorldBytes(),
  };
}
