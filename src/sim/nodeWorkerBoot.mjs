// Worker-thread entry for `--workers K`: registers tsx (as src/cli/trapsmith.mjs does), then
// loads the TypeScript worker. Node 20 does not apply `--import tsx` to a worker's own entry file.
import { register } from 'tsx/esm/api';

register();
await import('./nodeWorker.ts');
