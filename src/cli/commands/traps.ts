/** `trapsmith traps <ruleset> [--format json|table|definitions]` and `trapsmith traps --schema`. */
import { getRuleset } from '../../core/registry.ts';
import type { Ruleset } from '../../core/ruleset.ts';
import type { TrapFile } from '../../core/traps/definition.ts';
import { trapFileJsonSchema } from '../../core/traps/schema.ts';
import { oneOf, parse } from '../args.ts';
import { table } from '../format.ts';
import { type Command, UsageError } from '../io.ts';
import { usePlayedRuleset } from '../trapsFlag.ts';

const HELP = `Usage: trapsmith traps <ruleset> [--format json|table|definitions] [--variant FILE] [--traps FILE]
       trapsmith traps <ruleset> --export KIND
       trapsmith traps --schema

The ruleset's trap table: id, name, glyph, colour and the ruleset's own columns; with --variant,
the table as the variant changes it; with --traps, a designer's kinds added.
--format definitions prints the ruleset's trap kinds as a trap file (the format --traps reads),
a starting point for your own. --export KIND prints one kind as a trap file of its own: edit it
(keep its id to change the built-in kind, give it another to add one) and play it with --traps.
--schema prints the JSON Schema of a trap file.`;

export const trapsCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, variant: { type: 'string' }, traps: { type: 'string' }, schema: { type: 'boolean' }, export: { type: 'string' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (values.schema) {
    if (positionals.length > 0) throw new UsageError('traps --schema takes no ruleset');
    io.out(JSON.stringify(trapFileJsonSchema(), null, 2));
    return 0;
  }
  const [rulesetId, ...rest] = positionals;
  if (!rulesetId) throw new UsageError(`traps needs a ruleset\n${HELP}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const format = oneOf('format', values.format as string | undefined, ['json', 'table', 'definitions'] as const, 'table');
  try {
    getRuleset(rulesetId);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const r = getRuleset(usePlayedRuleset(values, rulesetId).rulesetId);
  if (values.export !== undefined) {
    if (values.format !== undefined) throw new UsageError('--export prints a trap file: leave out --format');
    io.out(JSON.stringify(exportedKind(r, rulesetId, values.export as string), null, 2));
    return 0;
  }
  if (format === 'definitions') {
    const kinds = r.traps.flatMap((t) => (t.kind ? [t.kind] : []));
    if (kinds.length === 0) throw new UsageError(`${rulesetId}: its traps are not data yet (no definitions to print)`);
    const file: TrapFile = { format: 'trapsmith-traps', version: 1, ruleset: rulesetId, name: `${rulesetId} traps`, traps: kinds };
    io.out(JSON.stringify(file, null, 2));
    return 0;
  }
  if (format === 'json') {
    // The table's rows, as before the kinds were data: `--format definitions` has the kinds.
    const rows = r.traps.map(({ kind: _kind, ...row }) => row);
    io.out(JSON.stringify({ ruleset: rulesetId, ...(r.id !== rulesetId ? { variant: r.name } : {}), columns: r.trapColumns, traps: rows }, null, 2));
    return 0;
  }
  const headers = ['id', 'name', 'glyph', 'colour', ...r.trapColumns];
  io.out(table(headers, r.traps.map((t) => [t.id, t.name, t.glyph, t.colour, ...r.trapColumns.map((c) => t.columns[c] ?? null)])));
  return 0;
};

/**
 * One kind of the played ruleset as a trap file of its own, named after the kind. Read back with
 * --traps it plays and reads exactly as the kind it was made from (tests/cli/exportKind.test.ts).
 */
export function exportedKind(r: Ruleset, rulesetId: string, id: string): TrapFile {
  const kind = r.traps.find((t) => t.id === id)?.kind;
  if (!kind) {
    const known = r.traps.filter((t) => t.kind).map((t) => t.id);
    throw new UsageError(`--export: ${rulesetId} has no trap kind "${id}" (known: ${known.join(', ') || 'none'})`);
  }
  return { format: 'trapsmith-traps', version: 1, ruleset: rulesetId, name: `${kind.name} (exported)`, traps: [kind] };
}
