/** The level editor in the browser (issue 22): loaded the first time it is opened. */
export { type EditorHost, type EditorLevel, type LevelEditor, mountEditor } from './panel.ts';
export { draftOfWorld, LevelDraft } from './draft.ts';
export { levelOnScreen } from './onScreen.ts';
