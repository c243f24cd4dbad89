/** `trapsmith traps <ruleset> [--format json|table]`: the trap table as the game holds it. */
import { getRuleset } from '../../core/registry.ts';
import { oneOf, parse } from '../args.ts';
import { table } from '../format.ts';
import { type Command, UsageError } from '../io.ts';

const HELP = `Usage: trapsmith traps <ruleset> [--format json|table]

The ruleset's trap table: id, name, glyph, colour and the ruleset's own columns.`;

export const trapsCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(argv, { format: { type: 'string' } });
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
  if (format === 'json') {
    io.out(JSON.stringify({ ruleset: r.id, columns: r.trapColumns, traps: r.traps }, null, 2));
    return 0;
  }
  const headers = ['id', 'name', 'glyph', 'colour', ...r.trapColumns];
  io.out(table(headers, r.traps.map((t) => [t.id, t.name, t.glyph, t.colour, ...r.trapColumns.map((c) => t.columns[c] ?? null)])));
  return 0;
};
