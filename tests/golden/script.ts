/**
 * Golden games: for each ruleset and map style, one scripted game on a fixed seed, and what it comes
 * to (a hash of every step's events, the world's hash every 100 actions and at the end, a count of
 * each kind of event). The records are checked in (`games.json`); `golden.test.ts` plays the games
 * again and compares. Play may change only on purpose: a commit that changes a record says why.
 *
 * The script is a small player written against the world as data and the engine's `step`, so that it
 * does not move when the bots or the UI do: it walks to places picked from the level (BFS over
 * terrain), opens and closes doors, searches, disarms the traps it knows, rigs what it can, kicks,
 * picks things up, sets off the trap it stands on (Omega's `@`) and takes the stairs down. What it
 * chooses depends only on the world and the action's number, so the same game is the same script.
 */
import type { Action } from '../../src/core/actions.ts';
import { newGame, step } from '../../src/core/engine.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { usableItems, useRefusal } from '../../src/core/itemUse.ts';
import { hashString } from '../../src/core/rng.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { DIRECTIONS, idx, inBounds, isWalkable, type MapStyle, playerKnowsTrap, serializeWorld, Terrain, type Traits, type World, worldHash } from '../../src/core/world.ts';
import '../../src/rulesets/index.ts';
import { FNV_START, fnv } from '../support/fnv.ts';
import { actorAt, player, trapAt } from '../../src/core/level.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

export interface GoldenSpec {
  ruleset: string;
  style: MapStyle;
  seed: string;
  actions: number;
}

export interface GoldenRecord extends GoldenSpec {
  /** FNV-1a over the canonical JSON of every step's events, step after step. */
  eventsHash: string;
  /** The world's hash after every 100 actions (and after the last): where a change began. */
  checkpoints: string[];
  worldHash: string;
  /** How the game ended up: a readable line for the diff of a changed record. */
  end: { turn: number; depth: number; hp: number; over: string | null; refused: number };
  /** How many events of each type the game produced, by type, sorted. */
  events: Record<string, number>;
  /** How many actions of each type the script played. */
  played: Record<string, number>;
}

export const GOLDEN_RULESETS = RULESET_IDS;
export const GOLDEN_STYLES: readonly MapStyle[] = ['rooms', 'caves'];
export const GOLDEN_ACTIONS = 400;

/**
 * The seed of each game: picked once, among `golden-0` … `golden-39`, for a game that lasts and
 * meets traps (the hero of a level-one game often dies early), then fixed here.
 */
const GOLDEN_SEEDS: Record<string, string> = {
  'cdda rooms': 'golden-0',
  'cdda caves': 'golden-10',
  'omega rooms': 'golden-1',
  'omega caves': 'golden-6',
  'ceaptun rooms': 'golden-2',
  'ceaptun caves': 'golden-9',
  'd20 rooms': 'golden-4',
  'd20 caves': 'golden-12',
  'wasteland rooms': 'golden-25',
  'wasteland caves': 'golden-9',
};

export function goldenSpecs(): GoldenSpec[] {
  const specs: GoldenSpec[] = [];
  for (const ruleset of GOLDEN_RULESETS)
    for (const style of GOLDEN_STYLES) {
      const seed = GOLDEN_SEEDS[`${ruleset} ${style}`];
      if (seed === undefined) throw new Error(`tests/golden/script.ts: no golden seed for ${ruleset} ${style}; pick one as GOLDEN_SEEDS says`);
      specs.push({ ruleset, style, seed, actions: GOLDEN_ACTIONS });
    }
  return specs;
}

/** JSON with every object's keys sorted, so that the hash follows the data, not the order fields were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}


/** The script's memory between actions: where it is walking, what it has tried. */
interface ScriptState {
  target: number;
  levelStart: number;
  depth: number;
  triedPickup: Set<number>;
  /** Traps it has set off on purpose (once each). */
  triggered: Set<number>;
  lastCell: number;
  /** Actions since the hero last changed cell: a door that will not open sends it elsewhere. */
  still: number;
}

const PASSABLE_FOR_SCRIPT = new Set<number>([Terrain.DoorClosed]);

function passable(w: World, i: number): boolean {
  const t = w.terrain[i]!;
  return isWalkable(t) || PASSABLE_FOR_SCRIPT.has(t);
}

