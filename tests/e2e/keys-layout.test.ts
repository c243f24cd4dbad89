/**
 * Keys and layout with real key presses and real boxes: focus decides where keys go (the help
 * scrolls by keyboard, the focused log scrolls instead of moving the hero), dialogs fit the map,
 * the odds tooltip stays inside the map, the status line never moves the map, and a trap known
 * without sight of its place can be looked at and hovered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextFrames, openGame } from './support/browser.ts';
import { cellRect, mapRows, snapshot } from './support/game.ts';
import { viKey } from './support/path.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Rect = { x: number; y: number; width: number; height: number };

async function rectOf(page: Page, selector: string): Promise<Rect> {
  const r = await page.locator(selector).first().boundingBox();
  if (!r) throw new Error(`${selector} is not on screen`);
  return r;
}

/** Is `inner` wholly inside `outer` (half a pixel of rounding allowed)? */
function inside(inner: Rect, outer: Rect): boolean {
  const e = 0.5;
  return inner.x >= outer.x - e && inner.y >= outer.y - e && inner.x + inner.width <= outer.x + outer.width + e && inner.y + inner.height <= outer.y + outer.height + e;
}

const viewport = (page: Page): Rect => ({ x: 0, y: 0, ...page.viewportSize()! });

/** The turn and the hero's place: what a key that reached the game would change. */
async function where(page: Page): Promise<{ turn: number; x: number; y: number }> {
  const s = await snapshot(page);
  return { turn: s.turn, x: s.player.x, y: s.player.y };
}

