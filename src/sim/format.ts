/** Text output of the lab's reports: aligned tables, tidy CSV (one number per row), percentages. */
import type { CompareReport, ColumnReport, Difference, Dist, KindReport, Rate } from './report.ts';
import { KIND_RATES, KIND_RATE_LABELS } from './report.ts';
import type { GameSweepReport } from './gameSweep.ts';
import type { LureCounts } from './lure.ts';

export type Format = 'table' | 'csv' | 'json';
export const FORMATS: readonly Format[] = ['table', 'csv', 'json'];

/** An aligned text table; numbers (and percentages) align right. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-+]?[\d.,%[\]–\s/e+-]*$|^—$/.test(r[i] ?? '')));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function pct(p: number | null, digits = 1): string {
  if (p === null || !Number.isFinite(p)) return '—';
  return `${(100 * p).toFixed(digits)}%`;
}

/** "45.2% [40.1–50.3]" (n = 0 gives "—"). */
export function rateText(r: Rate): string {
  if (r.p === null) return '—';
  return `${pct(r.p)} [${pct(r.lo, 1).replace('%', '')}–${pct(r.hi, 1)}]`;
}

export function num(x: number | null, digits = 2): string {
  if (x === null || !Number.isFinite(x)) return '—';
  return Number.isInteger(x) ? String(x) : x.toFixed(digits);
}

export function distText(d: Dist): string {
  if (d.n === 0) return '—';
  return `${num(d.mean)} / ${num(d.median)} / ${num(d.p95)} / ${num(d.max)}`;
}

function diffText(d: Difference, percent: boolean): string {
  if (d.diff === null) return '—';
  const f = (x: number | null) => (x === null ? '?' : percent ? `${(100 * x).toFixed(1)}` : x.toFixed(2));
  const sign = d.diff > 0 ? '+' : '';
  return `${sign}${f(d.diff)}${percent ? ' pts' : ''} [${f(d.lo)}, ${f(d.hi)}]`;
}

export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return [header.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\n');
}

/** The per-trap table's columns (the CLI's table and the lab's). */
export const KIND_TABLE_HEADER = ['trap', 'met', 'found first', 'by you', 'by monsters', 'steps that set it off', 'avoided', 'disarms n/ok/off', 'disarm set-off', 'damage per trigger mean/med/p95/max', 'deaths', 'kills', 'lured hurt/killed'];

/** One trap kind's row of that table. */
export function kindRow(k: KindReport, label: string): string[] {
  return [
    label,
    String(k.counts.encounters),
    rateText(k.rates.foundFirst),
    String(k.counts.triggeredByPlayer),
    String(k.counts.triggeredByMonsters),
    rateText(k.rates.stepTrigger),
    String(k.counts.avoidedByPlayer),
    `${k.counts.disarmAttempts}/${k.counts.disarmSuccesses}/${k.counts.disarmSetOffs}`,
    rateText(k.rates.disarmSetOff),
    distText(k.damage),
    String(k.counts.playerDeaths),
    String(k.counts.monstersKilled),
    `${k.counts.luredHurt}/${k.counts.luredKilled}`,
  ];
}

/** "hurt 4, killed 2 (your rigged traps: hurt 1, killed 1)": the lure ledger of a run report. */
export function lureText(l: LureCounts): string {
  const own = l.hurtByRigged > 0 || l.killedByRigged > 0 ? ` (your rigged traps: hurt ${l.hurtByRigged}, killed ${l.killedByRigged})` : '';
  return `hurt ${l.hurt}, killed ${l.killed}${own}`;
}

/** One column's results as text tables. */
export function columnTable(c: ColumnReport): string {
  const r = c.run;
  const head = [
    `${c.id}${c.scenario ? ` — scenario "${c.scenario}"` : ''} — bot ${c.bot}, depth ${c.depth}${c.levels > 1 ? `, ${c.levels} levels` : ''}, ${r.runs} runs`,
    `won ${r.won}${r.fell ? ` (${r.fell} by falling through)` : ''}, died ${r.died}, out of time ${r.timeout}, stuck ${r.stuck}`,
    `survived ${rateText(r.survival)}   killed by a trap ${rateText(r.trapDeath)}   hurt by a trap ${rateText(r.trapHurt)}   one-go kills from full HP ${r.oneGoKillsFromFull}`,
    `turns (mean / median / p95 / max) ${distText(r.turns)}   trap damage per run ${distText(r.trapDamagePerRun)}`,
    `monsters lured onto traps (hunting you or following your noise): ${lureText(r.lure)}`,
  ];
  if (r.causes.length > 0) head.push(`causes of death: ${r.causes.map((x) => `${x.cause} ${x.count}`).join('; ')}`);
  const t = table(KIND_TABLE_HEADER, c.kinds.map((k) => kindRow(k, k.kind)));
  return `${head.join('\n')}\n\n${c.kinds.length > 0 ? t : '(no trap was met)'}`;
}

