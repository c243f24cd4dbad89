/**
 * The Balance Lab tab: pick rulesets, a bot, runs and depth; the games run in a Web Worker with a
 * progress bar and Cancel while the game stays responsive; results come as tables and uPlot charts
 * (rates with error bars, damage histograms, a heat map of one level — by default the level the
 * player is on), with the same seeds under every column, whole-game sweeps (the "vary" field:
 * every point a column, curves per metric), a variant editor, 1-D and 2-D sweeps of
 * exact odds, exact-vs-simulated agreement, and the balance assertions (the default file or the
 * designer's own) in green and red.
 */
// zod (variants, assertion files) must not compile code with eval under the page's CSP.
import '../share/csp.ts';
import '../../rulesets/index.ts';
import { listRulesets } from '../../core/registry.ts';
import type { Scenario } from '../../core/scenarioLevel.ts';
import type { TrapFile } from '../../core/traps/definition.ts';
import type { World } from '../../core/world.ts';
import { BOTS, BOT_NAMES } from '../../sim/bots/index.ts';
import { GameSweepError } from '../../sim/gameSweep.ts';
import { RUN_DEFAULTS } from '../../sim/runDefaults.ts';
import type { SimSpec } from '../../sim/runner.ts';
import type { Variant } from '../../sim/variants.ts';
import { assertPanel } from './assertPanel.ts';
import { disposeCharts } from './charts.ts';
import { CancelledError, LabClient, type LabJob } from './client.ts';
import { dataTable, fieldNumber, h, labelled, numberInput, select } from './dom.ts';
import { type GameSweepPlan, planGameSweep } from './gameSweepData.ts';
import { renderGameSweep, varyField } from './gameSweepPanel.ts';
import { trapFilesField } from './trapFilesField.ts';
import { describeLevel, describeScenario, type LevelShape, type LiveLevel, levelShape, levelSpec, liveLevelOf, scenarioSpec } from './level.ts';
import type { LabResponse, SimPartial } from './protocol.ts';
import { renderResults, type SimRun } from './results.ts';
import { addLabStyles } from './style.ts';
import { seedsPanel } from './seedsPanel.ts';
import { sweepPanel } from './sweepPanel.ts';
import { trapEditor } from './trapEditor.ts';
import { playTrapFile } from '../../share/trapFiles.ts';
import { variantEditor } from './variantEditor.ts';
import { fieldWords } from './words.ts';

function realRulesets(): string[] {
  return listRulesets()
    .map((r) => r.id)
    .filter((id) => !id.includes('~') && !id.includes('+') && id !== 'test');
}

export interface LabOptions {
  /** The game's current world: the heat map's runs default to its level. */
  world?: () => World | null;
  /**
   * Starts a new game of `ruleset`, a trap file's (`<ruleset>+<slug>`, registered in the page by
   * the trap editor's Play it), and shows it. Absent: the editor offers no Play it.
   */
  play?: (ruleset: string) => void;
  /** The scenario (a hand-made level) the game on screen plays, or null: "the level the player is on" is then the scenario. */
  scenario?: () => Scenario | null;
}

export interface Lab {
  /** Reads the game's level again (the page calls it when the tab is shown). */
  refresh(): void;
  /** Plays every run of the form on a scenario (the level editor's Run in the Lab), at once. */
  runScenario(s: Scenario): void;
}

/** Where every heat-map run plays: the game's level, or the level of a seed typed here. */
type LevelChoice = { kind: 'live'; level: LiveLevel; shape: LevelShape } | { kind: 'seed'; seed: string } | { kind: 'scenario'; scenario: Scenario };

/**
 * Registers the file's ruleset in the page (playTrapFile remembers the file, so the game's link and
 * saves carry it) and starts a game of it. One name means one file in a page: an edited file of a
 * name already played is refused, naming the field (rename it, or reload the page).
 */
function playInPage(file: TrapFile, play: (ruleset: string) => void): string | null {
  let id: string;
  try {
    id = playTrapFile(file, 'the trap file');
  } catch (e) {
    return `${(e as Error).message} (this page plays the earlier file of that name: rename this one to play it)`;
  }
  play(id);
  return null;
}

