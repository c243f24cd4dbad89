/**
 * The Lab's seed search in the built site (headless Chromium): an expression typed as a designer
 * would, run in the Lab's worker, its levels those a plain count over `map --format json` finds
 * (worked out here, in Node), each a link that starts a game on that level; a bad expression is
 * refused beside the form naming the token. Build first: `npx vite build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import type { Page } from 'playwright-core';
import { main } from '../../src/cli/main.ts';
import type { LevelFacts } from '../../src/core/levelFacts.ts';
import { type OpenedPage, openGame } from './support/browser.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

async function facts(seed: number): Promise<LevelFacts> {
  const out: string[] = [];
  await main(['map', '--ruleset', 'ceaptun', '--seed', String(seed), '--format', 'json'], { out: (t) => out.push(t), err: () => {}, stdin: async () => '' });
  return JSON.parse(out.join('\n')) as LevelFacts;
}

describe("the Lab's seed search", () => {
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    opened = await openGame(site.browser, `${site.server.url}?seed=seedsearch&ruleset=ceaptun&w=60&h=30`);
    page = opened.page;
    await page.click('#tab-lab');
    await page.waitForSelector('details.lab-seeds-panel', { timeout: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await opened?.context.close();
  });

  it('finds the levels a plain count finds, each a link that starts a game on it; a bad expression names its token', async () => {
    await page.click('details.lab-seeds-panel > summary');
    await page.selectOption('select[name=seeds-ruleset]', 'ceaptun');
    await page.fill('input[name=seeds-where]', 'trap.kind = "pit" and trap.corridor');
    await page.fill('input[name=seeds-limit]', '3');
    await page.fill('input[name=seeds-scan]', '60');
    await page.click('button.lab-seeds-run');
    await page.waitForSelector('.lab-seeds-out table', { timeout: 60_000 });
    const rows = await page.$$eval('.lab-seeds-out table tr', (trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
    const expected: string[] = [];
    for (let seed = 1; expected.length < 3 && seed <= 60; seed++) if ((await facts(seed)).traps.some((t) => t.kind === 'pit' && t.corridor)) expected.push(String(seed));
    expect(expected.length).toBe(3);
    expect(rows.map((r) => r[0])).toEqual(expected);
    expect(rows.every((r) => r[5] === 'play this level')).toBe(true);
    expect(await page.textContent('.lab-seeds p.lab-status')).toMatch(/^3 levels found in \d+ looked at\.$/);

    // A bad expression: refused beside the form, naming the token; the old results go.
    await page.fill('input[name=seeds-where]', 'count(trap.kind = ) >= 3');
    await page.click('button.lab-seeds-run');
    await page.waitForFunction(() => /The expression: at column 19: expected a value/.test(document.querySelector('.lab-seeds p.lab-error')?.textContent ?? ''));
    expect(await page.locator('.lab-seeds-out table').count()).toBe(0);

    // The first level found, played: its link starts a game of that seed.
    await page.fill('input[name=seeds-where]', 'trap.kind = "pit" and trap.corridor');
    await page.click('button.lab-seeds-run');
    await page.waitForSelector('.lab-seeds-out a.lab-seed-link', { timeout: 60_000 });
    await Promise.all([page.waitForURL(new RegExp(`seed=${expected[0]}&ruleset=ceaptun`)), page.click('.lab-seeds-out a.lab-seed-link >> nth=0')]);
    await page.waitForSelector('#tab-lab', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('seed')).toBe(expected[0]);
    expect(new URL(page.url()).searchParams.get('w')).toBe('80');
  }, 120_000);
});
