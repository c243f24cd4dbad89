/**
 * The static import graph of a source tree and the circles in it.
 *
 * An edge is every static module statement: `import ... from`, `import type ... from`, a bare
 * `import 'x'`, `export ... from` (type-only too) and `import x = require('x')`. A type-only import
 * creates no circle when the code runs, but a circle of types is still two modules that cannot be
 * understood (or moved) one without the other, so it counts. Dynamic `import()` is no edge: it runs
 * when called, after both modules have loaded; nor is `import('x').T` in a type position. Only
 * relative specifiers are followed (packages and `node:` modules are outside the tree); one that
 * names no file is reported, so a renamed file cannot quietly drop its edges.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Module name -> the modules it imports, each once, sorted. */
export type ImportGraph = Map<string, string[]>;

/** Files that are modules of the tree. */
const SOURCE = /\.(ts|mts|mjs)$/;
/** Extensions a relative specifier may leave out (none in this project, which writes `.ts`). */
const TRY_EXTENSIONS = ['', '.ts', '.mts', '/index.ts'];

/** The module specifiers of one file's static import and export statements, in source order. */
export function staticSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const s of source.statements) {
    if ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      out.push(s.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(s) && ts.isExternalModuleReference(s.moduleReference) && ts.isStringLiteral(s.moduleReference.expression)) {
      out.push(s.moduleReference.expression.text);
    }
  }
  return out;
}

/**
 * The file a relative specifier names, or null when none does. A `?query` (bundler suffixes such
 * as `?raw`) is not part of the file name. A specifier that names a file which is no module of the
 * tree (a stylesheet, JSON) resolves to that file; the caller keeps only the tree's modules.
 */
function resolveRelative(fromFile: string, specifier: string): string | null {
  const path = resolve(dirname(fromFile), specifier.replace(/\?.*$/, ''));
  for (const ext of TRY_EXTENSIONS) {
    const candidate = path + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` naming `x.ts`, as TypeScript's own resolution allows.
  const asTs = path.replace(/\.(m?)js$/, '.$1ts');
  if (asTs !== path && existsSync(asTs)) return asTs;
  return null;
}

/** Every module file under `dir`, sorted. */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((n) => join(dir, n))
    .filter((p) => SOURCE.test(p) && !p.endsWith('.d.ts') && statSync(p).isFile())
    .sort();
}

/**
 * The import graph of every module under `root`, named by their paths relative to `root` with
 * forward slashes; `unresolved` lists each relative specifier that names no file ("file: spec").
 * Imports that leave the tree (`../../tests/...` from src) are no edges.
 */
export function importGraph(root: string): { graph: ImportGraph; unresolved: string[] } {
  const name = (p: string) => relative(root, p).split(sep).join('/');
  const graph: ImportGraph = new Map();
  const unresolved: string[] = [];
  const files = modulesUnder(root);
  const inTree = new Set(files);
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of staticSpecifiers(file, readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('./') && !spec.startsWith('../')) continue;
      const target = resolveRelative(file, spec);
      if (target === null) unresolved.push(`${name(file)}: ${spec}`);
      else if (inTree.has(target)) targets.add(name(target));
    }
    graph.set(name(file), [...targets].sort());
  }
  return { graph, unresolved };
}

/**
 * The strongly connected components of `graph` (Tarjan's algorithm) that hold a circle: two or
 * more modules, or one that imports itself. Each component's members are sorted, and the
 * components are sorted by their first member.
 */
export function circularComponents(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** The shortest path from `from` to `to` through `members` only (both ends included), by breadth-first search. */
function shortestPath(graph: ImportGraph, members: Set<string>, from: string, to: string): string[] {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    if (v === to) break;
    for (const w of graph.get(v) ?? []) {
      if (members.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const path: string[] = [];
  for (let v: string | null | undefined = to; v != null; v = previous.get(v)) path.push(v);
  return path.reverse();
}

/**
 * The circles of `graph`, each as a path that ends where it starts (`a -> b -> a`). Every import
 * that lies on some circle is on at least one path given: within each circular component, an
 * import `u -> v` not yet on a listed circle adds the circle `u -> v -> ... -> u` that returns by
 * the fewest imports. (All elementary circles can be exponentially many; this names each import
 * to cut.)
 */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  for (const component of circularComponents(graph)) {
    const members = new Set(component);
    const covered = new Set<string>();
    for (const u of component) {
      for (const v of graph.get(u) ?? []) {
        if (!members.has(v) || covered.has(`${u}\n${v}`)) continue;
        const cycle = [u, ...shortestPath(graph, members, v, u)];
        for (let i = 0; i + 1 < cycle.length; i++) covered.add(`${cycle[i]}\n${cycle[i + 1]}`);
        cycles.push(cycle);
      }
    }
  }
  return cycles;
}
