/**
 * Shards that merge (`sim --shard i/n --out part.json`, `trapsmith merge part*.json`): a run of N
 * games cut into n shards of whole chunks, contiguous in seed order, each played anywhere (a CI
 * matrix job, a Kubernetes Indexed Job). A shard's file holds the exact accumulator state
 * (SimStats data: counts and histograms, which merge exactly in any order); merging the n files
 * gives the statistics one run over all the seeds gives, so the report is the same byte for byte.
 *
 * The file is outside input when it comes back: `shardFileSchema` (zod) checks its shape, and
 * `mergeShards` that the parts are one run's — the same column, runs and first seed, each shard
 * once, each holding the games of its range.
 */
import { z } from 'zod';
import { parseJsonText } from '../core/jsonInput.ts';
import { SimStats, type SimStatsData } from './accumulator.ts';
import { getRuleset, resolveSettings } from '../core/registry.ts';
import { knownVersion, RULES_VERSION } from '../core/rulesVersion.ts';
import type { Traits } from '../core/world.ts';
import { CHUNK_SIZE, prepare, type SimSpec } from './runner.ts';
import { DEFAULT_MAX_BINS } from './stats/histogram.ts';
import { simStatsProblems } from './statsCheck.ts';

export const SHARD_FORMAT = 'trapsmith-shard';
export const SHARD_VERSION = 1;

export class ShardError extends Error {}

/** The seeds of shard `index` (1-based) of `of`: whole chunks, the shards in seed order. */
export function shardRange(runs: number, seedStart: number, index: number, of: number): { seedStart: number; runs: number } {
  const chunks = Math.ceil(runs / CHUNK_SIZE);
  if (!Number.isInteger(of) || of < 1 || !Number.isInteger(index) || index < 1 || index > of) throw new ShardError(`--shard ${index}/${of}: expected i/n with 1 ≤ i ≤ n`);
  if (of > chunks) throw new ShardError(`--shard ${index}/${of}: ${runs} games make ${chunks} chunk${chunks === 1 ? '' : 's'} of ${CHUNK_SIZE}, so at most ${chunks} shards`);
  const first = Math.floor(((index - 1) * chunks) / of) * CHUNK_SIZE;
  const end = Math.min(runs, Math.floor((index * chunks) / of) * CHUNK_SIZE);
  return { seedStart: seedStart + first, runs: end - first };
}

export interface ShardFile {
  format: typeof SHARD_FORMAT;
  version: typeof SHARD_VERSION;
  shard: { index: number; of: number };
  /** The whole run the shard is part of. */
  runs: number;
  seedStart: number;
  /** The column played (the ruleset, its variant, trap file, scenario, bot and level options). */
  spec: SimSpec;
  stats: SimStatsData;
  fingerprintMismatches: number;
  /** The rules' version the games were played under (core/rulesVersion.ts); a shard from before it was kept says nothing: 1. */
  rules?: number;
  /** Every setting the games were played with, defaults included: the record of what was measured. */
  settings?: Traits;
}

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
// A batch's histograms keep DEFAULT_MAX_BINS bins (sim writes no other): more is refused by its
// length alone. Values are whole numbers; a width past 2^40 would be a value no game reaches.
const histogram = z.strictObject({
  width: z.number().int().min(1).max(2 ** 40),
  maxBins: z.literal(DEFAULT_MAX_BINS),
  bins: z.array(z.tuple([z.number().int(), count])).max(DEFAULT_MAX_BINS),
  count,
  sum: z.number().int(),
  // An empty histogram's ±Infinity bounds are null in JSON (Histogram.fromData reads them so).
  min: z.number().nullable(),
  max: z.number().nullable(),
});
const countRecord = z.record(z.string().max(200), count);
const statsSchema = z.strictObject({
  runCounts: z.strictObject({ runs: count, won: count, died: count, timeout: count, stuck: count, fell: count, diedToTrap: count, hurtByTrap: count, oneGoKillsFromFull: count }),
  turns: histogram,
  trapDamagePerRun: histogram,
  playerTriggersPerRun: histogram,
  causes: countRecord,
  kinds: z.record(z.string().max(100), z.strictObject({ counts: countRecord, damagePerTrigger: histogram, playerDamagePerHit: histogram, disarmResults: countRecord })),
  heat: z
    .strictObject({ width: z.number().int().min(1).max(200), height: z.number().int().min(1).max(200), fired: z.array(count).max(200 * 200), deaths: z.array(count).max(200 * 200), playerDeaths: z.array(count).max(200 * 200) })
    .refine((h) => [h.fired, h.deaths, h.playerDeaths].every((a) => a.length === h.width * h.height), 'each heat layer has width × height cells')
    .nullable(),
});

