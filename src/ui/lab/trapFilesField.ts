/**
 * The run form's trap files: the designer's files the page knows (New game's, the games', the
 * trap editor's Open and this field's own) as boxes to tick. A ticked file plays in its ruleset's
 * column of the main run and of its whole-game sweep, so several rulesets each play their own
 * file at once; at most one file a ruleset (ticking one unticks the other of its ruleset).
 * A file opened here is checked as New game checks one: a bad file is named by field and changes
 * nothing.
 */
import type { TrapFile } from '../../core/traps/definition.ts';
import { knownTrapFiles, rememberTrapFile } from '../../share/trapFiles.ts';
import { onFilePicked } from '../dom.ts';
import { checkTrapFile } from '../trapFileCheck.ts';
import { h } from './dom.ts';
import { fieldWords } from './words.ts';

export interface TrapFilesField {
  element: HTMLElement;
  /** Lists the files the page knows now (a file loaded in New game since), the ticks kept. */
  refresh(): void;
  /** The ticked files. */
  ticked(): TrapFile[];
  /** The ticked file of `ruleset`, or null. */
  fileFor(ruleset: string): TrapFile | null;
}

/** `tickRuleset`: a file was ticked, so its ruleset's column should play. */
export function trapFilesField(tickRuleset: (ruleset: string) => void): TrapFilesField {
  /** The ticked files by their text (a file is its content: two of one name and other kinds are two). */
  const on = new Set<string>();
  let files: Array<{ file: TrapFile; source: string; key: string }> = [];
  const list = h('span', { class: 'lab-trap-files-list' });
  const input = h('input', { type: 'file', accept: '.json,application/json', class: 'lab-run-trap-file-input', hidden: true });
  const open = h('button', { type: 'button', class: 'lab-run-trap-open' }, 'Open a trap file…');
  const error = h('p', { class: 'lab-error lab-trap-files-error', role: 'alert', hidden: true });
  const element = h('div', { class: 'lab-row lab-trap-files' }, h('span', {}, 'Trap files:'), list, open, input, error);

  const refresh = () => {
    files = knownTrapFiles().map((k) => ({ ...k, key: JSON.stringify(k.file) }));
    for (const key of [...on]) if (!files.some((f) => f.key === key)) on.delete(key);
    if (files.length === 0) {
      list.replaceChildren(h('small', {}, 'none yet (load one in New game, or open one here): each ruleset plays its own traps'));
      return;
    }
    list.replaceChildren(
      ...files.map((f, i) => {
        const box = h('input', { type: 'checkbox', name: 'run-trap-file', value: String(i), checked: on.has(f.key), 'data-ruleset': f.file.ruleset });
        box.addEventListener('change', () => {
          if (box.checked) {
            // One file a ruleset: the other of its ruleset goes.
            for (const g of files) if (g.file.ruleset === f.file.ruleset) on.delete(g.key);
            on.add(f.key);
            tickRuleset(f.file.ruleset);
          } else on.delete(f.key);
          refresh();
        });
        return h('label', { title: f.source }, box, ` ${f.file.name} (${f.file.ruleset}; ${f.source})`);
      }),
    );
  };

  open.addEventListener('click', () => input.click());
  onFilePicked(
    input,
    (name, text) => {
      const checked = checkTrapFile(text, name);
      if ('error' in checked) {
        error.textContent = `${fieldWords(checked.error)}. Nothing was changed.`;
        error.hidden = false;
        return;
      }
      error.hidden = true;
      rememberTrapFile(checked.file, name);
      const key = JSON.stringify(checked.file);
      for (const g of files) if (g.file.ruleset === checked.file.ruleset) on.delete(g.key);
      on.add(key);
      refresh();
      tickRuleset(checked.file.ruleset);
    },
    (why) => {
      error.textContent = `${why}. Nothing was changed.`;
      error.hidden = false;
    },
  );

  refresh();
  const ticked = () => files.filter((f) => on.has(f.key)).map((f) => f.file);
  return { element, refresh, ticked, fileFor: (ruleset) => ticked().find((f) => f.ruleset === ruleset) ?? null };
}
