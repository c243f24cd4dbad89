/**
 * The streaming statistics of a batch of games: counters and bounded histograms only, so memory
 * does not grow with the number of runs. Every field merges exactly (integer counts, integer sums,
 * histograms), and batches are merged in seed order, so splitting a batch over workers gives the
 * very same numbers as one process.
 */
import { Histogram, type HistogramData } from './stats/histogram.ts';

/** What happened with one kind of trap over a batch. */
export interface KindCounts {
  /** Dungeon traps of this kind the player came across: revealed to, set off by, avoided by, or tried to disarm. */
  encounters: number;
  /** Of those, revealed to the player (searching, in passing) before anything set them off. */
  foundFirst: number;
  /** Traps of this kind the player rigged or set during play. */
  rigged: number;
  /** Trigger events with the player as the one who set it off (any way: step, door, disarm, ...). */
  triggeredByPlayer: number;
  /** Of those, by stepping onto it. */
  playerStepTriggers: number;
  triggeredByMonsters: number;
  /** Trigger events with nobody named (timed, spreading). */
  triggeredByNone: number;
  /** The player stepped onto it and it did not go off. */
  avoidedByPlayer: number;
  avoidedByMonsters: number;
  disarmAttempts: number;
  disarmSuccesses: number;
  disarmSetOffs: number;
  /** All damage it dealt, to anyone, including damage after the step it fired in. */
  damageTotal: number;
  playerDamageTotal: number;
  playerDeaths: number;
  /** Player deaths from a trigger that found the player at full hit points. */
  oneGoKillsFromFull: number;
  monstersKilled: number;
  /** Monsters killed by the trap they set off themselves (of `triggeredByMonsters`: at most one each). */
  monsterTriggerKills: number;
  /** Monsters killed by traps the player rigged. */
  monstersKilledByRigged: number;
  /** The lure ledger (sim/lure.ts): monsters hurt by it while hunting the player or following the player's noise. */
  luredHurt: number;
  /** Monsters killed by it while hunting the player or following the player's noise. */
  luredKilled: number;
  /** Of `luredHurt` and `luredKilled`, by traps the player rigged. */
  luredHurtByRigged: number;
  luredKilledByRigged: number;
}

export interface KindStatsData {
  counts: KindCounts;
  /** Total damage dealt by one trigger (all victims), zeros included. */
  damagePerTrigger: HistogramData;
  /** Damage the player took from one trigger that hurt them. */
  playerDamagePerHit: HistogramData;
  /** Disarm results as the ruleset names them ("disarmed", "failed", "set_off", ...). */
  disarmResults: Record<string, number>;
}

export interface KindStats {
  counts: KindCounts;
  damagePerTrigger: Histogram;
  playerDamagePerHit: Histogram;
  disarmResults: Record<string, number>;
}

export type RunOutcome = 'won' | 'died' | 'timeout' | 'stuck';

export interface RunCounts {
  runs: number;
  won: number;
  died: number;
  timeout: number;
  stuck: number;
  /** Of the wins, those that ended by falling below the last level (trapdoor, sinkhole) rather than by the stairs. */
  fell: number;
  /** Deaths whose killing blow came from a trap. */
  diedToTrap: number;
  /** Runs in which a trap took hit points from the player (died or not). */
  hurtByTrap: number;
  /** Player deaths from a trap trigger that found them at full hit points. */
  oneGoKillsFromFull: number;
}

export interface HeatData {
  width: number;
  height: number;
  /** Per cell (row-major): trap triggers on the first level. */
  fired: number[];
  /** Per cell: deaths (player and monsters) on the first level. */
  deaths: number[];
  /** Per cell: player deaths. */
  playerDeaths: number[];
}

export interface SimStatsData {
  runCounts: RunCounts;
  turns: HistogramData;
  /** Damage the player took from traps over a whole run. */
  trapDamagePerRun: HistogramData;
  /** Trap triggers by the player over a whole run. */
  playerTriggersPerRun: HistogramData;
  causes: Record<string, number>;
  kinds: Record<string, KindStatsData>;
  heat: HeatData | null;
}

export function emptyCounts(): KindCounts {
  return {
    encounters: 0,
    foundFirst: 0,
    rigged: 0,
    triggeredByPlayer: 0,
    playerStepTriggers: 0,
    triggeredByMonsters: 0,
    triggeredByNone: 0,
    avoidedByPlayer: 0,
    avoidedByMonsters: 0,
    disarmAttempts: 0,
    disarmSuccesses: 0,
    disarmSetOffs: 0,
    damageTotal: 0,
    playerDamageTotal: 0,
    playerDeaths: 0,
    oneGoKillsFromFull: 0,
    monstersKilled: 0,
    monsterTriggerKills: 0,
    monstersKilledByRigged: 0,
    luredHurt: 0,
    luredKilled: 0,
    luredHurtByRigged: 0,
    luredKilledByRigged: 0,
  };
}

