
import { describe, expect, it } from 'vitest';
import { openGame } from './support/browser.ts';
import { cellRect, routeToTrap, snapshot, walk } from './support/game.ts';
import { viKey } from './support/path.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

describe('trap odds on hover', () => {
  for (const ruleset of ['ceaptun', 'd20', 'cdda'])
  it(`${ruleset}: a known trap under the pointer shows spotting, stepping on it and disarming, read exactly; floor shows nothing`, async () => {
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=hover1&ruleset=${ruleset}&reveal=1&s.monsters=0`);
    const s = await snapshot(page);
    const box = (await page.locator('canvas').boundingBox())!;
    // The nearest known floor trap whose cell is inside the canvas.
    const candidates = [...s.knownTraps].sort(
      (a, b) => Math.max(Math.abs(a.x - s.player.x), Math.abs(a.y - s.player.y)) - Math.max(Math.abs(b.x - s.player.x), Math.abs(b.y - s.player.y)),
    );
    let target: { x: number; y: number } | null = null;
    for (const t of candidates) {
      const r = await cellRect(page, t.x, t.y);
      if (r.x > box.x && r.y > box.y && r.x + r.w < box.x + box.width && r.y + r.h < box.y + box.height) {
        target = { x: r.x + r.w / 2, y: r.y + r.h / 2 };
        break;
      }
    }
    expect(target).not.toBeNull();
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.move(target!.x, target!.y, { steps: 3 });
    const tip = page.locator('.trap-odds-tooltip');
    await tip.waitFor({ state: 'visible', timeout: 10_000 });
    const text = await tip.textContent();
    // Every question read exactly from the rules: nothing sampled.
    expect(text).toMatch(/odds for you, read exactly from the rules/);
    expect(text).not.toMatch(/tries/);
    expect(text).toMatch(/(Stepping on|Opening) it( \(from your \d+ HP\))?: avoided [<>]?\d+%.*, unhurt .*, hurt .*, killed [<>]?\d+%/);
    expect(text).toMatch(/Spotting: [<>]?\d+%.* per search beside it, [<>]?\d+%.* in passing/);
    expect(text).toMatch(/Disarming: (disarmed [<>]?\d+%.*, sets it off [<>]?\d+%|not possible\. )/);
    // The step reading is exact: every percent of it but a sure 0% or 100% has its fraction, or says it is exact (CDDA's run long).
    const stepLine = text!.split('\n').find((l) => /^(Stepping on|Opening) it/.test(l))!;
    const bare = [...stepLine.matchAll(/([<>]?\d+%)(?! \()/g)].map((m) => m[1]).filter((p) => p !== '0%' && p !== '100%');
    expect(bare).toEqual([]);
    // The player's own cell is no trap: the tooltip goes away.
    const me = await cellRect(page, s.player.x, s.player.y);
    await page.mouse.move(me.x + me.w / 2, me.y + me.h / 2, { steps: 2 });
    await tip.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows turns played from the keyboard: a trap gone takes its odds with it; the first look needs no second move', async () => {
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=hover2&ruleset=wasteland&reveal=1&s.monsters=0`);
    const plan = await routeToTrap(page);
    expect(plan).not.toBeNull();
    await walk(page, plan!.steps);
    const { x, y } = plan!.trap;
    const r = await cellRect(page, x, y);
    // One jump onto the trap: the odds load on the pointer's arrival and show without another move.
    await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2);
    const tip = page.locator('.trap-odds-tooltip');
    await tip.waitFor({ state: 'visible', timeout: 10_000 });
    // Onto it (confirmed), then disarm it from there until it is gone; the pointer stays put.
    const there = async () => (await snapshot(page)).knownTraps.some((t) => t.x === x && t.y === y);
    await page.keyboard.press(viKey(plan!.last));
    await page.keyboard.press('y');
    for (let i = 0; i < 6 && (await there()); i++) {
      await page.keyboard.press('.');
      await page.keyboard.press('D');
      await page.keyboard.press('.');
    }
    expect(await there()).toBe(false);
    await tip.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Cēaptūn: the confirm window before a known trap and the disarm prompt say the exact odds', async () => {
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=hover3&ruleset=ceaptun&reveal=1&s.monsters=0`);
    const plan = await routeToTrap(page);
    expect(plan).not.toBeNull();
    await walk(page, plan!.steps);
    // A step onto the known trap asks first, with the odds of the step read exactly.
    await page.keyboard.press(viKey(plan!.last));
    const dialog = page.locator('.dialog[role="alertdialog"]');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await dialog.locator('p').first().textContent()).toMatch(/^Really step onto the .+\?$/);
    // What the reading leaves out follows in a sentence of its own ("Not counted: …").
    expect(await dialog.locator('p.odds').textContent()).toMatch(/^(You avoid it [<>]?\d+%( \(\d+\/\d+\))?; )?(it hurts you [<>]?\d+%.*; )?(it kills you [<>]?\d+%.*|it cannot kill you)(; it leaves you [^.]+)?\.( Not counted: [^.]+\.)?$/i);
    await page.keyboard.press('n');
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    // The disarm prompt names the trap in reach with its odds.
    await page.keyboard.press('D');
    await expect.poll(() => page.locator('body').textContent(), { timeout: 5_000 }).toMatch(/Disarm which way\?.*: disarmed [<>]?\d+%/);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });
});
