/**
 * The Balance Lab in the built site (headless Debian Chromium, dist/ served under a sub-path):
 * runs in the Web Worker with progress and Cancel while the page stays responsive; uPlot charts
 * (bars with error bars) and the heat map of the level the player is on; a variant compared with
 * its original; 2-D sweeps as a grid and curves; exact-vs-simulated agreement; assertions from
 * the default file and from a designer's file, green and red; and the heat map as a toggle (H) on
 * the game's own map. Build first: `npx vite build`.
 */
import { readFileSync } from 'node:fs';
import '../../src/rulesets/index.ts';
import { newGame } from '../../src/core/engine.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextFrames, type OpenedPage, openGame } from './support/browser.ts';
import { cellRect, mapRows, pixels, snapshot } from './support/game.ts';
import type { Image } from './support/png.ts';
import { builtSite } from './support/site.ts';
import { bruteDisarm } from '../support/ceaptunBrute.ts';
import { designerAssertions } from '../support/designerAssertions.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

const site = builtSite();

const statusText = (page: Page) => page.textContent('.lab-status[role=status]');
const progressValue = (page: Page) => page.$eval('progress.lab-progress', (p) => (p as HTMLProgressElement).value);

/** Counts animation frames from now on: a page blocked by the games would count none. */
async function countFrames(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number };
    w.__frames = 0;
    const tick = () => {
      w.__frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => (window as unknown as { __frames: number }).__frames);
}

/** Pixels of a canvas close to an RGB colour (each channel within `tol`). */
async function canvasPixelsNear(page: Page, selector: string, rgb: [number, number, number], tol = 12): Promise<number> {
  return page.$eval(
    selector,
    (c, [r, g, b, t]) => {
      const canvas = c as HTMLCanvasElement;
      const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - r!) <= t! && Math.abs(d[i + 1]! - g!) <= t! && Math.abs(d[i + 2]! - b!) <= t! && d[i + 3]! > 200) n++;
      return n;
    },
    [...rgb, tol],
  );
}


