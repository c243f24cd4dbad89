/** The trap designer in the browser (issue 7): loaded the first time it is opened. */
export { type DesignerPanel, mountDesigner } from './panel.ts';
export { DESIGNER_RULESET, placeBlocker, placeDesigned } from './place.ts';
