/** Messages between the page and the link replay worker (`replayWorker.ts`). */
import type { Problem, ReplayFile } from '../../share/index.ts';
import type { LogLine } from '../../share/replay.ts';
import type { LureLedgerData } from '../../sim/lure.ts';

export interface ReplayRequest {
  payload: string;
}

/** The replayed game, in forms that cross to the page cheaply (the world as its JSON, actions in the link form). */
export interface ReplayDone {
  type: 'done';
  /** The link's file without its actions (`actions` is their compact form). */
  file: Omit<ReplayFile, 'actions'>;
  actions: string;
  accepted: string;
  world: string;
  /** The last lines of the replay's log (all the page keeps). */
  log: LogLine[];
  played: number;
  refused: number;
  endedEarly?: { atAction: number; left: number };
  hash: string;
  turn: number;
  hashMatches?: boolean;
  turnMatches?: boolean;
  lure: LureLedgerData;
}

export type ReplayResponse = { type: 'progress'; played: number; total: number } | { type: 'refused'; problem: Problem } | { type: 'error'; message: string } | ReplayDone;
