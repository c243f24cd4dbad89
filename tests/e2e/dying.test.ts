/**
 * d20's dying rules in the built page (run `npm run build` first): a hero of 2 hit points steps
 * into a known camouflaged pit; the confirm window's odds name the fall to 0 or below that he
 * lives through; the fall leaves him dying, and one key press later (his unconscious turns pass by
 * themselves, no key asked) the page shows him come to: the HUD's Condition line says "Disabled
 * (−3 hp)" and the log tells the fall, the bleeding and the waking. Seed dying-e2e-19 is one where
 * he lives (found by playing the scenario in Node: the fall to −3, stable at once, conscious).
 */
import { describe, expect, it } from 'vitest';
import { openRecordedGame, shareReady } from './support/browser.ts';
import { snapshot } from './support/game.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

const PIT = {
  format: 'trapsmith-scenario',
  version: 1,
  name: 'Edge of the pit',
  ruleset: 'd20',
  map: ['##########', '##########', '#@......>#', '##########', '##########'],
  traps: [{ kind: 'camo_pit', x: 2, y: 2, known: true }],
  monsters: [],
  player: { hp: 2 },
};

describe('d20 dying rules in the page', () => {
  it('a fall to −3 shows him dying, then disabled, without a key for each unconscious turn', async () => {
    const { page, context, errors } = await openRecordedGame(site.browser, `${site.server.url}?seed=dying-e2e-0&ruleset=d20`);
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    await panel.locator('input[name=seed]').fill('dying-e2e-19');
    await panel.locator('details.scenarios summary').click();
    await panel.locator('input.scenario-file-input').setInputFiles({ name: 'pit.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PIT)) });
    await expect.poll(() => panel.isVisible()).toBe(false);
    await shareReady(page);
    expect((await snapshot(page)).seed).toBe('dying-e2e-19');

    await page.keyboard.press('l');
    const confirm = page.locator('.overlay.confirm .dialog');
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.locator('p.odds').textContent()).toMatch(/drops you to 0 hp or fewer and you live \d+%/);
    await page.keyboard.press('y');
    await expect.poll(() => confirm.isVisible()).toBe(false);

    const hud = page.locator('aside.hud');
    await expect.poll(() => hud.textContent()).toMatch(/Condition\s*Disabled \(\u22123 hp\)/);
    const log = (await page.locator('.log').textContent()) ?? '';
    expect(log).toMatch(/You fall unconscious, dying \(\u2212\d hp\)\./);
    expect(log).toMatch(/You come to, disabled \(\u22123 hp\)/);
    const s = await snapshot(page);
    expect(s.over).toBeFalsy();
    expect(s.player.hp).toBe(-3);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
