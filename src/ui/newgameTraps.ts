/**
 * The New game panel's Traps section: play a designer's trap file (core/traps) instead of the
 * ruleset's own traps alone. Offered for the rulesets that play trap files
 * (`rulesetsTakingTrapFiles`): one of the shipped examples (examples/traps/*.json, bundled here),
 * or a JSON file the player imports. The section shows the chosen file's name, description and
 * kinds; a bad file shows its TrapFileError (naming the field) and changes nothing.
 *
 * Loaded the first time the panel opens (newgame.ts): it brings the trap file reader and zod, which
 * the first load does without. The game then plays on the file's ruleset (`<ruleset>+<slug>`),
 * registered by `playTrapFile` (share/trapFiles.ts) so that its links, saves and replays carry the
 * file.
 */
import './newgameTraps.css';
import type { TrapFile, TrapKind } from '../core/traps/definition.ts';
import { rulesetsTakingTrapFiles } from '../core/traps/files.ts';
import { parseTrapFile } from '../core/traps/schema.ts';
import { playTrapFile, rememberTrapFile, trapFileOf } from '../share/trapFiles.ts';
import { checkTrapFile } from './trapFileCheck.ts';
import { fill, h, labelled, onFilePicked } from './dom.ts';
import { rulesetDisplayName } from './rulesets.ts';

/** A trap file the panel offers: `key` tells the entries apart (`example:net.json`, `file:1`). */
export interface OfferedTrapFile {
  key: string;
  /** Where it came from, as the player reads it: "net.json, shipped" or "my traps.json". */
  source: string;
  file: TrapFile;
}

// The shipped examples, as JSON: parsed by the one reader of trap files, so a broken example
// fails the build's tests, not a player's game.
const SHIPPED = import.meta.glob<unknown>('../../examples/traps/*.json', { eager: true, import: 'default' });

export const EXAMPLES: readonly OfferedTrapFile[] = Object.entries(SHIPPED)
  .map(([path, value]) => {
    const name = path.slice(path.lastIndexOf('/') + 1);
    return { key: `example:${name}`, source: `${name}, shipped`, file: parseTrapFile(value, name) };
  })
  .sort((a, b) => a.key.localeCompare(b.key));

export { checkTrapFile } from './trapFileCheck.ts';

/** One kind as the panel lists it: "net trap (net): floor, weight 2, once". */
export function kindLine(k: TrapKind): string {
  const charges = k.charges === -1 ? 'every time' : k.charges === 1 ? 'once' : `${k.charges} times`;
  const depths = k.placement.depths ? `, depths ${k.placement.depths[0]}–${k.placement.depths[1]}` : '';
  return `${k.name} (${k.id}): ${k.hosts.join(', ')}, weight ${k.placement.weight}${depths}, goes off ${charges}`;
}

/** The entry's text in the list. */
function optionText(o: OfferedTrapFile): string {
  return `${o.file.name} (${o.source})`;
}

export interface TrapChoice {
  readonly el: HTMLFieldSetElement;
  /** The ruleset select changed: the section shows (or hides) itself and the files for it. */
  setRuleset(id: string): void;
  /** The chosen file, or null for the ruleset's own traps (and for a ruleset that plays no files). */
  chosen(): OfferedTrapFile | null;
  /**
   * The ruleset the game plays: `base` itself, or the chosen file's, registered now (and its file
   * remembered, so the game's links and saves carry it). The error names what is wrong.
   */
  rulesetFor(base: string): { id: string } | { error: string };
}

/**
 * The section, for ruleset `ruleset`. `current`: the running game's ruleset (a trap file's is
 * chosen again). `switchRuleset`: an imported file for another ruleset that plays files asks the
 * panel to choose that ruleset.
 */
