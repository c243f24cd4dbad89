/** The lab's styles, added once to the page (the game's stylesheet is not the lab's to change). */
const CSS = `
.lab { font: 13px/1.4 system-ui, sans-serif; color: #ddd; padding: 8px 12px; max-width: 1100px; }
.lab h2 { font-size: 16px; margin: 14px 0 6px; }
.lab h3 { font-size: 14px; margin: 10px 0 4px; }
.lab section, .lab details { border: 1px solid #333; border-radius: 4px; padding: 8px; margin: 8px 0; background: #151515; }
.lab summary { cursor: pointer; font-weight: 600; }
.lab-row { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: flex-end; }
.lab-field { display: inline-flex; flex-direction: column; gap: 2px; align-items: flex-start; }
.lab-field small { color: #888; }
.lab input, .lab select, .lab button { font: inherit; background: #222; color: #eee; border: 1px solid #444; border-radius: 3px; padding: 2px 6px; }
.lab input[type=number] { width: 6em; }
.lab button { cursor: pointer; padding: 3px 10px; }
.lab button:disabled { opacity: 0.5; cursor: default; }
.lab-progress { width: 280px; height: 14px; }
.lab-status { color: #aaa; min-height: 1.4em; }
.lab-error { color: #f77; }
.lab-table { border-collapse: collapse; margin: 4px 0 10px; }
.lab-table th, .lab-table td { border: 1px solid #333; padding: 2px 6px; text-align: right; white-space: nowrap; }
.lab-table th:first-child, .lab-table td:first-child { text-align: left; }
.lab-pass { color: #7d7; } .lab-fail { color: #f66; } .lab-err-status { color: #fb4; }
.lab-chart { background: #101010; display: block; margin: 6px 0; }
.lab-chart-title { fill: #ccc; font-size: 12px; font-weight: 600; }
.lab-tick { fill: #999; font-size: 10px; }
.lab-grid { stroke: #2a2a2a; } .lab-err { stroke: #eee; stroke-width: 1; }
.lab-heat { image-rendering: pixelated; border: 1px solid #333; max-width: 100%; }
.lab-variant-traps input { width: 5em; }
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