describe('the Balance Lab tab', () => {
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    opened = await openGame(site.browser, `${site.server.url}?seed=labtest&ruleset=d20&w=60&h=30`);
    page = opened.page;
    await page.click('#tab-lab');
    await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await opened?.context.close();
  });

  it('runs games on the level the player is on in its worker, with progress, the page responsive, uPlot charts and a heat map', async () => {
    const game = await snapshot(page);
    // The heat-map option defaults to the game's own level, and says which.
    expect(await page.inputValue('select[name=level-from]')).toBe('live');
    expect(await page.textContent('.lab-live-level')).toContain(`seed labtest, depth 1, 60×30 rooms, d20`);
    expect(await page.isChecked('input[name=ruleset][value=d20]')).toBe(true);
    expect(await page.isChecked('input[name=ruleset][value=cdda]')).toBe(false);
    await page.fill('input[name=runs]', '40');
    await page.check('input[name=one-level]');
    const frames = await countFrames(page);
    await page.click('button.lab-run');
    await page.waitForFunction(() => (document.querySelector('progress.lab-progress') as HTMLProgressElement).value > 0, undefined, { timeout: 60_000 });
    const atStart = await frames();
    await page.waitForSelector('.lab-results', { timeout: 120_000 });
    expect((await frames()) - atStart).toBeGreaterThan(5);
    expect(await progressValue(page)).toBe(40);
    expect(await statusText(page)).toMatch(/Done: 40 runs/);
    expect(await page.textContent('table.lab-summary')).toMatch(/survived/);

    // Charts by uPlot, its stylesheet loaded as a file (no <style> element), labels as text.
    expect(await page.locator('.lab-rate-chart .uplot canvas').count()).toBe(1);
    expect(await page.$eval('.lab-rate-chart .u-over', (el) => getComputedStyle(el).position)).toBe('absolute');
    expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0);
    expect(await page.evaluate(() => [...document.querySelectorAll('link[rel=stylesheet]')].some((l) => /lab-[^/]*\.css$/.test((l as HTMLLinkElement).href)))).toBe(true);
    expect(await page.textContent('.lab-rate-chart .u-title')).toMatch(/95% Wilson intervals/);
    expect(await page.textContent('.lab-rate-chart .u-legend')).toContain('d20');
    // On this level the careful bot steps on a poison dart trap in every run: a full bar (first
    // palette colour) and its light error bar are painted on the canvas by the draw hook.
    await page.selectOption('select[name=metric]', 'stepTrigger');
    await nextFrames(page);
    expect(await canvasPixelsNear(page, '.lab-rate-chart canvas', [0x4e, 0x9a, 0xf1])).toBeGreaterThan(50);
    expect(await canvasPixelsNear(page, '.lab-rate-chart canvas', [0xee, 0xee, 0xee], 20)).toBeGreaterThan(5);
    // Darts and arrows hurt here: a damage histogram, drawn by uPlot's bar paths.
    expect(await page.locator('select[name=damage-of] option').count()).toBeGreaterThan(0);
    expect(await page.locator('.lab-histogram .uplot canvas').count()).toBe(1);
    expect(await canvasPixelsNear(page, '.lab-histogram canvas', [0x4e, 0x9a, 0xf1])).toBeGreaterThan(20);

    // The heat map is of the game's level: its heading names it, its stairs are the game's.
    expect(await page.textContent('.lab-results')).toContain('Heat map of the level the player is on (seed labtest, depth 1, 60×30 rooms, d20)');
    const rows = await mapRows(page);
    const up = rows.findIndex((r) => r.includes('<'));
    expect(await page.textContent('.lab-results')).toContain(`Stairs up at ${rows[up]!.indexOf('<')},${up}`);
    expect(game.depth).toBe(1);
    const lit = await page.$eval('canvas.lab-heat', (c) => {
      const canvas = c as HTMLCanvasElement;
      const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! + d[i + 1]! + d[i + 2]! > 0) n++;
      return n;
    });
    expect(lit).toBeGreaterThan(100);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button.lab-download-csv')]);
    expect(dl.suggestedFilename()).toBe('trapsmith-lab.csv');
  }, 180_000);

  it('cancels a long run at once, keeping the page usable', async () => {
    await page.uncheck('input[name=one-level]');
    await page.fill('input[name=runs]', '100000');
    await page.click('button.lab-run');
    // Well past the first chunk of runs (CHUNK_SIZE, 10), so there are results so far to show: the
    // runs spread over the workers (one chunk each at a time), merged from the first seed on.
    await page.waitForFunction(() => (document.querySelector('progress.lab-progress') as HTMLProgressElement).value > 40, undefined, { timeout: 60_000 });
    expect(await page.isEnabled('button.lab-cancel')).toBe(true);
    await page.click('button.lab-cancel');
    await page.waitForFunction(() => /ancelled/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 10_000 });
    const stopped = await progressValue(page);
    await page.waitForTimeout(1500);
    expect(await progressValue(page)).toBe(stopped);
    expect(stopped).toBeLessThan(100000);
    expect(await page.isEnabled('button.lab-run')).toBe(true);
    expect(await page.isEnabled('button.lab-cancel')).toBe(false);
    // The runs so far are shown, and their files say they were cut short.
    await page.waitForSelector('button.lab-download-json', { timeout: 10_000 });
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button.lab-download-json')]);
    expect(dl.suggestedFilename()).toBe('trapsmith-lab-cancelled.json');
    const saved = JSON.parse(readFileSync((await dl.path())!, 'utf8')) as { cancelled?: boolean; runsPlanned?: number };
    expect(saved).toMatchObject({ cancelled: true, runsPlanned: 100000 });
  }, 120_000);

  it('names each control by its label alone (not a select’s options, not the hint under it)', async () => {
    // The variant's, the trap editor's, the sweep's and the seed search's base ruleset are lists
    // named "ruleset" (in folded sections). A label wrapping a list also holds the list's options
    // as text: "ruleset" would not be it.
    expect(await page.getByLabel('ruleset', { exact: true }).count()).toBe(4);
    expect(await page.getByLabel('bot', { exact: true }).count()).toBe(1);
    // And the one called "wasteland" is the checkbox, not every list that offers wasteland.
    expect(await page.getByLabel('wasteland').count()).toBe(1);
  });

  it('compares a variant with its original on the same seeds', async () => {
    await page.fill('input[name=runs]', '20');
    await page.click('details.lab-variant > summary');
    // The game plays d20: so does the variant form, to begin with.
    expect(await page.inputValue('select[name=variant-ruleset]')).toBe('d20');
    await page.selectOption('select[name=variant-ruleset]', 'ceaptun');
    await page.fill('input[name=variant-name]', 'bt');
    // Nothing changed: the same rules twice would only measure the dice, so Compare waits, saying why.
    expect(await page.isDisabled('button.lab-variant-compare')).toBe(true);
    expect(await page.textContent('details.lab-variant .lab-status')).toMatch(/^Change a setting or a table cell to compare/);
    // Every bad cell is named, each by its path, not only the first.
    await page.fill('input[name=cell-arrow-difficulty]', 'hard');
    await page.fill('input[name=cell-spear-difficulty]', '1.5');
    await page.click('button.lab-variant-compare');
    await page.waitForSelector('.lab-variant-problems li');
    const problems = await page.$$eval('.lab-variant-problems li', (lis) => lis.map((li) => li.textContent ?? ''));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^variant: traps\.arrow\.difficulty: expected a number like \d+, got "hard"$/);
    expect(problems[1]).toMatch(/^variant: traps\.spear\.difficulty: expected a whole number like \d+, got 1\.5$/);
    const spear = await page.$eval('input[name=cell-spear-difficulty]', (i) => (i as HTMLInputElement).defaultValue);
    await page.fill('input[name=cell-spear-difficulty]', spear);
    await page.fill('input[name=cell-arrow-difficulty]', '20');
    await page.click('button.lab-variant-compare');
    await page.waitForFunction(() => /Done: 20 runs under 2 columns/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 120_000 });
    expect(await page.textContent('.lab-results')).toMatch(/Every column played the same first levels/);
    expect(await page.locator('table.lab-diff:not(.lab-kind-diff)').count()).toBe(1);
    // Each difference has its verdict, and per trap the clear ones are said in words.
    expect(await page.$$eval('table.lab-diff:not(.lab-kind-diff) tr', (trs) => trs.slice(1).map((tr) => tr.lastElementChild?.textContent ?? ''))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(differs|no clear difference|—)$/)]),
    );
    expect(await page.textContent('.lab-kind-verdict')).toMatch(/^Per trap(, clearly different|: no rate differs clearly)/);
    expect(await page.locator('table.lab-kind-diff tr').first().textContent()).toMatch(/^trap/);
    // Two columns: two series in the rate chart's legend.
    expect(await page.locator('.lab-rate-chart .u-legend .u-series').count()).toBe(3);
  }, 150_000);

  it('sweeps two inputs: a grid table and one curve per value of the second', async () => {
    await page.click('details.lab-sweep > summary');
    await page.selectOption('select[name=sweep-ruleset]', 'ceaptun');
    await page.selectOption('select[name=sweep-check]', 'disarm');
    await page.selectOption('select[name=sweep-vary]', 'difficulty');
    await page.fill('input[name=sweep-from]', '12');
    await page.fill('input[name=sweep-to]', '21');
    await page.fill('input[name=sweep-step]', '3');
    await page.selectOption('select[name=sweep-vary2]', 'modifier');
    await page.fill('input[name=sweep-from2]', '0');
    await page.fill('input[name=sweep-to2]', '8');
    await page.fill('input[name=sweep-step2]', '4');
    // The varied inputs' own fields are greyed out.
    expect(await page.isDisabled('input[name=sweep-modifier]')).toBe(true);
    expect(await page.isDisabled('input[name=sweep-difficulty]')).toBe(true);
    await page.click('button.lab-sweep-run');
    await page.waitForSelector('table.lab-sweep-grid', { timeout: 60_000 });
    const grid = () =>
      page.$$eval('table.lab-sweep-grid tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
    let t = await grid();
    expect(t[0]).toEqual(['difficulty \\ modifier', '0', '4', '8']);
    const pct = (p: number) => `${(100 * p).toFixed(2)}%`;
    const ds = [12, 15, 18, 21];
    const ms = [0, 4, 8];
    ds.forEach((d, i) => {
      expect(t[i + 1]).toEqual([String(d), ...ms.map((m) => pct(bruteDisarm(d, m).disarmed))]);
    });
    // Curves: one per modifier, in the legend beside the x series.
    const legend = await page.$$eval('.lab-sweep-out .lab-line-chart .u-legend .u-series .u-label', (els) => els.map((e) => e.textContent ?? ''));
    expect(legend).toEqual(['difficulty', 'modifier = 0', 'modifier = 4', 'modifier = 8']);
    expect(await page.locator('.lab-sweep-out .lab-line-chart canvas').count()).toBe(1);
    // Another outcome: the table follows.
    await page.selectOption('select[name=sweep-measure]', 'set_off');
    t = await grid();
    expect(t[4]).toEqual(['21', ...ms.map((m) => pct(bruteDisarm(21, m).set_off))]);
    expect(await page.textContent('.lab-sweep-out .u-title')).toMatch(/P\(set_off\) by difficulty and modifier/);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('button.lab-sweep-csv')]);
    expect(dl.suggestedFilename()).toBe('trapsmith-sweep-ceaptun-disarm.csv');
    // A step of 0 is refused beside the form at once, and the old grid goes.
    await page.fill('input[name=sweep-step]', '0');
    await page.click('button.lab-sweep-run');
    await page.waitForFunction(() => /Sweep refused: difficulty: the step must not be 0\./.test(document.querySelector('.lab-sweep p.lab-error')?.textContent ?? ''));
    expect(await page.locator('table.lab-sweep-grid').count()).toBe(0);
    // From 21 to 12 by 3 counts down, as `trapsmith sweep` does.
    await page.selectOption('select[name=sweep-vary2]', '');
    // A modifier is given instead of a Dexterity and Disable device (the check takes one or the other).
    await page.fill('input[name=sweep-dex]', '');
    await page.fill('input[name=sweep-disable-device]', '');
    await page.fill('input[name=sweep-modifier]', '4');
    await page.fill('input[name=sweep-from]', '21');
    await page.fill('input[name=sweep-to]', '12');
    await page.fill('input[name=sweep-step]', '3');
    await page.click('button.lab-sweep-run');
    await page.waitForSelector('table.lab-sweep-table', { timeout: 60_000 });
    const column = await page.$$eval('table.lab-sweep-table tr', (trs) => trs.slice(1).map((tr) => tr.querySelector('th, td')?.textContent ?? ''));
    expect(column).toEqual(['21', '18', '15', '12']);
  }, 120_000);

  it('shows exact-vs-simulated agreement', async () => {
    await page.click('details.lab-verify-panel > summary');
    await page.fill('input[name=verify-runs]', '500');
    await page.click('button.lab-verify');
    await page.waitForSelector('.lab-verify-out table', { timeout: 90_000 });
    expect(await page.textContent('.lab-verify-out')).toMatch(/outcomes agree/);
  }, 120_000);

  it('checks the default assertions and a designer’s file, green and red, and turns a bad file away', async () => {
    await page.click('details.lab-assert-panel > summary');
    expect(await page.textContent('.lab-assert-source')).toMatch(/Checking the default assertions/);
    await page.fill('input[name=assert-runs]', '3');
    await page.click('button.lab-assert');
    await page.waitForSelector('.lab-assert-out table', { timeout: 120_000 });
    expect(await page.locator('.lab-assert-out td .lab-pass').count()).toBeGreaterThan(5);

    const file = designerAssertions('<b>Never</b> set off at difficulty 21 untrained.');
    await page.setInputFiles('input[name=assert-file]', { name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.waitForFunction(() => /mine\.json: 2 assertions/.test(document.querySelector('.lab-assert-source')?.textContent ?? ''));
    expect(await page.locator('.lab-assert-out table').count()).toBe(0);
    await page.click('button.lab-assert');
    await page.waitForFunction(() => document.querySelectorAll('.lab-assert-out table tbody tr').length === 2, undefined, { timeout: 60_000 });
    const rows = await page.$$eval('.lab-assert-out tbody tr', (trs) =>
      trs.map((tr) => ({ mark: tr.querySelector('td span')!.className, text: tr.textContent ?? '', bold: tr.querySelector('b') !== null })),
    );
    expect(rows.map((r) => r.mark)).toEqual(['lab-pass', 'lab-fail']);
    expect(rows[1]!.text).toMatch(/off by 0\.75/);
    // The file's text is shown as text, never as markup.
    expect(rows[1]!.text).toContain('<b>Never</b>');
    expect(rows[1]!.bold).toBe(false);
    // The colours are really green and red.
    const colours = await page.$$eval('.lab-assert-out tbody td:first-child span', (els) => els.map((e) => getComputedStyle(e).color));
    expect(colours[0]).toBe('rgb(119, 221, 119)');
    expect(colours[1]).toBe('rgb(255, 102, 102)');
    expect(await statusText(page)).toMatch(/1 of 2 assertions hold, 1 fail \(mine\.json\)/);

    // A bad file: refused, naming the field; the good file stays in use.
    const bad = { assertions: [{ ...file.assertions[0], exact: { ...file.assertions[0]!.exact, expect: { ge: 'often' } } }] };
    await page.setInputFiles('input[name=assert-file]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await page.waitForFunction(() => (document.querySelector('.lab-file-error')?.textContent ?? '') !== '');
    expect(await page.textContent('.lab-file-error')).toMatch(/^bad\.json: assertions\.0\.exact\.expect\.ge: .* — still using mine\.json\.$/);
    expect(await page.textContent('.lab-assert-source')).toMatch(/mine\.json/);
    await page.setInputFiles('input[name=assert-file]', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"assertions": [') });
    await page.waitForFunction(() => /broken\.json: not valid JSON/.test(document.querySelector('.lab-file-error')?.textContent ?? ''));
    // Back to the default file.
    await page.click('button.lab-assert-default');
    expect(await page.textContent('.lab-assert-source')).toMatch(/the default assertions/);
    expect(await page.textContent('.lab-file-error')).toBe('');
    expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0);
    expect(opened.errors).toEqual([]);
  }, 200_000);
});

/** The mean colour of a cell on a screenshot. */
function cellMean(img: Image, r: { x: number; y: number; w: number; h: number }): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.ceil(r.y); y < Math.floor(r.y + r.h); y++)
    for (let x = Math.ceil(r.x); x < Math.floor(r.x + r.w); x++) {
      const o = (y * img.width + x) * 4;
      for (let k = 0; k < 3; k++) sum[k]! += img.data[o + k]!;
      n++;
    }
  return sum.map((s) => s / Math.max(1, n)) as [number, number, number];
}

