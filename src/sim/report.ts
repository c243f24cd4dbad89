/**
 * Reading a batch's statistics: every rate with its 95% Wilson interval, damage and turns as
 * mean, median, 95th percentile and max. The report is plain data (JSON-ready) for the CLI's
 * formats and the lab's tables and charts.
 */
import { trapFileRulesetId } from '../core/traps/files.ts';
import { findTrapDef, getRuleset, hasRuleset } from '../core/registry.ts';
import type { KindCounts, RunCounts, SimStats } from './accumulator.ts';
import type { PairedDifferenceName, PairedStats } from './paired.ts';
import { addLure, emptyLure, type LureCounts } from './lure.ts';
import type { SimSpec } from './runner.ts';
import type { Histogram } from './stats/histogram.ts';
import { type Interval, newcombeDiff, wilson, Z95 } from './stats/wilson.ts';
import { variantRulesetId } from './variants.ts';
import { RUN_RATES, type RunRateName } from './runRates.ts';
export { RUN_RATES, type RunRateName };

export interface Rate {
  /** Successes and trials. */
  k: number;
  n: number;
  /** k / n, or null when n = 0. */
  p: number | null;
  lo: number | null;
  hi: number | null;
}

export interface Dist {
  n: number;
  mean: number | null;
  median: number | null;
  p95: number | null;
  max: number | null;
}

export function rate(k: number, n: number, z = Z95): Rate {
  if (n === 0) return { k, n, p: null, lo: null, hi: null };
  const w = wilson(k, n, z);
  return { k, n, p: w.p, lo: w.lo, hi: w.hi };
}

export function dist(h: Histogram): Dist {
  if (h.count === 0) return { n: 0, mean: null, median: null, p95: null, max: null };
  return { n: h.count, mean: h.mean(), median: h.quantile(0.5), p95: h.quantile(0.95), max: h.max };
}


/** A per-run rate of a batch's counts, with its 95% interval. */
export function runRate(rc: RunCounts, name: RunRateName, z = Z95): Rate {
  return rate(RUN_RATES[name].count(rc), rc.runs, z);
}

export const KIND_RATES = ['foundFirst', 'stepTrigger', 'avoid', 'disarmSuccess', 'disarmSetOff', 'deathPerTrigger', 'monsterKill'] as const;
export type KindRateName = (typeof KIND_RATES)[number];

export const KIND_RATE_LABELS: Record<KindRateName, string> = {
  foundFirst: 'found before triggered (of encounters)',
  stepTrigger: 'set off when the player stepped on it (known or not)',
  avoid: 'avoided when the player stepped on it (known or not)',
  disarmSuccess: 'disarm attempts that succeeded',
  disarmSetOff: 'disarm attempts that set it off',
  deathPerTrigger: 'player triggers that killed the player',
  monsterKill: 'monster triggers that killed the monster',
};

export interface KindReport {
  kind: string;
  name: string;
  counts: KindCounts;
  rates: Record<KindRateName, Rate>;
  /** Damage dealt per trigger (all victims, zeros included). */
  damage: Dist;
  /** Damage the player took per trigger that hurt them. */
  playerDamage: Dist;
  /** Damage histogram bins [from, to, count] per trigger. */
  damageHistogram: Array<[number, number, number]>;
  disarmResults: Record<string, number>;
  /** Encounters per run. */
  encountersPerRun: number;
}

/** Each kind rate's successes and trials, [k, n]: a batch's counts have k ≤ n (sim/statsCheck.ts holds a shard to it). */
export function kindRateCounts(c: KindCounts): Record<KindRateName, [number, number]> {
  const stepped = c.playerStepTriggers + c.avoidedByPlayer;
  return {
    foundFirst: [c.foundFirst, c.encounters],
    stepTrigger: [c.playerStepTriggers, stepped],
    avoid: [c.avoidedByPlayer, stepped],
    disarmSuccess: [c.disarmSuccesses, c.disarmAttempts],
    disarmSetOff: [c.disarmSetOffs, c.disarmAttempts],
    deathPerTrigger: [c.playerDeaths, c.triggeredByPlayer],
    monsterKill: [c.monsterTriggerKills, c.triggeredByMonsters],
  };
}

export function kindRates(c: KindCounts, z = Z95): Record<KindRateName, Rate> {
  const counts = kindRateCounts(c);
  return Object.fromEntries(KIND_RATES.map((name) => [name, rate(counts[name][0], counts[name][1], z)])) as Record<KindRateName, Rate>;
}

export interface RunReport extends Pick<RunCounts, 'runs' | 'won' | 'died' | 'timeout' | 'stuck' | 'fell'> {
  survival: Rate;
  win: Rate;
  trapDeath: Rate;
  /** Runs in which a trap took hit points from the player. */
  trapHurt: Rate;
  oneGoKillsFromFull: number;
  turns: Dist;
  trapDamagePerRun: Dist;
  playerTriggersPerRun: Dist;
  causes: Array<{ cause: string; count: number; rate: Rate }>;
  /** The lure ledger over every kind: monsters traps hurt or killed while hunting the player or following the player's noise. */
  lure: LureCounts;
}

