import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { Terrain, type World } from '../../src/core/world.ts';
import { dim, fade, luminance, parseColour, TERRAIN_GLYPHS, terrainGlyph } from '../../src/render/palette.ts';
import { actorMarks, changedTerrainCells, fogAt, itemMarks, terrainLook, trapMarks, visibleCells } from '../../src/render/view.ts';
import { scenario } from '../support/scenario.ts';

const rules = getRuleset('test');

/** Every cell's look, by brute force over the whole map. */
function allLooks(w: World): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.width * w.height; i++) {
    const g = terrainLook(w, i);
    out.push(`${g.ch}:${g.colour}`);
  }
  return out;
}

describe('fog of war', () => {
  const map = ['##############', '#@....#......#', '#.....+......#', '##############'];

  it('never-seen cells are blank black, visible cells lit, remembered cells dimmed', () => {
    const w = scenario({ ruleset: 'test', map, settings: { lightRadius: 3 } });
    const floorLit = TERRAIN_GLYPHS[Terrain.Floor]!;
    const at = (x: number, y: number) => y * w.width + x;
    expect(fogAt(w, at(2, 1))).toBe('visible');
    expect(terrainLook(w, at(2, 1))).toEqual(floorLit);
    // Beyond the closed door: never seen.
    expect(fogAt(w, at(10, 1))).toBe('unseen');
    expect(terrainLook(w, at(10, 1))).toEqual({ ch: ' ', colour: 0 });
    // Walk east: the start is out of the light radius but remembered, dimmed.
    for (let i = 0; i < 4; i++) step(w, { type: 'move', dx: 1, dy: 0 });
    expect(fogAt(w, at(1, 2))).toBe('remembered');
    const remembered = terrainLook(w, at(1, 2));
    expect(remembered.ch).toBe('.');
    expect(remembered.colour).toBe(dim(floorLit.colour));
    expect(luminance(remembered.colour)).toBeLessThan(luminance(floorLit.colour) * 0.6);
  });

  it('a hidden trap looks exactly like the floor it is on, and has no mark', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike' }] });
    expect(terrainLook(w, 1 * 5 + 2)).toEqual(terrainLook(w, 1 * 5 + 3));
    expect(trapMarks(w, rules)).toEqual([]);
  });

  it('a hidden door trap looks like the door', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'dart', host: 'door' }] });
    expect(terrainLook(w, 1 * 5 + 2)).toEqual(terrainGlyph(Terrain.DoorClosed));
    expect(trapMarks(w, rules)).toEqual([]);
  });

  it('a known trap is a ^ in its table colour, and stays (dimmed) out of sight', () => {
    const w = scenario({
      ruleset: 'test',
      map: ['###########', '#^@.......#', '###########'],
      traps: [{ kind: 'alarm', known: true }],
      settings: { lightRadius: 2 },
    });
    expect(trapMarks(w, rules)).toEqual([{ x: 1, y: 1, ch: '^', colour: 0xffff00 }]);
    for (let i = 0; i < 5; i++) step(w, { type: 'move', dx: 1, dy: 0 });
    expect(fogAt(w, 1 * 11 + 1)).toBe('remembered');
    // Out of sight: darker, same hue (yellow stays yellow: red = green, no blue).
    const [mark] = trapMarks(w, rules);
    expect(mark).toEqual({ x: 1, y: 1, ch: '^', colour: fade(0xffff00) });
    expect(mark!.colour).toBe(0x8c8c00);
  });

  it('monsters show only in sight; the player always; chests are remembered, loose items only seen', () => {
    const w = scenario({ ruleset: 'test', map: ['############', '#@.C...k...#', '############'], sleepingMonsters: true, settings: { lightRadius: 3 } });
    w.items.push({ id: 70, kind: 'gold', name: 'gold coins', count: 5, x: 2, y: 1 });
    expect(actorMarks(w).map((m) => m.ch)).toEqual(['@']);
    expect(itemMarks(w).map((m) => m.ch).sort()).toEqual(['$', '&']);
  });
});

describe('which cells a turn redraws', () => {
  it('every cell whose look changed is among the cells re-examined, and far cells are not examined', () => {
    const w = scenario({
      ruleset: 'test',
      map: ['####################', '#@.................#', '#..................#', '#..........+.......#', '####################'],
      settings: { lightRadius: 3 },
    });
    let prevVisible = visibleCells(w);
    for (let k = 0; k < 6; k++) {
      const before = allLooks(w);
      const { events } = step(w, { type: 'move', dx: 1, dy: k % 2 });
      const after = allLooks(w);
      const { cells, visible } = changedTerrainCells(w, prevVisible, events);
      for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) expect(cells.has(i), `cell ${i} changed`).toBe(true);
      // The scan stays around the player: far less than the whole map.
      expect(cells.size).toBeLessThan(w.width * w.height / 2);
      prevVisible = visible;
    }
  });

  it('a terrain change out of sight is redrawn too', () => {
    const w = scenario({ ruleset: 'test', map: ['####################', '#@.................#', '####################'], settings: { lightRadius: 2 } });
    const ev: GameEvent = { type: 'terrainChanged', x: 15, y: 1, terrain: Terrain.Water };
    const { cells } = changedTerrainCells(w, visibleCells(w), [ev]);
    expect(cells.has(1 * 20 + 15)).toBe(true);
  });

  it('visibleCells finds exactly the cells marked visible (checked against a full scan)', () => {
    const w = scenario({ ruleset: 'test', map: ['##########', '#........#', '#...@....#', '#........#', '##########'] });
    const full: number[] = [];
    for (let i = 0; i < w.width * w.height; i++) if (w.visible[i] === 1) full.push(i);
    expect(visibleCells(w)).toEqual(full);
  });
});

describe('colours', () => {
  it('parses the CSS colour forms rulesets use', () => {
    expect(parseColour('#c0c0c0')).toBe(0xc0c0c0);
    expect(parseColour('#f80')).toBe(0xff8800);
    expect(parseColour('rgb(255, 0, 16)')).toBe(0xff0010);
    expect(parseColour('Orange')).toBe(0xffa500);
    expect(parseColour('not a colour')).toBe(0xffffff);
  });

  it('dimming darkens every terrain colour and keeps it visible', () => {
    for (const g of Object.values(TERRAIN_GLYPHS)) {
      const d = dim(g.colour);
      expect(luminance(d)).toBeLessThan(luminance(g.colour));
      expect(d).not.toBe(0);
    }
  });
});

describe('trap appearance hooks', () => {
  it("Omega's curtain of fire and open abyss draw as ; and 0 in their colours, not as ^", () => {
    const omega = getRuleset('omega');
    const w = scenario({
      ruleset: 'omega',
      map: ['#######', '#@^.^.#', '#######'],
      traps: [
        { kind: 'fire', known: true, data: { hazard: 'fire' } },
        { kind: 'abyss', known: true, data: { hazard: 'abyss' } },
      ],
    });
    const marks = trapMarks(w, omega);
    expect(marks.map((m) => m.ch)).toEqual([';', '0']);
    expect(marks[0]!.colour).toBe(parseColour('#ff6040'));
    // An ordinary known Omega trap is still a ^.
    const plain = scenario({ ruleset: 'omega', map: ['####', '#@^#', '####'], traps: [{ kind: 'dart', known: true }] });
    expect(trapMarks(plain, omega)[0]!.ch).toBe('^');
  });
});
