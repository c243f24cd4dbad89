/**
 * The seed catalogue (after Brogue CE's `test/seed_catalogs/`): for seeds 1..50 of each ruleset, the
 * first level as text — its rooms, stairs, doors and chests, every trap by kind, host and place,
 * every monster by kind and place. Checked in under `catalogue/`, so a change to level generation
 * shows up as a readable diff, line by line, seed by seed.
 */
import { newGame } from '../../src/core/engine.ts';
import { carve, DEFAULT_SIZE } from '../../src/core/mapgen.ts';
import { initialStreams, levelSeed, Stream } from '../../src/core/rng.ts';
import { Terrain, type World } from '../../src/core/world.ts';
import '../../src/rulesets/index.ts';

export const CATALOGUE_SEEDS = 50;

const DOOR_NAMES: Record<number, string> = {
  [Terrain.DoorClosed]: 'closed',
  [Terrain.DoorOpen]: 'open',
  [Terrain.DoorLocked]: 'locked',
  [Terrain.DoorSecret]: 'secret',
};

/** The rooms rot.js's Digger made for this level: the level's first use of its map stream, read again. */
function roomsOf(w: World): string[] {
  const mapStream = new Stream(initialStreams(levelSeed(w.seed, w.depth)).map);
  return carve(w.width, w.height, w.style, mapStream).rooms.map((r) => `${r.x1},${r.y1}-${r.x2},${r.y2}`);
}

function levelText(w: World): string {
  const lines: string[] = [];
  lines.push(`seed ${w.seed}: ${w.width}x${w.height} ${w.style}, depth ${w.depth}, level ${JSON.stringify(w.level)}`);
  lines.push(`  stairs up ${w.stairsUp.join(',')} down ${w.stairsDown.join(',')}`);
  lines.push(`  rooms ${roomsOf(w).join(' ')}`);
  const doors: Record<string, number> = {};
  for (const t of w.terrain) {
    const name = DOOR_NAMES[t];
    if (name) doors[name] = (doors[name] ?? 0) + 1;
  }
  lines.push(`  doors ${Object.entries(doors).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  lines.push(`  chests ${w.chests.map((c) => `${c.x},${c.y}${c.locked ? ' locked' : ''}`).join(' ') || 'none'}`);
  for (const t of w.traps) {
    const host = t.host.kind === 'chest' ? `chest ${t.host.chest}` : t.host.kind;
    lines.push(`  trap ${t.kind} at ${t.x},${t.y} on ${host}${t.armed ? '' : ' (unarmed)'}`);
  }
  for (const a of w.actors) if (a.id !== w.playerId) lines.push(`  monster ${a.kind} at ${a.x},${a.y}`);
  return lines.join('\n');
}

/** The catalogue of one ruleset: its seeds' first levels, 80×40 rooms (the default level). */
export function catalogueText(ruleset: string): string {
  const parts = [`# ${ruleset}: seeds 1..${CATALOGUE_SEEDS}, depth 1, ${DEFAULT_SIZE.width}x${DEFAULT_SIZE.height} rooms, default settings`];
  for (let seed = 1; seed <= CATALOGUE_SEEDS; seed++) parts.push(levelText(newGame({ seed: String(seed), ruleset })));
  return `${parts.join('\n')}\n`;
}
