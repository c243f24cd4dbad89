/**
 * Offline, as the page promises it: after the first visit (the service worker has cached the
 * files the build lists in precache.json), the browser goes offline and the server goes away, the
 * page reloads, and a Balance Lab simulation and the heat map both run, in the Lab's Web Worker,
 * whose file is known only by the name the bundler gave it. Build first: `npx vite build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launch } from './support/browser.ts';
import { DIST, serveDist } from './support/server.ts';

describe('offline', () => {
  it('the build lists every file it emitted, the Lab’s worker among them', () => {
    const list = JSON.parse(readFileSync(join(DIST, 'precache.json'), 'utf8')) as { files: string[] };
    expect(list.files).toContain('index.html');
    expect(list.files).toContain('favicon.svg');
    // The worker bundle: the file the Lab's code names in `new URL("worker-….js", import.meta.url)`.
    const workers = list.files.filter((f) => /^assets\/worker-[\w-]+\.js$/.test(f));
    expect(workers).toHaveLength(1);
    const labChunks = list.files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(DIST, f), 'utf8'));
    expect(labChunks.some((t) => t.includes(workers[0]!.slice('assets/'.length)))).toBe(true);
    // Neither the service worker nor the host's header file is part of the site it caches.
    expect(list.files).not.toContain('sw.js');
    expect(list.files).not.toContain('_headers');
  });

  it('after the first visit, offline and with the server gone, a reload runs a Lab simulation and the heat map', async () => {
    const own = await serveDist('/trapsmith/');
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      const url = `${own.url}?seed=offline-lab&ruleset=d20&w=40&h=24`;
      await page.goto(url);
      await page.waitForFunction(() => window.__trapsmith?.ready === true, undefined, { timeout: 30_000 });
      await page.waitForFunction(() => window.__trapsmithShare?.offline.status === 'ready', undefined, { timeout: 60_000 });

      await context.setOffline(true);
      await own.close();
      await page.reload();
      await page.waitForFunction(() => window.__trapsmith?.ready === true && window.__trapsmith.rulesets.length === 5, undefined, { timeout: 30_000 });

      // A simulation in the Lab: its worker script comes from the cache.
      await page.click('#tab-lab');
      await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
      await page.fill('input[name=runs]', '5');
      await page.click('button.lab-run');
      await page.waitForFunction(() => /Done: 5 runs|failed/.test(document.querySelector('.lab-status[role=status]')?.textContent ?? ''), undefined, { timeout: 90_000 });
      expect(await page.textContent('.lab-status[role=status]')).toMatch(/^Done: 5 runs/);
      expect(await page.locator('.lab-results table.lab-summary').count()).toBe(1);

      // The heat map on the game's map: the same worker, from the game tab.
      await page.click('#tab-game');
      await page.keyboard.press('H');
      await page.waitForFunction(
        () => Number(document.querySelector('.heat-legend')?.getAttribute('data-runs') ?? 0) >= 10 || /No heat map/.test(document.querySelector('.heat-status')?.textContent ?? ''),
        undefined,
        { timeout: 90_000 },
      );
      expect(await page.textContent('.heat-status')).not.toMatch(/No heat map/);
      expect(Number(await page.getAttribute('.heat-legend', 'data-runs'))).toBeGreaterThanOrEqual(10);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  }, 240_000);
});
