/** Headless Debian Chromium through playwright-core, kept off the network. */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // playwright gives every launch a fresh, throw-away profile of its own.
    args: CHROMIUM_ARGS,
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A new page of `context` and the list its console errors and uncaught exceptions go into. */
export async function pageWithErrors(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors };
}

/** Opens a page and waits until the game has drawn its first level and loaded all five rulesets. */
export async function openGame(browser: Browser, url: string, opts: { width?: number; height?: number; dpr?: number; touch?: boolean } = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1200, height: opts.height ?? 760 },
    deviceScaleFactor: opts.dpr ?? 1,
    // A phone: touch events and taps, a coarse pointer.
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const { page, errors } = await pageWithErrors(context);
  await page.goto(url);
  await page.waitForFunction(() => window.__trapsmith?.ready === true && window.__trapsmith.rulesets.length === 5, undefined, { timeout: 30_000 });
  await nextFrames(page);
  return { context, page, errors };
}

/** Waits two animation frames, so what was asked for is on the canvas. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
}

/** Waits until the page's share code (links, saves, replays) is ready: its game is recorded. */
export async function shareReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__trapsmithShare?.ready === true, undefined, { polling: 100, timeout: 60_000 });
}

/** `openGame`, then `shareReady`: a page whose game is being recorded. */
export async function openRecordedGame(browser: Browser, url: string): Promise<OpenedPage> {
  const opened = await openGame(browser, url);
  await shareReady(opened.page);
  return opened;
}

/**
 * Plays a scenario as a player loads one: N, the New game panel's Scenarios, its file input; waits
 * for the panel to close and the game to be recorded.
 */
export async function playScenarioFile(page: Page, scenario: unknown, fileName = 'scenario.json'): Promise<void> {
  await page.keyboard.press('N');
  const panel = page.locator('.new-game-panel');
  await panel.locator('details.scenarios summary').click();
  await panel.locator('input.scenario-file-input').setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  await expect.poll(() => panel.isVisible()).toBe(false);
  await shareReady(page);
}

