/**
 * The rig menu in the browser shows each rig's exact odds (issue #39 item 12): Cēaptūn's Trapwright
 * rigs read `odds ceaptun rig` at the hero's modifier, set / fails / sets it off, each with its
 * percent and its whole fraction.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { getRuleset, resolveSettings } from '../../src/core/registry.ts';
import { rigModifier } from '../../src/rulesets/ceaptun/stats.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { openGame } from './support/browser.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

describe('the rig menu', () => {
  it('shows the odds of setting, failing and setting off each rig, as `odds ceaptun rig` reads them', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=rig-odds&ruleset=ceaptun&s.monsters=0`);
    await page.keyboard.press('R');
    await page.locator('.rig-menu .dialog').waitFor({ state: 'visible' });
    const rows = await page.locator('.rig-menu li.available').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    const ceaptun = getRuleset('ceaptun');
    const cli = runOdds('ceaptun', 'rig', { modifier: rigModifier(ceaptun.player(resolveSettings(ceaptun)).traits) }).outcomes;
    for (const row of rows) {
      expect(row).toMatch(/ — set \d+% \(\d+\/\d+\), fails \d+% \(\d+\/\d+\), sets it off on you (<1|\d+)% \(\d+\/\d+\)$/);
      expect(row).toContain(`set ${Math.round(100 * cli.rigged!.p)}% (${cli.rigged!.exact})`);
      expect(row).toContain(`fails ${Math.round(100 * cli.failed!.p)}% (${cli.failed!.exact})`);
      expect(row).toContain(`(${cli.sprung!.exact})`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
