/**
 * "The level the player is on", as the lab's simulations need it: what makes that level (seed,
 * ruleset, settings, size, style, depth) and the run spec that plays it again and again.
 *
 * A level is a pure function of those six (core/mapgen.ts: the streams come from the seed and the
 * depth; the player carried down from above changes no placement), so every simulated run of the
 * spec starts on the very map, traps, chests and monsters on screen — with a new character at
 * full health, as `trapsmith sim --depth D` starts, since the heat map asks how the level plays,
 * not how this one hero fares. The runs differ only in their dice (runner.ts, `levelSeed`).
 */
import { CORE_SETTINGS, getRuleset, hasRuleset, resolveSettings } from '../../core/registry.ts';
import type { Scenario } from '../../core/scenarioLevel.ts';
import type { MapStyle, Traits, World } from '../../core/world.ts';
import { type SimSpec, startWorld } from '../../sim/runner.ts';

export interface LiveLevel {
  seed: string;
  ruleset: string;
  /** The settings that differ from the ruleset's defaults (so a variant's own settings still apply). */
  settings: Traits;
  width: number;
  height: number;
  style: MapStyle;
  depth: number;
}

export function liveLevelOf(world: World): LiveLevel {
  const defaults = hasRuleset(world.ruleset) ? resolveSettings(getRuleset(world.ruleset)) : {};
  const settings: Traits = {};
  for (const [k, v] of Object.entries(world.settings)) if (defaults[k] !== v) settings[k] = v;
  return { seed: world.seed, ruleset: world.ruleset, settings, width: world.width, height: world.height, style: world.style, depth: world.depth };
}

/** A key that differs whenever the level differs (for caching a heat map). */
export function levelKey(l: LiveLevel): string {
  const settings = Object.keys(l.settings)
    .sort()
    .map((k) => [k, l.settings[k]]);
  return JSON.stringify([l.seed, l.ruleset, l.depth, l.width, l.height, l.style, settings]);
}

export function describeLevel(l: LiveLevel): string {
  return `seed ${l.seed}, depth ${l.depth}, ${l.width}×${l.height} ${l.style}, ${l.ruleset}`;
}

export function describeScenario(s: Scenario): string {
  return `the scenario "${s.name}", ${s.map[0]!.length}×${s.map.length}, ${s.ruleset}`;
}

/**
 * The run spec that plays scenario `s` (a hand-made first level, its trap file with it) with
 * `bot`; `levels` beyond it are generated. `ruleset` must be the scenario's (the caller checks).
 */
export function scenarioSpec(s: Scenario, ruleset: string, bot: string, levels: number): SimSpec {
  return { ruleset, bot, scenario: s, depth: s.depth ?? 1, levels, traps: s.trapFile ?? null };
}

const CORE_NAMES = new Set(CORE_SETTINGS.map((s) => s.name));

/**
 * The run spec that plays `level` under `ruleset` with `bot`. The level's own ruleset takes all of
 * its settings; another ruleset (a lab column compared on the same map) takes only the core ones,
 * since the others name that ruleset's own rules. `goalDepth` becomes this level (runner.ts), so a
 * run ends at its stairs down.
 */
export function levelSpec(level: LiveLevel, ruleset: string, bot: string): SimSpec {
  const settings: Traits = {};
  for (const [k, v] of Object.entries(level.settings)) if (ruleset === level.ruleset || CORE_NAMES.has(k)) settings[k] = v;
  return { ruleset, bot, depth: level.depth, levels: 1, width: level.width, height: level.height, style: level.style, settings, levelSeed: level.seed };
}

/** What is compared to tell that a made level is the live one. */
export type LevelShape = Pick<World, 'width' | 'height' | 'stairsUp' | 'stairsDown'>;

export function levelShape(world: World): LevelShape {
  return { width: world.width, height: world.height, stairsUp: [...world.stairsUp], stairsDown: [...world.stairsDown] };
}

/**
 * Null when the spec's first level is the live one (same size and stairs); else why not. A level
 * drawn by hand (a scenario) or loaded from elsewhere cannot be made again from its seed. Making
 * the level takes a moment on a big map, so the lab's worker checks it, not the page.
 */
export function levelMismatch(world: LevelShape, spec: SimSpec): string | null {
  let made: World;
  try {
    made = startWorld(spec, '1');
  } catch (e) {
    return `this level cannot be made again from its seed (${(e as Error).message})`;
  }
  const same =
    made.width === world.width &&
    made.height === world.height &&
    made.stairsUp[0] === world.stairsUp[0] &&
    made.stairsUp[1] === world.stairsUp[1] &&
    made.stairsDown[0] === world.stairsDown[0] &&
    made.stairsDown[1] === world.stairsDown[1];
  return same ? null : 'this level was not made from its seed (a drawn or loaded level), so simulated runs cannot replay it';
}