describe('the heat map as a map toggle', () => {
  it('H plays the level on screen in the worker (the game still playable), tints where traps fired, and H hides it', async () => {
    // Every trap known (reveal=1): the map shows every cell (a trap the player has not found is left out, below).
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=heatmap&ruleset=d20&w=60&h=30&reveal=1`, { width: 1600, height: 1000 });
    expect(await page.isHidden('.heat-bar')).toBe(true);
    // The key is in the ? help, read from the one key table.
    await page.keyboard.press('?');
    expect(await page.textContent('.help-overlay')).toMatch(/H\s*heat map of this level/);
    await page.keyboard.press('Escape');

    await page.keyboard.press('H');
    await page.waitForSelector('.heat-bar:not([hidden]) progress.heat-progress', { timeout: 30_000 });
    await page.waitForFunction(() => (document.querySelector('progress.heat-progress') as HTMLProgressElement).value > 0, undefined, { timeout: 60_000 });
    // Meanwhile the game takes keys: a step (or a wait) is a turn.
    const before = await snapshot(page);
    const rows = await mapRows(page);
    const east = rows[before.player.y]![before.player.x + 1] === '.' && !before.knownTraps.some((t) => t.x === before.player.x + 1 && t.y === before.player.y);
    await page.keyboard.press(east ? 'l' : '.');
    expect((await snapshot(page)).turn).toBe(before.turn + 1);
    expect(await page.isVisible('button.heat-cancel')).toBe(true);

    // The map fills in as runs come back (every 10 games); Cancel stops the runs and keeps those.
    await page.waitForFunction(() => Number(document.querySelector('.heat-legend')?.getAttribute('data-runs') ?? 0) >= 10, undefined, { timeout: 60_000 });
    await page.click('button.heat-cancel');
    await page.waitForFunction(() => (document.querySelector('.heat-running') as HTMLElement).hidden, undefined, { timeout: 10_000 });
    const kept = Number(await page.getAttribute('.heat-legend', 'data-runs'));
    expect(kept).toBeGreaterThanOrEqual(10);
    expect(kept).toBeLessThan(100);
    expect(await page.textContent('.heat-status')).toMatch(/cancelled/);
    await page.waitForTimeout(800);
    expect(Number(await page.getAttribute('.heat-legend', 'data-runs'))).toBe(kept);

    // Run again, fewer runs, to the end.
    await page.fill('input[name=heat-runs]', '30');
    await page.click('button.heat-rerun');
    await page.waitForFunction(() => document.querySelector('.heat-legend')?.getAttribute('data-runs') === '30' && (document.querySelector('.heat-running') as HTMLElement).hidden, undefined, {
      timeout: 120_000,
    });
    expect(await page.textContent('.heat-status')).toMatch(/seed heatmap, depth 1, 60×30 rooms, d20; 30 runs, careful bot/);
    const hottest = (await page.getAttribute('.heat-legend', 'data-hottest'))!;
    expect(hottest).toMatch(/^\d+,\d+,\d+$/);
    const [hx, hy] = hottest.split(',').map(Number) as [number, number];
    const rect = await cellRect(page, hx, hy);
    const shown = cellMean(await pixels(page), rect);
    // The hottest cell is tinted strong red: red well above green and blue.
    expect(shown[0]).toBeGreaterThan(120);
    expect(shown[0] - shown[2]).toBeGreaterThan(80);

    // Where actors died: another layer of the same runs, no new run.
    await page.selectOption('select[name=heat-show]', 'deaths');
    expect(await page.getAttribute('.heat-legend', 'data-runs')).toBe('30');

    // H again hides it: the bar goes and the cell loses its tint.
    await page.keyboard.press('H');
    expect(await page.isHidden('.heat-bar')).toBe(true);
    const hidden = cellMean(await pixels(page), rect);
    expect(hidden[0]).toBeLessThan(shown[0] - 60);
    // H once more shows the same map at once (kept for this level), without running again.
    await page.keyboard.press('H');
    await page.selectOption('select[name=heat-show]', 'fired');
    expect(await page.isHidden('.heat-running')).toBe(true);
    expect(await page.getAttribute('.heat-legend', 'data-hottest')).toBe(hottest);
    expect(cellMean(await pixels(page), rect)[0]).toBeGreaterThan(120);

    // A new game is another level: the heat map goes away.
    await page.keyboard.press('N');
    await page.locator('.new-game-panel input[name=seed]').fill('heatmap-2');
    await page.locator('.new-game-panel button.start').click();
    await page.waitForFunction(() => window.__trapsmith!.seed === 'heatmap-2');
    expect(await page.isHidden('.heat-bar')).toBe(true);
    // The button does what H does.
    await page.click('button.heat-button');
    await page.waitForSelector('.heat-bar:not([hidden])');
    expect(await page.textContent('.heat-bar')).toMatch(/heatmap-2|playing/);
    await page.click('button.heat-hide');
    expect(await page.isHidden('.heat-bar')).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('leaves out where traps the player has not found fired: their cells untinted, only their count said', async () => {
    const { page, errors, context } = await openGame(site.browser, `${site.server.url}?seed=heatmap&ruleset=d20&w=60&h=30`, { width: 1600, height: 1000 });
    const known = (await snapshot(page)).knownTraps.length;
    await page.keyboard.press('H');
    await page.waitForSelector('.heat-bar:not([hidden])');
    await page.fill('input[name=heat-runs]', '20');
    await page.click('button.heat-rerun');
    await page.waitForFunction(() => document.querySelector('.heat-legend')?.getAttribute('data-runs') === '20' && (document.querySelector('.heat-running') as HTMLElement).hidden, undefined, { timeout: 120_000 });
    // Every trap of this level is one the player has not found; the runs set some off.
    expect(known).toBe(0);
    const unshown = Number(await page.getAttribute('.heat-legend', 'data-unshown'));
    expect(unshown).toBeGreaterThan(0);
    expect(await page.textContent('.heat-legend')).toMatch(new RegExp(`${unshown} at traps you have not found, not shown`));
    // The hottest cell shown (if any) is no trap's: the level's traps are where Node's generator puts them.
    const level = newGame({ seed: 'heatmap', ruleset: 'd20', width: 60, height: 30 });
    const hottest = await page.getAttribute('.heat-legend', 'data-hottest');
    if (hottest) expect(level.traps.some((t) => `${t.x},${t.y}` === hottest.split(',').slice(0, 2).join(','))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('every Lab panel runs with its defaults', () => {
  /** A flag as the command line writes it ("--visibility"): never in the page's words. */
  const FLAG = /(^|[\s(“"'])--[a-z]/i;

  for (const ruleset of RULESET_IDS) {
    it(`in a ${ruleset} game: the run, the sweep and the variant start on ${ruleset} and run untouched`, async () => {
      const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=defaults&ruleset=${ruleset}`);
      await page.click('#tab-lab');
      await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
      // Each panel starts on the game's ruleset.
      expect(await page.$$eval('input[name=ruleset]:checked', (bs) => bs.map((b) => (b as HTMLInputElement).value))).toEqual([ruleset]);
      expect(await page.inputValue('select[name=sweep-ruleset]')).toBe(ruleset);
      expect(await page.inputValue('select[name=variant-ruleset]')).toBe(ruleset);

      // The sweep, untouched: a curve and a table, no refusal.
      await page.click('details.lab-sweep > summary');
      await page.click('button.lab-sweep-run');
      await page.waitForFunction(() => /cells read exactly|refused/.test(document.querySelector('.lab-sweep .lab-status[role=status]')?.textContent ?? ''), undefined, { timeout: 60_000 });
      expect(await page.textContent('.lab-sweep .lab-status[role=status]')).toMatch(/^\d+ cells read exactly\.$/);
      expect(await page.locator('.lab-sweep-out table.lab-sweep-table tbody tr').count()).toBeGreaterThan(1);
      expect(await page.locator('.lab-sweep-out .lab-line-chart canvas').count()).toBe(1);

      // The variant, untouched: nothing to compare yet, said plainly (not an error).
      await page.click('details.lab-variant > summary');
      expect(await page.isDisabled('button.lab-variant-compare')).toBe(true);
      expect(await page.locator('details.lab-variant .lab-error').count()).toBe(0);

      // The run, untouched (200 games): results from the first chunk of games on, no error (well
      // past it: the chunks run on every worker at once, merged from the first seed on).
      await page.click('button.lab-run');
      await page.waitForFunction(() => (document.querySelector('progress.lab-progress') as HTMLProgressElement).value > 40 || /failed/.test(document.querySelector('.lab-status[role=status]')?.textContent ?? ''), undefined, {
        timeout: 120_000,
      });
      await page.click('button.lab-cancel');
      await page.waitForSelector('.lab-results', { timeout: 30_000 });
      expect(await page.textContent('.lab-status[role=status]')).toMatch(/^Cancelled: \d+ runs\.$/);
      expect(await page.textContent('table.lab-summary')).toMatch(/survived/);

      expect(await page.textContent('.lab')).not.toMatch(FLAG);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }

  it('exact vs simulated and the balance assertions run untouched (every ruleset at once)', async () => {
    const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=defaults&ruleset=omega`);
    await page.click('#tab-lab');
    await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
    await page.click('details.lab-verify-panel > summary');
    await page.click('button.lab-verify');
    await page.waitForSelector('.lab-verify-out table', { timeout: 120_000 });
    expect(await page.textContent('.lab-status[role=status]')).toMatch(/^Verified \d+ check readings/);
    await page.click('details.lab-assert-panel > summary');
    await page.click('button.lab-assert');
    await page.waitForSelector('.lab-assert-out table', { timeout: 200_000 });
    expect(await page.textContent('.lab-status[role=status]')).toMatch(/^\d+ of \d+ assertions hold/);
    expect(await page.textContent('.lab')).not.toMatch(FLAG);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});

describe('charts and tables fit their box', () => {
  for (const [name, width, height] of [
    ['a phone', 390, 844],
    ['a desktop', 1280, 800],
  ] as const) {
    it(`on ${name} (${width}×${height}): five rulesets' legend and bars inside their chart, wide tables scroll, text left and numbers right`, async () => {
      const { page, context, errors } = await openGame(site.browser, `${site.server.url}?seed=layout&ruleset=d20&w=40&h=24`, { width, height });
      await page.click('#tab-lab');
      await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
      for (const r of ['cdda', 'omega', 'ceaptun', 'wasteland']) await page.check(`input[name=ruleset][value=${r}]`);
      await page.fill('input[name=runs]', '4');
      // Work has started at once: the bar moves (indeterminate) and says so before the first game ends.
      const atClick = await page.evaluate(() => {
        (document.querySelector('button.lab-run') as HTMLButtonElement).click();
        return { moving: document.querySelector('progress.lab-progress')!.matches(':indeterminate'), status: document.querySelector('.lab-status[role=status]')!.textContent };
      });
      expect(atClick).toEqual({ moving: true, status: 'Playing 4 games × 5: starting…' });
      await page.waitForSelector('.lab-results .lab-rate-chart canvas', { timeout: 120_000 });
      expect(await page.$eval('progress.lab-progress', (p) => p.matches(':indeterminate'))).toBe(false);

      const boxes = await page.evaluate(() => {
        const box = (el: Element | null) => {
          const r = el!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        const chart = document.querySelector('.lab-rate-chart')!;
        return {
          viewport: document.documentElement.clientWidth,
          chart: box(chart),
          legend: box(chart.querySelector('.u-legend')),
          canvas: box(chart.querySelector('canvas')),
          series: chart.querySelectorAll('.u-legend .u-series').length,
          wide: [...document.querySelectorAll('.lab-results .lab-scroll, .lab-results .lab-chart')].map((el) => box(el).right),
        };
      });
      expect(boxes.series).toBe(6);
      const inside = (inner: { left: number; right: number; top: number; bottom: number }, outer: typeof inner) =>
        inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
      expect(inside(boxes.legend, boxes.chart), JSON.stringify(boxes)).toBe(true);
      expect(inside(boxes.canvas, boxes.chart), JSON.stringify(boxes)).toBe(true);
      expect(boxes.chart.right).toBeLessThanOrEqual(boxes.viewport);
      for (const right of boxes.wide) expect(right).toBeLessThanOrEqual(boxes.viewport + 1);

      // The per-run table of five columns: wider than a phone, it scrolls in its box.
      const scroll = await page.$eval('.lab-scroll:has(> table.lab-summary)', (el) => {
        const before = el.scrollLeft;
        el.scrollLeft = 80;
        return { overflowX: getComputedStyle(el).overflowX, wider: el.scrollWidth > el.clientWidth, moved: el.scrollLeft - before };
      });
      expect(scroll.overflowX).toBe('auto');
      if (width < 600) {
        expect(scroll.wider).toBe(true);
        expect(scroll.moved).toBeGreaterThan(0);
      }
      // Text left, numbers right (the per-trap table: the trap's name, then its counts and rates).
      const align = await page.$eval('table.lab-kinds tbody tr', (tr) => [...tr.children].map((td) => [td.textContent ?? '', getComputedStyle(td).textAlign]));
      expect(align[0]![1]).toBe('left');
      expect(align.some(([text, a]) => /^\d/.test(text ?? "") && a === 'right')).toBe(true);
      for (const [text, a] of align) if (/^[a-z]{3,}/i.test(text ?? "")) expect(a, text).toBe('left');

      // The assertions table: its says / how / result text left-aligned.
      await page.click('details.lab-assert-panel > summary');
      await page.setInputFiles('input[name=assert-file]', { name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(designerAssertions('Never set off at difficulty 21 untrained.'))) });
      await page.waitForFunction(() => /mine\.json: 2 assertions/.test(document.querySelector('.lab-assert-source')?.textContent ?? ''));
      await page.fill('input[name=assert-runs]', '3');
      await page.click('button.lab-assert');
      await page.waitForFunction(() => document.querySelectorAll('.lab-assert-out table tbody tr').length === 2, undefined, { timeout: 60_000 });
      const assertAlign = await page.$$eval('.lab-assert-out tbody td', (tds) => tds.map((td) => getComputedStyle(td).textAlign));
      expect(new Set(assertAlign)).toEqual(new Set(['left']));
      expect(await page.$eval('.lab-assert-out .lab-scroll', (el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(width + 1);
      expect(errors).toEqual([]);
      await context.close();
    }, 200_000);
  }
});
