/**
 * The Lab's games spread over several Web Workers (ui/lab/spread.ts, client.ts): the page runs
 * the batch and hands the chunks to idle workers. Here each worker is a stand-in that answers as
 * worker.ts does (`chunk` by runChunk, `sim` by runBatch), asynchronously; the result with 3
 * workers is the one worker's, bit for bit, and Cancel stops every worker.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { runBatch, runChunk } from '../../src/sim/runner.ts';
import { CancelledError, LabClient } from '../../src/ui/lab/client.ts';
import type { LabRequest, LabResponse } from '../../src/ui/lab/protocol.ts';
import { partialOf } from '../../src/ui/lab/spread.ts';

class StandInWorker {
  terminated = false;
  chunks = 0;
  private listeners = new Map<string, Array<(e: { data: LabResponse }) => void>>();
  addEventListener(type: string, fn: (e: { data: LabResponse }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener(type: string, fn: (e: { data: LabResponse }) => void) {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((f) => f !== fn));
  }
  private post(m: LabResponse) {
    if (!this.terminated) for (const fn of this.listeners.get('message') ?? []) fn({ data: m });
  }
  postMessage(req: LabRequest) {
    // Later, as a worker answers: the page's runner must wait for it.
    setTimeout(async () => {
      if (this.terminated) return;
      if (req.type === 'chunk') {
        this.chunks++;
        this.post({ type: 'chunkDone', id: req.id, result: runChunk(req.task, () => this.post({ type: 'game', id: req.id })) });
      } else if (req.type === 'sim') {
        const r = await runBatch({ columns: req.columns, runs: req.runs, seedStart: req.seedStart, heat: req.heat });
        this.post({ type: 'simDone', id: req.id, result: partialOf(r) });
      } else if (req.type === 'levelCheck') this.post({ type: 'levelChecked', id: req.id });
    }, 1);
  }
  terminate() {
    this.terminated = true;
  }
}

const JOB = {
  type: 'sim' as const,
  columns: [
    { ruleset: 'ceaptun', bot: 'careful', levelSeed: 'spread', width: 40, height: 25 },
    { ruleset: 'ceaptun', bot: 'reckless', levelSeed: 'spread', width: 40, height: 25 },
  ],
  runs: 60,
  seedStart: 3,
  heat: true,
};

function clientOf(n: number) {
  const made: StandInWorker[] = [];
  const client = new LabClient(() => {
    const w = new StandInWorker();
    made.push(w);
    return w as unknown as Worker;
  });
  client.setWorkers(n);
  return { client, made };
}

describe('a Lab batch on several workers', () => {
  it('gives exactly what one worker gives, every worker running chunks, progress to the end and partials in seed order', async () => {
    const one = clientOf(1);
    const single = await one.client.run(JOB);
    expect(one.made).toHaveLength(1);
    const three = clientOf(3);
    const seen: LabResponse[] = [];
    const spread = await three.client.run(JOB, (m) => seen.push(m));
    expect(three.made).toHaveLength(3);
    // The same numbers (the message ids are each client's own).
    const numbers = (m: LabResponse) => (m.type === 'simDone' ? m.result : m);
    expect(numbers(spread)).toEqual(numbers(single));
    expect(three.made.every((w) => w.chunks > 0)).toBe(true);
    expect(three.made.reduce((s, w) => s + w.chunks, 0)).toBe(6);
    const progress = seen.filter((m) => m.type === 'progress');
    expect(progress.at(-1)).toMatchObject({ done: 120, total: 120 });
    const partials = seen.flatMap((m) => (m.type === 'partial' ? [m.result.runsDone] : []));
    expect(partials).toEqual([10, 20, 30, 40, 50, 60]);
    // The next job on the same client: the same workers, the same answer.
    expect(numbers(await three.client.run(JOB))).toEqual(numbers(single));
    expect(three.made).toHaveLength(3);
  });

  it('Cancel rejects the run and stops every worker', async () => {
    const { client, made } = clientOf(2);
    const running = client.run({ ...JOB, runs: 400 });
    await new Promise((ok) => setTimeout(ok, 30));
    client.cancel();
    await expect(running).rejects.toBeInstanceOf(CancelledError);
    expect(made.every((w) => w.terminated)).toBe(true);
    expect(client.busy).toBe(false);
  });

  it('takes a whole number of workers from 1', () => {
    const { client } = clientOf(1);
    for (const [asked, got] of [[0, 1], [Number.NaN, 1], [2.7, 2], [4, 4], [1000, 64]] as const) {
      client.setWorkers(asked);
      expect(client.workers).toBe(got);
    }
  });
});
