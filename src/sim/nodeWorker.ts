/**
 * A worker thread of `trapsmith sim --workers K`: registers the rulesets (and any extra modules
 * the parent names, such as a test's ruleset), then runs the chunks it is sent, one at a time,
 * telling the parent after each game.
 */
import { parentPort, workerData } from 'node:worker_threads';
import '../rulesets/index.ts';
import { type ChunkTask, runChunk } from './runner.ts';

interface Setup {
  modules: string[];
}

const setup = workerData as Setup;
for (const m of setup.modules) await import(m);

parentPort!.on('message', (task: ChunkTask) => {
  try {
    const result = runChunk(task, () => parentPort!.postMessage({ type: 'game' }));
    parentPort!.postMessage({ type: 'done', result });
  } catch (e) {
    parentPort!.postMessage({ type: 'error', message: (e as Error).stack ?? String(e) });
  }
});
parentPort!.postMessage({ type: 'ready' });
