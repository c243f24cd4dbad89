/**
 * The Balance Lab's runs spread over Web Workers (ui/lab/spread.ts) in the built site: the
 * "workers" field starts at the machine's cores (at most 8), and a run on 2 workers shows the very
 * tables one worker shows, the same seeds merged in the same order.
 */
import { describe, expect, it } from 'vitest';
import { openGame } from './support/browser.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

describe('the Lab on several workers', () => {
  it('shows the same results with 1 and 2 workers', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=workers&ruleset=ceaptun&w=40&h=25`);
    await page.click('#tab-lab');
    await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(await page.inputValue('input[name=workers]')).toBe(String(Math.max(1, Math.min(8, cores))));
    await page.fill('input[name=runs]', '60');
    const results = async (workers: string) => {
      await page.fill('input[name=workers]', workers);
      await page.dispatchEvent('input[name=workers]', 'change');
      await page.click('button.lab-run');
      await page.waitForFunction(() => /^Done: 60 runs/.test(document.querySelector('.lab-form .lab-status')?.textContent ?? ''), undefined, { timeout: 120_000 });
      return page.locator('.lab-results-box').textContent();
    };
    const one = await results('1');
    const two = await results('2');
    expect(one).toMatch(/60 of 60 runs/);
    expect(two).toBe(one);
    expect(errors).toEqual([]);
    await context.close();
  }, 200_000);
});
