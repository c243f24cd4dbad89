/** An aligned text table (format.ts `table`) read back into cells by its rule line of dashes: the CLI's printed table, parsed apart from the code that made the cells. */
export function textTableCells(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split('\n');
  const rule = lines[1] ?? '';
  const spans = [...rule.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length] as const);
  const cells = (line: string) => spans.map(([from, to], i) => (i === spans.length - 1 ? line.slice(from) : line.slice(from, to)).trim());
  return { header: cells(lines[0] ?? ''), rows: lines.slice(2).map(cells) };
}
