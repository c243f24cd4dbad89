/** Messages between the Balance Lab and its Web Worker. Plain data only (structured clone). */
import type { SimStatsData } from '../../sim/accumulator.ts';
import type { AssertionResult } from '../../sim/assertions.ts';
import type { PairedData } from '../../sim/paired.ts';
import type { SimSpec } from '../../sim/runner.ts';
import type { SweepResult, Vary } from '../../sim/sweep.ts';
import type { VerifyReport } from '../../sim/verify.ts';

export type LabRequest =
  | { type: 'sim'; id: number; columns: SimSpec[]; runs: number; seedStart: number; heat: boolean }
  | { type: 'sweep'; id: number; ruleset: string; check: string; fixed: Record<string, unknown>; vary: Vary[] }
  | { type: 'verify'; id: number; runs: number; rulesets?: string[] }
  | { type: 'assert'; id: number; runs: number; rulesets?: string[] };

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
  | { type: 'error'; id: number; message: string };
