/**
 * Worker threads for `--workers K` (Node only). Each worker runs whole chunks; the batch runner
 * merges their results in seed order, so the numbers equal a single process's. The CLI runs
 * TypeScript through tsx, so each worker registers tsx before loading its TypeScript.
 */
import { Worker } from 'node:worker_threads';
import type { ChunkExecutor, ChunkResult, ChunkTask } from './runner.ts';
import type { SeedChunk, SeedExecutor, SeedTask } from './seedSearch.ts';

/** What a worker is sent: a chunk of games, or a chunk of a seed search (`kind: 'seeds'`). */
export type WorkerTask = ChunkTask | SeedTask;
type ResultOf<T extends WorkerTask> = T extends SeedTask ? SeedChunk : ChunkResult;

type Message = { type: 'ready' } | { type: 'game' } | { type: 'done'; result: ChunkResult | SeedChunk } | { type: 'error'; message: string };

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

export class NodeWorkerPool implements ChunkExecutor, SeedExecutor {
  private readonly slots: Slot[] = [];
  private readonly waiting: Array<(slot: Slot) => void> = [];

  /** `modules`: extra module URLs or paths each worker imports first (e.g. a test's ruleset). */
  constructor(size: number, modules: string[] = []) {
    // A plain .mjs entry that registers tsx, then loads the TypeScript worker.
    const url = new URL('./nodeWorkerBoot.mjs', import.meta.url);
    for (let i = 0; i < size; i++) {
      const worker = new Worker(url, { workerData: { modules } });
      const ready = new Promise<void>((resolve, reject) => {
        const onMessage = (m: Message) => {
          if (m.type === 'ready') {
            worker.off('message', onMessage);
            resolve();
          }
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
      });
      this.slots.push({ worker, ready, busy: false });
    }
  }

  private acquire(): Promise<Slot> {
    const free = this.slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  async run<T extends WorkerTask>(task: T, onGame?: () => void): Promise<ResultOf<T>> {
    const slot = await this.acquire();
    try {
      await slot.ready;
      return await new Promise<ResultOf<T>>((resolve, reject) => {
        const onMessage = (m: Message) => {
          if (m.type === 'game') onGame?.();
          else if (m.type === 'done') {
            cleanup();
            // The worker answers a task with the result of its kind (nodeWorker.ts).
            resolve(m.result as ResultOf<T>);
          } else if (m.type === 'error') {
            cleanup();
            reject(new Error(`worker: ${m.message}`));
          }
        };
        const onError = (e: Error) => {
          cleanup();
          reject(e);
        };
        const cleanup = () => {
          slot.worker.off('message', onMessage);
          slot.worker.off('error', onError);
        };
        slot.worker.on('message', onMessage);
        slot.worker.on('error', onError);
        slot.worker.postMessage(task);
      });
    } finally {
      this.release(slot);
    }
  }

  /** Each worker's event-loop utilisation since `since` (or since it started): the share of time it was busy. */
  utilization(since?: ReturnType<NodeWorkerPool['marks']>): number[] {
    return this.slots.map((s, i) => s.worker.performance.eventLoopUtilization(since?.[i]).utilization);
  }

  /** Marks to measure utilisation from. */
  marks(): Array<ReturnType<Worker['performance']['eventLoopUtilization']>> {
    return this.slots.map((s) => s.worker.performance.eventLoopUtilization());
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
