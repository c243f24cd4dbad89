/**
 * The player's view and our field of view against rot.js itself: a fresh RecursiveShadowcasting
 * object per call, reading the world directly, is the reference. Ours share one FOV object and
 * hand rot.js the same two functions every time (for speed); they must see exactly what it sees,
 * also when one view is asked for inside another.
 */
import { FOV } from 'rot-js';
import { describe, expect, it } from 'vitest';
import { computeView, fieldOfView, lightRadius, lineOfSight } from '../../src/core/fov.ts';
import { newGame } from '../../src/core/engine.ts';
import { idx, inBounds, isTransparent, isWalkable, type World } from '../../src/core/world.ts';
import '../support/testRuleset.ts';
import { edit, player } from '../../src/core/level.ts';
import { heroIn } from '../support/heroIn.ts';

/** Cells rot.js reports from (x, y) within `radius`, on the map, as indexes. */
function rotSees(world: World, x: number, y: number, radius: number): Set<number> {
  const fov = new FOV.RecursiveShadowcasting((cx, cy) => inBounds(world, cx, cy) && ((cx === x && cy === y) || isTransparent(world.terrain[idx(world, cx, cy)]!)));
  const seen = new Set<number>();
  fov.compute(x, y, radius, (cx, cy) => {
    if (inBounds(world, cx, cy)) seen.add(idx(world, cx, cy));
  });
  return seen;
}

function oursSees(world: World, x: number, y: number, radius: number): Set<number> {
  const seen = new Set<number>();
  fieldOfView(world, x, y, radius, (cx, cy) => {
    expect(inBounds(world, cx, cy)).toBe(true);
    seen.add(idx(world, cx, cy));
  });
  return seen;
}

function visibleSet(world: World): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < world.visible.length; i++) if (world.visible[i] === 1) out.add(i);
  return out;
}

/** Floor cells spread over the level, the map's corners among them (rot.js looks past the edge there). */
function spots(world: World): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < world.terrain.length; i += 37) if (isWalkable(world.terrain[i]!)) out.push([i % world.width, Math.floor(i / world.width)]);
  out.push([0, 0], [world.width - 1, world.height - 1]);
  return out;
}

const levels = (['rooms', 'caves'] as const).map((style) => newGame({ seed: `fov-${style}`, ruleset: 'test', width: 60, height: 30, style }));

describe('field of view', () => {
  it('sees exactly what a fresh rot.js RecursiveShadowcasting sees, on rooms and caves, at several radii', () => {
    for (const world of levels)
      for (const [x, y] of spots(world))
        for (const r of [1, 5, 9, 12]) expect(oursSees(world, x, y, r)).toEqual(rotSees(world, x, y, r));
  });

  it("the player's view marks what rot.js sees at the light radius, and remembers the terrain there", () => {
    for (const world of levels) {
      for (const [x, y] of spots(world).slice(0, 25)) {
        edit(world, (w) => {
          const hero = heroIn(w);
          hero.x = x;
          hero.y = y;
          computeView(w);
        });
        const expected = rotSees(world, x, y, lightRadius(world));
        expect(visibleSet(world)).toEqual(expected);
        for (const i of expected) expect(world.memory[i]).toBe(world.terrain[i]! + 1);
      }
    }
  });

  it('a view asked for inside another is the same as asked for alone, and leaves the outer one whole', () => {
    const world = levels[0]!;
    const [[ax, ay], [bx, by]] = [spots(world)[3]!, spots(world)[9]!];
    const inner: Array<Set<number>> = [];
    const outer = new Set<number>();
    fieldOfView(world, ax, ay, 9, (cx, cy) => {
      outer.add(idx(world, cx, cy));
      if (inner.length === 0) inner.push(oursSees(world, bx, by, 7));
    });
    expect(outer).toEqual(rotSees(world, ax, ay, 9));
    expect(inner[0]).toEqual(rotSees(world, bx, by, 7));
  });

  it("the player's view computed inside a field-of-view callback (an effect that ends in a step) is marked all the same", () => {
    const world = levels[1]!;
    const hero = player(world);
    const alone = (() => {
      computeView(world);
      return visibleSet(world);
    })();
    world.visible.fill(0);
    let done = false;
    fieldOfView(world, hero.x, hero.y, 3, () => {
      if (!done) computeView(world);
      done = true;
    });
    expect(visibleSet(world)).toEqual(alone);
  });

  it('line of sight: the origin sees itself and whatever rot.js sees within the radius, nothing past it', () => {
    const world = levels[0]!;
    for (const [x, y] of spots(world).slice(0, 10)) {
      expect(lineOfSight(world, x, y, x, y, 5)).toBe(true);
      const seen = rotSees(world, x, y, 6);
      for (let i = 0; i < world.terrain.length; i += 11) {
        const tx = i % world.width;
        const ty = Math.floor(i / world.width);
        const within = Math.max(Math.abs(tx - x), Math.abs(ty - y)) <= 6;
        expect(lineOfSight(world, x, y, tx, ty, 6)).toBe(within && seen.has(i));
      }
    }
  });
});
