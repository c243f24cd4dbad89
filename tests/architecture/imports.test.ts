import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circularComponents, findCycles, type ImportGraph, importGraph, staticSpecifiers } from './importGraph.ts';

const SRC = new URL('../../src', import.meta.url).pathname;
const show = (cycle: string[]) => cycle.join(' -> ');
const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('the import graph of src/', () => {
  const { graph, unresolved } = importGraph(SRC);

  it('reads every module, and every relative import names a file', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('cli/main.ts')).toContain('cli/commands/index.ts');
    expect(unresolved).toEqual([]);
  });

  it('has no import circle', () => {
    expect(findCycles(graph).map(show)).toEqual([]);
  });

  it('the CLI loads a command only when it runs: main.ts reaches no command module by static imports', () => {
    const reached = new Set<string>();
    const walk = (m: string) => {
      if (reached.has(m)) return;
      reached.add(m);
      for (const n of graph.get(m) ?? []) walk(n);
    };
    walk('cli/main.ts');
    expect(reached.has('cli/commands/index.ts')).toBe(true);
    expect([...reached].filter((m) => m.startsWith('cli/commands/') && m !== 'cli/commands/index.ts')).toEqual([]);
  });

  it('no module under cli/commands/ imports cli/main.ts (main.ts imports their table)', () => {
    const commands = [...graph].filter(([m]) => m.startsWith('cli/commands/'));
    expect(commands.length).toBeGreaterThan(5);
    expect(commands.filter(([, imports]) => imports.includes('cli/main.ts')).map(([m]) => m)).toEqual([]);
  });
});

describe('the circle finder', () => {
  it('finds each circle as a path back to its start, a self-import too, and nothing in a tree', () => {
    const graph = graphOf({
      a: ['b'],
      b: ['a', 'c'],
      c: ['d'],
      d: ['c', 'e'],
      e: [],
      f: ['f'],
      g: ['a', 'e'],
    });
    expect(circularComponents(graph)).toEqual([['a', 'b'], ['c', 'd'], ['f']]);
    expect(findCycles(graph).map(show)).toEqual(['a -> b -> a', 'c -> d -> c', 'f -> f']);
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('names every import of a tangled component on some circle, by the shortest way back', () => {
    // a -> b -> c -> a, plus c -> b and a -> c: one component, three circles cover its five imports.
    const graph = graphOf({ a: ['b', 'c'], b: ['c'], c: ['a', 'b'] });
    expect(circularComponents(graph)).toEqual([['a', 'b', 'c']]);
    const cycles = findCycles(graph);
    expect(cycles.map(show)).toEqual(['a -> b -> c -> a', 'a -> c -> a', 'c -> b -> c']);
    const named = new Set(cycles.flatMap((c) => c.slice(1).map((to, i) => `${c[i]}->${to}`)));
    expect([...named].sort()).toEqual(['a->b', 'a->c', 'b->c', 'c->a', 'c->b']);
  });

  it('finds a circle that is reached late in a long chain (no recursion limit at this size)', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 2000; i++) edges[`m${i}`] = [`m${i + 1}`];
    edges.m2000 = ['m1990'];
    const cycles = findCycles(graphOf(edges));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(12);
    expect(cycles[0]![0]).toBe(cycles[0]!.at(-1));
  });
});

describe('reading imports', () => {
  it('counts static imports and re-exports, type-only ones too; not import() nor import("x").T', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import './c.ts';",
      "export * from './d.ts';",
      "export type { E } from './e.ts';",
      "import f = require('./f.ts');",
      "import { z } from 'zod';",
      "const g = () => import('./g.ts');",
      "let h: import('./h.ts').H;",
      "export { i } from './i.ts';",
    ].join('\n');
    expect(staticSpecifiers('x.ts', text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', './f.ts', 'zod', './i.ts']);
  });

  it('resolves relative imports to files on disk, leaves packages and non-modules out, reports a missing file', () => {
    const root = mkdtempSync(join(tmpdir(), 'trapsmith-imports-'));
    const write = (name: string, text: string) => {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), text);
    };
    try {
      write('a.ts', "import type { B } from './sub/b.ts';\nimport 'node:fs';\nimport './style.css';\n");
      write('sub/b.ts', "export { a } from '../a.ts';\nimport './index';\nimport './gone.ts';\n");
      write('sub/index.ts', 'export const x = () => import("../a.ts");\n');
      write('boot.mjs', "import './sub/b.ts';\n");
      write('style.css', 'body {}\n');
      const { graph, unresolved } = importGraph(root);
      expect(Object.fromEntries(graph)).toEqual({
        'a.ts': ['sub/b.ts'],
        'boot.mjs': ['sub/b.ts'],
        'sub/b.ts': ['a.ts', 'sub/index.ts'],
        'sub/index.ts': [],
      });
      expect(unresolved).toEqual(['sub/b.ts: ./gone.ts']);
      expect(findCycles(graph).map(show)).toEqual(['a.ts -> sub/b.ts -> a.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
