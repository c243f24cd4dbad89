/**
 * A phone (390 x 844, touch) plays by taps alone (run `npm run build` first): the shipped corridor
 * of pits, walked to its stairs and down them by tapping the map (a tap beside the hero moves, further away
 * travels) and the touch bar (Explore, Stairs) and the confirm window's buttons; a long press
 * looks. The header wraps inside the screen's width.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextFrames, openGame } from './support/browser.ts';
import { cellRect, snapshot } from './support/game.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();
/** The corridor of pits' stairs (examples/scenarios/pit-corridor.json). */
const STAIRS = { x: 15, y: 3 };

async function tapCell(page: Page, x: number, y: number): Promise<void> {
  const r = await cellRect(page, x, y);
  await page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
  await nextFrames(page);
}

describe('a phone', () => {
  it('walks to the stairs by taps alone, and a long press looks', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?scenario=pit-corridor&seed=tap-e2e`, { width: 390, height: 844, touch: true });
    // Nothing runs off the side of the screen: the header wraps.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const bar = page.locator('.touch-bar');
    expect(await bar.isVisible()).toBe(true);
    // The status line speaks of taps and the bar, not of keys a phone does not have.
    const hint = (await page.locator('.status-line .status-text').textContent()) ?? '';
    expect(hint).toMatch(/^Tap beside you to move/);
    expect(hint).not.toMatch(/hjkl|numpad|\? all keys/);

    // A long press on the stairs looks at them.
    const r = await cellRect(page, STAIRS.x, STAIRS.y);
    await page.evaluate(
      async ([x, y]) => {
        const canvas = document.querySelector('canvas')!;
        const init = { clientX: x, clientY: y, bubbles: true, pointerType: 'touch', isPrimary: true };
        canvas.dispatchEvent(new PointerEvent('pointerdown', init));
        await new Promise((ok) => setTimeout(ok, 600));
        canvas.dispatchEvent(new PointerEvent('pointerup', init));
        canvas.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true }));
      },
      [r.x + r.w / 2, r.y + r.h / 2] as const,
    );
    await expect.poll(async () => (await snapshot(page)).mode).toBe('look');
    await page.locator('.touch-button[data-command=wait]').tap();
    await nextFrames(page);
    // Waiting from the touch bar leaves look mode too (no key needed).
    expect((await snapshot(page)).mode).toBe('play');

    for (let i = 0; i < 80; i++) {
      const s = await snapshot(page);
      if (s.over || s.depth > 1) break;
      const confirm = page.locator('.overlay.confirm button.step');
      if (await confirm.isVisible()) {
        await confirm.tap();
        continue;
      }
      if (s.player.x === STAIRS.x && s.player.y === STAIRS.y) {
        await page.locator('.touch-button[data-command=descend]').tap();
        await nextFrames(page);
        continue;
      }
      // The stairs, if seen (travel); else explore; with a monster in view, one step toward the stairs (a fight if it is in the way).
      await tapCell(page, STAIRS.x, STAIRS.y);
      if ((await snapshot(page)).turn !== s.turn || (await confirm.isVisible())) continue;
      await page.locator('.touch-button[data-command=explore]').tap();
      await nextFrames(page);
      if ((await snapshot(page)).turn !== s.turn || (await confirm.isVisible())) continue;
      await tapCell(page, s.player.x + Math.sign(STAIRS.x - s.player.x), s.player.y + Math.sign(STAIRS.y - s.player.y));
    }
    // Down the stairs: the next level (the scenario's game goes on below it).
    const end = await snapshot(page);
    expect(end.over).toBeNull();
    expect(end.depth).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
