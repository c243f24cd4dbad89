/** Plain-text tables for the CLI's `--format table`. */

export function table(headers: string[], rows: Array<Array<string | number | boolean | null | undefined>>): string {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function percent(p: number): string {
  return `${(p * 100).toFixed(p > 0 && p < 0.001 ? 4 : 2)}%`;
}
