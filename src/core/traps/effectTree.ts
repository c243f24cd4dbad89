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

/**
 * The dice and counts an effect itself names (not those of the effects it holds), each with its
 * path from it (`.damage`, `.save.dc`, `.damage[2]`): where a `$name` or a `#name` may stand
 * (definition.ts `DiceText`, `Count`). A new effect with dice or a count is taught here.
 */
export function diceFieldsOf(e: Effect): Array<readonly [string, string | number]> {
  const out: Array<readonly [string, string | number]> = [];
  const put = (path: string, v: string | number | readonly string[] | undefined): void => {
    if (v === undefined) return;
    if (typeof v === 'object') for (const [i, t] of v.entries()) out.push([`${path}[${i}]`, t]);
    else out.push([path, v]);
  };
  switch (e.do) {
    case 'check':
      put('.roll', e.roll);
      break;
    case 'attack':
    case 'damage':
    case 'line':
    case 'fall':
      put('.damage', e.damage);
      break;
    case 'projectile':
      put('.attack.damage', e.attack.damage);
      break;
    case 'blast':
      put('.radius', e.radius);
      put('.damage', e.damage);
      break;
    case 'area':
      put('.radius', e.radius);
      put('.damage', e.damage);
      put('.save.dc', e.save?.dc);
      break;
    case 'teleport':
      put('.mishap.damage', e.mishap?.damage);
      break;
    case 'summon':
      put('.count', e.count);
      break;
    case 'status':
      if (e.turns !== 'forever') put('.turns', e.turns);
      break;
    default:
      break;
  }
  return out;
}
