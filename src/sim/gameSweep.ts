/**
 * Whole-game sweeps (`sim --vary traps.fireball.difficulty=10..24:2`, `--vary set.NAME=…`, up to
 * two): every point of the grid is a variant of the ruleset (the base variant's cells and settings,
 * then the point's), and all points play the same seeds, so each point's difference from the first
 * is paired by seed (common random numbers). The batch itself is `compare`'s: one column a point.
 */
import type { CompareReport } from './report.ts';
import { parseVary, type Vary, varyCount, varyValues } from './sweep.ts';
import { parseVariant, type Variant, VariantError } from './variants.ts';

/** What one `--vary` changes: a trap kind's column, or a setting. */
export type VaryTarget = { kind: 'trap'; trap: string; column: string } | { kind: 'setting'; name: string };

export interface GameVary {
  /** As typed before the `=`: `traps.fireball.difficulty`, `set.monsters`. */
  path: string;
  target: VaryTarget;
  values: number[];
}

export class GameSweepError extends Error {}

/** Most points a whole-game sweep plays (each is a column of every run). */
export const MAX_SWEEP_POINTS = 60;

const PATH = /^(?:traps\.([a-z][a-z0-9_]*)\.([a-z][\w-]*)|set\.([a-zA-Z][\w-]*))=(.*)$/;

/** Parses `traps.KIND.COLUMN=from..to[:step]` or `set.NAME=from..to[:step]`. */
export function parseGameVary(text: string): GameVary {
  const m = PATH.exec(text);
  if (!m) throw new GameSweepError(`--vary ${JSON.stringify(text)}: expected traps.KIND.COLUMN=from..to[:step] or set.NAME=from..to[:step] (e.g. traps.fireball.difficulty=10..24:2)`);
  const leaf = m[2] ?? m[3]!;
  let range: Vary;
  try {
    range = parseVary(`${leaf}=${m[4]}`);
  } catch (e) {
    throw new GameSweepError((e as Error).message);
  }
  const path = text.slice(0, text.indexOf('='));
  if (varyCount(range) > MAX_SWEEP_POINTS) throw new GameSweepError(`--vary ${path}: ${varyCount(range)} values; a sweep plays at most ${MAX_SWEEP_POINTS} points`);
  const target: VaryTarget = m[1] ? { kind: 'trap', trap: m[1], column: m[2]! } : { kind: 'setting', name: m[3]! };
  return { path, target, values: varyValues(range) };
}

export interface SweepPoint {
  /** The value of each `--vary`, by its path. */
  values: Record<string, number>;
  variant: Variant;
}

/**
 * The grid's points, the first `--vary` slowest, each as a variant of `ruleset` checked by the one
 * variant reader (a trap or setting the ruleset has not, a value of the wrong kind or out of range
 * is named). `base`: a variant the sweep starts from.
 */
export function sweepPoints(ruleset: string, varies: readonly GameVary[], base: Variant | null = null): SweepPoint[] {
  if (varies.length === 0 || varies.length > 2) throw new GameSweepError(`--vary: once or twice (got ${varies.length})`);
  if (varies.length === 2 && varies[0]!.path === varies[1]!.path) throw new GameSweepError(`--vary ${varies[0]!.path} is given twice`);
  const grid = varies.length === 1 ? varies[0]!.values.map((a) => [a]) : varies[0]!.values.flatMap((a) => varies[1]!.values.map((b) => [a, b]));
  if (grid.length > MAX_SWEEP_POINTS) throw new GameSweepError(`--vary: ${grid.length} points; a sweep plays at most ${MAX_SWEEP_POINTS}`);
  return grid.map((point) => {
    const traps: Record<string, Record<string, string | number | boolean | null>> = structuredClone(base?.traps ?? {});
    const settings: Record<string, string | number | boolean> = { ...(base?.settings ?? {}) };
    const values: Record<string, number> = {};
    point.forEach((value, j) => {
      const v = varies[j]!;
      values[v.path] = value;
      if (v.target.kind === 'trap') traps[v.target.trap] = { ...(traps[v.target.trap] ?? {}), [v.target.column]: value };
      else settings[v.target.name] = value;
    });
    // The name is the variant's registered id (one content per name in a process): the values say it.
    const said = point.map((x, j) => `${varies[j]!.path.replace(/^(traps|set)\./, '')} ${x < 0 ? `minus ${-x}` : String(x)}`).join(' ');
    const name = `${base ? `${base.name.slice(0, 20)} ` : ''}sweep ${said}`;
    const raw = { name, ruleset, ...(Object.keys(traps).length > 0 ? { traps } : {}), ...(Object.keys(settings).length > 0 ? { settings } : {}) };
    try {
      return { values, variant: parseVariant(raw, '--vary') };
    } catch (e) {
      if (e instanceof VariantError) throw new GameSweepError(e.message);
      throw e;
    }
  });
}

/** A sweep's report: the grid and, for its points in order, compare's columns and differences. */
export interface GameSweepReport extends CompareReport {
  vary: Array<{ path: string; values: number[] }>;
  points: Array<Record<string, number>>;
}

export function gameSweepReport(varies: readonly GameVary[], points: readonly SweepPoint[], compared: CompareReport): GameSweepReport {
  return { vary: varies.map((v) => ({ path: v.path, values: v.values })), points: points.map((p) => p.values), ...compared };
}
