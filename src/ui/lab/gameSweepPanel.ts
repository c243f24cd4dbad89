/**
 * The Lab's whole-game sweep, as `trapsmith sim --vary` plays it: the run form's "Vary" field,
 * and the results of its batch (every point a column, all on the same seeds) as response curves
 * per metric with their 95% bands, the CLI's table and its CSV and JSON (gameSweepData.ts).
 */
import { gameSweepCsv } from '../../sim/format.ts';
import type { GameSweepReport } from '../../sim/gameSweep.ts';
import { bandChart, rampColours, replaceCharts } from './charts.ts';
import { dataTable, download, h, labelled, select } from './dom.ts';
import { bandRange, bandText, type CurveMode, DEFAULT_METRICS, type GameSweepPlan, labSweepReport, SWEEP_METRIC_NAMES, SWEEP_METRICS, type SweepMetric, sweepChart, sweepTableCells } from './gameSweepData.ts';
import type { SimPartial } from './protocol.ts';

/** The field: empty, Run plays the ticked rulesets side by side; filled, it sweeps one of them. */
export function varyField(): { element: HTMLLabelElement; input: HTMLInputElement } {
  const input = h('input', { type: 'text', name: 'vary', size: 34, placeholder: 'e.g. traps.fireball.difficulty=10..24:2', spellcheck: false, autocomplete: 'off' });
  input.title =
    'A whole-game sweep: traps.KIND.COLUMN=from..to[:step] (a trap kind’s column, a ticked trap file’s kinds too) or set.NAME=from..to[:step] (a setting), or =a,b,… for a list of values; two of them, separated by a space, make a grid. Every point plays the same seeds. Leave empty to compare the ticked rulesets.';
  const element = labelled('vary (whole-game sweep)', input, 'one or two ranges; empty: no sweep');
  element.classList.add('lab-vary-field');
  return { element, input };
}

/** A sweep's batch as the page holds it: done, or cancelled with the results so far. */
export interface GameSweepRun {
  plan: GameSweepPlan;
  runs: number;
  seedStart: number;
  result: SimPartial;
  cancelled: boolean;
}

export function renderGameSweep(run: GameSweepRun): HTMLElement {
  const report: GameSweepReport = labSweepReport(run.plan, run.result, run.seedStart);
  const root = h('div', { class: 'lab-results lab-game-sweep' });
  const table = sweepTableCells(report);
  root.append(
    h('p', { class: 'lab-status' }, `${run.cancelled ? `Cancelled after ${report.runs} of ${run.runs} runs a point: the results so far. ` : ''}${table.caption}.`),
  );

  const boxes = SWEEP_METRIC_NAMES.map((m) => h('input', { type: 'checkbox', name: 'sweep-metric', value: m, checked: DEFAULT_METRICS.includes(m) }));
  const mode = select(
    'sweep-show',
    [
      ['value', 'each point’s value'],
      ['difference', 'difference from the first point'],
    ],
    'value',
  );
  const charts = h('div', { class: 'lab-game-sweep-charts' });
  const draw = () => {
    const m = mode.value as CurveMode;
    const nodes = boxes
      .filter((b) => b.checked)
      .flatMap((b) => {
        const c = sweepChart(report, b.value as SweepMetric, m);
        const colours = c.series.length > 1 ? rampColours(c.series.length) : undefined;
        const chart = bandChart(c.title, c.xs, c.series, c.xName, {
          percent: c.percent,
          points: c.percent && m === 'difference',
          range: bandRange(c.series, c.percent, m),
          text: (s, i) => bandText(s.y[i], s.lo[i], s.hi[i], c.percent, m),
          ...(colours ? { colours } : {}),
        });
        return [chart, h('p', { class: 'lab-note' }, c.band, c.note ? ` ${c.note}` : '')];
      });
    replaceCharts(charts, ...nodes);
  };
  for (const b of boxes) b.addEventListener('change', draw);
  mode.addEventListener('change', draw);
  draw();

  const csvButton = h('button', { type: 'button', class: 'lab-download-csv' }, 'Download CSV');
  const jsonButton = h('button', { type: 'button', class: 'lab-download-json' }, 'Download JSON');
  // A cancelled sweep's files say so: the CSV in its name (its rows keep the CLI's shape), the JSON in a field.
  const fileName = (ext: string) => `trapsmith-lab-sweep${run.cancelled ? '-cancelled' : ''}.${ext}`;
  csvButton.addEventListener('click', () => download(fileName('csv'), gameSweepCsv(report), 'text/csv'));
  jsonButton.addEventListener('click', () =>
    download(fileName('json'), JSON.stringify(run.cancelled ? { ...report, cancelled: true, runsPlanned: run.runs } : report, null, 2), 'application/json'),
  );

  root.append(
    h('h3', {}, 'Response curves'),
    h('div', { class: 'lab-row lab-sweep-metrics' }, h('span', {}, 'Metrics:'), ...boxes.map((b) => h('label', {}, b, ` ${SWEEP_METRICS[b.value as SweepMetric].label}`)), labelled('show', mode)),
    charts,
    h('h3', {}, 'Every point'),
    dataTable(table.header, table.rows, 'lab-game-sweep-table'),
    h('div', { class: 'lab-row' }, csvButton, jsonButton),
  );
  return root;
}
