/**
 * The Balance Lab on a phone (390×844) in the built site: every panel run as a designer would,
 * with defaults kept small enough to finish quickly, and after each the page still fits the
 * screen: nothing sideways (neither the page nor the Lab's own scrolling pane), every table no
 * wider than its panel (a wider one scrolls inside its box), every chart's canvas inside its
 * panel, and every chart's legend on screen. Also a chart drawn on a wide window follows the
 * window down to a phone's width and back up. Build first: `npm run build` (or point
 * TRAPSMITH_DIST at another build).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, nextFrames, openGame } from './support/browser.ts';
import { serveDist, type StaticServer } from './support/server.ts';

const PHONE = { width: 390, height: 844 } as const;
const RUNS = 20;

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  // TRAPSMITH_DIST: serve another build (for trying a build without touching dist/).
  server = await serveDist('/trapsmith/', process.env.TRAPSMITH_DIST);
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * What does not fit, in words (empty when everything does), for the panel `selector` names. The
 * Lab's pane (`.lab-pane`) scrolls by itself, so a Lab too wide for the screen shows there and
 * not in the document's width: both are measured.
 */
function misfits(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const name = (e: Element) => `${e.tagName.toLowerCase()}${[...e.classList].map((c) => `.${c}`).join('')}${e.getAttribute('name') ? `[name=${e.getAttribute('name')}]` : ''}`;
    const px = (n: number) => Math.round(n);
    const doc = document.documentElement;
    if (doc.scrollWidth > vw + 1) problems.push(`the page is ${doc.scrollWidth}px wide in a ${vw}px window`);
    const pane = document.querySelector('.lab-pane');
    if (pane && pane.scrollWidth > pane.clientWidth + 1) problems.push(`the Lab's pane scrolls sideways: ${pane.scrollWidth}px of content in ${pane.clientWidth}px`);
    const panel = document.querySelector(sel);
    if (!panel) return [`no ${sel}`];
    const p = panel.getBoundingClientRect();
    const within = (r: DOMRect, outer: DOMRect) => r.left >= outer.left - 1 && r.right <= outer.right + 1;

    // Past the panel's right edge, but for what a sideways-scrolling table box holds (the
    // outermost element only: its children go with it).
    const past = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.right > p.right + 1;
    };
    for (const e of panel.querySelectorAll('*')) {
      if (e.parentElement?.closest('.lab-scroll')) continue;
      if (past(e) && !(e.parentElement && e.parentElement !== panel && past(e.parentElement))) {
        problems.push(`${name(e)} ends at ${px(e.getBoundingClientRect().right)}px, past its panel's right edge at ${px(p.right)}px`);
      }
    }

    for (const t of panel.querySelectorAll('table')) {
      const box = t.closest('.lab-scroll') ?? t;
      const b = box.getBoundingClientRect();
      if (b.width > panel.clientWidth + 1 || !within(b, p)) problems.push(`${name(t)}: its box is ${px(b.width)}px wide (${px(b.left)}..${px(b.right)}) in a panel of ${panel.clientWidth}px (${px(p.left)}..${px(p.right)})`);
      const tableWidth = t.getBoundingClientRect().width;
      if (tableWidth > box.clientWidth + 1) {
        const overflowX = getComputedStyle(box).overflowX;
        if (box === t || !['auto', 'scroll'].includes(overflowX) || !(box.scrollWidth > box.clientWidth)) {
          problems.push(`${name(t)} is ${px(tableWidth)}px wide in a box of ${box.clientWidth}px that does not scroll (overflow-x ${overflowX})`);
        }
      }
    }

    for (const c of panel.querySelectorAll('canvas, svg')) {
      const r = c.getBoundingClientRect();
      if (!within(r, p)) problems.push(`${name(c)} spans ${px(r.left)}..${px(r.right)}px, outside its panel (${px(p.left)}..${px(p.right)})`);
      const chart = c.closest('.lab-chart');
      if (chart && !within(r, chart.getBoundingClientRect())) problems.push(`${name(c)} spans ${px(r.left)}..${px(r.right)}px, outside its chart's box`);
    }

    for (const chart of panel.querySelectorAll('.lab-chart')) {
      const title = chart.getAttribute('aria-label') ?? name(chart);
      const legend = chart.querySelector('.u-legend');
      if (!legend) {
        problems.push(`“${title}” has no legend`);
        continue;
      }
      const l = legend.getBoundingClientRect();
      const style = getComputedStyle(legend);
      const cb = chart.getBoundingClientRect();
      if (l.width === 0 || l.height === 0 || style.display === 'none' || style.visibility !== 'visible') problems.push(`“${title}”: its legend is not shown (${px(l.width)}×${px(l.height)}, display ${style.display})`);
      if (l.left < 0 || l.right > vw + 1) problems.push(`“${title}”: its legend spans ${px(l.left)}..${px(l.right)}px in a ${vw}px window`);
      if (!within(l, cb)) problems.push(`“${title}”: its legend spans ${px(l.left)}..${px(l.right)}px, outside its chart (${px(cb.left)}..${px(cb.right)})`);
      for (const s of legend.querySelectorAll('.u-series')) {
        const r = s.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || !within(r, cb)) problems.push(`“${title}”: the legend's “${s.textContent}” spans ${px(r.left)}..${px(r.right)}px (${px(r.width)}×${px(r.height)}), not inside its chart`);
      }
    }
    return problems;
  }, selector);
}