/** Tidy CSV rows for a column: one metric per row with its interval. */
export function columnCsvRows(c: ColumnReport): Array<Array<string | number | null>> {
  const rows: Array<Array<string | number | null>> = [];
  const base = [c.id, c.bot, c.depth];
  const add = (kind: string, metric: string, value: number | null, lo: number | null = null, hi: number | null = null, n: number | null = null) =>
    rows.push([...base, kind, metric, value, lo, hi, n]);
  const r = c.run;
  add('(run)', 'runs', r.runs);
  add('(run)', 'survival', r.survival.p, r.survival.lo, r.survival.hi, r.survival.n);
  add('(run)', 'win', r.win.p, r.win.lo, r.win.hi, r.win.n);
  add('(run)', 'trap_death', r.trapDeath.p, r.trapDeath.lo, r.trapDeath.hi, r.trapDeath.n);
  add('(run)', 'trap_hurt', r.trapHurt.p, r.trapHurt.lo, r.trapHurt.hi, r.trapHurt.n);
  add('(run)', 'one_go_kills_from_full', r.oneGoKillsFromFull);
  add('(run)', 'lured_hurt', r.lure.hurt);
  add('(run)', 'lured_killed', r.lure.killed);
  add('(run)', 'lured_hurt_by_rigged', r.lure.hurtByRigged);
  add('(run)', 'lured_killed_by_rigged', r.lure.killedByRigged);
  for (const [name, d] of [
    ['turns', r.turns],
    ['trap_damage_per_run', r.trapDamagePerRun],
    ['player_triggers_per_run', r.playerTriggersPerRun],
  ] as const) {
    add('(run)', `${name}_mean`, d.mean, null, null, d.n);
    add('(run)', `${name}_median`, d.median);
    add('(run)', `${name}_p95`, d.p95);
    add('(run)', `${name}_max`, d.max);
  }
  for (const cause of r.causes) add('(run)', `death_cause:${cause.cause}`, cause.rate.p, cause.rate.lo, cause.rate.hi, cause.rate.n);
  for (const k of c.kinds) {
    for (const [name, v] of Object.entries(k.counts)) add(k.kind, name, v);
    for (const name of KIND_RATES) {
      const x = k.rates[name];
      add(k.kind, `rate_${name}`, x.p, x.lo, x.hi, x.n);
    }
    add(k.kind, 'damage_mean', k.damage.mean, null, null, k.damage.n);
    add(k.kind, 'damage_median', k.damage.median);
    add(k.kind, 'damage_p95', k.damage.p95);
    add(k.kind, 'damage_max', k.damage.max);
    add(k.kind, 'player_damage_mean', k.playerDamage.mean, null, null, k.playerDamage.n);
    add(k.kind, 'player_damage_p95', k.playerDamage.p95);
    add(k.kind, 'player_damage_max', k.playerDamage.max);
  }
  return rows;
}

export const CSV_HEADER = ['column', 'bot', 'depth', 'trap', 'metric', 'value', 'lo95', 'hi95', 'n'];

export function compareTable(r: CompareReport): string {
  const parts: string[] = [];
  const cols = r.columns;
  const shared = r.fingerprintMismatches === 0 ? 'the same first level (map, stairs, monsters) under every column' : `WARNING: ${r.fingerprintMismatches} seed/column pairs started on a different level`;
  parts.push(`${r.runs} seeds from ${r.seedStart}: ${shared}`);
  const runRows: string[][] = [
    ['survived', ...cols.map((c) => rateText(c.run.survival))],
    ['killed by a trap', ...cols.map((c) => rateText(c.run.trapDeath))],
    ['hurt by a trap', ...cols.map((c) => rateText(c.run.trapHurt))],
    ['won', ...cols.map((c) => rateText(c.run.win))],
    ['turns (mean / median / p95 / max)', ...cols.map((c) => distText(c.run.turns))],
    ['trap damage per run', ...cols.map((c) => distText(c.run.trapDamagePerRun))],
    ['traps set off per run', ...cols.map((c) => distText(c.run.playerTriggersPerRun))],
    ['monsters lured onto traps: hurt / killed', ...cols.map((c) => `${c.run.lure.hurt} / ${c.run.lure.killed}`)],
  ];
  parts.push(table(['per run', ...cols.map((c) => c.id)], runRows));
  for (const d of r.differences) {
    parts.push(
      table(
        [`${d.id} − ${cols[0]!.id} (paired by seed, 95%)`, 'difference [interval]'],
        [
          ['survival', diffText(d.run.survivalRate, true)],
          ['killed by a trap', diffText(d.run.trapDeathRate, true)],
          ['hurt by a trap', diffText(d.run.trapHurtRate, true)],
          ['turns', diffText(d.run.turns, false)],
          ['trap damage per run', diffText(d.run.trapDamage, false)],
          ['traps set off per run', diffText(d.run.playerTriggers, false)],
        ],
      ),
    );
    if (d.kinds.length > 0) {
      const rows = d.kinds.map((k) => [k.kind, ...KIND_RATES.map((n) => diffText(k.rates[n], true))]);
      parts.push(table([`per trap: ${d.id} − ${cols[0]!.id} (independent, 95%)`, ...KIND_RATES], rows));
    }
  }
  for (const c of cols) parts.push(columnTable(c));
  parts.push(`rates: ${KIND_RATES.map((n) => `${n} = ${KIND_RATE_LABELS[n]}`).join('; ')}`);
  return parts.join('\n\n');
}

