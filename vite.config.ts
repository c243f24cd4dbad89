import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { defineConfig } from 'vitest/config';

/** The list of the built site's files that the service worker (public/sw.js) caches on install. */
export const PRECACHE_FILE = 'precache.json';
/** Files of public/ that the browser never fetches as part of the site: the worker itself and host configuration. */
const NOT_PRECACHED = new Set(['sw.js', '_headers', PRECACHE_FILE]);

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names.filter((n) => statSync(join(dir, n)).isFile()).map((n) => n.split(sep).join('/'));
}

/**
 * Writes dist/precache.json: every file the build emitted (chunks, the worker bundle, CSS,
 * index.html) and every file copied from public/, by the names the bundler gave them. The service
 * worker caches exactly this list, so a lazily loaded chunk or a worker whose name appears in no
 * string the old crawler could find is cached all the same.
 */
function precacheList(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'trapsmith-precache',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    writeBundle(_options, bundle) {
      const outDir = resolve(config.root, config.build.outDir);
      const files = new Set(Object.keys(bundle));
      if (config.publicDir) for (const f of filesUnder(config.publicDir)) files.add(f);
      for (const f of NOT_PRECACHED) files.delete(f);
      // Relative names (no leading slash): the site works from any sub-path.
      const list = [...files].filter((f) => !f.startsWith('.') && !relative(outDir, join(outDir, f)).startsWith('..')).sort();
      writeFileSync(join(outDir, PRECACHE_FILE), `${JSON.stringify({ files: list }, null, 1)}\n`);
    },
  };
}

/**
 * The dev server injects CSS as <style> elements, which index.html's policy (style-src 'self')
 * refuses: under the dev server only, the policy allows inline styles. The built site keeps the
 * strict policy (tests/e2e/csp.test.ts).
 */
function devInlineStyles(): Plugin {
  return {
    name: 'trapsmith-dev-inline-styles',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  };
}

// Relative base: the built site works from any sub-path (e.g. /trapsmith/) and under `vite preview`.
export default defineConfig({
  base: './',
  plugins: [precacheList(), devInlineStyles()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          setupFiles: ['tests/support/setup.ts'],
          testTimeout: 60_000,
          // One test file per core. Vitest's default keeps a core for its main process (cores - 1),
          // which on CI's 2-core runner means one file at a time; the main process only serves
          // transformed modules and collects results, so it barely needs a core of its own.
          maxWorkers: availableParallelism(),
          // A worker imports the rulesets once and runs its files one after another on the same
          // modules (about 1 s of imports saved per file, half the unit phase on CI). What a file
          // registers is dropped when it ends (tests/support/setup.ts), so every file starts alike;
          // `--sequence.shuffle.files` passes too.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
