/**
 * The page's side of the lab worker: one job at a time, progress callbacks, and Cancel, which
 * terminates the worker at once (a running batch cannot be interrupted mid-chunk otherwise) and
 * starts a fresh one for the next job.
 */
import type { LabRequest, LabResponse } from './protocol.ts';

type Job = {
  id: number;
  onMessage: (m: LabResponse) => void;
  resolve: (m: LabResponse) => void;
  reject: (e: Error) => void;
};

/** Distributes a request without its id. */
type Omit2<T> = T extends unknown ? Omit<T, 'id'> : never;
export type LabJob = Omit2<LabRequest>;

export class LabClient {
  private worker: Worker | null = null;
  private job: Job | null = null;
  private nextId = 1;

  constructor(private readonly create: () => Worker = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })) {}

  get busy(): boolean {
    return this.job !== null;
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = this.create();
    w.addEventListener('message', (e: MessageEvent<LabResponse>) => {
      const job = this.job;
      if (!job || e.data.id !== job.id) return;
      job.onMessage(e.data);
      if (e.data.type === 'error') {
        this.job = null;
        job.reject(new Error(e.data.message));
      } else if (e.data.type !== 'progress' && e.data.type !== 'partial') {
        this.job = null;
        job.resolve(e.data);
      }
    });
    w.addEventListener('error', (e) => {
      const job = this.job;
      this.job = null;
      job?.reject(new Error(e.message || 'the lab worker failed'));
    });
    this.worker = w;
    return w;
  }

  /** Runs one job; `onMessage` sees progress and partial results. Resolves with the final message. */
  run(job: LabJob, onMessage: (m: LabResponse) => void = () => {}): Promise<LabResponse> {
    if (this.job) return Promise.reject(new Error('the lab is busy'));
    const id = this.nextId++;
    const w = this.ensure();
    return new Promise((resolve, reject) => {
      this.job = { id, onMessage, resolve, reject };
      w.postMessage({ ...job, id } as LabRequest);
    });
  }

  /** Stops the running job now; its promise rejects with "cancelled". */
  cancel(): void {
    const job = this.job;
    this.job = null;
    this.worker?.terminate();
    this.worker = null;
    job?.reject(new CancelledError());
  }
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}
