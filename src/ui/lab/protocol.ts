/** Messages between the Balance Lab and its Web Worker. Plain data only (structured clone). */
import type { SimStatsData } from '../../sim/accumulator.ts';
import type { AssertionFile, AssertionResult } from '../../sim/assertions.ts';
import type { PairedData } from '../../sim/paired.ts';
import type { ChunkResult, ChunkTask, SimSpec } from '../../sim/runner.ts';
import type { SeedHit, SeedSearch } from '../../sim/seedSearch.ts';
import type { SweepResult, Vary } from '../../sim/sweep.ts';
import type { LevelShape } from './level.ts';
import type { VerifyReport } from '../../sim/verify.ts';

export type LabRequest =
  /** `level`: the live level the first column must start on (checked before any run). */
  | { type: 'sim'; id: number; columns: SimSpec[]; runs: number; seedStart: number; heat: boolean; level?: LevelShape }
  | { type: 'sweep'; id: number; ruleset: string; check: string; fixed: Record<string, unknown>; vary: Vary[] }
  | { type: 'verify'; id: number; runs: number; rulesets?: string[] }
  /** `file`: a designer's assertions (already checked by the page); absent: the default file. */
  | { type: 'assert'; id: number; runs: number; rulesets?: string[]; file?: AssertionFile }
  /** A seed search (sim/seedSearch.ts), as `trapsmith seeds` runs it with one worker. */
  | { type: 'seeds'; id: number; search: SeedSearch }
  /** One chunk of a batch spread over several workers (spread.ts): `game` after each game, then `chunkDone`. */
  | { type: 'chunk'; id: number; task: ChunkTask }
  /** Before a spread batch: does `spec` start on the live level? `levelChecked`, or an error saying why not. */
  | { type: 'levelCheck'; id: number; level: LevelShape; spec: SimSpec };

export interface SimPartial {
  columns: SimStatsData[];
  paired: PairedData[];
  runsDone: number;
  fingerprintMismatches: number;
}

export type LabResponse =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'partial'; id: number; result: SimPartial }
  | { type: 'simDone'; id: number; result: SimPartial }
  | { type: 'sweepDone'; id: number; result: SweepResult }
  | { type: 'verifyDone'; id: number; result: VerifyReport }
  | { type: 'assertDone'; id: number; result: AssertionResult[] }
  | { type: 'seedsDone'; id: number; result: { scanned: number; found: SeedHit[] } }
  | { type: 'game'; id: number }
  | { type: 'chunkDone'; id: number; result: ChunkResult }
  | { type: 'levelChecked'; id: number }
  | { type: 'error'; id: number; message: string };
