/**
 * A Lab batch spread over several Web Workers (the Lab's "workers" setting): the page runs the
 * batch runner itself with an executor that hands each chunk of games to an idle worker, and
 * merges the chunks in seed order as they come back — the runner, chunks and merge order of one
 * worker (and of the CLI), so the numbers are the same with any number of workers. Each worker
 * answers `chunk` requests (worker.ts); Cancel terminates them all, which fails the chunks in
 * flight and so the batch.
 */
import { type BatchResult, type ChunkExecutor, type ChunkResult, type ChunkTask, runBatch } from '../../sim/runner.ts';
import type { LabRequest, LabResponse, SimPartial } from './protocol.ts';

/** A batch's merged state as the page's results read it (and the worker's `partial` messages carry). */
export function partialOf(r: BatchResult): SimPartial {
  return { columns: r.columns.map((c) => c.toData()), paired: r.paired.map((p) => p.toData()), runsDone: r.runsDone, fingerprintMismatches: r.fingerprintMismatches };
}

/** Progress reports thinned to one per 80 ms and always the last, so a fast run does not flood the page with messages. */
export function throttled(report: (done: number, total: number) => void): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    const now = performance.now();
    if (done < total && now - last < 80) return;
    last = now;
    report(done, total);
  };
}

/** One worker's side of a spread batch: the chunk it runs now, if any. */
interface Lane {
  worker: Worker;
  current: { id: number; onGame: () => void; resolve: (answer: LabResponse) => void; reject: (e: Error) => void } | null;
}

/**
 * Runs a `sim` request on `workers`: the level check on the first, then the chunks on all.
 * `onMessage` hears progress and partial results as one worker's job would send them; the
 * promise gives the `simDone` message, or rejects with the first failure (a terminated worker).
 */
export async function spreadSim(workers: readonly Worker[], req: Extract<LabRequest, { type: 'sim' }>, onMessage: (m: LabResponse) => void, nextId: () => number): Promise<LabResponse> {
  const lanes: Lane[] = workers.map((worker) => ({ worker, current: null }));
  const idle: Lane[] = [...lanes];
  const waiting: Array<(lane: Lane) => void> = [];
  const detach: Array<() => void> = [];
  for (const lane of lanes) {
    const onMessage = (e: MessageEvent<LabResponse>) => {
      const c = lane.current;
      if (!c || e.data.id !== c.id) return;
      if (e.data.type === 'game') c.onGame();
      else if (e.data.type === 'chunkDone' || e.data.type === 'levelChecked') {
        lane.current = null;
        c.resolve(e.data);
      } else if (e.data.type === 'error') {
        lane.current = null;
        c.reject(new Error(e.data.message));
      }
    };
    const onError = (e: ErrorEvent) => {
      const c = lane.current;
      lane.current = null;
      c?.reject(new Error(e.message || 'a lab worker failed'));
    };
    lane.worker.addEventListener('message', onMessage);
    lane.worker.addEventListener('error', onError);
    detach.push(() => {
      lane.worker.removeEventListener('message', onMessage);
      lane.worker.removeEventListener('error', onError);
    });
  }
  const take = (): Promise<Lane> => {
    const lane = idle.shift();
    return lane ? Promise.resolve(lane) : new Promise((ok) => waiting.push(ok));
  };
  const release = (lane: Lane) => {
    const next = waiting.shift();
    if (next) next(lane);
    else idle.push(lane);
  };
  /** One request to one worker, answered by `chunkDone` (or `levelChecked`) or an error. */
  const ask = (lane: Lane, build: (id: number) => LabRequest, onGame: () => void = () => {}): Promise<LabResponse> =>
    new Promise((resolve, reject) => {
      const id = nextId();
      lane.current = { id, onGame, resolve, reject };
      lane.worker.postMessage(build(id));
    });
  try {
    if (req.level && req.columns[0]) {
      const lane = await take();
      await ask(lane, (id) => ({ type: 'levelCheck', id, level: req.level!, spec: req.columns[0]! }));
      release(lane);
    }
    const executor: ChunkExecutor = {
      async run(task: ChunkTask, onGame: () => void): Promise<ChunkResult> {
        const lane = await take();
        try {
          const answer = await ask(lane, (id) => ({ type: 'chunk', id, task }), onGame);
          return (answer as Extract<LabResponse, { type: 'chunkDone' }>).result;
        } finally {
          release(lane);
        }
      },
      // The workers are the client's: they outlive the batch.
      async close() {},
    };
    const progress = throttled((done, total) => onMessage({ type: 'progress', id: req.id, done, total }));
    const result = await runBatch({
      columns: req.columns,
      runs: req.runs,
      seedStart: req.seedStart,
      heat: req.heat,
      executor,
      parallel: workers.length,
      onProgress: progress,
      onMerged: (r) => onMessage({ type: 'partial', id: req.id, result: partialOf(r) }),
    });
    return { type: 'simDone', id: req.id, result: partialOf(result) };
  } finally {
    for (const d of detach) d();
  }
}
