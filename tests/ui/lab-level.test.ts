/**
 * The lab's "level the player is on" (src/ui/lab/level.ts): the run spec made from the game's world
 * starts every simulated run on that very level — the same map, traps, chests and monsters — also
 * below the first level and with changed settings, which is what the heat-map toggle relies on.
 */
import { describe, expect, it } from 'vitest';
import { newGame, step } from '../../src/core/engine.ts';
import { deserializeWorld, type World } from '../../src/core/world.ts';
import { startWorld } from '../../src/sim/runner.ts';
import { levelKey, levelMismatch, levelSpec, liveLevelOf, scenarioSpec } from '../../src/ui/lab/level.ts';
import { parseScenario } from '../../src/core/scenario.ts';
import { readFileSync } from 'node:fs';
import { scenario } from '../support/scenario.ts';
import { edit } from '../../src/core/level.ts';
import { heroIn } from '../support/heroIn.ts';

/** What a level is made of, ids left out (a player carried down shifts them). */
function layout(w: World) {
  return {
    size: [w.width, w.height],
    depth: w.depth,
    terrain: [...w.terrain],
    stairs: [w.stairsUp, w.stairsDown],
    traps: w.traps.map((t) => `${t.kind}@${t.x},${t.y}/${t.host.kind}`).sort(),
    chests: w.chests.map((c) => `${c.x},${c.y}`).sort(),
    monsters: w.actors
      .filter((a) => a.id !== w.playerId)
      .map((a) => `${a.kind}@${a.x},${a.y}`)
      .sort(),
  };
}

/**
 * Puts the player on the stairs down and takes them (as the game does on `>`); returns the new
 * level as it was entered (the monsters have had a turn on it since).
 */
function descend(world: World): World {
  edit(world, (w) => {
    const hero = heroIn(w);
    [hero.x, hero.y] = w.stairsDown;
  });
  const r = step(world, { type: 'descend' });
  const entered = r.events.find((e) => e.type === 'levelEntered');
  if (entered?.type !== 'levelEntered') throw new Error(r.refused ?? 'no level entered');
  expect(world.depth).toBe(2);
  return deserializeWorld(entered.world);
}

describe('the live level as a run spec', () => {
  it('a level reached by the stairs (depth 2, changed settings) is the spec’s first level, whatever the run', () => {
    const world = newGame({ seed: 'heat-live', ruleset: 'cdda', settings: { monsters: 6, lightRadius: 5 }, width: 60, height: 30, style: 'caves' });
    const before = layout(world);
    const entered = descend(world);
    const level = liveLevelOf(world);
    expect(level).toMatchObject({ seed: 'heat-live', ruleset: 'cdda', depth: 2, width: 60, height: 30, style: 'caves' });
    // Only the changed settings travel (so a variant's own settings are not overwritten by defaults).
    expect(level.settings).toEqual({ monsters: 6, lightRadius: 5 });
    const spec = levelSpec(level, 'cdda', 'careful');
    expect(spec).toMatchObject({ ruleset: 'cdda', bot: 'careful', depth: 2, levels: 1, width: 60, height: 30, style: 'caves', levelSeed: 'heat-live' });
    const live = layout(entered);
    expect(live.terrain).toEqual([...world.terrain]);
    expect(live).not.toEqual(before);
    for (const run of ['1', '2', '77']) {
      const sim = startWorld(spec, run);
      expect(layout(sim)).toEqual(live);
      expect(sim.settings.monsters).toBe(6);
      expect(sim.settings.lightRadius).toBe(5);
      // The run ends at this level's stairs down.
      expect(sim.settings.goalDepth).toBe(2);
    }
    // Runs share the level but not the dice.
    expect(startWorld(spec, '1').rng).not.toEqual(startWorld(spec, '2').rng);
    expect(levelMismatch(world, spec)).toBeNull();
  });

  it('another ruleset on the same level keeps the map and takes only the core settings', () => {
    const world = newGame({ seed: 'heat-other', ruleset: 'ceaptun', settings: { monsters: 4 } });
    const level = liveLevelOf(world);
    // A ceaptun setting of its own, changed in the game: omega has no such setting.
    const ownSetting = Object.keys(world.settings).find((k) => !['lightRadius', 'monsters', 'goalDepth', 'turnLimit'].includes(k));
    expect(ownSetting).toBeDefined();
    const spec = levelSpec({ ...level, settings: { ...level.settings, [ownSetting!]: world.settings[ownSetting!]! } }, 'omega', 'reckless');
    expect(spec.settings).toEqual({ monsters: 4 });
    const other = startWorld(spec, '1');
    expect([...other.terrain]).toEqual([...world.terrain]);
    expect(other.stairsDown).toEqual(world.stairsDown);
  });

  it('a level drawn by hand cannot be replayed from its seed, and says so', () => {
    const world = scenario({ ruleset: 'cdda', map: ['#######', '#<.@.>#', '#######'] });
    expect(levelMismatch(world, levelSpec(liveLevelOf(world), 'cdda', 'careful'))).toMatch(/cannot|not made from its seed/);
  });

  it('the level key changes with anything that changes the level', () => {
    const a = liveLevelOf(newGame({ seed: 'k1', ruleset: 'cdda' }));
    expect(levelKey(a)).toBe(levelKey({ ...a, settings: { ...a.settings } }));
    for (const change of [{ seed: 'k2' }, { depth: 2 }, { ruleset: 'omega' }, { width: 81 }, { style: 'caves' as const }, { settings: { monsters: 3 } }])
      expect(levelKey({ ...a, ...change })).not.toBe(levelKey(a));
  });
});

describe('a scenario as a run spec (the level editor’s Run in the Lab)', () => {
  it('starts every run on the drawn level, its trap file with it, the runs differing only in their dice', () => {
    const file = parseScenario(readFileSync('examples/scenarios/pit-corridor.json', 'utf8'));
    const spec = scenarioSpec({ ...file, depth: 2 }, 'ceaptun', 'careful', 1);
    expect(spec).toMatchObject({ ruleset: 'ceaptun', bot: 'careful', depth: 2, levels: 1, traps: null });
    const a = startWorld(spec, '1');
    const b = startWorld(spec, '2');
    expect(layout(a)).toEqual(layout(b));
    expect(a.depth).toBe(2);
    expect(a.traps.map((t) => `${t.kind}@${t.x},${t.y}`)).toEqual(file.traps!.map((t) => `${t.kind}@${t.x},${t.y}`));
    expect(a.rng).not.toEqual(b.rng);
  });
});
