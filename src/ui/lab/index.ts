/**
 * The Balance Lab tab: pick rulesets, a bot, runs and depth; the games run in a Web Worker with a
 * progress bar and Cancel while the game stays responsive; results come as tables and charts
 * (rates with error bars, damage histograms, a heat map of one level), with the same seeds under
 * every column, a variant editor, sweeps of exact odds, exact-vs-simulated agreement, and the
 * balance assertions in green and red.
 */
import '../../rulesets/index.ts';
import { listRulesets } from '../../core/registry.ts';
import { BOTS, BOT_NAMES } from '../../sim/bots/index.ts';
import type { SimSpec } from '../../sim/runner.ts';
import type { Variant } from '../../sim/variants.ts';
import { CancelledError, LabClient, type LabJob } from './client.ts';
import { lineChart } from './charts.ts';
import { dataTable, h, labelled, numberInput, select } from './dom.ts';
import type { LabResponse, SimPartial } from './protocol.ts';
import { renderResults, type SimRun } from './results.ts';
import { addLabStyles } from './style.ts';
import { variantEditor } from './variantEditor.ts';

function realRulesets(): string[] {
  return listRulesets()
    .map((r) => r.id)
    .filter((id) => !id.includes('~') && id !== 'test');
}

/** The game's seed from the page address, for "the current level". */
function pageSeed(): string {
  try {
    return new URLSearchParams(location.search).get('seed') ?? 'lab';
  } catch {
    return 'lab';
  }
}

