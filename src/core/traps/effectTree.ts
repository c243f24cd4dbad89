/**
 * The shape of an effect tree (definition.ts `Effect`), written once: which effects hold others
 * (`all`, `chance`, `if`, `check`) and under which field. Every walk of a tree — the reader's list of its
 * effects, a file's checks naming a field, the depth limit, a rewrite — goes through these, so a
 * new branching effect is taught to all of them here.
 */
import type { Effect } from './definition.ts';

/** The effects `e` holds, each with the path from `e` to it (`.effects[0]`, `.effect`, `.otherwise`). */
export function childrenOf(e: Effect): Array<readonly [Effect, string]> {
  switch (e.do) {
    case 'all':
      return e.effects.map((c, i) => [c, `.effects[${i}]`] as const);
    case 'chance':
    case 'if':
    case 'check':
      return e.otherwise ? [[e.effect, '.effect'], [e.otherwise, '.otherwise']] : [[e.effect, '.effect']];
    default:
      return [];
  }
}

/** `e` with each effect it holds replaced by `f` of it (the effect itself when it holds none). */
export function mapChildren(e: Effect, f: (child: Effect) => Effect): Effect {
  switch (e.do) {
    case 'all':
      return { ...e, effects: e.effects.map(f) };
    case 'chance':
    case 'if':
    case 'check':
      return { ...e, effect: f(e.effect), ...(e.otherwise ? { otherwise: f(e.otherwise) } : {}) };
    default:
      return e;
  }
}

/** Visits every effect of a tree, depth first (the tree itself first), with its path from `at`. */
export function visitEffects(e: Effect, at: string, visit: (e: Effect, at: string) => void): void {
  visit(e, at);
  for (const [child, path] of childrenOf(e)) visitEffects(child, at + path, visit);
}

/** Every effect of a tree, depth first (the tree itself first). */
export function effectsOf(e: Effect): Effect[] {
  const out: Effect[] = [];
  visitEffects(e, '', (x) => out.push(x));
  return out;
}

/** How deep effects nest: 1 for one that holds none. */
export function effectDepth(e: Effect): number {
  return 1 + Math.max(0, ...childrenOf(e).map(([c]) => effectDepth(c)));
}
