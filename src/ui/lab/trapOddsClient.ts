/**
 * The page's side of the trap editor's odds worker (trapOddsWorker.ts): one reading at a time; a
 * reading asked for while another runs ends the running one (its worker is terminated, a long
 * exact reading cannot be interrupted otherwise) and starts afresh. Superseded readings resolve
 * to null.
 */
import type { TrapFile } from '../../core/traps/definition.ts';
import type { OddsReading } from './trapEditorModel.ts';

export interface OddsRequest {
  id: number;
  file: TrapFile;
  inputs: Record<string, string>;
}

export type OddsResponse = { id: number; reading: OddsReading; outcomes: string[] } | { id: number; error: string };

export class TrapOddsClient {
  private worker: Worker | null = null;
  private pending: { id: number; resolve: (r: OddsResponse | null) => void } | null = null;
  private nextId = 1;

  constructor(private readonly create: () => Worker = () => new Worker(new URL('./trapOddsWorker.ts', import.meta.url), { type: 'module' })) {}

  /** The odds of `file` for `inputs`; null when a later reading superseded this one. */
  read(file: TrapFile, inputs: Record<string, string>): Promise<OddsResponse | null> {
    if (this.pending) {
      this.pending.resolve(null);
      this.pending = null;
      this.worker?.terminate();
      this.worker = null;
    }
    const w = this.ensure();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      w.postMessage({ id, file, inputs } satisfies OddsRequest);
    });
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = this.create();
    w.addEventListener('message', (e: MessageEvent<OddsResponse>) => {
      if (!this.pending || e.data.id !== this.pending.id) return;
      const { resolve } = this.pending;
      this.pending = null;
      resolve(e.data);
    });
    w.addEventListener('error', (e) => {
      const p = this.pending;
      this.pending = null;
      w.terminate();
      if (this.worker === w) this.worker = null;
      p?.resolve({ id: p.id, error: e.message || 'the odds worker failed' });
    });
    this.worker = w;
    return w;
  }
}
