/**
 * The lab's sweep form: a check, one input varied over a range (and optionally a second one,
 * giving a 2-D grid, as `trapsmith sweep` with two --vary), the other inputs fixed. A 1-D sweep
 * draws a curve per outcome; a 2-D one shows a chosen outcome (or the mean) as a grid table and
 * as curves over the first input, one per value of the second (sweepData.ts).
 */
import { listRulesets } from '../../core/registry.ts';
import { type SweepResult, type Vary, varyProblem } from '../../sim/sweep.ts';
import { lineChart, rampColours, replaceCharts } from './charts.ts';
import type { LabJob } from './client.ts';
import { dataTable, download, fieldNumber, h, labelled, numberInput, select } from './dom.ts';
import type { LabResponse } from './protocol.ts';
import { sweepCsv, sweepCurves, sweepMeasures, sweepTable } from './sweepData.ts';
import { numberInputs, type SweepRange, sweepableChecks, sweepStart } from './sweepDefaults.ts';
import { fieldWords } from './words.ts';

const NONE = '';

/**
 * A range from the form: the step's size as typed, its sign the way from `from` to `to` (so 30 to
 * 10 by 1 counts down, as `trapsmith sweep` does by default).
 */
function range(name: string, from: HTMLInputElement, to: HTMLInputElement, step: HTMLInputElement): Vary {
  const a = fieldNumber(from, 'number');
  const b = fieldNumber(to, 'number');
  const size = Math.abs(fieldNumber(step, 'number'));
  return { name, from: a, to: b, step: b < a ? -size : size };
}

function setRange(r: SweepRange, from: HTMLInputElement, to: HTMLInputElement, step: HTMLInputElement): void {
  from.value = String(r.from);
  to.value = String(r.to);
  step.value = String(r.step);
}

/**
 * `run` runs a job in the lab's worker; a failure is also handed to `failed`, said here beside the
 * form. `initial`: the ruleset the form starts on (the running game's). The form starts, and
 * starts again on each choice of ruleset, check or input, where the check reads (sweepDefaults.ts).
 */
