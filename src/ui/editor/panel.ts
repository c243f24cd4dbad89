/**
 * The level editor in the page: a panel beside the map that draws a scenario (a hand-made level,
 * core/scenario.ts) with the brush it holds — terrain, a trap of any kind the ruleset plays (a
 * trap file's own kinds too), a monster, Erase, Move — by a click, a drag or the keyboard's cursor
 * (direction keys, then Enter). Every stroke can be undone (Ctrl+Z) and redone (Ctrl+Y). Under the
 * brushes, the one scenario reader (`parseScenario`) says after each stroke what is left to fix;
 * Play starts a game on the level, Run in the Lab simulates it, Save gives the file.
 *
 * The model is `LevelDraft` (draft.ts); the map shows `previewWorld` (preview.ts) of it, the level
 * Play starts with everything in sight. The game on screen is not touched: closing the editor
 * shows it again as it was.
 *
 * Loaded the first time the editor opens (app.ts), with the scenario reader.
 */
import './editor.css';
import { getRuleset } from '../../core/registry.ts';
import { parseScenario, type Scenario, ScenarioError, scenarioFileName } from '../../core/scenario.ts';
import { scenarioKindProblems } from '../../core/scenarioLevel.ts';
import { MONSTER_KINDS } from '../../core/monsters.ts';
import type { MapView } from '../../render/renderer.ts';
import { h, labelled, onFilePicked } from '../dom.ts';
import type { Command } from '../keys.ts';
import { RULESET_IDS, loadRuleset, rulesetDisplayName } from '../rulesets.ts';
import { playableScenario, readScenarioFile } from '../scenarios.ts';
import { download } from '../share/files.ts';
import { patch, type UiStore } from '../store.ts';
import { checkTrapFile } from '../trapFileCheck.ts';
import { isTrapFileRuleset, playTrapFile } from '../../share/trapFiles.ts';
import { trapFileRulesetId } from '../../core/traps/files.ts';
import type { GameOptions } from '../url.ts';
import { LevelDraft } from './draft.ts';
import { previewWorld } from './preview.ts';

/** A level to edit and the ruleset that plays it (a trap file's, `ceaptun+net-trap`, or the draft's own). */
export interface EditorLevel {
  draft: LevelDraft;
  rulesetId: string;
}

export interface EditorHost {
  view: MapView;
  store: UiStore;
  /** The level on screen as a draft (a scenario game's scenario, else the level as it stands), or null with no game. */
  current(): EditorLevel | null;
  /** Starts a game (the editor has closed). */
  play(o: GameOptions): void;
  /** Simulates the scenario in the Balance Lab. */
  lab(s: Scenario): void;
  /** Shows the running game on the map again (the editor has closed). */
  restore(): void;
  /** The seed a game started from the editor plays (its dice). */
  seed(): string;
}

export interface LevelEditor {
  open(): void;
  close(): void;
  readonly isOpen: boolean;
  /** A command of the editor's key mode (keys.ts): the cursor, the brush, undo and redo, Esc. */
  handle(cmd: Command): void;
  /** The level being drawn (tests and the debug hook). */
  level(): EditorLevel | null;
}

type Brush = { tool: 'terrain'; ch: string } | { tool: 'trap' } | { tool: 'monster' } | { tool: 'erase' } | { tool: 'move' };

/** The terrain brushes, in the order a level is usually drawn. */
const TERRAIN: ReadonlyArray<readonly [string, string]> = [
  ['#', 'wall'],
  ['.', 'floor'],
  ['+', 'door'],
  ["'", 'open door'],
  ['L', 'locked door'],
  ['S', 'secret door'],
  ['/', 'broken door'],
  ['~', 'water'],
  ['=', 'ice'],
  ['%', 'soft wall'],
  ['C', 'chest'],
  ['@', 'start'],
  ['<', 'stairs up'],
  ['>', 'stairs down'],
];

const TERRAIN_NAME: ReadonlyMap<string, string> = new Map(TERRAIN);

/** The biggest blank level the editor makes (a scenario's own limit is the reader's). */
const BLANK_MAX = { width: 120, height: 60 };