/** The first step (dx, dy) of a shortest path over terrain to `target`, or null. */
function firstStep(w: World, from: number, target: number): [number, number] | null {
  if (from === target) return null;
  const prev = new Int32Array(w.width * w.height).fill(-1);
  prev[from] = from;
  const queue = [from];
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    if (i === target) break;
    const x = i % w.width;
    const y = (i - x) / w.width;
    for (const [dx, dy] of DIRECTIONS) {
      const nx = x + dx;
      const ny = y + dy;
      if (!inBounds(w, nx, ny)) continue;
      const j = idx(w, nx, ny);
      if (prev[j] !== -1 || !passable(w, j)) continue;
      prev[j] = i;
      queue.push(j);
    }
  }
  if (prev[target] === -1) return null;
  let i = target;
  while (prev[i] !== from) i = prev[i]!;
  return [(i % w.width) - (from % w.width), Math.floor(i / w.width) - Math.floor(from / w.width)];
}

/** A place picked from the level by a number: a chest not yet opened, one time in three, else a floor cell. */
function pickTarget(w: World, n: number): number {
  const chests = w.chests.filter((c) => !c.open);
  if (chests.length > 0 && n % 3 === 0) {
    const c = chests[n % chests.length]!;
    return idx(w, c.x, c.y);
  }
  const cells: number[] = [];
  for (let i = 0; i < w.terrain.length; i++) if (isWalkable(w.terrain[i]!)) cells.push(i);
  return cells[hashString(`${w.depth}:${n}`) % cells.length]!;
}

function scriptAction(w: World, n: number, s: ScriptState): Action {
  const hero = player(w);
  const here = idx(w, hero.x, hero.y);
  if (w.depth !== s.depth) {
    s.depth = w.depth;
    s.levelStart = n;
    s.target = pickTarget(w, n);
  }
  const onLevel = n - s.levelStart;
  const dir = DIRECTIONS[n % 8]!;

  const item = w.items.find((it) => it.x === hero.x && it.y === hero.y && !s.triedPickup.has(it.id));
  if (item) {
    s.triedPickup.add(item.id);
    return { type: 'pickup' };
  }
  if (w.terrain[here] === Terrain.StairsDown && onLevel > 120) return { type: 'descend' };
  // Hurt to under three quarters: the first thing the pack has that would mend (a potion, a first aid kit).
  if (hero.hp * 4 < hero.maxHp * 3) {
    const ruleset = getRuleset(w.ruleset);
    const remedy = usableItems(ruleset, w.settings, hero).find((u) => useRefusal(w, hero, u.kind, ruleset) === null);
    if (remedy) return { type: 'use', what: remedy.kind };
  }
  if (n % 9 === 4) return { type: 'search' };
  const under = trapAt(w, hero.x, hero.y);
  if (n % 3 === 0 && under && playerKnowsTrap(w, under) && !s.triggered.has(under.id)) {
    s.triggered.add(under.id);
    return { type: 'trigger' };
  }
  if (n % 61 === 30) return { type: 'wait' };
  if (n % 4 === 1) {
    for (const [dx, dy] of DIRECTIONS) {
      const trap = trapAt(w, hero.x + dx, hero.y + dy);
      if (trap && playerKnowsTrap(w, trap)) return { type: 'disarm', dx, dy };
    }
  }
  if (n % 29 === 13) {
    const options = getRuleset(w.ruleset).rigOptions(w, hero).filter((o) => o.available);
    const option = options[n % options.length];
    // An option set on the hero's own square (Omega's components) takes no direction.
    if (option) return option.where === 'here' ? { type: 'rig', what: option.id, dx: 0, dy: 0 } : { type: 'rig', what: option.id, dx: dir[0], dy: dir[1] };
  }
  if (n % 37 === 20) return { type: 'kick', dx: dir[0], dy: dir[1] };
  if (n % 5 === 0 && s.lastCell >= 0) {
    const lx = s.lastCell % w.width;
    const ly = (s.lastCell - lx) / w.width;
    const dx = lx - hero.x;
    const dy = ly - hero.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) === 1 && w.terrain[s.lastCell] === Terrain.DoorOpen && !actorAt(w, lx, ly))
      return { type: 'close', dx, dy };
  }

  if (onLevel > 120) s.target = idx(w, w.stairsDown[0], w.stairsDown[1]);
  else if (here === s.target || n % 40 === 0 || s.still > 6) {
    s.target = pickTarget(w, n);
    s.still = 0;
  }
  let move = firstStep(w, here, s.target);
  if (!move) {
    s.target = pickTarget(w, n + 1);
    move = firstStep(w, here, s.target);
  }
  if (!move) return { type: 'wait' };
  const [dx, dy] = move;
  const t = w.terrain[idx(w, hero.x + dx, hero.y + dy)]!;
  if (t === Terrain.DoorClosed || t === Terrain.DoorLocked) return { type: 'open', dx, dy };
  // Now and then walk without confirming, so the refusal before a known trap is played too.
  return { type: 'move', dx, dy, confirm: n % 7 !== 3 };
}