describe('focus decides where keys go', () => {
  it.each(SIZES)('the help scrolls by keyboard to its last line and back ($name); Escape closes it; the hero stays', async ({ width, height }) => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=keys-help&ruleset=cdda&s.monsters=0`, { width, height });
    const start = await where(page);
    await page.keyboard.press('?');
    const box = page.locator('.dialog.help');
    await box.waitFor({ state: 'visible' });
    const lastLine = page.locator('.dialog.help > :last-child');
    const metrics = () => box.evaluate((el) => ({ top: el.scrollTop, max: el.scrollHeight - el.clientHeight }));
    const lastInSight = async () => inside(await lastLine.boundingBox().then((r) => r!), await box.boundingBox().then((r) => r!));
    // The help is taller than its box: without scrolling, its last line is out of sight.
    expect((await metrics()).max).toBeGreaterThan(50);
    expect(await lastInSight()).toBe(false);

    // PageDown (and Space) page through it to the end.
    let presses = 0;
    // To the very end: the last line comes into sight a little before the box's bottom padding does.
    while ((await metrics()).top < (await metrics()).max - 1 && presses < 40) {
      await page.keyboard.press(presses % 2 === 0 ? 'PageDown' : ' ');
      presses++;
    }
    expect(await lastInSight()).toBe(true);
    expect((await metrics()).top).toBeGreaterThanOrEqual((await metrics()).max - 1);
    // Home goes back to the start, End to the end, the arrows a line at a time.
    await page.keyboard.press('Home');
    expect((await metrics()).top).toBe(0);
    await page.keyboard.press('ArrowDown');
    const down = (await metrics()).top;
    expect(down).toBeGreaterThan(0);
    await page.keyboard.press('ArrowUp');
    expect((await metrics()).top).toBeLessThan(down);
    await page.keyboard.press('End');
    expect(await lastInSight()).toBe(true);
    await page.keyboard.press('PageUp');
    expect(await lastInSight()).toBe(false);

    // None of these keys (each a move in play) reached the game.
    expect(await where(page)).toEqual(start);
    await page.keyboard.press('Escape');
    await expect(page.locator('.help-overlay').isVisible()).resolves.toBe(false);
    // Closed, the keys are the game's again.
    await page.keyboard.press('.');
    expect((await where(page)).turn).toBe(start.turn + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with the log focused, PageUp and the arrows scroll the log and leave the turn and the hero alone; Esc gives the keys back', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=keys-log&ruleset=cdda&s.monsters=0`);
    // Fill the log past its height: bumping a wall and searching, in turn, each a line of its own.
    const s = await snapshot(page);
    const map = await mapRows(page);
    const wall = ([[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, -1], [-1, 1], [1, 1]] as const).find(([dx, dy]) => map[s.player.y + dy]![s.player.x + dx] === '#');
    let bump: string;
    if (wall) bump = viKey(wall);
    else {
      // Not against a wall: walk west until one stops the hero.
      bump = 'h';
      for (let k = 0, last = s.player.x; k < 80; k++) {
        await page.keyboard.press('h');
        const x = (await snapshot(page)).player.x;
        if (x === last) break;
        last = x;
      }
    }
    const log = page.locator('.log');
    for (let k = 0; k < 40; k++) {
      await page.keyboard.press(k % 2 === 0 ? bump : 's');
      if (k > 12 && (await log.evaluate((el) => el.scrollHeight > el.clientHeight * 2))) break;
    }
    expect(await log.evaluate((el) => el.scrollHeight > el.clientHeight * 2)).toBe(true);

    // A click on the log gives it the focus (as Tab would); it sits at its newest line.
    await log.click();
    await expect(page.evaluate(() => document.activeElement?.classList.contains('log') ?? false)).resolves.toBe(true);
    const scrollTop = () => log.evaluate((el) => el.scrollTop);
    // Keyboard scrolling is animated: the position once it has moved from `from` and stopped.
    const settled = async (from: number) => {
      await expect.poll(scrollTop, { timeout: 5_000 }).not.toBe(from);
      let last = await scrollTop();
      for (;;) {
        await nextFrames(page);
        const now = await scrollTop();
        if (now === last) return now;
        last = now;
      }
    };
    const bottom = await scrollTop();
    expect(bottom).toBeGreaterThan(0);
    const before = await where(page);

    await page.keyboard.press('PageUp');
    const afterPage = await settled(bottom);
    expect(afterPage).toBeLessThan(bottom);
    await page.keyboard.press('ArrowDown');
    const afterDown = await settled(afterPage);
    expect(afterDown).toBeGreaterThan(afterPage);
    await page.keyboard.press('ArrowUp');
    expect(await settled(afterDown)).toBeLessThan(afterDown);
    // The other game keys (vi-keys, numpad digits, wait, search) do nothing while the log has the focus.
    for (const key of ['PageDown', 'Home', 'End', 'ArrowLeft', 'ArrowRight', 'k', 'j', 'h', 'l', 'y', 'u', 'b', 'n', '8', '.', 's', 'R']) await page.keyboard.press(key);
    await nextFrames(page);
    expect(await where(page)).toEqual(before);
    await expect(page.locator('.rig-menu').isVisible()).resolves.toBe(false);

    // Escape hands the keys back to the map: a wait is a turn again.
    await page.keyboard.press('Escape');
    await expect(page.evaluate(() => document.activeElement === document.body)).resolves.toBe(true);
    await page.keyboard.press('.');
    expect((await where(page)).turn).toBe(before.turn + 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('layout: dialogs, the tooltip and the status line fit', () => {
  it.each(SIZES)("the CDDA rig list fits the map with its footer in sight ($name); its last entry scrolls into view", async ({ width, height }) => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=keys-rig&ruleset=cdda&s.monsters=0`, { width, height });
    await page.keyboard.press('R');
    await page.locator('.rig-menu .dialog').waitFor({ state: 'visible' });
    const map = await rectOf(page, '.map-wrap');
    const dialog = await rectOf(page, '.rig-menu .dialog');
    const footer = await rectOf(page, '.rig-menu .dialog .hint');
    const title = await rectOf(page, '.rig-menu .dialog h2');
    expect(inside(dialog, map)).toBe(true);
    expect(inside(footer, dialog)).toBe(true);
    expect(inside(title, dialog)).toBe(true);
    expect(inside(footer, viewport(page))).toBe(true);
    // The list is the part that scrolls: its last entry can be brought into the dialog.
    const last = page.locator('.rig-menu li').last();
    await last.scrollIntoViewIfNeeded();
    expect(inside((await last.boundingBox())!, await rectOf(page, '.rig-menu .dialog'))).toBe(true);
    expect(inside(await rectOf(page, '.rig-menu .dialog .hint'), await rectOf(page, '.rig-menu .dialog'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(SIZES)('the odds tooltip stays inside the map near its right and bottom edges ($name)', async ({ width, height }) => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=keys-tip&ruleset=ceaptun&reveal=1&s.monsters=0&s.trapsPerLevel=40`, { width, height });
    const s = await snapshot(page);
    const canvas = await rectOf(page, 'canvas');
    const map = await rectOf(page, '.map-wrap');
    // The known traps whose cells are wholly on screen, the nearest the right edge and the bottom.
    const onScreen: Array<{ cx: number; cy: number }> = [];
    for (const t of s.knownTraps) {
      const r = await cellRect(page, t.x, t.y);
      const cell = { x: r.x, y: r.y, width: r.w, height: r.h };
      if (inside(cell, map) && inside(cell, canvas)) onScreen.push({ cx: r.x + r.w / 2, cy: r.y + r.h / 2 });
    }
    const right = [...onScreen].sort((a, b) => b.cx - a.cx)[0]!;
    const low = [...onScreen].sort((a, b) => b.cy - a.cy)[0]!;
    const tip = page.locator('.trap-odds-tooltip');
    let spilled = 0;
    for (const at of [right, low]) {
      await page.mouse.move(map.x + 2, map.y + 2);
      await tip.waitFor({ state: 'hidden', timeout: 30_000 }).catch(() => undefined);
      await page.mouse.move(at.cx, at.cy, { steps: 2 });
      await tip.waitFor({ state: 'visible', timeout: 30_000 });
      const box = (await tip.boundingBox())!;
      expect(inside(box, map), JSON.stringify({ box, map })).toBe(true);
      expect(inside(box, viewport(page))).toBe(true);
      // Beside the pointer as before, it would have crossed an edge of the map (onto the HUD, or
      // off the window): the test is near an edge indeed.
      if (at.cx + 14 + box.width > map.x + map.width || at.cy + 14 + box.height > map.y + map.height) spilled++;
      const hud = await page.locator('.hud').boundingBox();
      if (hud && width > 760) expect(box.x + box.width).toBeLessThanOrEqual(hud.x + 0.5);
    }
    expect(spilled).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(SIZES)("a long look text keeps the status line one row and the map where it was ($name)", async ({ width, height }) => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=keys-look&ruleset=cdda&reveal=1&s.monsters=0`, { width, height });
    const status = page.locator('.status-line');
    const mapTop = (await rectOf(page, '.map-wrap')).y;
    const statusHeight = (await rectOf(page, '.status-line')).height;
    // CDDA's look text for a trap names its numbers and its effect: longer than the line (200
    // characters are two rows of the desktop's map width). Each look leaves the map where it was.
    const s = await snapshot(page);
    const map = await rectOf(page, '.map-wrap');
    let longest = '';
    for (const t of s.knownTraps) {
      // The camera follows the look cursor: each cell's place is read afresh.
      const r = await cellRect(page, t.x, t.y);
      if (!inside({ x: r.x, y: r.y, width: r.w, height: r.h }, map)) continue;
      await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2, { button: 'right' });
      longest = (await status.textContent()) ?? '';
      expect((await rectOf(page, '.map-wrap')).y).toBe(mapTop);
      expect((await rectOf(page, '.status-line')).height).toBe(statusHeight);
      if (longest.length >= 200) break;
    }
    expect(longest.length).toBeGreaterThanOrEqual(200);
    const said = (await status.getAttribute('title')) ?? '';
    expect(said).toBe(longest);
    // The text is cut on screen (an ellipsis), and whole in the line's title.
    expect(await status.locator('.status-text').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(said).toMatch(/trap|pit|snare|wire/i);
    expect(await status.locator('.status-text').textContent()).toBe(said);
    expect((await rectOf(page, '.map-wrap')).y).toBe(mapTop);
    expect((await rectOf(page, '.status-line')).height).toBe(statusHeight);
    // A tap shows the whole text over the map; the map still does not move.
    await status.click();
    const whole = await rectOf(page, '.status-line .status-text');
    expect(whole.height).toBeGreaterThan(statusHeight);
    expect(await status.locator('.status-text').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await rectOf(page, '.map-wrap')).y).toBe(mapTop);
    await status.click();
    expect((await rectOf(page, '.status-line .status-text')).height).toBeLessThan(statusHeight);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a trap known without sight of its place (Cēaptūn: "some places show you their traps")', () => {
  it('a right-click looks at it: the trap and why the player knows it; the hover shows its odds', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=keys-known&ruleset=ceaptun&s.monsters=0&s.knownLevelChance=1`, { width: 1280, height: 800 });
    const s = await snapshot(page);
    const map = await rectOf(page, '.map-wrap');
    let target: { x: number; y: number; name: string; cx: number; cy: number } | null = null;
    for (const t of s.knownTraps) {
      if ((await page.evaluate(([x, y]) => window.__trapsmith!.fog(x!, y!), [t.x, t.y])) !== 'unseen') continue;
      const r = await cellRect(page, t.x, t.y);
      if (inside({ x: r.x, y: r.y, width: r.w, height: r.h }, map)) {
        target = { x: t.x, y: t.y, name: t.name, cx: r.x + r.w / 2, cy: r.y + r.h / 2 };
        break;
      }
    }
    expect(target).not.toBeNull();
    const turn = s.turn;
    await page.mouse.click(target!.cx, target!.cy, { button: 'right' });
    const said = (await page.locator('.status-line').textContent())!;
    expect(said).not.toMatch(/You have not seen that place/);
    const article = /^[aeiou]/i.test(target!.name) ? 'an' : 'a';
    expect(said).toMatch(new RegExp(`^You know of ${article} ${target!.name} here \\(its place was shown to you when you came to this level\\)`));
    // Looking takes no turn.
    expect((await snapshot(page)).mode).toBe('look');
    expect((await snapshot(page)).turn).toBe(turn);
    await page.keyboard.press('Escape');

    // The hover: its odds, as for a trap in sight (the camera may have moved with the look cursor).
    const tip = page.locator('.trap-odds-tooltip');
    await page.mouse.move(map.x + 2, map.y + 2);
    const r = await cellRect(page, target!.x, target!.y);
    await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2, { steps: 2 });
    await tip.waitFor({ state: 'visible', timeout: 30_000 });
    const text = (await tip.textContent())!;
    expect(text.toLowerCase()).toContain(`${target!.name} — odds for you`);
    expect(text).toMatch(/sets it off [<>]?\d+%/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