export function sweepPanel(rulesetIds: string[], run: (j: LabJob, failed: (why: string) => void) => Promise<LabResponse | null>, initial?: string): HTMLElement {
  const rs = listRulesets();
  const ruleset = select('sweep-ruleset', rulesetIds.map((id) => [id, id]), initial && rulesetIds.includes(initial) ? initial : rulesetIds[0]);
  const check = h('select', { name: 'sweep-check' });
  const vary = h('select', { name: 'sweep-vary' });
  const from = numberInput('sweep-from', 0, -1e6, 1e6);
  const to = numberInput('sweep-to', 20, -1e6, 1e6);
  const step = numberInput('sweep-step', 1, -1e6, 1e6);
  const vary2 = h('select', { name: 'sweep-vary2' });
  const from2 = numberInput('sweep-from2', 0, -1e6, 1e6);
  const to2 = numberInput('sweep-to2', 10, -1e6, 1e6);
  const step2 = numberInput('sweep-step2', 1, -1e6, 1e6);
  const second = h('span', { class: 'lab-row' }, labelled('from', from2), labelled('to', to2), labelled('step', step2));
  const fixed = h('div', { class: 'lab-row' });
  const message = h('p', { class: 'lab-status', role: 'status' });
  const out = h('div', { class: 'lab-sweep-out' });
  const fail = (why: string) => {
    // The checks word their refusals for the command line (--difficulty); the form names its fields.
    message.textContent = `Sweep refused: ${fieldWords(why.replace(/\.$/, ''))}.`;
    message.className = 'lab-status lab-error';
    // The grid on show answered another question.
    replaceCharts(out);
  };
  const button = h('button', { type: 'button', class: 'lab-job lab-sweep-run' }, 'Sweep');
  let inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  /** The fixed inputs the user has typed into since the check was chosen: a new choice of input keeps them. */
  let edited = new Set<string>();
  fixed.addEventListener('input', (e) => {
    const name = (e.target as HTMLInputElement).name?.replace(/^sweep-/, '');
    if (name) edited.add(name);
  });

  const checkOf = () => rs.find((r) => r.id === ruleset.value)!.checks[check.value];
  const fillChecks = () => {
    const r = rs.find((x) => x.id === ruleset.value)!;
    // A sweep varies a number: a check without a number input is not offered.
    check.replaceChildren(...sweepableChecks(r.id).map((c) => h('option', { value: c }, c)));
    fillParams();
  };
  const fillParams = () => {
    const c = checkOf();
    if (!c) return;
    const start = sweepStart(ruleset.value, check.value);
    vary.replaceChildren(...numberInputs(c).map((p) => h('option', { value: p.name }, p.name)));
    if (start) {
      vary.value = start.vary;
      setRange(start.range, from, to, step);
    }
    fillSecond();
    inputs = new Map();
    edited = new Set();
    fixed.replaceChildren();
    for (const p of c.params) {
      const input =
        p.type === 'enum'
          ? select(`sweep-${p.name}`, (p.values ?? []).map((v) => [v, v]), start?.fixed[p.name] ?? String(p.default ?? p.values?.[0] ?? ''))
          : p.type === 'boolean'
            ? select(
                `sweep-${p.name}`,
                [
                  ['false', 'false'],
                  ['true', 'true'],
                ],
                start?.fixed[p.name] ?? String(p.default ?? false),
              )
            : h('input', { type: 'text', name: `sweep-${p.name}`, value: start?.fixed[p.name] ?? (p.default !== undefined ? String(p.default) : ''), placeholder: p.required ? 'required' : 'optional', size: 6 });
      // The range a number takes, as `trapsmith odds <ruleset>` lists it.
      input.title = p.min !== undefined || p.max !== undefined ? `${p.description} (${p.min ?? '…'} to ${p.max ?? '…'})` : p.description;
      inputs.set(p.name, input);
      fixed.append(labelled(p.name, input));
    }
  };
  /** The second input: any other number input, or none (a 1-D sweep). */
  const fillSecond = () => {
    const c = checkOf();
    const keep = vary2.value;
    const others = (c?.params ?? []).filter((p) => (p.type === 'int' || p.type === 'number') && p.name !== vary.value);
    vary2.replaceChildren(h('option', { value: NONE }, '(none: 1-D)'), ...others.map((p) => h('option', { value: p.name }, p.name)));
    vary2.value = others.some((p) => p.name === keep) ? keep : NONE;
  };
  // The varied inputs' own fields are not used: grey them out.
  const markVaried = () => {
    for (const [name, input] of inputs) input.disabled = name === vary.value || name === vary2.value;
    second.hidden = vary2.value === NONE;
  };
  ruleset.addEventListener('change', () => {
    fillChecks();
    markVaried();
  });
  check.addEventListener('change', () => {
    fillParams();
    markVaried();
  });
  /**
   * The fixed inputs the user has not typed into, where the check reads with what is varied: a
   * value both varied inputs' starts give (ceaptun's disarm fixes a Dexterity when its difficulty
   * varies, none when its modifier does: the two are not given together).
   */
  const startFixed = () => {
    const a = sweepStart(ruleset.value, check.value, vary.value);
    const b = vary2.value === NONE ? null : sweepStart(ruleset.value, check.value, vary2.value);
    for (const [name, input] of inputs) {
      if (edited.has(name)) continue;
      const v = a?.fixed[name];
      const keep = v !== undefined && (!b || b.fixed[name] !== undefined || name === vary2.value);
      if (input instanceof HTMLInputElement) input.value = keep ? v : '';
      else if (keep && [...input.options].some((o) => o.value === v)) input.value = v;
    }
  };
  vary.addEventListener('change', () => {
    const start = sweepStart(ruleset.value, check.value, vary.value);
    if (start) setRange(start.range, from, to, step);
    fillSecond();
    startFixed();
    markVaried();
  });
  vary2.addEventListener('change', () => {
    const start = vary2.value === NONE ? null : sweepStart(ruleset.value, check.value, vary2.value);
    if (start) setRange(start.range, from2, to2, step2);
    startFixed();
    markVaried();
  });
  fillChecks();
  markVaried();

  const show = (s: SweepResult) => {
    const measures = sweepMeasures(s);
    const measure = select('sweep-measure', measures.map((m) => [m, m === 'mean' ? 'mean' : `P(${m})`]), measures[0]);
    const view = h('div');
    const csvButton = h('button', { type: 'button', class: 'lab-sweep-csv' }, 'Download CSV');
    csvButton.addEventListener('click', () => download(`trapsmith-sweep-${s.ruleset}-${s.check}.csv`, sweepCsv(s), 'text/csv'));
    const draw = () => {
      const m = s.axes.length === 2 ? measure.value : undefined;
      const curves = sweepCurves(s, m);
      const table = sweepTable(s, m);
      const what = s.axes.length === 1 ? '' : m === 'mean' ? ': mean' : `: P(${m})`;
      const title = `${s.ruleset} ${s.check}${what} by ${s.axes.map((a) => a.name).join(' and ')}`;
      replaceCharts(
        view,
        lineChart(title, curves.xs, curves.series, curves.xName, curves.percent, 720, 300, s.axes.length === 2 ? rampColours(curves.series.length) : undefined),
        curves.note ? h('p', { class: 'lab-note' }, curves.note) : '',
        dataTable(table.header, table.rows, s.axes.length === 2 ? 'lab-sweep-table lab-sweep-grid' : 'lab-sweep-table'),
      );
    };
    measure.addEventListener('change', draw);
    draw();
    replaceCharts(out, s.axes.length === 2 ? h('div', { class: 'lab-row' }, labelled('show', measure), csvButton) : h('div', { class: 'lab-row' }, csvButton), view);
  };

  button.addEventListener('click', async () => {
    const c = checkOf();
    if (!c) return;
    const axes: Vary[] = [range(vary.value, from, to, step)];
    if (vary2.value !== NONE) axes.push(range(vary2.value, from2, to2, step2));
    const problem = axes.map(varyProblem).find((p) => p !== null);
    if (problem) {
      fail(problem);
      return;
    }
    const fixedValues: Record<string, unknown> = {};
    for (const [name, input] of inputs) {
      if (axes.some((a) => a.name === name) || input.value === '') continue;
      const spec = c.params.find((p) => p.name === name)!;
      fixedValues[name] = spec.type === 'boolean' ? input.value === 'true' : input.value;
    }
    message.textContent = '';
    message.className = 'lab-status';
    replaceCharts(out);
    const r = await run({ type: 'sweep', ruleset: ruleset.value, check: check.value, fixed: fixedValues, vary: axes }, fail);
    if (r?.type !== 'sweepDone') return;
    message.textContent = `${r.result.cells.length} cells read exactly.`;
    show(r.result);
  });

  return h(
    'div',
    {},
    h('div', { class: 'lab-row' }, labelled('ruleset', ruleset), labelled('check', check), labelled('vary', vary), labelled('from', from), labelled('to', to), labelled('step', step), button),
    h('div', { class: 'lab-row' }, labelled('then by (2-D)', vary2), second),
    h('p', { class: 'lab-status' }, 'The other inputs:'),
    fixed,
    message,
    out,
  );
}
