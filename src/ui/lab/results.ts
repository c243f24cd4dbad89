/** Renders a batch's results: summary, differences, rates with error bars, damage, heat map, downloads. */
import { Terrain } from '../../core/world.ts';
import { SimStats } from '../../sim/accumulator.ts';
import { columnCsvRows, compareCsv, CSV_HEADER, csv, distText, KIND_TABLE_HEADER, kindRow, lureText, rateText } from '../../sim/format.ts';
import { PairedStats } from '../../sim/paired.ts';
import { type ColumnReport, type CompareReport, columnReport, compareReport, KIND_RATE_LABELS, KIND_RATES, type KindRateName } from '../../sim/report.ts';
import { type SimSpec, startWorld } from '../../sim/runner.ts';
import { rateSeriesOf } from './chartData.ts';
import { drawHeatMap, histogramChart, rateChart, replaceCharts } from './charts.ts';
import { dataTable, download, h, labelled, select } from './dom.ts';
import type { SimPartial } from './protocol.ts';

export interface SimRun {
  columns: SimSpec[];
  runs: number;
  seedStart: number;
  heat: boolean;
  /** The one level every run played, in words (the heat map's heading). */
  levelLabel?: string;
  result: SimPartial;
  cancelled: boolean;
}

function reports(run: SimRun): { cols: ColumnReport[]; compare: CompareReport | null } {
  const stats = run.result.columns.map((d) => SimStats.fromData(d));
  if (run.columns.length === 1) return { cols: [columnReport(run.columns[0]!, stats[0]!)], compare: null };
  const paired = run.result.paired.map((d) => PairedStats.fromData(d));
  const c = compareReport(run.columns, stats, paired, run.result.runsDone, run.seedStart, run.result.fingerprintMismatches);
  return { cols: c.columns, compare: c };
}

type Difference = { diff: number | null; lo: number | null; hi: number | null };

/** Does the interval leave out 0? Then the two columns differ at 95%. */
function isClear(d: Difference): boolean {
  return d.lo !== null && d.hi !== null && (d.lo > 0 || d.hi < 0);
}

function verdict(d: Difference): string {
  if (d.diff === null) return '—';
  return isClear(d) ? 'differs' : 'no clear difference';
}

function diffCell(d: Difference, percent: boolean): string {
  if (d.diff === null) return '—';
  const f = (x: number | null) => (x === null ? '?' : percent ? (100 * x).toFixed(1) : x.toFixed(2));
  return `${d.diff > 0 ? '+' : ''}${f(d.diff)}${percent ? ' pts' : ''} [${f(d.lo)}, ${f(d.hi)}]`;
}

const TERRAIN_SHADE: Record<number, string> = {
  [Terrain.Floor]: '#2b2b2b',
  [Terrain.DoorOpen]: '#5a4020',
  [Terrain.DoorClosed]: '#7a5020',
  [Terrain.DoorLocked]: '#7a5020',
  [Terrain.DoorBroken]: '#5a4020',
  [Terrain.StairsDown]: '#406080',
  [Terrain.StairsUp]: '#406080',
  [Terrain.Water]: '#203050',
  [Terrain.Ice]: '#507080',
};

