/**
 * Paired statistics of two columns on the same seeds (common random numbers): for each seed the
 * baseline's run and the other's run are compared, so the differences carry only what the rules
 * change, not what the maps and monsters do. Merges exactly (integer counts and sums).
 */
import type { GameSummary } from './observer.ts';
import { RUN_RATES } from './runRates.ts';
import { type Interval, meanInterval, newcombePairedDiff, type PairedTable, Z95 } from './stats/wilson.ts';

export interface Moments {
  count: number;
  sum: number;
  sumSq: number;
}

export interface PairedData {
  /** Survived (did not die): baseline vs other. */
  survived: PairedTable;
  /** Died to a trap. */
  diedToTrap: PairedTable;
  /** A trap took hit points from the player. */
  hurtByTrap: PairedTable;
  /** Other minus baseline, per seed. */
  turns: Moments;
  trapDamage: Moments;
  playerTriggers: Moments;
}

function table(): PairedTable {
  return { both: 0, onlyFirst: 0, onlySecond: 0, neither: 0 };
}

function moments(): Moments {
  return { count: 0, sum: 0, sumSq: 0 };
}

function addPair(t: PairedTable, a: boolean, b: boolean): void {
  if (a && b) t.both++;
  else if (a) t.onlyFirst++;
  else if (b) t.onlySecond++;
  else t.neither++;
}

function addMoment(m: Moments, d: number): void {
  m.count++;
  m.sum += d;
  m.sumSq += d * d;
}

/** Each paired yes/no table and the per-run rate (runRates.ts RUN_RATES) whose outcome it pairs. */
export const PAIRED_TABLES = [
  ['survived', 'survival'],
  ['diedToTrap', 'trapDeath'],
  ['hurtByTrap', 'trapHurt'],
] as const;

/** The paired differences of a compare, other minus baseline (the report's JSON keys). */
export type PairedDifferenceName = 'survivalRate' | 'trapDeathRate' | 'trapHurtRate' | 'turns' | 'trapDamage' | 'playerTriggers';

export class PairedStats {
  data: PairedData = { survived: table(), diedToTrap: table(), hurtByTrap: table(), turns: moments(), trapDamage: moments(), playerTriggers: moments() };

  /** One seed: `base` under the baseline, `other` under the other column. */
  add(base: GameSummary, other: GameSummary): void {
    for (const [table, rate] of PAIRED_TABLES) addPair(this.data[table], RUN_RATES[rate].ofGame(base), RUN_RATES[rate].ofGame(other));
    addMoment(this.data.turns, other.turns - base.turns);
    addMoment(this.data.trapDamage, other.trapDamageTaken - base.trapDamageTaken);
    addMoment(this.data.playerTriggers, other.playerTriggers - base.playerTriggers);
  }

  merge(o: PairedStats): void {
    for (const [k] of PAIRED_TABLES)
      for (const f of ['both', 'onlyFirst', 'onlySecond', 'neither'] as const) this.data[k][f] += o.data[k][f];
    for (const k of ['turns', 'trapDamage', 'playerTriggers'] as const)
      for (const f of ['count', 'sum', 'sumSq'] as const) this.data[k][f] += o.data[k][f];
  }

  toData(): PairedData {
    return structuredClone(this.data);
  }

  static fromData(d: PairedData): PairedStats {
    const p = new PairedStats();
    p.data = structuredClone(d);
    return p;
  }

  /** Other minus baseline, with 95% intervals that use the pairing. */
  differences(z = Z95): Record<PairedDifferenceName, Interval> {
    // The tables are (baseline, other); Newcombe's difference is first − second: flip the sign.
    const flip = (i: Interval): Interval => ({ p: -i.p, lo: -i.hi, hi: -i.lo });
    const d = this.data;
    return {
      survivalRate: flip(newcombePairedDiff(d.survived, z)),
      trapDeathRate: flip(newcombePairedDiff(d.diedToTrap, z)),
      trapHurtRate: flip(newcombePairedDiff(d.hurtByTrap, z)),
      turns: meanInterval(d.turns.count, d.turns.sum, d.turns.sumSq, z),
      trapDamage: meanInterval(d.trapDamage.count, d.trapDamage.sum, d.trapDamage.sumSq, z),
      playerTriggers: meanInterval(d.playerTriggers.count, d.playerTriggers.sum, d.playerTriggers.sumSq, z),
    };
  }
}
