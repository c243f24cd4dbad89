/**
 * Known traps told apart on the screen (issue #24): for every built-in ruleset, a room with one
 * known trap of each kind around the hero, all in view; with the distinct-glyph option on (G), the
 * pixels of no two kinds' cells are the same. Read from a screenshot of the real canvas, not from
 * the code that picks the looks.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { nextFrames, openRecordedGame, playScenarioFile } from './support/browser.ts';
import { cellRect, pixels, snapshot } from './support/game.ts';
import type { Image } from './support/png.ts';
import { builtSite } from './support/site.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

const site = builtSite();

const W = 13;
const H = 11;
const HERO = { x: 6, y: 5 };

/** A room of W × H with the hero in the middle, the stairs in a corner and one known trap of every kind on the cells nearest to the hero. */
function showroom(ruleset: string) {
  const cells: Array<{ x: number; y: number }> = [];
  const stairs = { x: W - 2, y: H - 2 };
  for (let y = 1; y < H - 1; y++) for (let x = 1; x < W - 1; x++) if ((x !== HERO.x || y !== HERO.y) && (x !== stairs.x || y !== stairs.y)) cells.push({ x, y });
  cells.sort((a, b) => Math.hypot(a.x - HERO.x, a.y - HERO.y) - Math.hypot(b.x - HERO.x, b.y - HERO.y) || a.y - b.y || a.x - b.x);
  // d20's "designed" kind is a trap the designer makes (its numbers come with it): not a kind to place bare.
  const kinds = getRuleset(ruleset).traps.map((t) => t.id).filter((id) => !(ruleset === 'd20' && id === 'designed'));
  const map = Array.from({ length: H }, (_, y) => Array.from({ length: W }, (_, x) => (x === 0 || y === 0 || x === W - 1 || y === H - 1 ? '#' : x === HERO.x && y === HERO.y ? '@' : x === stairs.x && y === stairs.y ? '>' : '.')).join(''));
  return {
    scenario: { format: 'trapsmith-scenario', version: 1, name: `${ruleset} traps`, ruleset, map, traps: kinds.map((kind, i) => ({ kind, ...cells[i]!, known: true })), monsters: [] },
    kinds,
  };
}

/** The pixels of a rectangle of the screenshot, as one string to compare. */
function crop(img: Image, r: { x: number; y: number; w: number; h: number }): string {
  const out: number[] = [];
  for (let y = Math.round(r.y); y < Math.round(r.y + r.h); y++) for (let x = Math.round(r.x); x < Math.round(r.x + r.w); x++) for (let c = 0; c < 4; c++) out.push(img.data[(y * img.width + x) * 4 + c]!);
  return out.join(',');
}

describe('every known trap kind looks like no other with the distinct glyphs on (G)', () => {
  for (const ruleset of RULESET_IDS) {
    it(ruleset, async () => {
      const { scenario, kinds } = showroom(ruleset);
      const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=looks-e2e&ruleset=${ruleset}`);
      await playScenarioFile(page, scenario, 'showroom.json');
      await page.keyboard.press('G');
      await nextFrames(page);
      const s = await snapshot(page);
      const placed = scenario.traps;
      // Every trap is known, on screen and in view (not a dimmer remembered cell).
      expect(s.knownTraps.length).toBe(kinds.length);
      const img = await pixels(page);
      const looks = new Map<string, string>();
      for (const t of placed) {
        expect(await page.evaluate(([x, y]) => window.__trapsmith!.fog(x!, y!), [t.x, t.y])).toBe('visible');
        looks.set(t.kind, crop(img, await cellRect(page, t.x, t.y)));
      }
      const seen = new Map<string, string>();
      for (const [kind, look] of looks) {
        expect(seen.get(look), `${kind} looks like ${seen.get(look)}`).toBeUndefined();
        seen.set(look, kind);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('a known trap whose glyph the map draws as terrain stays a trap (issue #39)', () => {
  it("a trap file's `#` in the wall's own colour, and CDDA's cot, look unlike a wall", async () => {
    // The worst case: the wall's glyph and the wall's colour (palette.ts), a known trap beside a wall.
    const wall = { glyph: '#', colour: '#8c7f6e' };
    const kind = { id: 'net', name: 'net trap', ...wall, hosts: ['floor'], placement: { weight: 0 }, charges: 1, numbers: { difficulty: 14 }, effect: { do: 'status', status: 'held', turns: '1d4+1' } };
    const map = ['############', '#..........#', '#.@......>.#', '#..........#', '############'];
    const scenario = {
      format: 'trapsmith-scenario',
      version: 1,
      name: 'net by a wall',
      ruleset: 'ceaptun',
      map,
      trapFile: { format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: 'Wall net', traps: [kind] },
      traps: [{ kind: 'net', x: 1, y: 1, known: true }],
      monsters: [],
    };
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=wall-net&ruleset=ceaptun`);
    await playScenarioFile(page, scenario, 'wall-net.json');
    await nextFrames(page);
    expect(await page.evaluate(() => window.__trapsmith!.fog(1, 1))).toBe('visible');
    const img = await pixels(page);
    const trap = crop(img, await cellRect(page, 1, 1));
    // The wall above it and the wall to its left are the same picture; the trap is not.
    expect(crop(img, await cellRect(page, 1, 0))).toBe(crop(img, await cellRect(page, 0, 1)));
    expect(trap).not.toBe(crop(img, await cellRect(page, 1, 0)));
    expect(errors).toEqual([]);
    await context.close();

    const cot = { ...scenario, name: 'cot by a wall', ruleset: 'cdda', trapFile: undefined, traps: [{ kind: 'cot', x: 1, y: 1, known: true }] };
    const cdda = await openRecordedGame(site.browser, `${site.server.url}?seed=wall-cot&ruleset=cdda`);
    await playScenarioFile(cdda.page, cot, 'wall-cot.json');
    await nextFrames(cdda.page);
    const shot = await pixels(cdda.page);
    // Reversed: most of the cot's cell is lit (its colour), where a wall's cell is mostly black.
    const lit = (r: { x: number; y: number; w: number; h: number }) => {
      let n = 0;
      let all = 0;
      for (let y = Math.round(r.y); y < Math.round(r.y + r.h); y++)
        for (let x = Math.round(r.x); x < Math.round(r.x + r.w); x++) {
          const i = (y * shot.width + x) * 4;
          all++;
          if (shot.data[i]! + shot.data[i + 1]! + shot.data[i + 2]! > 60) n++;
        }
      return n / all;
    };
    expect(lit(await cellRect(cdda.page, 1, 1))).toBeGreaterThan(0.5);
    expect(lit(await cellRect(cdda.page, 1, 0))).toBeLessThan(0.5);
    expect(cdda.errors).toEqual([]);
    await cdda.context.close();
  });
});
