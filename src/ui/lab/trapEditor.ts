/**
 * The Lab's trap editor: a designer's trap file as a form and as its whole JSON, kept in step, with
 * the exact step odds of every floor kind as they type. Choose a ruleset that plays trap files,
 * start from one of its kinds, a shipped example, a file the page knows (New game's, a game's) or a
 * blank kind, or open a file; edit; Download the file,
 * Simulate it in the Lab (the ruleset against the ruleset playing the file, on the same seeds), or
 * Play it in a new game.
 *
 * Invariants: a form edit rewrites the JSON from the draft; a JSON edit that reads refills the
 * form; one that does not lists its problems (each naming its field) and changes nothing else: the
 * form, the odds and the buttons keep the last file that read. Nothing here registers a ruleset
 * while editing (the odds read `withKinds` of the file directly, trapEditorModel.ts); the game and
 * the saves are touched only by Play it.
 */
import { withoutBom } from '../../core/jsonInput.ts';
import { getRuleset } from '../../core/registry.ts';
import type { ParamSpec } from '../../core/ruleset.ts';
import type { TrapFile } from '../../core/traps/definition.ts';
import { rulesetsTakingTrapFiles } from '../../core/traps/files.ts';
import { MAX_TRAP_FILE_BYTES } from '../../core/traps/schema.ts';
import { knownTrapFiles } from '../../share/trapFiles.ts';
import { onFilePicked } from '../dom.ts';
import { RULESET_IDS } from '../rulesets.ts';
import { download, h, labelled, select } from './dom.ts';
import {
  type Field,
  draftText,
  downloadName,
  type Json,
  formFields,
  initialInput,
  kindCount,
  kindLabel,
  oddsCells,
  oddsParams,
  type Reading,
  readDraft,
  setAt,
  setField,
  startPoints,
  blankKind,
  getAt,
} from './trapEditorModel.ts';
import { TrapOddsClient } from './trapOddsClient.ts';
import { fieldWords } from './words.ts';

/** Typing settles this long before the odds (and a JSON edit) are read again. */
export const TYPING_PAUSE_MS = 150;

export interface TrapEditorHooks {
  /** Runs the file in the Lab: a message when it cannot now (the Lab is busy), else null. */
  simulate(file: TrapFile): string | null;
  /** Starts a game playing the file: a message when it cannot, else null. Absent: no Play it button. */
  play?(file: TrapFile): string | null;
}

export interface TrapEditor {
  element: HTMLElement;
  /** The file as last read, or null while nothing has read. */
  file(): TrapFile | null;
}

