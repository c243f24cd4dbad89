/**
 * The Lab's whole-game sweep in the built site, used as a designer would: a range typed into
 * "vary", Run, the progress bar and Done; a chart per metric with its legend, and the table and
 * CSV of `trapsmith sim --vary` for the same runs and seeds (the CLI run here, in this process);
 * two ranges as one curve per value of the second; a bad range refused in words, the results on
 * show kept; Cancel; and on a phone's width every chart inside its box. Build first: `npx vite build`.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { textTableCells } from '../support/textTable.ts';
import { runCli } from '../support/cli.ts';
import { openGame } from './support/browser.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

const formStatus = (page: Page) => page.textContent('.lab-form .lab-status');

async function openLab(width = 1200, height = 760) {
  const opened = await openGame(site.browser, `${site.server.url}?seed=gsweep&ruleset=ceaptun&w=40&h=25`, { width, height });
  await opened.page.click('#tab-lab');
  await opened.page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
  // The game's ruleset is the one ticked: the sweep plays it.
  expect(await opened.page.$$eval('input[name=ruleset]:checked', (els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['ceaptun']);
  return opened;
}

/** Types the range and the runs, presses Run and waits for Done. */
async function sweep(page: Page, vary: string, runs: number, points: number): Promise<void> {
  await page.fill('input[name=runs]', String(runs));
  await page.fill('input[name=vary]', vary);
  await page.click('button.lab-run');
  await page.waitForFunction((n) => new RegExp(`^Done: ${n.runs} runs at each of ${n.points} points`).test(document.querySelector('.lab-form .lab-status')?.textContent ?? ''), { runs, points }, { timeout: 120_000 });
}

/** The sweep's table as shown: header and rows of cell texts. */
const shownTable = (page: Page) =>
  page.$eval('table.lab-game-sweep-table', (t) => ({
    header: [...t.querySelectorAll('thead th')].map((th) => th.textContent ?? ''),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent ?? '')),
  }));