export function mountLab(el: HTMLElement): void {
  addLabStyles();
  const client = new LabClient();
  const rulesets = realRulesets();
  const root = h('div', { class: 'lab' }, h('h2', {}, 'Balance Lab'));

  // ---------------------------------------------------------------- the run form
  const boxes = rulesets.map((id, i) => h('input', { type: 'checkbox', name: 'ruleset', value: id, checked: i === 0 }));
  const bot = select('bot', BOT_NAMES.map((b) => [b, b]), 'careful');
  bot.title = BOT_NAMES.map((b) => `${b}: ${BOTS[b]!.description}`).join('\n');
  const runs = numberInput('runs', 200, 1, 1_000_000);
  const depth = numberInput('depth', 1, 1, 100);
  const levels = numberInput('levels', 1, 1, 100);
  const seedStart = numberInput('seed-start', 1, 0, 1e12);
  const oneLevel = h('input', { type: 'checkbox', name: 'one-level' });
  const levelSeed = h('input', { type: 'text', name: 'level-seed', value: pageSeed() });
  const runButton = h('button', { type: 'button', class: 'lab-run' }, 'Run');
  const cancelButton = h('button', { type: 'button', class: 'lab-cancel', disabled: true }, 'Cancel');
  const progress = h('progress', { class: 'lab-progress', max: 1, value: 0 });
  const status = h('p', { class: 'lab-status', role: 'status' });
  const results = h('div', { class: 'lab-results-box' });

  const form = h(
    'section',
    { class: 'lab-form' },
    h('div', { class: 'lab-row' }, h('span', {}, 'Rulesets:'), ...boxes.map((b) => h('label', {}, b, ` ${b.value}`))),
    h(
      'div',
      { class: 'lab-row' },
      labelled('bot', bot),
      labelled('runs', runs),
      labelled('depth', depth),
      labelled('levels', levels),
      labelled('first seed', seedStart),
      h('label', { class: 'lab-field' }, h('span', {}, 'heat map'), h('span', {}, oneLevel, ' every run on the level of seed '), levelSeed),
    ),
    h('div', { class: 'lab-row' }, runButton, cancelButton, progress),
    status,
  );

  let busy = false;
  const setBusy = (b: boolean) => {
    busy = b;
    for (const btn of root.querySelectorAll<HTMLButtonElement>('button.lab-job')) btn.disabled = b;
    runButton.disabled = b;
    cancelButton.disabled = !b;
  };

  /** Runs a job in the worker with the shared progress bar; null when cancelled or failed. */
  const job = async (j: LabJob, label: string, onMessage?: (m: LabResponse) => void): Promise<LabResponse | null> => {
    setBusy(true);
    progress.value = 0;
    status.textContent = `${label}…`;
    status.className = 'lab-status';
    try {
      return await client.run(j, (m) => {
        if (m.type === 'progress') {
          progress.max = m.total;
          progress.value = m.done;
          status.textContent = `${label}: ${m.done} of ${m.total}`;
        }
        onMessage?.(m);
      });
    } catch (e) {
      if (e instanceof CancelledError) status.textContent = `${label}: cancelled.`;
      else {
        status.textContent = `${label} failed: ${(e as Error).message}`;
        status.className = 'lab-status lab-error';
      }
      return null;
    } finally {
      setBusy(false);
    }
  };

  const runColumns = async (columns: SimSpec[], heat: boolean) => {
    const n = Number(runs.value);
    const first = Number(seedStart.value);
    if (!(n >= 1) || !(first >= 0)) {
      status.textContent = 'Runs must be at least 1 and the first seed at least 0.';
      status.className = 'lab-status lab-error';
      return;
    }
    const run: SimRun = { columns, runs: n, seedStart: first, heat, result: { columns: [], paired: [], runsDone: 0, fingerprintMismatches: 0 }, cancelled: false };
    let last: SimPartial | null = null;
    const final = await job({ type: 'sim', columns, runs: n, seedStart: first, heat }, `Playing ${n} games × ${columns.length}`, (m) => {
      if (m.type === 'partial') last = m.result;
    });
    if (final?.type === 'simDone') run.result = final.result;
    else if (last) {
      run.result = last;
      run.cancelled = true;
    } else return;
    status.textContent = `${run.cancelled ? 'Cancelled' : 'Done'}: ${run.result.runsDone} runs${columns.length > 1 ? ` under ${columns.length} columns` : ''}.`;
    results.replaceChildren(renderResults(run));
  };

  const specBase = (): Omit<SimSpec, 'ruleset'> => ({
    bot: bot.value,
    depth: Number(depth.value),
    levels: Number(levels.value),
    ...(oneLevel.checked ? { levelSeed: levelSeed.value || 'lab' } : {}),
  });

  runButton.addEventListener('click', () => {
    const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
    if (chosen.length === 0) {
      status.textContent = 'Pick at least one ruleset.';
      status.className = 'lab-status lab-error';
      return;
    }
    void runColumns(
      chosen.map((ruleset) => ({ ruleset, ...specBase() })),
      oneLevel.checked,
    );
  });
  cancelButton.addEventListener('click', () => client.cancel());

  // ---------------------------------------------------------------- variants
  const editor = variantEditor(rulesets, (v: Variant) => {
    if (busy) return;
    void runColumns(
      [
        { ruleset: v.ruleset, ...specBase() },
        { ruleset: v.ruleset, variant: v, ...specBase() },
      ],
      oneLevel.checked,
    );
  });

  // ---------------------------------------------------------------- sweeps
  const sweepBox = sweepPanel(rulesets, (j) => job(j, 'Sweeping'));
  // ---------------------------------------------------------------- exact vs simulated
  const verifyRuns = numberInput('verify-runs', 5000, 100, 10_000_000);
  const verifyButton = h('button', { type: 'button', class: 'lab-job lab-verify' }, 'Verify every check');
  const verifyOut = h('div', { class: 'lab-verify-out' });
  verifyButton.addEventListener('click', async () => {
    const r = await job({ type: 'verify', runs: Number(verifyRuns.value) }, 'Sampling every check');
    if (r?.type !== 'verifyDone') return;
    const v = r.result;
    status.textContent = `Verified ${v.checks} check readings: ${v.failures.length} outside the 99.9% interval.`;
    verifyOut.replaceChildren(
      h('p', { class: v.failures.length === 0 ? 'lab-pass' : 'lab-fail' }, `${v.items.length - v.failures.length} of ${v.items.length} outcomes agree (exact probability inside the sampled 99.9% interval, ${v.runs} samples each).`),
      dataTable(
        ['ruleset', 'check', 'inputs', 'outcome', 'exact', 'sampled', '99.9% interval', ''],
        v.items.map((i) => [
          i.ruleset,
          i.check,
          JSON.stringify(i.inputs),
          i.outcome,
          i.exactFraction && i.exactFraction.length < 16 ? i.exactFraction : i.exact.toPrecision(4),
          i.sampled.toPrecision(4),
          `[${i.lo.toPrecision(3)}, ${i.hi.toPrecision(3)}]`,
          h('span', { class: i.ok ? 'lab-pass' : 'lab-fail' }, i.ok ? 'agrees' : 'DRIFT'),
        ]),
      ),
      ...v.skipped.map((s) => h('p', { class: 'lab-status' }, `skipped ${s.ruleset} ${s.check}: ${s.reason}`)),
    );
  });

  // ---------------------------------------------------------------- assertions
  const assertRuns = numberInput('assert-runs', 60, 1, 100_000);
  const assertButton = h('button', { type: 'button', class: 'lab-job lab-assert' }, 'Check the assertions');
  const assertOut = h('div', { class: 'lab-assert-out' });
  assertButton.addEventListener('click', async () => {
    const r = await job({ type: 'assert', runs: Number(assertRuns.value) }, 'Checking assertions');
    if (r?.type !== 'assertDone') return;
    const held = r.result.filter((a) => a.status === 'pass').length;
    status.textContent = `${held} of ${r.result.length} assertions hold.`;
    assertOut.replaceChildren(
      dataTable(
        ['', 'assertion', 'says', 'how', 'result'],
        r.result.map((a) => [
          h('span', { class: a.status === 'pass' ? 'lab-pass' : a.status === 'fail' ? 'lab-fail' : 'lab-err-status' }, a.status === 'pass' ? '✔' : a.status === 'fail' ? '✘ fails' : '? cannot check'),
          a.id,
          a.says,
          a.how,
          a.message,
        ]),
      ),
    );
  });

  root.append(
    form,
    results,
    editor.element,
    h('details', { class: 'lab-sweep' }, h('summary', {}, 'Sweep: exact odds over a range of inputs'), sweepBox),
    h(
      'details',
      { class: 'lab-verify-panel' },
      h('summary', {}, 'Exact vs simulated: every check sampled with the game\'s own dice'),
      h('div', { class: 'lab-row' }, labelled('samples per check', verifyRuns), verifyButton),
      verifyOut,
    ),
    h(
      'details',
      { class: 'lab-assert-panel' },
      h('summary', {}, 'Balance assertions'),
      h('div', { class: 'lab-row' }, labelled('games per simulated assertion', assertRuns, 'the file says more; fewer is quicker'), assertButton),
      assertOut,
    ),
  );
  el.append(root);
}

