/**
 * A worker thread of `trapsmith sim --workers K` (and `seeds --workers K`): registers the
 * rulesets (and any extra modules the parent names, such as a test's ruleset), then runs the
 * chunks it is sent, one at a time: games (telling the parent after each), or a seed search's levels.
 */
import { parentPort, workerData } from 'node:worker_threads';
import '../rulesets/index.ts';
import type { WorkerTask } from './nodePool.ts';
import { type ChunkTask, runChunk } from './runner.ts';
import { scanSeeds } from './seedSearch.ts';

interface Setup {
  modules: string[];
}

const setup = workerData as Setup;
for (const m of setup.modules) await import(m);

parentPort!.on('message', (task: WorkerTask) => {
  try {
    const result = 'kind' in task && task.kind === 'seeds' ? scanSeeds(task) : runChunk(task as ChunkTask, () => parentPort!.postMessage({ type: 'game' }));
    parentPort!.postMessage({ type: 'done', result });
  } catch (e) {
    parentPort!.postMessage({ type: 'error', message: (e as Error).stack ?? String(e) });
  }
});
parentPort!.postMessage({ type: 'ready' });
