/**
 * The page's side of the lab worker: one job at a time, progress callbacks, and Cancel, which
 * terminates the worker at once (a running batch cannot be interrupted mid-chunk otherwise) and
 * starts a fresh one for the next job.
 *
 * A worker registers a trap file's ruleset (`<ruleset>+<slug>`) once, and refuses another file of
 * that name with other kinds (core/traps/files.ts): a run of a file edited since (the Lab's trap
 * editor) gets a fresh worker, which has registered none.
 */
import { trapFileRulesetId } from '../../core/traps/files.ts';
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
  /** The trap files the live worker has been sent: its ruleset id → its kinds as JSON. */
  private files = new Map<string, string>();
  /** Workers made so far (a test reads it: an edited file's run starts a new one). */
  created = 0;

  constructor(private readonly create: () => Worker = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' })) {}

  get busy(): boolean {
    return this.job !== null;
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
      // It would refuse the edited file: a fresh worker registers it anew.
      this.worker.terminate();
      this.worker = null;
    }
    const w = this.ensure();
    for (const [rid, kinds] of files) this.files.set(rid, kinds);
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
