import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/core/engine.ts';
import { edit, player } from '../../src/core/level.ts';
import { costToGoals, downhill } from '../../src/core/route.ts';
import { SET_OFF_STEPS, travelCost, trapDetour } from '../../src/core/travel.ts';
import { idx, Terrain, type World } from '../../src/core/world.ts';
import { GameController } from '../../src/ui/game.ts';
import { translateKey } from '../../src/ui/keys.ts';
import { createUiStore } from '../../src/ui/store.ts';
import type { GameOptions } from '../../src/ui/url.ts';
import { type ScenarioOptions, scenario } from '../support/scenario.ts';

const OPTIONS: GameOptions = { seed: 'scenario', ruleset: 'test', width: 40, height: 25, style: 'rooms', settings: {} };

function play(opts: ScenarioOptions) {
  const store = createUiStore();
  const game = new GameController(store);
  const world = game.useWorld(scenario(opts), OPTIONS);
  const press = (key: string, shiftKey = false) => {
    const cmd = translateKey({ key, shiftKey }, store.getState().mode);
    if (cmd) game.handle(cmd);
    return cmd;
  };
  return { store, game, world, press, hero: () => player(world), log: () => store.getState().log.map((l) => l.text) };
}

/** The whole way travel would walk from the hero to (gx, gy), one downhill step after another on one flood. */
function route(world: World, gx: number, gy: number): string[] {
  const hero = player(world);
  const cost = travelCost(world, hero);
  const dist = costToGoals(world, [[gx, gy]], cost);
  const out: string[] = [];
  let at: [number, number] | null = [hero.x, hero.y];
  for (let i = 0; at && i < 2000; i++) {
    out.push(`${at[0]},${at[1]}`);
    at = downhill(world, at[0], at[1], dist, cost);
  }
  return out;
}

/** A generated level as if the player had seen all of it. */
function seenLevel(seed: string, ruleset = 'ceaptun'): World {
  const world = newGame({ seed, ruleset });
  edit(world, (w) => {
    for (let i = 0; i < w.terrain.length; i++) w.memory[i] = w.terrain[i]! + 1;
  });
  return world;
}

describe('travel routes', () => {
  it('are the same with and without the traps the player has not found', () => {
    let crossed = 0;
    for (const seed of ['travel-1', 'travel-2', 'travel-3', 'travel-4', 'travel-5', 'travel-6']) {
      const withTraps = seenLevel(seed);
      expect(withTraps.traps.length).toBeGreaterThan(0);
      const without = seenLevel(seed);
      edit(without, (w) => {
        w.traps = w.traps.filter((t) => t.knownBy.includes(w.playerId));
      });
      // The goal: the cell the travel flood finds farthest from the hero (the stairs may lie behind a locked door).
      const hero = player(without);
      const cost = travelCost(without, hero);
      const from = costToGoals(without, [[hero.x, hero.y]], cost);
      let far = idx(without, hero.x, hero.y);
      // A wall beside the reachable cells has a cost to go too: the goal must be a cell travel enters.
      for (let i = 0; i < from.length; i++) if (Number.isFinite(from[i]!) && from[i]! > from[far]! && Number.isFinite(cost(without, i % without.width, Math.floor(i / without.width)))) far = i;
      const [gx, gy] = [far % without.width, Math.floor(far / without.width)];
      const a = route(withTraps, gx, gy);
      expect(a.length).toBeGreaterThan(20);
      expect(a.at(-1)).toBe(`${gx},${gy}`);
      // Every hidden trap on the way is walked over as floor: the way is the same.
      expect(route(without, gx, gy)).toEqual(a);
      crossed += withTraps.traps.filter((t) => !t.knownBy.includes(withTraps.playerId) && a.includes(`${t.x},${t.y}`)).length;
    }
    // The test means something: some of those ways cross a hidden trap.
    expect(crossed).toBeGreaterThan(0);
  });

  it('go round a known trap worth going round, by its exact odds', () => {
    // Two ways to the stairs: straight through the spike (1d4 to 20 HP: it always goes off) or one step longer round it.
    const g = play({ ruleset: 'test', map: ['#######', '#@.^.>#', '#.###.#', '#.....#', '#######'], traps: [{ kind: 'spike', known: true }] });
    const trap = g.world.traps[0]!;
    // The test ruleset's spike always goes off (no avoidance) and never kills from 20 hit points.
    expect(trapDetour(g.world, g.hero(), trap)).toBe(SET_OFF_STEPS);
    edit(g.world, (w) => {
      for (let i = 0; i < w.terrain.length; i++) w.memory[i] = w.terrain[i]! + 1;
    });
    const way = route(g.world, 5, 1);
    expect(way).not.toContain(`${trap.x},${trap.y}`);
    expect(way.at(-1)).toBe('5,1');
  });
});

