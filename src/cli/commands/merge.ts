/**
 * `trapsmith merge part*.json`: the shards of one `sim --shard i/n --out FILE` run, put together
 * (sim/shards.ts). The report is what one `sim` over all the seeds prints, byte for byte, in the
 * format asked for. A part is outside input: each is read within a size limit, checked field by
 * field, and its column's variant, trap file and scenario are read again by their own readers.
 */
import { parseScenario, ScenarioError } from '../../core/scenario.ts';
import { parseTrapFile } from '../../core/traps/schema.ts';
import { mergeShards, parseShardFile, ShardError, type ShardFile } from '../../sim/shards.ts';
import { prepare } from '../../sim/runner.ts';
import { parseVariant, VariantError } from '../../sim/variants.ts';
import { readFileSync, statSync } from 'node:fs';
import { type Command, UsageError } from '../io.ts';
import { formatFlag, parseFlags, usage } from '../labSupport.ts';
import { simOutput } from './sim.ts';

const HELP = `trapsmith merge FILE... [--format table|csv|json]

Puts together the shard files of one run (trapsmith sim ... --shard i/n --out FILE, one per
shard, all n of them) and prints the run's report: the same, byte for byte, as one sim over all
the seeds. The files may come in any order; a missing, repeated or foreign shard is named.

  --format F          table (default), csv or json
  -h, --help          this text`;

/** A shard file holds one column's exact state: a few megabytes at most. */
const MAX_SHARD_BYTES = 20_000_000;

function readPart(path: string): string {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch (e) {
    throw new UsageError(`merge: cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!stat.isFile()) throw new UsageError(`${path} is ${stat.isDirectory() ? 'a folder' : 'not a file'}, not a shard file (give the files: ${path}/part*.json)`);
  const size = stat.size;
  if (size > MAX_SHARD_BYTES) throw new UsageError(`merge: ${path} is ${size} bytes, at most ${MAX_SHARD_BYTES} for a shard file`);
  return readFileSync(path, 'utf8');
}

/** The column a part names, read again by the readers of its variant, trap file and scenario. */
function checkedSpec(file: ShardFile, source: string): void {
  const spec = file.spec;
  try {
    if (spec.variant) spec.variant = parseVariant(spec.variant, `${source}: spec.variant`);
    if (spec.traps) spec.traps = parseTrapFile(spec.traps, `${source}: spec.traps`);
    if (spec.scenario) spec.scenario = parseScenario(spec.scenario, `${source}: spec.scenario`);
    // Registers what the column plays (a trap file's kinds, a variant), so names read as in sim.
    prepare(spec);
  } catch (e) {
    if (e instanceof VariantError || e instanceof ScenarioError) throw new UsageError(e.message);
    throw new UsageError(`${source}: spec: ${(e as Error).message}`);
  }
}

export const mergeCommand: Command = async (argv, io) => {
  try {
    const { values, positionals } = parseFlags(argv, { format: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, true);
    if (values.help) {
      io.out(HELP);
      return 0;
    }
    const format = formatFlag(values, 'table');
    if (positionals.length === 0) throw new UsageError('merge needs the shard files (see --help)');
    const parts = positionals.map((path) => {
      try {
        return { file: parseShardFile(readPart(path), path), source: path };
      } catch (e) {
        if (e instanceof ShardError) throw new UsageError(e.message);
        throw e;
      }
    });
    let merged: ReturnType<typeof mergeShards>;
    try {
      merged = mergeShards(parts);
    } catch (e) {
      if (e instanceof ShardError) throw new UsageError(e.message);
      throw e;
    }
    checkedSpec(parts[0]!.file, parts[0]!.source);
    io.out(simOutput(merged.spec, merged.stats, merged.seedStart, format));
    return 0;
  } catch (e) {
    return usage(e, io, 'merge');
  }
};
