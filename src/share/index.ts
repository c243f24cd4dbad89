/** Replays, links and saves: pure modules (no DOM), shared by the browser and the CLI. */
export { decodeActions, encodeActions } from './actionCodec.ts';
export { ReplayCursor } from './cursor.ts';
export {
  type FileFormat,
  type GameHeader,
  headerOf,
  parseReplayText,
  REPLAY_FORMAT,
  type ReplayFile,
  replayToText,
  SAVE_FORMAT,
  validateReplay,
} from './format.ts';
export { LIMITS } from './limits.ts';
export { decodeLink, encodeLink, LINK_KEY, linkMoves, linkUrl, payloadOf } from './link.ts';
export { fail, ok, type Problem, type ProblemKind, type Result } from './problem.ts';
export { divergence, type GameOptions, headerFor, type LogLine, Recording, record, replay, type ReplayRun, resume, startWorld } from './replay.ts';
export { type DamagedSave, type KeptGame, type LoadedSave, type SavedLogLine, type SaveInput, type SaveNotice, type SaveOutcome, SaveStore, type StorageLike } from './saves.ts';
