#!/usr/bin/env node
// The `trapsmith` command. It runs the bundled CLI (dist-cli/, plain JavaScript built by
// src/cli/bundle.mjs, which `npm ci` runs) when the bundle was made from the sources as they are
// now; otherwise (no bundle, an edited source, or TRAPSMITH_TSX=1) it registers tsx and runs the
// TypeScript sources themselves. Both are the same program.
import { readFileSync } from 'node:fs';
import { sourceStamp } from './sourceStamp.mjs';

const root = new URL('../../', import.meta.url);

function bundleIsFresh() {
  if (process.env.TRAPSMITH_TSX === '1') return false;
  try {
    const stamp = JSON.parse(readFileSync(new URL('dist-cli/stamp.json', root), 'utf8'));
    return stamp.sources === sourceStamp(new URL('src', root).pathname);
  } catch {
    return false;
  }
}

if (bundleIsFresh()) await import(new URL('dist-cli/trapsmith.js', root).href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('./main.ts');
  process.exitCode = await main(process.argv.slice(2));
}
