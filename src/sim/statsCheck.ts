/**
 * Whether a batch's statistics from outside (a shard file, sim/shards.ts) hold together as the
 * ones games make (sim/observer.ts counts them): the shape is zod's job, this is the arithmetic.
 * Each problem names its field under `stats.`; [] when they hold.
 *
 * What every batch keeps true, as the observer counts:
 * - each game ends one way: won + died + timeout + stuck = runs; fell ≤ won; a trap death and a
 *   one-go kill are deaths (oneGoKillsFromFull ≤ diedToTrap ≤ died); every death has one cause;
 * - the per-game histograms hold one value a game; every histogram holds together on its own
 *   (stats/histogram.ts histogramDataProblems);
 * - per kind: every rate the report reads has k ≤ n (report.ts kindRateCounts); a trigger gives
 *   one damagePerTrigger value and a hit at most one playerDamagePerHit value; of-counts are at
 *   most what they are of (killed by rigged ≤ killed, ...); the disarm results add up to the attempts;
 *   the kinds' one-go kills add up to the run's;
 * - the heat map's player deaths are deaths, and at most the run's.
 */
import { emptyCounts, type KindCounts, type SimStatsData } from './accumulator.ts';
import { KIND_RATES, kindRateCounts } from './report.ts';
import { type HistogramData, histogramDataProblems } from './stats/histogram.ts';

const total = (values: Iterable<number>): number => {
  let t = 0;
  for (const v of values) t += v;
  return t;
};

/** `part` of `whole` (both fields of `counts`, under `path`) must be at most it. */
function atMost<T extends object>(counts: T, path: string, part: keyof T & string, whole: keyof T & string): string[] {
  const [p, w] = [counts[part] as number, counts[whole] as number];
  return p <= w ? [] : [`${path}.${part}: ${p}, more than ${whole} (${w})`];
}

function histogramOf(d: HistogramData, path: string, expected?: { count: number; what: string }): string[] {
  const own = histogramDataProblems(d, path);
  if (own.length > 0) return own;
  if (expected && d.count !== expected.count) return [`${path}.count: ${d.count} values, but ${expected.what} is ${expected.count}`];
  return [];
}

function kindProblems(id: string, k: SimStatsData['kinds'][string]): string[] {
  const path = `stats.kinds.${id}`;
  // A counter the file leaves out is 0, as SimStats.fromData reads it.
  const c: KindCounts = { ...emptyCounts(), ...k.counts };
  const counts = `${path}.counts`;
  const rates = kindRateCounts(c);
  const triggers = c.triggeredByPlayer + c.triggeredByMonsters + c.triggeredByNone;
  return [
    ...KIND_RATES.flatMap((name) => {
      const [s, n] = rates[name];
      return s <= n ? [] : [`${counts}: ${s} successes in ${n} trials for the rate ${name}`];
    }),
    ...atMost(c, counts, 'oneGoKillsFromFull', 'playerDeaths'),
    ...atMost(c, counts, 'monsterTriggerKills', 'monstersKilled'),
    ...atMost(c, counts, 'monstersKilledByRigged', 'monstersKilled'),
    ...atMost(c, counts, 'luredHurtByRigged', 'luredHurt'),
    ...atMost(c, counts, 'luredKilledByRigged', 'luredKilled'),
    ...atMost(c, counts, 'playerDamageTotal', 'damageTotal'),
    ...(total(Object.values(k.disarmResults)) === c.disarmAttempts ? [] : [`${path}.disarmResults: add up to ${total(Object.values(k.disarmResults))}, but disarmAttempts is ${c.disarmAttempts}`]),
    ...histogramOf(k.damagePerTrigger, `${path}.damagePerTrigger`, { count: triggers, what: 'its triggers (by the player, monsters and none)' }),
    ...(k.damagePerTrigger.sum <= c.damageTotal ? [] : [`${path}.damagePerTrigger.sum: ${k.damagePerTrigger.sum}, more than damageTotal (${c.damageTotal})`]),
    ...histogramOf(k.playerDamagePerHit, `${path}.playerDamagePerHit`),
    ...(k.playerDamagePerHit.count <= triggers ? [] : [`${path}.playerDamagePerHit.count: ${k.playerDamagePerHit.count}, more than its triggers (${triggers})`]),
    ...(k.playerDamagePerHit.sum <= c.playerDamageTotal ? [] : [`${path}.playerDamagePerHit.sum: ${k.playerDamagePerHit.sum}, more than playerDamageTotal (${c.playerDamageTotal})`]),
  ];
}

export function simStatsProblems(d: SimStatsData): string[] {
  const rc = d.runCounts;
  const runs = { count: rc.runs, what: 'runCounts.runs' };
  const ended = rc.won + rc.died + rc.timeout + rc.stuck;
  const problems = [
    ...(ended === rc.runs ? [] : [`stats.runCounts: won + died + timeout + stuck is ${ended}, but runs is ${rc.runs}`]),
    ...atMost(rc, 'stats.runCounts', 'fell', 'won'),
    ...atMost(rc, 'stats.runCounts', 'diedToTrap', 'died'),
    ...atMost(rc, 'stats.runCounts', 'hurtByTrap', 'runs'),
    ...atMost(rc, 'stats.runCounts', 'oneGoKillsFromFull', 'diedToTrap'),
    ...(total(Object.values(d.causes)) === rc.died ? [] : [`stats.causes: add up to ${total(Object.values(d.causes))}, but runCounts.died is ${rc.died}`]),
    ...histogramOf(d.turns, 'stats.turns', runs),
    ...histogramOf(d.trapDamagePerRun, 'stats.trapDamagePerRun', runs),
    ...histogramOf(d.playerTriggersPerRun, 'stats.playerTriggersPerRun', runs),
    ...Object.entries(d.kinds).flatMap(([id, k]) => kindProblems(id, k)),
  ];
  const kindOneGo = total(Object.values(d.kinds).map((k) => k.counts.oneGoKillsFromFull));
  if (kindOneGo !== rc.oneGoKillsFromFull) problems.push(`stats.kinds: their one-go kills add up to ${kindOneGo}, but runCounts.oneGoKillsFromFull is ${rc.oneGoKillsFromFull}`);
  if (d.heat) {
    const h = d.heat;
    const cell = h.playerDeaths.findIndex((p, i) => p > h.deaths[i]!);
    if (cell >= 0) problems.push(`stats.heat.playerDeaths[${cell}]: ${h.playerDeaths[cell]}, more than deaths[${cell}] (${h.deaths[cell]})`);
    const playerDeaths = total(h.playerDeaths);
    if (playerDeaths > rc.died) problems.push(`stats.heat.playerDeaths: add up to ${playerDeaths}, more than runCounts.died (${rc.died})`);
  }
  return problems;
}
