/**
 * Whole-game sweeps (`sim --vary traps.fireball.difficulty=10..24:2`, `--vary set.NAME=…`, up to
 * two): every point of the grid is a variant of the ruleset (the base variant's cells and settings,
 * then the point's), and all points play the same seeds, so each point's difference from the first
 * is paired by seed (common random numbers). The batch itself is `compare`'s: one column a point.
 * With a trap file, the points play on its ruleset, and its own kinds are swept like the built-ins.
 */
import type { TrapFile } from '../core/traps/definition.ts';
import { applyTrapFile } from '../core/traps/files.ts';
import { TrapFileError } from '../core/traps/schema.ts';
import type { CompareReport } from './report.ts';
import { DECIMAL_TEXT, readNumber } from '../core/numbers.ts';
import { parseVary, type Vary, varyValues } from './sweep.ts';
import { parseVariant, type Variant, VariantError } from './variants.ts';

/** What one `--vary` changes: a trap kind's column (a built-in's or a trap file's own kind), or a setting. */
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

/** What a point changes, as a variant holds it: trap cells by kind and column, settings by name. */
interface PointCells {
  traps: Record<string, Record<string, string | number | boolean | null>>;
  settings: Record<string, string | number | boolean>;
}

/**
 * Every path `--vary` takes, the one place they are read: its form (as help and refusals name
 * it), its pattern, the target it names, and where a value for it goes in a point. A new kind of
 * path is a row here; the variant reader then checks the value against the ruleset the sweep
 * plays on (its trap file's kinds included).
 */
const PATHS: Readonly<Record<VaryTarget['kind'], { form: string; pattern: RegExp; target: (m: RegExpExecArray) => VaryTarget; leaf: (t: VaryTarget) => string; set: (cells: PointCells, t: VaryTarget, value: number) => void }>> = {
  trap: {
    form: 'traps.KIND.COLUMN',
    pattern: /^traps\.([a-z][a-z0-9_]*)\.([a-z][\w-]*)$/,
    target: (m) => ({ kind: 'trap', trap: m[1]!, column: m[2]! }),
    leaf: (t) => (t.kind === 'trap' ? t.column : ''),
    set: (cells, t, value) => {
      if (t.kind === 'trap') cells.traps[t.trap] = { ...(cells.traps[t.trap] ?? {}), [t.column]: value };
    },
  },
  setting: {
    form: 'set.NAME',
    pattern: /^set\.([a-zA-Z][\w-]*)$/,
    target: (m) => ({ kind: 'setting', name: m[1]! }),
    leaf: (t) => (t.kind === 'setting' ? t.name : ''),
    set: (cells, t, value) => {
      if (t.kind === 'setting') cells.settings[t.name] = value;
    },
  },
};

/** Parses `traps.KIND.COLUMN=from..to[:step]` or `set.NAME=from..to[:step]`, or either `=a,b,…` (a list of values). */
export function parseGameVary(text: string): GameVary {
  const eq = text.indexOf('=');
  const path = eq < 0 ? text : text.slice(0, eq);
  const found = Object.values(PATHS).map((row) => ({ row, m: row.pattern.exec(path) })).find((f) => f.m !== null);
  if (eq < 0 || !found)
    throw new GameSweepError(`--vary ${JSON.stringify(text)}: expected ${Object.values(PATHS).map((r) => `${r.form}=from..to[:step]`).join(' or ')}, or =a,b,… (e.g. traps.fireball.difficulty=10..24:2)`);
  const target = found.row.target(found.m!);
  const given = text.slice(eq + 1);
  // A list of values (`=10,14,20`), in its order, or a range.
  let values: number[];
  if (LIST.test(given)) {
    values = given.split(',').map((t) => readNumber(t, 'number') ?? Number.NaN);
    if (!values.every(Number.isFinite)) throw new GameSweepError(`--vary ${path}: every value must be a number (got ${JSON.stringify(given)})`);
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice !== undefined) throw new GameSweepError(`--vary ${path}: ${twice} is given twice`);
  } else {
    let range: Vary;
    try {
      range = parseVary(`${found.row.leaf(target)}=${given}`);
    } catch (e) {
      throw new GameSweepError((e as Error).message);
    }
    values = varyValues(range);
  }
  if (values.length > MAX_SWEEP_POINTS) throw new GameSweepError(`--vary ${path}: ${values.length} values; a sweep plays at most ${MAX_SWEEP_POINTS} points`);
  return { path, target, values };
}

/** Two or more numbers separated by commas. */
const LIST = new RegExp(`^${DECIMAL_TEXT}(?:,${DECIMAL_TEXT})+$`);

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
export function sweepPoints(ruleset: string, varies: readonly GameVary[], base: Variant | null = null, traps: TrapFile | null = null): SweepPoint[] {
  if (varies.length === 0 || varies.length > 2) throw new GameSweepError(`--vary: once or twice (got ${varies.length})`);
  if (varies.length === 2 && varies[0]!.path === varies[1]!.path) throw new GameSweepError(`--vary ${varies[0]!.path} is given twice`);
  const grid = varies.length === 1 ? varies[0]!.values.map((a) => [a]) : varies[0]!.values.flatMap((a) => varies[1]!.values.map((b) => [a, b]));
  if (grid.length > MAX_SWEEP_POINTS) throw new GameSweepError(`--vary: ${grid.length} points; a sweep plays at most ${MAX_SWEEP_POINTS}`);
  const on = playedOn(ruleset, traps);
  return grid.map((point) => {
    const cells: PointCells = { traps: structuredClone(base?.traps ?? {}), settings: { ...(base?.settings ?? {}) } };
    const values: Record<string, number> = {};
    point.forEach((value, j) => {
      const v = varies[j]!;
      values[v.path] = value;
      PATHS[v.target.kind].set(cells, v.target, value);
    });
    const { traps: trapCells, settings } = cells;
    // The name is the variant's registered id (one content per name in a process): the values say it.
    const said = point.map((x, j) => `${varies[j]!.path.replace(/^(traps|set)\./, '')} ${x < 0 ? `minus ${-x}` : String(x)}`).join(' ');
    const name = `${base ? `${base.name.slice(0, 20)} ` : ''}sweep ${said}`;
    const raw = { name, ruleset, ...(Object.keys(trapCells).length > 0 ? { traps: trapCells } : {}), ...(Object.keys(settings).length > 0 ? { settings } : {}) };
    try {
      return { values, variant: parseVariant(raw, '--vary', on) };
    } catch (e) {
      if (e instanceof VariantError) throw new GameSweepError(e.message);
      throw e;
    }
  });
}

/** The ruleset id the points play on: `ruleset`, or it with the trap file's kinds (registered now, as a run does). */
function playedOn(ruleset: string, traps: TrapFile | null): string {
  if (!traps) return ruleset;
  if (traps.ruleset !== ruleset) throw new GameSweepError(`--traps: the trap file "${traps.name}" holds traps for ${traps.ruleset}, not ${ruleset}`);
  try {
    return applyTrapFile(traps, `trap file "${traps.name}"`);
  } catch (e) {
    if (e instanceof TrapFileError) throw new GameSweepError(e.message);
    throw e;
  }
}

/** A sweep's report: the grid and, for its points in order, compare's columns and differences. */
export interface GameSweepReport extends CompareReport {
  vary: Array<{ path: string; values: number[] }>;
  points: Array<Record<string, number>>;
}

export function gameSweepReport(varies: readonly GameVary[], points: readonly SweepPoint[], compared: CompareReport): GameSweepReport {
  return { vary: varies.map((v) => ({ path: v.path, values: v.values })), points: points.map((p) => p.values), ...compared };
}
