/**
 * Opening a long game link without freezing the page: the link is checked and replayed in a Web
 * Worker (`replayWorker.ts`) that reports progress; Cancel ends the worker at once. The page gets
 * back what `resume` would give, rebuilt from the worker's world (same hash: the same replay).
 */
import { deserializeWorld, worldHash } from '../../core/world.ts';
import { decodeActions, fail, headerOf, LIMITS, ok, Recording, type ReplayFile, type Result, validateReplay } from '../../share/index.ts';
import type { ReplayRun, resume } from '../../share/replay.ts';
import type { ReplayResponse } from './replayProtocol.ts';

/** Links of fewer moves replay on the page (quicker than starting a worker). */
export const LONG_LINK_MOVES = 3000;

export interface LongReplay {
  done: Promise<Result<{ file: ReplayFile; result: ReturnType<typeof resume> }> | { cancelled: true }>;
  cancel(): void;
}

export function replayOffThread(payload: string, onProgress: (played: number, total: number) => void, create: () => Worker = () => new Worker(new URL('./replayWorker.ts', import.meta.url), { type: 'module' })): LongReplay {
  const worker = create();
  let finish: (r: Awaited<LongReplay['done']>) => void = () => {};
  const done = new Promise<Awaited<LongReplay['done']>>((resolve) => {
    finish = resolve;
  });
  worker.addEventListener('message', (e: MessageEvent<ReplayResponse>) => {
    const m = e.data;
    if (m.type === 'progress') {
      onProgress(m.played, m.total);
      return;
    }
    worker.terminate();
    if (m.type === 'refused') finish({ ok: false, problem: m.problem });
    else if (m.type === 'error') finish(fail('diverged', `This game could not be replayed here (${m.message}).`));
    else finish(rebuild(m));
  });
  worker.addEventListener('error', (e) => {
    worker.terminate();
    finish(fail('diverged', `The link could not be replayed (${e.message || 'the replay worker failed'}).`));
  });
  worker.postMessage({ payload });
  return {
    done,
    cancel: () => {
      worker.terminate();
      finish({ cancelled: true });
    },
  };
}

function rebuild(m: Extract<ReplayResponse, { type: 'done' }>): Result<{ file: ReplayFile; result: ReturnType<typeof resume> }> {
  const actions = decodeActions(m.actions, LIMITS.actions);
  const accepted = decodeActions(m.accepted, LIMITS.actions);
  if (!actions.ok) return actions;
  if (!accepted.ok) return accepted;
  // The header checked here too: a game on a trap file registers its file's ruleset on this page,
  // as the worker did in its own (the world goes on playing here).
  const header = validateReplay({ ...m.file, actions: [] }, 'link');
  if (!header.ok) return header;
  const file: ReplayFile = { ...header.value, actions: actions.value };
  const world = deserializeWorld(m.world);
  // The world crossed as text: it must be the world the worker reached.
  if (worldHash(world) !== m.hash) return fail('diverged', 'The replayed game did not arrive whole from the replay worker.');
  const recording = new Recording(headerOf(file), world, accepted.value);
  if (file.name !== undefined) recording.name = file.name;
  const run: ReplayRun = {
    world,
    hash: m.hash,
    turn: m.turn,
    log: m.log,
    played: m.played,
    refused: m.refused,
    accepted: accepted.value,
    lure: m.lure,
    ...(m.endedEarly ? { endedEarly: m.endedEarly } : {}),
    ...(m.hashMatches !== undefined ? { hashMatches: m.hashMatches } : {}),
    ...(m.turnMatches !== undefined ? { turnMatches: m.turnMatches } : {}),
  };
  return ok({ file, result: { recording, run } });
}
