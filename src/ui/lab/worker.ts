/**
 * The Balance Lab's Web Worker: runs batches of games (and sweeps, verification, assertions) off
 * the page's thread, so the game stays responsive. It posts progress after games and the merged
 * results after every chunk, so a cancelled run (the page terminates the worker) keeps what was
 * done. Results equal the CLI's for the same seeds: the same runner, chunks and merge order.
 */
// First: no code from strings in this worker, whatever the host's headers (noEval.ts).
import './noEval.ts';
import '../../rulesets/index.ts';
import defaults from '../../sim/assertions.default.json';
import { evaluateAssertions, parseAssertions } from '../../sim/assertions.ts';
import { runBatch, runChunk } from '../../sim/runner.ts';
import { searchSeeds, seedsInProcess } from '../../sim/seedSearch.ts';
import { runSweep } from '../../sim/sweep.ts';
import { verifyAll } from '../../sim/verify.ts';
import { levelMismatch } from './level.ts';
import type { LabRequest, LabResponse } from './protocol.ts';
import { partialOf as partial, throttled } from './spread.ts';

const post = (m: LabResponse) => (self as unknown as Worker).postMessage(m);

/** The job's progress messages, thinned as spread.ts `throttled` says. */
const throttle = (id: number) => throttled((done, total) => post({ type: 'progress', id, done, total }));

async function handle(req: LabRequest): Promise<void> {
  switch (req.type) {
    case 'sim': {
      const mismatch = req.level && req.columns[0] ? levelMismatch(req.level, req.columns[0]) : null;
      if (mismatch) throw new Error(mismatch);
      const result = await runBatch({
        columns: req.columns,
        runs: req.runs,
        seedStart: req.seedStart,
        heat: req.heat,
        onProgress: throttle(req.id),
        onMerged: (r) => post({ type: 'partial', id: req.id, result: partial(r) }),
      });
      post({ type: 'simDone', id: req.id, result: partial(result) });
      return;
    }
    case 'chunk':
      post({ type: 'chunkDone', id: req.id, result: runChunk(req.task, () => post({ type: 'game', id: req.id })) });
      return;
    case 'levelCheck': {
      const mismatch = levelMismatch(req.level, req.spec);
      if (mismatch) throw new Error(mismatch);
      post({ type: 'levelChecked', id: req.id });
      return;
    }
    case 'sweep':
      post({ type: 'sweepDone', id: req.id, result: runSweep(req.ruleset, req.check, req.fixed, req.vary) });
      return;
    case 'verify':
      post({ type: 'verifyDone', id: req.id, result: verifyAll({ runs: req.runs, ...(req.rulesets ? { rulesets: req.rulesets } : {}) }) });
      return;
    case 'seeds': {
      const progress = throttle(req.id);
      const result = await searchSeeds(req.search, seedsInProcess, 1, (scanned) => progress(scanned, req.search.scan));
      post({ type: 'seedsDone', id: req.id, result });
      return;
    }
    case 'assert': {
      // The page checked a designer's file already; the worker checks again (it trusts no message).
      const file = req.file ? parseAssertions(req.file, 'the loaded assertions file') : parseAssertions(defaults, 'assertions.default.json');
      const progress = throttle(req.id);
      const result = await evaluateAssertions(file, { runs: req.runs, ...(req.rulesets ? { rulesets: req.rulesets } : {}), onProgress: (_id, d, t) => progress(d, t) });
      post({ type: 'assertDone', id: req.id, result });
      return;
    }
  }
}

self.addEventListener('message', (e: MessageEvent<LabRequest>) => {
  handle(e.data).catch((err: unknown) => post({ type: 'error', id: e.data.id, message: (err as Error).message ?? String(err) }));
});