export interface ColumnReport {
  /** The ruleset id played (a variant's is `<ruleset>~<name>`). */
  id: string;
  ruleset: string;
  variant: string | null;
  /** The hand-made first level played (its name), or null for generated levels. */
  scenario: string | null;
  /** The trap file the column plays (its name), when it plays one. */
  traps?: string;
  bot: string;
  depth: number;
  levels: number;
  run: RunReport;
  kinds: KindReport[];
}

function trapName(rulesetId: string, kind: string): string {
  if (!hasRuleset(rulesetId)) return kind;
  return findTrapDef(getRuleset(rulesetId), kind)?.name ?? kind;
}

/** The ruleset id a column plays: a trap file's (`<ruleset>+<file>`), then a variant's on it (`~<variant>`). */
export function columnId(spec: SimSpec): string {
  const on = spec.traps ? trapFileRulesetId(spec.traps) : spec.ruleset;
  return spec.variant ? variantRulesetId(spec.variant, on) : on;
}

/** The lure ledger of every kind added up. */
function lureTotal(kinds: readonly KindReport[]): LureCounts {
  const t = emptyLure();
  for (const k of kinds) addLure(t, { hurt: k.counts.luredHurt, killed: k.counts.luredKilled, hurtByRigged: k.counts.luredHurtByRigged, killedByRigged: k.counts.luredKilledByRigged });
  return t;
}

export function columnReport(spec: SimSpec, s: SimStats): ColumnReport {
  const rc = s.runCounts;
  const runs = rc.runs;
  const kinds: KindReport[] = [...s.kinds.keys()].sort().map((kind) => {
    const k = s.kinds.get(kind)!;
    return {
      kind,
      name: trapName(columnId(spec), kind),
      counts: { ...k.counts },
      rates: kindRates(k.counts),
      damage: dist(k.damagePerTrigger),
      playerDamage: dist(k.playerDamagePerHit),
      damageHistogram: k.damagePerTrigger.entries(),
      disarmResults: { ...k.disarmResults },
      encountersPerRun: runs > 0 ? k.counts.encounters / runs : 0,
    };
  });
  return {
    id: columnId(spec),
    ruleset: spec.ruleset,
    variant: spec.variant?.name ?? null,
    scenario: spec.scenario?.name ?? null,
    ...(spec.traps ? { traps: spec.traps.name } : {}),
    bot: spec.bot,
    depth: spec.depth ?? 1,
    levels: spec.levels ?? 1,
    run: {
      runs,
      won: rc.won,
      died: rc.died,
      timeout: rc.timeout,
      stuck: rc.stuck,
      fell: rc.fell,
      survival: runRate(rc, 'survival'),
      win: runRate(rc, 'win'),
      trapDeath: runRate(rc, 'trapDeath'),
      trapHurt: runRate(rc, 'trapHurt'),
      oneGoKillsFromFull: rc.oneGoKillsFromFull,
      turns: dist(s.turns),
      trapDamagePerRun: dist(s.trapDamagePerRun),
      playerTriggersPerRun: dist(s.playerTriggersPerRun),
      causes: Object.entries(s.causes)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([cause, count]) => ({ cause, count, rate: rate(count, runs) })),
      lure: lureTotal(kinds),
    },
    kinds,
  };
}

export interface Difference {
  /** Other minus baseline. */
  diff: number | null;
  lo: number | null;
  hi: number | null;
  /** How the interval was made. */
  method: 'paired' | 'independent';
}

function difference(i: Interval, method: Difference['method']): Difference {
  const ok = Number.isFinite(i.p);
  return { diff: ok ? i.p : null, lo: ok && Number.isFinite(i.lo) ? i.lo : null, hi: ok && Number.isFinite(i.hi) ? i.hi : null, method };
}

export interface CompareReport {
  runs: number;
  seedStart: number;
  columns: ColumnReport[];
  /** Seeds whose first level differed from the baseline's (should be 0: same maps and monsters). */
  fingerprintMismatches: number;
  /** Per other column (1..), against column 0. */
  differences: Array<{
    id: string;
    run: Record<PairedDifferenceName, Difference>;
    /** Trap kinds both columns have: each rate's difference (independent intervals: conservative). */
    kinds: Array<{ kind: string; rates: Record<KindRateName, Difference> }>;
  }>;
}

export function compareReport(specs: SimSpec[], stats: SimStats[], paired: PairedStats[], runs: number, seedStart: number, mismatches: number): CompareReport {
  const columns = specs.map((spec, i) => columnReport(spec, stats[i]!));
  const base = columns[0]!;
  const differences = columns.slice(1).map((col, j) => {
    const p = paired[j]!.differences();
    const run = Object.fromEntries(Object.entries(p).map(([name, i]) => [name, difference(i, 'paired')])) as Record<PairedDifferenceName, Difference>;
    const kinds = col.kinds
      .filter((k) => base.kinds.some((b) => b.kind === k.kind))
      .map((k) => {
        const b = base.kinds.find((x) => x.kind === k.kind)!;
        const rates = {} as Record<KindRateName, Difference>;
        for (const name of KIND_RATES) {
          const r = k.rates[name];
          const q = b.rates[name];
          rates[name] = difference(newcombeDiff(r.k, r.n, q.k, q.n), 'independent');
        }
        return { kind: k.kind, rates };
      });
    return { id: col.id, run, kinds };
  });
  return { runs, seedStart, columns, fingerprintMismatches: mismatches, differences };
}