export function renderResults(run: SimRun): HTMLElement {
  const { cols, compare } = reports(run);
  const root = h('div', { class: 'lab-results' });
  const done = run.result.runsDone;
  root.append(
    h(
      'p',
      { class: 'lab-status' },
      `${done} of ${run.runs} runs${run.cancelled ? ' (cancelled: the results so far)' : ''}, seeds ${run.seedStart}–${run.seedStart + Math.max(0, done - 1)}.`,
      compare ? (compare.fingerprintMismatches === 0 ? ' Every column played the same first levels (maps, stairs, monsters).' : ` WARNING: ${compare.fingerprintMismatches} seed/column pairs started on a different level.`) : '',
    ),
  );

  // Per run, side by side.
  root.append(
    h('h3', {}, 'Per run'),
    dataTable(
      ['', ...cols.map((c) => c.id)],
      [
        ['survived', ...cols.map((c) => rateText(c.run.survival))],
        ['killed by a trap', ...cols.map((c) => rateText(c.run.trapDeath))],
        // Traps that cannot kill a healthy hero (CDDA, Wasteland) still matter: this rate shows it.
        ['hurt by a trap', ...cols.map((c) => rateText(c.run.trapHurt))],
        ['reached the stairs', ...cols.map((c) => rateText(c.run.win))],
        // The runs neither won nor lost: the bot found no way on, or the turn limit came.
        ['stuck / out of time', ...cols.map((c) => `${c.run.stuck} / ${c.run.timeout} of ${c.run.runs}`)],
        ['one-go kills from full HP', ...cols.map((c) => String(c.run.oneGoKillsFromFull))],
        ['turns (mean / median / p95 / max)', ...cols.map((c) => distText(c.run.turns))],
        ['trap damage per run', ...cols.map((c) => distText(c.run.trapDamagePerRun))],
        ['traps set off per run', ...cols.map((c) => distText(c.run.playerTriggersPerRun))],
        ['causes of death', ...cols.map((c) => c.run.causes.map((x) => `${x.cause} ${x.count}`).join('; ') || '—')],
        // The lure ledger: what traps did to monsters that were after the player.
        ['monsters lured onto traps (hunting you or following your noise)', ...cols.map((c) => lureText(c.run.lure))],
      ],
      'lab-summary',
    ),
  );
  if (compare) {
    const nameOf = (kind: string) => cols.flatMap((c) => c.kinds).find((r) => r.kind === kind)?.name ?? kind;
    for (const d of compare.differences) {
      const row = (label: string, x: Difference, percent: boolean) => [label, diffCell(x, percent), verdict(x)];
      // Per trap: the rates whose interval leaves out 0, said in words first, then the whole table.
      const clear = d.kinds.flatMap((k) => KIND_RATES.filter((n) => isClear(k.rates[n])).map((n) => `${nameOf(k.kind)}, ${KIND_RATE_LABELS[n]}: ${diffCell(k.rates[n], true)}`));
      root.append(
        h('h3', {}, `${d.id} − ${cols[0]!.id} (paired by seed, 95%)`),
        dataTable(
          ['', 'difference [interval]', 'verdict'],
          [
            row('survival', d.run.survivalRate, true),
            row('killed by a trap', d.run.trapDeathRate, true),
            row('hurt by a trap', d.run.trapHurtRate, true),
            row('turns', d.run.turns, false),
            row('trap damage per run', d.run.trapDamage, false),
            row('traps set off per run', d.run.playerTriggers, false),
          ],
          'lab-diff',
        ),
        h('p', { class: 'lab-note lab-kind-verdict' }, clear.length > 0 ? `Per trap, clearly different (the 95% interval leaves out 0): ${clear.join('; ')}.` : 'Per trap: no rate differs clearly (every 95% interval includes 0).'),
        d.kinds.length > 0
          ? dataTable(['trap', ...KIND_RATES.map((n) => KIND_RATE_LABELS[n])], d.kinds.map((k) => [nameOf(k.kind), ...KIND_RATES.map((n) => diffCell(k.rates[n], true))]), 'lab-diff lab-kind-diff')
          : '',
      );
    }
  }

  // Rates with error bars, per trap kind and column.
  const kinds = [...new Set(cols.flatMap((c) => c.kinds.map((k) => k.kind)))].sort();
  // The chart names the traps as the tables do.
  const kindNames = kinds.map((k) => cols.flatMap((c) => c.kinds).find((r) => r.kind === k)?.name ?? k);
  const metric = select('metric', KIND_RATES.map((r) => [r, KIND_RATE_LABELS[r]]), 'stepTrigger');
  const chartBox = h('div');
  const drawRates = () => {
    const m = metric.value as KindRateName;
    replaceCharts(chartBox, rateChart(`${KIND_RATE_LABELS[m]} — 95% Wilson intervals`, kindNames, rateSeriesOf(cols, kinds, m), Math.max(480, 90 + kinds.length * 70)));
  };
  metric.addEventListener('change', drawRates);
  drawRates();
  root.append(h('h3', {}, 'Rates by trap'), labelled('rate', metric), chartBox);

  // Per-trap tables.
  for (const c of cols) {
    root.append(
      h('h3', {}, `Traps — ${c.id}`),
      dataTable(
        KIND_TABLE_HEADER,
        c.kinds.map((k) => kindRow(k, k.name)),
        'lab-kinds',
      ),
    );
  }

  // Damage histogram.
  const choices: Array<[string, string]> = cols.flatMap((c, ci) => c.kinds.filter((k) => k.damage.n > 0).map((k) => [`${ci}:${k.kind}`, `${c.id}: ${k.name}`] as [string, string]));
  if (choices.length > 0) {
    const pick = select('damage-of', choices, choices[0]![0]);
    const histBox = h('div');
    const drawHist = () => {
      const [ci, kind] = pick.value.split(/:(.*)/s) as [string, string];
      const k = cols[Number(ci)]!.kinds.find((x) => x.kind === kind)!;
      replaceCharts(histBox, histogramChart(`Damage per trigger — ${cols[Number(ci)]!.id}, ${k.name} (n = ${k.damage.n}, mean ${k.damage.mean?.toFixed(2)})`, k.damageHistogram, 'damage dealt by one trigger (all victims)'));
    };
    pick.addEventListener('change', drawHist);
    drawHist();
    root.append(h('h3', {}, 'Damage'), labelled('trap', pick), histBox);
  }

  // Heat map of the one level every run played.
  const heat = run.result.columns[0]?.heat;
  if (run.heat && heat) {
    const level = startWorld(run.columns[0]!, '1');
    const canvas = h('canvas', { class: 'lab-heat', 'aria-label': 'heat map' });
    const which = select(
      'heat-of',
      [
        ['fired', 'where traps fired'],
        ['deaths', 'where actors died'],
        ['playerDeaths', 'where the player died'],
      ],
      'fired',
    );
    const colSel = select('heat-column', cols.map((c, i) => [String(i), c.id]), '0');
    const draw = () => {
      const data = run.result.columns[Number(colSel.value)]!.heat!;
      const counts = data[which.value as 'fired' | 'deaths' | 'playerDeaths'];
      drawHeatMap(canvas, level.width, level.height, (i) => TERRAIN_SHADE[level.terrain[i]!] ?? null, counts);
      const traps = level.traps.length;
      note.textContent = `${counts.reduce((a, b) => a + b, 0)} in all over ${done} runs; the level has ${traps} traps (${level.traps.filter((t) => t.host.kind !== 'floor').length} on doors or chests). Stairs up at ${level.stairsUp}, down at ${level.stairsDown} (x,y from the top left).`;
    };
    const note = h('p', { class: 'lab-status' });
    which.addEventListener('change', draw);
    colSel.addEventListener('change', draw);
    draw();
    root.append(h('h3', {}, `Heat map of ${run.levelLabel ?? `the level of seed "${run.columns[0]!.levelSeed}"`}`), h('div', { class: 'lab-row' }, labelled('show', which), cols.length > 1 ? labelled('column', colSel) : null), canvas, note);
  }

  // Downloads.
  const csvText = () => (compare ? compareCsv(compare) : csv(CSV_HEADER, columnCsvRows(cols[0]!)));
  // A cancelled run's files say so: the CSV in its name (its rows keep the CLI's shape), the JSON in a field.
  const stopped = run.cancelled ? { cancelled: true, runsPlanned: run.runs } : {};
  const jsonText = () => JSON.stringify(compare ? { ...compare, ...stopped } : { seedStart: run.seedStart, ...stopped, ...cols[0]!, ...(heat ? { heat } : {}) }, null, 2);
  const fileName = (ext: string) => `trapsmith-lab${run.cancelled ? '-cancelled' : ''}.${ext}`;
  const csvButton = h('button', { type: 'button', class: 'lab-download-csv' }, 'Download CSV');
  const jsonButton = h('button', { type: 'button', class: 'lab-download-json' }, 'Download JSON');
  csvButton.addEventListener('click', () => download(fileName('csv'), csvText(), 'text/csv'));
  jsonButton.addEventListener('click', () => download(fileName('json'), jsonText(), 'application/json'));
  root.append(h('div', { class: 'lab-row' }, csvButton, jsonButton));
  return root;
}