export function mountLab(el: HTMLElement, opts: LabOptions = {}): Lab {
  addLabStyles();
  const client = new LabClient();
  const rulesets = realRulesets();
  const root = h('div', { class: 'lab' }, h('h2', {}, 'Balance Lab'));
  const live = (): LiveLevel | null => {
    const w = opts.world?.();
    return w ? liveLevelOf(w) : null;
  };
  const firstLevel = live();

  // ---------------------------------------------------------------- the run form
  const boxes = rulesets.map((id, i) => h('input', { type: 'checkbox', name: 'ruleset', value: id, checked: firstLevel ? id === firstLevel.ruleset : i === 0 }));
  // The trap files a run may play, each in its ruleset's column: ticking one ticks its ruleset.
  const trapFiles = trapFilesField((id) => {
    const box = boxes.find((b) => b.value === id);
    if (box) box.checked = true;
  });
  const bot = select('bot', BOT_NAMES.map((b) => [b, b]), RUN_DEFAULTS.bot);
  bot.title = BOT_NAMES.map((b) => `${b}: ${BOTS[b]!.description}`).join('\n');
  const runs = numberInput('runs', 200, 1, 1_000_000);
  const depth = numberInput('depth', RUN_DEFAULTS.depth, 1, 100);
  const levels = numberInput('levels', RUN_DEFAULTS.levels, 1, 100);
  const seedStart = numberInput('seed-start', 1, 0, 1e12);
  // Every core by default (at most 8): the games of a run spread over them, the numbers the same.
  const workers = numberInput('workers', Math.max(1, Math.min(8, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 1)), 1, 64);
  workers.title = 'Web Workers a run of games is spread over; the results are the same with any number';
  client.setWorkers(fieldNumber(workers));
  // setWorkers makes anything but a whole number from 1 into 1.
  workers.addEventListener('change', () => client.setWorkers(fieldNumber(workers)));
  const oneLevel = h('input', { type: 'checkbox', name: 'one-level' });
  const levelFrom = select(
    'level-from',
    [
      ['live', 'the level the player is on'],
      ['seed', 'the level of seed'],
      ['scenario', 'the level editor’s scenario'],
    ],
    firstLevel ? 'live' : 'seed',
  );
  const levelSeed = h('input', { type: 'text', name: 'level-seed', value: firstLevel?.seed ?? 'lab', size: 12 });
  const liveNote = h('small', { class: 'lab-live-level' });
  /** The scenario the level editor last handed over (Run in the Lab), or null. */
  let handed: Scenario | null = null;
  const refresh = () => {
    const l = live();
    const onScenario = opts.scenario?.() ?? null;
    levelFrom.options[0]!.disabled = !l;
    levelFrom.options[2]!.disabled = !handed;
    if (!l && levelFrom.value === 'live') levelFrom.value = 'seed';
    if (!handed && levelFrom.value === 'scenario') levelFrom.value = l ? 'live' : 'seed';
    if (levelFrom.value === 'scenario' && handed) liveNote.textContent = `(${describeScenario(handed)})`;
    else if (onScenario && l) liveNote.textContent = `(${describeScenario(onScenario)})`;
    else liveNote.textContent = l ? `(${describeLevel(l)})` : '(no game running)';
    levelSeed.hidden = levelFrom.value !== 'seed';
    trapFiles.refresh();
  };
  levelFrom.addEventListener('change', refresh);
  refresh();
  const vary = varyField();
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
      labelled('workers', workers),
      h('label', { class: 'lab-field lab-heat-field' }, h('span', {}, 'heat map'), h('span', {}, oneLevel, ' every run on ', levelFrom, ' ', levelSeed, ' ', liveNote)),
    ),
    trapFiles.element,
    h('div', { class: 'lab-row' }, vary.element),
    h(
      'p',
      { class: 'lab-note' },
      // Said plainly: the game on screen does not set these runs unless asked to.
      'Each run plays its own seed: an 80×40 level of rooms and each ruleset\'s default settings. Tick "heat map" to play every run on the level the player is on (its size, style, depth and settings) or on one seed\'s.',
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
  const job = async (j: LabJob, label: string, onMessage?: (m: LabResponse) => void, failed?: (why: string) => void): Promise<LabResponse | null> => {
    setBusy(true);
    // No value: the bar is indeterminate (it moves) until the first game or reading is done.
    progress.removeAttribute('value');
    status.textContent = `${label}: starting…`;
    status.className = 'lab-status';
    try {
      const r = await client.run(j, (m) => {
        if (m.type === 'progress') {
          progress.max = m.total;
          progress.value = m.done;
          status.textContent = `${label}: ${m.done} of ${m.total}`;
        }
        onMessage?.(m);
      });
      // The caller usually says more (how many runs, how many hold).
      status.textContent = `${label}: done.`;
      // A job that reports no progress (a sweep) ends full, not moving.
      if (!progress.hasAttribute('value')) progress.value = progress.max;
      return r;
    } catch (e) {
      if (e instanceof CancelledError) status.textContent = `${label}: cancelled.`;
      else {
        status.textContent = `${label} failed: ${fieldWords((e as Error).message)}`;
        status.className = 'lab-status lab-error';
        failed?.((e as Error).message);
      }
      return null;
    } finally {
      if (!progress.hasAttribute('value')) progress.value = 0;
      setBusy(false);
    }
  };

  /** `sweep`: the columns are a whole-game sweep's points, shown as its curves and table. */
  const runColumns = async (columns: SimSpec[], choice: LevelChoice | null, sweep?: GameSweepPlan) => {
    const heat = choice !== null;
    const levelLabel =
      choice?.kind === 'live' ? `the level the player is on (${describeLevel(choice.level)})` : choice?.kind === 'scenario' ? describeScenario(choice.scenario) : undefined;
    // A scenario's map, traps and monsters are of its ruleset: another cannot play it.
    const foreign = choice?.kind === 'scenario' ? columns.find((c) => c.ruleset !== choice.scenario.ruleset) : undefined;
    if (choice?.kind === 'scenario' && foreign) {
      status.textContent = `A scenario plays only its own ruleset (${choice.scenario.ruleset}), not ${foreign.ruleset}: choose ${choice.scenario.ruleset}, or another level.`;
      status.className = 'lab-status lab-error';
      return;
    }
    const n = fieldNumber(runs);
    const first = fieldNumber(seedStart);
    const wholeLevels = columns.every((c) => Number.isInteger(c.depth ?? 1) && Number.isInteger(c.levels ?? 1));
    if (!(n >= 1) || !(first >= 0) || !wholeLevels) {
      status.textContent = 'Runs must be at least 1, the first seed at least 0, and depth and levels whole numbers.';
      status.className = 'lab-status lab-error';
      return;
    }
    const run: SimRun = { columns, runs: n, seedStart: first, heat, ...(levelLabel ? { levelLabel } : {}), result: { columns: [], paired: [], runsDone: 0, fingerprintMismatches: 0 }, cancelled: false };
    let last: SimPartial | null = null;
    const level = choice?.kind === 'live' ? choice.shape : undefined;
    // The results on show answered another question: they go while this one runs.
    disposeCharts(results);
    results.replaceChildren();
    const final = await job({ type: 'sim', columns, runs: n, seedStart: first, heat, ...(level ? { level } : {}) }, `Playing ${n} games × ${columns.length}`, (m) => {
      if (m.type === 'partial') last = m.result;
    });
    if (final?.type === 'simDone') run.result = final.result;
    else if (last) {
      run.result = last;
      run.cancelled = true;
    } else return;
    status.textContent = `${run.cancelled ? 'Cancelled' : 'Done'}: ${run.result.runsDone} runs${sweep ? ` at each of ${columns.length} points` : columns.length > 1 ? ` under ${columns.length} columns` : ''}.`;
    disposeCharts(results);
    results.replaceChildren(sweep ? renderGameSweep({ plan: sweep, runs: run.runs, seedStart: run.seedStart, result: run.result, cancelled: run.cancelled }) : renderResults(run));
  };

  /** The level choice as the form stands (the game's level is read now: it may have moved on). */
  const levelChoice = (): LevelChoice | null => {
    if (!oneLevel.checked) return null;
    refresh();
    const w = opts.world?.();
    if (levelFrom.value === 'scenario' && handed) return { kind: 'scenario', scenario: handed };
    // A game on a scenario: its level is the scenario's (no seed makes it again).
    const onScenario = opts.scenario?.() ?? null;
    if (levelFrom.value === 'live' && w && onScenario) return { kind: 'scenario', scenario: onScenario };
    if (levelFrom.value === 'live' && w) return { kind: 'live', level: liveLevelOf(w), shape: levelShape(w) };
    return { kind: 'seed', seed: levelSeed.value.trim() || 'lab' };
  };

  /**
   * A column's spec: on one level (the live one takes its size, style, depth and settings), or one
   * per seed. `withFile`: the trap file ticked for its ruleset plays in it (the main run and its
   * sweep; the editors' own runs bring theirs).
   */
  const specFor = (ruleset: string, choice: LevelChoice | null, withFile = false): SimSpec => {
    if (choice?.kind === 'scenario') return scenarioSpec(choice.scenario, ruleset, bot.value, fieldNumber(levels));
    const file = withFile ? trapFiles.fileFor(ruleset) : null;
    const traps = file ? { traps: file } : {};
    if (choice?.kind === 'live') return { ...levelSpec(choice.level, ruleset, bot.value), levels: fieldNumber(levels), ...traps };
    return { ruleset, bot: bot.value, depth: fieldNumber(depth), levels: fieldNumber(levels), ...(choice ? { levelSeed: choice.seed } : {}), ...traps };
  };

  runButton.addEventListener('click', () => {
    const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
    if (chosen.length === 0) {
      status.textContent = 'Pick at least one ruleset.';
      status.className = 'lab-status lab-error';
      return;
    }
    const choice = levelChoice();
    // A refusal is said before anything runs: the results on show stay.
    const refuse = (why: string) => {
      status.textContent = why;
      status.className = 'lab-status lab-error';
    };
    // A ticked trap file plays in its ruleset's column: one whose ruleset is not ticked would play nowhere.
    const stray = trapFiles.ticked().find((f) => !chosen.includes(f.ruleset));
    if (stray) return refuse(`The trap file “${stray.name}” is for ${stray.ruleset}: tick ${stray.ruleset} too, or untick the file.`);
    if (choice?.kind === 'scenario' && trapFiles.ticked().length > 0) return refuse('A scenario brings its own trap file: untick the trap files to run on it.');
    if (vary.input.value.trim() !== '') {
      if (chosen.length !== 1) return refuse(`A whole-game sweep plays one ruleset: tick one (${chosen.length} are ticked), or empty “vary” to compare them.`);
      let plan: GameSweepPlan;
      try {
        plan = planGameSweep(vary.input.value, specFor(chosen[0]!, choice, true));
      } catch (e) {
        if (e instanceof GameSweepError) return refuse(`Sweep refused: ${fieldWords(e.message)}`);
        throw e;
      }
      void runColumns(plan.columns, choice, plan);
      return;
    }
    void runColumns(
      chosen.map((ruleset) => specFor(ruleset, choice, true)),
      choice,
    );
  });
  /** The editor's scenario: every run on it, its ruleset the one column. */
  const runScenario = (s: Scenario) => {
    handed = s;
    oneLevel.checked = true;
    levelFrom.value = 'scenario';
    for (const b of boxes) b.checked = b.value === s.ruleset;
    refresh();
    if (busy) {
      status.textContent = 'The Lab is running a job: wait for it, or Cancel it, then Run plays the scenario.';
      return;
    }
    runButton.click();
  };
  cancelButton.addEventListener('click', () => client.cancel());

  // ---------------------------------------------------------------- variants
  const editor = variantEditor(rulesets, (v: Variant) => {
    if (busy) return;
    const choice = levelChoice();
    void runColumns([specFor(v.ruleset, choice), { ...specFor(v.ruleset, choice), variant: v }], choice);
  }, firstLevel?.ruleset);

  // ---------------------------------------------------------------- the trap editor
  // Its file against the ruleset as it is, on the same seeds (as a variant against its original).
  // The worker registers the file's ruleset; LabClient gives an edited file a fresh worker.
  const traps = trapEditor(
    {
      simulate(file) {
        if (busy) return 'The Lab is running a job: wait for it, or Cancel it.';
        const choice = levelChoice();
        void runColumns([specFor(file.ruleset, choice), { ...specFor(file.ruleset, choice), traps: file }], choice);
        return null;
      },
      ...(opts.play ? { play: (file: TrapFile) => playInPage(file, opts.play!) } : {}),
    },
    firstLevel?.ruleset,
  );

  // ---------------------------------------------------------------- sweeps
  const sweepBox = sweepPanel(rulesets, (j, failed) => job(j, 'Sweeping', undefined, failed), firstLevel?.ruleset);
  const seedsBox = seedsPanel(rulesets, (j, failed) => job(j, 'Looking at levels', undefined, failed), firstLevel?.ruleset);
  // ---------------------------------------------------------------- assertions
  const assertBox = assertPanel(job, (text) => {
    status.textContent = text;
  });
  // ---------------------------------------------------------------- exact vs simulated
  const verifyRuns = numberInput('verify-runs', 5000, 100, 10_000_000);
  const verifyButton = h('button', { type: 'button', class: 'lab-job lab-verify' }, 'Verify every check');
  const verifyOut = h('div', { class: 'lab-verify-out' });
  verifyButton.addEventListener('click', async () => {
    const samples = fieldNumber(verifyRuns);
    if (!(samples >= 100)) {
      status.textContent = 'Samples per check must be a whole number, 100 or more.';
      status.className = 'lab-status lab-error';
      return;
    }
    const r = await job({ type: 'verify', runs: samples }, 'Sampling every check');
    if (r?.type !== 'verifyDone') return;
    const v = r.result;
    status.textContent = `Verified ${v.checks} check readings: ${v.failures.length} outside their intervals.`;
    verifyOut.replaceChildren(
      h('p', { class: v.failures.length === 0 ? 'lab-pass' : 'lab-fail' }, `${v.items.length - v.failures.length} of ${v.items.length} outcomes agree (exact probability inside its sampled interval, 99.9% for all of them together: each at z = ${v.z.toFixed(2)}; ${v.runs} samples each).`),
      dataTable(
        ['ruleset', 'check', 'inputs', 'outcome', 'exact', 'sampled', 'interval', ''],
        v.items.map((i) => [
          i.ruleset,
          i.check,
          JSON.stringify(i.inputs),
          i.outcome,
          // A whole number reads as one (7, not 7/1).
          i.exactFraction && i.exactFraction.length < 16 ? i.exactFraction.replace(/\/1$/, '') : i.exact.toPrecision(4),
          i.sampled.toPrecision(4),
          `[${i.lo.toPrecision(3)}, ${i.hi.toPrecision(3)}]`,
          h('span', { class: i.ok ? 'lab-pass' : 'lab-fail' }, i.ok ? 'agrees' : 'DRIFT'),
        ]),
      ),
      ...v.skipped.map((s) => h('p', { class: 'lab-status' }, `skipped ${s.ruleset} ${s.check}: ${s.reason}`)),
    );
  });

  root.append(
    form,
    results,
    editor.element,
    traps.element,
    h('details', { class: 'lab-sweep' }, h('summary', {}, 'Sweep: exact odds over a range of one or two inputs'), sweepBox),
    h('details', { class: 'lab-seeds-panel' }, h('summary', {}, 'Find levels: seeds whose level has a property'), seedsBox),
    h(
      'details',
      { class: 'lab-verify-panel' },
      h('summary', {}, 'Exact vs simulated: every check sampled with the game\'s own dice'),
      h('div', { class: 'lab-row' }, labelled('samples per check', verifyRuns), verifyButton),
      verifyOut,
    ),
    h('details', { class: 'lab-assert-panel' }, h('summary', {}, 'Balance assertions'), assertBox),
  );
  el.append(root);
  return {
    runScenario,
    refresh() {
      refresh();
      // A game of another ruleset since: the variant form follows it, unless the user is at it.
      const l = live();
      if (l) editor.follow(l.ruleset);
    },
  };
}
