// Builds the CLI as plain JavaScript (`npm run build:cli`; `npm ci` runs it as `prepare`):
// dist-cli/trapsmith.js and its lazily loaded chunks (one per command, as the command table
// imports them), the worker thread's entry, and a stamp of the sources it was made from.
// src/cli/trapsmith.mjs runs the bundle only while the stamp matches the sources, so an edit
// is never hidden by an old bundle. Packages stay in node_modules (`packages: 'external'`).
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sourceStamp } from './sourceStamp.mjs';

// An install without the dev tools (npm ci --omit=dev) has no esbuild: the CLI then runs its
// TypeScript through tsx, as it does in a working copy, and the install goes on.
let build;
try {
  ({ build } = await import('esbuild'));
} catch {
  console.warn('trapsmith: esbuild is not installed, so the CLI is not bundled (it runs its sources through tsx)');
  process.exit(0);
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const outdir = `${root}dist-cli`;
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { trapsmith: 'src/cli/run.ts', nodeWorker: 'src/sim/nodeWorker.ts' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outdir,
  logLevel: 'warning',
});
// The worker's entry beside the chunks (sim/nodePool.ts starts `./nodeWorkerBoot.mjs` next to
// itself): tsx is registered only when a test hands the workers TypeScript modules of its own.
writeFileSync(
  `${outdir}/nodeWorkerBoot.mjs`,
  `import { workerData } from 'node:worker_threads';
if (workerData?.modules?.length) (await import('tsx/esm/api')).register();
await import('./nodeWorker.js');
`,
);
writeFileSync(`${outdir}/stamp.json`, `${JSON.stringify({ sources: sourceStamp(`${root}src`) })}\n`);