export function mountEditor(el: HTMLElement, host: EditorHost): LevelEditor {
  let level: EditorLevel | null = null;
  let isOpen = false;
  let brush: Brush = { tool: 'terrain', ch: '#' };
  let cursor = { x: 1, y: 1 };
  /** The cell a Move drag started on, or null. */
  let moveFrom: [number, number] | null = null;
  /** Cells painted by the drag in progress (a drag paints each cell once). */
  let dragging: { pointer: number; last: string } | null = null;

  const title = h('h2', {}, 'Level editor');
  const nameInput = h('input', { name: 'scenario-name', maxlength: 80, spellcheck: 'false', autocomplete: 'off' });
  const description = h('textarea', { name: 'scenario-description', rows: 2, maxlength: 2000 });
  const terrainButtons = TERRAIN.map(([ch, name]) => h('button', { type: 'button', class: 'brush terrain', 'data-brush': ch, title: `${name} (${ch})`, 'aria-pressed': 'false' }, h('code', {}, ch), ` ${name}`));
  const trapKind = h('select', { name: 'trap-kind', 'aria-label': 'Trap kind' });
  const trapKnown = h('input', { type: 'checkbox', name: 'trap-known' });
  const trapButton = h('button', { type: 'button', class: 'brush trap', 'data-brush': 'trap', 'aria-pressed': 'false' }, 'Trap');
  const monsterKind = h('select', { name: 'monster-kind', 'aria-label': 'Monster kind' }, ...MONSTER_KINDS.map((m) => h('option', { value: m.id }, m.name)));
  const monsterAsleep = h('input', { type: 'checkbox', name: 'monster-asleep' });
  const monsterButton = h('button', { type: 'button', class: 'brush monster', 'data-brush': 'monster', 'aria-pressed': 'false' }, 'Monster');
  const eraseButton = h('button', { type: 'button', class: 'brush erase', 'data-brush': 'erase', 'aria-pressed': 'false', title: 'Takes away the trap and the monster on a cell' }, 'Erase');
  const moveButton = h('button', { type: 'button', class: 'brush move', 'data-brush': 'move', 'aria-pressed': 'false', title: 'Drag a trap or a monster to another cell' }, 'Move');
  const undoButton = h('button', { type: 'button', class: 'undo', title: 'Undo (Ctrl+Z)' }, 'Undo');
  const redoButton = h('button', { type: 'button', class: 'redo', title: 'Redo (Ctrl+Y)' }, 'Redo');
  const cellLine = h('p', { class: 'editor-cell', 'aria-live': 'polite' });
  const verdict = h('div', { class: 'editor-check', role: 'status' });
  const message = h('p', { class: 'editor-message', role: 'alert', hidden: true });
  const playButton = h('button', { type: 'button', class: 'primary editor-play' }, 'Play');
  const labButton = h('button', { type: 'button', class: 'editor-lab' }, 'Run in the Lab');
  const saveButton = h('button', { type: 'button', class: 'editor-save' }, 'Save file');
  const fileInput = h('input', { type: 'file', accept: '.json,application/json', class: 'editor-file-input', hidden: true });
  const openButton = h('button', { type: 'button', class: 'editor-open' }, 'Open a scenario file…');
  const blankRuleset = h('select', { name: 'blank-ruleset', 'aria-label': 'Ruleset of a blank level' }, ...RULESET_IDS.map((id) => h('option', { value: id }, rulesetDisplayName(id))));
  const blankWidth = h('input', { type: 'number', name: 'blank-width', min: 5, max: BLANK_MAX.width, value: 40, 'aria-label': 'Width' });
  const blankHeight = h('input', { type: 'number', name: 'blank-height', min: 5, max: BLANK_MAX.height, value: 20, 'aria-label': 'Height' });
  const blankButton = h('button', { type: 'button', class: 'editor-blank' }, 'New blank level');
  const currentButton = h('button', { type: 'button', class: 'editor-current' }, 'The level on screen');
  const trapFileInput = h('input', { type: 'file', accept: '.json,application/json', class: 'editor-trap-file-input', hidden: true });
  const attachButton = h('button', { type: 'button', class: 'editor-attach', title: "A designer's trap file: its kinds join the Trap list" }, 'Attach trap file…');
  const trapFileLine = h('p', { class: 'editor-trap-file hint' });
  const closeButton = h('button', { type: 'button', class: 'editor-close', title: 'Close (Esc): the game is as you left it' }, 'Close');

  el.replaceChildren(
    h(
      'div',
      { class: 'editor-panel', role: 'region', 'aria-label': 'Level editor' },
      h('div', { class: 'editor-head' }, title, closeButton),
      labelled('Name', nameInput),
      labelled('Idea', description),
      h('h3', {}, 'Brush'),
      h('div', { class: 'editor-terrain' }, ...terrainButtons),
      h('div', { class: 'editor-row' }, trapButton, trapKind, h('label', {}, trapKnown, ' known')),
      h('div', { class: 'editor-row' }, attachButton, trapFileInput, trapFileLine),
      h('div', { class: 'editor-row' }, monsterButton, monsterKind, h('label', {}, monsterAsleep, ' asleep')),
      h('div', { class: 'editor-row' }, eraseButton, moveButton, undoButton, redoButton),
      cellLine,
      verdict,
      h('div', { class: 'editor-row' }, playButton, labButton, saveButton),
      message,
      h('details', { class: 'editor-other' }, h('summary', {}, 'Another level'), h('div', { class: 'editor-row' }, currentButton, openButton, fileInput), h('div', { class: 'editor-row' }, blankRuleset, blankWidth, h('span', {}, '×'), blankHeight, blankButton)),
    ),
  );

  const say = (text: string | null) => {
    message.hidden = text === null;
    message.textContent = text ?? '';
  };

  /** The scenario as the draft stands, judged by the one reader: the scenario, or each problem. */
  const check = (): { scenario: Scenario } | { problems: readonly string[] } => {
    if (!level) return { problems: ['no level'] };
    try {
      const scenario = parseScenario(level.draft.scenario(), 'the level');
      // Its traps' kinds against the ruleset that plays it (a trap file attached since may lack some).
      const kinds = scenarioKindProblems(scenario, level.rulesetId);
      return kinds.length > 0 ? { problems: kinds } : { scenario };
    } catch (e) {
      if (e instanceof ScenarioError) return { problems: e.issues };
      return { problems: [(e as Error).message] };
    }
  };

  const describeCell = (): string => {
    if (!level) return '';
    const { x, y } = cursor;
    const d = level.draft;
    const parts = [`(${x}, ${y}) ${TERRAIN_NAME.get(d.at(x, y)) ?? d.at(x, y)}`];
    const trap = d.trapAt(x, y);
    if (trap) {
      const n = trapName(trap.kind);
      parts.push(`${/trap$/i.test(n) ? n : `${n} trap`}${trap.known ? ' (known)' : ' (hidden)'}`);
    }
    const monster = d.monsterAt(x, y);
    if (monster) parts.push(`${monster.kind}${monster.asleep ? ' (asleep)' : ''}`);
    return parts.join(' · ');
  };

  const trapName = (kind: string): string => {
    if (!level) return kind;
    return getRuleset(level.rulesetId).traps.find((t) => t.id === kind)?.name ?? kind;
  };

  /** Shows the draft: the map, the brushes, the check. */
  const render = () => {
    if (!level) return;
    const d = level.draft;
    try {
      host.view.setWorld(previewWorld(d, level.rulesetId), getRuleset(level.rulesetId));
      host.view.setCursor(cursor);
    } catch (e) {
      say(`The level cannot be drawn: ${(e as Error).message}`);
    }
    if (document.activeElement !== nameInput) nameInput.value = d.name;
    if (document.activeElement !== description) description.value = d.description;
    for (const b of [...terrainButtons, trapButton, monsterButton, eraseButton, moveButton]) {
      const id = b.dataset.brush;
      const on = brush.tool === 'terrain' ? id === brush.ch : id === brush.tool;
      b.setAttribute('aria-pressed', String(on));
    }
    undoButton.disabled = !d.canUndo;
    redoButton.disabled = !d.canRedo;
    cellLine.textContent = moveFrom ? `${describeCell()} — moving from (${moveFrom[0]}, ${moveFrom[1]})` : describeCell();
    const judged = check();
    if ('scenario' in judged) {
      verdict.className = 'editor-check ok';
      verdict.replaceChildren(h('p', {}, `Ready to play: ${d.width}×${d.height}, ${judged.scenario.traps?.length ?? 0} traps, ${judged.scenario.monsters?.length ?? 0} monsters, ${rulesetDisplayName(d.ruleset)}.`));
    } else {
      verdict.className = 'editor-check problems';
      verdict.replaceChildren(h('p', {}, 'Not playable yet:'), h('ul', {}, ...judged.problems.map((p) => h('li', {}, p))));
    }
    playButton.disabled = labButton.disabled = saveButton.disabled = !('scenario' in judged);
  };

  /** The trap kinds the level's ruleset plays fill the list (the kind chosen kept where it still is), and the file's line says which file. */
  const fillKinds = () => {
    if (!level) return;
    // A designed kind's traps bring their own numbers: the trap designer (T) places those.
    const ruleset = getRuleset(level.rulesetId);
    const defs = ruleset.traps.filter((t) => !ruleset.designedTraps?.kinds.includes(t.id));
    const keep = trapKind.value;
    trapKind.replaceChildren(...defs.map((t) => h('option', { value: t.id }, t.name)));
    if (defs.some((t) => t.id === keep)) trapKind.value = keep;
    const file = level.draft.trapFile;
    trapFileLine.textContent = file ? `Trap file: ${file.name} (${file.traps.length === 1 ? 'one kind' : `${file.traps.length} kinds`})` : 'No trap file: the ruleset’s own kinds.';
  };

  /** After an undo or a redo the draft's trap file may be another: the ruleset that plays it follows (every file a draft held was registered when it came in). */
  const followTrapFile = () => {
    if (!level) return;
    const file = level.draft.trapFile;
    const id = file ? trapFileRulesetId(file) : isTrapFileRuleset(level.rulesetId) ? level.draft.ruleset : level.rulesetId;
    if (id === level.rulesetId) return;
    level.rulesetId = id;
    fillKinds();
  };

  /** Opens `next` for editing: its trap kinds fill the list, the cursor goes to its start. */
  const use = (next: EditorLevel) => {
    level = next;
    moveFrom = null;
    fillKinds();
    const start = next.draft.scenario().map.findIndex((row) => row.includes('@'));
    cursor = start >= 0 ? { x: next.draft.scenario().map[start]!.indexOf('@'), y: start } : { x: 1, y: 1 };
    blankRuleset.value = next.draft.ruleset;
    say(null);
    render();
  };

  /** The brush on one cell. */
  const apply = (x: number, y: number): boolean => {
    if (!level) return false;
    const d = level.draft;
    switch (brush.tool) {
      case 'terrain':
        return d.paint(x, y, brush.ch);
      case 'trap':
        return trapKind.value !== '' && d.placeTrap(x, y, trapKind.value, trapKnown.checked);
      case 'monster':
        return d.placeMonster(x, y, monsterKind.value, monsterAsleep.checked);
      case 'erase':
        return d.clear(x, y);
      case 'move':
        return false;
    }
  };

  const choose = (b: Brush) => {
    brush = b;
    moveFrom = null;
    render();
  };
  // A click on a brush leaves the focus where it was (the map), so Enter then paints with it, not
  // presses the brush again; Tab still reaches every brush from the keyboard.
  for (const b of [...terrainButtons, trapButton, monsterButton, eraseButton, moveButton, undoButton, redoButton]) b.addEventListener('mousedown', (e) => e.preventDefault());
  for (const b of terrainButtons) b.addEventListener('click', () => choose({ tool: 'terrain', ch: b.dataset.brush! }));
  trapButton.addEventListener('click', () => choose({ tool: 'trap' }));
  trapKind.addEventListener('change', () => choose({ tool: 'trap' }));
  trapKnown.addEventListener('change', () => choose({ tool: 'trap' }));
  monsterButton.addEventListener('click', () => choose({ tool: 'monster' }));
  monsterKind.addEventListener('change', () => choose({ tool: 'monster' }));
  monsterAsleep.addEventListener('change', () => choose({ tool: 'monster' }));
  eraseButton.addEventListener('click', () => choose({ tool: 'erase' }));
  moveButton.addEventListener('click', () => choose({ tool: 'move' }));
  undoButton.addEventListener('click', () => editor.handle({ type: 'undo' }));
  redoButton.addEventListener('click', () => editor.handle({ type: 'redo' }));
  const renamed = () => {
    if (level?.draft.rename(nameInput.value, description.value)) render();
  };
  nameInput.addEventListener('change', renamed);
  description.addEventListener('change', renamed);
  closeButton.addEventListener('click', () => editor.close());

  playButton.addEventListener('click', async () => {
    const judged = check();
    if (!level || !('scenario' in judged)) return;
    const ready = await playableScenario(judged.scenario, host.seed(), 'the level');
    if ('error' in ready) {
      say(ready.error);
      return;
    }
    editor.close({ restore: false });
    host.play(ready.options);
  });
  labButton.addEventListener('click', () => {
    const judged = check();
    if (!level || !('scenario' in judged)) return;
    editor.close();
    host.lab(judged.scenario);
  });
  saveButton.addEventListener('click', () => {
    const judged = check();
    if (!('scenario' in judged)) return;
    download(scenarioFileName(judged.scenario), `${JSON.stringify(judged.scenario, null, 2)}\n`);
  });
  openButton.addEventListener('click', () => fileInput.click());
  onFilePicked(
    fileInput,
    async (name, text) => {
      const read = readScenarioFile(text, name);
      if ('error' in read) {
        say(`${read.error}. Nothing was changed.`);
        return;
      }
      // Its ruleset loaded and its trap file registered, as for Play.
      const ready = await playableScenario(read.scenario, 'editor', name);
      if ('error' in ready) say(`${ready.error}. Nothing was changed.`);
      else use({ draft: LevelDraft.fromScenario(read.scenario), rulesetId: ready.options.ruleset });
    },
    (why) => say(`${why}. Nothing was changed.`),
  );
  attachButton.addEventListener('click', () => trapFileInput.click());
  onFilePicked(
    trapFileInput,
    (name, text) => {
      if (!level) return say('Open a level first. Nothing was changed.');
      const checked = checkTrapFile(text, name);
      if ('error' in checked) return say(`${checked.error}. Nothing was changed.`);
      const file = checked.file;
      if (file.ruleset !== level.draft.ruleset)
        return say(`${name}: ruleset: it holds traps for ${rulesetDisplayName(file.ruleset)}, and this level is ${rulesetDisplayName(level.draft.ruleset)}'s. Nothing was changed.`);
      let id: string;
      try {
        id = playTrapFile(file, name);
      } catch (e) {
        return say(`${(e as Error).message}. Nothing was changed.`);
      }
      level.draft.attachTrapFile(file);
      level.rulesetId = id;
      fillKinds();
      say(null);
      render();
    },
    (why) => say(`${why}. Nothing was changed.`),
  );
  currentButton.addEventListener('click', () => {
    const cur = host.current();
    if (cur) use(cur);
    else say('No game is running.');
  });
  blankButton.addEventListener('click', async () => {
    const width = Number(blankWidth.value);
    const height = Number(blankHeight.value);
    const fits = (n: number, max: number) => Number.isInteger(n) && n >= 5 && n <= max;
    if (!fits(width, BLANK_MAX.width) || !fits(height, BLANK_MAX.height)) {
      say(`A blank level is 5 to ${BLANK_MAX.width} cells wide and 5 to ${BLANK_MAX.height} high (asked: ${blankWidth.value || '?'} × ${blankHeight.value || '?'}). Nothing was changed.`);
      return;
    }
    const ruleset = blankRuleset.value;
    try {
      await loadRuleset(ruleset);
    } catch (e) {
      say(`${rulesetDisplayName(ruleset)} could not be loaded (${(e as Error).message}).`);
      return;
    }
    // The trap file of the level being drawn (else of the game on screen) stays, for its ruleset: its kinds stay placeable.
    const file = [level?.draft.trapFile, host.current()?.draft.trapFile].find((f) => f?.ruleset === ruleset);
    use({ draft: LevelDraft.blank(ruleset, width, height, undefined, file), rulesetId: file ? trapFileRulesetId(file) : ruleset });
  });

  // Drawing on the map: a press paints its cell, a drag each cell it crosses (one stroke for
  // undo); Move takes what is on the first cell to the last.
  const canvas = host.view.canvas;
  const cellOf = (e: PointerEvent) => host.view.cellAtClient(e.clientX, e.clientY);
  canvas.addEventListener('pointerdown', (e) => {
    if (!isOpen || !level || e.button !== 0) return;
    const cell = cellOf(e);
    if (!cell) return;
    e.preventDefault();
    canvas.setPointerCapture?.(e.pointerId);
    dragging = { pointer: e.pointerId, last: `${cell[0]},${cell[1]}` };
    if (brush.tool === 'move') {
      moveFrom = level.draft.trapAt(...cell) || level.draft.monsterAt(...cell) ? cell : null;
      return;
    }
    level.draft.beginStroke();
    if (apply(...cell)) render();
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!isOpen || !level || dragging?.pointer !== e.pointerId || brush.tool === 'move') return;
    const cell = cellOf(e);
    if (!cell || `${cell[0]},${cell[1]}` === dragging.last) return;
    dragging.last = `${cell[0]},${cell[1]}`;
    if (apply(...cell)) render();
  });
  const endDrag = (e: PointerEvent) => {
    if (!level || dragging?.pointer !== e.pointerId) return;
    dragging = null;
    const cell = cellOf(e);
    if (brush.tool === 'move') {
      if (moveFrom && cell) level.draft.move(moveFrom, cell);
      moveFrom = null;
    } else level.draft.endStroke();
    if (cell) cursor = { x: cell[0], y: cell[1] };
    render();
  };
  canvas.addEventListener('pointerup', endDrag);
  canvas.addEventListener('pointercancel', endDrag);

  // Another panel opened over the map (New game, the trap designer, Share, the help) closes the
  // editor: the map shows one thing at a time. The draft is kept for the next opening.
  host.store.subscribe((s, prev) => {
    if (isOpen && prev.overlay === 'editor' && s.overlay !== 'editor') editor.close();
  });

  const editor: LevelEditor & { close(opts?: { restore?: boolean }): void } = {
    get isOpen() {
      return isOpen;
    },
    open() {
      // The first opening starts from the level on screen; later ones go on with the draft in
      // progress (nothing drawn is lost by closing), "The level on screen" starts again.
      const cur = level ?? host.current();
      if (!cur) {
        say('No game is running: start one, or make a blank level.');
      }
      isOpen = true;
      el.hidden = false;
      el.closest('.map-wrap')?.classList.add('editing');
      patch(host.store, { overlay: 'editor' });
      if (cur) use(cur);
    },
    close(opts: { restore?: boolean } = {}) {
      if (!isOpen) return;
      isOpen = false;
      dragging = null;
      level?.draft.endStroke();
      el.hidden = true;
      el.closest('.map-wrap')?.classList.remove('editing');
      host.view.setCursor(null);
      if (host.store.getState().overlay === 'editor') patch(host.store, { overlay: null });
      if (opts.restore !== false) host.restore();
    },
    handle(cmd) {
      if (!level) {
        if (cmd.type === 'cancel') editor.close();
        return;
      }
      const d = level.draft;
      switch (cmd.type) {
        case 'cursor':
          cursor = { x: Math.max(0, Math.min(d.width - 1, cursor.x + cmd.dx)), y: Math.max(0, Math.min(d.height - 1, cursor.y + cmd.dy)) };
          break;
        case 'paint':
          if (brush.tool === 'move') {
            if (!moveFrom) moveFrom = d.trapAt(cursor.x, cursor.y) || d.monsterAt(cursor.x, cursor.y) ? [cursor.x, cursor.y] : null;
            else {
              d.move(moveFrom, [cursor.x, cursor.y]);
              moveFrom = null;
            }
          } else apply(cursor.x, cursor.y);
          break;
        case 'undo':
          d.undo();
          followTrapFile();
          break;
        case 'redo':
          d.redo();
          followTrapFile();
          break;
        case 'cancel':
          if (moveFrom) moveFrom = null;
          else {
            editor.close();
            return;
          }
          break;
        default:
          return;
      }
      render();
    },
    level: () => level,
  };
  return editor;
}