export function trapChoice(opts: { ruleset: string; current?: string | null; switchRuleset?: (id: string) => void }): TrapChoice {
  const imported: OfferedTrapFile[] = [];
  let importedCount = 0;
  const running = opts.current ? trapFileOf(opts.current) : undefined;
  const sameFile = (a: TrapFile, b: TrapFile) => JSON.stringify(a) === JSON.stringify(b);
  let selected = '';
  if (running) {
    const shipped = EXAMPLES.find((e) => sameFile(e.file, running));
    if (shipped) selected = shipped.key;
    else {
      imported.push({ key: 'file:running', source: 'the game you are playing', file: running });
      selected = 'file:running';
    }
  }
  let ruleset = opts.ruleset;

  const select = h('select', { name: 'trapFile' });
  const input = h('input', { type: 'file', accept: '.json,application/json', class: 'trap-file-input', hidden: true });
  const importButton = h('button', { type: 'button', class: 'import-traps', onclick: () => input.click() }, 'Import a trap file…');
  const summary = h('div', { class: 'trap-file-summary', 'aria-live': 'polite' });
  const error = h('p', { class: 'trap-file-error', role: 'alert', hidden: true });
  const el = h('fieldset', { class: 'traps panel-section' }, h('legend', {}, 'Traps'), labelled('Trap file', select), h('div', { class: 'trap-file-import' }, importButton, input), summary, error);

  const offered = () => [...EXAMPLES, ...imported].filter((o) => o.file.ruleset === ruleset);
  const chosen = () => (el.hidden ? null : (offered().find((o) => o.key === selected) ?? null));

  const showSummary = () => {
    const c = chosen();
    if (!c) {
      fill(summary, h('p', { class: 'hint' }, `${rulesetDisplayName(ruleset)}'s own traps only.`));
      return;
    }
    fill(
      summary,
      h('p', { class: 'trap-file-name' }, h('strong', {}, c.file.name), ` (${c.source})`),
      c.file.description ? h('p', { class: 'trap-file-description' }, c.file.description) : null,
      h('p', { class: 'hint' }, `Adds ${c.file.traps.length === 1 ? 'one kind' : `${c.file.traps.length} kinds`} to ${rulesetDisplayName(c.file.ruleset)}:`),
      h('ul', { class: 'trap-kinds' }, ...c.file.traps.map((k) => h('li', {}, kindLine(k)))),
    );
  };

  const render = () => {
    el.hidden = !rulesetsTakingTrapFiles().includes(ruleset);
    el.dataset.ruleset = ruleset;
    const list = offered();
    if (!list.some((o) => o.key === selected)) selected = '';
    fill(select, h('option', { value: '', selected: selected === '' }, `${rulesetDisplayName(ruleset)}'s own traps`), ...list.map((o) => h('option', { value: o.key, selected: o.key === selected }, optionText(o))));
    select.value = selected;
    showSummary();
  };

  const showError = (message: string) => {
    error.textContent = `${message}. Nothing was changed.`;
    error.hidden = false;
  };

  select.addEventListener('change', () => {
    selected = select.value;
    const c = chosen();
    if (c) rememberTrapFile(c.file, c.source);
    error.hidden = true;
    showSummary();
  });

  onFilePicked(
    input,
    (name, text) => {
      const checked = checkTrapFile(text, name);
      if ('error' in checked) {
        showError(checked.error);
        return;
      }
      error.hidden = true;
      // The Lab offers it too (its run form and its trap editor).
      rememberTrapFile(checked.file, name);
      const offer = { key: `file:${++importedCount}`, source: name, file: checked.file };
      imported.push(offer);
      selected = offer.key;
      if (checked.file.ruleset !== ruleset) {
        // Its ruleset plays files (checked): the panel chooses it, which redraws this section.
        ruleset = checked.file.ruleset;
        opts.switchRuleset?.(ruleset);
      }
      render();
    },
    showError,
  );

  render();
  return {
    el,
    setRuleset(id) {
      if (id === ruleset) return;
      ruleset = id;
      error.hidden = true;
      render();
    },
    chosen,
    rulesetFor(base) {
      const c = chosen();
      if (!c || c.file.ruleset !== base) return { id: base };
      try {
        return { id: playTrapFile(c.file, c.source) };
      } catch (e) {
        return { error: (e as Error).message };
      }
    },
  };
}
