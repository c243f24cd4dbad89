/**
 * `trapsmith map --format json`: the level as data. Held against what the generator itself saw
 * (the rooms rot.js gave the placement of traps, recorded by a ruleset that wraps Cēaptūn's
 * placement), against the ascii picture of the same level, and against the world.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { main } from '../../src/cli/main.ts';
import type { CliIO } from '../../src/cli/io.ts';
import type { LevelFacts } from '../../src/core/levelFacts.ts';
import { generateLevel } from '../../src/core/mapgen.ts';
import { findTrapDef, getRuleset, registerRuleset } from '../../src/core/registry.ts';
import type { PlacementContext } from '../../src/core/ruleset.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' };
  return { out, err, cli };
}

async function facts(argv: string[]): Promise<LevelFacts & { map: string[] }> {
  const r = io();
  expect(await main(['map', ...argv, '--format', 'json'], r.cli), r.err.join('\n')).toBe(0);
  return JSON.parse(r.out.join('\n')) as LevelFacts & { map: string[] };
}

// Cēaptūn as it is, but the rooms its placement is given are kept: what the generator saw.
const seen: PlacementContext['rooms'][] = [];
const ceaptun = getRuleset('ceaptun');
registerRuleset({
  ...ceaptun,
  id: 'ceaptun-rooms',
  placeTraps: (ctx) => {
    seen.push(ctx.rooms.map((r) => ({ ...r })));
    return ceaptun.placeTraps(ctx);
  },
});

describe('map --format json', () => {
  it("its rooms are the generator's own, and its traps, chests and doors lie where the picture shows them", async () => {
    for (const seed of ['a', 'b', 'c']) {
      seen.length = 0;
      generateLevel({ seed, ruleset: 'ceaptun-rooms', depth: 3 });
      const f = await facts(['--ruleset', 'ceaptun-rooms', '--seed', seed, '--depth', '3']);
      expect(f.rooms.map(({ x1, y1, x2, y2 }) => ({ x1, y1, x2, y2 }))).toEqual(seen[0]);
      expect(f.rooms.length).toBeGreaterThan(0);
      const cell = (x: number, y: number) => f.map[y]![x]!;
      // Inside a room is never wall.
      for (const r of f.rooms) for (let y = r.y1; y <= r.y2; y++) for (let x = r.x1; x <= r.x2; x++) expect(cell(x, y)).not.toBe('#');
      const picture: Record<string, string> = { closed: '+', open: "'", locked: 'L', secret: 'S', broken: '/' };
      for (const d of f.doors) if (!f.traps.some((t) => t.x === d.x && t.y === d.y)) expect(cell(d.x, d.y), `door at ${d.x},${d.y}`).toBe(picture[d.state]);
      for (const c of f.chests) expect(cell(c.x, c.y) === '&' || f.traps.some((t) => t.x === c.x && t.y === c.y)).toBe(true);
      for (const t of f.traps) {
        const inside = f.rooms.filter((r) => t.x >= r.x1 && t.x <= r.x2 && t.y >= r.y1 && t.y <= r.y2).map((r) => r.id);
        expect(t.room === null ? [] : [t.room]).toEqual(inside.slice(0, 1));
        if (t.corridor) expect(t.room).toBeNull();
        if (t.corridor) expect(t.host).toBe('floor');
        if (t.host === 'door') expect(f.doors.some((d) => d.x === t.x && d.y === t.y && d.trapped)).toBe(true);
        const someone = f.monsters.some((m) => m.x === t.x && m.y === t.y) || (f.player.x === t.x && f.player.y === t.y);
        if (!someone) expect(cell(t.x, t.y), `trap at ${t.x},${t.y}`).toBe(findTrapDef(getRuleset('ceaptun-rooms'), t.kind)?.glyph ?? '^');
      }
      expect(f.traps.some((t) => t.corridor) || f.traps.some((t) => t.room !== null)).toBe(true);
      expect(cell(f.player.x, f.player.y)).toBe('@');
    }
  });

  it('agrees with the ascii legend and the world: every trap, its name, place and whether it is known', async () => {
    for (const ruleset of RULESET_IDS) {
      const f = await facts(['--ruleset', ruleset, '--seed', 'legend', '--depth', '2']);
      const r = io();
      expect(await main(['map', '--ruleset', ruleset, '--seed', 'legend', '--depth', '2'], r.cli)).toBe(0);
      // A legend line: the trap's glyph, then its place ("0  12,7   pit (hidden)").
      const legend = r.out.join('\n').split('\n').filter((l) => /^. [ \d]{3}\d?,/.test(l));
      expect(legend.length, ruleset).toBe(f.traps.length);
      for (const [i, t] of f.traps.entries()) {
        expect(legend[i]).toContain(`${String(t.x).padStart(3)},${String(t.y).padEnd(3)} ${t.name}`);
        expect(legend[i]).toContain(t.known ? '(known)' : '(hidden)');
      }
      const w = generateLevel({ seed: 'legend', ruleset, depth: 2 });
      expect(f.monsters.length).toBe(w.actors.filter((a) => a.id !== w.playerId).length);
      expect(f.stairs).toEqual({ up: w.stairsUp, down: w.stairsDown });
      expect(f.level).toEqual(w.level);
    }
  });

  it('caves have no rooms and no corridors; the same arguments give the same line; a bad format exits 2', async () => {
    const caves = await facts(['--ruleset', 'ceaptun', '--seed', 'cave', '--style', 'caves']);
    expect(caves.rooms).toEqual([]);
    expect(caves.traps.every((t) => t.room === null && !t.corridor)).toBe(true);
    expect(await facts(['--ruleset', 'd20', '--seed', 'again'])).toEqual(await facts(['--ruleset', 'd20', '--seed', 'again']));
    const bad = io();
    expect(await main(['map', '--ruleset', 'd20', '--seed', 'x', '--format', 'xml'], bad.cli)).toBe(2);
    expect(bad.err.join('\n')).toMatch(/--format must be one of ascii, json, got "xml"/);
  });
});
