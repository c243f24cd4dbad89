/**
 * Scenario worlds drawn as small ASCII maps, for tests:
 *
 *   #  wall        .  floor      +  closed door   '  open door    L  locked door   S  secret door
 *   <  stairs up   >  stairs down  ~  water        =  ice           %  soft wall     C  chest
 *   @  the player  ^  a trap (kinds from `traps`, in reading order, on floor, door or chest)
 *   r k b g Z o O  monsters (rat, kobold, bat, goblin, zombie, orc, ogre), in reading order
 *
 * A trap drawn as `^` sits on floor unless its spec gives `host: 'door'` (the cell becomes a closed
 * door) or `host: 'chest'` (the cell becomes a chest).
 */
import { computeView } from '../../src/core/fov.ts';
import { makeMonster, makePlayer } from '../../src/core/mapgen.ts';
import { monsterKind } from '../../src/core/monsters.ts';
import { getRuleset, resolveSettings } from '../../src/core/registry.ts';
import { initialStreams } from '../../src/core/rng.ts';
import { SCENARIO_LEGEND } from '../../src/core/scenario.ts';
import { type Actor, type Chest, emptyWorld, type LevelInfo, Terrain, type Traits, type Trap, type World } from '../../src/core/world.ts';

export interface ScenarioTrap {
  kind: string;
  known?: boolean;
  host?: 'floor' | 'door' | 'chest';
  charges?: number;
  owner?: number | null;
  data?: Traits;
}

export interface ScenarioOptions {
  ruleset: string;
  map: string[];
  traps?: ScenarioTrap[];
  settings?: Traits;
  seed?: string;
  /** Changes to the player (traits are merged). */
  player?: Partial<Omit<Actor, 'traits'>> & { traits?: Traits };
  /** Changes to each monster in reading order. */
  monsters?: Array<Partial<Omit<Actor, 'traits'>> & { traits?: Traits }>;
  /** Monsters sleep (do not act) until a noise or a blow wakes them. */
  sleepingMonsters?: boolean;
  level?: LevelInfo;
  depth?: number;
  /** Items inside chests, by chest in reading order. */
  chestItems?: Chest['items'][];
}

const MONSTER_GLYPHS: Record<string, string> = { r: 'rat', k: 'kobold', b: 'bat', g: 'goblin', Z: 'zombie', o: 'orc', O: 'ogre' };
/** The terrain of a map character: the scenario files' own legend (core/scenario.ts); anything else is floor. */
const TERRAIN_GLYPHS: Readonly<Record<string, number>> = SCENARIO_LEGEND;

export function scenario(opts: ScenarioOptions): World {
  const ruleset = getRuleset(opts.ruleset);
  const settings = resolveSettings(ruleset, opts.settings);
  const height = opts.map.length;
  const width = Math.max(...opts.map.map((r) => r.length));
  const depth = opts.depth ?? 1;
  const world = emptyWorld({
    seed: opts.seed ?? 'scenario',
    ruleset: ruleset.id,
    settings,
    depth,
    width,
    height,
    style: 'rooms',
    level: opts.level ?? ruleset.levelInfo(depth, settings, 'rooms'),
    rng: initialStreams(opts.seed ?? 'scenario'),
  });

  const hero = makePlayer(ruleset, settings, 1);
  const trapSpecs = [...(opts.traps ?? [])];
  const monsterChanges = [...(opts.monsters ?? [])];
  const chestItems = [...(opts.chestItems ?? [])];
  let placedHero = false;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ch = opts.map[y]![x] ?? '#';
      const i = y * width + x;
      world.terrain[i] = TERRAIN_GLYPHS[ch] ?? Terrain.Floor;
      if (ch === '<') world.stairsUp = [x, y];
      if (ch === '>') world.stairsDown = [x, y];
      if (ch === '@') {
        hero.x = x;
        hero.y = y;
        placedHero = true;
      } else if (MONSTER_GLYPHS[ch]) {
        const kind = monsterKind(MONSTER_GLYPHS[ch]!)!;
        const m = makeMonster(kind, world.nextId++, x, y, ruleset, settings);
        m.ai = { mode: 'idle', targetX: x, targetY: y, patience: 0 };
        if (opts.sleepingMonsters) m.status = { ...m.status, asleep: 1 };
        const change = monsterChanges.shift();
        if (change) {
          const { traits, ...rest } = change;
          Object.assign(m, rest);
          if (traits) Object.assign(m.traits, traits);
        }
        world.actors.push(m);
      } else if (ch === 'C') {
        world.chests.push({ id: world.nextId++, x, y, open: false, locked: false, items: chestItems.shift() ?? [] });
      } else if (ch === '^') {
        const spec = trapSpecs.shift();
        if (!spec) throw new Error(`scenario: more ^ than trap specs (at ${x},${y})`);
        let host: Trap['host'] = { kind: 'floor' };
        if (spec.host === 'door') {
          world.terrain[i] = Terrain.DoorClosed;
          host = { kind: 'door' };
        } else if (spec.host === 'chest') {
          const chest: Chest = { id: world.nextId++, x, y, open: false, locked: false, items: chestItems.shift() ?? [] };
          world.chests.push(chest);
          host = { kind: 'chest', chest: chest.id };
        }
        world.traps.push({
          id: world.nextId++,
          kind: spec.kind,
          x,
          y,
          host,
          charges: spec.charges ?? -1,
          owner: spec.owner ?? null,
          knownBy: spec.known ? [1] : [],
          armed: true,
          data: { ...(spec.data ?? {}) },
        });
      }
    }
  }
  if (!placedHero) throw new Error('scenario: no @ on the map');
  if (opts.player) {
    const { traits, ...rest } = opts.player;
    Object.assign(hero, rest);
    if (traits) Object.assign(hero.traits, traits);
  }
  world.actors.unshift(hero);
  computeView(world);
  return world;
}

/** The cell of the first trap of a kind. */
export function trapOf(world: World, kind: string): Trap {
  const t = world.traps.find((tr) => tr.kind === kind);
  if (!t) throw new Error(`no ${kind} trap in the world`);
  return t;
}
