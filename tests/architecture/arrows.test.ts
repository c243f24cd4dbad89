/**
 * DESIGN.md's arrows, held: `ui → render → core`, `ui → share → sim → core`, `cli → sim → core`,
 * `rulesets → core`, and the core reaches the rulesets only through the registry. The core and
 * the rulesets import no package that draws or keeps the page's state (pixi.js, zustand, uPlot);
 * that they touch no DOM and no Node module is held by the typecheck (tsconfig.core.json checks
 * them with neither the DOM's types nor Node's).
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, importGraph, staticSpecifiers } from './importGraph.ts';

const SRC = new URL('../../src', import.meta.url).pathname;

/** The folder (or top-level file) of src/ a module lives in. */
const layer = (module: string) => module.split('/')[0]!;

/** Which layers each layer's modules may import (its own always). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: [],
  rulesets: ['core'],
  render: ['core'],
  sim: ['core'],
  share: ['core', 'sim'],
  cli: ['core', 'sim', 'share', 'rulesets'],
  ui: ['core', 'render', 'share', 'sim', 'rulesets'],
  'main.ts': ['core', 'render', 'ui'],
};

/**
 * Entry points that load the rulesets (`rulesets/index.ts` registers them): a worker thread's
 * entry is where a process starts, like the CLI's. Nothing else in those layers reaches them.
 */
const ENTRIES: ReadonlyArray<readonly [string, string]> = [['sim/nodeWorker.ts', 'rulesets/index.ts']];

/** Packages that draw or keep the page's state: never in the core, the rulesets, sim or share. */
const PAGE_PACKAGES = /^(pixi\.js|zustand|uplot)(\/|$)/;

/** Each import of `graph` that goes against the arrows, as "from -> to". */
function arrowViolations(graph: ImportGraph): string[] {
  const wrong: string[] = [];
  for (const [from, imports] of graph)
    for (const to of imports) {
      const a = layer(from);
      const b = layer(to);
      if (a === b || MAY_IMPORT[a]?.includes(b)) continue;
      if (ENTRIES.some(([f, t]) => f === from && t === to)) continue;
      wrong.push(`${from} -> ${to}`);
    }
  return wrong;
}

/** The modules of src/ a module loads with `import('…')`, resolved (relative ones only). */
function dynamicImports(module: string): string[] {
  const text = readFileSync(`${SRC}/${module}`, 'utf8');
  return [...text.matchAll(/import\((['"])(\.{1,2}\/[^'"]+)\1\)/g)].map((m) => posix.join(posix.dirname(module), m[2]!));
}

describe("DESIGN.md's arrows", () => {
  const { graph } = importGraph(SRC);

  it('every layer of src/ is named here, so a new folder gets its arrows', () => {
    expect([...new Set([...graph.keys()].map(layer))].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  it('each module imports only from its own layer and the layers below it', () => {
    expect(arrowViolations(graph)).toEqual([]);
  });

  it('the core, the rulesets, sim and share import no package of the page (pixi.js, zustand, uPlot)', () => {
    const wrong: string[] = [];
    for (const module of graph.keys()) {
      if (!['core', 'rulesets', 'sim', 'share'].includes(layer(module))) continue;
      for (const spec of staticSpecifiers(module, readFileSync(`${SRC}/${module}`, 'utf8'))) if (PAGE_PACKAGES.test(spec)) wrong.push(`${module} imports ${spec}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the rulesets are listed once: only the manifest loads a ruleset lazily, and the page and the registering entry read it', () => {
    const loaders = [...graph.keys()].filter((m) => dynamicImports(m).some((t) => /^rulesets\/[^/]+\/index\.ts$/.test(t)));
    expect(loaders).toEqual(['rulesets/manifest.ts']);
    expect(dynamicImports('rulesets/manifest.ts').length).toBeGreaterThanOrEqual(5);
    expect(graph.get('rulesets/index.ts')).toContain('rulesets/manifest.ts');
    expect(graph.get('ui/rulesets.ts')).toContain('rulesets/manifest.ts');
  });
});

describe('the arrow rule itself', () => {
  it('names a planted edge against the arrows, and passes the allowed ones', () => {
    const planted: ImportGraph = new Map([
      ['core/level.ts', ['render/tiles.ts', 'core/world.ts']],
      ['rulesets/cdda/index.ts', ['core/registry.ts', 'ui/app.ts']],
      ['sim/runner.ts', ['rulesets/index.ts']],
      ['sim/nodeWorker.ts', ['rulesets/index.ts']],
      ['ui/app.ts', ['render/tiles.ts', 'rulesets/manifest.ts']],
    ]);
    expect(arrowViolations(planted)).toEqual(['core/level.ts -> render/tiles.ts', 'rulesets/cdda/index.ts -> ui/app.ts', 'sim/runner.ts -> rulesets/index.ts']);
    expect(PAGE_PACKAGES.test('pixi.js')).toBe(true);
    expect(PAGE_PACKAGES.test('zustand/vanilla')).toBe(true);
    expect(PAGE_PACKAGES.test('zod')).toBe(false);
  });
});
