/**
 * The page's side of the lab worker: one job at a time, progress callbacks, and Cancel, which
 * terminates the worker at once (a running batch cannot be interrupted mid-chunk otherwise) and
 * starts a fresh one for the next job.
 *
 * A worker registers a trap file's ruleset (`<ruleset>+<slug>`) once, and refuses another file of
 * that name with other kinds (core/traps/files.ts): a run of a file edited since (the Lab's trap
 * editor) gets a fresh worker, which has registered none.
 *
 * With more than one worker (`setWorkers`, the Lab's "workers" field), a batch of games is spread
 * over them (spread.ts): the same chunks merged in the same order, so the same numbers. Every
 * other job, and a batch with one worker, runs on the first worker alone.
 */
import { trapFileRulesetId } from '../../core/traps/files.ts';
import type { LabRequest, LabResponse } from './protocol.ts';
import { spreadSim } from './spread.ts';

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
  /** Workers beside the first, for a spread batch (created when one is run). */
  private helpers: Worker[] = [];
  private workerCount = 1;
  private job: Job | null = null;
  private nextId = 1;
  /** The trap files the live worker has been sent: its ruleset id → its kinds as JSON. */
  private files = new Map<string, string>();
  /** Workers made so far (a test reads it: an edited file's run starts a new one). */
  created = 0;

  constructor(private readonly create: () => Worker = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })) {}

  get busy(): boolean {
    return this.job !== null;
  }

  /** How many workers a batch of games is spread over (from 1; the next batch uses it). */
  setWorkers(n: number): void {
    this.workerCount = Math.max(1, Math.min(64, Math.floor(n) || 1));
  }

  get workers(): number {
    return this.workerCount;
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = this.create();
    this.created++;
    this.files.clear();
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
    const files = job.type === 'sim' ? job.columns.flatMap((c) => (c.traps ? [[trapFileRulesetId(c.traps), JSON.stringify(c.traps.traps)] as const] : [])) : [];
    if (this.worker && files.some(([rid, kinds]) => this.files.has(rid) && this.files.get(rid) !== kinds)) {
      // It would refuse the edited file: fresh workers register it anew.
      this.stopAll();
    }
    const w = this.ensure();
    for (const [rid, kinds] of files) this.files.set(rid, kinds);
    if (job.type === 'sim' && this.workerCount > 1) return this.spread({ ...job, id }, w, onMessage);
    return new Promise((resolve, reject) => {
      this.job = { id, onMessage, resolve, reject };
      w.postMessage({ ...job, id } as LabRequest);
    });
  }

  /** A batch on `workerCount` workers: the first and as many helpers. */
  private spread(req: Extract<LabRequest, { type: 'sim' }>, first: Worker, onMessage: (m: LabResponse) => void): Promise<LabResponse> {
    while (this.helpers.length < this.workerCount - 1) {
      this.helpers.push(this.create());
      this.created++;
    }
    const workers = [first, ...this.helpers.slice(0, this.workerCount - 1)];
    return new Promise((resolve, reject) => {
      // The job's own messages come from spreadSim, not from the first worker's listener.
      this.job = { id: -1, onMessage, resolve, reject };
      const job = this.job;
      spreadSim(workers, req, onMessage, () => this.nextId++).then(
        (done) => {
          if (this.job !== job) return;
          this.job = null;
          resolve(done);
        },
        (e: unknown) => {
          if (this.job !== job) return;
          this.job = null;
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  /** Terminates every worker (the next job starts fresh ones). */
  private stopAll(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const h of this.helpers) h.terminate();
    this.helpers = [];
  }

  /** Stops the running job now; its promise rejects with "cancelled". */
  cancel(): void {
    const job = this.job;
    this.job = null;
    this.stopAll();
    job?.reject(new CancelledError());
  }
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}