/** The sweep form: a check, one input to vary over a range, the others fixed; a curve per outcome. */
function sweepPanel(rulesetIds: string[], run: (j: LabJob) => Promise<LabResponse | null>): HTMLElement {
  const rs = listRulesets();
  const ruleset = select('sweep-ruleset', rulesetIds.map((id) => [id, id]), rulesetIds[0]);
  const check = h('select', { name: 'sweep-check' });
  const vary = h('select', { name: 'sweep-vary' });
  const from = numberInput('sweep-from', 0, -1e6, 1e6);
  const to = numberInput('sweep-to', 20, -1e6, 1e6);
  const step = numberInput('sweep-step', 1, -1e6, 1e6);
  const fixed = h('div', { class: 'lab-row' });
  const out = h('div');
  const button = h('button', { type: 'button', class: 'lab-job lab-sweep-run' }, 'Sweep');
  let inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();

  const checkOf = () => rs.find((r) => r.id === ruleset.value)!.checks[check.value];
  const fillChecks = () => {
    const r = rs.find((x) => x.id === ruleset.value)!;
    check.replaceChildren(...Object.keys(r.checks).map((c) => h('option', { value: c }, c)));
    fillParams();
  };
  const fillParams = () => {
    const c = checkOf();
    if (!c) return;
    const numeric = c.params.filter((p) => p.type === 'int' || p.type === 'number');
    vary.replaceChildren(...numeric.map((p) => h('option', { value: p.name }, p.name)));
    inputs = new Map();
    fixed.replaceChildren();
    for (const p of c.params) {
      const input =
        p.type === 'enum'
          ? select(`sweep-${p.name}`, (p.values ?? []).map((v) => [v, v]), String(p.default ?? p.values?.[0] ?? ''))
          : p.type === 'boolean'
            ? select(`sweep-${p.name}`, [
                ['false', 'false'],
                ['true', 'true'],
              ], String(p.default ?? false))
            : h('input', { type: 'text', name: `sweep-${p.name}`, value: p.default !== undefined ? String(p.default) : '', placeholder: p.required ? 'required' : 'optional', size: 6 });
      input.title = p.description;
      inputs.set(p.name, input);
      fixed.append(labelled(p.name, input));
    }
  };
  // The varied input's own field is not used: grey it out.
  const markVaried = () => {
    for (const [name, input] of inputs) input.disabled = name === vary.value;
  };
  ruleset.addEventListener('change', () => {
    fillChecks();
    markVaried();
  });
  check.addEventListener('change', () => {
    fillParams();
    markVaried();
  });
  vary.addEventListener('change', markVaried);
  fillChecks();
  markVaried();

  button.addEventListener('click', async () => {
    const c = checkOf();
    if (!c) return;
    const fixedValues: Record<string, unknown> = {};
    for (const [name, input] of inputs) {
      if (name === vary.value || input.value === '') continue;
      const spec = c.params.find((p) => p.name === name)!;
      fixedValues[name] = spec.type === 'boolean' ? input.value === 'true' : input.value;
    }
    const r = await run({
      type: 'sweep',
      ruleset: ruleset.value,
      check: check.value,
      fixed: fixedValues,
      vary: [{ name: vary.value, from: Number(from.value), to: Number(to.value), step: Number(step.value) }],
    });
    if (r?.type !== 'sweepDone') return;
    const s = r.result;
    const xs = s.axes[0]!.values;
    const series = s.numeric
      ? [{ label: 'mean', y: s.cells.map((cell) => cell.mean?.p ?? 0) }]
      : s.outcomes.map((o) => ({ label: o, y: s.cells.map((cell) => cell.outcomes[o]!.p) }));
    out.replaceChildren(
      lineChart(`${s.ruleset} ${s.check} by ${vary.value}`, xs, series, vary.value, !s.numeric),
      dataTable(
        [vary.value, ...series.map((x) => x.label)],
        xs.map((x, i) => [String(x), ...series.map((se) => (s.numeric ? se.y[i]!.toFixed(3) : `${(100 * se.y[i]!).toFixed(2)}%`))]),
      ),
    );
  });

  return h(
    'div',
    {},
    h('div', { class: 'lab-row' }, labelled('ruleset', ruleset), labelled('check', check), labelled('vary', vary), labelled('from', from), labelled('to', to), labelled('step', step), button),
    h('p', { class: 'lab-status' }, 'The other inputs:'),
    fixed,
    out,
  );
}
