/**
 * The Balance Lab in a real browser (Debian Chromium, headless): a run in the Web Worker with
 * its progress bar, the page staying responsive meanwhile, results and charts, Cancel, a variant
 * compared with its original, the exact-vs-simulated table and the assertions.
 */
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let server: ViteDevServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    // Serve the ES modules as they are: no dependency pre-bundling (and no reload when it ends).
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const address = server.httpServer!.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`http://127.0.0.1:${port}/tests/sim/lab-page/index.html?seed=heat-test`);
  await page.waitForFunction(() => (window as unknown as { __labReady?: boolean }).__labReady === true, undefined, { timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function progressValue(): Promise<number> {
  return page.$eval('progress.lab-progress', (p) => (p as HTMLProgressElement).value);
}

describe('the Balance Lab in the browser', () => {
  it('runs games in its worker with a progress bar, the page staying responsive, and shows results', async () => {
    await page.fill('input[name=runs]', '40');
    await page.check('input[name=one-level]');
    // Count animation frames while the games run: a blocked page would count none.
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number };
      w.__frames = 0;
      const tick = () => {
        w.__frames++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.click('button.lab-run');
    await page.waitForFunction(() => (document.querySelector('progress.lab-progress') as HTMLProgressElement).value > 0, undefined, { timeout: 60_000 });
    const framesAtStart = await page.evaluate(() => (window as unknown as { __frames: number }).__frames);
    await page.waitForSelector('.lab-results', { timeout: 120_000 });
    const framesAtEnd = await page.evaluate(() => (window as unknown as { __frames: number }).__frames);
    expect(framesAtEnd - framesAtStart).toBeGreaterThan(5);
    expect(await progressValue()).toBe(40);
    const summary = await page.textContent('table.lab-summary');
    expect(summary).toMatch(/survived/);
    expect(await page.textContent('.lab-status[role=status]')).toMatch(/Done: 40 runs/);
    // Rates with error bars, and the heat map of the one level all runs played.
    expect(await page.locator('svg.lab-chart').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('canvas.lab-heat').count()).toBe(1);
    const lit = await page.$eval('canvas.lab-heat', (c) => {
      const g = (c as HTMLCanvasElement).getContext('2d')!;
      const d = g.getImageData(0, 0, (c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! + d[i + 1]! + d[i + 2]! > 0) n++;
      return n;
    });
    expect(lit).toBeGreaterThan(100);
    // Downloads are offered.
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button.lab-download-csv')]);
    expect(dl.suggestedFilename()).toBe('trapsmith-lab.csv');
  }, 180_000);

  it('cancels a long run at once, keeping the page usable', async () => {
    await page.uncheck('input[name=one-level]');
    await page.fill('input[name=runs]', '100000');
    await page.click('button.lab-run');
    await page.waitForFunction(() => (document.querySelector('progress.lab-progress') as HTMLProgressElement).value > 0, undefined, { timeout: 60_000 });
    expect(await page.isEnabled('button.lab-cancel')).toBe(true);
    await page.click('button.lab-cancel');
    await page.waitForFunction(() => /ancelled/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 10_000 });
    const stopped = await progressValue();
    await page.waitForTimeout(1500);
    expect(await progressValue()).toBe(stopped);
    expect(stopped).toBeLessThan(100000);
    expect(await page.isEnabled('button.lab-run')).toBe(true);
    expect(await page.isEnabled('button.lab-cancel')).toBe(false);
  }, 120_000);

  it('compares a variant with its original on the same seeds', async () => {
    await page.fill('input[name=runs]', '20');
    await page.click('details.lab-variant > summary');
    await page.fill('input[name=variant-name]', 'bt');
    await page.click('button.lab-variant-compare');
    await page.waitForFunction(() => /Done: 20 runs under 2 columns/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 120_000 });
    const text = await page.textContent('.lab-results');
    expect(text).toMatch(/Every column played the same first levels/);
    expect(await page.locator('table.lab-diff').count()).toBe(1);
  }, 150_000);

  it('shows exact-vs-simulated agreement and the assertions, green or red', async () => {
    await page.click('details.lab-verify-panel > summary');
    await page.fill('input[name=verify-runs]', '500');
    await page.click('button.lab-verify');
    await page.waitForSelector('.lab-verify-out table', { timeout: 60_000 });
    expect(await page.textContent('.lab-verify-out')).toMatch(/outcomes agree/);
    await page.click('details.lab-assert-panel > summary');
    await page.fill('input[name=assert-runs]', '3');
    await page.click('button.lab-assert');
    await page.waitForSelector('.lab-assert-out table', { timeout: 120_000 });
    expect(await page.locator('.lab-assert-out .lab-pass').count()).toBeGreaterThan(5);
    expect(errors.join("\n")).toBe("");
  }, 200_000);
});