describe('a whole-game sweep in the Lab', () => {
  it('plays the points on the same seeds: charts with legends, the CLI’s table and CSV, a bad range refused, Cancel', async () => {
    const { page, context, errors } = await openLab();
    const vary = 'set.playerHp=4..16:4';
    await sweep(page, vary, 12, 4);
    expect(await page.$eval('progress.lab-progress', (p) => (p as HTMLProgressElement).value)).toBe(48);

    // A chart per default metric, each with its legend naming its curve, the x axis the varied value.
    const charts = await page.$$eval('.lab-game-sweep .lab-band-chart', (els) =>
      els.map((el) => ({ title: el.querySelector('.u-title')?.textContent ?? '', legend: [...el.querySelectorAll('.u-legend .u-series')].map((s) => s.textContent ?? ''), canvas: el.querySelectorAll('canvas').length })),
    );
    expect(charts.map((c) => c.title)).toEqual(['survived by set.playerHp (12 runs a point)', 'killed by a trap by set.playerHp (12 runs a point)', 'hurt by a trap by set.playerHp (12 runs a point)', 'trap damage per run by set.playerHp (12 runs a point)']);
    for (const c of charts) {
      expect(c.canvas).toBe(1);
      expect(c.legend).toHaveLength(2);
      expect(c.legend[0]).toContain('set.playerHp');
    }
    expect(charts[0]!.legend[1]).toContain('survived');
    // The curve is painted: pixels of its colour on the canvas.
    const blue = await page.$eval('.lab-band-chart canvas', (c) => {
      const canvas = c as HTMLCanvasElement;
      const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - 0x4e) < 14 && Math.abs(d[i + 1]! - 0x9a) < 14 && Math.abs(d[i + 2]! - 0xf1) < 14) n++;
      return n;
    });
    expect(blue).toBeGreaterThan(30);
    // Another metric, ticked, is one chart more.
    await page.check('input[name=sweep-metric][value=turns]');
    expect(await page.locator('.lab-game-sweep .lab-band-chart').count()).toBe(5);

    // The table and CSV are the CLI's for the same runs and seeds (first seed 1, bot careful).
    const cliTable = await runCli(['sim', '--ruleset', 'ceaptun', '--vary', vary, '--runs', '12', '--quiet']);
    expect(cliTable.code, cliTable.err).toBe(0);
    const expected = textTableCells(cliTable.out.split('\n\n')[1]!);
    const shown = await shownTable(page);
    expect(shown).toEqual(expected);
    expect(shown.rows.map((r) => r[0])).toEqual(['4', '8', '12', '16']);
    const cliCsv = await runCli(['sim', '--ruleset', 'ceaptun', '--vary', vary, '--runs', '12', '--quiet', '--format', 'csv']);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('.lab-game-sweep button.lab-download-csv')]);
    expect(readFileSync((await dl.path())!, 'utf8')).toBe(cliCsv.out);

    // A bad range: said at once in the parser's words, nothing started, the results on show kept.
    for (const [bad, says] of [
      ['traps.fireball.difficulty=10..24:0', /^Sweep refused: traps\.fireball\.difficulty=10\.\.24:0: difficulty: the step must not be 0/],
      ['fireball.difficulty=1..3', /^Sweep refused: .*expected traps\.KIND\.COLUMN=from\.\.to\[:step\] or set\.NAME=from\.\.to\[:step\]/],
      ['set.playerHp=1..100', /at most 60 points/],
    ] as const) {
      await page.fill('input[name=vary]', bad);
      await page.click('button.lab-run');
      expect(await formStatus(page)).toMatch(says);
      expect(await page.getAttribute('.lab-form .lab-status', 'class')).toContain('lab-error');
      expect(await page.isDisabled('button.lab-cancel')).toBe(true);
      expect(await shownTable(page)).toEqual(expected);
    }
    // The page speaks of fields, not flags.
    expect(await formStatus(page)).not.toMatch(/--vary/);

    // Two ranges: one curve per value of the second, every point in the table.
    await sweep(page, 'set.playerHp=4..12:4 traps.fireball.difficulty=10..24:14', 4, 6);
    const legend = await page.$$eval('.lab-game-sweep .lab-band-chart:first-of-type .u-legend .u-series', (els) => els.map((e) => e.textContent ?? ''));
    expect(legend).toHaveLength(3);
    expect(legend[1]).toContain('traps.fireball.difficulty = 10');
    expect(legend[2]).toContain('traps.fireball.difficulty = 24');
    expect((await shownTable(page)).rows.map((r) => r.slice(0, 2))).toEqual([
      ['4', '10'],
      ['4', '24'],
      ['8', '10'],
      ['8', '24'],
      ['12', '10'],
      ['12', '24'],
    ]);

    // Cancel: the sweep stops, the form is free again.
    await page.fill('input[name=runs]', '5000');
    await page.fill('input[name=vary]', vary);
    await page.click('button.lab-run');
    await page.waitForFunction(() => (document.querySelector('progress.lab-progress') as HTMLProgressElement).value > 0, undefined, { timeout: 60_000 });
    await page.click('button.lab-cancel');
    await page.waitForFunction(() => /cancel/i.test(document.querySelector('.lab-form .lab-status')?.textContent ?? ''), undefined, { timeout: 30_000 });
    expect(await page.isDisabled('button.lab-run')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('on a phone (390×844) every chart and its legend fit inside the results, only the table box scrolls sideways', async () => {
    const { page, context, errors } = await openLab(390, 844);
    await sweep(page, 'set.playerHp=4..12:4 traps.fireball.difficulty=10..24:14', 3, 6);
    const fit = await page.evaluate(() => {
      const box = (el: Element) => el.getBoundingClientRect();
      const panel = document.querySelector('.lab-game-sweep')!;
      return {
        viewport: document.documentElement.clientWidth,
        // Past the page's right edge, but for what a sideways-scrolling table box holds.
        wide: [...panel.querySelectorAll('*')].filter((e) => !e.closest('.lab-scroll') && box(e).right > document.documentElement.clientWidth + 1).map((e) => `${e.tagName}.${e.className}`),
        tableBox: getComputedStyle(panel.querySelector('.lab-scroll:has(> table.lab-game-sweep-table)')!).overflowX,
        panel: { right: box(panel).right, overflows: panel.scrollWidth > panel.clientWidth },
        charts: [...panel.querySelectorAll('.lab-band-chart')].map((c) => ({ chart: box(c).toJSON(), legend: box(c.querySelector('.u-legend')!).toJSON(), canvas: box(c.querySelector('canvas')!).toJSON() })),
      };
    });
    expect(fit.charts).toHaveLength(4);
    expect(fit.wide).toEqual([]);
    expect(fit.tableBox).toBe('auto');
    expect(fit.panel.overflows, JSON.stringify(fit)).toBe(false);
    expect(fit.panel.right).toBeLessThanOrEqual(fit.viewport);
    type Box = { left: number; right: number; top: number; bottom: number };
    const inside = (inner: Box, outer: Box) => inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    for (const c of fit.charts) {
      expect(inside(c.legend, c.chart), JSON.stringify(c)).toBe(true);
      expect(inside(c.canvas, c.chart), JSON.stringify(c)).toBe(true);
      expect(c.chart.right).toBeLessThanOrEqual(fit.viewport);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 200_000);
});
