/** `trapsmith traits <ruleset> [--format json|table]`: the traits an actor of the ruleset may hold (a scenario's `player.traits`). */
import { getRuleset } from '../../core/registry.ts';
import { allTraits, traitKindText, traitNames, type TraitTable } from '../../core/traits.ts';
import { oneOf, parse } from '../args.ts';
import { table } from '../format.ts';
import { type Command, UsageError } from '../io.ts';

const HELP = `Usage: trapsmith traits <ruleset> [--format json|table]

Every trait play may set on an actor of the ruleset (the player's and the monsters'), with its
kind, its range and what it means: the names a scenario's "player": {"traits": {...}} may give
(any other name, or a value of another kind or out of range, is refused). A name written
prefix<…> is a family: the prefix and any ending.`;

export const traitsCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(argv, { format: { type: 'string' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [rulesetId, ...rest] = positionals;
  if (!rulesetId) throw new UsageError(`traits needs a ruleset\n${HELP}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const format = oneOf('format', values.format as string | undefined, ['json', 'table'] as const, 'table');
  let traits: TraitTable;
  try {
    traits = allTraits(getRuleset(rulesetId).traitTable);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (format === 'json') {
    io.out(JSON.stringify({ ruleset: rulesetId, traits }, null, 2));
    return 0;
  }
  const names = traitNames(traits);
  io.out(table(['trait', 'value', 'meaning'], Object.values(traits).map((d, i) => [names[i]!, traitKindText(d), d.meaning])));
  return 0;
};