function emptyRunCounts(): RunCounts {
  return { runs: 0, won: 0, died: 0, timeout: 0, stuck: 0, fell: 0, diedToTrap: 0, hurtByTrap: 0, oneGoKillsFromFull: 0 };
}

function addRecord(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

/** Sorted copy of a record, so the data form does not depend on the order things were first seen. */
function sortedRecord<T>(r: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(r).sort()) out[k] = r[k]!;
  return out;
}

export class SimStats {
  runCounts = emptyRunCounts();
  turns = new Histogram();
  trapDamagePerRun = new Histogram();
  playerTriggersPerRun = new Histogram();
  causes: Record<string, number> = {};
  kinds = new Map<string, KindStats>();
  heat: HeatData | null = null;

  kind(id: string): KindStats {
    let k = this.kinds.get(id);
    if (!k) {
      k = { counts: emptyCounts(), damagePerTrigger: new Histogram(), playerDamagePerHit: new Histogram(), disarmResults: {} };
      this.kinds.set(id, k);
    }
    return k;
  }

  /** Starts a heat map of one level's cells (all runs must play that same level). */
  enableHeat(width: number, height: number): void {
    if (this.heat) return;
    const n = width * height;
    this.heat = { width, height, fired: new Array(n).fill(0), deaths: new Array(n).fill(0), playerDeaths: new Array(n).fill(0) };
  }

  merge(other: SimStats): void {
    for (const key of Object.keys(this.runCounts) as Array<keyof RunCounts>) this.runCounts[key] += other.runCounts[key];
    this.turns.merge(other.turns);
    this.trapDamagePerRun.merge(other.trapDamagePerRun);
    this.playerTriggersPerRun.merge(other.playerTriggersPerRun);
    addRecord(this.causes, other.causes);
    for (const [id, o] of other.kinds) {
      const k = this.kind(id);
      for (const key of Object.keys(k.counts) as Array<keyof KindCounts>) k.counts[key] += o.counts[key];
      k.damagePerTrigger.merge(o.damagePerTrigger);
      k.playerDamagePerHit.merge(o.playerDamagePerHit);
      addRecord(k.disarmResults, o.disarmResults);
    }
    if (other.heat) {
      if (!this.heat) this.enableHeat(other.heat.width, other.heat.height);
      const h = this.heat!;
      if (h.width !== other.heat.width || h.height !== other.heat.height) throw new Error('cannot merge heat maps of different levels');
      for (let i = 0; i < h.fired.length; i++) {
        h.fired[i]! += other.heat.fired[i]!;
        h.deaths[i]! += other.heat.deaths[i]!;
        h.playerDeaths[i]! += other.heat.playerDeaths[i]!;
      }
    }
  }

  toData(): SimStatsData {
    const kinds: Record<string, KindStatsData> = {};
    for (const id of [...this.kinds.keys()].sort()) {
      const k = this.kinds.get(id)!;
      kinds[id] = {
        counts: { ...k.counts },
        damagePerTrigger: k.damagePerTrigger.toData(),
        playerDamagePerHit: k.playerDamagePerHit.toData(),
        disarmResults: sortedRecord(k.disarmResults),
      };
    }
    return {
      runCounts: { ...this.runCounts },
      turns: this.turns.toData(),
      trapDamagePerRun: this.trapDamagePerRun.toData(),
      playerTriggersPerRun: this.playerTriggersPerRun.toData(),
      causes: sortedRecord(this.causes),
      kinds,
      heat: this.heat ? { ...this.heat, fired: [...this.heat.fired], deaths: [...this.heat.deaths], playerDeaths: [...this.heat.playerDeaths] } : null,
    };
  }

  static fromData(d: SimStatsData): SimStats {
    const s = new SimStats();
    s.runCounts = { ...d.runCounts };
    s.turns = Histogram.fromData(d.turns);
    s.trapDamagePerRun = Histogram.fromData(d.trapDamagePerRun);
    s.playerTriggersPerRun = Histogram.fromData(d.playerTriggersPerRun);
    s.causes = { ...d.causes };
    for (const [id, k] of Object.entries(d.kinds)) {
      s.kinds.set(id, {
        counts: { ...emptyCounts(), ...k.counts },
        damagePerTrigger: Histogram.fromData(k.damagePerTrigger),
        playerDamagePerHit: Histogram.fromData(k.playerDamagePerHit),
        disarmResults: { ...k.disarmResults },
      });
    }
    s.heat = d.heat ? { ...d.heat, fired: [...d.heat.fired], deaths: [...d.heat.deaths], playerDeaths: [...d.heat.playerDeaths] } : null;
    return s;
  }
}