describe('explore and travel in play', () => {
  // A closed door hides what lies beyond: explore heads for it, and the known spike is in the only way.
  const corridor = (): ScenarioOptions => ({ ruleset: 'test', map: ['############', '#@....^+..>#', '############'], traps: [{ kind: 'spike', known: true }] });

  it('z walks on and stops before a known trap in the only way, asking with its odds; nothing goes off', () => {
    const g = play(corridor());
    g.press('z');
    expect(g.hero().x).toBe(5);
    const confirm = g.store.getState().confirm;
    expect(confirm?.text).toBe('Really step onto the spike trap?');
    expect(confirm?.odds).toMatch(/%/);
    expect(g.world.traps[0]!.armed).toBe(true);
    expect(g.world.turn).toBe(4);
    // Stay back: nothing moves.
    g.press('n');
    expect(g.hero().x).toBe(5);
  });

  it('> travels to the stairs seen (the same stop before the trap), and says so when they are not seen', () => {
    const g = play({ ruleset: 'test', map: ['##########', '#@....^.>#', '##########'], traps: [{ kind: 'spike', known: true }], settings: { goalDepth: 1 } });
    g.press('>');
    expect(g.hero().x).toBe(5);
    expect(g.store.getState().confirm?.text).toBe('Really step onto the spike trap?');
    g.press('y');
    expect(g.hero().x).toBe(6);
    g.press('>');
    expect(g.hero().x).toBe(8);
    // On the stairs, > goes down.
    g.press('>');
    expect(g.store.getState().over?.won).toBe(true);
    const dark = play({ ruleset: 'test', map: ['#########', '#@..#...#', '###.+.>.#', '#########'] });
    edit(dark.world, (w) => w.memory.fill(0));
    dark.press('<');
    expect(dark.log().at(-1)).toBe('You have not found the stairs up yet.');
  });

  it('stops when a monster comes into view; goes on past a sleeping one; does not start with one awake in view', () => {
    const g = play({ ruleset: 'test', map: ['##############', '#@...........#', '#######.######', '#######r######', '##############'], sleepingMonsters: true });
    g.press('z');
    // The rat in the side passage comes into view from the corridor's cell above it, or before.
    const hero = g.hero();
    expect(hero.x).toBeLessThanOrEqual(7);
    expect(hero.x).toBeGreaterThan(1);
    // Asleep, it does not keep the walk from going on.
    const turn = g.world.turn;
    g.press('z');
    expect(g.world.turn).toBeGreaterThan(turn);
    const awake = play({ ruleset: 'test', map: ['#########', '#@....r.#', '#########'] });
    awake.press('z');
    expect(awake.world.turn).toBe(0);
    expect(awake.log().at(-1)).toBe('Not with the rat awake in view, 5 steps away: fight it, wait for it (.), or step out of its sight.');
  });

  it('goes on with an awake monster in view that is not coming: fled, with no way to the hero, or on its rounds too far off to see the hero', () => {
    // A hall longer than a monster sees (8): the rat at the far end, awake, walks its rounds.
    const map = ['######################', '#@..................r#', '######################'];
    const far = play({ ruleset: 'test', map });
    far.press('z');
    expect(far.world.turn).toBeGreaterThan(0);
    // The same rat fleeing: explore goes on.
    // A closed door ahead keeps something to explore.
    const fled = play({ ruleset: 'test', map: ['############', '#r@.....+..#', '############'], monsters: [{ ai: { mode: 'flee', targetX: 1, targetY: 1, patience: 0 } }] });
    fled.press('z');
    expect(fled.world.turn).toBeGreaterThan(0);
    // Walled off (the wall put in after the hero saw it, as a rat across a gap would be): no way to the hero.
    const penned = play({ ruleset: 'test', map: ['############', '#.r.@...+..#', '############'] });
    edit(penned.world, (w) => {
      w.terrain[idx(w, 1, 1)] = Terrain.Wall;
      w.terrain[idx(w, 3, 1)] = Terrain.Wall;
    });
    penned.press('z');
    expect(penned.world.turn).toBeGreaterThan(0);
  });

  it('Enter in plain look mode (x) only leaves it', () => {
    const g = play({ ruleset: 'test', map: ['#######', '#@....#', '#######'] });
    g.press('x');
    g.press('l');
    g.press('Enter');
    expect(g.store.getState().look).toBeNull();
    expect(g.hero().x).toBe(1);
  });

  it('_ then the cursor and Enter walks there', () => {
    const g = play({ ruleset: 'test', map: ['#######', '#@....#', '#.....#', '#######'] });
    g.press('_');
    expect(g.store.getState().look?.travel).toBe(true);
    g.press('l');
    g.press('l');
    g.press('n');
    g.press('Enter');
    expect(g.store.getState().look).toBeNull();
    expect([g.hero().x, g.hero().y]).toEqual([4, 2]);
  });
});

