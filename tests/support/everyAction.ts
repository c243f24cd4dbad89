/**
 * Random play that reaches every action the game has (`ACTION_TYPES`), for the engine's and the
 * rulesets' property tests: a level furnished so that pickups, chests, doors and stairs are within
 * reach of the start, and a picker that turns a random number into an action aimed at what lies
 * around the player (the chest next to it, the item under it, the stairs it stands on), with
 * plain random actions of every type mixed in.
 */
import { ACTION_TYPES, type Action } from '../../src/core/actions.ts';
import { usableItems } from '../../src/core/itemUse.ts';
import { edit, player } from '../../src/core/level.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { chestAt, DIRECTIONS, idx, type Item, isWalkable, Terrain, type World } from '../../src/core/world.ts';

/**
 * Puts, through the edit door, beside the player: a chest holding an arrow stack, the stairs down
 * and an open door; on the player's own cell an arrow stack and a key (arrows again: picking up a
 * kind the player already carries stacks).
 */
export function furnish(world: World): void {
  edit(world, (w) => {
    const hero = w.actors.find((a) => a.id === w.playerId)!;
    const free = DIRECTIONS.map(([dx, dy]) => [hero.x + dx, hero.y + dy] as const).filter(
      ([x, y]) => isWalkable(w.terrain[idx(w, x, y)]!) && !w.actors.some((a) => a.alive && a.x === x && a.y === y) && !chestAt(w, x, y),
    );
    const item = (kind: string, name: string, count: number, x: number, y: number): Item => ({ id: w.nextId++, kind, name, count, x, y });
    const chestCell = free[0];
    if (chestCell) w.chests.push({ id: w.nextId++, x: chestCell[0], y: chestCell[1], open: false, locked: false, items: [item('arrow', 'arrow', 3, -1, -1)] });
    w.items.push(item('arrow', 'arrow', 2, hero.x, hero.y), item('key', 'key', 1, hero.x, hero.y));
    hero.inventory = [...hero.inventory, item('arrow', 'arrow', 1, -1, -1)];
    const stairs = free[1];
    if (stairs) w.terrain[idx(w, stairs[0], stairs[1])] = Terrain.StairsDown;
    const door = free[2];
    if (door) w.terrain[idx(w, door[0], door[1])] = Terrain.DoorOpen;
  });
}

function towards(w: World, n: number, wanted: (x: number, y: number) => boolean): [number, number] {
  const hero = player(w);
  for (let k = 0; k < 8; k++) {
    const [dx, dy] = DIRECTIONS[(n + k) % 8]!;
    if (wanted(hero.x + dx, hero.y + dy)) return [dx, dy];
  }
  return DIRECTIONS[n % 8]! as [number, number];
}

/**
 * The action for random number `n` (0..99): every type of `ACTION_TYPES` has numbers of its own;
 * a directed one aims at what it acts on when there is one next to the player.
 */
export function everyActionFor(w: World, n: number): Action {
  const type = ACTION_TYPES[n % ACTION_TYPES.length]!;
  const hero = player(w);
  const [dx, dy] = DIRECTIONS[Math.floor(n / ACTION_TYPES.length) % 8]!;
  switch (type) {
    case 'move':
      return { type: 'move', dx, dy, confirm: true };
    case 'wait':
    case 'search':
    case 'pickup':
    case 'trigger':
      return { type };
    case 'descend':
      // Most of the time, walk onto the stairs first when they are next to the player.
      if (w.terrain[idx(w, hero.x, hero.y)] !== Terrain.StairsDown && Math.floor(n / ACTION_TYPES.length) % 4 !== 0) {
        const [sx, sy] = towards(w, n, (x, y) => w.terrain[idx(w, x, y)] === Terrain.StairsDown);
        return { type: 'move', dx: sx, dy: sy, confirm: true };
      }
      return { type: 'descend' };
    case 'open':
    case 'kick': {
      const [ox, oy] = towards(w, n, (x, y) => chestAt(w, x, y) !== undefined || w.terrain[idx(w, x, y)] === Terrain.DoorClosed);
      return { type, dx: ox, dy: oy };
    }
    case 'close': {
      const [cx, cy] = towards(w, n, (x, y) => w.terrain[idx(w, x, y)] === Terrain.DoorOpen);
      return { type: 'close', dx: cx, dy: cy };
    }
    case 'disarm': {
      const [tx, ty] = towards(w, n, (x, y) => w.traps.some((t) => t.x === x && t.y === y && t.knownBy.includes(hero.id)));
      return { type: 'disarm', dx: tx, dy: ty };
    }
    case 'rig': {
      const options = getRuleset(w.ruleset).rigOptions(w, hero);
      const usable = options.filter((o) => o.available);
      const option = usable[n % Math.max(1, usable.length)] ?? options[n % Math.max(1, options.length)];
      if (!option) return { type: 'wait' };
      return option.where === 'here' ? { type: 'rig', what: option.id, dx: 0, dy: 0 } : { type: 'rig', what: option.id, dx, dy };
    }
    case 'use': {
      // What the pack can use (a potion, a first aid kit), or else an arrow, which has no use (refused).
      const usable = usableItems(getRuleset(w.ruleset), w.settings, hero);
      return { type: 'use', what: usable[n % Math.max(1, usable.length)]?.kind ?? 'arrow' };
    }
    default:
      throw new Error(`everyActionFor: no case for the action type "${type}"`);
  }
}
