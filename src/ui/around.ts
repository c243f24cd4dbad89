/**
 * "Around me" (X): what is in view, as text, for a player who cannot (or would rather not) read
 * the map's glyphs: monsters, the known traps (their direction, distance and exact odds for this
 * hero), items and the stairs, nearest first. Shown beside the HUD in an `aria-live` region, so a
 * screen reader reads what changed after each turn.
 */
import { findTrapDef, getRuleset, trapNameIn } from '../core/registry.ts';
import { player } from '../core/level.ts';
import { stepOdds, stepOddsSentence } from '../core/stepOdds.ts';
import { chebyshev, inBounds, isVisible, playerKnowsTrap, Terrain, terrainAt, type World } from '../core/world.ts';
import { fill, h } from './dom.ts';
import type { UiStore } from './store.ts';

/** "3 north-east", "beside you to the west", "here". */
export function whereFrom(fromX: number, fromY: number, x: number, y: number): string {
  const dx = x - fromX;
  const dy = y - fromY;
  if (dx === 0 && dy === 0) return 'here';
  const ns = dy < 0 ? 'north' : dy > 0 ? 'south' : '';
  const ew = dx < 0 ? 'west' : dx > 0 ? 'east' : '';
  // The compass point nearest the line to it: a diagonal only when it is nearer a diagonal.
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const dir = ax > 2 * ay ? ew : ay > 2 * ax ? ns : `${ns}-${ew}`;
  const d = chebyshev(fromX, fromY, x, y);
  return d === 1 ? `beside you to the ${dir}` : `${d} ${dir}`;
}

/** What is in view, one line each, nearest first (the known traps out of view too: a trap once found stays known). */
export function aroundLines(world: World): string[] {
  const hero = player(world);
  const ruleset = getRuleset(world.ruleset);
  const found: Array<{ d: number; text: string }> = [];
  const add = (x: number, y: number, text: string, after = '') => found.push({ d: chebyshev(hero.x, hero.y, x, y), text: `${text}: ${whereFrom(hero.x, hero.y, x, y)}${after}` });
  for (const a of world.actors) {
    if (!a.alive || a.id === hero.id || !isVisible(world, a.x, a.y)) continue;
    add(a.x, a.y, `${a.faction === 'hostile' ? '' : 'friendly '}${a.name}${a.hp < a.maxHp ? ' (hurt)' : ''}${a.status.asleep ? ' (asleep)' : ''}`);
  }
  for (const t of world.traps) {
    if (!playerKnowsTrap(world, t) || (!isVisible(world, t.x, t.y) && chebyshev(hero.x, hero.y, t.x, t.y) > 12)) continue;
    const odds = t.armed ? stepOdds(world, hero, t) : null;
    const host = t.host.kind === 'floor' ? '' : ` on a ${t.host.kind}`;
    const def = findTrapDef(ruleset, t.kind);
    const name = def ? trapNameIn(ruleset, t) : t.kind;
    add(t.x, t.y, `${name}${host}${t.armed ? '' : ' (sprung)'}`, odds ? ` — ${stepOddsSentence(odds)}` : '');
  }
  for (const i of world.items) if (isVisible(world, i.x, i.y)) add(i.x, i.y, i.count > 1 ? `${i.count} × ${i.name}` : i.name);
  for (const [which, [x, y], terrain] of [
    ['stairs down', world.stairsDown, Terrain.StairsDown],
    ['stairs up', world.stairsUp, Terrain.StairsUp],
  ] as const)
    // A level may have no stairs up (a hand-made one): only real stairs in view are named.
    if (inBounds(world, x, y) && terrainAt(world, x, y) === terrain && isVisible(world, x, y)) add(x, y, which);
  found.sort((a, b) => a.d - b.d || a.text.localeCompare(b.text));
  return found.length > 0 ? found.map((f) => f.text) : ['Nothing in view.'];
}

/** The region beside the HUD: filled while it is open, after every turn. */
export function mountAround(el: HTMLElement, store: UiStore, world: () => World | null): void {
  const render = () => {
    const s = store.getState();
    const w = world();
    el.hidden = !s.around || !w;
    if (!s.around || !w) {
      fill(el);
      return;
    }
    fill(el, h('h2', {}, 'Around you (X)'), h('ul', {}, ...aroundLines(w).map((l) => h('li', {}, l))));
  };
  render();
  store.subscribe((s, prev) => {
    if (s.around !== prev.around || s.hud !== prev.hud) render();
  });
}