describe('a known trap on a door or a chest asks too', () => {
  it('walking into a closed door with a known dart trap asks first; n leaves it shut, y opens it and sets it off', () => {
    const g = play({ ruleset: 'test', map: ['#######', '#@^..>#', '#######'], traps: [{ kind: 'dart', known: true, host: 'door' }] });
    const door = idx(g.world, 2, 1);
    const shut = g.world.terrain[door];
    g.press('l');
    expect(g.store.getState().confirm).toMatchObject({ text: 'Really open the door with the dart trap?', go: 'Open it' });
    g.press('n');
    expect(g.world.terrain[door]).toBe(shut);
    expect(g.world.turn).toBe(0);
    g.press('l');
    g.press('y');
    expect(g.world.turn).toBe(1);
    expect(g.world.terrain[door]).not.toBe(shut);
  });
});

describe('running and resting', () => {
  it('Shift + a direction runs down a corridor and stops at the side passage', () => {
    const g = play({ ruleset: 'test', map: ['############', '#@.........#', '#####.######', '#####.######', '############'] });
    g.press('ArrowRight', true);
    // At (5, 1) the passage south opens: a branch.
    expect(g.hero().x).toBe(4);
    g.press('ArrowRight', true);
    expect(g.hero().x).toBeGreaterThan(4);
  });

  it('stops before a known trap, without asking and without stepping on', () => {
    const g = play({ ruleset: 'test', map: ['##########', '#@....^..#', '##########'], traps: [{ kind: 'spike', known: true }] });
    g.press('ArrowRight', true);
    expect(g.hero().x).toBe(5);
    expect(g.store.getState().confirm).toBeNull();
    expect(g.log().at(-1)).toBe('You stop before the spike trap.');
    expect(g.world.traps[0]!.armed).toBe(true);
  });

  it('Z rests: not hurt says so; hurt, with no healing in the rules, it stops and says why', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    g.press('Z');
    expect(g.log().at(-1)).toBe('You are not hurt.');
    expect(g.world.turn).toBe(0);
    const hurt = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'], player: { hp: 5 } });
    hurt.press('Z');
    expect(hurt.world.turn).toBeGreaterThan(0);
    expect(hurt.log().at(-1)).toMatch(/healed nothing|You feel rested\./);
  });
});

describe('keys other games use', () => {
  it('i says what you carry; Q and S say what to do instead; an unknown key says so', () => {
    const g = play({ ruleset: 'test', map: ['#####', '#@..#', '#####'] });
    g.press('i');
    expect(g.log().at(-1)).toMatch(/^You carry/);
    g.press('Q');
    expect(g.log().at(-1)).toMatch(/^There is nothing to quit: N starts a new game/);
    g.press('S');
    expect(g.log().at(-1)).toMatch(/^Every turn is saved in this browser already/);
    g.press('W');
    expect(g.log().at(-1)).toBe('The W key does nothing here. Press ? for the keys.');
    expect(g.world.turn).toBe(0);
  });
});

describe('explore with nothing left but a locked door', () => {
  it('says so, naming where the door is and what to do', () => {
    const g = play({ ruleset: 'test', map: ['##########', '#@...L...#', '##########'] });
    g.press('z');
    expect(g.log().at(-1)).toBe('There is nothing left to explore here but behind a locked door (4 east): kick one open (K) or find another way.');
  });
});
