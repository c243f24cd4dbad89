// The New game panel's Settings section in the built page: choose omega, pick an environment and
// change a number; the link carries exactly the changes and the HUD shows the place and its D.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { environmentById } from '../../src/rulesets/omega/environments.ts';
import { openGame } from './support/browser.ts';
import { snapshot } from './support/game.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

/** The HUD's stats as label -> value (the ruleset's own lines). */
function hudStats(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const dt of document.querySelectorAll('.hud dl.stats dt')) out[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
    return out;
  });
}

describe('the New game panel\'s settings', () => {
  it('omega: the environment and a number chosen in the panel reach the link and the HUD', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=first&ruleset=cdda`);
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    const settings = panel.locator('details.settings');
    // Collapsed at first, so the panel stays small; it shows cdda's settings, then the core's.
    await expect(settings.getAttribute('open')).resolves.toBeNull();
    await expect(settings.getAttribute('data-ruleset')).resolves.toBe('cdda');
    await expect(panel.locator('[name="s.environment"]').count()).resolves.toBe(0);

    await panel.locator('input[name=seed]').fill('env-1');
    await panel.locator('select[name=ruleset]').selectOption('omega');
    await expect(settings.getAttribute('data-ruleset')).resolves.toBe('omega');
    await settings.locator('summary').click();
    const environment = panel.locator('select[name="s.environment"]');
    await expect(environment.isVisible()).resolves.toBe(true);
    // The default is filled in, and the description is shown with it.
    await expect(environment.inputValue()).resolves.toBe('caves');
    await expect(panel.locator('input[name="s.lightRadius"]').inputValue()).resolves.toBe('9');
    await expect(panel.locator('.setting:has(select[name="s.environment"]) .hint').textContent()).resolves.toMatch(/location difficulty D/);
    const options = await environment.locator('option').allTextContents();
    expect(options).toContain('castle');
    await environment.selectOption('castle');
    await panel.locator('input[name="s.lightRadius"]').fill('12');
    await expect(settings.locator('summary').textContent()).resolves.toBe('Settings (2 changed)');
    await panel.locator('button.start').click();
    await expect(panel.isVisible()).resolves.toBe(false);

    const s = await snapshot(page);
    expect(s.ruleset).toBe('omega');
    expect(s.seed).toBe('env-1');
    // Only the two changes are in the link.
    const url = new URL(page.url());
    const changed = [...url.searchParams].filter(([k]) => k.startsWith('s.'));
    expect(changed).toEqual([
      ['s.environment', 'castle'],
      ['s.lightRadius', '12'],
    ]);
    // The HUD names the place and its D as environments.ts has it for depth 1.
    const castle = environmentById('castle');
    const stats = await hudStats(page);
    expect(stats['Omega location']).toBe(`${castle.name}, level 1`);
    expect(stats['Difficulty D']).toBe(String(castle.difficulty(1)));
    // The panel opened again shows the game's changed settings (open, since some differ).
    await page.keyboard.press('N');
    await expect(settings.getAttribute('open')).resolves.toBe('');
    await expect(panel.locator('select[name="s.environment"]').inputValue()).resolves.toBe('castle');
    await expect(panel.locator('input[name="s.lightRadius"]').inputValue()).resolves.toBe('12');
    // Another ruleset keeps the shared, changed light radius and has no environment.
    await panel.locator('select[name=ruleset]').selectOption('cdda');
    await expect(panel.locator('input[name="s.lightRadius"]').inputValue()).resolves.toBe('12');
    await expect(panel.locator('[name="s.environment"]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a bad number shows the link\'s message and keeps the current game', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=keep-env&ruleset=omega&s.environment=village`);
    const before = page.url();
    await page.locator('.new-button').click();
    const panel = page.locator('.new-game-panel');
    // The game has a changed setting, so the section opens by itself with it filled in.
    await expect(panel.locator('details.settings').getAttribute('open')).resolves.toBe('');
    await expect(panel.locator('select[name="s.environment"]').inputValue()).resolves.toBe('village');
    await panel.locator('select[name="s.environment"]').selectOption('volcano');
    await panel.locator('input[name="s.lightRadius"]').fill('0');
    await panel.locator('button.start').click();
    await expect(panel.locator('.errors').textContent()).resolves.toBe('Setting "lightRadius": 0 is below the minimum 1.');
    await expect(panel.locator('input[name="s.lightRadius"]').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(panel.isVisible()).resolves.toBe(true);
    // Nothing started: same game, same link, same place.
    expect((await snapshot(page)).seed).toBe('keep-env');
    expect(page.url()).toBe(before);
    expect((await hudStats(page))['Omega location']).toBe(environmentById('village').name);
    expect((await hudStats(page))['Difficulty D']).toBe('1');
    await page.keyboard.press('Escape');
    await expect(panel.isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