const chartCount = (page: Page, selector: string) => page.locator(`${selector} .lab-chart`).count();
const formStatus = (page: Page) => page.textContent('.lab-form .lab-status');

async function openLab(width: number, height: number) {
  const opened = await openGame(browser, `${server.url}?seed=labphone&ruleset=d20&w=40&h=24`, { width, height });
  await opened.page.click('#tab-lab');
  await opened.page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
  await opened.page.fill('input[name=runs]', String(RUNS));
  return opened;
}

/** Presses `button` and waits until the Lab's form says `done`. */
async function runUntil(page: Page, button: string, done: RegExp, timeout = 120_000): Promise<void> {
  await page.click(button);
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('.lab-form .lab-status')?.textContent ?? ''), done.source, { timeout });
  await nextFrames(page);
}

describe('the Lab on a phone (390×844)', () => {
  it('every panel, run with its defaults, fits the screen: tables scroll in their box, charts and legends inside', async () => {
    const { page, context, errors } = await openLab(PHONE.width, PHONE.height);
    expect(await misfits(page, '.lab'), 'the Lab as it opens').toEqual([]);

    // The run: the game's ruleset, its default bot, depth and levels.
    await runUntil(page, 'button.lab-run', new RegExp(`^Done: ${RUNS} runs\\.$`));
    expect(await chartCount(page, '.lab-results-box')).toBeGreaterThanOrEqual(1);
    expect(await misfits(page, '.lab-results-box'), 'the run’s results').toEqual([]);

    // A whole-game sweep: four points of a pit's search DC.
    await page.fill('input[name=runs]', '6');
    await page.fill('input[name=vary]', 'traps.pit.search=15..30:5');
    await runUntil(page, 'button.lab-run', /^Done: 6 runs at each of 4 points/);
    // A chart per default metric: survived, killed by a trap, hurt by a trap, trap damage.
    expect(await chartCount(page, '.lab-results-box')).toBe(4);
    expect(await misfits(page, '.lab-results-box'), 'the whole-game sweep’s results').toEqual([]);
    await page.fill('input[name=vary]', '');
    await page.fill('input[name=runs]', String(RUNS));

    // The variant: its trap table as it opens, then one cell changed and compared.
    await page.click('details.lab-variant > summary');
    expect(await misfits(page, 'details.lab-variant'), 'the variant editor').toEqual([]);
    await page.fill('input[name=cell-pit-search]', '25');
    await runUntil(page, 'button.lab-variant-compare', new RegExp(`^Done: ${RUNS} runs under 2 columns\\.$`));
    expect(await page.locator('.lab-results-box .lab-rate-chart .u-legend .u-series').count()).toBe(3);
    expect(await misfits(page, '.lab-results-box'), 'the variant’s comparison').toEqual([]);
    await page.click('details.lab-variant > summary');

    // The trap editor: its form, JSON and exact odds, then Simulate in the Lab.
    await page.click('details.lab-trap-editor > summary');
    await page.waitForSelector('.lab-trap-odds table', { timeout: 30_000 });
    expect(await misfits(page, 'details.lab-trap-editor'), 'the trap editor').toEqual([]);
    await runUntil(page, 'button.lab-trap-simulate', new RegExp(`^Done: ${RUNS} runs under 2 columns\\.$`));
    expect(await misfits(page, '.lab-results-box'), 'the trap file’s simulation').toEqual([]);
    await page.click('details.lab-trap-editor > summary');

    // The exact-odds sweep.
    await page.click('details.lab-sweep > summary');
    await page.click('button.lab-sweep-run');
    await page.waitForFunction(() => /cells read exactly/.test(document.querySelector('.lab-sweep .lab-status[role=status]')?.textContent ?? ''), undefined, { timeout: 60_000 });
    await nextFrames(page);
    expect(await chartCount(page, 'details.lab-sweep')).toBe(1);
    expect(await misfits(page, 'details.lab-sweep'), 'the sweep').toEqual([]);

    // The seed search.
    await page.click('details.lab-seeds-panel > summary');
    await page.click('button.lab-seeds-run');
    await page.waitForSelector('.lab-seeds-out table', { timeout: 60_000 });
    expect(await misfits(page, 'details.lab-seeds-panel'), 'the seed search').toEqual([]);

    // Exact vs simulated (fewer samples than the default, the same table).
    await page.click('details.lab-verify-panel > summary');
    await page.fill('input[name=verify-runs]', '500');
    await page.click('button.lab-verify');
    await page.waitForSelector('.lab-verify-out table', { timeout: 120_000 });
    expect(await misfits(page, 'details.lab-verify-panel'), 'exact vs simulated').toEqual([]);

    // The balance assertions (the default file, few games each).
    await page.click('details.lab-assert-panel > summary');
    await page.fill('input[name=assert-runs]', '3');
    await page.click('button.lab-assert');
    await page.waitForSelector('.lab-assert-out table', { timeout: 200_000 });
    expect(await misfits(page, 'details.lab-assert-panel'), 'the assertions').toEqual([]);

    expect(await misfits(page, '.lab'), 'the whole Lab at the end').toEqual([]);
    expect(await formStatus(page)).not.toMatch(/failed/);
    expect(errors).toEqual([]);
    await context.close();
  }, 400_000);

  it('charts drawn on a wide window follow it down to a phone’s width and back', async () => {
    const { page, context, errors } = await openLab(1280, 800);
    await runUntil(page, 'button.lab-run', new RegExp(`^Done: ${RUNS} runs\\.$`));
    const widths = () => page.$$eval('.lab-results-box .lab-chart canvas', (cs) => cs.map((c) => Math.round(c.getBoundingClientRect().width)));
    const wide = await widths();
    expect(wide.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...wide)).toBeGreaterThan(PHONE.width);
    expect(await misfits(page, '.lab-results-box'), 'on the wide window').toEqual([]);

    await page.setViewportSize(PHONE);
    // The charts are redrawn on the next frames after their box changes size.
    await page.waitForFunction((w) => [...document.querySelectorAll('.lab-results-box .lab-chart canvas')].every((c) => c.getBoundingClientRect().width < w), PHONE.width, { timeout: 5_000 }).catch(() => undefined);
    expect(await misfits(page, '.lab-results-box'), 'narrowed to a phone').toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction((w) => [...document.querySelectorAll('.lab-results-box .lab-chart canvas')].every((c) => c.getBoundingClientRect().width > w), PHONE.width, { timeout: 5_000 }).catch(() => undefined);
    // Back to the width each chart asked for, not stuck at the phone's.
    expect(await widths()).toEqual(wide);
    expect(errors).toEqual([]);
    await context.close();
  }, 200_000);
});
