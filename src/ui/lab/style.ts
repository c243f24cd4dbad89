/** The lab's styles, added once to the page (the game's stylesheet is not the lab's to change). */
const CSS = `
.lab { font: 13px/1.4 system-ui, sans-serif; color: #ddd; padding: 8px 12px; max-width: 1100px; }
.lab h2 { font-size: 16px; margin: 14px 0 6px; }
.lab h3 { font-size: 14px; margin: 10px 0 4px; }
.lab section, .lab details { border: 1px solid #333; border-radius: 4px; padding: 8px; margin: 8px 0; background: #151515; }
.lab summary { cursor: pointer; font-weight: 600; }
.lab-row { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: flex-end; }
.lab-field { display: inline-flex; flex-direction: column; gap: 2px; align-items: flex-start; max-width: 100%; }
.lab-field small { color: #888; }
.lab input, .lab select, .lab button { font: inherit; background: #222; color: #eee; border: 1px solid #444; border-radius: 3px; padding: 2px 6px; }
.lab input[type=number] { width: 6em; }
.lab select { max-width: 100%; }
.lab button { cursor: pointer; padding: 3px 10px; }
.lab button:disabled { opacity: 0.5; cursor: default; }
.lab-progress { width: 280px; max-width: 100%; height: 14px; }
.lab-status { color: #aaa; min-height: 1.4em; }
.lab-error { color: #f77; }
.lab-scroll { max-width: 100%; overflow-x: auto; margin: 4px 0 10px; scrollbar-width: auto; scrollbar-color: #777 #1c1c1c; }
.lab-scroll::-webkit-scrollbar { height: 12px; }
.lab-scroll::-webkit-scrollbar-thumb { background: #777; border-radius: 6px; }
.lab-scroll::-webkit-scrollbar-track { background: #1c1c1c; }
.lab-table { border-collapse: collapse; }
.lab-table th, .lab-table td { border: 1px solid #333; padding: 2px 6px; text-align: left; white-space: nowrap; }
.lab-table th.num, .lab-table td.num { text-align: right; font-variant-numeric: tabular-nums; }
.lab-summary td { white-space: normal; max-width: 22rem; }
.lab-assert-table td { white-space: normal; max-width: 28rem; }
.lab-pass { color: #7d7; } .lab-fail { color: #f66; } .lab-err-status { color: #fb4; }
.lab-chart { background: #101010; display: block; box-sizing: border-box; width: 100%; margin: 6px 0; padding: 4px 6px; border-radius: 3px; }
.lab-chart .u-legend { max-width: 100%; }
.lab-chart .uplot { color: #ccc; font-family: system-ui, sans-serif; }
.lab-chart .u-title { font-size: 13px; font-weight: 600; }
.lab-chart .u-legend { font-size: 12px; }
.lab-note { color: #aaa; font-size: 12px; }
.lab-vary-field { flex: 1 1 24em; min-width: 0; max-width: 40em; }
.lab-vary-field input { width: 100%; box-sizing: border-box; }
.lab-seeds-expression { flex: 1 1 34em; min-width: 0; max-width: 40em; }
.lab-seeds-where { width: 100%; box-sizing: border-box; }
.lab-file-error, .lab-variant-problems { color: #f77; }
.lab-variant-problems:empty { display: none; }
.lab-sweep-grid td { font-variant-numeric: tabular-nums; }
.heat-bar { position: absolute; left: 0; right: 0; bottom: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px;
  padding: 4px 8px; background: rgba(16, 16, 20, 0.88); border-top: 1px solid #333; color: #ddd; font: 12px/1.4 system-ui, sans-serif; }
.heat-bar[hidden], .heat-bar [hidden] { display: none; }
.heat-bar select, .heat-bar input, .heat-bar button { font: inherit; background: #222; color: #eee; border: 1px solid #444; border-radius: 3px; padding: 1px 6px; }
.heat-bar input[type=number] { width: 5em; }
.heat-bar button { cursor: pointer; }
.heat-running, .heat-controls { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; }
.heat-progress { width: 160px; height: 10px; }
.heat-ramp { display: inline-block; width: 60px; height: 10px; border: 1px solid #555; background: linear-gradient(to right, rgba(255, 224, 64, 0.45), rgba(255, 24, 0, 0.8)); }
.heat-error { color: #f77; }
.heat-hide { margin-left: auto; }
.lab-heat { image-rendering: pixelated; border: 1px solid #333; max-width: 100%; }
.lab-variant-traps input { width: 5em; }
.lab-trap-panes { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(22rem, 100%), 1fr)); gap: 8px 16px; align-items: start; }
.lab-trap-pane h4 { font-size: 13px; margin: 8px 0 2px; color: #bbb; }
.lab-trap-json { width: 100%; box-sizing: border-box; font: 12px/1.35 ui-monospace, monospace; background: #111; color: #ddd; border: 1px solid #444; border-radius: 3px; }
.lab-trap-problems { color: #f77; }
.lab-trap-problems:empty { display: none; }
.lab-trap-hosts { display: inline-flex; gap: 8px; }
.lab-trap-left-out { color: #aaa; font-size: 12px; margin: 0 0 6px; }
`;

let added = false;

export function addLabStyles(doc: Document = document): void {
  if (added) return;
  added = true;
  // A constructed stylesheet, not a <style> element: the page's Content-Security-Policy
  // (style-src 'self') refuses inline style elements but not the CSSOM.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
}