/** A shard file's shape; its `spec` is checked again by playing it (the ruleset, variant and files it names). */
export const shardFileSchema = z.strictObject({
  format: z.literal(SHARD_FORMAT),
  version: z.literal(SHARD_VERSION),
  shard: z.strictObject({ index: z.number().int().min(1), of: z.number().int().min(1).max(100_000) }),
  runs: z.number().int().min(1).max(10_000_000),
  seedStart: z.number().int().min(0),
  spec: z.looseObject({ ruleset: z.string().min(1).max(200), bot: z.string().min(1).max(40) }),
  stats: statsSchema,
  fingerprintMismatches: count,
  rules: z.number().int().optional(),
  settings: z.record(z.string().max(60), z.union([z.number(), z.string().max(200), z.boolean()])).optional(),
});

export function shardFile(spec: SimSpec, runs: number, seedStart: number, index: number, of: number, stats: SimStats, fingerprintMismatches: number): ShardFile {
  const played = prepare(spec);
  const settings = resolveSettings(getRuleset(played.rulesetId), { ...(spec.scenario?.settings ?? {}), ...played.settings });
  return { format: SHARD_FORMAT, version: SHARD_VERSION, shard: { index, of }, runs, seedStart, spec, stats: stats.toData(), fingerprintMismatches, rules: RULES_VERSION, settings };
}

/** Reads one part (its text); the error names the file and the field. */
export function parseShardFile(text: string, source: string): ShardFile {
  // Its size is the caller's to check before reading the file (merge.ts); its nesting is checked here, before zod walks it.
  const read = parseJsonText(text, Number.POSITIVE_INFINITY);
  if (!read.ok) throw new ShardError(`${source}: ${read.message}`);
  const parsed = shardFileSchema.safeParse(read.value);
  if (!parsed.success) throw new ShardError(`${source}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`).join('; ')}`);
  const file = parsed.data as unknown as ShardFile;
  if (file.rules !== undefined && !knownVersion(file.rules))
    throw new ShardError(`${source}: rules: played under rules version ${file.rules}, this Trapsmith knows versions 1 to ${RULES_VERSION}`);
  // Sound in shape, the statistics must also be ones games make: the report reads them as such.
  const problems = simStatsProblems(file.stats);
  if (problems.length > 0) throw new ShardError(`${source}: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more problems)` : ''}`);
  return file;
}

/** The parts of one run, merged in shard order: the run's column, statistics and seeds. */
export function mergeShards(parts: ReadonlyArray<{ file: ShardFile; source: string }>): { spec: SimSpec; stats: SimStats; runs: number; seedStart: number; fingerprintMismatches: number } {
  if (parts.length === 0) throw new ShardError('no shard files given');
  const first = parts[0]!;
  const of = first.file.shard.of;
  const same = JSON.stringify([first.file.spec, first.file.runs, first.file.seedStart, of, first.file.rules ?? 1]);
  const byIndex = new Map<number, { file: ShardFile; source: string }>();
  for (const p of parts) {
    if (JSON.stringify([p.file.spec, p.file.runs, p.file.seedStart, p.file.shard.of, p.file.rules ?? 1]) !== same)
      throw new ShardError(`${p.source}: a shard of another run than ${first.source} (its column, runs, first seed, number of shards or rules version differ)`);
    const seen = byIndex.get(p.file.shard.index);
    if (seen) throw new ShardError(`${p.source}: shard ${p.file.shard.index}/${of} again (also ${seen.source})`);
    const range = shardRange(p.file.runs, p.file.seedStart, p.file.shard.index, of);
    if (p.file.stats.runCounts.runs !== range.runs) throw new ShardError(`${p.source}: shard ${p.file.shard.index}/${of} holds ${p.file.stats.runCounts.runs} games, its range has ${range.runs}`);
    byIndex.set(p.file.shard.index, p);
  }
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) throw new ShardError(`shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${of}`).join(', ')} missing`);
  const stats = new SimStats();
  let fingerprintMismatches = 0;
  for (let i = 1; i <= of; i++) {
    const p = byIndex.get(i)!;
    try {
      stats.merge(SimStats.fromData(p.file.stats));
    } catch (e) {
      throw new ShardError(`${p.source}: ${(e as Error).message}`);
    }
    fingerprintMismatches += p.file.fingerprintMismatches;
  }
  return { spec: first.file.spec, stats, runs: first.file.runs, seedStart: first.file.seedStart, fingerprintMismatches };
}
