/** `trapsmith traps <ruleset> [--format json|table]`: the trap table as the game holds it. */
import { getRuleset } from '../../core/registry.ts';
import { oneOf, parse } from '../args.ts';
import { table } from '../format.ts';
import { type Command, UsageError } from '../io.ts';
import { useVariant } from '../variantFlag.ts';

const HELP = `Usage: trapsmith traps <ruleset> [--format json|table] [--variant FILE]

The ruleset's trap table: id, name, glyph, colour and the ruleset's own columns; with --variant,
the table as the variant changes it.`;

export const trapsCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, variant: { type: 'string' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [rulesetId, ...rest] = positionals;
  if (!rulesetId) throw new UsageError(`traps needs a ruleset\n${HELP}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const format = oneOf('format', values.format as string | undefined, ['json', 'table'] as const, 'table');
  let r: ReturnType<typeof getRuleset>;
  try {
    r = getRuleset(rulesetId);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (typeof values.variant === 'string') r = getRuleset(useVariant(values.variant, rulesetId).rulesetId);
  if (format === 'json') {
    io.out(JSON.stringify({ ruleset: rulesetId, ...(r.id !== rulesetId ? { variant: r.name } : {}), columns: r.trapColumns, traps: r.traps }, null, 2));
    return 0;
  }
  const headers = ['id', 'name', 'glyph', 'colour', ...r.trapColumns];
  io.out(table(headers, r.traps.map((t) => [t.id, t.name, t.glyph, t.colour, ...r.trapColumns.map((c) => t.columns[c] ?? null)])));
  return 0;
};
