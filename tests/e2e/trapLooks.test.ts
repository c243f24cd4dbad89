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
  for (const ruleset of ['cdda', 'omega', 'ceaptun', 'd20', 'wasteland']) {
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
