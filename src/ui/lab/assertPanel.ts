/**
 * The lab's balance assertions: the default file or a designer's own (a JSON file picked here,
 * checked by the schema at once, a bad file named with what is wrong), checked in the worker and
 * shown green (holds), red (fails, and by how much) or amber (cannot be checked).
 */
import type { AssertionResult } from '../../sim/assertions.ts';
import { type AssertionSource, defaultAssertions, MAX_FILE_BYTES, readAssertionsText } from './assertionsFile.ts';
import type { LabJob } from './client.ts';
import { dataTable, fieldNumber, h, labelled, numberInput } from './dom.ts';
import type { LabResponse } from './protocol.ts';

const MARK: Record<AssertionResult['status'], [string, string]> = {
  pass: ['lab-pass', '✔ holds'],
  fail: ['lab-fail', '✘ fails'],
  error: ['lab-err-status', '? cannot check'],
};

export function assertPanel(run: (j: LabJob, label: string) => Promise<LabResponse | null>, say: (text: string) => void): HTMLElement {
  let source: AssertionSource = defaultAssertions();
  const runs = numberInput('assert-runs', 60, 1, 100_000);
  const fileInput = h('input', { type: 'file', name: 'assert-file', accept: '.json,application/json' });
  const useDefault = h('button', { type: 'button', class: 'lab-assert-default' }, 'Use the default file');
  const sourceLine = h('p', { class: 'lab-assert-source' });
  const fileError = h('p', { class: 'lab-file-error', role: 'alert' });
  const button = h('button', { type: 'button', class: 'lab-job lab-assert' }, 'Check the assertions');
  const out = h('div', { class: 'lab-assert-out' });

  const showSource = () => {
    const n = source.file.assertions.length;
    const rulesets = [...new Set(source.file.assertions.map((a) => a.ruleset))].join(', ');
    sourceLine.textContent = `Checking ${source.name}: ${n} assertion${n === 1 ? '' : 's'} (${rulesets}).`;
    useDefault.hidden = !source.custom;
  };
  showSource();

  fileInput.addEventListener('change', async () => {
    const f = fileInput.files?.[0];
    if (!f) return;
    fileError.textContent = '';
    if (f.size > MAX_FILE_BYTES) {
      fileError.textContent = `${f.name}: ${f.size} bytes is too big for an assertions file (at most ${MAX_FILE_BYTES}); still using ${source.name}.`;
      fileInput.value = '';
      return;
    }
    const r = readAssertionsText(await f.text(), f.name);
    fileInput.value = '';
    if (!r.ok) {
      fileError.textContent = `${r.error} — still using ${source.name}.`;
      return;
    }
    source = r.source;
    out.replaceChildren();
    showSource();
  });
  useDefault.addEventListener('click', () => {
    source = defaultAssertions();
    fileError.textContent = '';
    out.replaceChildren();
    showSource();
  });

  button.addEventListener('click', async () => {
    const games = fieldNumber(runs);
    if (!(games >= 1)) {
      say('Games per simulated assertion must be a whole number, 1 or more.');
      return;
    }
    const r = await run({ type: 'assert', runs: games, ...(source.custom ? { file: source.file } : {}) }, 'Checking assertions');
    if (r?.type !== 'assertDone') return;
    const held = r.result.filter((a) => a.status === 'pass').length;
    const failed = r.result.filter((a) => a.status === 'fail').length;
    say(`${held} of ${r.result.length} assertions hold${failed > 0 ? `, ${failed} fail` : ''} (${source.name}).`);
    out.replaceChildren(
      h('p', { class: failed > 0 ? 'lab-fail' : 'lab-pass' }, `${held} of ${r.result.length} hold; ${failed} fail; ${r.result.length - held - failed} cannot be checked.`),
      dataTable(
        ['', 'assertion', 'says', 'how', 'result'],
        r.result.map((a) => [h('span', { class: MARK[a.status][0] }, MARK[a.status][1]), a.id, a.says, a.how, a.message]),
        'lab-assert-table',
      ),
    );
  });

  return h(
    'div',
    {},
    h('div', { class: 'lab-row' }, labelled('assertions file (JSON)', fileInput, 'the form of src/sim/assertions.default.json'), useDefault),
    sourceLine,
    fileError,
    h('div', { class: 'lab-row' }, labelled('games per simulated assertion', runs, 'the file says more; fewer is quicker'), button),
    out,
  );
}
