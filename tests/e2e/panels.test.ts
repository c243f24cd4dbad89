
import { describe, expect, it } from 'vitest';
import { nextFrames, openGame } from './support/browser.ts';
import { cellRect, mapRows, pixels, snapshot, walk } from './support/game.ts';
import { brightest } from './support/png.ts';
import { route } from './support/path.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

const hash = (page: import('playwright-core').Page) => page.evaluate(() => window.__trapsmith!.terrainHash());

describe('the New game panel', () => {
  it('starts the game it is given and writes it into the URL', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=first&ruleset=cdda`);
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    await expect(panel.isVisible()).resolves.toBe(true);
    // The seed field starts with a fresh random seed.
    const offered = await panel.locator('input[name=seed]').inputValue();
    expect(offered).toMatch(/^[0-9a-z]{8}$/);
    expect(offered).not.toBe('first');
    // Each field found by its label, as a player (or a screen reader) finds it.
    await panel.getByLabel('Seed', { exact: true }).fill('panel-1');
    await panel.getByLabel('Ruleset', { exact: true }).selectOption('omega');
    await panel.getByLabel('Map width', { exact: true }).fill('60');
    await panel.getByLabel('Map height', { exact: true }).fill('30');
    await panel.getByLabel('Style', { exact: true }).selectOption('caves');
    await panel.locator('button.start').click();
    await expect(panel.isVisible()).resolves.toBe(false);
    const s = await snapshot(page);
    expect(s.seed).toBe('panel-1');
    expect(s.ruleset).toBe('omega');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ seed: 'panel-1', ruleset: 'omega', w: '60', h: '30', style: 'caves' });
    expect(s.turn).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a bad value with a message and keeps the current game', async () => {
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=keepme&ruleset=cdda`);
    await page.locator('.new-button').click();
    const panel = page.locator('.new-game-panel');
    // Any text is a seed (as in a save or a link); a width out of range is not.
    await panel.locator('input[name=seed]').fill('no good');
    await panel.locator('input[name=width]').fill('5');
    await panel.locator('button.start').click();
    await expect(panel.locator('.errors').textContent()).resolves.toMatch(/Map width: must be a whole number from 40 to 200, got 5/);
    expect((await snapshot(page)).seed).toBe('keepme');
    await page.keyboard.press('Escape');
    await expect(panel.isVisible()).resolves.toBe(false);
    // The keyboard is back on the button that opened the panel.
    await expect(page.evaluate(() => document.activeElement?.classList.contains('new-button') ?? false)).resolves.toBe(true);
    await context.close();
  });

  it('"same seed, other ruleset" starts the same level under another ruleset in one click', async () => {
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=crn-1&ruleset=cdda&w=70&h=30`);
    const before = await hash(page);
    await page.keyboard.press('N');
    await page.locator('.new-game-panel .other-rulesets button[data-ruleset=ceaptun]').click();
    const s = await snapshot(page);
    expect(s.ruleset).toBe('ceaptun');
    expect(s.seed).toBe('crn-1');
    // Common random numbers: the map comes from the seed alone.
    expect(await hash(page)).toBe(before);
    expect(new URL(page.url()).searchParams.get('ruleset')).toBe('ceaptun');
    await context.close();
  });
});

describe('the death screen', () => {
  it('names the cause with seed and turn, and offers a new game', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=the-end&ruleset=cdda&s.monsters=0&s.turnLimit=10`);
    for (let i = 0; i < 10; i++) await page.keyboard.press('.');
    const screen = page.locator('.death-screen');
    await expect(screen.isVisible()).resolves.toBe(true);
    await expect(screen.locator('h2').textContent()).resolves.toBe('Game over');
    await expect(screen.locator('.cause').textContent()).resolves.toBe('Ran out of time');
    const facts = (await screen.locator('.facts').textContent())!;
    expect(facts).toContain('Seed the-end');
    expect(facts).toContain('turn 10');
    // Keys do nothing to the dead game.
    const s = await snapshot(page);
    await page.keyboard.press('l');
    expect((await snapshot(page)).player).toEqual(s.player);
    // Same seed, another ruleset, in one click from here too.
    await expect(screen.locator('.other-rulesets button').count()).resolves.toBe(4);
    await screen.locator('button.new-game').click();
    await expect(page.locator('.new-game-panel').isVisible()).resolves.toBe(true);
    await page.locator('.new-game-panel button.start').click();
    await expect(screen.isVisible()).resolves.toBe(false);
    expect((await snapshot(page)).over).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the rig list', () => {
  it('R lists what can be rigged, Esc closes it', async () => {
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=rig&ruleset=cdda&s.monsters=0`);
    await page.keyboard.press('R');
    const menu = page.locator('.rig-menu');
    const visible = await menu.isVisible();
    if (visible) {
      const items = await menu.locator('li').count();
      expect(items).toBeGreaterThan(0);
      // A greyed entry says why.
      for (const li of await menu.locator('li.greyed').all()) await expect(li.locator('.reason').textContent()).resolves.toMatch(/\S/);
      await page.keyboard.press('Escape');
      await expect(menu.isVisible()).resolves.toBe(false);
    } else {
      await expect(page.locator('.log li').last().textContent()).resolves.toBe('You have nothing you could rig here.');
    }
    await context.close();
  });
});

describe('tabs', () => {
  it('the Balance Lab tab mounts the lab; the game ignores keys while it is open', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=tabs&ruleset=cdda&s.monsters=0`);
    await page.locator('#tab-lab').click();
    const lab = page.locator('.lab-pane');
    await expect(lab.isVisible()).resolves.toBe(true);
    await page.waitForFunction(() => !document.querySelector('.lab-pane')?.textContent?.startsWith('Loading'));
    await expect(lab.textContent()).resolves.toMatch(/\S/);
    const before = await snapshot(page);
    await page.keyboard.press('.');
    expect((await snapshot(page)).turn).toBe(before.turn);
    await page.locator('#tab-game').click();
    await page.keyboard.press('.');
    expect((await snapshot(page)).turn).toBe(before.turn + 1);
    // A game's header button pressed on the lab goes back to the game and opens its panel there.
    await page.locator('#tab-lab').click();
    await page.locator('button.new-button').click();
    await expect(page.locator('.game-pane').isVisible()).resolves.toBe(true);
    await expect(page.locator('.new-game').isVisible()).resolves.toBe(true);
    // One panel at a time: the trap designer replaces the new game panel, and holds the keys even
    // when the focus is elsewhere (the log); Escape closes it.
    await page.locator('#tab-lab').click();
    await page.locator('button.designer-button').click();
    const designer = page.locator('.designer-panel');
    await designer.waitFor({ state: 'visible' });
    await expect(page.locator('.new-game').isVisible()).resolves.toBe(false);
    await expect(page.locator('.game-pane').isVisible()).resolves.toBe(true);
    await page.locator('.log').click();
    const still = await snapshot(page);
    await page.keyboard.press('j');
    expect((await snapshot(page)).player).toEqual(still.player);
    await page.keyboard.press('Escape');
    await designer.waitFor({ state: 'hidden' });
    // The log still has the focus, and keeps the keys (it scrolls): a second Escape gives them
    // back to the map.
    await page.keyboard.press('.');
    expect((await snapshot(page)).turn).toBe(still.turn);
    await page.keyboard.press('Escape');
    await page.keyboard.press('.');
    expect((await snapshot(page)).turn).toBe(still.turn + 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('size and pixel ratio', () => {
  it('draws at the device pixel ratio and follows the window size, keeping the player in view', async () => {
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=resize&ruleset=cdda&w=200&h=200`, { width: 1100, height: 700, dpr: 2 });
    const c = await page.evaluate(() => window.__trapsmith!.canvas);
    expect(c.dpr).toBe(2);
    expect(c.width).toBe(Math.round(c.cssWidth * 2));
    expect(c.height).toBe(Math.round(c.cssHeight * 2));
    await page.setViewportSize({ width: 700, height: 500 });
    await page.waitForFunction((w) => window.__trapsmith!.canvas.cssWidth < w, c.cssWidth);
    await nextFrames(page);
    const c2 = await page.evaluate(() => window.__trapsmith!.canvas);
    expect(c2.width).toBe(Math.round(c2.cssWidth * 2));
    const s = await snapshot(page);
    const r = await cellRect(page, s.player.x, s.player.y);
    const box = (await page.locator('canvas').boundingBox())!;
    expect(r.x).toBeGreaterThanOrEqual(box.x);
    expect(r.y).toBeGreaterThanOrEqual(box.y);
    expect(r.x + r.w).toBeLessThanOrEqual(box.x + box.width);
    expect(r.y + r.h).toBeLessThanOrEqual(box.y + box.height);
    expect(c2.cssWidth).toBeLessThan(c.cssWidth);
    // On a short window the map comes first (it had 90 px of the 500 before): the log and HUD shrink.
    expect(c2.cssHeight).toBeGreaterThanOrEqual(220);
    // The pixel ratio changes (the window moves to a plain screen): the canvas follows, and redraws.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 700, height: 500, deviceScaleFactor: 1, mobile: false });
    // (Emulation sends no media-query event; the next frame, here a turn's, notices.)
    await page.keyboard.press('.');
    await page.waitForFunction(() => window.__trapsmith!.canvas.dpr === 1);
    await nextFrames(page);
    const c3 = await page.evaluate(() => window.__trapsmith!.canvas);
    expect(c3.width).toBe(Math.round(c3.cssWidth));
    const img = await pixels(page);
    const p = (await snapshot(page)).player;
    const at = await cellRect(page, p.x, p.y);
    expect(brightest(img, at.x, at.y, at.w, at.h).value).toBeGreaterThan(200);
    await context.close();
  });

  it('on a 200x200 map the camera follows the player and a turn redraws only what changed', async () => {
    const { page, context } = await openGame(site.browser, `${site.server.url}?seed=big&ruleset=cdda&w=200&h=200&s.monsters=0&reveal=1`);
    await page.keyboard.press('.');
    const u = await page.evaluate(() => window.__trapsmith!.lastUpdate);
    // A turn looks again at the cells in and around sight, not the 40,000 of the map.
    expect(u.examined).toBeGreaterThan(0);
    expect(u.examined).toBeLessThan(2_000);
    // Walk 40 cells away (every trap known, and avoided): the player never leaves the view.
    const start = (await snapshot(page)).player;
    const map = await mapRows(page);
    const blocked = new Set((await snapshot(page)).knownTraps.map((t) => `${t.x},${t.y}`));
    const steps = route(map, [start.x, start.y], (x, y) => Math.max(Math.abs(x - start.x), Math.abs(y - start.y)) >= 40, blocked);
    expect(steps).not.toBeNull();
    const box = (await page.locator('canvas').boundingBox())!;
    const origins = new Set<string>();
    for (const st of steps!.slice(0, 60)) {
      await walk(page, [st]);
      const p = (await snapshot(page)).player;
      const r = await cellRect(page, p.x, p.y);
      expect(r.x >= box.x && r.y >= box.y && r.x + r.w <= box.x + box.width && r.y + r.h <= box.y + box.height, `player at ${p.x},${p.y} in view`).toBe(true);
      const o = await cellRect(page, 0, 0);
      origins.add(`${o.x},${o.y}`);
    }
    // The view scrolled along the way (it is not pinned to one place).
    expect(origins.size).toBeGreaterThan(1);
    await context.close();
  });
});
