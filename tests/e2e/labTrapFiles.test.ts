/**
 * A designer's trap files in the Balance Lab (issue #39), in the built site: a file loaded in New
 * game (not played) and one opened in the Lab run together, each in its ruleset's column; the
 * file's own kind swept like a built-in ("vary"); a bad file named by field and nothing changed;
 * the trap editor starting from New game's file and opening a file of its own.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedPage, openGame } from './support/browser.ts';
import { thornPlatesFile } from '../support/trapFiles.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

const thorns = thornPlatesFile(6);
const spike = readFileSync(new URL('../../examples/traps/cdda-spring-spike.json', import.meta.url), 'utf8');
const rune = readFileSync(new URL('../../examples/traps/fire-rune.json', import.meta.url), 'utf8');
const bad = JSON.stringify({ ...thorns, name: 'Bad thorns', traps: [{ ...thorns.traps[0], numbers: { difficulty: 'hard' } }] });
const file = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
const statusText = (page: Page) => page.textContent('.lab-status[role=status]');

describe("a designer's trap files in the Lab", () => {
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    opened = await openGame(site.browser, `${site.server.url}?seed=labfiles&ruleset=ceaptun&w=60&h=30`);
    page = opened.page;
    // Loaded in New game, not played.
    await page.keyboard.press('N');
    const panel = page.locator('.new-game-panel');
    await panel.locator('select[name=ruleset]').selectOption('ceaptun');
    await panel.locator('fieldset.traps input.trap-file-input').setInputFiles(file('thorns.json', JSON.stringify(thorns)));
    await panel.locator('fieldset.traps select[name=trapFile] option[value^="file:"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await page.click('#tab-lab');
    await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await opened?.context.close();
  });

  it("runs New game's file and one opened in the Lab, each in its ruleset's column, and sweeps the file's own kind", async () => {
    const files = page.locator('.lab-trap-files');
    await expect.poll(() => files.textContent()).toContain('Thorn plates (ceaptun; thorns.json)');
    // A bad file is refused by field; nothing is added.
    await files.locator('input.lab-run-trap-file-input').setInputFiles(file('bad.json', bad));
    await expect.poll(() => files.locator('.lab-trap-files-error').textContent()).toMatch(/bad\.json: .*numbers\.difficulty.*Nothing was changed\./);
    expect(await files.locator('input[name=run-trap-file]').count()).toBe(1);
    // The Lab's own Open: a CDDA file, ticked, and CDDA ticked with it.
    await files.locator('input.lab-run-trap-file-input').setInputFiles(file('spike.json', spike));
    await expect.poll(() => files.locator('input[name=run-trap-file]').count()).toBe(2);
    expect(await page.isChecked('input[name=ruleset][value=cdda]')).toBe(true);
    await files.locator('label', { hasText: 'Thorn plates' }).locator('input').check();
    expect(await page.isChecked('input[name=ruleset][value=ceaptun]')).toBe(true);
    await page.fill('input[name=runs]', '6');
    await page.click('button.lab-run');
    await page.waitForFunction(() => /Done: 6 runs under 2 columns/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 120_000 });
    const header = await page.locator('.lab-results table').first().locator('th').allTextContents();
    expect(header).toContain('ceaptun+thorn-plates');
    expect(header.some((h) => /^cdda\+/.test(h))).toBe(true);

    // A sweep of the file's own kind: one ruleset, its file in every point.
    await page.uncheck('input[name=ruleset][value=cdda]');
    await files.locator('label', { hasText: 'spring' }).locator('input').uncheck();
    await page.fill('input[name=vary]', 'traps.thorn_plate.difficulty=5..45:40');
    await page.click('button.lab-run');
    await page.waitForFunction(() => /Done: 6 runs at each of 2 points/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 120_000 });
    expect(await page.textContent('.lab-results-box')).toContain('traps.thorn_plate.difficulty');
    // A ticked file whose ruleset is not ticked is refused before anything runs.
    await page.fill('input[name=vary]', '');
    await files.locator('label', { hasText: 'spring' }).locator('input').check();
    await page.uncheck('input[name=ruleset][value=cdda]');
    await page.click('button.lab-run');
    expect(await statusText(page)).toMatch(/is for cdda: tick cdda too, or untick the file/);
    expect(opened.errors).toEqual([]);
  });

  it("the trap editor starts from New game's file and opens a file; a bad one changes nothing", async () => {
    const editor = page.locator('.lab-trap-editor');
    await editor.locator('summary').click();
    await editor.locator('select[name=trap-ruleset]').selectOption('ceaptun');
    const starts = await editor.locator('select[name=trap-start] option').allTextContents();
    expect(starts).toContain('loaded: Thorn plates (thorns.json)');
    await editor.locator('select[name=trap-start]').selectOption({ label: 'loaded: Thorn plates (thorns.json)' });
    await expect.poll(() => editor.locator('textarea[name=trap-json]').inputValue()).toContain('"thorn_plate"');
    // Open a file of the designer's: the JSON and the form are that file.
    const input = editor.locator('input.lab-trap-file-input');
    await input.setInputFiles(file('fire-rune.json', rune));
    await expect.poll(() => editor.locator('textarea[name=trap-json]').inputValue()).toContain('"fire_rune"');
    expect(JSON.parse(await editor.locator('textarea[name=trap-json]').inputValue())).toEqual(JSON.parse(rune));
    expect(await editor.locator('.lab-trap-status').textContent()).toBe('Opened fire-rune.json.');
    // A bad one: named by field; the file shown stays.
    await input.setInputFiles(file('bad.json', bad));
    await expect.poll(() => editor.locator('.lab-trap-problems').textContent()).toMatch(/bad\.json: .*numbers.*difficulty/);
    expect(JSON.parse(await editor.locator('textarea[name=trap-json]').inputValue())).toEqual(JSON.parse(rune));
    expect(await editor.locator('.lab-trap-status').textContent()).toMatch(/bad\.json was not opened.*Nothing was changed\./);
    expect(opened.errors).toEqual([]);
  });
});
