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

/** A dice text or count an effect names (see `diceFieldsOf`). */
export interface DiceField {
  /** From the effect: `.damage`, `.save.dc`, `.damage[2]`. */
  readonly path: string;
  readonly value: string | number;
  /** A count (a radius, a DC, how many): a whole number, not dice. */
  readonly whole: boolean;
}

/**
 * The dice and counts an effect itself names (not those of the effects it holds), each with its
 * path from it: where a `$name` or a `#name` may stand (definition.ts `DiceText`, `Count`). A new
 * effect with dice or a count is taught here.
 */
export function diceFieldsOf(e: Effect): DiceField[] {
  const out: DiceField[] = [];
  const put = (path: string, v: string | number | readonly string[] | undefined, whole = false): void => {
    if (v === undefined) return;
    if (typeof v === 'object') for (const [i, t] of v.entries()) out.push({ path: `${path}[${i}]`, value: t, whole });
    else out.push({ path, value: v, whole });
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
      put('.radius', e.radius, true);
      put('.damage', e.damage);
      break;
    case 'volley':
      put('.count', e.count);
      put('.radius', e.radius, true);
      put('.attack.damage', e.attack.damage);
      break;
    case 'area':
      put('.radius', e.radius, true);
      put('.damage', e.damage);
      put('.save.dc', e.save?.dc, true);
      break;
    case 'teleport':
      put('.mishap.damage', e.mishap?.damage);
      break;
    case 'summon':
      put('.count', e.count, true);
      break;
    case 'status':
      if (e.turns !== 'forever') put('.turns', e.turns);
      break;
    default:
      break;
  }
  return out;
}

/** The effects that roll the ruleset's attack (its dialect's `attack`): a ruleset without one refuses them. */
export const ATTACK_EFFECTS: ReadonlySet<string> = new Set(['attack', 'projectile', 'volley']);