/** `odds`: where the exact odds are read (a worker of its own by default: a large reading takes seconds). */
export function trapEditor(hooks: TrapEditorHooks, initial?: string, odds: TrapOddsClient = new TrapOddsClient()): TrapEditor {
  // In the manifest's order, whichever ruleset the page happened to load first.
  const rulesets = rulesetsTakingTrapFiles().sort((a, b) => RULESET_IDS.indexOf(a) - RULESET_IDS.indexOf(b));
  const rulesetSelect = select('trap-ruleset', rulesets.map((id) => [id, getRuleset(id).name]), initial && rulesets.includes(initial) ? initial : rulesets[0]);
  const startSelect = select('trap-start', []);
  const kindSelect = select('trap-kind', []);
  const addKind = h('button', { type: 'button', class: 'lab-trap-add' }, 'Add a kind');
  const removeKind = h('button', { type: 'button', class: 'lab-trap-remove' }, 'Remove this kind');
  const form = h('div', { class: 'lab-trap-form' });
  const json = h('textarea', { name: 'trap-json', class: 'lab-trap-json', rows: 24, cols: 60, spellcheck: 'false', 'aria-label': 'The trap file as JSON' });
  const problems = h('ul', { class: 'lab-trap-problems', role: 'alert' });
  const oddsInputs = h('div', { class: 'lab-row lab-trap-odds-inputs' });
  const oddsOut = h('div', { class: 'lab-trap-odds', 'aria-live': 'polite' });
  const status = h('p', { class: 'lab-status lab-trap-status' });
  const downloadButton = h('button', { type: 'button', class: 'lab-trap-download' }, 'Download');
  const simulateButton = h('button', { type: 'button', class: 'lab-job lab-trap-simulate' }, 'Simulate in the Lab');
  const playButton = hooks.play ? h('button', { type: 'button', class: 'lab-trap-play' }, 'Play it') : null;

  let draft: Json = null;
  /** The last draft that read, with the ruleset copy playing its kinds. */
  let good: Extract<Reading, { ok: true }> | null = null;
  /** What the form and the JSON show does not read (its problems are listed): the last good file stands. */
  let shownBad = false;
  let kindIndex = 0;
  let inputFields = new Map<string, HTMLInputElement | HTMLSelectElement>();
  /** A JSON edit waiting for typing to settle. */
  let jsonTimer: ReturnType<typeof setTimeout> | undefined;
  let oddsRuleset = '';

  const say = (text: string, error = false) => {
    status.textContent = text;
    status.className = `lab-status lab-trap-status${error ? ' lab-error' : ''}`;
  };
  const showProblems = (issues: readonly string[]) => {
    problems.replaceChildren(...issues.map((i) => h('li', {}, fieldWords(i))));
  };

  // ---------------------------------------------------------------- the odds
  /** The step check's inputs for the ruleset (kept as typed while the ruleset stays). */
  const buildOddsInputs = (ruleset: string) => {
    if (ruleset === oddsRuleset) return;
    oddsRuleset = ruleset;
    inputFields = new Map();
    const fieldOf = (p: ParamSpec): HTMLInputElement | HTMLSelectElement => {
      const name = `odds-${p.name}`;
      if (p.type === 'boolean') return h('input', { type: 'checkbox', name, checked: initialInput(p) === 'true' });
      if (p.type === 'enum') return select(name, (p.values ?? []).map((v) => [v, v]), initialInput(p));
      if (p.type === 'string') return h('input', { type: 'text', name, value: initialInput(p), size: 10 });
      return h('input', { type: 'number', name, value: initialInput(p), min: p.min, max: p.max, step: p.type === 'int' ? 1 : 'any' });
    };
    const fields = oddsParams(ruleset).map((p) => {
      const input = fieldOf(p);
      input.title = p.description;
      inputFields.set(p.name, input);
      return labelled(p.name, input);
    });
    oddsInputs.replaceChildren(...fields);
  };
  const rawInputs = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, input] of inputFields) out[name] = input instanceof HTMLInputElement && input.type === 'checkbox' ? String(input.checked) : input.value;
    return out;
  };
  /** Each reading's number: a reading's answer shows only while it is the latest asked for. */
  let oddsAsked = 0;
  const showOdds = async () => {
    // Closed, it reads nothing (its worker starts the first time it is opened).
    if (!element.open) return;
    if (!good) {
      oddsOut.replaceChildren(h('p', { class: 'lab-note' }, 'No odds until the file reads.'));
      return;
    }
    const asked = ++oddsAsked;
    // Said only if the reading takes a while (most take a millisecond).
    const slow = setTimeout(() => {
      if (asked === oddsAsked) oddsOut.prepend(h('p', { class: 'lab-note lab-trap-reading' }, 'Reading the odds exactly…'));
    }, 400);
    const answer = await odds.read(good.file, rawInputs());
    clearTimeout(slow);
    if (!answer || asked !== oddsAsked) return;
    if ('error' in answer) {
      oddsOut.replaceChildren(h('p', { class: 'lab-error lab-trap-odds-problem' }, fieldWords(answer.error)));
      return;
    }
    const { reading, outcomes } = answer;
    if (reading.inputsProblem) {
      oddsOut.replaceChildren(h('p', { class: 'lab-error lab-trap-odds-problem' }, fieldWords(reading.inputsProblem)));
      return;
    }
    if (reading.rows.length === 0) {
      oddsOut.replaceChildren(h('p', { class: 'lab-note' }, 'No kind of this file sits on the floor: the step check reads floor traps only.'));
      return;
    }
    const table = h('table', { class: 'lab-table lab-trap-odds-table' }, h('thead', {}, h('tr', {}, h('th', {}, 'stepping onto'), ...outcomes.map((o) => h('th', { class: 'num' }, o)))));
    const body = h('tbody');
    const notes = h('ul', { class: 'lab-trap-left-out' });
    for (const row of reading.rows) {
      const tr = h('tr', { 'data-kind': row.id }, h('td', {}, `${row.name} (${row.id})`));
      if (row.problem) tr.append(h('td', { colspan: outcomes.length, class: 'lab-error' }, fieldWords(row.problem)));
      else tr.append(...oddsCells(row, outcomes).map((c, i) => h('td', { class: 'num', 'data-outcome': outcomes[i] }, c)));
      body.append(tr);
      if (row.statuses) notes.append(h('li', { class: 'lab-trap-statuses' }, `${row.name} leaves you, alive: ${row.statuses}.`));
      if (row.leavesOut.length > 0) notes.append(h('li', {}, `${row.name}: Not counted: ${row.leavesOut.join('; ')}.`));
    }
    table.append(body);
    oddsOut.replaceChildren(h('div', { class: 'lab-scroll' }, table), notes.childElementCount > 0 ? notes : '', shownBad ? h('p', { class: 'lab-note' }, 'These are the odds of the last file that read.') : '');
  };
  let oddsTimer: ReturnType<typeof setTimeout> | undefined;
  const oddsSoon = () => {
    clearTimeout(oddsTimer);
    oddsTimer = setTimeout(() => void showOdds(), TYPING_PAUSE_MS);
  };
  oddsInputs.addEventListener('input', oddsSoon);
  oddsInputs.addEventListener('change', oddsSoon);

  // ---------------------------------------------------------------- the form
  const fieldControl = (f: Field): HTMLElement => {
    const name = `trap-${f.path.join('.')}`;
    if (f.kind === 'hosts') {
      const on = new Set(f.value.split(','));
      const boxes = (f.options ?? []).map((o) => h('label', {}, h('input', { type: 'checkbox', name, value: o, checked: on.has(o) }), ` ${o}`));
      return h('span', { class: 'lab-trap-hosts', role: 'group', 'aria-label': f.label }, ...boxes);
    }
    if (f.kind === 'bool') return h('input', { type: 'checkbox', name, checked: f.value === 'true' });
    if (f.kind === 'select' || f.kind === 'effect') {
      const options = f.options ?? [];
      return select(name, [...(options.includes(f.value) ? [] : [[f.value, f.value || '—'] as [string, string]]), ...options.map((o): [string, string] => [o, o])], f.value);
    }
    return h('input', { type: 'text', name, value: f.value, size: f.kind === 'damage' || f.label === 'says' || f.label === 'description' ? 36 : 10 });
  };
  const readControl = (f: Field, el: HTMLElement): string => {
    if (f.kind === 'hosts') return [...el.querySelectorAll<HTMLInputElement>('input')].filter((b) => b.checked).map((b) => b.value).join(',');
    if (el instanceof HTMLInputElement && el.type === 'checkbox') return String(el.checked);
    return (el as HTMLInputElement | HTMLSelectElement).value;
  };

  const renderKinds = () => {
    const n = kindCount(draft);
    kindIndex = Math.max(0, Math.min(kindIndex, n - 1));
    kindSelect.replaceChildren(...Array.from({ length: n }, (_, i) => h('option', { value: i, selected: i === kindIndex }, kindLabel(draft, i))));
    kindSelect.value = String(kindIndex);
    removeKind.disabled = n <= 1;
  };
  const renderForm = () => {
    renderKinds();
    const ruleset = typeof getAt(draft, ['ruleset']) === 'string' ? (getAt(draft, ['ruleset']) as string) : rulesetSelect.value;
    const rows: HTMLElement[] = [];
    let row = h('div', { class: 'lab-row' });
    for (const f of formFields(draft, kindIndex, ruleset)) {
      if (f.group) {
        if (row.childElementCount > 0) rows.push(row);
        rows.push(h('h4', {}, f.group));
        row = h('div', { class: 'lab-row' });
      }
      if (f.kind === 'note') {
        row.append(h('div', { class: 'lab-field' }, h('span', {}, f.label), h('small', {}, f.value)));
        continue;
      }
      const control = fieldControl(f);
      const update = () => {
        draft = setField(draft, f, readControl(f, control));
        // A new type of effect brings other fields; a kind's name shows in the kind select.
        edited(f.kind === 'effect');
        if (f.path.at(-1) === 'name' || f.path.at(-1) === 'id') renderKinds();
      };
      control.addEventListener(f.kind === 'text' || f.kind === 'int' || f.kind === 'number' || f.kind === 'count' || f.kind === 'damage' || f.kind === 'depths' || f.kind === 'numberCell' ? 'input' : 'change', update);
      row.append(f.kind === 'hosts' ? h('div', { class: 'lab-field' }, h('span', {}, f.label), control) : labelled(f.label, control, f.hint));
    }
    if (row.childElementCount > 0) rows.push(row);
    if (rows.length === 0) rows.push(h('p', { class: 'lab-note' }, 'The file has no kind to edit in the form: add one, or write it in the JSON.'));
    form.replaceChildren(...rows);
  };

  /** A file that reads names its ruleset: the selects and the odds' inputs follow it. */
  const followRuleset = (ruleset: string) => {
    if (ruleset !== rulesetSelect.value && rulesets.includes(ruleset)) {
      rulesetSelect.value = ruleset;
      fillStarts();
    }
    buildOddsInputs(ruleset);
  };

  /** Reads the draft (a form edit, or a start): the JSON follows it whether or not it reads. */
  const edited = (refillForm: boolean) => {
    // The form's edit wins over a JSON edit still settling (the JSON is the form's now).
    clearTimeout(jsonTimer);
    json.value = draftText(draft);
    const r = readDraft(draft);
    shownBad = !r.ok;
    if (r.ok) {
      good = r;
      showProblems([]);
      followRuleset(r.file.ruleset);
    } else showProblems(r.issues);
    if (refillForm) renderForm();
    oddsSoon();
  };

  // ---------------------------------------------------------------- the JSON
  const jsonEdited = () => {
    const text = json.value;
    const r = readDraft(text, 'the JSON');
    if (!r.ok) {
      // The form, the odds and the buttons keep the last file that read.
      shownBad = true;
      showProblems(r.issues);
      oddsSoon();
      return;
    }
    shownBad = false;
    draft = JSON.parse(withoutBom(text)) as Json;
    good = r;
    showProblems([]);
    followRuleset(r.file.ruleset);
    renderForm();
    oddsSoon();
  };
  /**
   * Text past the largest file is never kept in the box: a browser takes many seconds to lay out
   * megabytes in a textarea, and no such text reads. It is refused before it is drawn (a paste
   * before it lands; any other way in at once on its input event) and the box shows the draft again.
   */
  const refuseTooLarge = (text: string): boolean => {
    if (text.length <= MAX_TRAP_FILE_BYTES) return false;
    clearTimeout(jsonTimer);
    const r = readDraft(text, 'the JSON');
    // The box shows the draft again, and what is shown is what the buttons may act on.
    const shown = readDraft(draft);
    showProblems([...(r.ok ? [] : r.issues), 'the text was not taken in: the JSON shows the file as it was', ...(shown.ok ? [] : shown.issues)]);
    say('That text is too large to be a trap file.', true);
    json.value = draftText(draft);
    shownBad = !shown.ok;
    oddsSoon();
    return true;
  };
  json.addEventListener('paste', (e) => {
    if (refuseTooLarge(e.clipboardData?.getData('text/plain') ?? '')) e.preventDefault();
  });
  json.addEventListener('input', () => {
    if (refuseTooLarge(json.value)) return;
    clearTimeout(jsonTimer);
    jsonTimer = setTimeout(jsonEdited, TYPING_PAUSE_MS);
  });

  // ---------------------------------------------------------------- starting points and kinds
  /** The ruleset's starting points, the trap files this page knows (New game's, the games') first. */
  const starts = () => [
    ...knownTrapFiles()
      .filter((k) => k.file.ruleset === rulesetSelect.value)
      .map((k, i) => ({ key: `loaded:${i}:${k.file.name}`, label: `loaded: ${k.file.name} (${k.source})`, file: () => JSON.parse(JSON.stringify(k.file)) as Json })),
    ...startPoints(rulesetSelect.value),
  ];
  const fillStarts = () => {
    const keep = startSelect.value;
    const points = starts();
    startSelect.replaceChildren(...points.map((p) => h('option', { value: p.key }, p.label)));
    if (points.some((p) => p.key === keep)) startSelect.value = keep;
    return points;
  };
  const start = () => {
    const point = starts().find((p) => p.key === startSelect.value);
    if (!point) return;
    draft = point.file();
    kindIndex = 0;
    buildOddsInputs(rulesetSelect.value);
    edited(true);
    say(`Started from ${point.label}.`);
  };
  rulesetSelect.addEventListener('change', () => {
    fillStarts();
    start();
  });
  startSelect.addEventListener('change', start);
  kindSelect.addEventListener('change', () => {
    kindIndex = Number(kindSelect.value);
    renderForm();
  });
  addKind.addEventListener('click', () => {
    const n = kindCount(draft);
    const kind = blankKind(String(getAt(draft, ['ruleset']) ?? rulesetSelect.value));
    // A fresh id: two kinds of one file may not share one.
    const ids = new Set(Array.from({ length: n }, (_, i) => getAt(draft, ['traps', i, 'id'])));
    let id = 'my_trap';
    for (let i = 2; ids.has(id); i++) id = `my_trap_${i}`;
    draft = setAt(draft, ['traps', n], setAt(kind, ['id'], id));
    kindIndex = n;
    edited(true);
  });
  removeKind.addEventListener('click', () => {
    if (kindCount(draft) <= 1) return;
    draft = setAt(draft, ['traps', kindIndex], undefined);
    kindIndex = Math.max(0, kindIndex - 1);
    edited(true);
  });

  // ---------------------------------------------------------------- a file of the designer's
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', class: 'lab-trap-file-input', hidden: true });
  const openButton = h('button', { type: 'button', class: 'lab-trap-open' }, 'Open a trap file…');
  openButton.addEventListener('click', () => fileInput.click());
  onFilePicked(
    fileInput,
    (name, text) => {
      // Read by the one reading of the editor: a file that does not read changes nothing.
      const r = readDraft(text, name);
      if (!r.ok) {
        showProblems(r.issues.map((i) => `${name}: ${i}`));
        say(`${name} was not opened: its problems are listed. Nothing was changed.`, true);
        return;
      }
      clearTimeout(jsonTimer);
      draft = JSON.parse(text) as Json;
      kindIndex = 0;
      good = r;
      shownBad = false;
      showProblems([]);
      json.value = draftText(draft);
      followRuleset(r.file.ruleset);
      renderForm();
      oddsSoon();
      say(`Opened ${name}.`);
    },
    (why) => say(`${why}. Nothing was changed.`, true),
  );

  // ---------------------------------------------------------------- the buttons
  /** The file the buttons act on: the last that read, unless the JSON shown does not read (it would not be what is shown). */
  const usable = (): TrapFile | null => {
    if (shownBad || !good) {
      say('Mend the problems listed first: the buttons act on the file as shown.', true);
      return null;
    }
    return good.file;
  };
  downloadButton.addEventListener('click', () => {
    const f = usable();
    if (!f) return;
    download(downloadName(f), `${JSON.stringify(f, null, 2)}\n`, 'application/json');
    say(`Downloaded ${downloadName(f)}.`);
  });
  simulateButton.addEventListener('click', () => {
    const f = usable();
    if (!f) return;
    const refused = hooks.simulate(f);
    say(refused ?? `Simulating ${getRuleset(f.ruleset).name} against it playing “${f.name}”: the results are under the run form above.`, refused !== null);
  });
  playButton?.addEventListener('click', () => {
    const f = usable();
    if (!f) return;
    const refused = hooks.play!(f);
    say(refused ? fieldWords(refused) : `Playing “${f.name}” in a new game (the Game tab).`, refused !== null);
  });

  const element = h(
    'details',
    { class: 'lab-trap-editor' },
    h('summary', {}, 'Trap editor: a trap file as a form and its JSON, with the exact odds as you type'),
    h('div', { class: 'lab-row' }, labelled('ruleset', rulesetSelect), labelled('start from', startSelect), openButton, fileInput, labelled('kind', kindSelect), addKind, removeKind),
    h(
      'div',
      { class: 'lab-trap-panes' },
      h('div', { class: 'lab-trap-pane' }, h('h3', {}, 'Form'), form),
      h('div', { class: 'lab-trap-pane' }, h('h3', {}, 'JSON'), json, problems),
    ),
    h('h3', {}, 'Exact odds of stepping onto each floor kind'),
    h('p', { class: 'lab-note' }, "The ruleset's step check, read exactly for the inputs below and its default settings; nothing is sampled."),
    oddsInputs,
    oddsOut,
    h('div', { class: 'lab-row' }, downloadButton, simulateButton, playButton),
    status,
  );
  element.addEventListener('toggle', () => {
    if (!element.open) return;
    // A file loaded in New game (or played) since is a place to start from now.
    fillStarts();
    oddsSoon();
  });
  fillStarts();
  start();
  return { element, file: () => (good ? good.file : null) };
}