/** How a golden game may be played besides its record's way (the healing-off records: healingOff.test.ts). */
export interface GoldenOptions {
  /** Settings on top of the script's own (`monsters: 2`). */
  settings?: Traits;
  /**
   * Settings left out of the world wherever it is hashed (the checkpoints, the last world, a
   * level's world carried in its `levelEntered` event): settings added since a record was made, so
   * that the world of a game played with them at their old behaviour hashes as it did before they
   * existed. Nothing else of the game changes.
   */
  setAside?: readonly string[];
}

/** A serialised world without the settings `names`: the same text as if they had never been set. */
function withoutSettings(text: string, names: readonly string[]): string {
  const raw = JSON.parse(text) as { settings: Traits };
  for (const n of names) delete raw.settings[n];
  return JSON.stringify(raw);
}

/** Plays one golden game and returns what it came to. */
export function playGolden(spec: GoldenSpec, opts: GoldenOptions = {}): GoldenRecord {
  const aside = opts.setAside ?? [];
  const hashOf = (world: World): string => (aside.length === 0 ? worldHash(world) : fnv(FNV_START, withoutSettings(serializeWorld(world), aside)).toString(16).padStart(8, '0'));
  const eventsOf = (evs: GameEvent[]): GameEvent[] =>
    aside.length === 0 ? evs : evs.map((e) => (e.type === 'levelEntered' ? { ...e, world: withoutSettings(e.world, aside) } : e));
  // Few monsters, so that the hero lives long enough to meet the traps.
  const w = newGame({ seed: spec.seed, ruleset: spec.ruleset, style: spec.style, settings: { monsters: 2, ...opts.settings } });
  const s: ScriptState = { target: pickTarget(w, 0), levelStart: 0, depth: w.depth, triedPickup: new Set(), triggered: new Set(), lastCell: -1, still: 0 };
  let h = 0x811c9dc5;
  const checkpoints: string[] = [];
  const events: Record<string, number> = {};
  const played: Record<string, number> = {};
  let refused = 0;
  let n = 0;
  for (; n < spec.actions && !w.over; n++) {
    const hero = player(w);
    const before = idx(w, hero.x, hero.y);
    const action = scriptAction(w, n, s);
    played[action.type] = (played[action.type] ?? 0) + 1;
    const r = step(w, action);
    if (r.refused) refused++;
    h = fnv(h, canonicalJson(eventsOf(r.events)));
    for (const e of r.events) events[e.type] = (events[e.type] ?? 0) + 1;
    const after = player(w);
    if (idx(w, after.x, after.y) !== before) {
      s.lastCell = before;
      s.still = 0;
    } else s.still++;
    if ((n + 1) % 100 === 0) checkpoints.push(hashOf(w));
  }
  if (n % 100 !== 0) checkpoints.push(hashOf(w));
  const hero = player(w);
  return {
    ...spec,
    eventsHash: h.toString(16).padStart(8, '0'),
    checkpoints,
    worldHash: hashOf(w),
    end: { turn: w.turn, depth: w.depth, hp: hero.hp, over: w.over ? w.over.cause : null, refused },
    events: sortedCounts(events),
    played: sortedCounts(played),
  };
}

function sortedCounts(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of Object.keys(counts).sort()) out[k] = counts[k]!;
  return out;
}