export function compareCsv(r: CompareReport): string {
  const rows = r.columns.flatMap(columnCsvRows);
  for (const d of r.differences) {
    for (const [name, x] of Object.entries(d.run)) rows.push([`${d.id} - ${r.columns[0]!.id}`, '', '', '(run)', `diff_${name}`, x.diff, x.lo, x.hi, r.runs]);
    for (const k of d.kinds)
      for (const [name, x] of Object.entries(k.rates)) rows.push([`${d.id} - ${r.columns[0]!.id}`, '', '', k.kind, `diff_rate_${name}`, x.diff, x.lo, x.hi, null]);
  }
  return csv(CSV_HEADER, rows);
}

/** A whole-game sweep's response table as cells: the sentence above it, its header and a row per point. */
export function gameSweepCells(r: GameSweepReport): { caption: string; header: string[]; rows: string[][] } {
  const first = r.columns[0]!;
  const rows = r.columns.map((c, i) => {
    const d = i === 0 ? null : r.differences[i - 1]!.run;
    return [
      ...r.vary.map((v) => String(r.points[i]![v.path])),
      rateText(c.run.survival),
      rateText(c.run.trapDeath),
      rateText(c.run.trapHurt),
      num(c.run.turns.mean),
      num(c.run.trapDamagePerRun.mean),
      d ? diffText(d.survivalRate, true) : '(first point)',
      d ? diffText(d.trapDeathRate, true) : '',
      d ? diffText(d.trapHurtRate, true) : '',
    ];
  });
  const shared = r.fingerprintMismatches === 0 ? 'every point on the same seeds and first levels' : `WARNING: ${r.fingerprintMismatches} seed/point pairs started on a different level`;
  return {
    caption: `${r.runs} seeds from ${r.seedStart} under ${r.columns.length} points of ${first.ruleset}: ${shared}; differences paired by seed (95%) against the first point`,
    header: [...r.vary.map((v) => v.path), 'survived', 'killed by a trap', 'hurt by a trap', 'turns (mean)', 'trap damage (mean)', 'Δ survival', 'Δ killed by a trap', 'Δ hurt by a trap'],
    rows,
  };
}

/** A whole-game sweep as a response table: a row per point, each difference paired with the first point's. */
export function gameSweepTable(r: GameSweepReport): string {
  const t = gameSweepCells(r);
  return [t.caption, table(t.header, t.rows)].join('\n\n');
}

export const SWEEP_CSV_TAIL = ['metric', 'value', 'lo95', 'hi95', 'diff', 'diff_lo95', 'diff_hi95', 'n'];

/** One number per row: each point's per-run metrics, with its paired difference from the first point. */
export function gameSweepCsv(r: GameSweepReport): string {
  const rows: Array<Array<string | number | null>> = [];
  r.columns.forEach((c, i) => {
    const at = r.vary.map((v) => r.points[i]![v.path]!);
    const d = i === 0 ? null : r.differences[i - 1]!.run;
    const rateRow = (metric: string, x: Rate, diff: Difference | null) => rows.push([...at, metric, x.p, x.lo, x.hi, diff?.diff ?? (i === 0 ? 0 : null), diff?.lo ?? null, diff?.hi ?? null, x.n]);
    const meanRow = (metric: string, x: Dist, diff: Difference | null) => rows.push([...at, metric, x.mean, null, null, diff?.diff ?? (i === 0 ? 0 : null), diff?.lo ?? null, diff?.hi ?? null, x.n]);
    rateRow('survival', c.run.survival, d?.survivalRate ?? null);
    rateRow('trap_death', c.run.trapDeath, d?.trapDeathRate ?? null);
    rateRow('trap_hurt', c.run.trapHurt, d?.trapHurtRate ?? null);
    meanRow('turns_mean', c.run.turns, d?.turns ?? null);
    meanRow('trap_damage_mean', c.run.trapDamagePerRun, d?.trapDamage ?? null);
    meanRow('traps_set_off_mean', c.run.playerTriggersPerRun, d?.playerTriggers ?? null);
  });
  return csv([...r.vary.map((v) => v.path), ...SWEEP_CSV_TAIL], rows);
}
